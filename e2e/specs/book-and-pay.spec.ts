import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { apiAs, openDayAhead, signIn } from '../support/session';

/**
 * Issue 5 §7, in Arabic: a receptionist books a customer from the calendar, finds the booking on the
 * calendar and in /bookings, moves it by dragging (with the confirmation), adds a product to its
 * order, takes part of the money in cash (partially paid), has the rest paid through a payment link
 * (the local gateway simulator's page), and cancels another booking with a reason; the customer's
 * page then lists both bookings and the order.
 */

const ZONE = 'Asia/Riyadh';
const SERVICE = 'قص وتصفيف الشعر';

test.use({ timezoneId: ZONE });

/** The instant of a Riyadh wall time (UTC+3 all year). */
const riyadh = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00+03:00`).toISOString();

/** The calendar's time-grid lane of a wall time (day view: one column). */
const lane = (page: Page, hhmm: string) => page.getByTestId('calendar').locator(`[data-time="${hhmm}:00"]`).last();

/** Drags `from` so that its top lands on the lane of `hhmm`, in small steps (FullCalendar needs the moves). */
async function dragTo(page: Page, from: Locator, hhmm: string) {
  const src = await from.boundingBox();
  const dst = await lane(page, hhmm).boundingBox();
  if (!src || !dst) throw new Error('nothing to drag');
  const grabX = src.x + src.width / 2;
  const grabY = src.y + 6;
  await page.mouse.move(grabX, grabY);
  await page.mouse.down();
  await page.mouse.move(grabX, grabY + 12, { steps: 4 });
  // Grabbed 6 px below its top: dropped 6 px below the lane's top, its start is the lane's time.
  await page.mouse.move(dst.x + dst.width / 2, dst.y + 7, { steps: 20 });
  await page.mouse.up();
}

test('book from the calendar, move it by drag, add a product, pay part in cash and the rest by link; cancel another booking with a reason', async ({ page, request }) => {
  test.setTimeout(180_000);
  const tag = String(Date.now()).slice(-6);
  await signIn(page);
  const api = await apiAs(page, request);

  // A customer with a phone and an e-mail (a payment link needs both), and a product in stock.
  const lastName = `الحربي ${tag}`;
  const customer = await api.post<{ uuid: string }>('customers', {
    first_name: 'ليلى',
    last_name: lastName,
    phone: `05${tag.padStart(8, '1')}`,
    phone_country: 'SA',
    email: `layla-${tag}@example.com`,
  });
  const productName = `زيت الأرغان ${tag}`;
  await api.post('products', { name: productName, price: 4000, stock: 5 });
  const { date, offset } = openDayAhead(2);

  await test.step('book from a free time on the calendar', async () => {
    await page.goto('/calendar');
    await page.getByTestId('calendar-views').getByText('يوم', { exact: true }).click();
    for (let i = 0; i < offset; i++) await page.getByTestId('calendar-next').click();
    // The lane lies under the day column's layers: a click at its place reaches the column (dateClick).
    await lane(page, '10:00').click({ force: true, position: { x: 200, y: 6 } });
    const drawer = page.getByTestId('booking-drawer');
    await expect(drawer.getByTestId('booking-customer-search')).toBeVisible();
    await drawer.getByTestId('booking-customer-search').fill(lastName);
    await page.getByTestId('booking-customer-option').filter({ hasText: lastName }).click();
    await expect(drawer.getByTestId('booking-customer-selected')).toContainText(lastName);
    await drawer.getByTestId('booking-services').click();
    await page.getByRole('option', { name: SERVICE, exact: true }).click();
    await page.keyboard.press('Escape');
    // The clicked time comes preselected once the engine's times are in.
    await expect(drawer.getByTestId('slot-10:00')).toHaveAttribute('aria-pressed', 'true');
    await drawer.getByTestId('booking-submit').click();
    await expect(drawer.getByTestId('booking-submit')).toBeHidden();
  });

  const [booking] = await api.get<{ id: string; order_id: string; booking_number: number; start_time: string; status: string }[]>(`bookings?customer_id=${customer.uuid}`);
  expect(booking?.start_time).toBe(riyadh(date, '10:00'));
  expect(booking?.status).toBe('confirmed');
  const event = page.getByTestId('calendar').locator('.booking-status-confirmed').filter({ hasText: 'ليلى' });

  await test.step('see it on the calendar and in /bookings', async () => {
    await expect(event).toBeVisible();
    await expect(event).toContainText(SERVICE);
    await page.goto('/bookings');
    await page.getByTestId('bookings-search').fill(lastName);
    const row = page.getByTestId(`booking-row-${booking?.booking_number}`);
    await expect(row).toBeVisible();
    await expect(row).toContainText(lastName);
    await expect(row).toContainText('مؤكد');
  });

  await test.step('move it by drag, after the confirmation', async () => {
    await page.goto('/calendar');
    await page.getByTestId('calendar-views').getByText('يوم', { exact: true }).click();
    for (let i = 0; i < offset; i++) await page.getByTestId('calendar-next').click();
    await expect(event).toBeVisible();
    await dragTo(page, event, '13:00');
    const dialog = page.getByRole('dialog').filter({ hasText: 'نقل الحجز' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`رقم ${booking?.booking_number}`);
    await dialog.getByRole('button', { name: 'نقل', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(async () => (await api.get<{ start_time: string }>(`bookings/${booking?.id}`)).start_time).toBe(riyadh(date, '13:00'));
  });

  await test.step('add a product to its order', async () => {
    await page.goto(`/orders/${booking?.order_id}`);
    // The business charges VAT (15 %): the service's 120.00 is 138.00 with it.
    await expect(page.getByTestId('order-total')).toContainText('138.00');
    await page.getByTestId('order-add-item').click();
    const modal = page.getByTestId('add-item-modal');
    await modal.getByTestId('item-type').getByText('منتج', { exact: true }).click();
    await modal.getByTestId('item-select').click();
    await page.getByRole('option', { name: new RegExp(productName) }).click();
    await modal.getByTestId('item-add').click();
    await expect(modal.getByTestId('item-add')).toBeHidden();
    await expect(page.getByTestId('order-items')).toContainText(productName);
    // The product too (6.00 on 40.00).
    await expect(page.getByTestId('order-total')).toContainText('184.00');
  });

  await test.step('take part of it in cash: partially paid', async () => {
    await page.getByTestId('order-record-payment').click();
    const modal = page.getByTestId('record-payment-modal');
    await modal.getByTestId('payment-method').getByText('نقدًا', { exact: true }).click();
    await modal.getByTestId('payment-amount').fill('60');
    await modal.getByTestId('payment-submit').click();
    await expect(modal.getByTestId('payment-submit')).toBeHidden();
    await expect(page.getByTestId('order-payment-status')).toHaveText('مدفوع جزئيًا');
    await expect(page.getByTestId('order-paid')).toContainText('60.00');
    await expect(page.getByTestId('order-remaining')).toContainText('124.00');
  });

  await test.step('the rest through a payment link', async () => {
    await page.getByTestId('payment-link-create').click();
    const url = await page.getByTestId('payment-link-url').inputValue();
    expect(url).toMatch(/\/pay\/[A-Za-z0-9_-]+$/);
    await expect(page.getByTestId('payment-link-amount')).toContainText('124.00');
    await page.getByTestId('payment-link-close').click();
    const payPage = await page.context().newPage();
    await payPage.goto(new URL(url).pathname);
    await expect(payPage.getByTestId('pay-amount')).toContainText('124.00');
    await payPage.getByTestId('pay-submit').click();
    await expect(payPage.getByTestId('payment-success')).toContainText('تم الدفع بنجاح');
    await expect(payPage.getByTestId('payment-result-amount')).toContainText('124.00');
    await payPage.close();
    await page.reload();
    await expect(page.getByTestId('order-payment-status')).toHaveText('مدفوع');
    await expect(page.getByTestId('order-remaining')).toContainText('0.00');
    await expect(page.getByTestId('order-payments')).toContainText('124.00');
  });

  await test.step('cancel another booking with a reason', async () => {
    const other = await api.post<{ bookings: { id: string; booking_number: number }[] }>('bookings', {
      customer_id: customer.uuid,
      branch_id: (await api.get<{ uuid: string }[]>('branches'))[0]?.uuid,
      staff_id: null,
      service_ids: [(await api.get<{ uuid: string; name: string }[]>('services')).find((s) => s.name === SERVICE)?.uuid],
      start_time: riyadh(date, '17:00'),
    });
    const number = other.bookings[0]?.booking_number;
    await page.goto('/bookings');
    await page.getByTestId('bookings-search').fill(String(number));
    await page.getByTestId(`booking-row-${number}`).click();
    const details = page.getByTestId('booking-details');
    await expect(details).toContainText(`${number}`);
    await details.getByTestId('booking-action-cancelled').click();
    const dialog = page.getByRole('dialog').filter({ hasText: `إلغاء الحجز رقم ${number}` });
    await dialog.getByTestId('cancel-reason').click();
    await page.getByRole('option').first().click();
    await dialog.getByTestId('cancel-note').fill('اعتذرت العميلة هاتفيًا');
    await dialog.getByRole('button', { name: 'إلغاء الحجز', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(details.getByTestId('booking-status-badge')).toHaveText('ملغي');
    const cancelled = await api.get<{ status: string; cancellation_reason_id: string | null; cancellation_note: string | null }>(`bookings/${other.bookings[0]?.id}`);
    expect(cancelled).toMatchObject({ status: 'cancelled', cancellation_note: 'اعتذرت العميلة هاتفيًا' });
    expect(cancelled.cancellation_reason_id).toBeTruthy();
    // The first booking is untouched.
    expect((await api.get<{ status: string }>(`bookings/${booking?.id}`)).status).toBe('confirmed');
  });

  await test.step("the customer's page lists both bookings and the paid order", async () => {
    const { order_number: orderNumber } = await api.get<{ order_number: number }>(`bookings/${booking?.id}`);
    await page.goto(`/management/customers/${customer.uuid}`);
    await page.getByTestId('tab-bookings').click();
    const bookingRow = page.getByTestId(`customer-booking-row-${booking?.booking_number}`);
    await expect(bookingRow).toContainText(SERVICE);
    await expect(bookingRow).toContainText('مؤكد');
    await expect(page.getByTestId('customer-bookings').locator('tbody tr')).toHaveCount(2);
    await page.getByTestId('tab-orders').click();
    const orderRow = page.getByTestId(`customer-order-row-${orderNumber}`);
    await expect(orderRow).toContainText('184.00');
    await expect(orderRow).toContainText('مدفوع');
    await orderRow.click();
    await expect(page).toHaveURL(new RegExp(`/orders/${booking?.order_id}$`));
  });
});
