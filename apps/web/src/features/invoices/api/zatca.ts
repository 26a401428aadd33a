import type { InvoiceListItem, InvoicingSettings, InvoicingSettingsBody } from '@app/shared/schemas/invoices';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paged } from '@/features/orders/api/types';
import { api } from '@/lib/api-client';
import { fetchData, useWriteMutation, type WriteResult } from '@/lib/query';

export type SyncedInvoice = InvoiceListItem & { zatca_errors: { code: string; message: string }[] | null; icv: number | null };

export const zatcaKeys = {
  settings: ['zatca', 'settings'] as const,
  synced: (q: Record<string, string | number | undefined>) => ['zatca', 'synced', q] as const,
};
const AFTER = [zatcaKeys.settings, ['zatca'], ['invoices']] as const;

export const useInvoicingSettings = () => useQuery({ queryKey: zatcaKeys.settings, queryFn: fetchData<InvoicingSettings>('settings/invoicing') });

export const useSaveInvoicingSettings = () => useWriteMutation((body: InvoicingSettingsBody) => api.post<WriteResult & { data: InvoicingSettings }>('settings/invoicing', body), AFTER);

export const useZatcaConnect = () => useWriteMutation((otp: string) => api.post<WriteResult & { data: InvoicingSettings }>('zatca/connect', { otp }), AFTER);

export const useSyncedInvoices = (q: { page: number; per_page: number; syncStatus?: string | undefined }) =>
  useQuery({ queryKey: zatcaKeys.synced(q), queryFn: ({ signal }) => api.get<Paged<SyncedInvoice>>('invoices/synced', q, signal), placeholderData: keepPreviousData });

export const useSubmitToZatca = () => useWriteMutation((id: string) => api.post<WriteResult>(`invoices/${id}/submitInvoiceForSyncingZatca`), AFTER);
