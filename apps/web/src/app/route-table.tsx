import { PERMISSION_KEYS, type PermissionKey } from '@app/shared/permissions';
import { IMPORT_ENTITIES, IMPORT_PERMISSIONS, IMPORT_PLUGIN } from '@app/shared/schemas/import';
import { type Icon, IconBell, IconBriefcase, IconBuildingStore, IconCalendar, IconChartBar, IconCalendarEvent, IconCash, IconLayoutDashboard, IconReceipt, IconSettings, IconSpeakerphone } from '@tabler/icons-react';
import { matchPath } from 'react-router';
import { STORE_KEYS, STORE_PANEL_TABS } from '@/features/store/lib/store-sections';
import { type LazyPage, lazyPage as page } from './lazy-page';

/** Every settings.* key: the sidebar's settings entry shows to a user holding any of them. */
const SETTINGS_KEYS: readonly PermissionKey[] = PERMISSION_KEYS.filter((k) => k.startsWith('settings.'));
/** The management children's keys: the sidebar's management entry shows to a user holding any of them. */
const MANAGEMENT_KEYS: readonly PermissionKey[] = ['providers', 'customers', 'services', 'products', 'packages', 'expenses', 'type-expenses'];
/** The keys of the marketing children built so far: the sidebar's marketing entry shows to a user holding any of them. */
const MARKETING_KEYS: readonly PermissionKey[] = ['marketing.reviews', 'comments', 'marketing.coupons', 'marketing.offers', 'marketing.campaigns'];
/** The notifications children's keys (the log, the templates): the sidebar's notifications entry shows to a user holding either. */
const NOTIFICATION_KEYS: readonly PermissionKey[] = ['notifications', 'settings.notifications'];

/** The store panel's tabs: one page, each tab at its own address with its own key. */
const StorePanelPage = page(() => import('@/features/store/pages/store-panel-page'), 'StorePanelPage', ['store']);
/** Any store panel tab's key opens `/store/store-panel`. */
const STORE_PANEL_KEYS: readonly PermissionKey[] = [...new Set(STORE_PANEL_TABS.flatMap((t) => t.permissions))];

/** The current plan answers at the subscription's own address and at `/current-plan`: one page for both. */
const CurrentPlanPage = page(() => import('@/features/subscription/pages/current-plan-page'), 'CurrentPlanPage', ['subscription', 'users']);

export type MainRoute = {
  path: string;
  Page: LazyPage;
  /** The user needs one of these keys; an empty list needs none. */
  permissions: readonly PermissionKey[];
  /** Shown only when the tenant has installed this plugin. */
  plugin?: string;
  /** A page without the sidebar and top bar (printable), still behind the guard. */
  bare?: boolean;
  /** The platform operator's page: only the support account (`can_imp`), not while impersonating. */
  operator?: boolean;
  /** Sidebar entry (spec §2 order: dashboard 1, calendar 2, booking 3, orders 4, notifications 5 …). */
  sidebar?: {
    order: number;
    icon: Icon;
    labelKey: string;
    /** An unread counter of `GET load-unread-modules-counts` shown beside the entry. */
    badge?: 'orders' | 'transactions';
    /** A status dot beside the entry: `whatsapp`, the business's WhatsApp link (connected or not, spec §2). */
    dot?: 'whatsapp';
  };
};

/**
 * Every main (signed-in, sidebar) route that exists today. A route is added here when its page is
 * built; the router, the guard and the sidebar all read this one table.
 */
export const MAIN_ROUTES: readonly MainRoute[] = [
  {
    path: '/dashboard',
    Page: page(() => import('@/features/dashboard/pages/dashboard-page'), 'DashboardPage', ['dashboard', 'orders']),
    permissions: [],
    sidebar: { order: 1, icon: IconLayoutDashboard, labelKey: 'nav.dashboard' },
  },
  // Bookings (features/calendar, features/bookings): read by calendar.all, calendar_only_staff, bookings.
  {
    path: '/calendar',
    Page: page(() => import('@/features/calendar/pages/calendar-page'), 'CalendarPage', ['bookings', 'calendar', 'customers', 'orders']),
    permissions: ['calendar.all', 'calendar_only_staff', 'bookings'],
    sidebar: { order: 2, icon: IconCalendar, labelKey: 'calendar:title' },
  },
  {
    path: '/bookings',
    Page: page(() => import('@/features/bookings/pages/bookings-page'), 'BookingsPage', ['bookings', 'customers', 'orders']),
    permissions: ['bookings', 'calendar.all'],
    sidebar: { order: 3, icon: IconCalendarEvent, labelKey: 'bookings:title' },
  },
  // Orders (features/orders): the API's `orders` key; provider accounts see only assigned orders.
  {
    path: '/orders',
    Page: page(() => import('@/features/orders/pages/orders-page'), 'OrdersPage', ['orders']),
    permissions: ['orders'],
    sidebar: { order: 4, icon: IconReceipt, labelKey: 'orders:nav', badge: 'orders' },
  },
  {
    path: '/orders/:id',
    Page: page(() => import('@/features/orders/pages/order-page'), 'OrderPage', ['orders', 'sales', 'invoices', 'notifications']),
    permissions: ['orders'],
  },
  {
    // The printable receipt (?size=a4|80mm&lang=ar|en&print=1): the receipt API's keys.
    path: '/orders/:id/receipt',
    Page: page(() => import('@/features/orders/pages/receipt-page'), 'ReceiptPage', ['orders']),
    permissions: ['orders', 'sales.payments', 'transaction'],
    bare: true,
  },
  // Notifications (features/notifications): /notifications opens the WhatsApp screen in the spec (§2);
  // until it exists, the messages sent (the last 7 days, spec §9), or the templates for who may only see those.
  {
    path: '/notifications',
    Page: page(() => import('@/features/notifications/pages/notifications-redirect'), 'NotificationsRedirect'),
    permissions: NOTIFICATION_KEYS,
    sidebar: { order: 5, icon: IconBell, labelKey: 'nav.notifications', dot: 'whatsapp' },
  },
  {
    // The WhatsApp link by QR (spec §2, §4), where /notifications opens.
    path: '/notifications/whatsapp',
    Page: page(() => import('@/features/notifications/pages/whatsapp-page'), 'WhatsappPage', ['notifications', 'channels']),
    permissions: NOTIFICATION_KEYS,
  },
  {
    path: '/notifications/log',
    Page: page(() => import('@/features/notifications/pages/log-page'), 'NotificationLogPage', ['notifications']),
    permissions: ['notifications'],
  },
  {
    path: '/notifications/settings',
    Page: page(() => import('@/features/notifications/pages/templates-page'), 'NotificationTemplatesPage', ['notifications']),
    permissions: ['settings.notifications'],
  },
  {
    // The settings hub's card opens the templates at their place under /notifications.
    path: '/settings/notifications',
    Page: page(() => import('@/features/notifications/pages/notifications-redirect'), 'NotificationSettingsRedirect'),
    permissions: ['settings.notifications'],
  },
  // Invoices (features/invoices): the preview and the printable page (prints by itself after 1 s, spec §7).
  {
    path: '/preview-invoices/:id',
    Page: page(() => import('@/features/invoices/pages/invoice-page'), 'InvoicePreviewPage', ['invoices', 'orders']),
    permissions: ['sales.invoices', 'orders'],
    bare: true,
  },
  {
    path: '/print-invoice/:id',
    Page: page(() => import('@/features/invoices/pages/invoice-page'), 'InvoicePrintPage', ['invoices', 'orders']),
    permissions: ['sales.invoices', 'orders'],
    bare: true,
  },
  // Sales (features/transactions, features/invoices). /sales opens the refunded orders (spec §2).
  {
    path: '/sales',
    Page: page(() => import('@/features/transactions/pages/sales-redirect'), 'SalesRedirect'),
    permissions: ['transaction', 'sales.payments', 'sales.invoices', 'quotations'],
    sidebar: { order: 9, icon: IconCash, labelKey: 'sales:nav', badge: 'transactions' },
  },
  {
    path: '/sales/quotations',
    Page: page(() => import('@/features/invoices/pages/quotations-page'), 'QuotationsPage', ['invoices', 'orders']),
    permissions: ['quotations'],
  },
  {
    path: '/print-quotation/:id',
    Page: page(() => import('@/features/invoices/pages/quotation-print-page'), 'QuotationPrintPage', ['invoices']),
    permissions: ['quotations'],
    bare: true,
  },
  {
    path: '/sales/refunded-orders',
    Page: page(() => import('@/features/invoices/pages/refunded-orders-page'), 'RefundedOrdersPage', ['invoices']),
    permissions: ['sales.invoices', 'orders'],
  },
  {
    path: '/sales/transactions',
    Page: page(() => import('@/features/transactions/pages/transactions-page'), 'TransactionsPage', ['sales']),
    permissions: ['transaction', 'sales.payments', 'orders'],
  },
  {
    path: '/sales/transactions/:id',
    Page: page(() => import('@/features/transactions/pages/transaction-page'), 'TransactionPage', ['sales']),
    permissions: ['transaction', 'sales.payments', 'orders'],
  },
  // Marketing (features/marketing): /marketing opens the reviews (spec §2), or the first screen the
  // user may open; offers and campaigns join MARKETING_KEYS when they are built.
  {
    path: '/marketing',
    Page: page(() => import('@/features/marketing/pages/marketing-redirect'), 'MarketingRedirect'),
    permissions: MARKETING_KEYS,
    sidebar: { order: 11, icon: IconSpeakerphone, labelKey: 'nav.marketing' },
  },
  {
    path: '/marketing/reviews',
    Page: page(() => import('@/features/marketing/pages/reviews-page'), 'ReviewsPage', ['marketing', 'reviews']),
    permissions: ['marketing.reviews'],
  },
  {
    path: '/marketing/comments',
    Page: page(() => import('@/features/marketing/pages/comments-page'), 'CommentsPage', ['marketing', 'reviews']),
    permissions: ['comments'],
  },
  {
    path: '/marketing/coupons',
    Page: page(() => import('@/features/marketing/pages/coupons-page'), 'CouponsPage', ['marketing']),
    permissions: ['marketing.coupons'],
  },
  {
    path: '/marketing/offers',
    Page: page(() => import('@/features/marketing/pages/offers-page'), 'OffersPage', ['marketing', 'offers']),
    permissions: ['marketing.offers'],
  },
  {
    path: '/marketing/campaigns',
    Page: page(() => import('@/features/marketing/pages/campaigns-page'), 'CampaignsPage', ['marketing', 'campaigns']),
    permissions: ['marketing.campaigns'],
  },
  {
    path: '/marketing/campaigns/:id',
    Page: page(() => import('@/features/marketing/pages/campaign-page'), 'CampaignPage', ['marketing', 'campaigns']),
    permissions: ['marketing.campaigns'],
  },
  // The store panel (features/store, issue 19): /store opens the panel's first tab the account may
  // open (spec §2); each tab with its own key, the custom domain on the general tab.
  {
    path: '/store',
    Page: page(() => import('@/features/store/pages/store-redirect'), 'StoreRedirect'),
    permissions: STORE_KEYS,
    sidebar: { order: 10, icon: IconBuildingStore, labelKey: 'nav.store' },
  },
  {
    path: '/store/store-panel',
    Page: page(() => import('@/features/store/pages/store-redirect'), 'StorePanelRedirect'),
    permissions: STORE_PANEL_KEYS,
  },
  ...STORE_PANEL_TABS.map((tab): MainRoute => ({ path: tab.path, Page: StorePanelPage, permissions: tab.permissions })),
  {
    // The same moderation screen as /marketing/reviews, under the store's tabs (spec §2).
    path: '/store/reviews',
    Page: page(() => import('@/features/store/pages/store-reviews-page'), 'StoreReviewsPage', ['marketing', 'reviews', 'store']),
    permissions: ['marketing.reviews'],
  },
  {
    path: '/store/analytics',
    Page: page(() => import('@/features/store/pages/store-analytics-page'), 'StoreAnalyticsPage', ['store']),
    permissions: ['marketing.booking_page'],
    sidebar: { order: 13, icon: IconChartBar, labelKey: 'nav.storeAnalytics' },
  },
  {
    path: '/store/custom-pages',
    Page: page(() => import('@/features/store/pages/custom-pages-page'), 'CustomPagesPage', ['store']),
    permissions: ['marketing.pages'],
  },
  {
    // `create` makes a page; an id edits one.
    path: '/store/custom-pages/:id',
    Page: page(() => import('@/features/store/pages/custom-page-page'), 'CustomPagePage', ['store']),
    permissions: ['marketing.pages'],
  },
  {
    // Redirects to the staff list; the sidebar's management entry (spec §2 order 8) lives here.
    path: '/management',
    Page: page(() => import('@/features/customers/pages/management-redirect'), 'ManagementRedirect'),
    permissions: MANAGEMENT_KEYS,
    sidebar: { order: 8, icon: IconBriefcase, labelKey: 'nav.management' },
  },
  {
    path: '/management/staffs',
    Page: page(() => import('@/features/providers/pages/staffs-page'), 'StaffsPage', ['branches', 'import', 'providers']),
    permissions: ['providers'],
  },
  {
    path: '/management/customers',
    Page: page(() => import('@/features/customers/pages/customers-page'), 'CustomersPage', ['customers', 'import']),
    permissions: ['customers'],
  },
  {
    path: '/management/customers/:id',
    Page: page(() => import('@/features/customers/pages/customer-page'), 'CustomerPage', ['bookings', 'customers', 'orders']),
    permissions: ['customers'],
  },
  {
    path: '/profile',
    Page: page(() => import('@/features/profile/pages/profile-page'), 'ProfilePage', ['profile', 'channels']),
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
    Page: page(() => import('@/features/settings/pages/settings-panel-page'), 'SettingsPanelPage', ['users']),
    permissions: [],
  },
  {
    path: '/settings/users-and-roles',
    Page: page(() => import('@/features/users/pages/users-and-roles-page'), 'UsersAndRolesPage', ['branches', 'settings', 'users']),
    permissions: ['settings.users', 'settings.roles'],
  },
  {
    path: '/settings/users',
    Page: page(() => import('@/features/users/pages/users-page'), 'UsersPage', ['users']),
    permissions: ['settings.users'],
  },
  {
    path: '/settings/roles',
    Page: page(() => import('@/features/users/pages/roles-page'), 'RolesPage', ['users']),
    permissions: ['settings.roles'],
  },
  {
    path: '/settings/branches',
    Page: page(() => import('@/features/branches/pages/branches-page'), 'BranchesPage', ['branches']),
    permissions: ['settings.branches'],
  },
  {
    // `new` creates a branch; a uuid edits one.
    path: '/settings/branches/:id',
    Page: page(() => import('@/features/branches/pages/branch-page'), 'BranchPage', ['branches']),
    permissions: ['settings.branches'],
  },
  {
    path: '/settings/plugins',
    Page: page(() => import('@/features/plugins/pages/plugins-page'), 'PluginsPage', ['plugins']),
    permissions: ['plugins'],
  },
  {
    path: '/settings/apps-and-plugins',
    Page: page(() => import('@/features/plugins/pages/plugins-page'), 'AppsAndPluginsPage', ['plugins']),
    permissions: ['plugins', 'settings.apps'],
  },
  // Business settings (issue 4 §4), with the API's keys.
  {
    path: '/settings/general',
    Page: page(() => import('@/features/settings/pages/general-settings-page'), 'GeneralSettingsPage', ['settings', 'users']),
    permissions: ['settings.general_setting'],
  },
  {
    path: '/settings/taxes',
    Page: page(() => import('@/features/settings/pages/taxes-page'), 'TaxesPage', ['settings', 'users']),
    permissions: ['settings.taxes'],
  },
  {
    path: '/settings/invoicing',
    Page: page(() => import('@/features/invoices/pages/invoicing-settings-page'), 'InvoicingSettingsPage', ['invoices', 'users']),
    permissions: ['settings.taxes', 'settings.general_setting'],
  },
  {
    path: '/settings/invoices-and-sync',
    Page: page(() => import('@/features/invoices/pages/invoices-sync-page'), 'InvoicesSyncPage', ['invoices', 'users']),
    permissions: ['settings.apps'],
  },
  {
    // Spec §2: no permission of its own; open to whoever reads invoices.
    path: '/settings/syncedInvoices',
    Page: page(() => import('@/features/invoices/pages/synced-invoices-page'), 'SyncedInvoicesPage', ['invoices', 'users']),
    permissions: ['sales.invoices', 'orders', 'settings.taxes', 'settings.general_setting'],
  },
  {
    path: '/settings/tags',
    Page: page(() => import('@/features/settings/pages/tags-page'), 'TagsPage', ['settings', 'users']),
    permissions: ['settings.tags'],
  },
  {
    path: '/settings/reasons',
    Page: page(() => import('@/features/settings/pages/reasons-page'), 'ReasonsPage', ['settings', 'users']),
    permissions: ['settings.reasons'],
  },
  {
    path: '/settings/data-and-fields-management',
    Page: page(() => import('@/features/settings/pages/custom-fields-page'), 'CustomFieldsPage', ['settings', 'users']),
    permissions: ['settings.custom_fields'],
  },
  {
    path: '/settings/booking-status-labels',
    Page: page(() => import('@/features/settings/pages/status-labels-page'), 'StatusLabelsPage', ['settings', 'users']),
    permissions: ['settings.labels'],
  },
  {
    path: '/settings/payments',
    Page: page(() => import('@/features/settings/pages/payments-page'), 'PaymentsPage', ['settings', 'users']),
    permissions: ['settings.payment_methods'],
  },
  {
    path: '/management/expenses',
    Page: page(() => import('@/features/expenses/pages/expenses-page'), 'ExpensesPage', ['settings']),
    permissions: ['expenses'],
  },
  {
    path: '/management/expense-types',
    Page: page(() => import('@/features/expenses/pages/expense-types-page'), 'ExpenseTypesPage', ['settings']),
    permissions: ['type-expenses'],
  },
  // Catalogue (features/catalogue): keys and plugin as the API declares them.
  {
    path: '/management/services',
    Page: page(() => import('@/features/catalogue/pages/services-page'), 'ServicesPage', ['catalogue', 'import']),
    permissions: ['services'],
  },
  {
    // `new` creates a service; a uuid edits one and its providers.
    path: '/management/services/:id',
    Page: page(() => import('@/features/catalogue/pages/service-page'), 'ServicePage', ['catalogue']),
    permissions: ['services'],
  },
  {
    path: '/management/categories',
    Page: page(() => import('@/features/catalogue/pages/categories-page'), 'CategoriesPage', ['catalogue', 'import']),
    permissions: ['services', 'products'],
  },
  {
    path: '/management/products',
    Page: page(() => import('@/features/catalogue/pages/products-page'), 'ProductsPage', ['catalogue', 'import']),
    permissions: ['products'],
  },
  {
    path: '/management/product/:id',
    Page: page(() => import('@/features/catalogue/pages/product-page'), 'ProductPage', ['catalogue']),
    permissions: ['products'],
  },
  {
    path: '/management/packages',
    Page: page(() => import('@/features/catalogue/pages/packages-page'), 'PackagesPage', ['catalogue', 'import']),
    permissions: ['packages'],
    plugin: 'packages',
  },
  {
    path: '/management/packages/:id',
    Page: page(() => import('@/features/catalogue/pages/package-page'), 'PackagePage', ['catalogue']),
    permissions: ['packages'],
    plugin: 'packages',
  },
  {
    path: '/management/service-metrics',
    Page: page(() => import('@/features/catalogue/pages/service-metrics-page'), 'ServiceMetricsPage', ['catalogue']),
    permissions: ['services'],
  },
  // The subscription (features/subscription): the current plan, the plans, the invoices; all of them
  // answer while the trial or the plan has ended (the 402 way out).
  ...['/settings/subscriptions', '/settings/subscriptions/current-plan'].map((path): MainRoute => ({ path, Page: CurrentPlanPage, permissions: ['settings.subscriptions'] })),
  {
    path: '/settings/subscriptions/plans',
    Page: page(() => import('@/features/subscription/pages/plans-page'), 'PlansPage', ['subscription', 'users']),
    permissions: ['settings.subscriptions'],
  },
  {
    path: '/settings/subscriptions/invoices',
    Page: page(() => import('@/features/subscription/pages/subscription-invoices-page'), 'SubscriptionInvoicesPage', ['subscription', 'users']),
    permissions: ['settings.subscriptions'],
  },
  {
    // The platform's tax invoice to the business, printable (A4).
    path: '/settings/subscriptions/invoices/:id',
    Page: page(() => import('@/features/subscription/pages/subscription-invoice-page'), 'SubscriptionInvoicePage', ['subscription']),
    permissions: ['settings.subscriptions'],
    bare: true,
  },
  {
    // The local payment gateway's page for a subscription charge (no real gateway configured).
    path: '/subscription-checkout/:chargeId',
    Page: page(() => import('@/features/subscription/pages/checkout-simulator-page'), 'CheckoutSimulatorPage', ['subscription']),
    permissions: ['settings.subscriptions'],
    bare: true,
  },
  {
    // The platform operator: plans, every business's subscription, bank transfers to review.
    path: '/operator',
    Page: page(() => import('@/features/subscription/pages/operator-page'), 'OperatorPage', ['subscription', 'invoices', 'users']),
    permissions: [],
    operator: true,
  },
  {
    path: '/settings/erase-data',
    Page: page(() => import('@/features/erase-data/pages/erase-data-page'), 'EraseDataPage', ['settings', 'users']),
    permissions: ['settings.deleting_data'],
  },
  // Bulk import screens, one per entity, with the API's keys (and plugin) of that entity.
  ...IMPORT_ENTITIES.map(
    (entity): MainRoute => ({
      path: `/management/import/${entity}`,
      Page: page(() => import('@/features/import/pages/import-page'), 'ImportPage', ['import']),
      permissions: IMPORT_PERMISSIONS[entity],
      ...(IMPORT_PLUGIN[entity] ? { plugin: IMPORT_PLUGIN[entity] } : {}),
    }),
  ),
];

export function findMainRoute(pathname: string): MainRoute | undefined {
  return MAIN_ROUTES.find((r) => matchPath({ path: r.path, end: true }, pathname));
}

export type SidebarUser = { permissions: readonly string[]; tenant: { plugins: readonly string[] }; can_imp?: boolean; is_imp?: boolean };

/** Sidebar entries the user may open, in spec order. */
export function sidebarEntries(user: SidebarUser): (MainRoute & { sidebar: NonNullable<MainRoute['sidebar']> })[] {
  const held = new Set(user.permissions);
  return MAIN_ROUTES.filter((r): r is MainRoute & { sidebar: NonNullable<MainRoute['sidebar']> } => Boolean(r.sidebar))
    .filter((r) => !r.plugin || user.tenant.plugins.includes(r.plugin))
    .filter((r) => r.permissions.length === 0 || r.permissions.some((k) => held.has(k)))
    .sort((a, b) => a.sidebar.order - b.sidebar.order);
}

/**
 * The pages worth fetching ahead for this user: the sidebar's in its order, then the other pages the
 * user may open (management lists, settings), each once.
 */
export function pagesToPreload(user: SidebarUser): LazyPage[] {
  const held = new Set(user.permissions);
  const operator = Boolean(user.can_imp && !user.is_imp);
  const allowed = MAIN_ROUTES.filter(
    (r) => (!r.plugin || user.tenant.plugins.includes(r.plugin)) && (r.permissions.length === 0 || r.permissions.some((k) => held.has(k))) && (!r.operator || operator),
  );
  return [...new Set([...sidebarEntries(user).map((r) => r.Page), ...allowed.map((r) => r.Page)])];
}

/** The top bar is hidden on settings and profile pages (spec §2); onboarding has its own layout. */
export function showsTopBar(pathname: string): boolean {
  return !['/settings', '/profile'].some((p) => pathname === p || pathname.startsWith(p + '/'));
}
