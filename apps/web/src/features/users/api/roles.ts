import { OWNER_ROLE } from '@app/shared/permissions';
import type { Role, RoleBody } from '@app/shared/schemas/access';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, toast } from '@/lib/api-client';
import { useLocale } from '@/lib/use-locale';
import { roleName } from '../lib/labels';
import { accessKeys } from './keys';

/** Every role of the business, default roles first (with `users_count`). */
export function useRoles(enabled = true) {
  return useQuery({
    queryKey: accessKeys.roles(),
    queryFn: ({ signal }) => api.get<{ data: Role[] }>('roles', undefined, signal).then((r) => r.data),
    enabled,
  });
}

export function useSaveRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: RoleBody }) =>
      id ? api.put<{ message: string; data: Role }>(`roles/${id}`, body) : api.post<{ message: string; data: Role }>('roles', body),
    onSuccess: (res) => {
      toast(res.message);
      return queryClient.invalidateQueries({ queryKey: accessKeys.roles() });
    },
  });
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>(`roles/${id}`),
    onSuccess: (res) => {
      toast(res.message);
      return queryClient.invalidateQueries({ queryKey: accessKeys.roles() });
    },
  });
}

/** Roles a person can be given (every role but the owner's), labelled in the UI language. */
export function useRoleOptions(enabled = true) {
  const locale = useLocale();
  const roles = useRoles(enabled);
  const options = (roles.data ?? [])
    .filter((r) => r.slug !== OWNER_ROLE.slug)
    .map((r) => ({ value: r.uuid, label: roleName(r, locale, r.is_default) }));
  return { ...roles, options };
}
