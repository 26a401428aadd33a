import { hasAnyPermission, type PermissionKey } from '@app/shared/permissions';
import { Navigate } from 'react-router';
import { findMainRoute } from '@/app/route-table';
import { useCurrentUser } from '@/features/auth/api/get-me';

/** The marketing screens in the order the spec lists them (§2: reviews first, then coupons, offers, campaigns), with the key each needs. */
const CHILDREN: readonly [string, PermissionKey][] = [
  ['/marketing/reviews', 'marketing.reviews'],
  ['/marketing/coupons', 'marketing.coupons'],
  ['/marketing/offers', 'marketing.offers'],
  ['/marketing/campaigns', 'marketing.campaigns'],
  ['/marketing/comments', 'comments'],
];

/**
 * The first marketing screen that exists and the user may open: the reviews (spec §2 "/marketing
 * redirects to /reviews"), else the next in the spec's order.
 */
export function marketingTarget(permissions: readonly string[], exists: (path: string) => boolean): string {
  const found = CHILDREN.find(([path, key]) => exists(path) && hasAnyPermission(permissions, [key]));
  return found ? found[0] : '/marketing/coupons';
}

/** `/marketing` opens the first marketing screen the user may open. */
export function MarketingRedirect() {
  const user = useCurrentUser();
  return <Navigate to={marketingTarget(user.permissions, (p) => Boolean(findMainRoute(p)))} replace />;
}
