import { hasAnyPermission, type PermissionKey } from '@app/shared/permissions';

/** The store panel's tabs (spec §2 order), each with its address and the keys that open it. */
export const STORE_PANEL_TABS: readonly { key: string; path: string; permissions: readonly PermissionKey[] }[] = [
  // The custom domain lives on the general tab, for `store.website_management` too.
  { key: 'general', path: '/store/store-panel/general', permissions: ['store.settings', 'store.website_management'] },
  { key: 'store-settings', path: '/store/store-panel/store-settings', permissions: ['store.settings'] },
  { key: 'appearance', path: '/store/store-panel/appearance', permissions: ['store.appearance'] },
  { key: 'gallery', path: '/store/store-panel/gallery', permissions: ['store.gallery'] },
  { key: 'contacts', path: '/store/store-panel/contacts', permissions: ['store.contacts'] },
];

/** The store's screens (spec §2 order: the panel, reviews, analytics, custom pages). */
export const STORE_SECTIONS: readonly { key: string; path: string; permissions: readonly PermissionKey[] }[] = [
  { key: 'panel', path: '/store/store-panel', permissions: [...new Set(STORE_PANEL_TABS.flatMap((t) => t.permissions))] },
  { key: 'reviews', path: '/store/reviews', permissions: ['marketing.reviews'] },
  { key: 'analytics', path: '/store/analytics', permissions: ['marketing.booking_page'] },
  { key: 'customPages', path: '/store/custom-pages', permissions: ['marketing.pages'] },
];

/** The keys that show the sidebar's store entry: any store key, or the custom pages'. */
export const STORE_KEYS: readonly PermissionKey[] = ['store.settings', 'store.appearance', 'store.gallery', 'store.contacts', 'store.website_management', 'marketing.pages'];

/** The first panel tab the account may open, or null. */
export function panelTarget(permissions: readonly string[]): string | null {
  return STORE_PANEL_TABS.find((t) => hasAnyPermission(permissions, t.permissions))?.path ?? null;
}

/** `/store` opens the panel's first tab the account may open, else its first other store screen. */
export function storeTarget(permissions: readonly string[]): string {
  return panelTarget(permissions) ?? STORE_SECTIONS.find((s) => s.key !== 'panel' && hasAnyPermission(permissions, s.permissions))?.path ?? '/unauthorized';
}
