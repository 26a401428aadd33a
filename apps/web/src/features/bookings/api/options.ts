import type { Service } from '@app/shared/schemas/catalogue';
import type { Provider } from '@app/shared/schemas/providers';
import type { Branch } from '@app/shared/schemas/access';
import type { CustomField, Reason, StatusLabel } from '@app/shared/schemas/settings';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * The choices the booking screens offer come from other modules' lists (services, providers,
 * branches, settings), which need their own keys. A user without one still books, with fewer
 * choices: these calls are quiet (no error toast) and answer an empty list when refused.
 */
async function quietList<T>(path: string, query: Record<string, string | number> = {}, signal?: AbortSignal): Promise<T[]> {
  try {
    const body = await apiRequest<{ data?: T[] }>(path, { query, quiet: true, ...(signal ? { signal } : {}) });
    return Array.isArray(body?.data) ? body.data : [];
  } catch {
    return [];
  }
}

const OPTIONS = { staleTime: 60_000, retry: false } as const;
const root = ['booking-options'] as const;

export const useServiceOptions = () =>
  useQuery({ queryKey: [...root, 'services'], queryFn: ({ signal }) => quietList<Service>('services', { per_page: 100 }, signal), ...OPTIONS });

export const useProviderOptions = () => useQuery({ queryKey: [...root, 'providers'], queryFn: ({ signal }) => quietList<Provider>('providers', {}, signal), ...OPTIONS });

/** Branches with their time zones (settings.branches); without that key the tenant's zone is used. */
export const useBranchOptions = () => useQuery({ queryKey: [...root, 'branches'], queryFn: ({ signal }) => quietList<Branch>('branches', {}, signal), ...OPTIONS });

export const useStatusLabels = () =>
  useQuery({ queryKey: [...root, 'status-labels'], queryFn: ({ signal }) => quietList<StatusLabel>('booking-status-labels', {}, signal), ...OPTIONS });

export const useCancelReasons = () =>
  useQuery({
    queryKey: [...root, 'cancel-reasons'],
    queryFn: ({ signal }) => quietList<Reason>('reasons', { type: 'booking-cancel' }, signal).then((list) => list.filter((r) => r.type === 'booking-cancel')),
    ...OPTIONS,
  });

export const useBookingFields = () =>
  useQuery({
    queryKey: [...root, 'custom-fields'],
    queryFn: ({ signal }) => quietList<CustomField>('custom-fields', { applies_to: 'booking' }, signal).then((list) => list.filter((f) => f.applies_to === 'booking')),
    ...OPTIONS,
  });

/** The branch the screens are scoped to: the top bar's choice, else the only branch there is. */
export function scopedBranch<B extends { uuid: string }>(currentBranchId: string | null | undefined, branches: readonly B[] | undefined): B | undefined {
  if (currentBranchId) return branches?.find((b) => b.uuid === currentBranchId);
  return branches?.length === 1 ? branches[0] : undefined;
}

/**
 * The zone the screens show times in: the scoped branch's (a branch may override the business's
 * zone) when the branches list is readable, else the business's (tenant) zone.
 */
export function businessZone(tenantZone: string, branch: { timezone: string } | undefined): string {
  return branch?.timezone || tenantZone;
}
