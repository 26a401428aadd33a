import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, rows, type TestApp } from '../../../test/helper';
import { DAY_MS, resetClock, travel } from '../../lib/clock';
import { newCustomer, newProduct, newShop, type Shop } from '../orders/orders.fixtures';

/**
 * A business's coupons (issue 18 §2): the fields and their rules, and their use on orders with every
 * limit held under concurrency — a limit of 10 gives exactly 10 with 50 orders racing on PostgreSQL
 * (Medusa #16012, Saleor #544) — and the use given back by removing the coupon, cancelling or
 * trashing the order, under the same lock (Medusa #16595).
 */

let t: TestApp;
let shop: Shop;
const POSTGRES = Boolean(process.env.DATABASE_URL);

beforeAll(async () => {
  t = await buildTestApp();
  shop = await newShop(t);
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => resetClock());

const base = { name: 'Eid offer', discount_type: 'percentage', discount_amount: 2000 };
let seq = 0;
const code = () => `EID${++seq}${Math.floor(Math.random() * 1e6)}`;

async function coupon(body: Record<string, unknown>) {
  const res = await shop.client.post('coupons', { ...base, code: code(), ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; code: string; uses: number };
}

async function order(items: Record<string, unknown>[], customerId: string | null = null) {
  const res = await shop.client.post('orders', { customer_id: customerId, items });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; total: number; subtotal: number; discount_amount: number; tax_amount: number };
}
const productLine = (id: string, quantity = 1) => ({ type: 'product', product_id: id, quantity });
const usesOf = async (id: string) => (await shop.client.get(`coupons/${id}`)).json().data.uses as number;

describe('coupons', () => {
  it('checks every field: code letters and digits, a percentage at most 100%, the end after the start, the per-customer limit within the total', async () => {
    const bad = await shop.client.post('coupons', { ...base, code: 'EID 10', discount_amount: 12_000, start_date: '2026-12-10', end_date: '2026-12-01', usage_limit: 5, usage_limit_per_user: 6 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      code: ['The coupon code is letters and digits only, no spaces'],
    });
    const rules = await shop.client.post('coupons', { ...base, code: 'EID10', discount_amount: 12_000, start_date: '2026-12-10', end_date: '2026-12-01', usage_limit: 5, usage_limit_per_user: 6 });
    expect(Object.keys(rules.json().errors).sort()).toEqual(['discount_amount', 'end_date', 'usage_limit_per_user']);
    const made = await coupon({ code: 'welcome5', discount_type: 'fixed', discount_amount: 500, description: 'For new customers' });
    expect(made).toMatchObject({ code: 'WELCOME5', uses: 0 });
    expect((await shop.client.post('coupons', { ...base, code: 'Welcome5' })).json().errors.code).toEqual(['This value already exists']);
    expect((await shop.client.get('coupons')).json().data.map((c: { code: string }) => c.code)).toContain('WELCOME5');
    const toggled = await shop.client.post(`coupons/${made.id}/toggle`);
    expect(toggled.json().data.status).toBe('inactive');
  });

  it('belongs to its business: another business cannot read, change or use it', async () => {
    const c = await coupon({});
    const other = await newShop(t);
    expect((await other.client.get(`coupons/${c.id}`)).statusCode).toBe(404);
    expect((await other.client.put(`coupons/${c.id}`, { ...base, code: 'STEAL' })).statusCode).toBe(404);
    const theirs = (await other.client.post('orders', { customer_id: null, items: [{ type: 'service', service_id: other.serviceId }] })).json().data;
    expect((await other.client.put(`orders/${theirs.id}/coupon`, { code: c.code })).json().errors.code).toEqual(['Coupon not found']);
  });

  it('prices the order with it: only on the services and products it names, VAT on what is left', async () => {
    const cheap = await newProduct(shop.client, { price: 1000, stock: 50 });
    const dear = await newProduct(shop.client, { price: 5000, stock: 50 });
    const c = await coupon({ discount_amount: 5000, product_ids: [dear] });
    const o = await order([productLine(cheap), productLine(dear, 2)]);
    const res = await shop.client.put(`orders/${o.id}/coupon`, { code: c.code.toLowerCase() });
    expect(res.statusCode, res.body).toBe(200);
    const priced = res.json().data;
    // 50% of the two dear ones (10000) only.
    expect(priced).toMatchObject({ coupon_code: c.code, coupon_applied: true, discount: { type: 'percentage', value: 5000, amount: 5000 }, subtotal: 11000 });
    expect(priced.items.map((i: { discount_amount: number }) => i.discount_amount)).toEqual([0, 5000]);
    expect(priced.tax_amount).toBe(Math.round((11000 - 5000) * 0.15));
    // Not on an order without the product.
    const plain = await order([productLine(cheap)]);
    expect((await shop.client.put(`orders/${plain.id}/coupon`, { code: c.code })).json().errors.code).toEqual(['The coupon covers none of the services or products on this order']);
    // A manual discount and a coupon do not combine.
    expect((await shop.client.put(`orders/${o.id}/discount`, { type: 'fixed', value: 100 })).statusCode).toBe(422);
    await shop.client.put(`orders/${plain.id}/discount`, { type: 'fixed', value: 100 });
    const all = await coupon({});
    expect((await shop.client.put(`orders/${plain.id}/coupon`, { code: all.code })).json().errors.code).toEqual(['A coupon and a manual discount do not combine: remove one first']);
    // Removing it gives the use back and the price.
    expect(await usesOf(c.id)).toBe(1);
    const removed = (await shop.client.request('DELETE', `orders/${o.id}/coupon`)).json().data;
    expect(removed).toMatchObject({ coupon_code: null, coupon_applied: false, discount: null, total: 11000 + 1650 });
    expect(await usesOf(c.id)).toBe(0);
  });

  it('says "Coupon not found" before its first day, after its last, and when switched off', async () => {
    const p = await newProduct(shop.client, { price: 1000, stock: 50 });
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Riyadh' });
    const c = await coupon({ start_date: today, end_date: today });
    const o = await order([productLine(p)]);
    travel(-DAY_MS);
    expect((await shop.client.put(`orders/${o.id}/coupon`, { code: c.code })).json().errors.code).toEqual(['Coupon not found']);
    travel(2 * DAY_MS);
    expect((await shop.client.put(`orders/${o.id}/coupon`, { code: c.code })).json().errors.code).toEqual(['Coupon not found']);
    resetClock();
    await shop.client.post(`coupons/${c.id}/toggle`);
    expect((await shop.client.put(`orders/${o.id}/coupon`, { code: c.code })).json().errors.code).toEqual(['Coupon not found']);
    await shop.client.post(`coupons/${c.id}/toggle`);
    expect((await shop.client.put(`orders/${o.id}/coupon`, { code: c.code })).statusCode).toBe(200);
    expect((await shop.client.put(`orders/${o.id}/coupon`, { code: 'NOSUCHCODE' })).json().errors.code).toEqual(['The order already has a coupon: remove it first']);
  });

  it('holds the per-customer limit, moves the use with the customer, and needs a customer for it', async () => {
    const p = await newProduct(shop.client, { price: 1000, stock: 50 });
    const c = await coupon({ usage_limit_per_user: 1 });
    const huda = await newCustomer(shop.client, 'Huda', 'Saleh');
    const noor = await newCustomer(shop.client, 'Noor', 'Ali');
    const guest = await order([productLine(p)]);
    expect((await shop.client.put(`orders/${guest.id}/coupon`, { code: c.code })).json().errors.code).toEqual(['This coupon is limited per customer: choose the order’s customer first']);
    const first = await order([productLine(p)], huda);
    expect((await shop.client.put(`orders/${first.id}/coupon`, { code: c.code })).statusCode).toBe(200);
    const second = await order([productLine(p)], huda);
    expect((await shop.client.put(`orders/${second.id}/coupon`, { code: c.code })).json().errors.code).toEqual(['This customer has used the coupon as often as allowed']);
    const hers = await order([productLine(p)], noor);
    expect((await shop.client.put(`orders/${hers.id}/coupon`, { code: c.code })).statusCode).toBe(200);
    // Noor's order moved to Huda: Huda has had hers.
    const moved = await shop.client.put(`orders/${hers.id}/update-customer/${huda}`, {});
    expect(moved.json().errors.customer_id).toEqual(['This customer has used the coupon as often as allowed']);
    // Through the order's edit too; to a third customer it moves.
    expect((await shop.client.put(`orders/${hers.id}`, { customer_id: huda })).statusCode).toBe(422);
    const sara = await newCustomer(shop.client, 'Sara', 'Omar');
    expect((await shop.client.put(`orders/${hers.id}/update-customer/${sara}`, {})).statusCode).toBe(200);
    const [use] = await rows<{ customer_id: string }>(t.db, sql`select customer_id from coupon_redemptions where order_id = ${hers.id}`);
    expect(use!.customer_id).toBe(sara);
  });

  it('gives the use back when the order is cancelled (keeping its discount as history) or trashed; deleting a coupon in use is refused', async () => {
    const p = await newProduct(shop.client, { price: 1000, stock: 50 });
    const c = await coupon({ usage_limit: 1 });
    const a = await order([productLine(p)]);
    expect((await shop.client.put(`orders/${a.id}/coupon`, { code: c.code })).statusCode).toBe(200);
    const b = await order([productLine(p)]);
    expect((await shop.client.put(`orders/${b.id}/coupon`, { code: c.code })).json().errors.code).toEqual(['This coupon has been used up']);
    expect((await shop.client.request('DELETE', `coupons/${c.id}`)).statusCode).toBe(422);
    const cancelled = await shop.client.post(`orders/${a.id}/change-status`, { status: 'canceled' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({ coupon_code: c.code, coupon_applied: false, discount: { amount: 200 } });
    expect(await usesOf(c.id)).toBe(0);
    expect((await shop.client.put(`orders/${b.id}/coupon`, { code: c.code })).statusCode).toBe(200);
    expect((await shop.client.request('DELETE', `orders/${b.id}`)).statusCode).toBe(200);
    expect(await usesOf(c.id)).toBe(0);
    expect((await shop.client.request('DELETE', `coupons/${c.id}`)).statusCode).toBe(200);
  });

  it.runIf(POSTGRES)('a limit of 10 gives exactly 10 uses to 50 orders racing for it, and 10 again after uses are given back at the same time', async () => {
    const p = await newProduct(shop.client, { price: 1000, unlimited: true });
    const c = await coupon({ usage_limit: 10 });
    const orders = await Promise.all(Array.from({ length: 50 }, () => order([productLine(p)])));
    const results = await Promise.all(orders.map((o) => shop.client.put(`orders/${o.id}/coupon`, { code: c.code })));
    const won = orders.filter((_, i) => results[i]!.statusCode === 200);
    expect(won).toHaveLength(10);
    expect(results.filter((r) => r.statusCode === 422).every((r) => r.json().errors.code[0] === 'This coupon has been used up')).toBe(true);
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 422)).toBe(true);
    expect(await usesOf(c.id)).toBe(10);
    // Five give theirs back while 40 others try again: exactly five more win.
    const losers = orders.filter((o) => !won.includes(o));
    const [released, retried] = await Promise.all([
      Promise.all(won.slice(0, 5).map((o) => shop.client.request('DELETE', `orders/${o.id}/coupon`))),
      Promise.all(losers.map((o) => shop.client.put(`orders/${o.id}/coupon`, { code: c.code }))),
    ]);
    expect(released.every((r) => r.statusCode === 200)).toBe(true);
    const [held] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from coupon_redemptions where coupon_id = ${c.id}`);
    expect(held!.n).toBe(10);
    expect(retried.filter((r) => r.statusCode === 200).length).toBeLessThanOrEqual(5);
  });
});
