/**
 * Every permission key of spec §6, grouped as the roles screen shows them, with labels in both
 * languages. The API route table and the web route table both import from here: one list, one truth.
 */
export type Label = { ar: string; en: string };

export type PermissionGroup =
  | 'general'
  | 'calendar'
  | 'appointments'
  | 'orders'
  | 'customer'
  | 'customers'
  | 'services'
  | 'providers'
  | 'packages'
  | 'sales'
  | 'reports'
  | 'marketing'
  | 'comments'
  | 'plugins'
  | 'settings';

type PermissionDef = { key: string; group: PermissionGroup; label: Label };

const p = (key: string, group: PermissionGroup, ar: string, en: string): PermissionDef => ({
  key,
  group,
  label: { ar, en },
});

export const PERMISSIONS = [
  p('calendar.all', 'calendar', 'التقويم: كل الموظفين', 'Calendar: all staff'),
  p('calendar_only_staff', 'calendar', 'التقويم: مواعيده فقط', 'Calendar: own appointments only'),
  p('bookings', 'appointments', 'الحجوزات', 'Bookings'),
  // A visit entered after it happened (a start in the past): owner and admin by default (docs/decisions.md).
  p('bookings.record_past', 'appointments', 'تسجيل زيارة سابقة', 'Record a past visit'),
  p('orders', 'orders', 'الطلبات', 'Orders'),
  p('customers', 'customers', 'العملاء', 'Customers'),
  p('customer_notes_show_all', 'customer', 'عرض كل ملاحظات العملاء', 'Show all customer notes'),
  p('services', 'services', 'الخدمات', 'Services'),
  p('products', 'services', 'المنتجات', 'Products'),
  p('providers', 'providers', 'مقدمو الخدمة', 'Providers'),
  p('packages', 'packages', 'الباقات', 'Packages'),
  p('reports', 'reports', 'التقارير', 'Reports'),
  p('reports.day_sheet', 'reports', 'تقرير اليوم', 'Day sheet'),
  p('reports.most_requested_services', 'reports', 'الخدمات الأكثر طلبًا', 'Most requested services'),
  p('reports.top_loyal_customers', 'reports', 'العملاء الأكثر ولاءً', 'Top loyal customers'),
  p('reports.customers', 'reports', 'تقرير العملاء', 'Customers report'),
  p('reports.sales', 'reports', 'تقرير المبيعات', 'Sales report'),
  p('reports.sales_items', 'reports', 'أصناف المبيعات', 'Sales items'),
  p('reports.transaction_summary', 'reports', 'ملخص المعاملات', 'Transaction summary'),
  p('reports.coupons', 'reports', 'تقرير الكوبونات', 'Coupons report'),
  p('reports.packages', 'reports', 'تقرير الباقات', 'Packages report'),
  p('reports.invoices', 'reports', 'تقرير الفواتير', 'Invoices report'),
  p('reports.refund_invoices', 'reports', 'فواتير الاسترجاع', 'Refund invoices'),
  p('reports.expenses', 'reports', 'تقرير المصروفات', 'Expenses report'),
  p('reports.refunds_summary', 'reports', 'ملخص الاسترجاعات', 'Refunds summary'),
  p('reports.sales_return', 'reports', 'مرتجعات المبيعات', 'Sales return'),
  p('reports.sales_by_staff', 'reports', 'المبيعات حسب الموظف', 'Sales by staff'),
  p('reports.uninvoiced_orders', 'reports', 'الطلبات غير المفوترة', 'Uninvoiced orders'),
  p('reports.products', 'reports', 'تقرير المنتجات', 'Products report'),
  p('reports.pos_sessions', 'reports', 'جلسات نقاط البيع', 'POS sessions'),
  p('sales.payments', 'sales', 'المدفوعات', 'Payments'),
  p('sales.invoices', 'sales', 'الفواتير', 'Invoices'),
  p('sales.packages', 'sales', 'مبيعات الباقات', 'Package sales'),
  p('sales.purchased_packages', 'sales', 'الباقات المشتراة', 'Purchased packages'),
  p('quotations', 'sales', 'عروض الأسعار', 'Quotations'),
  p('transaction', 'sales', 'المعاملات', 'Transactions'),
  p('expenses', 'sales', 'المصروفات', 'Expenses'),
  p('type-expenses', 'sales', 'أنواع المصروفات', 'Expense types'),
  p('marketing.booking_page', 'marketing', 'صفحة الحجز', 'Booking page'),
  p('marketing.reviews', 'marketing', 'التقييمات', 'Reviews'),
  p('marketing.coupons', 'marketing', 'الكوبونات', 'Coupons'),
  p('marketing.offers', 'marketing', 'العروض', 'Offers'),
  p('marketing.campaigns', 'marketing', 'الحملات', 'Campaigns'),
  p('marketing.pages', 'marketing', 'الصفحات', 'Pages'),
  p('store.settings', 'marketing', 'إعدادات المتجر', 'Store settings'),
  p('store.appearance', 'marketing', 'مظهر المتجر', 'Store appearance'),
  p('store.gallery', 'marketing', 'معرض المتجر', 'Store gallery'),
  p('store.contacts', 'marketing', 'بيانات التواصل', 'Store contacts'),
  p('store.website_management', 'marketing', 'إدارة الموقع', 'Website management'),
  p('comments', 'comments', 'التعليقات', 'Comments'),
  p('plugins', 'plugins', 'الإضافات', 'Plugins'),
  p('boundaries', 'plugins', 'نطاقات التوصيل', 'Delivery zones'),
  p('cashier', 'plugins', 'الكاشير', 'Cashier'),
  p('pos.access', 'plugins', 'الوصول لنقاط البيع', 'POS access'),
  p('notifications', 'general', 'الإشعارات', 'Notifications'),
  p('assistant', 'general', 'المساعد الذكي', 'AI assistant'),
  p('settings.general_setting', 'settings', 'الإعدادات العامة', 'General settings'),
  p('settings.advanced_setting', 'settings', 'الإعدادات المتقدمة', 'Advanced settings'),
  p('settings.branches', 'settings', 'الفروع', 'Branches'),
  p('settings.users', 'settings', 'المستخدمون', 'Users'),
  p('settings.roles', 'settings', 'الأدوار', 'Roles'),
  p('settings.categories', 'settings', 'التصنيفات', 'Categories'),
  p('settings.taxes', 'settings', 'الضرائب', 'Taxes'),
  p('settings.subscriptions', 'settings', 'الاشتراكات', 'Subscriptions'),
  p('settings.plans', 'settings', 'الخطط', 'Plans'),
  p('settings.tags', 'settings', 'الوسوم', 'Tags'),
  p('settings.custom_fields', 'settings', 'الحقول المخصصة', 'Custom fields'),
  p('settings.labels', 'settings', 'تسميات الحالات', 'Status labels'),
  p('settings.reasons', 'settings', 'أسباب الإلغاء', 'Cancellation reasons'),
  p('settings.apps', 'settings', 'التطبيقات', 'Apps'),
  p('settings.notifications', 'settings', 'إعدادات الإشعارات', 'Notification settings'),
  p('settings.payments', 'settings', 'المدفوعات', 'Payments'),
  p('settings.payment_methods', 'settings', 'طرق الدفع', 'Payment methods'),
  p('settings.deleting_data', 'settings', 'حذف البيانات', 'Deleting data'),
  p('settings.expenses', 'settings', 'إعدادات المصروفات', 'Expense settings'),
] as const satisfies readonly PermissionDef[];

export type PermissionKey = (typeof PERMISSIONS)[number]['key'];

export const PERMISSION_KEYS: readonly PermissionKey[] = PERMISSIONS.map((d) => d.key);

export function isPermissionKey(value: string): value is PermissionKey {
  return (PERMISSION_KEYS as readonly string[]).includes(value);
}

/** True when the holder has at least one of `required` (an empty list requires nothing). */
export function hasAnyPermission(held: readonly string[], required: readonly PermissionKey[]): boolean {
  if (required.length === 0) return true;
  const set = new Set(held);
  return required.some((k) => set.has(k));
}

/**
 * Keys of the booking desk (calendar, bookings, orders): they also read the pickers those screens
 * need — services, products, packages, providers and branches lists, customer search and quick
 * create — without holding the catalogue's own keys (docs/access-control.md).
 */
export const BOOKING_DESK_KEYS = ['bookings', 'calendar.all', 'calendar_only_staff', 'orders'] as const satisfies readonly PermissionKey[];

/** The owner role: fixed, holds every key, cannot be edited or deleted. */
export const OWNER_ROLE = { slug: 'owner', name: { ar: 'المالك', en: 'Owner' } } as const;

/** The permission groups in the order the roles screen lists them, with their labels. */
export const PERMISSION_GROUPS: readonly { group: PermissionGroup; label: Label }[] = [
  { group: 'general', label: { ar: 'عام', en: 'General' } },
  { group: 'calendar', label: { ar: 'التقويم', en: 'Calendar' } },
  { group: 'appointments', label: { ar: 'المواعيد', en: 'Appointments' } },
  { group: 'orders', label: { ar: 'الطلبات', en: 'Orders' } },
  { group: 'customers', label: { ar: 'العملاء', en: 'Customers' } },
  { group: 'customer', label: { ar: 'ملف العميل', en: 'Customer profile' } },
  { group: 'services', label: { ar: 'الخدمات والمنتجات', en: 'Services and products' } },
  { group: 'providers', label: { ar: 'مقدمو الخدمة', en: 'Providers' } },
  { group: 'packages', label: { ar: 'الباقات', en: 'Packages' } },
  { group: 'sales', label: { ar: 'المبيعات', en: 'Sales' } },
  { group: 'reports', label: { ar: 'التقارير', en: 'Reports' } },
  { group: 'marketing', label: { ar: 'التسويق والمتجر', en: 'Marketing and store' } },
  { group: 'comments', label: { ar: 'التعليقات', en: 'Comments' } },
  { group: 'plugins', label: { ar: 'الإضافات ونقاط البيع', en: 'Plugins and POS' } },
  { group: 'settings', label: { ar: 'الإعدادات', en: 'Settings' } },
];

/** Keys grouped for the roles screen's checkbox tree, in PERMISSION_GROUPS order. */
export function permissionTree() {
  return PERMISSION_GROUPS.map((g) => ({ ...g, permissions: PERMISSIONS.filter((d) => d.group === g.group) }));
}

export function permissionLabel(key: string, locale: 'ar' | 'en'): string {
  return PERMISSIONS.find((d) => d.key === key)?.label[locale] ?? key;
}

const keysOf = (group: PermissionGroup) => PERMISSIONS.filter((d) => d.group === group).map((d) => d.key);
const REPORT_KEYS = keysOf('reports');
const SALES_KEYS = keysOf('sales');

export type DefaultRole = { slug: string; name: Label; permissions: readonly PermissionKey[] };

/**
 * The fixed roles every business starts with (spec §6: "default roles are fixed"): they cannot be
 * edited or deleted. The owner holds every key whatever its stored list says; the others are sensible
 * starting points, and a business makes its own roles for anything else.
 */
export const DEFAULT_ROLES: readonly DefaultRole[] = [
  { slug: OWNER_ROLE.slug, name: OWNER_ROLE.name, permissions: PERMISSION_KEYS },
  {
    slug: 'admin',
    name: { ar: 'مدير', en: 'Admin' },
    permissions: PERMISSION_KEYS.filter((k) => k !== 'settings.deleting_data'),
  },
  {
    slug: 'receptionist',
    name: { ar: 'موظف استقبال', en: 'Receptionist' },
    permissions: ['calendar.all', 'bookings', 'orders', 'customers', 'customer_notes_show_all', 'services', 'products', 'providers', 'packages', 'sales.payments', 'transaction', 'notifications'],
  },
  {
    slug: 'accountant',
    name: { ar: 'محاسب', en: 'Accountant' },
    permissions: ['orders', 'customers', ...REPORT_KEYS, ...SALES_KEYS, 'settings.taxes', 'settings.payment_methods', 'settings.expenses'],
  },
  {
    slug: 'cashier',
    name: { ar: 'كاشير', en: 'Cashier' },
    permissions: ['cashier', 'pos.access', 'orders', 'customers', 'products', 'services', 'sales.payments', 'transaction'],
  },
  {
    slug: 'provider',
    name: { ar: 'مقدم خدمة', en: 'Provider' },
    permissions: ['calendar_only_staff', 'bookings', 'orders', 'customers'],
  },
];

export const DEFAULT_ROLE_SLUGS: readonly string[] = DEFAULT_ROLES.map((r) => r.slug);

/** Keys a POS (cashier-device) account's token may reach: nothing else of the dashboard. */
export const POS_PERMISSIONS: readonly PermissionKey[] = ['cashier', 'pos.access'];
