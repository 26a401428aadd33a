import type { Invoice, InvoiceListItem, IssueInvoiceBody, RefundBody, RefundItems } from '@app/shared/schemas/invoices';
import type { Reason } from '@app/shared/schemas/settings';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, apiRequest } from '@/lib/api-client';
import { fetchData, useWriteMutation } from '@/lib/query';
import type { ListQuery } from '@/components/list-view/use-list-params';
import type { Paged } from '@/features/orders/api/types';

/**
 * Invoices, credit notes and refunds (issue 16): an order's documents, one document for the preview
 * and print pages, the refunds list, and the writes (issue, refund, cancel). Every write refreshes
 * the orders tree, the documents, the payments and the dashboard.
 */
export const invoiceKeys = {
  all: ['invoices'] as const,
  one: (id: string) => ['invoices', 'one', id] as const,
  ofOrder: (orderId: string) => ['invoices', 'order', orderId] as const,
  refundItems: (orderId: string) => ['invoices', 'refund-items', orderId] as const,
  refunds: (q: ListQuery<'status'>) => ['invoices', 'refunds', q] as const,
};
const AFTER_WRITE = [invoiceKeys.all, ['orders'], ['transactions'], ['dashboard'], ['unread-counts']] as const;

export const useInvoice = (id: string) => useQuery({ queryKey: invoiceKeys.one(id), queryFn: fetchData<Invoice>(`invoices/${id}`) });

export const useOrderInvoices = (orderId: string) =>
  useQuery({
    queryKey: invoiceKeys.ofOrder(orderId),
    queryFn: ({ signal }) => api.get<Paged<InvoiceListItem>>('invoices', { order_id: orderId, per_page: 20 }, signal).then((r) => r.data),
  });

export const useRefunds = (query: ListQuery<'status'>) =>
  useQuery({ queryKey: invoiceKeys.refunds(query), queryFn: ({ signal }) => api.get<Paged<InvoiceListItem>>('refunds', query, signal), placeholderData: keepPreviousData });

export const useRefundItems = (orderId: string, enabled: boolean) =>
  useQuery({ queryKey: invoiceKeys.refundItems(orderId), queryFn: fetchData<RefundItems>(`orders/${orderId}/refund-items`), enabled });

type Written = { message: string; data: Invoice };

export const useIssueInvoice = (orderId: string) => useWriteMutation((body: IssueInvoiceBody) => api.post<Written>(`orders/${orderId}/invoice`, body), AFTER_WRITE);

export const useRefundOrder = (orderId: string) => useWriteMutation((body: RefundBody) => api.post<Written>(`orders/${orderId}/refund`, body), AFTER_WRITE);

export const useCancelInvoice = (id: string) => useWriteMutation((body: RefundBody) => api.post<Written>(`invoices/${id}/cancel`, body), AFTER_WRITE);

/** A reason list of the settings (invoice-refund or invoice-cancel); quiet and empty when refused. */
export const useInvoiceReasons = (type: 'invoice-refund' | 'invoice-cancel', enabled: boolean) =>
  useQuery({
    queryKey: ['reasons', type],
    queryFn: ({ signal }) =>
      apiRequest<{ data?: Reason[] }>('reasons', { query: { type }, quiet: true, signal })
        .then((b) => (b.data ?? []).filter((r) => r.type === type))
        .catch(() => [] as Reason[]),
    enabled,
    staleTime: 60_000,
  });
