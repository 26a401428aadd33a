import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type DashboardSummary = { services_count: number; providers_count: number; branches_count: number };

export const dashboardKeys = { summary: () => ['dashboard', 'summary'] as const };

export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.summary(),
    queryFn: () => api.get<{ data: DashboardSummary }>('dashboard').then((r) => r.data),
  });

export const useDashboard = () => useQuery(dashboardQueryOptions());
