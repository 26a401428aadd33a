import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Opens the e-mailed unlock link: the server lifts the lock and trusts this browser (an HTTP-only cookie). */
export function useUnlockAccount() {
  return useMutation({ mutationFn: (token: string) => api.post<{ message: string }>('auth/unlock-account', { token }) });
}
