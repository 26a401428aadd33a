import type { FeeInput } from '@app/shared/schemas/orders';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '@/lib/api-client';
import { fetchData, useWriteMutation, type WriteResult } from '@/lib/query';
import type {
  ItemInput,
  Order,
  OrderBody,
  OrderImage,
  OrderLocation,
  OrderLog,
  OrderRow,
  OrdersQuery,
  OrderTransaction,
  Paged,
  SlotsResponse,
  StatusCounts,
  UnreadCounts,
  Written,
} from './types';

/**
 * Query keys of the orders screens. Every write on an order refreshes the whole `orders` tree (the
 * list, the status counts, the order, its log) and the dashboard, whose sales follow the orders.
 */
export const orderKeys = {
  all: ['orders'] as const,
  page: (q: OrdersQuery) => ['orders', 'page', q] as const,
  counts: ['orders', 'status-counts'] as const,
  one: (id: string) => ['orders', 'one', id] as const,
  logs: (id: string) => ['orders', 'logs', id] as const,
  transactions: (id: string) => ['orders', 'transactions', id] as const,
  unread: ['unread-counts'] as const,
};
const AFTER_WRITE = [orderKeys.all, orderKeys.unread, ['dashboard'], ['bookings'], ['calendar'], ['transactions']] as const;

export function useOrders(query: OrdersQuery) {
  return useQuery({
    queryKey: orderKeys.page(query),
    queryFn: ({ signal }) => api.get<Paged<OrderRow>>('orders', query, signal),
    placeholderData: keepPreviousData,
  });
}

export const useOrderStatusCounts = () =>
  useQuery({ queryKey: orderKeys.counts, queryFn: ({ signal }) => api.get<StatusCounts>('load-orders-status', undefined, signal) });

export const useOrder = (id: string) => useQuery({ queryKey: orderKeys.one(id), queryFn: fetchData<Order>(`orders/${id}`) });

export const useOrderLogs = (id: string, enabled = true) => useQuery({ queryKey: orderKeys.logs(id), queryFn: fetchData<OrderLog[]>(`orders/${id}/logs`), enabled });

export const useOrderTransactions = (id: string) => useQuery({ queryKey: orderKeys.transactions(id), queryFn: fetchData<OrderTransaction[]>(`orders/${id}/transactions`) });

/** The sidebar's unread badge: fetched every minute, quietly (a failed poll shows no toast). */
export const useUnreadCounts = (enabled: boolean) =>
  useQuery({
    queryKey: orderKeys.unread,
    queryFn: ({ signal }) => apiRequest<{ data: UnreadCounts }>('load-unread-modules-counts', { signal, quiet: true }).then((r) => r.data),
    enabled,
    refetchInterval: 60_000,
    staleTime: 30_000,
    retry: false,
  });

// ---------------------------------------------------------------- writes
type OrderWrite = Written<Order>;

export const useCreateOrder = () => useWriteMutation((body: OrderBody) => api.post<OrderWrite>('orders', body), AFTER_WRITE);

/** `PUT /orders/:id`: the whole order (items replace all and delete the appointments), or `{ is_draft: false }` to place a draft. */
export const useUpdateOrder = (id: string) => useWriteMutation((body: Partial<OrderBody>) => api.put<OrderWrite>(`orders/${id}`, body), AFTER_WRITE);

export const useAddItems = (id: string) => useWriteMutation((items: ItemInput[]) => api.post<OrderWrite>(`orders/${id}/items`, { items }), AFTER_WRITE);

export const useRemoveItem = (id: string) => useWriteMutation((itemId: string) => api.delete<OrderWrite>(`orders/${id}/${itemId}`), AFTER_WRITE);

export const useSetDiscount = (id: string) =>
  useWriteMutation((body: { type: 'fixed' | 'percentage'; value: number }) => api.put<OrderWrite>(`orders/${id}/discount`, body), AFTER_WRITE);

export const useRemoveDiscount = (id: string) => useWriteMutation(() => api.delete<OrderWrite>(`orders/${id}/undiscount`), AFTER_WRITE);

/** The coupons' `uses` follow the orders holding them: a coupon write on an order refreshes the coupons list too. */
const AFTER_COUPON_WRITE = [...AFTER_WRITE, ['coupons']] as const;

/** `PUT orders/{id}/coupon { code }`: the order's discount becomes the coupon's (a 422 on `code` says why not). */
export const useApplyCoupon = (id: string) => useWriteMutation((code: string) => api.put<OrderWrite>(`orders/${id}/coupon`, { code }), AFTER_COUPON_WRITE);

/** `DELETE orders/{id}/coupon`: the coupon leaves with its discount, its use given back. */
export const useRemoveCoupon = (id: string) => useWriteMutation(() => api.delete<OrderWrite>(`orders/${id}/coupon`), AFTER_COUPON_WRITE);

export type ChangeStatusBody = { status: string; cancellation_reason_id?: string | null; note?: string | null };
export const useChangeStatus = (id: string) => useWriteMutation((body: ChangeStatusBody) => api.post<OrderWrite>(`orders/${id}/change-status`, body), AFTER_WRITE);

export const useUpdateNote = (id: string) => useWriteMutation((notes: string | null) => api.post<OrderWrite>(`orders/${id}/update-note`, { notes }), AFTER_WRITE);

export type DetailsBody = { pin_code?: string | null; receive_time?: string | null; fees?: FeeInput[]; transport_fee?: number };
export const useUpdateDetails = (id: string) => useWriteMutation((body: DetailsBody) => api.post<OrderWrite>(`orders/${id}/update-details`, body), AFTER_WRITE);

export const useEditLocation = (id: string) => useWriteMutation((body: OrderLocation) => api.post<OrderWrite>(`orders/${id}/edit-location`, body), AFTER_WRITE);

export const useUpdateCustomer = (id: string) =>
  useWriteMutation((customerId: string) => api.put<OrderWrite>(`orders/${id}/update-customer/${customerId}`, {}), AFTER_WRITE);

export const useTrashOrder = () => useWriteMutation((id: string) => api.delete<WriteResult>(`orders/${id}`), AFTER_WRITE);
export const useRestoreOrder = () => useWriteMutation((id: string) => api.post<WriteResult>(`orders/${id}/restore`, {}), AFTER_WRITE);

/** Deletes for good: the order's queries are dropped, not fetched again (it is gone). */
export function useForceDeleteOrder() {
  const queryClient = useQueryClient();
  const mutation = useWriteMutation((id: string) => api.delete<WriteResult>(`orders/${id}/force`), [orderKeys.counts, ['dashboard']]);
  return {
    ...mutation,
    mutate: (id: string, opts?: Parameters<typeof mutation.mutate>[1]) =>
      mutation.mutate(id, {
        ...opts,
        onSuccess: (...args) => {
          queryClient.removeQueries({ queryKey: orderKeys.one(id) });
          void queryClient.invalidateQueries({ queryKey: ['orders', 'page'] });
          opts?.onSuccess?.(...args);
        },
      }),
  };
}

export const useUploadImages = (id: string) =>
  useWriteMutation((files: File[]) => {
    const form = new FormData();
    for (const f of files) form.append('images', f);
    return apiRequest<Written<OrderImage[] | Order>>(`orders/${id}/images`, { method: 'POST', body: form });
  }, [orderKeys.one(id), orderKeys.logs(id)]);

export const useDeleteImage = (id: string) =>
  useWriteMutation((imageId: string) => api.delete<WriteResult>(`orders/${id}/images/${imageId}`), [orderKeys.one(id), orderKeys.logs(id)]);

// ---------------------------------------------------------------- appointments
export type SlotsQuery = { branch_id: string; service_ids: string; staff_id?: string; from: string; to: string };

export const useSlots = (query: SlotsQuery | null) =>
  useQuery({
    queryKey: ['bookings', 'slots', query],
    queryFn: ({ signal }) => api.get<SlotsResponse>('bookings/slots', query ?? undefined, signal),
    enabled: query !== null,
  });

export type CreateBookingBody = { item_id: string; staff_id: string | null; start_time: string; notes?: string | null };
export const useCreateBooking = (orderId: string) =>
  useWriteMutation((body: CreateBookingBody) => api.post<WriteResult>(`order/${orderId}/createBooking`, body), AFTER_WRITE);
