import type { UserInfo } from '@app/shared/schemas/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { api } from '@/lib/api-client';
import { getToken } from '@/lib/storage';
import { authKeys } from './auth-keys';

export const getMe = () => api.get<{ data: UserInfo }>('auth/me').then((r) => r.data);

export const meQueryOptions = () =>
  queryOptions({ queryKey: authKeys.me(), queryFn: getMe, staleTime: 60_000, retry: false });

/** The signed-in user's profile; disabled while there is no token. */
export const useMe = () => useQuery({ ...meQueryOptions(), enabled: Boolean(getToken()) });

/**
 * Inside guarded routes the profile is always loaded (the guard waits for it). Pages still on screen
 * while signing out keep the last profile for their final render instead of failing.
 */
export function useCurrentUser(): UserInfo {
  const { data } = useMe();
  const last = useRef<UserInfo | undefined>(data);
  if (data) last.current = data;
  if (!last.current) throw new Error('useCurrentUser used outside the route guard');
  return last.current;
}
