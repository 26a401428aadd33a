import type {
  BankAccount,
  BankAccountBody,
  CustomField,
  CustomFieldBody,
  GeneralSettings,
  GeneralSettingsBody,
  PaymentMethod,
  Reason,
  ReasonBody,
  SalesSettings,
  SalesSettingsBody,
  StatusLabel,
  StatusLabelBody,
  Tag,
  TagBody,
  Tax,
  TaxBody,
} from '@app/shared/schemas/settings';
import { useQuery } from '@tanstack/react-query';
import { authKeys } from '@/features/auth/api/auth-keys';
import { api, apiRequest } from '@/lib/api-client';
import { fetchData, useDeleteMutation, useSaveMutation, useWriteMutation, type WriteResult } from '@/lib/query';

export const settingsKeys = {
  general: ['settings', 'general'] as const,
  taxes: ['taxes'] as const,
  tags: ['tags'] as const,
  reasons: ['reasons'] as const,
  customFields: ['custom-fields'] as const,
  statusLabels: ['booking-status-labels'] as const,
  paymentMethods: ['payment-methods'] as const,
  bankAccounts: ['bank-accounts'] as const,
  industries: ['industries'] as const,
};

// ---------------------------------------------------------------- general

export const useGeneralSettings = () => useQuery({ queryKey: settingsKeys.general, queryFn: fetchData<GeneralSettings>('settings/general') });
export const useIndustries = () =>
  useQuery({ queryKey: settingsKeys.industries, queryFn: fetchData<{ id: number; slug: string; name: string }[]>('fetchIndustries'), staleTime: 300_000 });
/** Saving refreshes the account info too: currency, clock and week start live in `auth/me`. */
export const useSaveGeneralSettings = () =>
  useWriteMutation((body: GeneralSettingsBody) => api.post<WriteResult>('settings/general', body), [settingsKeys.general, authKeys.all]);

// ---------------------------------------------------------------- sales: VAT number on receipts, checkout default

export const salesSettingsKey = ['settings', 'sales'] as const;
/** Read by the taxes page and by Checkout (the "complete the visit" default); quiet for a reader without the keys. */
export const useSalesSettings = (enabled = true) =>
  useQuery({
    queryKey: salesSettingsKey,
    queryFn: ({ signal }) => apiRequest<{ data: SalesSettings }>('settings/sales', { signal, quiet: true }).then((r) => r.data),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
export const useSaveSalesSettings = () => useWriteMutation((body: SalesSettingsBody) => api.post<WriteResult>('settings/sales', body), [salesSettingsKey]);

// ---------------------------------------------------------------- lists

export const useTaxes = () => useQuery({ queryKey: settingsKeys.taxes, queryFn: fetchData<Tax[]>('taxes') });
export const useSaveTax = () => useSaveMutation<TaxBody>('taxes', [settingsKeys.taxes]);
export const useDeleteTax = () => useDeleteMutation('taxes', [settingsKeys.taxes]);

export const useTags = () => useQuery({ queryKey: settingsKeys.tags, queryFn: fetchData<Tag[]>('tags') });
export const useSaveTag = () => useSaveMutation<TagBody>('tags', [settingsKeys.tags]);
export const useDeleteTag = () => useDeleteMutation('tags', [settingsKeys.tags]);

export const useReasons = () => useQuery({ queryKey: settingsKeys.reasons, queryFn: fetchData<Reason[]>('reasons') });
export const useSaveReason = () => useSaveMutation<ReasonBody>('reasons', [settingsKeys.reasons]);
export const useDeleteReason = () => useDeleteMutation('reasons', [settingsKeys.reasons]);

export const useCustomFields = () => useQuery({ queryKey: settingsKeys.customFields, queryFn: fetchData<CustomField[]>('custom-fields') });
export const useSaveCustomField = () => useSaveMutation<CustomFieldBody>('custom-fields', [settingsKeys.customFields]);
export const useDeleteCustomField = () => useDeleteMutation('custom-fields', [settingsKeys.customFields]);

export const useStatusLabels = () => useQuery({ queryKey: settingsKeys.statusLabels, queryFn: fetchData<StatusLabel[]>('booking-status-labels') });
export const useSaveStatusLabel = () =>
  useWriteMutation(({ status, body }: { status: string; body: StatusLabelBody }) => api.put<WriteResult>(`booking-status-labels/${status}`, body), [settingsKeys.statusLabels]);
export const useResetStatusLabel = () => useWriteMutation((status: string) => api.delete<WriteResult>(`booking-status-labels/${status}`), [settingsKeys.statusLabels]);

export const usePaymentMethods = () => useQuery({ queryKey: settingsKeys.paymentMethods, queryFn: fetchData<PaymentMethod[]>('payment-methods') });
export const useSetPaymentMethod = () =>
  useWriteMutation(({ slug, enabled }: { slug: string; enabled: boolean }) => api.put<WriteResult>(`payment-methods/${slug}`, { enabled }), [settingsKeys.paymentMethods]);

export const useBankAccounts = () => useQuery({ queryKey: settingsKeys.bankAccounts, queryFn: fetchData<BankAccount[]>('bank-accounts') });
export const useSaveBankAccount = () => useSaveMutation<BankAccountBody>('bank-accounts', [settingsKeys.bankAccounts]);
export const useDeleteBankAccount = () => useDeleteMutation('bank-accounts', [settingsKeys.bankAccounts]);
