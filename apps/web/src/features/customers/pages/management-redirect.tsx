import { hasAnyPermission, type PermissionKey } from '@app/shared/permissions';
import { Navigate } from 'react-router';
import { findMainRoute } from '@/app/route-table';
import { useCurrentUser } from '@/features/auth/api/get-me';

/** The management screens in sidebar order, with the key each needs. */
const CHILDREN: readonly [string, PermissionKey][] = [
  ['/management/staffs', 'providers'],
  ['/management/customers', 'customers'],
  ['/management/services', 'services'],
  ['/management/products', 'products'],
  ['/management/packages', 'packages'],
  ['/management/expenses', 'expenses'],
  ['/management/expense-types', 'type-expenses'],
];

/** The first management screen that exists and the user may open; the staff list by default (spec §2). */
export function managementTarget(permissions: readonly string[], exists: (path: string) => boolean): string {
  const found = CHILDREN.find(([path, key]) => exists(path) && hasAnyPermission(permissions, [key]));
  return found ? found[0] : '/management/staffs';
}

/** `/management` opens the staff list, or the first management screen the user may open. */
export function ManagementRedirect() {
  const user = useCurrentUser();
  return <Navigate to={managementTarget(user.permissions, (p) => Boolean(findMainRoute(p)))} replace />;
}
