import { expect, test } from '../support/fixtures';
import { apiAs, newBusiness, signIn } from '../support/session';

/**
 * Issue 19, the public store's pages in Chromium: the demo store at /s/demo in Arabic on a phone
 * shows its bookable services; maintenance set by the owner through the API shows the maintenance
 * page (503) instead; and a second business's store never shows the demo's services.
 */

type Service = { uuid: string; name: string; display_on_booking_page: boolean; is_public: boolean };
type Settings = { store_name: string | null; description: string | null; status: string; maintenance_title: string | null; maintenance_body: string | null };

test('the demo store in Arabic on a phone shows its bookable services', async ({ browser, page, request }) => {
  await signIn(page);
  const api = await apiAs(page, request);
  const bookable = (await api.get<Service[]>('services?per_page=100')).filter((s) => s.display_on_booking_page && s.is_public);
  expect(bookable.length).toBeGreaterThan(0);

  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'ar-SA' });
  const visitor = await phone.newPage();
  const res = await visitor.goto('/s/demo');
  expect(res?.status()).toBe(200);
  await expect(visitor.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(visitor.locator('html')).toHaveAttribute('lang', 'ar');
  const services = visitor.locator('#services');
  await expect(services.getByRole('heading', { name: 'الخدمات' })).toBeVisible();
  await expect(services.locator('article h3').first()).toBeVisible();
  const shown = await services.locator('article h3').allTextContents();
  expect(shown.some((name) => bookable.some((s) => s.name === name))).toBe(true);
  // Nothing overflows the phone's width.
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // A service's Book link leads to the booking page with it chosen.
  const first = services.locator('article').first();
  await first.getByRole('link', { name: 'احجز' }).click();
  await expect(visitor).toHaveURL(/\/s\/demo\/book\?service=[0-9a-f-]{36}$/);
  await expect(visitor.locator('#store-app[data-view="book"]')).toBeAttached();
  // English on the switch.
  await visitor.goto('/s/demo?lang=en');
  await expect(visitor.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(visitor.locator('#services').getByRole('heading', { name: 'Services' })).toBeVisible();
  await phone.close();
});

test('maintenance set by the owner shows the maintenance page', async ({ browser, page, request }) => {
  await signIn(page);
  const api = await apiAs(page, request);
  const before = await api.get<Settings>('store/settings');
  const general = (over: Partial<Settings>) => ({
    store_name: before.store_name ?? 'Demo',
    description: before.description,
    status: before.status,
    maintenance_title: before.maintenance_title,
    maintenance_body: before.maintenance_body,
    ...over,
  });
  await api.post('store/settings/general', general({ status: 'maintenance', maintenance_title: 'نعود قريبًا بحلة جديدة', maintenance_body: 'نجدد الصالون هذا الأسبوع.' }));
  try {
    const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'ar-SA' });
    const visitor = await phone.newPage();
    const res = await visitor.goto('/s/demo');
    expect(res?.status()).toBe(503);
    await expect(visitor.getByRole('heading', { name: 'نعود قريبًا بحلة جديدة' })).toBeVisible();
    await expect(visitor.getByText('نجدد الصالون هذا الأسبوع.')).toBeVisible();
    await expect(visitor.locator('#services')).toHaveCount(0);
    expect((await visitor.goto('/s/demo/book'))?.status()).toBe(503);
    await phone.close();
  } finally {
    await api.post('store/settings/general', general({ status: before.status === 'maintenance' ? 'active' : before.status }));
  }
  const back = await request.get('/s/demo');
  expect(back.status()).toBe(200);
});

test("a second business's store never shows the demo's services", async ({ page, request, browser }) => {
  await signIn(page);
  const api = await apiAs(page, request);
  const demoNames = (await api.get<Service[]>('services?per_page=100')).filter((s) => s.display_on_booking_page && s.is_public).map((s) => s.name);

  const other = await newBusiness(request);
  await request.get('/api/v1/csrf-cookie');
  const xsrf = decodeURIComponent((await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  const login = await request.post('/api/v1/auth/login', { data: { email: other.email, password: other.password }, headers: { 'x-xsrf-token': xsrf } });
  expect(login.status(), await login.text()).toBe(200);
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const me = await request.get('/api/v1/auth/me', { headers: { authorization: `Bearer ${token}` } });
  const subdomain = ((await me.json()) as { data: { tenant: { booking_page: { subdomain: string } } } }).data.tenant.booking_page.subdomain;
  expect(subdomain).toMatch(/^[a-z]+$/);

  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'ar-SA' });
  const visitor = await phone.newPage();
  expect((await visitor.goto(`/s/${subdomain}`))?.status()).toBe(200);
  await expect(visitor.locator('header .brand')).toContainText('منيرة');
  const text = await visitor.locator('body').innerText();
  for (const name of demoNames) expect(text).not.toContain(name);
  const data = JSON.parse((await visitor.goto(`/s/${subdomain}/book`).then(() => visitor.locator('#store-data').textContent())) ?? '{}') as { subdomain: string; services: { name: string }[] };
  expect(data.subdomain).toBe(subdomain);
  for (const s of data.services) expect(demoNames).not.toContain(s.name);
  await phone.close();
});
