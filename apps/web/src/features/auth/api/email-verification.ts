import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, toast } from '@/lib/api-client';
import { authKeys } from './auth-keys';

/** Confirms the e-mailed link's token. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.post<{ message: string }>('auth/email/verify', { token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.me() }),
  });
}

/** Sends the verification link again: to the signed-in user, or to a typed address. */
export function useResendEmailVerification() {
  return useMutation({
    mutationFn: (email?: string) =>
      email
        ? api.post<{ message: string }>('auth/resend-mail', { email })
        : api.post<{ message: string }>('auth/email/verification-notification', {}),
    onSuccess: (res) => toast(res.message, 'blue'),
  });
}
