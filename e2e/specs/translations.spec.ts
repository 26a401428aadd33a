import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { apiAs, signIn } from '../support/session';

/**
 * Every screen in both languages: the text comes from the locale files (no key the code asks for
 * is missing — the web records such keys in window.__i18nMissing), the direction follows the
 * language, and no raw "namespace:key" text shows.
 */
const SCREENS = [
  '/dashboard',
  '/calendar',
  '/bookings',
  '/orders',
  '/orders?tab=drafts',
  '/orders?tab=trash',
  '/sales/transactions',
  '/sales/transactions?tab=trash',
  '/sales/refunded-orders',
  '/sales/quotations',
  '/marketing/coupons',
  '/marketing/campaigns',
  '/notifications/log',
  '/notifications/settings',
  '/profile',
  '/settings/panel',
  '/settings/users-and-roles',
  '/settings/users-and-roles?tab=invitations',
  '/settings/users-and-roles?tab=teams',
  '/settings/users-and-roles?tab=supervisors',
  '/settings/users',
  '/settings/roles',
  '/settings/branches',
  '/settings/branches/new',
  '/settings/plugins',
  '/settings/apps-and-plugins',
  '/settings/general',
  '/settings/taxes',
  '/settings/invoicing',
  '/settings/syncedInvoices',
  '/settings/invoices-and-sync',
  '/settings/tags',
  '/settings/reasons',
  '/settings/data-and-fields-management',
  '/settings/booking-status-labels',
  '/settings/payments',
  '/settings/erase-data',
  '/settings/subscriptions',
  '/settings/subscriptions/plans',
  '/settings/subscriptions/current-plan',
  '/settings/subscriptions/invoices',
  '/management/staffs',
  '/management/customers',
  '/management/services',
  '/management/services/new',
  '/management/categories',
  '/management/products',
  '/management/service-metrics',
  '/management/expenses',
  '/management/expense-types',
  '/management/import/customers',
];

type Problems = string[];

/** Opens a screen and records a missing key, a raw "namespace:key" text or a redirect. */
async function check(page: Page, locale: 'ar' | 'en', screen: string, problems: Problems) {
  await page.goto(screen);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
  expect(page.url(), `${screen} redirected`).not.toMatch(/\/(unauthorized|not-found-plugin|login)$/);
  const missing = await page.evaluate(() => (window as unknown as { __i18nMissing?: string[] }).__i18nMissing ?? []);
  if (missing.length) problems.push(`${screen}: missing ${missing.join(', ')}`);
  const text = await page.locator('body').innerText();
  const raw = text.match(/\b(common|auth|users|settings|branches|plugins|catalogue|customers|providers|import|dashboard|profile|onboarding|calendar|bookings|orders|sales|invoices):[a-z][\w.]*/);
  if (raw) problems.push(`${screen}: raw key ${raw[0]}`);
}

// A dozen screens a test, so a slow machine does not run one test out of time.
const CHUNK = 12;
const chunks = Array.from({ length: Math.ceil(SCREENS.length / CHUNK) }, (_, i) => SCREENS.slice(i * CHUNK, (i + 1) * CHUNK));

for (const locale of ['ar', 'en'] as const) {
  chunks.forEach((screens, i) => {
    test(`every screen is translated in ${locale} (${i + 1}/${chunks.length}: ${screens[0]} …)`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.addInitScript((l) => window.localStorage.setItem('selected-locale', l), locale);
      await signIn(page);
      const problems: Problems = [];
      for (const screen of screens) await check(page, locale, screen, problems);
      expect(problems).toEqual([]);
    });
  });

  test(`an order page is translated in ${locale}`, async ({ page, request }) => {
    await page.addInitScript((l) => window.localStorage.setItem('selected-locale', l), locale);
    await signIn(page);
    // An order of its own (a guest order of one product), so the page is always there to check.
    const api = await apiAs(page, request);
    const product = await api.post<{ uuid: string }>('products', { name: `Translation check ${Date.now()}`, price: 1000, stock: 1 });
    const order = await api.post<{ id: string }>('orders', { customer_id: null, items: [{ type: 'product', product_id: product.uuid, quantity: 1 }] });
    await page.goto(`/orders/${order.id}`);
    await expect(page.getByTestId('order-page')).toBeVisible();
    const problems: Problems = [];
    await check(page, locale, new URL(page.url()).pathname, problems);
    // Paid at the desk (cash with change), its receipt on both paper sizes.
    await api.post(`orders/${order.id}/checkout`, { payments: [{ payment_method: 'cash', amount: 1000, tendered_amount: 2000 }] });
    for (const size of ['a4', '80mm']) {
      await check(page, locale, `/orders/${order.id}/receipt?size=${size}&lang=${locale}`, problems);
      await expect(page.getByTestId('receipt')).toHaveAttribute('data-size', size);
    }
    // Its invoice, previewed with its labels in both languages.
    const invoice = await api.post<{ id: string }>(`orders/${order.id}/invoice`, {});
    await check(page, locale, `/preview-invoices/${invoice.id}`, problems);
    await expect(page.getByTestId('invoice-doc')).toBeVisible();
    expect(problems).toEqual([]);
  });
}

/**
 * The pages a visitor opens without an account fetch only their own texts (issue 15 §6): each is
 * whole in its language from the first paint, and the switch in its corner brings the other
 * language's texts for the page on screen, and for the next one reached from it.
 */
test('the sign-in pages and a payment link are translated in both languages, and switch where they are', async ({ page }) => {
  const problems: Problems = [];
  const look = async (where: string, locale: 'ar' | 'en') => {
    await page.waitForLoadState('networkidle');
    await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    const missing = await page.evaluate(() => (window as unknown as { __i18nMissing?: string[] }).__i18nMissing ?? []);
    if (missing.length) problems.push(`${where} (${locale}): missing ${missing.join(', ')}`);
    const raw = (await page.locator('body').innerText()).match(/\b(common|auth|sales):[a-z][\w.]*/);
    if (raw) problems.push(`${where} (${locale}): raw key ${raw[0]}`);
  };

  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'مرحبًا بعودتك' })).toBeVisible();
  await look('/login', 'ar');
  await page.getByTestId('lang-switch').click();
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await look('/login', 'en');
  await page.getByTestId('signup-link').click();
  await expect(page).toHaveURL(/\/signup$/);
  await look('/signup', 'en');
  await page.goto('/forgot-password');
  await look('/forgot-password', 'en');

  // A link that does not exist shows the pay page's own message, in the language chosen before.
  await page.goto('/pay/no-such-link');
  await expect(page.getByTestId('pay-invalid')).toBeVisible();
  await look('/pay', 'en');
  await page.getByTestId('lang-switch').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await look('/pay', 'ar');
  expect(problems).toEqual([]);
});
