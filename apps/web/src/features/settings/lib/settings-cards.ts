import { hasAnyPermission, type PermissionKey } from '@app/shared/permissions';
import {
  IconAlertTriangle,
  IconApps,
  IconArrowsExchange,
  IconBuildingStore,
  IconCreditCard,
  IconCrown,
  IconAdjustmentsHorizontal,
  IconBell,
  IconCloudUpload,
  IconFileCertificate,
  IconReceiptTax,
  IconSettings,
  IconUsersGroup,
  IconForms,
  IconMessageCircleX,
  IconTag,
  IconTags,
  type Icon,
} from '@tabler/icons-react';

/** One card of the settings hub; its title and description live in `users:panel.cards.<id>`. */
export type SettingsCard = { id: string; path: string; icon: Icon };

/**
 * Every settings page the hub can link to (spec §2 "Panel children"), in the order the hub shows
 * them. A card appears only once its route is in the route table and the user may open it, so pages
 * built later show up here by themselves.
 */
export const SETTINGS_CARDS: readonly SettingsCard[] = [
  { id: 'general', path: '/settings/general', icon: IconSettings },
  { id: 'advanced', path: '/settings/advanced', icon: IconAdjustmentsHorizontal },
  // One entry each for users and roles (its tabs hold users, roles, invitations, teams, supervisors)
  // and for apps and plugins: /settings/users, /settings/roles and /settings/plugins still open, but
  // a second card for the same screen only made people wonder which one to pick.
  { id: 'usersAndRoles', path: '/settings/users-and-roles', icon: IconUsersGroup },
  { id: 'branches', path: '/settings/branches', icon: IconBuildingStore },
  { id: 'appsAndPlugins', path: '/settings/apps-and-plugins', icon: IconApps },
  { id: 'taxes', path: '/settings/taxes', icon: IconReceiptTax },
  { id: 'invoicing', path: '/settings/invoicing', icon: IconFileCertificate },
  { id: 'syncedInvoices', path: '/settings/syncedInvoices', icon: IconCloudUpload },
  { id: 'invoicesAndSync', path: '/settings/invoices-and-sync', icon: IconArrowsExchange },
  { id: 'tags', path: '/settings/tags', icon: IconTags },
  { id: 'reasons', path: '/settings/reasons', icon: IconMessageCircleX },
  { id: 'dataAndFields', path: '/settings/data-and-fields-management', icon: IconForms },
  { id: 'statusLabels', path: '/settings/booking-status-labels', icon: IconTag },
  { id: 'notifications', path: '/settings/notifications', icon: IconBell },
  { id: 'payments', path: '/settings/payments', icon: IconCreditCard },
  { id: 'subscription', path: '/settings/subscriptions', icon: IconCrown },
  { id: 'eraseData', path: '/settings/erase-data', icon: IconAlertTriangle },
];

export type CardRoute = { path: string; permissions: readonly PermissionKey[]; plugin?: string };
export type CardUser = { permissions: readonly string[]; tenant: { plugins: readonly string[] } };

/** The cards whose route exists and that the user may open (its plugin installed, one of its keys held). */
export function visibleSettingsCards(cards: readonly SettingsCard[], routes: readonly CardRoute[], user: CardUser): SettingsCard[] {
  return cards.filter((card) => {
    const route = routes.find((r) => r.path === card.path);
    if (!route) return false;
    if (route.plugin && !user.tenant.plugins.includes(route.plugin)) return false;
    return hasAnyPermission(user.permissions, route.permissions);
  });
}
