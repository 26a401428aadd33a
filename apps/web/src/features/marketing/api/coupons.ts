import type { Coupon, CouponBody } from '@app/shared/schemas/marketing';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { fetchData, useDeleteMutation, useSaveMutation, useWriteMutation, type WriteResult } from '@/lib/query';

export type { Coupon, CouponBody };

/**
 * Query keys of the coupons screen. Applying a coupon to an order or removing it changes the
 * coupon's `uses`: the orders' coupon writes refresh `couponKeys.all` too.
 */
export const couponKeys = {
  all: ['coupons'] as const,
  list: () => [...couponKeys.all, 'list'] as const,
};

/** `GET coupons`: every coupon of the business, on or off, newest first, with its uses (not paged). */
export const useCoupons = () => useQuery({ queryKey: couponKeys.list(), queryFn: fetchData<Coupon[]>('coupons') });

/** `POST coupons` / `PUT coupons/{id}` (the code upper-cased by the server, unique in the business: a 422 on `code`). */
export const useSaveCoupon = () => useSaveMutation<CouponBody>('coupons', [couponKeys.all]);

/** `POST coupons/{id}/toggle`: switches it on or off. */
export const useToggleCoupon = () => useWriteMutation((id: string) => api.post<WriteResult & { data: Coupon }>(`coupons/${encodeURIComponent(id)}/toggle`), [couponKeys.all]);

/** `DELETE coupons/{id}`: refused (422) while orders hold it, to be switched off instead. */
export const useDeleteCoupon = () => useDeleteMutation('coupons', [couponKeys.all]);
