import type { UserInfo } from '@app/shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, toast } from '@/lib/api-client';
import { authKeys } from './auth-keys';

export function useVerifyOtp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<{ message: string; data: UserInfo }>('auth/verify-otp', { code }),
    onSuccess: (res) => {
      queryClient.setQueryData(authKeys.me(), res.data);
      toast(res.message);
    },
  });
}

export function useResendOtp() {
  return useMutation({
    mutationFn: () => api.post<{ message: string }>('auth/resend-otp', {}),
    onSuccess: (res) => toast(res.message, 'blue'),
  });
}
