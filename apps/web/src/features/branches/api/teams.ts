import type { Supervisor, SupervisorBody, Team, TeamBody } from '@app/shared/schemas/access';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest, toast } from '@/lib/api-client';

export const teamKeys = { all: ['provider-teams'] as const, list: () => [...teamKeys.all, 'list'] as const };
export const supervisorKeys = { all: ['supervisors'] as const, list: () => [...supervisorKeys.all, 'list'] as const };
export const providerOptionKeys = { all: ['providers', 'options'] as const };

export const useTeams = (enabled = true) =>
  useQuery({ queryKey: teamKeys.list(), queryFn: () => api.get<{ data: Team[] }>('provider-teams').then((r) => r.data), enabled });

export const useSupervisors = () =>
  useQuery({ queryKey: supervisorKeys.list(), queryFn: () => api.get<{ data: Supervisor[] }>('supervisors').then((r) => r.data) });

export type ProviderOption = { uuid: string; name: string };

/**
 * The providers a team can hold. The providers API arrives with Management; until it answers 200 this
 * resolves to null (quietly: no error toast), and the team form hides its providers field.
 */
export async function fetchProviderOptions(): Promise<ProviderOption[] | null> {
  try {
    const body = await apiRequest<{ data?: unknown }>('providers', { query: { per_page: 100 }, quiet: true });
    if (!Array.isArray(body?.data)) return null;
    return body.data
      .filter((p): p is { uuid: string; name: string } => Boolean(p && typeof p === 'object' && 'uuid' in p && 'name' in p))
      .map((p) => ({ uuid: String(p.uuid), name: String(p.name) }));
  } catch {
    return null;
  }
}

export const useProviderOptions = () => useQuery({ queryKey: providerOptionKeys.all, queryFn: fetchProviderOptions, staleTime: 60_000, retry: false });

function useWrite<TBody, TArg>(keys: readonly (readonly unknown[])[], call: (arg: TArg, body?: TBody) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ arg, body }: { arg: TArg; body?: TBody }) => call(arg, body),
    onSuccess: (res) => {
      toast(res.message);
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    },
  });
}

/** Creates (id null) or updates a provider team; supervisors show team titles, so they refresh too. */
export const useSaveTeam = () =>
  useWrite<TeamBody, string | null>([teamKeys.all, supervisorKeys.all], (id, body) =>
    id ? api.put(`provider-teams/${id}`, body) : api.post('provider-teams', body),
  );
export const useDeleteTeam = () => useWrite<never, string>([teamKeys.all, supervisorKeys.all], (id) => api.delete(`provider-teams/${id}`));

/** Creates (id null) or updates a supervisor. */
export const useSaveSupervisor = () =>
  useWrite<SupervisorBody, string | null>([supervisorKeys.all], (id, body) => (id ? api.put(`supervisors/${id}`, body) : api.post('supervisors', body)));
export const useDeleteSupervisor = () => useWrite<never, string>([supervisorKeys.all], (id) => api.delete(`supervisors/${id}`));
