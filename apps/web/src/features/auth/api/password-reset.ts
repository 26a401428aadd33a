import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function useForgotPassword() {
  return useMutation({ mutationFn: (email: string) => api.post<{ message: string }>('auth/forgot-password', { email }) });
}

export type ResetPasswordInput = { email: string; token: string; password: string; password_confirmation: string };

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: ResetPasswordInput) => api.post<{ status: string; message: string }>('auth/reset-password', input),
  });
}
