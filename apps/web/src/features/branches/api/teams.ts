import type { Supervisor, SupervisorBody, Team, TeamBody } from '@app/shared/schemas/access';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { fetchData, useDeleteMutation, useSaveMutation } from '@/lib/query';

export const teamKeys = { all: ['provider-teams'] as const, list: () => [...teamKeys.all, 'list'] as const };
export const supervisorKeys = { all: ['supervisors'] as const, list: () => [...supervisorKeys.all, 'list'] as const };
export const providerOptionKeys = { all: ['providers', 'options'] as const };

export const useTeams = (enabled = true) => useQuery({ queryKey: teamKeys.list(), queryFn: fetchData<Team[]>('provider-teams'), enabled });

export const useSupervisors = () => useQuery({ queryKey: supervisorKeys.list(), queryFn: fetchData<Supervisor[]>('supervisors') });

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

/** Supervisors show team titles, so a team write refreshes them too. */
const AFTER_TEAM_WRITE = [teamKeys.all, supervisorKeys.all];

/** Creates (id null) or updates a provider team. */
export const useSaveTeam = () => useSaveMutation<TeamBody>('provider-teams', AFTER_TEAM_WRITE);
export const useDeleteTeam = () => useDeleteMutation('provider-teams', AFTER_TEAM_WRITE);

/** Creates (id null) or updates a supervisor. */
export const useSaveSupervisor = () => useSaveMutation<SupervisorBody>('supervisors', [supervisorKeys.all]);
export const useDeleteSupervisor = () => useDeleteMutation('supervisors', [supervisorKeys.all]);
