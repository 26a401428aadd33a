import type { InvoicingSettings, InvoicingSettingsBody, SyncedInvoice } from '@app/shared/schemas/invoices';
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import type { Paged } from '@/features/orders/api/types';
import { api } from '@/lib/api-client';
import { fetchData, useWriteMutation, type WriteResult } from '@/lib/query';

export const zatcaKeys = {
  settings: ['zatca', 'settings'] as const,
  synced: (q: Record<string, string | number | undefined>) => ['zatca', 'synced', q] as const,
};
const AFTER = [zatcaKeys.settings, ['zatca'], ['invoices']] as const;

/** Where a signing unit is read, saved and connected: the business's own, or the platform's (the operator's screen). */
export type UnitEndpoints = { settings: string; connect: string; key: QueryKey; after: readonly QueryKey[] };
export const BUSINESS_UNIT: UnitEndpoints = { settings: 'settings/invoicing', connect: 'zatca/connect', key: zatcaKeys.settings, after: AFTER };
export const PLATFORM_UNIT: UnitEndpoints = { settings: 'operator/zatca', connect: 'operator/zatca/connect', key: ['operator', 'zatca'], after: [['operator', 'zatca']] };

export const useUnitSettings = <T extends InvoicingSettings = InvoicingSettings>(e: UnitEndpoints) => useQuery({ queryKey: e.key, queryFn: fetchData<T>(e.settings) });
export const useSaveUnit = (e: UnitEndpoints) => useWriteMutation((body: InvoicingSettingsBody) => api.post<WriteResult & { data: InvoicingSettings }>(e.settings, body), e.after);
export const useConnectUnit = (e: UnitEndpoints) => useWriteMutation((otp: string) => api.post<WriteResult & { data: InvoicingSettings }>(e.connect, { otp }), e.after);

export const useInvoicingSettings = () => useUnitSettings(BUSINESS_UNIT);

export const useSyncedInvoices = (q: { page: number; per_page: number; cursor?: string | undefined; syncStatus?: string | undefined }) =>
  useQuery({ queryKey: zatcaKeys.synced(q), queryFn: ({ signal }) => api.get<Paged<SyncedInvoice>>('invoices/synced', q, signal), placeholderData: keepPreviousData });

export const useSubmitToZatca = () => useWriteMutation((id: string) => api.post<WriteResult>(`invoices/${id}/submitInvoiceForSyncingZatca`), AFTER);

export type WafeqStatus = { installed: boolean; organization: string | null; environment: 'simulation' | 'production' | null; connected_at: string | null };
export const accountingKeys = { wafeq: ['accounting', 'wafeq'] as const, counts: ['accounting', 'counts'] as const };
const AFTER_ACCOUNTING = [accountingKeys.wafeq, accountingKeys.counts, ['invoices'], ['zatca']] as const;

export const useWafeqStatus = () => useQuery({ queryKey: accountingKeys.wafeq, queryFn: fetchData<WafeqStatus>('tenant/checkWafeqInstallationStatus'), staleTime: 60_000 });
export const useAccountingCounts = () => useQuery({ queryKey: accountingKeys.counts, queryFn: fetchData<{ synced: number; unsynced: number; failed: number }>('apps/invoice-apps-sync-status') });
export const useConnectWafeq = () => useWriteMutation((body: { api_key: string; environment: 'simulation' | 'production' }) => api.post<WriteResult>('apps/wafeq/connect', body), AFTER_ACCOUNTING);
export const useDisconnectWafeq = () => useWriteMutation(() => api.delete<WriteResult>('apps/wafeq'), AFTER_ACCOUNTING);
export const useSyncToAccounting = () => useWriteMutation((id: string) => api.post<WriteResult>(`invoices/${id}/submitInvoiceForSyncing`), AFTER_ACCOUNTING);
