import { hasAnyPermission, type PermissionKey } from '@app/shared/permissions';
import { useCurrentUser } from '@/features/auth/api/get-me';

/** `can(['settings.users'])`: does the signed-in user hold one of these keys (the owner holds all)? */
export function useCan(): (keys: readonly PermissionKey[]) => boolean {
  const user = useCurrentUser();
  return (keys) => hasAnyPermission(user.permissions, keys);
}
