import type { BrowserContext, Locator, Page } from '@playwright/test';
import { expect, test, watchCsp } from '../support/fixtures';
import { apiAs, signIn } from '../support/session';

/**
 * Issue 14, the reception desk as a receptionist uses it. In Arabic at 1440 px: the staff day view
 * shows a column per provider; a walk-in is booked from a provider's column (a new customer typed into
 * the drawer and booked with one press); another booking is dragged to a second provider (after the
 * confirmation); the walk-in is checked out with a split payment (cash with change, and card), which
 * completes the visit, and the A4 receipt prints. The same in English at 360 px: one provider at a time
 * with a quick switch, walk-in, split checkout and the 80 mm receipt.
 *
 * A walk-in starts now, whatever the hour the suite runs at: the spec makes a branch open all day
 * (00:00–00:00) with two providers working all day, and the owner's current branch is that branch for
 * the spec only.
 */

const ZONE = 'Asia/Riyadh';
test.use({ timezoneId: ZONE });

const ALL_DAY = Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((d) => [String(d), [['00:00', '00:00']]]));

type Setup = { tag: string; branchId: string; first: { id: string; name: string }; second: { id: string; name: string }; service: string; restoreBranch: string | null };

async function setUp(page: Page, request: Parameters<typeof apiAs>[1]): Promise<Setup> {
  const api = await apiAs(page, request);
  const tag = String(Date.now()).slice(-6);
  const me = await api.get<{ current_branch: { uuid: string } | null }>('auth/me');
  const branch = await api.post<{ uuid: string }>('branches', { name: `فرع المناوبة ${tag}`, type: 'on-site', timezone: ZONE, working_hours: ALL_DAY });
  const first = { name: `نوف ${tag}`, id: '' };
  const second = { name: `جود ${tag}`, id: '' };
  for (const p of [first, second]) p.id = (await api.post<{ uuid: string }>('providers', { name: p.name, branch_id: branch.uuid, working_hours: ALL_DAY })).uuid;
  const [category] = await api.get<{ uuid: string }[]>('categories');
  const service = `قص سريع ${tag}`;
  // Chosen for both providers while it is created; 100.00 SAR, no tax.
  await api.post('services', { name: service, category_id: category?.uuid, price: 10000, duration: 30, buffer_time: 0, sort_order: 99, provider_ids: [first.id, second.id] });
  await api.put('auth/current-branch', { branch_id: branch.uuid });
  return { tag, branchId: branch.uuid, first, second, service, restoreBranch: me.current_branch?.uuid ?? null };
}

async function restore(page: Page, request: Parameters<typeof apiAs>[1], s: Setup) {
  const api = await apiAs(page, request);
  await api.put('auth/current-branch', { branch_id: s.restoreBranch });
}

/** Picks an option of a Mantine select or multi-select by its text. */
async function choose(page: Page, target: Locator, option: string) {
  await target.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Books a walk-in from a provider's column: new customer typed in, walk-in mode, the service, one press on Book. */
async function bookWalkIn(page: Page, column: Locator, s: Setup, who: { first: string; last: string; phone: string }, labels: { walkIn: string }) {
  await column.locator('[data-testid="staff-cell"]').nth(48).click();
  const drawer = page.getByTestId('booking-drawer');
  await expect(drawer.getByTestId('booking-customer-search')).toBeVisible();
  await drawer.getByTestId('booking-customer-new').click();
  await drawer.getByTestId('booking-customer-first-name').fill(who.first);
  await drawer.getByTestId('booking-customer-last-name').fill(who.last);
  await drawer.getByTestId('booking-customer-phone').fill(who.phone);
  await choose(page, drawer.getByTestId('booking-services'), s.service);
  await page.keyboard.press('Escape');
  await drawer.getByTestId('booking-mode').getByText(labels.walkIn, { exact: true }).click();
  await expect(drawer.getByTestId('booking-walk-in')).toBeVisible();
  // The customer is still only typed in: "Book" creates them and books.
  await drawer.getByTestId('booking-submit').click();
  await expect(drawer.getByTestId('booking-submit')).toBeHidden();
  const event = column.locator('[data-testid^="staff-event-"]').filter({ hasText: who.first });
  await expect(event).toHaveCount(1);
  return event;
}

/** Cash with more handed over than its share (change due), the rest by card; completes the visit. */
async function splitCheckout(page: Page, labels: { cash: string; card: string }) {
  const form = page.getByTestId('checkout-form');
  await expect(form.getByTestId('checkout-due')).toContainText('100');
  await choose(page, form.getByTestId('checkout-method-0'), labels.cash);
  await form.getByTestId('checkout-amount-0').fill('60');
  await form.getByTestId('checkout-received-0').fill('100');
  await expect(form.getByTestId('checkout-change-0')).toContainText('40');
  await form.getByTestId('checkout-add-method').click();
  await choose(page, form.getByTestId('checkout-method-1'), labels.card);
  await expect(form.getByTestId('checkout-amount-1')).toHaveValue(/^40(\.00)?$/);
  await expect(form.getByTestId('checkout-complete-visit')).toBeChecked();
  await form.getByTestId('checkout-submit').click();
  const done = page.getByTestId('checkout-done');
  await expect(done).toBeVisible();
  await expect(done.getByTestId('checkout-done-change')).toContainText('40');
}

/** Opens the receipt from the success screen in its own tab and checks it printed. */
async function printReceipt(page: Page, context: BrowserContext, link: string, size: 'a4' | '80mm', texts: string[]) {
  const [tab] = await Promise.all([context.waitForEvent('page'), page.getByTestId(link).click()]);
  const receipt = tab.getByTestId('receipt');
  await expect(receipt).toBeVisible();
  await expect(receipt).toHaveAttribute('data-size', size);
  await expect(tab.getByTestId('receipt-total')).toContainText('100');
  for (const text of texts) await expect(receipt).toContainText(text);
  // The page opens the print dialog by itself (stubbed here).
  await expect.poll(() => tab.evaluate(() => (window as unknown as { __printed?: number }).__printed ?? 0)).toBeGreaterThan(0);
  await tab.close();
}

async function stubPrint(context: BrowserContext) {
  await context.addInitScript(() => {
    window.print = () => {
      const w = window as unknown as { __printed?: number };
      w.__printed = (w.__printed ?? 0) + 1;
    };
  });
}

test('Arabic at 1440: columns per provider, a walk-in from a column, a drag to another provider, split checkout and the A4 receipt', async ({ page, context, request }) => {
  test.setTimeout(180_000);
  await stubPrint(context);
  await signIn(page);
  const s = await setUp(page, request);
  try {
    const api = await apiAs(page, request);
    // Tomorrow at 12:00 with the first provider: the booking to drag.
    const tomorrow = new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA', { timeZone: ZONE });
    const customer = await api.post<{ uuid: string }>('customers', { first_name: 'منيرة', last_name: `السبيعي ${s.tag}`, phone: `053${s.tag}1`, phone_country: 'SA' });
    const [service] = await api.get<{ uuid: string }[]>(`services?search=${encodeURIComponent(s.tag)}`);
    const booked = await api.post<{ bookings: { booking_number: number }[] }>('bookings', {
      customer_id: customer.uuid,
      branch_id: s.branchId,
      staff_id: s.first.id,
      service_ids: [service?.uuid],
      start_time: new Date(`${tomorrow}T12:00:00+03:00`).toISOString(),
    });
    const moving = booked.bookings[0]?.booking_number;

    await test.step('the day view has a column per provider of the branch', async () => {
      await page.goto('/calendar');
      await expect(page.getByTestId('staff-view')).toBeVisible();
      await expect(page.getByRole('region', { name: s.first.name })).toBeVisible();
      await expect(page.getByRole('region', { name: s.second.name })).toBeVisible();
      // The main branch's providers are not this branch's columns (a provider tied to no branch would be).
      await expect(page.getByRole('region', { name: 'سارة القحطاني' })).toHaveCount(0);
    });

    const walkIn = await test.step('a walk-in booked from the first provider’s column', async () =>
      bookWalkIn(page, page.getByRole('region', { name: s.first.name }), s, { first: 'رهف', last: `العتيبي ${s.tag}`, phone: `054${s.tag}2` }, { walkIn: 'حضور الآن' }),
    );

    await test.step('checkout with cash (change due) and card, completing the visit; the A4 receipt prints', async () => {
      await walkIn.click();
      await page.getByTestId('booking-checkout').click();
      await splitCheckout(page, { cash: 'نقدًا', card: 'بطاقة' });
      await printReceipt(page, context, 'checkout-print-a4', 'a4', ['رهف', s.service, 'نقدًا', 'بطاقة']);
      await page.getByTestId('checkout-close').click();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('region', { name: s.first.name }).locator('[data-testid^="staff-event-"]').filter({ hasText: 'رهف' })).toHaveAttribute('data-status', 'completed');
    });

    await test.step('tomorrow, a booking dragged to the second provider after the confirmation', async () => {
      await page.getByTestId('calendar-next').click();
      await expect(page.getByTestId('staff-view')).toHaveAttribute('data-date', tomorrow);
      const event = page.getByRole('region', { name: s.first.name }).getByTestId(`staff-event-${moving}`);
      const target = page.getByRole('region', { name: s.second.name }).locator('[data-testid="staff-cell"][data-time="12:00"]');
      await event.scrollIntoViewIfNeeded();
      const from = await event.boundingBox();
      const to = await target.boundingBox();
      if (!from || !to) throw new Error('nothing to drag');
      await page.mouse.move(from.x + from.width / 2, from.y + 8);
      await page.mouse.down();
      await page.mouse.move(from.x + from.width / 2, from.y + 20, { steps: 4 });
      await page.mouse.move(to.x + to.width / 2, to.y + 8, { steps: 20 });
      await page.mouse.up();
      const dialog = page.getByRole('dialog').filter({ hasText: s.second.name });
      await expect(dialog).toBeVisible();
      await dialog.getByTestId('confirm-ok').click();
      await expect(page.getByRole('region', { name: s.second.name }).getByTestId(`staff-event-${moving}`)).toBeVisible();
      await expect(page.getByRole('region', { name: s.first.name }).getByTestId(`staff-event-${moving}`)).toHaveCount(0);
    });
  } finally {
    await restore(page, request, s);
  }
});

test('English at 360: one provider at a time, a walk-in, split checkout and the 80 mm receipt', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: { width: 360, height: 780 }, timezoneId: ZONE, locale: 'en-GB' });
  await watchCsp(context);
  await stubPrint(context);
  await context.addInitScript(() => window.localStorage.setItem('selected-locale', 'en'));
  const page = await context.newPage();
  await signIn(page);
  const s = await setUp(page, request);
  try {
    await page.goto('/calendar');
    await expect(page.getByTestId('staff-view')).toBeVisible();
    // One column at a time, switched from a row of chips.
    await expect(page.getByTestId('staff-column')).toHaveCount(1);
    await page.getByTestId('staff-switch').getByText(s.second.name).click();
    const column = page.getByRole('region', { name: s.second.name });
    await expect(column).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    const walkIn = await bookWalkIn(page, column, s, { first: 'Dana', last: `Harbi ${s.tag}`, phone: `055${s.tag}3` }, { walkIn: 'Walk-in (now)' });
    await walkIn.click();
    await page.getByTestId('booking-checkout').click();
    await splitCheckout(page, { cash: 'Cash', card: 'Card' });
    await printReceipt(page, context, 'checkout-print-80mm', '80mm', ['Dana', s.service, 'Cash', 'Card']);
  } finally {
    await restore(page, request, s);
    await context.close();
  }
});
