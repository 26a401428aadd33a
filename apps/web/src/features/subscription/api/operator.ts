import type { OperatorBank, OperatorCoupon, operatorBankBody, operatorCouponBody, operatorPlanSchema, operatorSubscriptionSchema, operatorTransferSchema, planBody } from '@app/shared/schemas/subscription';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Paged } from '@/components/list-view/list-view';
import { api } from '@/lib/api-client';
import { fetchData, useSaveMutation, useWriteMutation, type WriteResult } from '@/lib/query';
import { pricingKeys, subscriptionKeys } from './subscription';

/** A plan as the operator edits it (both languages' descriptions included). */
export type OperatorPlan = z.infer<typeof operatorPlanSchema>;
export type OperatorSubscription = z.infer<typeof operatorSubscriptionSchema>;
export type OperatorTransfer = z.infer<typeof operatorTransferSchema>;
export type PlanBody = z.input<typeof planBody>;
export type { OperatorBank, OperatorCoupon };
/** A coupon as sent: `value` in basis points (percentage) or minor units (fixed amount). */
export type CouponBody = z.input<typeof operatorCouponBody>;
export type BankBody = z.input<typeof operatorBankBody>;

export const operatorKeys = {
  all: ['operator'] as const,
  plans: () => [...operatorKeys.all, 'plans'] as const,
  subscriptions: (query: Record<string, unknown>) => [...operatorKeys.all, 'subscriptions', query] as const,
  transfers: (status: string) => [...operatorKeys.all, 'bank-transfers', status] as const,
  coupons: () => [...operatorKeys.all, 'coupons'] as const,
  banks: () => [...operatorKeys.all, 'banks'] as const,
};

/** `GET operator/plans`: every plan, active or not, with its subscribers. */
export const useOperatorPlans = () => useQuery({ queryKey: operatorKeys.plans(), queryFn: fetchData<OperatorPlan[]>('operator/plans') });

/** `POST operator/plans` / `PUT operator/plans/{id}`. */
export const useSavePlan = () => useSaveMutation<PlanBody>('operator/plans', [operatorKeys.plans(), pricingKeys.all]);

/** `GET operator/coupons`: the platform's coupons for plans, active or not, with their redemptions. */
export const useOperatorCoupons = () => useQuery({ queryKey: operatorKeys.coupons(), queryFn: fetchData<OperatorCoupon[]>('operator/coupons') });

/** `POST operator/coupons` / `PUT operator/coupons/{id}` (the code upper-cased by the server, unique). */
export const useSaveCoupon = () => useSaveMutation<CouponBody>('operator/coupons', [operatorKeys.coupons()]);

/** `GET operator/banks`: the accounts businesses may transfer to, active or not. */
export const useOperatorBanks = () => useQuery({ queryKey: operatorKeys.banks(), queryFn: fetchData<OperatorBank[]>('operator/banks') });

/** `POST operator/banks` / `PUT operator/banks/{id}` (the IBAN checked, its spaces stripped by the server). */
export const useSaveBank = () => useSaveMutation<BankBody>('operator/banks', [operatorKeys.banks(), subscriptionKeys.banks()]);

/** `GET operator/subscriptions?search&page`: every business's subscription. */
type SubscriptionsPage = Paged<OperatorSubscription> | OperatorSubscription[];
type SubscriptionsAnswer = { data: OperatorSubscription[]; meta: Omit<Paged<OperatorSubscription>['meta'], 'last_page'> & { last_page?: number } } | { data: OperatorSubscription[] };

export const useOperatorSubscriptions = (query: { page: number; search?: string }) =>
  useQuery<SubscriptionsPage>({
    queryKey: operatorKeys.subscriptions(query),
    queryFn: ({ signal }) =>
      api
        .get<SubscriptionsAnswer>('operator/subscriptions', query, signal)
        .then((r): SubscriptionsPage => {
          if (!('meta' in r)) return r.data;
          // The page count, when the answer leaves it to the total.
          const { meta } = r;
          return { data: r.data, meta: { ...meta, last_page: meta.last_page ?? Math.max(1, Math.ceil(meta.total / Math.max(1, meta.per_page))) } };
        }),
    placeholderData: keepPreviousData,
  });

export const TRANSFER_FILTERS = ['awaiting_review', 'paid', 'rejected'] as const;
export type TransferFilter = (typeof TRANSFER_FILTERS)[number];

/** `GET operator/bank-transfers?status` (awaiting review by default), each with `review_due_at`. */
export const useOperatorTransfers = (status: TransferFilter) =>
  useQuery({
    queryKey: operatorKeys.transfers(status),
    queryFn: ({ signal }) => api.get<{ data: OperatorTransfer[] }>('operator/bank-transfers', { status }, signal).then((r) => r.data),
  });

/** `POST operator/bank-transfers/{id}/approve`: the plan starts, the invoice is issued. */
export const useApproveTransfer = () =>
  useWriteMutation((id: string) => api.post<WriteResult>(`operator/bank-transfers/${encodeURIComponent(id)}/approve`), [[...operatorKeys.all, 'bank-transfers'], [...operatorKeys.all, 'subscriptions']]);

/** `POST operator/bank-transfers/{id}/reject { reason }`. */
export const useRejectTransfer = () =>
  useWriteMutation(
    ({ id, reason }: { id: string; reason: string }) => api.post<WriteResult>(`operator/bank-transfers/${encodeURIComponent(id)}/reject`, { reason }),
    [[...operatorKeys.all, 'bank-transfers']],
  );

/** The receipt's path for the authenticated download helper. */
export const receiptPath = (id: string) => `operator/bank-transfers/${encodeURIComponent(id)}/receipt`;
