import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { apiAs, fromOutbox, type OutboxMessage, openDayAhead, signIn } from '../support/session';

/**
 * Issue 19, the public store as a customer uses it, in Arabic on a 360 px phone: on the demo's store
 * (`/s/demo/book`) she picks two services (one with a deposit) and the provider who does both, a day
 * and a time (held for her), fills her details and confirms her phone with the code from the SMS,
 * books, pays the deposit on the payment page, finds the confirmation with the link to her booking,
 * opens it and moves the visit to another time. The owner then cannot book that provider at the new
 * time (422): the moved visit holds it.
 *
 * The spec gives the demo a branch open all day with one provider working all day (and the owner's
 * current branch is not touched), so the times are there whatever hour the suite runs at.
 */

const ZONE = 'Asia/Riyadh';
test.use({ timezoneId: ZONE, viewport: { width: 360, height: 740 }, locale: 'ar-SA' });

const ALL_DAY = Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((d) => [String(d), [['00:00', '00:00']]]));
const riyadh = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00+03:00`).toISOString();

/** The first link to the customer's booking page in the messages. */
const manageLink = (messages: OutboxMessage[]) => {
  for (const m of messages) {
    const link = m.body.match(/https?:\/\/[^\s"'<>]+\/s\/demo\/b\/[A-Za-z0-9._~-]+/)?.[0];
    if (link) return new URL(link).pathname;
  }
  return undefined;
};

async function setUp(page: Page, request: APIRequestContext) {
  await signIn(page);
  const api = await apiAs(page, request);
  const tag = String(Date.now()).slice(-6);
  const branch = await api.post<{ uuid: string }>('branches', { name: `فرع المتجر ${tag}`, type: 'on-site', timezone: ZONE, working_hours: ALL_DAY });
  const provider = { name: `ريم ${tag}`, id: '' };
  provider.id = (await api.post<{ uuid: string }>('providers', { name: provider.name, branch_id: branch.uuid, working_hours: ALL_DAY })).uuid;
  const [category] = await api.get<{ uuid: string }[]>('categories');
  const withDeposit = { name: `صبغة كاملة ${tag}`, id: '' };
  const second = { name: `قص أطراف ${tag}`, id: '' };
  // 200.00 SAR with a 50.00 deposit, and 80.00 without one; 30 minutes each.
  withDeposit.id = (
    await api.post<{ uuid: string }>('services', {
      name: withDeposit.name,
      category_id: category?.uuid,
      price: 20000,
      duration: 30,
      buffer_time: 0,
      deposit_enabled: true,
      deposit_amount: 5000,
      provider_ids: [provider.id],
    })
  ).uuid;
  second.id = (await api.post<{ uuid: string }>('services', { name: second.name, category_id: category?.uuid, price: 8000, duration: 30, buffer_time: 0, provider_ids: [provider.id] })).uuid;
  const token = (await page.evaluate(() => localStorage.getItem('authToken'))) ?? '';
  return { api, token, tag, branchId: branch.uuid, provider, withDeposit, second };
}

test('a customer books two services on the store in Arabic, pays the deposit, and moves the visit from her booking page', async ({ page, request }) => {
  test.setTimeout(180_000);
  const s = await setUp(page, request);
  const phone = `05${s.tag}77`;
  const email = `store-${s.tag}@example.com`;
  const { date } = openDayAhead(2);
  // The customer's own browser: nobody signed in.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());

  await test.step('choose the services, the provider, a day and a time', async () => {
    await page.goto(`/s/demo/book?service=${s.withDeposit.id}`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('store-step-services')).toBeVisible();
    const branch = page.locator('select[name="branch_id"]');
    if (await branch.count()) await branch.selectOption(s.branchId);
    await page.getByTestId(`store-service-${s.withDeposit.id}`).locator('input').check();
    await page.getByTestId(`store-service-${s.second.id}`).locator('input').check();
    await expect(page.getByTestId('store-total')).toContainText('280.00');
    await expect(page.getByTestId('store-deposit')).toContainText('50.00');
    await page.getByTestId('store-next').click();
    await expect(page.getByRole('heading', { name: 'اختر مقدّم الخدمة' })).toBeFocused();
    await page.getByTestId(`store-provider-${s.provider.id}`).click();
    await page.getByTestId('store-next').click();
    let day = page.getByTestId(`store-day-${date}`);
    while (!(await day.count())) await page.getByTestId('store-days-next').click();
    day = page.getByTestId(`store-day-${date}`);
    await expect(day).toBeEnabled();
    await day.click();
    await page.getByTestId('store-slot-10:00').click();
    await expect(page.getByTestId('store-hold')).toContainText('10 دقائق');
    await expect(page.getByTestId('store-slot-10:00')).toHaveAttribute('aria-pressed', 'true');
    await page.getByTestId('store-next').click();
  });

  await test.step('fill the details and confirm the phone with the SMS code', async () => {
    await expect(page.getByTestId('store-step-details')).toBeVisible();
    await page.getByLabel('الاسم الأول').fill('سلمى');
    await page.getByLabel('اسم العائلة').fill(`المتجر ${s.tag}`);
    await page.getByLabel('رقم الجوال').fill(phone);
    await page.getByLabel('البريد الإلكتروني').fill(email);
    await page.getByTestId('store-otp-send').click();
    const code = await fromOutbox(request, `+966${phone.slice(1)}`, (messages) => messages.find((m) => m.channel === 'sms')?.body.match(/\b(\d{4})\b/)?.[1]);
    await page.getByLabel('رمز التحقق').fill(code);
    await page.getByTestId('store-otp-verify').click();
    await expect(page.getByTestId('store-otp-verified')).toBeVisible();
    await expect(page.getByTestId('store-submit')).toContainText('50.00');
  });

  await test.step('book and pay the deposit on the payment page', async () => {
    await page.getByTestId('store-submit').click();
    await expect(page).toHaveURL(/\/pay\/[A-Za-z0-9_-]+/);
    await expect(page.getByTestId('pay-amount')).toContainText('50.00');
    await page.getByTestId('pay-submit').click();
    await expect(page.getByTestId('payment-success')).toBeVisible();
  });

  const link = await fromOutbox(request, email, manageLink).catch(() => fromOutbox(request, `+966${phone.slice(1)}`, manageLink));

  await test.step('open the booking page from the message and move the visit', async () => {
    await page.goto(link);
    await expect(page.getByTestId('store-manage')).toBeVisible();
    const visits = page.getByTestId('store-manage-visits');
    await expect(visits).toContainText(s.withDeposit.name);
    await expect(visits).toContainText(s.provider.name);
    await expect(page.getByTestId('store-manage-pay')).toHaveCount(0);
    await page.getByTestId('store-reschedule').click();
    const panel = page.getByTestId('store-reschedule-panel');
    let day = panel.getByTestId(`store-day-${date}`);
    while (!(await day.count())) await panel.getByTestId('store-days-next').click();
    day = panel.getByTestId(`store-day-${date}`);
    await day.click();
    await panel.getByTestId('store-slot-13:00').click();
    await panel.getByTestId('store-reschedule-confirm').click();
    await expect(page.getByTestId('store-manage-notice')).toBeVisible();
    await expect(page.getByTestId('store-reschedule-panel')).toHaveCount(0);
  });

  await test.step('the owner cannot book the provider at the new time', async () => {
    const customerId = (await s.api.get<{ uuid: string; email: string | null }[]>(`customers?search=${encodeURIComponent(s.tag)}`)).find((c) => c.email === email)?.uuid;
    expect(customerId).toBeTruthy();
    const bookings = await s.api.get<{ start_time: string; staff_id: string | null; status: string }[]>(`bookings?customer_id=${customerId}`);
    expect(bookings.map((b) => b.start_time).sort()).toEqual([riyadh(date, '13:00'), riyadh(date, '13:30')]);
    // This request context holds the operator's XSRF cookie (the outbox): a write echoes it.
    const xsrf = decodeURIComponent((await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
    const owner = await request.post('/api/v1/bookings', {
      headers: { authorization: `Bearer ${s.token}`, 'accept-language': 'ar', ...(xsrf ? { 'x-xsrf-token': xsrf } : {}) },
      data: { customer_id: customerId, branch_id: s.branchId, staff_id: s.provider.id, service_ids: [s.second.id], start_time: riyadh(date, '13:00') },
    });
    const refused = await owner.text();
    expect(owner.status(), refused).toBe(422);
    expect(refused).toContain('start_time');
  });
});
