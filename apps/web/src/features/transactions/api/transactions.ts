import type { PaymentLink, PaymentOptions, Transaction, TransactionsQuery } from '@app/shared/schemas/transactions';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, apiRequest } from '@/lib/api-client';
import { fetchData, useWriteMutation, type WriteResult } from '@/lib/query';

export type Meta = { current_page: number; per_page: number; total: number; last_page: number };
export type TransactionsPage = { data: Transaction[]; meta: Meta };
type Written<T> = WriteResult & { data: T };

export const transactionKeys = {
  all: ['transactions'] as const,
  page: (q: Partial<TransactionsQuery>) => [...transactionKeys.all, 'page', q] as const,
  one: (id: string) => [...transactionKeys.all, 'one', id] as const,
  options: ['transactions', 'options'] as const,
};

/**
 * After a payment changes, the order (paid, remaining, payment status), its appointments, the
 * dashboard and the sidebar's unread counts change too.
 */
const AFTER_WRITE = [transactionKeys.all, ['orders'], ['bookings'], ['calendar'], ['dashboard']] as const;

/** One page of transactions, filtered on the server. */
export function useTransactions(query: Partial<TransactionsQuery>) {
  return useQuery({
    queryKey: transactionKeys.page(query),
    queryFn: ({ signal }) => api.get<TransactionsPage>('transactions', query as Record<string, string | number | undefined>, signal),
    placeholderData: keepPreviousData,
  });
}

/** One transaction (opening it marks it read on the server). */
export const useTransaction = (id: string) => useQuery({ queryKey: transactionKeys.one(id), queryFn: fetchData<Transaction>(`transactions/${id}`) });

/** The methods staff may record (enabled in the settings) and the bank accounts. */
export const usePaymentOptions = (enabled = true) =>
  useQuery({ queryKey: transactionKeys.options, queryFn: fetchData<PaymentOptions>('payment-options'), staleTime: 60_000, enabled });

export const useApproveTransaction = () => useWriteMutation((id: string) => api.post<Written<Transaction>>(`transactions/${id}/approve`), AFTER_WRITE);

export const useRejectTransaction = () =>
  useWriteMutation(({ id, reason }: { id: string; reason: string }) => api.post<Written<Transaction>>(`transactions/${id}/reject`, { reason: reason.trim() || null }), AFTER_WRITE);

export const useTrashTransaction = () => useWriteMutation((id: string) => api.delete<WriteResult>(`transactions/${id}`), AFTER_WRITE);
export const useRestoreTransaction = () => useWriteMutation((id: string) => api.post<Written<Transaction>>(`transactions/${id}/restore`), AFTER_WRITE);
export const useForceDeleteTransaction = () => useWriteMutation((id: string) => api.delete<WriteResult>(`transactions/${id}/force`), AFTER_WRITE);

export type RecordPaymentInput = {
  payment_method: 'cash' | 'card' | 'bank_transfer';
  amount: number;
  reference_no: string | null;
  bank_account_id: string | null;
  notes: string | null;
  receipt: File | null;
};

/** The request for a payment: JSON, or multipart when a receipt is attached. */
export function recordPaymentRequest(input: RecordPaymentInput): Record<string, unknown> | FormData {
  const fields: Record<string, string | number> = { payment_method: input.payment_method, amount: input.amount };
  if (input.reference_no) fields.reference_no = input.reference_no;
  if (input.bank_account_id) fields.bank_account_id = input.bank_account_id;
  if (input.notes) fields.notes = input.notes;
  if (!input.receipt) return fields;
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  form.append('receipt', input.receipt);
  return form;
}

export const useRecordPayment = (orderId: string) =>
  useWriteMutation(
    (input: RecordPaymentInput) => apiRequest<Written<Transaction>>(`orders/${orderId}/transactions`, { method: 'POST', body: recordPaymentRequest(input) }),
    AFTER_WRITE,
  );

export const useCreatePaymentLink = (orderId: string) => useWriteMutation(() => api.post<Written<PaymentLink>>(`orders/${orderId}/payment-link`), [['orders']]);
