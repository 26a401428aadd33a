import type { UserInfo } from '@app/shared/schemas/auth';
import { useQueryClient } from '@tanstack/react-query';
import { setToken } from '@/lib/storage';
import { authKeys } from './auth-keys';

/** Stores a fresh sign-in: the token for the next calls and the user for the guard. */
export function useStartSession() {
  const queryClient = useQueryClient();
  return (result: { user: UserInfo; token: string }) => {
    queryClient.clear();
    setToken(result.token);
    queryClient.setQueryData(authKeys.me(), result.user);
  };
}
