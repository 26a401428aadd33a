import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setToken } from '@/lib/storage';

type TokenResult = { message: string; data: { token: string } };

/** Where the app lands after the account changes under it. */
export const AFTER_SWITCH_PATH = '/dashboard';

/** Spec §4: the token is replaced and the page reloads, so nothing of the previous account stays cached. */
export function switchAccount(token: string, reload: (path: string) => void = (p) => window.location.assign(p)): void {
  setToken(token);
  reload(AFTER_SWITCH_PATH);
}

/** Support staff sign in as a customer's account, by its e-mail and a reason (logged). */
export function useImpersonate() {
  return useMutation({
    mutationFn: (body: { email: string; reason: string }) => api.post<TokenResult>('auth/impersonate', body),
    onSuccess: (res) => switchAccount(res.data.token),
  });
}

/** Back to the support account: the server answers with its fresh token. */
export function useStopImpersonation() {
  return useMutation({
    mutationFn: () => api.delete<TokenResult>('auth/stop-impersonation'),
    onSuccess: (res) => switchAccount(res.data.token),
  });
}
