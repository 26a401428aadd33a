import { randomBytes } from 'node:crypto';
import type { PermissionKey } from '@app/shared/permissions';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, Client, readyUser, rows, type TestApp } from '../../../test/helper';
import { t as tr } from '../../i18n/messages';
import { staffAccount } from '../branches/staff.fixture';
import { insertBooking, newCustomer, newProduct, newShop, type Shop } from '../orders/orders.fixtures';
import { seedOrder } from './transactions.fixtures';

/**
 * Checkout at the desk (issue 14 §2): `POST orders/:id/checkout` takes a split payment in one
 * transaction (cash with change, card, bank transfer with its receipt), never more than is left,
 * optionally completing today's appointments; `GET orders/:id/receipt` answers what the printed
 * receipt shows; `settings/sales` holds the VAT number. Tips are fees flagged `tip`.
 */

let t: TestApp;
let shop: Shop;
let other: Awaited<ReturnType<typeof readyUser>>;
let tenant: string;

beforeAll(async () => {
  t = await buildTestApp();
  shop = await newShop(t);
  tenant = shop.tenantId;
  other = await readyUser(t);
});
afterAll(async () => {
  await t?.close();
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF');

type Body = Record<string, unknown>;
const checkout = (orderId: string, body: Body, c: Client = shop.client) => c.post(`orders/${orderId}/checkout`, body);

/** A multipart checkout: `payload` is the JSON body, `files` the receipts by payment index. */
function multipart(body: Body, files: Record<string, Buffer>) {
  const boundary = `----co${randomBytes(6).toString('hex')}`;
  const parts: Buffer[] = [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="payload"\r\n\r\n${JSON.stringify(body)}\r\n`)];
  for (const [field, bytes] of Object.entries(files)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="transfer.pdf"\r\nContent-Type: application/pdf\r\n\r\n`), bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function orderRow(id: string) {
  const [row] = await rows<{ paid_amount: string | number; total: string | number; payment_status: string }>(t.db, sql`select paid_amount, total, payment_status from orders where id = ${id}`);
  return { paid: Number(row?.paid_amount), total: Number(row?.total), status: row?.payment_status };
}

const transactionsOf = (orderId: string) =>
  rows<{ payment_method: string; amount: string | number; tendered_amount: string | number | null; status: string }>(
    t.db,
    sql`select payment_method, amount, tendered_amount, status from transactions where order_id = ${orderId} order by number`,
  );

/** A placed order of the shop's service (15 % tax) and a product, for a customer. */
async function placeOrder(extra: Body = {}) {
  const customerId = await newCustomer(shop.client, 'Reem', 'Fahad');
  const productId = await newProduct(shop.client, { price: 2000, stock: 50, name: `Shampoo ${randomBytes(3).toString('hex')}` });
  const res = await shop.client.post('orders', {
    customer_id: customerId,
    branch_id: shop.branchId,
    items: [
      { type: 'service', service_id: shop.serviceId, staff_id: shop.providerId },
      { type: 'product', product_id: productId, quantity: 1 },
    ],
    ...extra,
  });
  if (res.statusCode !== 201) throw new Error(`order: ${res.body}`);
  return res.json().data as { id: string; number: number; total: number; items: { id: string; type: string }[]; customer_id: string };
}

const setMethod = (slug: string, enabled: boolean) => shop.client.put(`payment-methods/${slug}`, { enabled });

describe('POST /orders/:id/checkout', () => {
  it('takes cash (with change) and card together: both confirmed, the order paid, the change answered', async () => {
    const order = await placeOrder();
    const cash = 5_000;
    const res = await checkout(order.id, {
      payments: [
        { payment_method: 'cash', amount: cash, tendered_amount: 10_000 },
        { payment_method: 'card', amount: order.total - cash, reference_no: 'POS-77' },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.message).toBe(tr('checkout_done', 'en'));
    expect(body.data).toMatchObject({ order_id: order.id, total: order.total, paid_amount: order.total, remaining_amount: 0, payment_status: 'paid', change_due: 5_000, completed_booking_ids: [] });
    expect(body.data.transactions).toHaveLength(2);
    expect(body.data.transactions[0]).toMatchObject({ payment_method: 'cash', amount: cash, tendered_amount: 10_000, change_due: 5_000, status: 'confirmed' });
    expect(body.data.transactions[1]).toMatchObject({ payment_method: 'card', amount: order.total - cash, tendered_amount: null, change_due: 0, reference_no: 'POS-77' });
    expect(body.data.transactions[1].number).toBe(body.data.transactions[0].number + 1);
    expect(await orderRow(order.id)).toEqual({ paid: order.total, total: order.total, status: 'paid' });
    const stored = await transactionsOf(order.id);
    expect(stored.map((r) => [r.payment_method, Number(r.amount), r.tendered_amount === null ? null : Number(r.tendered_amount)])).toEqual([
      ['cash', cash, 10_000],
      ['card', order.total - cash, null],
    ]);
    const logs = await rows<{ action: string; changes: Record<string, unknown> }>(t.db, sql`select action, changes from order_logs where order_id = ${order.id} and action = 'payment' order by created_at`);
    expect(logs.map((l) => l.changes)).toEqual([expect.objectContaining({ checkout: true, tendered_amount: 10_000 }), expect.objectContaining({ checkout: true, payment_method: 'card' })]);
  });

  it('refuses more than what is left (nothing recorded), and a fully paid order', async () => {
    const order = await placeOrder();
    const over = await checkout(order.id, {
      payments: [
        { payment_method: 'cash', amount: 100 },
        { payment_method: 'card', amount: order.total },
      ],
    });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.payments).toEqual([tr('payment_exceeds_remaining', 'en', { remaining: `${(order.total / 100).toFixed(2)} SAR` })]);
    expect(await transactionsOf(order.id)).toEqual([]);
    expect((await checkout(order.id, { payments: [{ payment_method: 'card', amount: order.total }] })).statusCode).toBe(201);
    const again = await checkout(order.id, { payments: [{ payment_method: 'cash', amount: 1 }] });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.payments).toEqual([tr('order_fully_paid', 'en')]);
  });

  it('takes the amount received only for cash, and never less than the payment', async () => {
    const order = await placeOrder();
    const card = await checkout(order.id, { payments: [{ payment_method: 'card', amount: 1_000, tendered_amount: 2_000 }] });
    expect(card.statusCode).toBe(422);
    expect(card.json().errors['payments.0.tendered_amount']).toEqual([tr('tendered_cash_only', 'en')]);
    const short = await checkout(order.id, { payments: [{ payment_method: 'card', amount: 10 }, { payment_method: 'cash', amount: 1_000, tendered_amount: 999 }] });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors['payments.1.tendered_amount']).toEqual([tr('tendered_below_amount', 'en')]);
    // Exactly the amount: no change.
    const exact = await checkout(order.id, { payments: [{ payment_method: 'cash', amount: 1_000, tendered_amount: 1_000 }] });
    expect(exact.statusCode).toBe(201);
    expect(exact.json().data.change_due).toBe(0);
    // The single-payment route follows the same rule.
    const single = await shop.client.post(`orders/${order.id}/transactions`, { payment_method: 'cash', amount: 500, tendered_amount: 2_000 });
    expect(single.statusCode).toBe(201);
    expect(single.json().data).toMatchObject({ tendered_amount: 2_000, change_due: 1_500 });
  });

  it('validates the body: no payments and nothing to complete, bad amounts, too many rows, an online payment', async () => {
    const order = await placeOrder();
    const empty = await checkout(order.id, { payments: [] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.payments).toBeDefined();
    for (const amount of [0, -1, 1.5, '100']) {
      const res = await checkout(order.id, { payments: [{ payment_method: 'cash', amount }] });
      expect(res.statusCode, String(amount)).toBe(422);
      expect(res.json().errors['payments.0.amount']).toBeDefined();
    }
    const many = await checkout(order.id, { payments: Array.from({ length: 6 }, () => ({ payment_method: 'cash', amount: 1 })) });
    expect(many.statusCode).toBe(422);
    expect((await checkout(order.id, { payments: [{ payment_method: 'online', amount: 100 }] })).statusCode).toBe(422);
    expect((await checkout(order.id, { payments: 'cash' })).statusCode).toBe(422);
    expect(await transactionsOf(order.id)).toEqual([]);
  });

  it('follows the bank-transfer rules: switched on in the settings, a receipt each, waiting for review and not counted', async () => {
    const order = await placeOrder();
    const transfer = { payment_method: 'bank_transfer', amount: 3_000 };
    const off = await checkout(order.id, { payments: [transfer] });
    expect(off.statusCode).toBe(422);
    expect(off.json().errors['payments.0.payment_method']).toEqual([tr('payment_method_disabled', 'en')]);
    await setMethod('bank_transfer', true);
    try {
      const bare = await checkout(order.id, { payments: [{ payment_method: 'card', amount: 1_000 }, transfer] });
      expect(bare.statusCode).toBe(422);
      expect(bare.json().errors['payments.1.receipt']).toEqual([tr('receipt_required', 'en')]);
      const wrongType = multipart({ payments: [transfer] }, { 'receipt.0': Buffer.from('just text') });
      const badFile = await shop.client.request('POST', `orders/${order.id}/checkout`, { payload: wrongType.payload, headers: wrongType.headers });
      expect(badFile.statusCode).toBe(422);
      expect(badFile.json().errors['payments.0.receipt']).toEqual([tr('receipt_type', 'en')]);
      // Together with the card the transfer still has to fit in what is left.
      const tooMuch = multipart({ payments: [{ payment_method: 'card', amount: order.total - 1_000 }, transfer] }, { 'receipt.1': PDF });
      const refused = await shop.client.request('POST', `orders/${order.id}/checkout`, { payload: tooMuch.payload, headers: tooMuch.headers });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.payments).toBeDefined();
      const ok = multipart({ payments: [{ payment_method: 'card', amount: 1_000 }, transfer] }, { 'receipt.1': PDF });
      const res = await shop.client.request('POST', `orders/${order.id}/checkout`, { payload: ok.payload, headers: ok.headers });
      expect(res.statusCode, res.body).toBe(201);
      const data = res.json().data;
      expect(data.transactions.map((x: { payment_method: string; status: string }) => [x.payment_method, x.status])).toEqual([
        ['card', 'confirmed'],
        ['bank_transfer', 'wait'],
      ]);
      expect(data.transactions[1].attachments).toHaveLength(1);
      expect(data.paid_amount).toBe(1_000);
      expect(await orderRow(order.id)).toMatchObject({ paid: 1_000, status: 'partially-paid' });
      const badJson = await shop.client.request('POST', `orders/${order.id}/checkout`, {
        payload: Buffer.from('--x\r\nContent-Disposition: form-data; name="payload"\r\n\r\n{nope\r\n--x--\r\n'),
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
      });
      expect(badJson.statusCode).toBe(422);
    } finally {
      await setMethod('bank_transfer', false);
    }
  });

  it('completes the confirmed appointments of today (and before) when asked, through the booking machine', async () => {
    const order = await placeOrder();
    const item = order.items.find((i) => i.type === 'service')!;
    const opts = { orderId: order.id, itemId: item.id, providerId: shop.providerId, customerId: order.customer_id, serviceId: shop.serviceId, branchId: shop.branchId };
    const today = await insertBooking(t, tenant, { ...opts, start: new Date(Date.now() - 10 * 60_000) });
    const later = await insertBooking(t, tenant, { ...opts, start: new Date(Date.now() + 3 * 86_400_000) });
    const pending = await insertBooking(t, tenant, { ...opts, status: 'pending', start: new Date(Date.now() - 20 * 60_000) });
    const res = await checkout(order.id, { payments: [{ payment_method: 'cash', amount: order.total }], complete_bookings: true });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.completed_booking_ids).toEqual([today]);
    const statuses = await rows<{ id: string; status: string; payment_status: string }>(t.db, sql`select id, status, payment_status from bookings where order_id = ${order.id}`);
    const of = (id: string) => statuses.find((s) => s.id === id);
    expect(of(today)).toMatchObject({ status: 'completed', payment_status: 'paid' });
    expect(of(later)?.status).toBe('confirmed');
    expect(of(pending)?.status).toBe('pending');
    const logs = await rows<{ changes: Record<string, unknown> }>(t.db, sql`select changes from order_logs where order_id = ${order.id} and action = 'booking'`);
    expect(logs.map((l) => l.changes)).toEqual([expect.objectContaining({ booking_id: today, from: 'confirmed', to: 'completed', checkout: true })]);
    // Nothing left to pay: completing alone is a checkout too.
    await t.db.execute(sql`update bookings set start_at = now() - interval '5 minutes' where id = ${later}`);
    const rest = await checkout(order.id, { payments: [], complete_bookings: true });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json().data).toMatchObject({ completed_booking_ids: [later], transactions: [] });
  });

  it('needs the payment keys (403), a booking key to complete appointments, and sees only the caller’s business (404)', async () => {
    const order = await placeOrder();
    const asStaff = async (permissions: PermissionKey[]) => {
      const s = await staffAccount(t.db, tenant, { permissions });
      const c = new Client(t.app);
      c.token = s.token;
      return c;
    };
    const noKeys = await asStaff(['customers']);
    expect((await checkout(order.id, { payments: [{ payment_method: 'cash', amount: 100 }] }, noKeys)).statusCode).toBe(403);
    expect((await noKeys.get(`orders/${order.id}/receipt`)).statusCode).toBe(403);
    const cashier = await asStaff(['sales.payments']);
    const completing = await checkout(order.id, { payments: [{ payment_method: 'cash', amount: 100 }], complete_bookings: true }, cashier);
    expect(completing.statusCode).toBe(403);
    expect(await transactionsOf(order.id)).toEqual([]);
    expect((await checkout(order.id, { payments: [{ payment_method: 'cash', amount: 100 }] }, cashier)).statusCode).toBe(201);
    const desk = await asStaff(['orders', 'bookings']);
    expect((await checkout(order.id, { payments: [{ payment_method: 'cash', amount: 100 }], complete_bookings: true }, desk)).statusCode).toBe(201);
    // Another business's order is not found, for the checkout and the receipt alike.
    const theirs = await seedOrder(t.db, other.user.tenant.uuid, { total: 5_000 });
    expect((await checkout(theirs.id, { payments: [{ payment_method: 'cash', amount: 100 }] })).statusCode).toBe(404);
    expect((await shop.client.get(`orders/${theirs.id}/receipt`)).statusCode).toBe(404);
    const [count] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from transactions where order_id = ${theirs.id}`);
    expect(Number(count?.n)).toBe(0);
  });

  it('never overpays when two checkouts of the whole amount arrive at once (the order row is locked)', async () => {
    const order = await placeOrder();
    const second = new Client(t.app);
    second.token = shop.client.token;
    const results = await Promise.all([
      checkout(order.id, { payments: [{ payment_method: 'cash', amount: order.total }] }),
      checkout(order.id, { payments: [{ payment_method: 'card', amount: order.total }] }, second),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect(await orderRow(order.id)).toMatchObject({ paid: order.total, status: 'paid' });
    expect(await transactionsOf(order.id)).toHaveLength(1);
  });

  it('refuses an order in the trash or a draft', async () => {
    const draft = await shop.client.post('orders', { customer_id: null, is_draft: true, items: [] });
    expect(draft.statusCode).toBe(201);
    const res = await checkout(draft.json().data.id, { payments: [{ payment_method: 'cash', amount: 100 }] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.order_id).toEqual([tr('order_is_draft', 'en')]);
    const trashed = await placeOrder();
    expect((await shop.client.request('DELETE', `orders/${trashed.id}`)).statusCode).toBe(200);
    const gone = await checkout(trashed.id, { payments: [{ payment_method: 'cash', amount: 100 }] });
    expect(gone.statusCode).toBe(422);
    expect(gone.json().errors.order_id).toEqual([tr('order_in_trash', 'en')]);
  });
});

describe('tips', () => {
  it('is a fee flagged tip: untaxed, in the total, one an order', async () => {
    const order = await placeOrder();
    const res = await shop.client.post(`orders/${order.id}/update-details`, {
      fees: [
        { title: 'Wrapping', value: 500 },
        { title: 'Tip', value: 1_500, tip: true },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.fees).toEqual([
      { title: 'Wrapping', value: 500, tip: false },
      { title: 'Tip', value: 1_500, tip: true },
    ]);
    expect(data.total).toBe(order.total + 2_000 + 75); // the wrapping taxed at the order's VAT, the tip not
    expect(data.tax_amount).toBeGreaterThan(0);
    const two = await shop.client.post(`orders/${order.id}/update-details`, {
      fees: [
        { title: 'Tip', value: 100, tip: true },
        { title: 'Tip again', value: 100, tip: true },
      ],
    });
    expect(two.statusCode).toBe(422);
    expect(two.json().errors['fees.1.tip']).toBeDefined();
  });
});

describe('GET /orders/:id/receipt and settings/sales', () => {
  it('keeps the VAT number (15 digits, 3…3) and the checkout default', async () => {
    expect((await shop.client.get('settings/sales')).json().data).toEqual({ vat_number: null, complete_visit_on_checkout: true });
    for (const vat of ['12345', '300000000000002', '30000000000000a', '3000000000000003']) {
      const bad = await shop.client.post('settings/sales', { vat_number: vat });
      expect(bad.statusCode, vat).toBe(422);
      expect(bad.json().errors.vat_number).toBeDefined();
    }
    const ok = await shop.client.post('settings/sales', { vat_number: ' 300000000000003 ', complete_visit_on_checkout: false });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toEqual({ vat_number: '300000000000003', complete_visit_on_checkout: false });
    // A cashier reads it (the checkout default), but only the settings keys write it.
    const cashier = await staffAccount(t.db, tenant, { permissions: ['sales.payments'] });
    const c = new Client(t.app);
    c.token = cashier.token;
    expect((await c.get('settings/sales')).statusCode).toBe(200);
    expect((await c.post('settings/sales', { vat_number: '' })).statusCode).toBe(403);
    expect((await shop.client.post('settings/sales', { complete_visit_on_checkout: true })).json().data).toEqual({ vat_number: '300000000000003', complete_visit_on_checkout: true });
  });

  it('answers the business, lines, taxes, fees and tip, totals and payments with change', async () => {
    await shop.client.post('settings/sales', { vat_number: '311111111111113' });
    const order = await placeOrder({ discount: { type: 'percentage', value: 1000 } });
    const unpaid = await shop.client.get(`orders/${order.id}/receipt`);
    expect(unpaid.statusCode).toBe(422);
    expect(unpaid.json().errors.order_id).toEqual([tr('receipt_needs_payment', 'en')]);
    await shop.client.post(`orders/${order.id}/update-details`, { fees: [{ title: 'Tip', value: 1_000, tip: true }, { title: 'Towel', value: 200 }] });
    const full = (await shop.client.get(`orders/${order.id}`)).json().data;
    const res = await checkout(order.id, {
      payments: [
        { payment_method: 'cash', amount: 2_000, tendered_amount: 5_000 },
        { payment_method: 'card', amount: full.total - 2_000 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const receipt = await shop.client.get(`orders/${order.id}/receipt`);
    expect(receipt.statusCode, receipt.body).toBe(200);
    const r = receipt.json().data;
    expect(r.business).toMatchObject({ vat_number: '311111111111113' });
    expect(r.business.name).toBeTruthy();
    expect(r.branch).toMatchObject({ name: expect.any(String) });
    expect(r).toMatchObject({
      currency: 'SAR',
      time_zone: 'Asia/Riyadh',
      order: { id: order.id, number: order.number, payment_status: 'paid' },
      customer: { name: 'Reem Fahad' },
      subtotal: full.subtotal,
      discount: { type: 'percentage', value: 1000, amount: full.discount.amount },
      tax_amount: full.tax_amount,
      fees: [{ title: 'Towel', amount: 200 }],
      tip: 1_000,
      total: full.total,
      paid_amount: full.total,
      remaining_amount: 0,
      pending_amount: 0,
    });
    expect(r.items).toHaveLength(2);
    // The towel fee carries the order's VAT (30), the tip none.
    expect(r.items.reduce((a: number, i: { total: number }) => a + i.total, 0) + 1_200 + 30).toBe(full.total);
    expect(r.taxes).toEqual([{ name: 'VAT', rate_bps: 1500, amount: full.tax_amount }]);
    expect(r.payments).toEqual([
      expect.objectContaining({ payment_method: 'cash', amount: 2_000, tendered_amount: 5_000, change_due: 3_000 }),
      expect.objectContaining({ payment_method: 'card', amount: full.total - 2_000, tendered_amount: null, change_due: 0 }),
    ]);
  });
});
