import { expect, test } from '../support/fixtures';
import { apiAs, openDayAhead, signIn } from '../support/session';

/**
 * Issue 5 beyond the main journey, in Arabic: a bank transfer with its receipt waits for review and
 * does not count; an operator approves it in /sales/transactions and the order is paid; the payment
 * goes to the trash and comes back; the dashboard lists the order; a block time made on the calendar
 * is shown there and takes its hour out of the free times.
 */

const ZONE = 'Asia/Riyadh';
const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test.use({ timezoneId: ZONE });

test('a bank transfer waits for review, is approved, trashed and restored; the dashboard lists the order; a block time takes its hour', async ({ page, request }) => {
  test.setTimeout(180_000);
  const tag = String(Date.now()).slice(-6);
  await signIn(page);
  const api = await apiAs(page, request);

  await api.put('payment-methods/bank_transfer', { enabled: true });
  const customer = await api.post<{ uuid: string }>('customers', { first_name: 'سارة', last_name: `القحطاني ${tag}`, phone: `05${tag.padStart(8, '2')}`, phone_country: 'SA' });
  const product = await api.post<{ uuid: string }>('products', { name: `عطر ${tag}`, price: 7500, stock: 3 });
  const order = await api.post<{ id: string; number: number }>('orders', { customer_id: customer.uuid, items: [{ type: 'product', product_id: product.uuid, quantity: 1 }] });

  await test.step('a bank transfer with its receipt waits for review and does not count', async () => {
    await page.goto(`/orders/${order.id}`);
    await expect(page.getByTestId('order-payment-status')).toHaveText('غير مدفوع');
    await page.getByTestId('order-record-payment').click();
    const modal = page.getByTestId('record-payment-modal');
    await modal.getByTestId('payment-method').getByText('تحويل بنكي', { exact: true }).click();
    // 75.00 and the business's VAT (15 %) on products.
    await modal.getByTestId('payment-amount').fill('86.25');
    await modal.locator('input[type="file"]').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG_1PX });
    await modal.getByTestId('payment-submit').click();
    await expect(modal).toBeHidden();
    await expect(page.getByTestId('order-payments')).toContainText('قيد المراجعة');
    await expect(page.getByTestId('order-payment-status')).toHaveText('غير مدفوع');
  });

  const [transfer] = await api.get<{ id: string; number: number; status: string }[]>(`transactions?order_id=${order.id}`);
  expect(transfer?.status).toBe('wait');

  await test.step('approved in /sales/transactions: the order is paid', async () => {
    await page.goto('/sales/transactions');
    const row = page.getByTestId(`transaction-row-${transfer?.number}`);
    await expect(row).toContainText('قيد المراجعة');
    await row.click();
    await expect(page).toHaveURL(new RegExp(`/sales/transactions/${transfer?.id}$`));
    await expect(page.getByTestId('transaction-receipt')).toBeVisible();
    await page.getByTestId('transaction-approve').click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'اعتماد هذه الدفعة؟' });
    await dialog.getByRole('button', { name: 'اعتماد', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId(`transaction-status-confirmed`).first()).toBeVisible();
    await page.getByTestId('transaction-order-link').click();
    await expect(page.getByTestId('order-payment-status')).toHaveText('مدفوع');
  });

  await test.step('to the trash and back: the order follows', async () => {
    await page.goto(`/sales/transactions/${transfer?.id}`);
    await page.getByTestId('transaction-trash').click();
    const trash = page.getByRole('dialog').filter({ hasText: 'نقل إلى سلة المحذوفات؟' });
    await trash.getByRole('button', { name: 'نقل إلى سلة المحذوفات', exact: true }).click();
    await expect(page.getByTestId('transaction-in-trash')).toBeVisible();
    await expect.poll(async () => (await api.get<{ payment_status: string }>(`orders/${order.id}`)).payment_status).toBe('unpaid');
    await page.goto('/sales/transactions?tab=trash');
    await page.getByTestId(`transaction-restore-${transfer?.number}`).click();
    const restore = page.getByRole('dialog').filter({ hasText: 'استعادة هذه المعاملة؟' });
    await restore.getByRole('button', { name: 'استعادة', exact: true }).click();
    await expect(restore).toBeHidden();
    await expect(page.getByTestId(`transaction-row-${transfer?.number}`)).toBeHidden();
    await expect.poll(async () => (await api.get<{ payment_status: string }>(`orders/${order.id}`)).payment_status).toBe('paid');
  });

  await test.step('the dashboard lists the order among the latest', async () => {
    await page.goto('/dashboard');
    await expect(page.getByTestId('dashboard-orders')).toContainText(String(order.number));
  });

  await test.step('a block time made on the calendar is shown and takes its hour out of the free times', async () => {
    const { date, offset } = openDayAhead(5);
    const branches = await api.get<{ uuid: string; name: string; is_main: boolean }[]>('branches');
    const branch = branches.find((b) => b.is_main) ?? branches[0];
    // A demo service every provider of the main branch offers (other specs add services of their own).
    const [service] = await api.get<{ uuid: string }[]>(`services?search=${encodeURIComponent('قص وتصفيف الشعر')}`);
    const slotsAt = async () =>
      (await api.get<{ date: string; slots: { slot: string }[] }[]>(`bookings/slots?branch_id=${branch?.uuid}&service_ids=${service?.uuid}&from=${date}&to=${date}`))[0]?.slots.map((s) => s.slot) ?? [];
    expect(await slotsAt()).toContain('15:00');

    await page.goto('/calendar');
    await page.getByTestId('calendar-views').getByText('يوم', { exact: true }).click();
    for (let i = 0; i < offset; i++) await page.getByTestId('calendar-next').click();
    await page.getByTestId('calendar-block-time').click();
    const modal = page.getByTestId('block-time-modal');
    // With several branches and none chosen in the top bar, the block asks which one.
    if (await modal.getByTestId('block-branch').isVisible()) {
      await modal.getByTestId('block-branch').click();
      await page.getByRole('option', { name: branch?.name ?? '', exact: true }).click();
    }
    await modal.getByTestId('block-start').fill(`${date}T15:00`);
    await modal.getByTestId('block-end').fill(`${date}T16:00`);
    await modal.getByTestId('block-notes').fill(`صيانة ${tag}`);
    await modal.getByTestId('block-save').click();
    await expect(modal).toBeHidden();
    await expect(page.getByTestId('calendar').locator('.calendar-block').filter({ hasText: `صيانة ${tag}` })).toBeVisible();
    const after = await slotsAt();
    expect(after).not.toContain('15:00');
    expect(after).toContain('16:00');
  });
});
