import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { onboardingKeys } from './onboarding-keys';

export type DomainSuggestion = { subdomain: string; available: boolean; suggestions: string[] };

/** Live availability of a store address; pass already-debounced values. */
export function useCheckSubdomain(subdomain: string, name: string) {
  return useQuery<DomainSuggestion, Error, DomainSuggestion, ReturnType<typeof onboardingKeys.domains>>({
    queryKey: onboardingKeys.domains(subdomain, name),
    queryFn: ({ signal }) =>
      api.get<{ data: DomainSuggestion }>('auth/suggestion-domains', { subdomain, name }, signal).then((r) => r.data),
    enabled: subdomain.length > 0 || name.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
