import { expect, test } from '../support/fixtures';
import { apiAs, signIn } from '../support/session';

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
