import type { PermissionKey } from '@app/shared/permissions';
import { type Icon, IconLayoutDashboard } from '@tabler/icons-react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { matchPath } from 'react-router';
import { lazyPage as page } from './lazy-page';

export type MainRoute = {
  path: string;
  Page: LazyExoticComponent<ComponentType>;
  /** The user needs one of these keys; an empty list needs none. */
  permissions: readonly PermissionKey[];
  /** Shown only when the tenant has installed this plugin. */
  plugin?: string;
  /** Sidebar entry (spec §2 order: dashboard 1, calendar 2, booking 3, orders 4 …). */
  sidebar?: { order: number; icon: Icon; labelKey: string };
};

/**
 * Every main (signed-in, sidebar) route that exists today. A route is added here when its page is
 * built; the router, the guard and the sidebar all read this one table.
 */
export const MAIN_ROUTES: readonly MainRoute[] = [
  {
    path: '/dashboard',
    Page: page(() => import('@/features/dashboard/pages/dashboard-page'), 'DashboardPage'),
    permissions: [],
    sidebar: { order: 1, icon: IconLayoutDashboard, labelKey: 'nav.dashboard' },
  },
  {
    path: '/profile',
    Page: page(() => import('@/features/profile/pages/profile-page'), 'ProfilePage'),
    permissions: [],
  },
];

export function findMainRoute(pathname: string): MainRoute | undefined {
  return MAIN_ROUTES.find((r) => matchPath({ path: r.path, end: true }, pathname));
}

export type SidebarUser = { permissions: readonly string[]; tenant: { plugins: readonly string[] } };

/** Sidebar entries the user may open, in spec order. */
export function sidebarEntries(user: SidebarUser): (MainRoute & { sidebar: NonNullable<MainRoute['sidebar']> })[] {
  const held = new Set(user.permissions);
  return MAIN_ROUTES.filter((r): r is MainRoute & { sidebar: NonNullable<MainRoute['sidebar']> } => Boolean(r.sidebar))
    .filter((r) => !r.plugin || user.tenant.plugins.includes(r.plugin))
    .filter((r) => r.permissions.length === 0 || r.permissions.some((k) => held.has(k)))
    .sort((a, b) => a.sidebar.order - b.sidebar.order);
}

/** The top bar is hidden on settings and profile pages (spec §2); onboarding has its own layout. */
export function showsTopBar(pathname: string): boolean {
  return !['/settings', '/profile'].some((p) => pathname === p || pathname.startsWith(p + '/'));
}
