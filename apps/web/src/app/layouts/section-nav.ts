import { hasAnyPermission, type PermissionKey } from '@app/shared/permissions';

type RouteLike = { path: string; permissions: readonly PermissionKey[]; plugin?: string };
type UserLike = { permissions: readonly string[]; tenant: { plugins: readonly string[] } };

/** Whether a route of the table exists and the user may open it (its plugin installed, one of its keys held). */
export function routeAllowed(routes: readonly RouteLike[], path: string, user: UserLike): boolean {
  const route = routes.find((r) => r.path === path);
  if (!route) return false;
  if (route.plugin && !user.tenant.plugins.includes(route.plugin)) return false;
  return hasAnyPermission(user.permissions, route.permissions);
}
