import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, rows, type TestApp } from '../../../test/helper';
import { resetClock, travel } from '../../lib/clock';
import { newStaff } from '../access/access.fixtures';
import { at, branch, dayAhead, provider, service } from '../bookings/bookings.fixtures';
import { newCustomer, newProduct, newShop, type Shop } from '../orders/orders.fixtures';
import { offerPriceFor } from './offers.service';

/**
 * A business's offers (issue 18 §2): the fields and their messages, switching on and off, the window
 * (start included, end excluded), the channels, and the one rule for prices: an offer changes a
 * service line's unit price before any discount (the larger cut wins, never below zero), and a
 * coupon is then taken on the offered price.
 */

let t: TestApp;
let shop: Shop;

beforeAll(async () => {
  t = await buildTestApp();
  shop = await newShop(t);
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => resetClock());

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const running = () => ({ start_at: iso(Date.now() - HOUR), end_at: iso(Date.now() + 24 * HOUR) });

/** A service of its own (price in minor units, 15 % VAT) so offers on it touch no other test. */
async function newService(price: number, s: Shop = shop): Promise<string> {
  const [row] = await rows<{ id: string }>(t.db, sql`insert into services (tenant_id, name, price, duration) values (${s.tenantId}, ${`Cut ${Math.random()}`}, ${price}, 30) returning id`);
  await t.db.execute(sql`insert into service_taxes (tenant_id, service_id, tax_id) values (${s.tenantId}, ${row!.id}, ${s.taxId})`);
  return row!.id;
}

async function offer(body: Record<string, unknown>, s: Shop = shop) {
  const res = await s.client.post('offers', { name: 'Eid offer', type: 'percentage', amount: 2000, channels: ['webapp'], ...running(), ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; code: string | null; status: string; running: boolean };
}

type Priced = { id: string; subtotal: number; discount: { amount: number } | null; tax_amount: number; total: number; items: { unit_price: number; subtotal: number; discount_amount: number }[] };
async function order(serviceIds: string[], extra: Record<string, unknown> = {}): Promise<Priced> {
  const res = await shop.client.post('orders', { customer_id: null, items: serviceIds.map((id) => ({ type: 'service', service_id: id })), ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

describe('offers', () => {
  it('checks every field with a message: code letters and digits, percentage at most 100 %, fixed above 0, end after start, a channel, a service of the business', async () => {
    const bad = await shop.client.post('offers', {
      name: 'Eid offer',
      code: 'EID 10',
      type: 'percentage',
      amount: 12_000,
      start_at: '2026-12-10T10:00:00Z',
      end_at: '2026-12-10T10:00:00Z',
      channels: [],
      service_ids: [],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      code: ['The offer code is letters and digits only, no spaces'],
      channels: ['Choose at least one channel'],
      service_ids: ['Choose at least one service'],
    });
    const rules = await shop.client.post('offers', { name: 'Eid offer', type: 'percentage', amount: 12_000, start_at: '2026-12-10T10:00:00Z', end_at: '2026-12-10T09:00:00Z', channels: ['webapp'], service_ids: [shop.serviceId] });
    expect(rules.json().errors).toEqual({ amount: ['The percentage is at most 100%'], end_at: ['The end must be after the start'] });
    const zero = await shop.client.post('offers', { name: 'Eid offer', type: 'fixed', amount: 0, ...running(), channels: ['webapp', 'pos'], service_ids: [shop.serviceId] });
    expect(Object.keys(zero.json().errors).sort()).toEqual(['amount', 'channels.1']);
    const other = await newShop(t);
    const theirs = await shop.client.post('offers', { name: 'Eid offer', type: 'fixed', amount: 100, ...running(), channels: ['webapp'], service_ids: [shop.serviceId, other.serviceId] });
    expect(theirs.json().errors).toEqual({ 'service_ids.1': ['This value does not exist'] });
    const ar = await shop.client.post('offers', { name: 'عرض العيد', type: 'fixed', amount: 0, ...running(), channels: [], service_ids: [shop.serviceId] }, { lang: 'ar' });
    expect(ar.json().errors.channels).toEqual(['اختر قناة واحدة على الأقل']);
  });

  it('keeps the code upper case and unique in the business (another business may use it), lists, edits, switches and deletes', async () => {
    const svc = await newService(5000);
    const made = await offer({ code: 'summer5', service_ids: [svc], channels: ['webapp', 'booking_page', 'webapp'] });
    expect(made).toMatchObject({ code: 'SUMMER5', status: 'active', running: true, channels: ['webapp', 'booking_page'] });
    expect((await shop.client.post('offers', { name: 'Again', code: 'Summer5', type: 'fixed', amount: 100, ...running(), channels: ['webapp'], service_ids: [svc] })).json().errors.code).toEqual(['This value already exists']);
    // No code: as many as wanted.
    await offer({ service_ids: [svc], code: '' });
    await offer({ service_ids: [svc] });
    const other = await newShop(t);
    await offer({ code: 'SUMMER5', service_ids: [other.serviceId] }, other);

    const edited = await shop.client.put(`offers/${made.id}`, { name: 'Summer sale', code: 'SUMMER5', type: 'fixed', amount: 700, ...running(), channels: ['booking_page'], service_ids: [svc] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ name: 'Summer sale', type: 'fixed', amount: 700, channels: ['booking_page'] });

    const off = await shop.client.post(`offers/${made.id}/toggle`, { status: 'inactive' });
    expect(off.json().data).toMatchObject({ status: 'inactive', running: false });
    expect((await shop.client.post(`offers/${made.id}/toggle`, { status: 'inactive' })).json().data.status).toBe('inactive');
    const flip = await shop.client.post(`offers/${made.id}/toggle`);
    expect(flip.json().data?.status, flip.body).toBe('active');
    expect((await shop.client.post(`offers/${made.id}/toggle`, { status: 'paused' })).statusCode).toBe(422);

    const later = await offer({ service_ids: [svc], start_at: iso(Date.now() + 48 * HOUR), end_at: iso(Date.now() + 72 * HOUR) });
    const ids = async (q: string) => ((await shop.client.get(`offers${q}`)).json().data as { id: string }[]).map((o) => o.id);
    expect(await ids('')).toEqual(expect.arrayContaining([made.id, later.id]));
    expect(await ids('?active=true')).toContain(made.id);
    expect(await ids('?active=true')).not.toContain(later.id);
    expect(await ids('?active=false')).toContain(later.id);
    expect(await ids('?channel=booking_page')).toContain(made.id);
    expect(await ids('?channel=booking_page')).not.toContain(later.id);
    await shop.client.post(`offers/${later.id}/toggle`);
    expect(await ids('?status=inactive')).toEqual([later.id]);
    expect((await shop.client.get('offers?active=maybe')).statusCode).toBe(422);

    expect((await shop.client.request('DELETE', `offers/${later.id}`)).statusCode).toBe(200);
    expect((await shop.client.get(`offers/${later.id}`)).statusCode).toBe(404);
  });

  it('belongs to its business and needs marketing.offers', async () => {
    const mine = await offer({ service_ids: [shop.serviceId], start_at: iso(Date.now() + 100 * HOUR), end_at: iso(Date.now() + 200 * HOUR) });
    const other = await newShop(t);
    expect((await other.client.get(`offers/${mine.id}`)).statusCode).toBe(404);
    expect((await other.client.put(`offers/${mine.id}`, { name: 'Steal it', type: 'fixed', amount: 1, ...running(), channels: ['webapp'], service_ids: [other.serviceId] })).statusCode).toBe(404);
    expect((await other.client.post(`offers/${mine.id}/toggle`)).statusCode).toBe(404);
    expect((await other.client.request('DELETE', `offers/${mine.id}`)).statusCode).toBe(404);
    expect(((await other.client.get('offers')).json().data as { id: string }[]).map((o) => o.id)).not.toContain(mine.id);

    const role = (await shop.client.post('roles', { name: 'Front desk', permissions: ['orders'] })).json().data.uuid as string;
    const desk = await newStaff(t, shop, 'admin', { role_id: role });
    expect((await desk.client.get('offers')).statusCode).toBe(403);
    expect((await desk.client.post(`offers/${mine.id}/toggle`)).statusCode).toBe(403);
    const marketer = (await shop.client.post('roles', { name: 'Marketer', permissions: ['marketing.offers'] })).json().data.uuid as string;
    const m = await newStaff(t, shop, 'admin', { role_id: marketer });
    expect((await m.client.get('offers')).statusCode).toBe(200);
  });

  it('runs from start_at (included) to end_at (excluded), while on, on its channels only', async () => {
    const svc = await newService(10_000);
    const start = Date.now() + 10 * HOUR;
    const end = start + 5 * HOUR;
    const o = await offer({ service_ids: [svc], channels: ['booking_page'], start_at: iso(start), end_at: iso(end) });
    const price = async (channel: 'webapp' | 'booking_page', ms: number) => (await offerPriceFor(t.db, shop.tenantId, channel, [svc], new Date(ms))).get(svc)?.price ?? null;
    expect(await price('booking_page', start - 1)).toBeNull();
    expect(await price('booking_page', start)).toBe(8000);
    expect(await price('booking_page', end - 1)).toBe(8000);
    expect(await price('booking_page', end)).toBeNull();
    expect(await price('webapp', start)).toBeNull();
    await shop.client.post(`offers/${o.id}/toggle`, { status: 'inactive' });
    expect(await price('booking_page', start)).toBeNull();
    // Another business's services are not priced by it.
    const other = await newShop(t);
    expect((await offerPriceFor(t.db, other.tenantId, 'booking_page', [svc], new Date(start))).size).toBe(0);

    // `running` in the list follows the clock too.
    travel(10 * HOUR);
    await shop.client.post(`offers/${o.id}/toggle`, { status: 'active' });
    expect((await shop.client.get(`offers/${o.id}`)).json().data.running).toBe(true);
    travel(15 * HOUR);
    expect((await shop.client.get(`offers/${o.id}`)).json().data.running).toBe(false);
  });

  it('two offers on one service: the larger reduction wins; never below zero', async () => {
    const svc = await newService(10_000);
    const cheap = await newService(500);
    await offer({ service_ids: [svc, cheap], type: 'percentage', amount: 1000 });
    const big = await offer({ name: 'Big cut', service_ids: [svc, cheap], type: 'fixed', amount: 2500 });
    const prices = await offerPriceFor(t.db, shop.tenantId, 'webapp', [svc, cheap]);
    expect(prices.get(svc)).toEqual({ offerId: big.id, offerName: 'Big cut', originalPrice: 10_000, price: 7500 });
    expect(prices.get(cheap)).toMatchObject({ offerId: big.id, price: 0 });
  });

  it('prices a dashboard order: the offered unit price before the coupon, the coupon on the offered price, VAT on what is left', async () => {
    const svc = await newService(10_000);
    const plain = await newService(4000);
    const p = await newProduct(shop.client, { price: 1000, stock: 10 });
    const o = await offer({ service_ids: [svc], type: 'percentage', amount: 2000 });
    const res = await shop.client.post('orders', { customer_id: null, items: [{ type: 'service', service_id: svc }, { type: 'service', service_id: plain }, { type: 'product', product_id: p, quantity: 1 }] });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json().data as Priced;
    expect(made.items.map((i) => i.unit_price)).toEqual([8000, 4000, 1000]);
    expect(made.subtotal).toBe(13_000);

    // The line keeps the offered price after the offer goes.
    await shop.client.post(`offers/${o.id}/toggle`, { status: 'inactive' });
    const code = `TEN${Math.floor(Math.random() * 1e6)}`;
    expect((await shop.client.post('coupons', { code, name: 'Ten off', discount_type: 'percentage', discount_amount: 1000 })).statusCode).toBe(201);
    const withCoupon = (await shop.client.put(`orders/${made.id}/coupon`, { code })).json().data as Priced;
    // 10 % of 13000 (the offered subtotal), VAT 15 % on the rest.
    expect(withCoupon).toMatchObject({ subtotal: 13_000, discount: { amount: 1300 }, tax_amount: Math.round(11_700 * 0.15), total: 11_700 + Math.round(11_700 * 0.15) });
    expect(withCoupon.items.map((i) => i.unit_price)).toEqual([8000, 4000, 1000]);

    // The log tells which offer priced the line, and the price before.
    const logs = (await shop.client.get(`orders/${made.id}/logs`)).json().data as { action: string; changes: { items?: unknown[] } }[];
    const created = logs.find((l) => l.action === 'created');
    expect(created?.changes.items?.[0]).toEqual({ name: expect.any(String), quantity: 1, offer: { id: o.id, name: 'Eid offer', original_price: 10_000, price: 8000 } });

    // A manual discount is taken on the offered price too.
    await shop.client.post(`offers/${o.id}/toggle`, { status: 'active' });
    // The order screens read the offered prices (the booking desk's keys suffice).
    const desk = (await shop.client.post('roles', { name: 'Desk only', permissions: ['orders'] })).json().data.uuid as string;
    const staff = await newStaff(t, shop, 'admin', { role_id: desk });
    const prices = (await staff.client.get('offers/prices')).json().data as { service_id: string; price: number; original_price: number }[];
    expect(prices.find((p) => p.service_id === svc)).toMatchObject({ offer_id: o.id, original_price: 10_000, price: 8000 });
    expect(prices.find((p) => p.service_id === plain)).toBeUndefined();

    expect((await shop.client.get(`offers/${o.id}`)).json().data.running).toBe(true);
    const manual = await order([svc], { discount: { type: 'fixed', value: 1000 } });
    expect(manual).toMatchObject({ subtotal: 8000, discount: { amount: 1000 }, tax_amount: 1050, total: 8050 });
    // Not on the store's channel only.
    await shop.client.put(`offers/${o.id}`, { name: 'Eid offer', type: 'percentage', amount: 2000, ...running(), channels: ['booking_page'], service_ids: [svc] });
    expect((await order([svc])).items[0]!.unit_price).toBe(10_000);
  });

  it('prices a booking made in the dashboard, its order line and appointment alike', async () => {
    const b = await branch(t.db, shop.tenantId, { name: 'Offer branch' });
    const s = await service(t.db, shop.tenantId, { name: 'Offer cut', price: 6_000, duration: 30 });
    await provider(t.db, shop.tenantId, { name: 'Offer provider', branchId: b, serviceIds: [s] });
    const cid = await newCustomer(shop.client, 'Reem', 'Ali');
    await offer({ service_ids: [s], type: 'fixed', amount: 1500, end_at: iso(Date.now() + 30 * 24 * HOUR) });
    const made = await shop.client.post('bookings', { customer_id: cid, branch_id: b, service_ids: [s], start_time: at(dayAhead(3), '10:00') });
    expect(made.statusCode, made.body).toBe(201);
    const orderId = made.json().data.order_id as string;
    const o = (await shop.client.get(`orders/${orderId}`)).json().data as Priced;
    expect(o.items[0]!.unit_price).toBe(4500);
    expect(o.subtotal).toBe(4500);
    const [bk] = await rows<{ price: number }>(t.db, sql`select price from bookings where order_id = ${orderId}`);
    expect(Number(bk!.price)).toBe(4500);
  });
});
