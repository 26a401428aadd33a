import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type ChangeEmailInput = { new_email: string; current_password: string };

export function useChangeEmail() {
  return useMutation({ mutationFn: (input: ChangeEmailInput) => api.post<{ message: string }>('auth/change-email', input) });
}
