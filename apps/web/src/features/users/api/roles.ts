import { OWNER_ROLE } from '@app/shared/permissions';
import type { Role, RoleBody } from '@app/shared/schemas/access';
import { useQuery } from '@tanstack/react-query';
import { fetchData, useDeleteMutation, useSaveMutation } from '@/lib/query';
import { useLocale } from '@/lib/use-locale';
import { roleName } from '../lib/labels';
import { accessKeys } from './keys';

/** Every role of the business, default roles first (with `users_count`). */
export const useRoles = (enabled = true) => useQuery({ queryKey: accessKeys.roles(), queryFn: fetchData<Role[]>('roles'), enabled });

export const useSaveRole = () => useSaveMutation<RoleBody>('roles', [accessKeys.roles()]);
export const useDeleteRole = () => useDeleteMutation('roles', [accessKeys.roles()]);

/** Roles a person can be given (every role but the owner's), labelled in the UI language. */
export function useRoleOptions(enabled = true) {
  const locale = useLocale();
  const roles = useRoles(enabled);
  const options = (roles.data ?? [])
    .filter((r) => r.slug !== OWNER_ROLE.slug)
    .map((r) => ({ value: r.uuid, label: roleName(r, locale, r.is_default) }));
  return { ...roles, options };
}
