import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, readyUser, rows, type TestApp } from '../../../test/helper';
import { withTenant } from '../../db/client';
import { recalculateOrder } from '../orders/order-core';
import { at, branch, customer, dayAhead, insertId, provider, service } from './bookings.fixtures';

/**
 * A booking's new order is written already priced (issue 15 §5: fewer statements while the
 * provider is locked): what it stores is exactly what recalculateOrder would, taxes and a home
 * visit's transport fee included, on the order, its lines and its appointments.
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof readyUser>>;
let tenant: string;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await readyUser(t);
  tenant = owner.user.tenant.uuid;
});
afterAll(async () => {
  await t?.close();
});

const snapshot = (orderId: string) =>
  Promise.all([
    rows(t.db, sql`select subtotal, discount_amount, fees_amount, transport_fee, tax_amount, total, payment_status from orders where id = ${orderId}`),
    rows(t.db, sql`select subtotal, discount_amount, tax_amount, total, taxes from order_items where order_id = ${orderId} order by sort_order`),
    rows(t.db, sql`select total_price, payment_status, transportation_fee_amount from bookings where order_id = ${orderId} order by start_at`),
  ]);

describe('POST /api/v1/bookings writes its new order priced', () => {
  it('stores what recalculating the order would: two taxed services at a home visit with a transport fee', async () => {
    const b = await branch(t.db, tenant, { type: 'home-service' });
    const vat = await insertId(t.db, sql`insert into taxes (tenant_id, name, rate_bps) values (${tenant}, 'VAT', 1500) returning id`);
    const city = await insertId(t.db, sql`insert into taxes (tenant_id, name, rate_bps) values (${tenant}, 'City', 250) returning id`);
    const cut = await service(t.db, tenant, { name: 'Cut', price: 4_999, duration: 30 });
    const dye = await service(t.db, tenant, { name: 'Dye', price: 12_345, duration: 45 });
    await t.db.execute(sql`insert into service_taxes (tenant_id, service_id, tax_id) values (${tenant}, ${cut}, ${vat}), (${tenant}, ${dye}, ${vat}), (${tenant}, ${dye}, ${city})`);
    const p = await provider(t.db, tenant, { branchId: b, serviceIds: [cut, dye] });
    const c = await customer(t.db, tenant);

    const res = await owner.client.post('bookings', { customer_id: c, branch_id: b, staff_id: p, service_ids: [cut, dye, cut], start_time: at(dayAhead(4), '10:00'), transportation_fee_amount: 1_500 });
    expect(res.statusCode, res.body).toBe(201);
    const orderId = res.json().data.order_id as string;
    const stored = await snapshot(orderId);
    expect(stored[0]).toEqual([expect.objectContaining({ subtotal: 4_999 * 2 + 12_345, transport_fee: 1_500, payment_status: 'unpaid' })]);
    expect(Number((stored[0][0] as { tax_amount: number }).tax_amount)).toBeGreaterThan(0);

    await withTenant(t.db, tenant, (tx) => recalculateOrder(tx, tenant, orderId));
    expect(await snapshot(orderId)).toEqual(stored);
    // The answer shows the same amounts as the order's own page.
    const order = (await owner.client.get(`orders/${orderId}`)).json().data;
    expect(order.total).toBe(Number((stored[0][0] as { total: number }).total));
    expect(res.json().data.bookings.map((x: { total_price: number }) => x.total_price)).toEqual(stored[2].map((r) => Number((r as { total_price: number }).total_price)));
  });
});
