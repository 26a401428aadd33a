import type { UserInfo } from '@app/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useStartSession } from './auth-session';

export type LoginInput = { email?: string; phone?: string; phone_country: string; password: string };

export function useLogin() {
  const start = useStartSession();
  return useMutation({
    mutationFn: (input: LoginInput) => api.post<{ data: { user: UserInfo; token: string } }>('auth/login', input),
    onSuccess: (res) => start(res.data),
  });
}
