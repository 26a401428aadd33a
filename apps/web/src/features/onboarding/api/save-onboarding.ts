import type { CompleteProfileBody, TenantInfoBody, TenantProfileBody } from '@app/shared/schemas/onboarding';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authKeys } from '@/features/auth/api/auth-keys';
import { api } from '@/lib/api-client';
import { onboardingKeys } from './onboarding-keys';

/** Each step saves, then the status (prefill) and the profile (guard) are read again. */
function useStep<T>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: T) => api.post<{ message: string }>(path, body),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: onboardingKeys.status() }),
        queryClient.invalidateQueries({ queryKey: authKeys.me() }),
      ]);
    },
  });
}

export const useUpdateTenantInfo = () => useStep<TenantInfoBody>('auth/update-tenant-info');
export const useUpdateTenantProfile = () => useStep<TenantProfileBody>('auth/update-tenant-profile');
export const useCompleteProfile = () => useStep<CompleteProfileBody>('auth/complete-profile');

export function useSkipOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.get<{ message: string }>('auth/onboarding-skip'),
    onSuccess: () => queryClient.refetchQueries({ queryKey: authKeys.me() }),
  });
}
