import type { OnboardingStatus } from '@app/shared/schemas/onboarding';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { onboardingKeys } from './onboarding-keys';

export const onboardingStatusQueryOptions = () =>
  queryOptions({
    queryKey: onboardingKeys.status(),
    queryFn: () => api.get<{ data: OnboardingStatus }>('auth/onboarding-status').then((r) => r.data),
  });

export const useOnboardingStatus = () => useQuery(onboardingStatusQueryOptions());
