import { priceOrder } from '@app/shared/pricing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, rows, type TestApp } from '../../../test/helper';
import {
  bookingStatuses,
  comboStockOf,
  insertBooking,
  newCustomer,
  newPackage,
  newProduct,
  newShop,
  newVariantProduct,
  type Shop,
  stockOf,
} from './orders.fixtures';

let t: TestApp;
let shop: Shop;
beforeAll(async () => {
  t = await buildTestApp();
  shop = await newShop(t);
});
afterAll(async () => {
  await t?.close();
});

const service = () => ({ type: 'service', service_id: shop.serviceId });
const product = (id: string, quantity = 1, combination_id?: string) => ({ type: 'product', product_id: id, quantity, ...(combination_id ? { combination_id } : {}) });

async function place(body: Record<string, unknown>) {
  const res = await shop.client.post('orders', { customer_id: null, ...body });
  if (res.statusCode !== 201) throw new Error(`order: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

async function logActions(orderId: string): Promise<string[]> {
  const res = await shop.client.get(`orders/${orderId}/logs`);
  expect(res.statusCode).toBe(200);
  return (res.json().data as { action: string }[]).map((l) => l.action);
}

describe('POST /orders: lines, prices, taxes, totals', () => {
  it('prices a guest order exactly: the service with its taxes, a product and a package with the settings taxes', async () => {
    const p = await newProduct(shop.client, { price: 1000, stock: 10 });
    const k = await newPackage(t, shop.tenantId, 20000);
    const res = await shop.client.post('orders', { customer_id: null, items: [service(), product(p, 2), { type: 'package', package_id: k }] });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Added successfully');
    const o = body.data;
    expect(o).toMatchObject({ status: 'confirmed', source: 'calendar', is_draft: false, customer_id: null, customer: null, currency: 'SAR', branch_id: null, payment_status: 'unpaid', invoice_status: 'not-invoiced' });
    expect(o.number).toBeGreaterThan(0);
    // 5000 + 2 × 1000 + 20000 = 27000; 15 % on each line: 750 + 300 + 3000.
    expect(o.items.map((i: { type: string; unit_price: number; subtotal: number; tax_amount: number; total: number }) => [i.type, i.unit_price, i.subtotal, i.tax_amount, i.total])).toEqual([
      ['service', 5000, 5000, 750, 5750],
      ['product', 1000, 2000, 300, 2300],
      ['package', 20000, 20000, 3000, 23000],
    ]);
    expect(o.items[0].taxes).toEqual([{ tax_id: shop.taxId, name: 'VAT', rate_bps: 1500, amount: 750 }]);
    expect(o).toMatchObject({ subtotal: 27000, tax_amount: 4050, fees_amount: 0, transport_fee: 0, total: 31050, paid_amount: 0, remaining_amount: 31050, items_count: 3, bookings_count: 0 });
    expect(await stockOf(t, p)).toBe(8);
    expect(await logActions(o.id)).toEqual(['created']);
  });

  it('numbers orders one after another per business', async () => {
    const a = await place({ items: [service()] });
    const b = await place({ items: [service()] });
    expect(b.number).toBe(a.number + 1);
  });

  it('adds fees and the transport fee taxed at the order\'s VAT, and keeps the customer, branch, notes, PIN, receive time and location', async () => {
    const customer = await newCustomer(shop.client, 'Huda', 'Nasser');
    const o = await place({
      customer_id: customer,
      branch_id: shop.branchId,
      source: 'pos',
      items: [service()],
      fees: [{ title: 'Wrapping', value: 300 }, { title: 'Service', value: 200 }],
      transport_fee: 1500,
      notes: 'Ring first',
      pin_code: '4321',
      receive_time: '2030-05-01T10:00:00+03:00',
      location: { address: 'Olaya St', lat: 24.7, lng: 46.6 },
    });
    expect(o).toMatchObject({
      customer_id: customer,
      customer: { id: customer, name: 'Huda Nasser' },
      branch_id: shop.branchId,
      source: 'pos',
      fees_amount: 500,
      transport_fee: 1500,
      subtotal: 5000,
      tax_amount: 1050,
      total: 5000 + 500 + 1500 + 1050,
      notes: 'Ring first',
      pin_code: '4321',
      receive_time: '2030-05-01T07:00:00.000Z',
      location: { address: 'Olaya St', lat: 24.7, lng: 46.6 },
    });
  });

  it('prices a combination at its own price with its options in the name, and requires one when the product has options', async () => {
    const v = await newVariantProduct(shop.client, { S: { price: 1100, stock: 5 }, M: { price: 1300, stock: 5 } });
    const o = await place({ items: [product(v.product, 2, v.M)] });
    expect(o.items[0]).toMatchObject({ combination_id: v.M, unit_price: 1300, subtotal: 2600, options: { Size: 'M' } });
    expect(o.items[0].name).toMatch(/^Shirt \d+ \(M\)$/);
    expect(await comboStockOf(t, v.M)).toBe(3);
    expect(await comboStockOf(t, v.S)).toBe(5);

    const missing = await shop.client.post('orders', { items: [product(v.product, 1)] });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ 'items.0.combination_id': ['Choose one of the product options'] });

    const other = await newVariantProduct(shop.client, { S: { price: 1, stock: 1 }, M: { price: 1, stock: 1 } });
    const wrong = await shop.client.post('orders', { items: [product(v.product, 1, other.S)] });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ 'items.0.combination_id': ['This value does not exist'] });

    const plain = await newProduct(shop.client);
    const noOptions = await shop.client.post('orders', { items: [product(plain, 1, v.S)] });
    expect(noOptions.json().errors).toEqual({ 'items.0.combination_id': ['This value does not exist'] });
  });

  it('refuses a blocked customer', async () => {
    const customer = await newCustomer(shop.client, 'Blocked', 'Person');
    await shop.client.post(`customers/${customer}/block`, { blocked: true });
    const res = await shop.client.post('orders', { customer_id: customer, items: [service()] });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'This customer is blocked and cannot book or order', errors: { customer_id: ['This customer is blocked and cannot book or order'] } });
  });

  it.each([
    ['an unknown service', () => ({ items: [{ type: 'service', service_id: '00000000-0000-4000-8000-000000000000' }] }), 'items.0.service_id', 'This value does not exist'],
    ['an unknown product', () => ({ items: [service(), product('00000000-0000-4000-8000-000000000000')] }), 'items.1.product_id', 'This value does not exist'],
    ['an unknown package', () => ({ items: [{ type: 'package', package_id: '00000000-0000-4000-8000-000000000000' }] }), 'items.0.package_id', 'This value does not exist'],
    ['an unknown customer', () => ({ customer_id: '00000000-0000-4000-8000-000000000000', items: [service()] }), 'customer_id', 'This value does not exist'],
    ['an unknown branch', () => ({ branch_id: '00000000-0000-4000-8000-000000000000', items: [service()] }), 'branch_id', 'This value does not exist'],
    ['an unknown provider on a line', () => ({ items: [{ ...service(), staff_id: '00000000-0000-4000-8000-000000000000' }] }), 'items.0.staff_id', 'This value does not exist'],
    ['quantity 0', () => ({ items: [{ ...service(), quantity: 0 }] }), 'items.0.quantity', 'Must be at least 1'],
    ['quantity 1000', () => ({ items: [{ ...service(), quantity: 1000 }] }), 'items.0.quantity', 'Must be at most 999'],
    ['a product line without quantity', () => ({ items: [{ type: 'product', product_id: shop.serviceId }] }), 'items.0.quantity', 'This field is required'],
    ['an unknown line type', () => ({ items: [{ type: 'gift' }] }), 'items.0.type', 'Invalid value'],
    ['no line on a placed order', () => ({ items: [] }), 'items', 'Add at least one item'],
    ['a 3-digit PIN', () => ({ items: [service()], pin_code: '123' }), 'pin_code', 'Must be at least 4 characters'],
    ['a 7-digit PIN', () => ({ items: [service()], pin_code: '1234567' }), 'pin_code', 'Must be at most 6 characters'],
    ['a PIN with letters', () => ({ items: [service()], pin_code: '12a4' }), 'pin_code', 'Digits only'],
    ['eleven fees', () => ({ items: [service()], fees: Array.from({ length: 11 }, () => ({ title: 'Fee', value: 1 })) }), 'fees', 'Choose at most 10'],
    ['a negative fee', () => ({ items: [service()], fees: [{ title: 'Fee', value: -1 }] }), 'fees.0.value', 'Must be at least 0'],
    ['a fee title over 100 characters', () => ({ items: [service()], fees: [{ title: 'x'.repeat(101), value: 1 }] }), 'fees.0.title', 'Must be at most 100 characters'],
    ['a negative transport fee', () => ({ items: [service()], transport_fee: -5 }), 'transport_fee', 'Must be at least 0'],
    ['a percentage discount above 100 %', () => ({ items: [service()], discount: { type: 'percentage', value: 10001 } }), 'discount.value', 'Must be at most 10000'],
    ['an unknown source', () => ({ items: [service()], source: 'phone' }), 'source', 'Invalid value'],
  ])('answers 422 for %s', async (_what, body, field, message) => {
    const res = await shop.client.post('orders', body());
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
  });

  it('refuses a provider who does not offer the service, and accepts one who does', async () => {
    const [other] = await rows<{ id: string }>(t.db, sql`insert into providers (tenant_id, name) values (${shop.tenantId}, 'Other provider') returning id`);
    const res = await shop.client.post('orders', { items: [{ ...service(), staff_id: other!.id }] });
    expect(res.json().errors).toEqual({ 'items.0.staff_id': ['This provider does not offer this service'] });
    const ok = await place({ items: [{ ...service(), staff_id: shop.providerId }] });
    expect(ok.items[0].staff_id).toBe(shop.providerId);
    // The order is assigned to the first line's provider.
    expect(ok.staff_id).toBe(shop.providerId);
  });

  it('saves a draft without lines and without taking stock; placing it takes the stock', async () => {
    const empty = await place({ is_draft: true, items: [] });
    expect(empty).toMatchObject({ is_draft: true, items: [], total: 0 });
    const p = await newProduct(shop.client, { stock: 4 });
    const draft = await place({ is_draft: true, items: [product(p, 3)] });
    expect(await stockOf(t, p)).toBe(4);
    const placed = await shop.client.put(`orders/${draft.id}`, { is_draft: false });
    expect(placed.statusCode).toBe(200);
    expect(placed.json().data.is_draft).toBe(false);
    expect(await stockOf(t, p)).toBe(1);
    // A placed order does not go back to being a draft.
    const back = await shop.client.put(`orders/${draft.id}`, { is_draft: true });
    expect(back.json().errors).toEqual({ is_draft: ['Invalid value'] });
    // Placing an empty draft needs a line.
    const none = await shop.client.put(`orders/${empty.id}`, { is_draft: false });
    expect(none.json().errors).toEqual({ items: ['Add at least one item'] });
  });
});

describe('stock', () => {
  it('answers out of stock when none is left and insufficient quantity with what is left', async () => {
    const empty = await newProduct(shop.client, { stock: 0 });
    const out = await shop.client.post('orders', { items: [service(), product(empty, 1)] });
    expect(out.statusCode).toBe(422);
    expect(out.json()).toEqual({ message: 'Out of stock', errors: { 'items.1.quantity': ['Out of stock'] } });

    const few = await newProduct(shop.client, { stock: 3 });
    const short = await shop.client.post('orders', { items: [product(few, 5)] });
    expect(short.json().errors).toEqual({ 'items.0.quantity': ['Insufficient quantity (3 available)'] });
    // Two lines of one product count together; nothing of a refused order is kept.
    const twice = await shop.client.post('orders', { items: [product(few, 2), product(few, 2)] });
    expect(twice.json().errors).toEqual({ 'items.0.quantity': ['Insufficient quantity (3 available)'] });
    expect(await stockOf(t, few)).toBe(3);
  });

  it('never counts an unlimited product', async () => {
    const p = await newProduct(shop.client, { unlimited: true, stock: 0 });
    const o = await place({ items: [product(p, 500)] });
    expect(o.items[0].quantity).toBe(500);
    expect(await stockOf(t, p)).toBe(0);
  });

  it('answers for a combination with its own stock', async () => {
    const v = await newVariantProduct(shop.client, { S: { price: 100, stock: 0 }, M: { price: 100, stock: 2 } });
    const out = await shop.client.post('orders', { items: [product(v.product, 1, v.S)] });
    expect(out.json().errors).toEqual({ 'items.0.quantity': ['Out of stock'] });
    const short = await shop.client.post('orders', { items: [product(v.product, 3, v.M)] });
    expect(short.json().errors).toEqual({ 'items.0.quantity': ['Insufficient quantity (2 available)'] });
  });

  it('sells exactly the stock under 20 parallel orders, never below zero', async () => {
    const p = await newProduct(shop.client, { stock: 5 });
    const results = await Promise.all(Array.from({ length: 20 }, () => shop.client.post('orders', { items: [product(p, 1)] })));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 422)).toHaveLength(15);
    for (const r of results.filter((x) => x.statusCode === 422)) expect(r.json().errors).toEqual({ 'items.0.quantity': ['Out of stock'] });
    expect(await stockOf(t, p)).toBe(0);
    const [sold] = await rows<{ n: number }>(t.db, sql`select coalesce(sum(quantity), 0)::int as n from order_items where product_id = ${p}`);
    expect(Number(sold?.n)).toBe(5);
  });

  it('sells exactly the stock of a combination under parallel orders of two units', async () => {
    const v = await newVariantProduct(shop.client, { S: { price: 100, stock: 7 }, M: { price: 100, stock: 0 } });
    const results = await Promise.all(Array.from({ length: 10 }, () => shop.client.post('orders', { items: [product(v.product, 2, v.S)] })));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(await comboStockOf(t, v.S)).toBe(1);
  });
});

describe('PUT /orders/:id', () => {
  it('replacing the lines deletes every appointment, gives the old stock back and takes the new', async () => {
    const customer = await newCustomer(shop.client);
    const a = await newProduct(shop.client, { stock: 10 });
    const b = await newProduct(shop.client, { stock: 10 });
    const o = await place({ customer_id: customer, items: [service(), product(a, 3)] });
    await insertBooking(t, shop.tenantId, { orderId: o.id, itemId: o.items[0].id, providerId: shop.providerId, customerId: customer });
    expect((await shop.client.get(`orders/${o.id}`)).json().data.items[0].booking).toMatchObject({ status: 'confirmed', staff_id: shop.providerId });
    expect(await stockOf(t, a)).toBe(7);

    const res = await shop.client.put(`orders/${o.id}`, { items: [service(), product(b, 4)] });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Updated successfully');
    const after = res.json().data;
    expect(after.bookings_count).toBe(0);
    expect(after.items[0].booking).toBeNull();
    expect(after.items.map((i: { product_id: string | null; quantity: number }) => [i.product_id, i.quantity])).toEqual([
      [null, 1],
      [b, 4],
    ]);
    expect(await bookingStatuses(t, o.id)).toEqual([]);
    expect(await stockOf(t, a)).toBe(10);
    expect(await stockOf(t, b)).toBe(6);
    expect(after).toMatchObject({ subtotal: 9000, tax_amount: 1350, total: 10350 });
    const logs = (await shop.client.get(`orders/${o.id}/logs`)).json().data;
    expect(logs[0]).toMatchObject({ action: 'updated', user: { name: 'Test Owner' } });
    expect(logs[0].changes).toMatchObject({ bookings_deleted: 1, total: { from: 9200, to: 10350 } });
  });

  it('keeps the lines and appointments when the same lines are sent back', async () => {
    const customer = await newCustomer(shop.client);
    const o = await place({ customer_id: customer, items: [service()] });
    await insertBooking(t, shop.tenantId, { orderId: o.id, itemId: o.items[0].id, providerId: shop.providerId, customerId: customer });
    const res = await shop.client.put(`orders/${o.id}`, { items: [service()], notes: 'Only the note' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ notes: 'Only the note', bookings_count: 1 });
    expect(res.json().data.items[0].id).toBe(o.items[0].id);
  });

  it('refuses a new line the stock cannot cover, changing nothing', async () => {
    const a = await newProduct(shop.client, { stock: 2 });
    const o = await place({ items: [product(a, 2)] });
    const res = await shop.client.put(`orders/${o.id}`, { items: [product(a, 3)] });
    // The old 2 come back first, so 2 are available for the new line.
    expect(res.json().errors).toEqual({ 'items.0.quantity': ['Insufficient quantity (2 available)'] });
    expect(await stockOf(t, a)).toBe(0);
    const ok = await shop.client.put(`orders/${o.id}`, { items: [product(a, 1)] });
    expect(ok.statusCode).toBe(200);
    expect(await stockOf(t, a)).toBe(1);
  });

  it('changes the customer on the order and its appointments; a blocked one is refused; a guest order cannot keep appointments', async () => {
    const first = await newCustomer(shop.client);
    const second = await newCustomer(shop.client, 'Second', 'Customer');
    const o = await place({ customer_id: first, items: [service()] });
    const booking = await insertBooking(t, shop.tenantId, { orderId: o.id, itemId: o.items[0].id, providerId: shop.providerId, customerId: first });
    const res = await shop.client.put(`orders/${o.id}`, { customer_id: second });
    expect(res.json().data.customer).toMatchObject({ id: second, name: 'Second Customer' });
    const [b] = await rows<{ customer_id: string }>(t.db, sql`select customer_id from bookings where id = ${booking}`);
    expect(b?.customer_id).toBe(second);
    const guest = await shop.client.put(`orders/${o.id}`, { customer_id: null });
    expect(guest.json().errors).toEqual({ customer_id: ['No appointment on a guest order: choose a customer first'] });
    await shop.client.post(`customers/${first}/block`, { blocked: true });
    const blocked = await shop.client.put(`orders/${o.id}`, { customer_id: first });
    expect(blocked.json().errors).toEqual({ customer_id: ['This customer is blocked and cannot book or order'] });
  });

  it('moving the order to another branch deletes its appointments', async () => {
    const customer = await newCustomer(shop.client);
    const [other] = await rows<{ id: string }>(t.db, sql`insert into branches (tenant_id, name) values (${shop.tenantId}, 'North') returning id`);
    const o = await place({ customer_id: customer, branch_id: shop.branchId, items: [service()] });
    await insertBooking(t, shop.tenantId, { orderId: o.id, itemId: o.items[0].id, providerId: shop.providerId, customerId: customer });
    const res = await shop.client.put(`orders/${o.id}`, { branch_id: other!.id });
    expect(res.json().data).toMatchObject({ branch_id: other!.id, bookings_count: 0 });
  });
});

describe('POST /orders/:id/items and DELETE /orders/:id/:itemId', () => {
  it('adds lines without touching the appointments and takes their stock', async () => {
    const customer = await newCustomer(shop.client);
    const p = await newProduct(shop.client, { stock: 5, price: 2500 });
    const o = await place({ customer_id: customer, items: [service()] });
    await insertBooking(t, shop.tenantId, { orderId: o.id, itemId: o.items[0].id, providerId: shop.providerId, customerId: customer });
    const res = await shop.client.post(`orders/${o.id}/items`, { items: [product(p, 2)] });
    expect(res.statusCode).toBe(201);
    const after = res.json().data;
    expect(after.items).toHaveLength(2);
    expect(after.items[0].booking).not.toBeNull();
    expect(after).toMatchObject({ bookings_count: 1, subtotal: 10000, tax_amount: 1500, total: 11500 });
    expect(await stockOf(t, p)).toBe(3);
    expect(await logActions(o.id)).toEqual(['items_added', 'created']);
    const short = await shop.client.post(`orders/${o.id}/items`, { items: [product(p, 4)] });
    expect(short.json().errors).toEqual({ 'items.0.quantity': ['Insufficient quantity (3 available)'] });
  });

  it('removes one line with its appointment, gives its stock back, and keeps the last line', async () => {
    const customer = await newCustomer(shop.client);
    const p = await newProduct(shop.client, { stock: 5 });
    const o = await place({ customer_id: customer, items: [service(), product(p, 2)] });
    await insertBooking(t, shop.tenantId, { orderId: o.id, itemId: o.items[0].id, providerId: shop.providerId, customerId: customer });
    const res = await shop.client.request('DELETE', `orders/${o.id}/${o.items[0].id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ items_count: 1, bookings_count: 0, subtotal: 2000, total: 2300 });
    expect(await bookingStatuses(t, o.id)).toEqual([]);
    const last = await shop.client.request('DELETE', `orders/${o.id}/${o.items[1].id}`);
    expect(last.statusCode).toBe(422);
    expect(last.json().message).toBe('Add at least one item');
    expect(await stockOf(t, p)).toBe(3);
    // Another order's line is not this order's.
    const other = await place({ items: [service(), service()] });
    const wrong = await shop.client.request('DELETE', `orders/${o.id}/${other.items[0].id}`);
    expect(wrong.statusCode).toBe(404);
    expect(await logActions(o.id)).toEqual(['item_removed', 'created']);
  });

  it('gives a product line’s stock back when it is removed', async () => {
    const p = await newProduct(shop.client, { stock: 5 });
    const o = await place({ items: [service(), product(p, 4)] });
    expect(await stockOf(t, p)).toBe(1);
    await shop.client.request('DELETE', `orders/${o.id}/${o.items[1].id}`);
    expect(await stockOf(t, p)).toBe(5);
  });
});

describe('discount', () => {
  it('spreads a fixed discount over the lines, taxes each line after it, and removes it', async () => {
    const p = await newProduct(shop.client, { price: 2000, stock: 5 });
    const o = await place({ items: [service(), product(p, 1)] });
    expect(o).toMatchObject({ subtotal: 7000, tax_amount: 1050, total: 8050, discount: null });
    const res = await shop.client.put(`orders/${o.id}/discount`, { type: 'fixed', value: 700 });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.discount).toEqual({ type: 'fixed', value: 700, amount: 700 });
    expect(d.items.map((i: { discount_amount: number; tax_amount: number; total: number }) => [i.discount_amount, i.tax_amount, i.total])).toEqual([
      [500, 675, 5175],
      [200, 270, 2070],
    ]);
    expect(d).toMatchObject({ subtotal: 7000, tax_amount: 945, total: 7245, remaining_amount: 7245 });
    // A fixed discount above the subtotal is capped at it.
    const big = (await shop.client.put(`orders/${o.id}/discount`, { type: 'fixed', value: 100000 })).json().data;
    expect(big).toMatchObject({ discount: { type: 'fixed', value: 100000, amount: 7000 }, tax_amount: 0, total: 0, payment_status: 'paid' });
    const none = await shop.client.request('DELETE', `orders/${o.id}/undiscount`);
    expect(none.statusCode).toBe(200);
    expect(none.json().data).toMatchObject({ discount: null, tax_amount: 1050, total: 8050 });
    expect(await logActions(o.id)).toEqual(['undiscount', 'discount', 'discount', 'created']);
  });

  it('applies a percentage in basis points with per-line rounding that adds up', async () => {
    const p = await newProduct(shop.client, { price: 333, stock: 50 });
    const o = await place({ items: [service(), product(p, 7)] });
    const res = await shop.client.put(`orders/${o.id}/discount`, { type: 'percentage', value: 1250 });
    const d = res.json().data;
    const expected = priceOrder({
      lines: [
        { key: 'a', unitPrice: 5000, quantity: 1, taxes: [{ id: null, name: 'VAT', rateBps: 1500 }] },
        { key: 'b', unitPrice: 333, quantity: 7, taxes: [{ id: null, name: 'VAT', rateBps: 1500 }] },
      ],
      discount: { type: 'percentage', value: 1250 },
    });
    expect(d.discount).toEqual({ type: 'percentage', value: 1250, amount: expected.discount });
    expect(d.items.map((i: { discount_amount: number; tax_amount: number; total: number }) => [i.discount_amount, i.tax_amount, i.total])).toEqual(expected.lines.map((l) => [l.discount, l.tax, l.total]));
    expect(d.total).toBe(expected.total);
    expect(d.items.reduce((a: number, i: { total: number }) => a + i.total, 0)).toBe(d.total);
    expect(d.items.reduce((a: number, i: { discount_amount: number }) => a + i.discount_amount, 0)).toBe(d.discount.amount);
  });

  it.each([
    [{ type: 'percentage', value: 0 }, 'value', 'Must be at least 1'],
    [{ type: 'percentage', value: 10001 }, 'value', 'Must be at most 10000'],
    [{ type: 'fixed', value: 12.5 }, 'value', 'Must be a whole number'],
    [{ type: 'coupon', value: 10 }, 'type', 'Invalid value'],
  ])('refuses the discount %j', async (body, field, message) => {
    const o = await place({ items: [service()] });
    const res = await shop.client.put(`orders/${o.id}/discount`, body);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
  });
});

describe('reading', () => {
  it('GET marks the order read; the sidebar counts unread orders and transactions', async () => {
    const fresh = await newShop(t);
    const c = fresh.client;
    const o = (await c.post('orders', { items: [{ type: 'service', service_id: fresh.serviceId }] })).json().data;
    // Made by staff here: already read.
    expect(o.read_at).not.toBeNull();
    expect((await c.get('load-unread-modules-counts')).json().data).toEqual({ orders: 0, transactions: 0, notifications: 0, comments: 0, reviews: 0 });
    // An order from elsewhere (booking page) and a payment nobody opened yet.
    await t.db.execute(sql`update orders set read_at = null, source = 'booking-page' where id = ${o.id}`);
    await t.db.execute(sql`insert into transactions (tenant_id, number, order_id, payment_method, amount, currency, status) values (${fresh.tenantId}, 1, ${o.id}, 'cash', 100, 'SAR', 'confirmed')`);
    await t.db.execute(sql`insert into transactions (tenant_id, number, order_id, payment_method, amount, currency, status, deleted_at) values (${fresh.tenantId}, 2, ${o.id}, 'cash', 100, 'SAR', 'confirmed', now())`);
    expect((await c.get('load-unread-modules-counts')).json().data).toMatchObject({ orders: 1, transactions: 1 });
    const got = await c.get(`orders/${o.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.json().data.read_at).not.toBeNull();
    expect((await c.get('load-unread-modules-counts')).json().data).toMatchObject({ orders: 0, transactions: 1 });
  });

  it('logs every change with who made it', async () => {
    const o = await place({ items: [service()] });
    await shop.client.post(`orders/${o.id}/update-note`, { notes: 'Call first' });
    const res = await shop.client.get(`orders/${o.id}/logs`);
    const logs = res.json().data;
    expect(logs.map((l: { action: string }) => l.action)).toEqual(['note', 'created']);
    expect(logs[0]).toMatchObject({ changes: { from: null, to: 'Call first' }, user: { name: 'Test Owner' } });
    expect(typeof logs[0].created_at).toBe('string');
  });
});
