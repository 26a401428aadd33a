import type { CreatePosUserBody, StaffUser, UpdateUserBody, UsersQuery } from '@app/shared/schemas/access';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { authKeys } from '@/features/auth/api/auth-keys';
import { api } from '@/lib/api-client';
import { useDeleteMutation, useWriteMutation, type WriteResult } from '@/lib/query';
import { accessKeys } from './keys';

export type UsersPage = {
  data: StaffUser[];
  meta: { current_page: number; per_page: number; total: number; last_page: number };
};

/** One page of the business's accounts, filtered on the server. */
export function useUsers(query: Partial<UsersQuery>) {
  return useQuery({
    queryKey: accessKeys.usersPage(query),
    queryFn: ({ signal }) => api.get<UsersPage>('users', query, signal),
    placeholderData: keepPreviousData,
  });
}

type Written = WriteResult & { data?: StaffUser };

/** A write on one account changes the users list and the roles' counts. */
const AFTER_USER_WRITE = [accessKeys.users(), accessKeys.roles()];

/** A write on one account: toasts the server's message and refreshes the lists it touches. */
const useUserWrite = <V>(call: (vars: V) => Promise<Written>) => useWriteMutation(call, AFTER_USER_WRITE);

export const useUpdateUser = () => useUserWrite(({ id, body }: { id: string; body: UpdateUserBody }) => api.put<Written>(`users/${id}`, body));

export const useCreatePosUser = () => useUserWrite((body: CreatePosUserBody) => api.post<Written>('users', body));

export const useSetUserActive = () =>
  useUserWrite(({ id, active }: { id: string; active: boolean }) => api.post<Written>(`users/${id}/${active ? 'activate' : 'deactivate'}`));

export const useConvertUser = () =>
  useUserWrite(({ id, to }: { id: string; to: 'provider' | 'user' }) =>
    api.post<Written>(`users/${id}/${to === 'provider' ? 'convert-to-provider' : 'convert-to-user'}`),
  );

export const useSetAppAccess = () =>
  useUserWrite(({ id, enabled }: { id: string; enabled: boolean }) => api.put<Written>(`users/${id}/app-access`, { enabled }));

export const useDeleteUser = () => useDeleteMutation('users', AFTER_USER_WRITE);

/** The owner hands the account over; the caller's own role changes, so the profile is reloaded. */
export const useTransferOwnership = () =>
  useWriteMutation(
    ({ id, password }: { id: string; password: string }) => api.post<Written>(`users/${id}/transfer-ownership`, { password }),
    [...AFTER_USER_WRITE, authKeys.me()],
  );
