import { expect, test } from '../support/fixtures';
import { apiAs, openDayAhead, signIn } from '../support/session';

/**
 * Issue 18 in Chromium: the owner adds a coupon on the marketing page, applies it to an order on the
 * order's page (its price drops, the coupon's uses count it), and removes it again.
 */

type Order = { id: string; number: number; total: number };

test('a coupon is made on the marketing page and applied to an order, then removed', async ({ page, request }) => {
  await signIn(page);
  const code = `E2E${Date.now().toString().slice(-6)}`;
  await page.goto('/marketing/coupons');
  await page.getByTestId('coupons-add').click();
  const modal = page.getByTestId('coupon-form-modal');
  await modal.getByTestId('coupon-code').fill(code);
  await modal.getByTestId('coupon-name').fill('خصم التجربة');
  await modal.getByTestId('coupon-value').fill('10');
  await modal.getByTestId('coupon-save').click();
  await expect(modal).toBeHidden();
  const row = page.getByText(code, { exact: true });
  await expect(row).toBeVisible();

  // An order of one demo service, then the coupon on its page.
  const api = await apiAs(page, request);
  const service = (await api.get<{ uuid: string; price: number }[]>('services')).find((s) => s.price > 0);
  const order = await api.post<Order>('orders', { customer_id: null, items: [{ type: 'service', service_id: service?.uuid }] });
  await page.goto(`/orders/${order.id}`);
  await page.getByTestId('order-coupon-input').fill(code.toLowerCase());
  await page.getByTestId('order-coupon-apply').click();
  await expect(page.getByTestId('order-coupon-badge')).toContainText(code);
  const after = await api.get<{ total: number; discount: { amount: number } | null; coupon_applied: boolean }>(`orders/${order.id}`);
  expect(after.coupon_applied).toBe(true);
  expect(after.discount?.amount).toBeGreaterThan(0);
  expect(after.total).toBeLessThan(order.total);

  // A wrong code: the server's word under the field.
  await page.getByTestId('order-coupon-remove').click();
  await expect(page.getByTestId('order-coupon-badge')).toBeHidden();
  await page.getByTestId('order-coupon-input').fill('NOSUCHCODE1');
  await page.getByTestId('order-coupon-apply').click();
  await expect(page.getByTestId('order-coupon')).toContainText('القسيمة غير موجودة');
  expect((await api.get<{ total: number }>(`orders/${order.id}`)).total).toBe(order.total);
});

test('a template made on the notifications page sends its message when a booking is made, and the log shows it', async ({ page, request }) => {
  await signIn(page);
  await page.goto('/notifications/settings');
  await page.getByTestId('template-add-booking_created').click();
  const modal = page.getByTestId('template-form-modal');
  await modal.getByTestId('template-body-ar').fill('شكرًا لحجزك رقم {{booking_number}} لدى {{business_name}}');
  await modal.getByTestId('template-body-en').fill('Thanks for booking {{booking_number}} at {{business_name}}');
  // The preview fills the variables with sample data.
  await expect(modal.getByTestId('template-preview-ar-text')).not.toContainText('{{');
  await modal.getByTestId('template-save').click();
  await expect(modal).toBeHidden();
  await expect(page.getByTestId('template-group-booking_created')).toContainText('شكرًا لحجزك رقم');

  const api = await apiAs(page, request);
  const tag = Date.now().toString().slice(-6);
  const customer = await api.post<{ uuid: string }>('customers', { first_name: 'ريم', last_name: `القحطاني ${tag}`, phone: `055${tag}2`, phone_country: 'SA' });
  // The demo's main branch and its haircut (other specs add branches and services of their own).
  const branchId = (await api.get<{ uuid: string; is_main: boolean }[]>('branches')).find((b) => b.is_main)?.uuid;
  const serviceId = (await api.get<{ uuid: string; name: string }[]>('services')).find((s) => s.name === 'قص وتصفيف الشعر')?.uuid;
  // A time the engine offers (whatever other specs booked or changed before this one).
  const days = await api.get<{ slots: { start_time: string }[] }[]>(`bookings/slots?branch_id=${branchId}&service_ids=${serviceId}&from=${openDayAhead(9).date}&to=${openDayAhead(16).date}`);
  const free = days.flatMap((d) => d.slots);
  expect(free.length).toBeGreaterThan(0);
  const booked = await api.post<{ bookings: { booking_number: number }[] }>('bookings', {
    customer_id: customer.uuid,
    branch_id: branchId,
    staff_id: null,
    service_ids: [serviceId],
    start_time: free[Math.floor(free.length / 2)]!.start_time,
  });
  const number = booked.bookings[0]?.booking_number;
  await page.goto('/notifications/log');
  await expect(page.getByTestId('notification-log')).toContainText(`شكرًا لحجزك رقم ${number}`);
});
