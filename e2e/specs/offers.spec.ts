import { expect, test } from '../support/fixtures';
import { apiAs, signIn } from '../support/session';

/**
 * Issue 18 §2 offers in Chromium: the owner sees the demo's running offer, adds one on a service in
 * the form, a new order's line is priced at the offered price, the order screen's picker shows it
 * with the catalogue price struck through, and the offer is deleted after a confirmation.
 */

type Service = { uuid: string; name: string; price: number };
type Order = { id: string; items: { service_id: string | null; unit_price: number }[] };

test('an offer made on the marketing page prices a new order line, then is deleted', async ({ page, request }) => {
  await signIn(page);
  await page.goto('/marketing/offers');
  await expect(page.getByTestId('offers-page')).toBeVisible();
  // The demo's offer runs now.
  await expect(page.getByText('MONTHEND20')).toBeVisible();

  const api = await apiAs(page, request);
  const offered = new Set((await api.get<{ service_id: string }[]>('offers/prices')).map((p) => p.service_id));
  const service = (await api.get<Service[]>('services')).find((s) => s.price >= 1000 && !offered.has(s.uuid));
  expect(service, 'a demo service no offer covers').toBeTruthy();

  const name = `عرض التجربة ${Date.now().toString().slice(-6)}`;
  await page.getByTestId('offers-add').click();
  const modal = page.getByTestId('offer-form-modal');
  await modal.getByTestId('offer-name').fill(name);
  await modal.getByTestId('offer-value').fill('50');
  // Nothing chosen yet: the form says so.
  await modal.getByTestId('offer-save').click();
  await expect(modal).toContainText('اختر خدمة واحدة على الأقل');
  await modal.getByTestId('offer-services').click();
  await page.getByRole('option', { name: service!.name, exact: true }).click();
  await modal.getByTestId('offer-save').click();
  await expect(modal).toBeHidden();
  const row = page.getByTestId('offers-list').locator('[data-testid^="offer-row-"]', { hasText: name });
  await expect(row).toBeVisible();
  await expect(row).toContainText('جارٍ الآن');

  try {
    // A new order's line is written at half the price; the picker shows the offer.
    const order = await api.post<Order>('orders', { customer_id: null, items: [{ type: 'service', service_id: service!.uuid }] });
    expect(order.items[0]!.unit_price).toBe(Math.round(service!.price / 2));
    await page.goto(`/orders/${order.id}`);
    const picker = page.getByTestId('item-picker');
    if (await picker.isVisible()) {
      await picker.getByTestId('item-select').click();
      await expect(page.getByTestId(`item-offer-${service!.uuid}`)).toBeVisible();
    }
  } finally {
    // Deleted after a confirmation, so other specs see the catalogue price.
    await page.goto('/marketing/offers');
    const again = page.getByTestId('offers-list').locator('[data-testid^="offer-row-"]', { hasText: name });
    await again.locator('[data-testid^="offer-delete-"]').click();
    await expect(page.getByTestId('confirm-dialog')).toContainText(name);
    await page.getByTestId('confirm-ok').click();
    await expect(again).toBeHidden();
  }
});
