import type { Quotation, QuotationBody } from '@app/shared/schemas/invoices';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListQuery } from '@/components/list-view/use-list-params';
import type { Paged } from '@/features/orders/api/types';
import { api } from '@/lib/api-client';
import { fetchData, useWriteMutation, type WriteResult } from '@/lib/query';

export const quotationKeys = {
  all: ['quotations'] as const,
  page: (q: ListQuery<'status'>) => ['quotations', 'page', q] as const,
  one: (id: string) => ['quotations', 'one', id] as const,
};

export const useQuotations = (query: ListQuery<'status'>) =>
  useQuery({ queryKey: quotationKeys.page(query), queryFn: ({ signal }) => api.get<Paged<Quotation>>('quotations', query, signal), placeholderData: keepPreviousData });

export const useQuotation = (id: string) => useQuery({ queryKey: quotationKeys.one(id), queryFn: fetchData<Quotation>(`quotations/${id}`) });

export const useCreateQuotation = () => useWriteMutation((body: QuotationBody) => api.post<WriteResult & { data: Quotation }>('quotations', body), [quotationKeys.all]);

export const useQuotationStatus = () =>
  useWriteMutation(({ id, status }: { id: string; status: 'approved' | 'rejected' }) => api.post<WriteResult>(`quotations/${id}/status`, { status }), [quotationKeys.all]);

export const useConvertQuotation = () =>
  useWriteMutation((id: string) => api.post<WriteResult & { data: { id: string } }>(`quotations/${id}/convert`), [quotationKeys.all, ['orders'], ['dashboard']]);

export const useDeleteQuotation = () => useWriteMutation((id: string) => api.delete<WriteResult>(`quotations/${id}`), [quotationKeys.all]);
