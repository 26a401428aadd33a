import type { Provider, ProviderBody, ProviderDefaultHours, TimeOff, TimeOffBody } from '@app/shared/schemas/providers';
import { useQuery } from '@tanstack/react-query';
import { providerOptionKeys } from '@/features/branches/api/teams';
import { api, apiRequest } from '@/lib/api-client';
import { fetchData, useDeleteMutation, useSaveMutation, useWriteMutation, type WriteResult } from '@/lib/query';

export const providerKeys = {
  all: ['providers'] as const,
  list: () => [...providerKeys.all, 'list'] as const,
  one: (id: string) => [...providerKeys.all, 'one', id] as const,
  timeOff: (id: string) => [...providerKeys.all, 'time-off', id] as const,
  defaultHours: (branchId: string | null) => [...providerKeys.all, 'default-hours', branchId ?? 'main'] as const,
};

export const useProviders = () => useQuery({ queryKey: providerKeys.list(), queryFn: fetchData<Provider[]>('providers') });

export const useProvider = (id: string | undefined) =>
  useQuery({ queryKey: providerKeys.one(id ?? ''), queryFn: fetchData<Provider>(`providers/${id}`), enabled: Boolean(id) });

/** The providers list, each provider and the teams' provider choices all change with a write. */
const AFTER_WRITE = [providerKeys.all, providerOptionKeys.all];

export const useSaveProvider = () => useSaveMutation<ProviderBody>('providers', AFTER_WRITE);
export const useDeleteProvider = () => useDeleteMutation('providers', AFTER_WRITE);

export const useTimeOff = (id: string) => useQuery({ queryKey: providerKeys.timeOff(id), queryFn: fetchData<TimeOff[]>(`providers/${id}/time-off`) });

export const useAddTimeOff = (id: string) =>
  useWriteMutation((body: TimeOffBody) => api.post<WriteResult & { data: TimeOff }>(`providers/${id}/time-off`, body), [providerKeys.timeOff(id)]);

export const useDeleteTimeOff = (id: string) => useDeleteMutation(`providers/${id}/time-off`, [providerKeys.timeOff(id)]);

/**
 * The hours the API gives a provider of that branch created without any (the branch's; the main
 * branch's for none): what a new provider's form starts with. Quiet: on failure the form keeps its own.
 */
export const useProviderDefaultHours = (branchId: string | null, enabled: boolean) =>
  useQuery({
    queryKey: providerKeys.defaultHours(branchId),
    queryFn: ({ signal }) =>
      apiRequest<{ data: ProviderDefaultHours }>('providers/default-hours', { query: { branch_id: branchId }, signal, quiet: true }).then((r) => r.data),
    enabled,
    retry: false,
  });

export type ServiceOption = { uuid: string; name: string };

/** The services a provider can be given (the catalogue's list, first 100). */
export const useServiceOptions = () =>
  useQuery({
    queryKey: ['services', 'options'],
    queryFn: ({ signal }) => api.get<{ data: ServiceOption[] }>('services', { per_page: 100 }, signal).then((r) => r.data.map((s) => ({ uuid: s.uuid, name: s.name }))),
    staleTime: 60_000,
  });
