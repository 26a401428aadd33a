import type { StoreAppearanceFields, StoreBookingBody, StoreContactsBody, StoreGeneralBody, StoreImage, StoreSettings } from '@app/shared/schemas/store';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { fetchData, useWriteMutation, type WriteResult } from '@/lib/query';

export type { StoreSettings };

export const storeKeys = {
  all: ['store'] as const,
  settings: () => ['store', 'settings'] as const,
  subdomain: (subdomain: string) => ['store', 'subdomain', subdomain] as const,
  gallery: () => ['store', 'gallery'] as const,
  pages: () => ['store', 'pages'] as const,
  page: (id: string) => ['store', 'pages', id] as const,
  analytics: (from: string, to: string) => ['store', 'analytics', from, to] as const,
};

type SettingsResult = WriteResult & { data: StoreSettings };

/** `GET store/settings`: everything the panel's tabs show. */
export const useStoreSettings = () => useQuery({ queryKey: storeKeys.settings(), queryFn: fetchData<StoreSettings>('store/settings') });

/** The sections of `POST store/settings/<section>`, each with its body. */
type SectionBodies = { general: StoreGeneralBody; booking: StoreBookingBody; appearance: StoreAppearanceFields; contacts: StoreContactsBody };

/** Saves one tab's fields (`POST store/settings/general|booking|appearance|contacts`). */
export const useSaveStoreSection = <S extends keyof SectionBodies>(section: S) =>
  useWriteMutation((body: SectionBodies[S]) => api.post<SettingsResult>(`store/settings/${section}`, body), [storeKeys.settings()]);

/** `POST store/settings/custom-domain {custom_domain}` (null clears it). */
export const useSaveCustomDomain = () =>
  useWriteMutation((custom_domain: string | null) => api.post<SettingsResult>('store/settings/custom-domain', { custom_domain }), [storeKeys.settings()]);

/** `POST store/settings/custom-domain/verify`: looks the TXT record up. */
export const useVerifyCustomDomain = () => useWriteMutation(() => api.post<SettingsResult>('store/settings/custom-domain/verify'), [storeKeys.settings()]);

/**
 * `POST store/settings/images/:kind` (multipart, field `file`). Sent without a file too: the server
 * then answers the spec's "change the logo first" on `file`.
 */
export const useUploadStoreImage = () =>
  useWriteMutation(({ kind, file }: { kind: StoreImage; file: File | null }) => {
    const body = new FormData();
    if (file) body.set('file', file);
    return api.post<SettingsResult>(`store/settings/images/${kind}`, body);
  }, [storeKeys.settings()]);

/** `DELETE store/settings/images/:kind`. */
export const useRemoveStoreImage = () => useWriteMutation((kind: StoreImage) => api.delete<SettingsResult>(`store/settings/images/${kind}`), [storeKeys.settings()]);

export type SubdomainCheck = { subdomain: string; available: boolean; suggestions: string[] };

/** `POST settings/booking-page-settings/check-subdomain`: live availability (pass a debounced value). */
export const useCheckStoreSubdomain = (subdomain: string, enabled: boolean) =>
  useQuery({
    queryKey: storeKeys.subdomain(subdomain),
    queryFn: () => api.post<{ data: SubdomainCheck }>('settings/booking-page-settings/check-subdomain', { subdomain }).then((r) => r.data),
    enabled: enabled && subdomain.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** `POST settings/booking-page-settings/update-subdomain`: chosen once, fixed after (422 subdomain_fixed). */
export const useChooseSubdomain = () =>
  useWriteMutation((subdomain: string) => api.post<WriteResult>('settings/booking-page-settings/update-subdomain', { subdomain }), [storeKeys.settings(), ['auth', 'me']]);
