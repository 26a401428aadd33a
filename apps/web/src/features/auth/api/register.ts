import type { RegisterBody, UserInfo } from '@app/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useStartSession } from './auth-session';

export function useRegister() {
  const start = useStartSession();
  return useMutation({
    mutationFn: (input: RegisterBody) => api.post<{ data: { user: UserInfo; token: string } }>('auth/register', input),
    onSuccess: (res) => start(res.data),
  });
}
