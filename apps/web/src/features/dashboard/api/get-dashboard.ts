import type { Dashboard } from '@app/shared/schemas/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { Dashboard, DashboardBooking, DashboardOrder } from '@app/shared/schemas/dashboard';
/** The catalogue counts (the part every server version answers with). */
export type DashboardSummary = Pick<Dashboard, 'services_count' | 'providers_count' | 'branches_count'>;

export const dashboardKeys = { summary: () => ['dashboard', 'summary'] as const };

/** `GET dashboard` for the top bar's branch; a branch switch refetches it (every query is invalidated). */
export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.summary(),
    queryFn: ({ signal }) => api.get<{ data: Dashboard }>('dashboard', undefined, signal).then((r) => r.data),
  });

export const useDashboard = () => useQuery(dashboardQueryOptions());
