import type { CheckoutBody, CheckoutResult, Receipt } from '@app/shared/schemas/transactions';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useWriteMutation } from '@/lib/query';
import { orderKeys } from './orders';
import type { Written } from './types';

export const receiptKey = (orderId: string) => ['orders', 'receipt', orderId] as const;

/**
 * A checkout changes the order (paid, status), its payments, its appointments (completed), the
 * calendar, the lists and the dashboard.
 */
const AFTER_CHECKOUT = [orderKeys.all, orderKeys.unread, ['transactions'], ['bookings'], ['calendar'], ['dashboard']] as const;

/** `POST orders/:id/checkout`: JSON, or multipart when bank transfers carry their receipts (see lib/checkout). */
export const useCheckout = (orderId: string) =>
  useWriteMutation((body: CheckoutBody | FormData) => apiRequest<Written<CheckoutResult>>(`orders/${orderId}/checkout`, { method: 'POST', body }), AFTER_CHECKOUT);

/** What the printed receipt shows (an order with a confirmed payment; 422 otherwise, shown on the page). */
export const useReceipt = (orderId: string) =>
  useQuery({ queryKey: receiptKey(orderId), queryFn: ({ signal }) => apiRequest<{ data: Receipt }>(`orders/${orderId}/receipt`, { signal, quiet: true }).then((r) => r.data), retry: false });

