import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { onboardingKeys } from './onboarding-keys';

export type Industry = { id: number; slug: string; name: string; icon: string };

export const industriesQueryOptions = () =>
  queryOptions({
    queryKey: onboardingKeys.industries(),
    queryFn: () => api.get<{ data: Industry[] }>('fetchIndustries').then((r) => r.data),
    staleTime: 10 * 60_000,
  });

export const useIndustries = () => useQuery(industriesQueryOptions());
