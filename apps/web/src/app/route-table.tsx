import { PERMISSION_KEYS, type PermissionKey } from '@app/shared/permissions';
import { type Icon, IconLayoutDashboard, IconSettings } from '@tabler/icons-react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { matchPath } from 'react-router';
import { lazyPage as page } from './lazy-page';

/** Every settings.* key: the sidebar's settings entry shows to a user holding any of them. */
const SETTINGS_KEYS: readonly PermissionKey[] = PERMISSION_KEYS.filter((k) => k.startsWith('settings.'));

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
  {
    // Redirects to the hub; the sidebar's settings entry (spec §2 order 15) lives here.
    path: '/settings',
    Page: page(() => import('@/features/settings/pages/settings-redirect'), 'SettingsRedirect'),
    permissions: SETTINGS_KEYS,
    sidebar: { order: 15, icon: IconSettings, labelKey: 'nav.settings' },
  },
  {
    path: '/settings/panel',
    Page: page(() => import('@/features/settings/pages/settings-panel-page'), 'SettingsPanelPage'),
    permissions: [],
  },
  {
    path: '/settings/users-and-roles',
    Page: page(() => import('@/features/users/pages/users-and-roles-page'), 'UsersAndRolesPage'),
    permissions: ['settings.users', 'settings.roles'],
  },
  {
    path: '/settings/users',
    Page: page(() => import('@/features/users/pages/users-page'), 'UsersPage'),
    permissions: ['settings.users'],
  },
  {
    path: '/settings/roles',
    Page: page(() => import('@/features/users/pages/roles-page'), 'RolesPage'),
    permissions: ['settings.roles'],
  },
  {
    path: '/settings/branches',
    Page: page(() => import('@/features/branches/pages/branches-page'), 'BranchesPage'),
    permissions: ['settings.branches'],
  },
  {
    // `new` creates a branch; a uuid edits one.
    path: '/settings/branches/:id',
    Page: page(() => import('@/features/branches/pages/branch-page'), 'BranchPage'),
    permissions: ['settings.branches'],
  },
  {
    path: '/settings/plugins',
    Page: page(() => import('@/features/plugins/pages/plugins-page'), 'PluginsPage'),
    permissions: ['plugins'],
  },
  {
    path: '/settings/apps-and-plugins',
    Page: page(() => import('@/features/plugins/pages/plugins-page'), 'AppsAndPluginsPage'),
    permissions: ['plugins', 'settings.apps'],
  },
  {
    path: '/settings/erase-data',
    Page: page(() => import('@/features/erase-data/pages/erase-data-page'), 'EraseDataPage'),
    permissions: ['settings.deleting_data'],
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
