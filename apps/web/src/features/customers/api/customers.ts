import type { Customer, CustomerAttachment, CustomerBody, CustomerNote, CustomerPatch, CustomersQuery, CustomerSearchItem } from '@app/shared/schemas/customers';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Booking } from '@app/shared/schemas/bookings';
import type { OrderSummary } from '@app/shared/schemas/orders';
import { bookingKeys } from '@/features/bookings/api/bookings';
import { orderKeys } from '@/features/orders/api/orders';
import { api, apiRequest } from '@/lib/api-client';
import { fetchData, useDeleteMutation, useWriteMutation, type WriteResult } from '@/lib/query';

export type Meta = { current_page: number; per_page: number; total: number; last_page: number };
export type CustomersPage = { data: Customer[]; meta: Meta };
type Written<T> = WriteResult & { data: T };

export const customerKeys = {
  all: ['customers'] as const,
  page: (q: Partial<CustomersQuery>) => [...customerKeys.all, 'page', q] as const,
  one: (id: string) => [...customerKeys.all, 'one', id] as const,
  notes: (id: string) => [...customerKeys.all, 'notes', id] as const,
  attachments: (id: string) => [...customerKeys.all, 'attachments', id] as const,
  search: (term: string) => [...customerKeys.all, 'search', term] as const,
};

/** One page of customers, filtered on the server. */
export function useCustomers(query: Partial<CustomersQuery>) {
  return useQuery({
    queryKey: customerKeys.page(query),
    queryFn: ({ signal }) => api.get<CustomersPage>('customers', query, signal),
    placeholderData: keepPreviousData,
  });
}

export const useCustomer = (id: string) => useQuery({ queryKey: customerKeys.one(id), queryFn: fetchData<Customer>(`customers/${id}`) });

/** The top bar's search (call it with at least SEARCH_MIN_CHARS characters). */
export const useCustomerSearch = (term: string, enabled: boolean) =>
  useQuery({
    queryKey: customerKeys.search(term),
    queryFn: ({ signal }) => api.get<{ data: CustomerSearchItem[]; meta: Meta }>('customers_search', { search: term }, signal),
    enabled,
    staleTime: 10_000,
  });

export const useCreateCustomer = () => useWriteMutation((body: CustomerBody) => api.post<Written<Customer>>('customers', body), [customerKeys.all]);

export const useUpdateCustomer = (id: string) =>
  useWriteMutation((body: CustomerPatch) => apiRequest<Written<Customer>>(`customers/${id}`, { method: 'PATCH', body }), [customerKeys.all]);

export const useDeleteCustomer = () => useDeleteMutation('customers', [customerKeys.all]);

export const useBlockCustomer = (id: string) =>
  useWriteMutation((blocked: boolean) => api.post<Written<Customer>>(`customers/${id}/block`, { blocked }), [customerKeys.all]);

export const useNotes = (id: string) => useQuery({ queryKey: customerKeys.notes(id), queryFn: fetchData<CustomerNote[]>(`customers/${id}/notes`) });
export const useAddNote = (id: string) => useWriteMutation((body: string) => api.post<Written<CustomerNote>>(`customers/${id}/notes`, { body }), [customerKeys.notes(id)]);
export const useDeleteNote = (id: string) => useDeleteMutation(`customers/${id}/notes`, [customerKeys.notes(id)]);

/** Rows per page of the customer page's bookings and orders tabs. */
export const HISTORY_PER_PAGE = 10;
export type Paged<T> = { data: T[]; meta: Meta };

/**
 * The bookings tab: one page of the customer's bookings, newest start first. Its key lives under the
 * bookings root, so every booking or order write (which refreshes that root) refreshes the tab too.
 */
export const useCustomerBookings = (id: string, page: number) =>
  useQuery({
    queryKey: [...bookingKeys.all, 'customer', id, page] as const,
    queryFn: ({ signal }) => api.get<Paged<Booking>>(`customers/${id}/bookings`, { page, per_page: HISTORY_PER_PAGE }, signal),
    placeholderData: keepPreviousData,
  });

/** The orders tab: one page of the customer's placed orders, newest first (under the orders root, as above). */
export const useCustomerOrders = (id: string, page: number) =>
  useQuery({
    queryKey: [...orderKeys.all, 'customer', id, page] as const,
    queryFn: ({ signal }) => api.get<Paged<OrderSummary>>(`customers/${id}/orders`, { page, per_page: HISTORY_PER_PAGE }, signal),
    placeholderData: keepPreviousData,
  });

export const useAttachments = (id: string) =>
  useQuery({ queryKey: customerKeys.attachments(id), queryFn: fetchData<CustomerAttachment[]>(`attachments/customer/${id}/show-attachments`) });

export const useUploadAttachment = (id: string) =>
  useWriteMutation((file: File) => {
    const form = new FormData();
    form.append('file', file);
    return apiRequest<Written<CustomerAttachment>>(`attachments/customer/${id}/store`, { method: 'POST', body: form });
  }, [customerKeys.attachments(id)]);

export const useDeleteAttachment = (id: string) => useDeleteMutation('attachments', [customerKeys.attachments(id)]);

export type TagOption = { uuid: string; name: string; color: string | null };
export type CustomFieldDef = { uuid: string; label: string; name_en: string; html_tag: string; options: string[]; is_required: boolean; applies_to: string };

/**
 * Tags and customer custom fields come from the settings APIs, which need their own keys; a user
 * without them still manages customers, just without those choices (quietly: no error toast).
 */
async function quietList<T>(path: string, query: Record<string, string> = {}): Promise<T[]> {
  try {
    const body = await apiRequest<{ data?: T[] }>(path, { query, quiet: true });
    return Array.isArray(body?.data) ? body.data : [];
  } catch {
    return [];
  }
}

export const useTagOptions = () => useQuery({ queryKey: ['tags', 'options'], queryFn: () => quietList<TagOption>('tags'), staleTime: 60_000 });

export const useCustomerFields = () =>
  useQuery({
    queryKey: ['custom-fields', 'customer'],
    queryFn: () => quietList<CustomFieldDef>('custom-fields', { applies_to: 'customer' }).then((list) => list.filter((f) => f.applies_to === 'customer')),
    staleTime: 60_000,
  });
