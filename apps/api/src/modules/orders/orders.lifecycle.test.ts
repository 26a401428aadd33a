import { existsSync } from 'node:fs';
import path from 'node:path';
import { orderSummarySchema, ordersPage } from '@app/shared/schemas/orders';
import { ORDER_STATUSES, ORDER_TRANSITIONS } from '@app/shared/states/order';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectRowsAsOwn, rows, type TestApp } from '../../../test/helper';
import { staffAccount } from '../branches/staff.fixture';
import { GIF_1PX, multipart, PNG_1PX } from '../catalogue/catalogue.fixtures';
import { bookingStatuses, insertBooking, newCustomer, newProduct, newShop, type Shop, stockOf } from './orders.fixtures';

let t: TestApp;
let shop: Shop;
let reasonId: string;
beforeAll(async () => {
  t = await buildTestApp();
  shop = await newShop(t);
  const reason = await shop.client.post('reasons', { type: 'booking-cancel', reason: 'Customer called' });
  reasonId = reason.json().data.uuid;
});
afterAll(async () => {
  await t?.close();
});

const service = () => ({ type: 'service', service_id: shop.serviceId });
const product = (id: string, quantity = 1) => ({ type: 'product', product_id: id, quantity });

async function place(body: Record<string, unknown>, c = shop.client) {
  const res = await c.post('orders', { customer_id: null, ...body });
  if (res.statusCode !== 201) throw new Error(`order: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

// The status alone, as if the order had been invoiced or not (the invoice documents are invoices.test.ts's).
const setStatus = (id: string, status: string) =>
  t.db.execute(sql`update orders set status = ${status}, invoice_status = ${status === 'invoiced' || status === 'refunded' ? 'invoiced' : 'not-invoiced'} where id = ${id}`);

describe('POST /orders/:id/change-status: the transition table', () => {
  let orderId: string;
  beforeAll(async () => {
    orderId = (await place({ items: [service()] })).id;
  });

  const pairs = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to, (ORDER_TRANSITIONS[from] as readonly string[]).includes(to)] as const));

  // Into invoiced or refunded a move issues a document (invoices.test.ts); the table covers the rest.
  it.each(pairs.filter(([, to, ok]) => ok && to !== 'invoiced' && to !== 'refunded'))('allows %s → %s', async (from, to) => {
    await setStatus(orderId, from);
    const res = await shop.client.post(`orders/${orderId}/change-status`, { status: to });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('The order status was changed');
    expect(res.json().data.status).toBe(to);
    const [log] = (await shop.client.get(`orders/${orderId}/logs`)).json().data;
    expect(log).toMatchObject({ action: 'status', changes: { from, to } });
  });

  it.each(pairs.filter(([, , ok]) => !ok))('refuses %s → %s', async (from, to) => {
    await setStatus(orderId, from);
    const res = await shop.client.post(`orders/${orderId}/change-status`, { status: to });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ status: [`The status cannot change from ${from} to ${to}`] });
    const [row] = await rows<{ status: string }>(t.db, sql`select status from orders where id = ${orderId}`);
    expect(row?.status).toBe(from);
  });

  it('refuses an unknown status and a draft', async () => {
    const bad = await shop.client.post(`orders/${orderId}/change-status`, { status: 'paid' });
    expect(bad.json().errors).toEqual({ status: ['Invalid value'] });
    const draft = await place({ is_draft: true, items: [service()] });
    const res = await shop.client.post(`orders/${draft.id}/change-status`, { status: 'completed' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ status: ['This order is a draft: save it as an order first'] });
  });

  it('places an order waiting for review (or confirmed by default), never in another status; reviewing it confirms or cancels it', async () => {
    const waiting = await place({ items: [service()], status: 'waiting-review' });
    expect(waiting.status).toBe('waiting-review');
    const [created] = (await shop.client.get(`orders/${waiting.id}/logs`)).json().data;
    expect(created).toMatchObject({ action: 'created', changes: { status: 'waiting-review' } });
    expect((await place({ items: [service()] })).status).toBe('confirmed');
    const completed = await shop.client.post('orders', { customer_id: null, items: [service()], status: 'completed' });
    expect(completed.statusCode).toBe(422);
    expect(completed.json().errors.status).toEqual(['Invalid value']);
    const draft = await place({ is_draft: true, items: [service()], status: 'waiting-review' });
    expect(draft).toMatchObject({ status: 'waiting-review', is_draft: true });
    const reviewed = await shop.client.post(`orders/${waiting.id}/change-status`, { status: 'confirmed' });
    expect(reviewed.json().data.status).toBe('confirmed');
  });

  it('invoiced issues the invoice, and refunded its credit note', async () => {
    for (const from of ['confirmed', 'completed', 'no-show']) {
      const id = (await place({ items: [service()] })).id;
      await setStatus(id, from);
      const res = await shop.client.post(`orders/${id}/change-status`, { status: 'invoiced' });
      expect(res.json().data).toMatchObject({ status: 'invoiced', invoice_status: 'invoiced' });
      const [log] = (await shop.client.get(`orders/${id}/logs`)).json().data;
      expect(log).toMatchObject({ action: 'invoice', changes: { from, to: 'invoiced' } });
      const refunded = await shop.client.post(`orders/${id}/change-status`, { status: 'refunded' });
      expect(refunded.json().data).toMatchObject({ status: 'refunded' });
      const docs = (await shop.client.get(`invoices?order_id=${id}`)).json().data;
      expect(docs.map((d: { type: string; status: string }) => [d.type, d.status])).toEqual([
        ['refund', 'approved'],
        ['tax', 'refunded'],
      ]);
    }
  });
});

describe('status side effects', () => {
  it('canceled cancels the active appointments with the reason, keeps finished ones, and gives the stock back', async () => {
    const customer = await newCustomer(shop.client);
    const p = await newProduct(shop.client, { stock: 5 });
    const o = await place({ customer_id: customer, items: [service(), service(), service(), product(p, 2)] });
    expect(await stockOf(t, p)).toBe(3);
    const b = (i: number, status: string) => insertBooking(t, shop.tenantId, { orderId: o.id, itemId: o.items[i].id, providerId: shop.providerId, customerId: customer, status });
    await b(0, 'confirmed');
    await b(1, 'pending');
    await b(2, 'completed');

    const noReason = await shop.client.post(`orders/${o.id}/change-status`, { status: 'canceled' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors).toEqual({ cancellation_reason_id: ['Choose a cancellation reason'] });
    const otherType = await shop.client.post('reasons', { type: 'invoice-cancel', reason: 'Wrong invoice' });
    const wrongReason = await shop.client.post(`orders/${o.id}/change-status`, { status: 'canceled', cancellation_reason_id: otherType.json().data.uuid });
    expect(wrongReason.json().errors).toEqual({ cancellation_reason_id: ['This value does not exist'] });
    expect(await bookingStatuses(t, o.id)).toEqual(['confirmed', 'pending', 'completed']);

    const res = await shop.client.post(`orders/${o.id}/change-status`, { status: 'canceled', cancellation_reason_id: reasonId, note: 'Travelling' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('canceled');
    const list = await rows<{ status: string; cancellation_reason_id: string | null; cancellation_note: string | null }>(
      t.db,
      sql`select b.status, b.cancellation_reason_id, b.cancellation_note from bookings b join order_items i on i.tenant_id = b.tenant_id and i.id = b.order_item_id
          where b.order_id = ${o.id} order by i.sort_order, b.created_at, b.id`,
    );
    expect(list).toEqual([
      { status: 'cancelled', cancellation_reason_id: reasonId, cancellation_note: 'Travelling' },
      { status: 'cancelled', cancellation_reason_id: reasonId, cancellation_note: 'Travelling' },
      { status: 'completed', cancellation_reason_id: null, cancellation_note: null },
    ]);
    expect(await stockOf(t, p)).toBe(5);
    const [log] = (await shop.client.get(`orders/${o.id}/logs`)).json().data;
    expect(log.changes).toMatchObject({ from: 'confirmed', to: 'canceled', bookings_cancelled: 2, cancellation_reason_id: reasonId, note: 'Travelling' });
    // Canceled is locked: no more edits.
    const edit = await shop.client.post(`orders/${o.id}/items`, { items: [service()] });
    expect(edit.statusCode).toBe(422);
    expect(edit.json().message).toBe('An invoiced, refunded or canceled order cannot be edited');
  });

  it('cancels an order without appointments without a reason', async () => {
    const o = await place({ items: [service()] });
    const res = await shop.client.post(`orders/${o.id}/change-status`, { status: 'canceled' });
    expect(res.statusCode).toBe(200);
  });

  it('completed leaves the appointments as they are', async () => {
    const customer = await newCustomer(shop.client);
    const o = await place({ customer_id: customer, items: [service()] });
    await insertBooking(t, shop.tenantId, { orderId: o.id, itemId: o.items[0].id, providerId: shop.providerId, customerId: customer });
    await shop.client.post(`orders/${o.id}/change-status`, { status: 'completed' });
    expect(await bookingStatuses(t, o.id)).toEqual(['confirmed']);
  });

  it('an invoiced order cannot be edited or deleted; its meta data and images still can', async () => {
    const o = await place({ items: [service()] });
    await shop.client.post(`orders/${o.id}/change-status`, { status: 'invoiced' });
    const locked = (res: { statusCode: number; json(): { message: string } }) => {
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('An invoiced, refunded or canceled order cannot be edited');
    };
    locked(await shop.client.put(`orders/${o.id}`, { notes: 'x' }));
    locked(await shop.client.post(`orders/${o.id}/items`, { items: [service()] }));
    locked(await shop.client.request('DELETE', `orders/${o.id}/${o.items[0].id}`));
    locked(await shop.client.put(`orders/${o.id}/discount`, { type: 'fixed', value: 10 }));
    locked(await shop.client.request('DELETE', `orders/${o.id}/undiscount`));
    locked(await shop.client.post(`orders/${o.id}/update-note`, { notes: 'x' }));
    locked(await shop.client.post(`orders/${o.id}/edit-location`, { address: 'x' }));
    locked(await shop.client.post(`orders/${o.id}/update-details`, { pin_code: '1234' }));
    const customer = await newCustomer(shop.client);
    locked(await shop.client.put(`orders/${o.id}/update-customer/${customer}`));
    const del = await shop.client.request('DELETE', `orders/${o.id}`);
    expect(del.statusCode).toBe(422);
    expect(del.json().message).toBe('An invoiced or refunded order cannot be deleted');
    expect((await shop.client.post(`orders/${o.id}/update-meta-data`, { meta_data: { ref: 'A-1' } })).json().data.meta_data).toEqual({ ref: 'A-1' });
    const refunded = await shop.client.post(`orders/${o.id}/change-status`, { status: 'refunded' });
    expect(refunded.json().data.status).toBe('refunded');
    expect((await shop.client.request('DELETE', `orders/${o.id}`)).statusCode).toBe(422);
  });
});

describe('notes, meta data, location, customer, details', () => {
  it('updates each and logs it', async () => {
    const o = await place({ items: [service()] });
    const note = await shop.client.post(`orders/${o.id}/update-note`, { notes: 'Bring towels' });
    expect(note.json()).toMatchObject({ message: 'Updated successfully', data: { notes: 'Bring towels' } });
    const meta = await shop.client.post(`orders/${o.id}/update-meta-data`, { meta_data: { car: 'white', floor: 3 } });
    expect(meta.json().data.meta_data).toEqual({ car: 'white', floor: 3 });
    const loc = await shop.client.post(`orders/${o.id}/edit-location`, { address: 'King Fahd Rd', lat: 24.71, lng: 46.67 });
    expect(loc.json().data.location).toEqual({ address: 'King Fahd Rd', lat: 24.71, lng: 46.67 });
    const badLoc = await shop.client.post(`orders/${o.id}/edit-location`, { address: 'x', lat: 91 });
    expect(badLoc.json().errors).toEqual({ lat: ['Latitude is between -90 and 90'] });
    const customer = await newCustomer(shop.client, 'Reem', 'Adel');
    const cust = await shop.client.put(`orders/${o.id}/update-customer/${customer}`);
    expect(cust.json().data.customer).toMatchObject({ id: customer, name: 'Reem Adel' });
    const details = await shop.client.post(`orders/${o.id}/update-details`, {
      pin_code: '987654',
      receive_time: '2031-01-02T08:30:00Z',
      fees: [{ title: 'Express', value: 1000 }],
      transport_fee: 250,
    });
    expect(details.json().data).toMatchObject({ pin_code: '987654', receive_time: '2031-01-02T08:30:00.000Z', fees: [{ title: 'Express', value: 1000 }], fees_amount: 1000, transport_fee: 250, total: 5750 + 1000 + 250 + 188 }); // VAT once on 62.50: 9.375 → 9.38
    const badPin = await shop.client.post(`orders/${o.id}/update-details`, { pin_code: '12' });
    expect(badPin.json().errors).toEqual({ pin_code: ['Must be at least 4 characters'] });
    const tooManyFees = await shop.client.post(`orders/${o.id}/update-details`, { fees: Array.from({ length: 11 }, () => ({ title: 'F', value: 1 })) });
    expect(tooManyFees.json().errors).toEqual({ fees: ['Choose at most 10'] });
    const logs = (await shop.client.get(`orders/${o.id}/logs`)).json().data.map((l: { action: string }) => l.action);
    expect(logs).toEqual(['details', 'customer', 'location', 'meta', 'note', 'created']);
  });

  it('refuses a blocked customer on update-customer', async () => {
    const o = await place({ items: [service()] });
    const customer = await newCustomer(shop.client, 'Blocked', 'Again');
    await shop.client.post(`customers/${customer}/block`, { blocked: true });
    const res = await shop.client.put(`orders/${o.id}/update-customer/${customer}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ customer_id: ['This customer is blocked and cannot book or order'] });
  });

  it('refuses meta data too large to keep', async () => {
    const o = await place({ items: [service()] });
    const res = await shop.client.post(`orders/${o.id}/update-meta-data`, { meta_data: { blob: 'x'.repeat(20_000) } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ meta_data: ['Invalid value'] });
  });
});

describe('trash, restore, delete for good', () => {
  it('trashing deletes the appointments and gives the stock back; restoring takes it again', async () => {
    const customer = await newCustomer(shop.client);
    const p = await newProduct(shop.client, { stock: 4 });
    const o = await place({ customer_id: customer, items: [service(), product(p, 3)] });
    await insertBooking(t, shop.tenantId, { orderId: o.id, itemId: o.items[0].id, providerId: shop.providerId, customerId: customer });
    const del = await shop.client.request('DELETE', `orders/${o.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBe('The order was moved to the trash');
    expect(await bookingStatuses(t, o.id)).toEqual([]);
    expect(await stockOf(t, p)).toBe(4);
    const got = (await shop.client.get(`orders/${o.id}`)).json().data;
    expect(got.deleted_at).not.toBeNull();

    // Nothing changes an order in the trash but restoring or deleting it.
    for (const res of [
      await shop.client.put(`orders/${o.id}`, { notes: 'x' }),
      await shop.client.post(`orders/${o.id}/change-status`, { status: 'completed' }),
      await shop.client.post(`orders/${o.id}/update-meta-data`, { meta_data: {} }),
      await shop.client.request('DELETE', `orders/${o.id}`),
    ]) {
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('The order is in the trash: restore it first');
    }

    const back = await shop.client.post(`orders/${o.id}/restore`);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ message: 'The order was restored', data: { deleted_at: null, bookings_count: 0 } });
    expect(await stockOf(t, p)).toBe(1);
    const again = await shop.client.post(`orders/${o.id}/restore`);
    expect(again.json().message).toBe('The order is not in the trash');
    const logs = (await shop.client.get(`orders/${o.id}/logs`)).json().data.map((l: { action: string }) => l.action);
    expect(logs).toEqual(['restore', 'trash', 'created']);
  });

  it('restoring an order whose stock was sold meanwhile is refused', async () => {
    const p = await newProduct(shop.client, { stock: 2 });
    const o = await place({ items: [product(p, 2)] });
    await shop.client.request('DELETE', `orders/${o.id}`);
    await place({ items: [product(p, 1)] });
    const res = await shop.client.post(`orders/${o.id}/restore`);
    expect(res.json().errors).toEqual({ 'items.0.quantity': ['Insufficient quantity (1 available)'] });
    expect((await shop.client.get(`orders/${o.id}`)).json().data.deleted_at).not.toBeNull();
  });

  it('a canceled order in the trash gives and takes no stock', async () => {
    const p = await newProduct(shop.client, { stock: 2 });
    const o = await place({ items: [product(p, 2)] });
    await shop.client.post(`orders/${o.id}/change-status`, { status: 'canceled' });
    expect(await stockOf(t, p)).toBe(2);
    await shop.client.request('DELETE', `orders/${o.id}`);
    expect(await stockOf(t, p)).toBe(2);
    await shop.client.post(`orders/${o.id}/restore`);
    expect(await stockOf(t, p)).toBe(2);
  });

  it('deletes for good only from the trash, with its images', async () => {
    const o = await place({ items: [service()] });
    const up = multipart([{ name: 'a.png', type: 'image/png', bytes: PNG_1PX }]);
    const img = await shop.client.request('POST', `orders/${o.id}/images`, { payload: up.payload, headers: up.headers });
    expect(img.statusCode).toBe(201);
    const [stored] = await rows<{ path: string }>(t.db, sql`select path from order_images where order_id = ${o.id}`);
    const file = path.join(t.dataDir, 'uploads', stored!.path.slice('/uploads/'.length));
    expect(existsSync(file)).toBe(true);
    const early = await shop.client.request('DELETE', `orders/${o.id}/force`);
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe('The order is not in the trash');
    await shop.client.request('DELETE', `orders/${o.id}`);
    const gone = await shop.client.request('DELETE', `orders/${o.id}/force`);
    expect(gone.statusCode).toBe(200);
    expect((await shop.client.get(`orders/${o.id}`)).statusCode).toBe(404);
    expect(existsSync(file)).toBe(false);
  });
});

describe('images', () => {
  it('stores jpeg/png/webp privately, serves them through the API only, and deletes them', async () => {
    const o = await place({ items: [service()] });
    const up = multipart([
      { name: 'a.png', type: 'image/png', bytes: PNG_1PX },
      { name: 'b.png', type: 'image/png', bytes: PNG_1PX },
    ]);
    const res = await shop.client.request('POST', `orders/${o.id}/images`, { payload: up.payload, headers: up.headers });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Images uploaded');
    const images = res.json().data as { id: string; url: string; mime: string; size: number }[];
    expect(images).toHaveLength(2);
    expect(images[0]).toMatchObject({ mime: 'image/png', size: PNG_1PX.length, url: `/api/v1/orders/${o.id}/images/${images[0]!.id}` });
    const file = await shop.client.get(images[0]!.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG_1PX)).toBe(true);
    const [stored] = await rows<{ path: string }>(t.db, sql`select path from order_images where id = ${images[0]!.id}`);
    expect(stored!.path.startsWith('/uploads/orders/')).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: stored!.path })).statusCode).toBe(404);
    expect((await shop.client.get(`orders/${o.id}`)).json().data.images).toHaveLength(2);

    const gif = multipart([{ name: 'c.gif', type: 'image/gif', bytes: GIF_1PX }]);
    const bad = await shop.client.request('POST', `orders/${o.id}/images`, { payload: gif.payload, headers: gif.headers });
    expect(bad.json().errors).toEqual({ images: ['File type unsupported'] });
    const fake = multipart([{ name: 'x.png', type: 'image/png', bytes: Buffer.from('not an image') }]);
    expect((await shop.client.request('POST', `orders/${o.id}/images`, { payload: fake.payload, headers: fake.headers })).json().errors).toEqual({ images: ['File type unsupported'] });

    const del = await shop.client.request('DELETE', `orders/${o.id}/images/${images[0]!.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json().data).toHaveLength(1);
    expect((await shop.client.get(images[0]!.url)).statusCode).toBe(404);
  });

  it('keeps at most 10 images an order', async () => {
    const o = await place({ items: [service()] });
    const ten = multipart(Array.from({ length: 10 }, (_, i) => ({ name: `${i}.png`, type: 'image/png', bytes: PNG_1PX })));
    expect((await shop.client.request('POST', `orders/${o.id}/images`, { payload: ten.payload, headers: ten.headers })).statusCode).toBe(201);
    const one = multipart([{ name: 'x.png', type: 'image/png', bytes: PNG_1PX }]);
    const res = await shop.client.request('POST', `orders/${o.id}/images`, { payload: one.payload, headers: one.headers });
    expect(res.json().errors).toEqual({ images: ['Choose at most 10'] });
  });
});

describe('GET /orders and /load-orders-status', () => {
  let s: Shop;
  const ids: Record<string, string> = {};
  let numbers: Record<string, number> = {};
  beforeAll(async () => {
    s = await newShop(t);
    const c = s.client;
    const [north] = await rows<{ id: string }>(t.db, sql`insert into branches (tenant_id, name) values (${s.tenantId}, 'North') returning id`);
    ids.north = north!.id;
    const mona = await newCustomer(c, 'Mona', 'Khaled', '0551234567');
    const sami = await newCustomer(c, 'Sami', 'Fahd');
    ids.mona = mona;
    const svc = { type: 'service', service_id: s.serviceId };
    const mk = async (key: string, body: Record<string, unknown>) => {
      const o = (await c.post('orders', { items: [svc], ...body })).json().data;
      ids[key] = o.id;
      numbers = { ...numbers, [key]: o.number };
    };
    await mk('monaMain', { customer_id: mona, branch_id: s.branchId, source: 'calendar' });
    await mk('samiNorth', { customer_id: sami, branch_id: ids.north, source: 'pos' });
    await mk('guest', { branch_id: s.branchId, source: 'booking-page' });
    await mk('draft', { customer_id: mona, is_draft: true });
    await mk('trashed', { customer_id: sami });
    await c.request('DELETE', `orders/${ids.trashed}`);
    await c.post(`orders/${ids.samiNorth}/change-status`, { status: 'completed' });
    await t.db.execute(sql`update orders set paid_amount = total, payment_status = 'paid' where id = ${ids.guest}`);
    // An old order: 10 days ago, late in the evening in Riyadh (still that local day).
    await t.db.execute(sql`update orders set created_at = (date_trunc('day', now() at time zone 'Asia/Riyadh') - interval '10 days' + interval '23 hours 30 minutes') at time zone 'Asia/Riyadh' where id = ${ids.monaMain}`);
  });

  const list = async (query: Record<string, string> = {}) => {
    const res = await s.client.get('orders', { query });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const keysOf = (data: { id: string }[]) => data.map((o) => Object.entries(ids).find(([, v]) => v === o.id)?.[0]).sort();

  it('lists placed orders newest first with counts, not drafts or trashed ones', async () => {
    const res = await list();
    expect(keysOf(res.data)).toEqual(['guest', 'monaMain', 'samiNorth']);
    expect(res.meta).toMatchObject({ total_exact: true, current_page: 1, per_page: 25, total: 3, last_page: 1 });
    expect(res.data[0]).toMatchObject({ items_count: 1, bookings_count: 0 });
    expect(res.data[0]).not.toHaveProperty('items');
    expect(keysOf((await list({ drafts: '1' })).data)).toEqual(['draft']);
    expect(keysOf((await list({ trashed: '1' })).data)).toEqual(['trashed']);
    const paged = await list({ per_page: '2', page: '2' });
    expect(paged.meta).toMatchObject({ total_exact: true, current_page: 2, per_page: 2, total: 3, last_page: 2 });
    expect(paged.data).toHaveLength(1);
  });

  it.each([
    [{ status: 'completed' }, ['samiNorth']],
    [{ payment_status: 'paid' }, ['guest']],
    [{ source: 'pos' }, ['samiNorth']],
    [{ search: 'mona' }, ['monaMain']],
    [{ search: 'Sami Fahd' }, ['samiNorth']],
    [{ search: '0551234567' }, ['monaMain']],
  ])('filters by %j', async (query, expected) => {
    expect(keysOf((await list(query as Record<string, string>)).data)).toEqual(expected);
  });

  it('filters by customer, branch, number and local dates', async () => {
    expect(keysOf((await list({ customer_id: ids.mona! })).data)).toEqual(['monaMain']);
    expect(keysOf((await list({ branch_id: ids.north! })).data)).toEqual(['samiNorth']);
    expect(keysOf((await list({ search: String(numbers.guest) })).data)).toEqual(['guest']);
    // The number typed in Arabic-Indic or Persian digits (an Arabic keyboard).
    const typed = (zero: number) => `#${String(numbers.guest).replace(/\d/g, (d) => String.fromCharCode(zero + Number(d)))}`;
    expect(keysOf((await list({ search: typed(0x0660) })).data)).toEqual(['guest']);
    expect(keysOf((await list({ search: typed(0x06f0) })).data)).toEqual(['guest']);
    const riyadh = (daysAgo: number) => new Date(Date.now() + 3 * 3600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);
    expect(keysOf((await list({ from: riyadh(10), to: riyadh(10) })).data)).toEqual(['monaMain']);
    expect(keysOf((await list({ from: riyadh(9) })).data)).toEqual(['guest', 'samiNorth']);
    expect((await s.client.get('orders', { query: { from: '2024-02-30' } })).json().errors).toEqual({ from: ['Invalid date'] });
  });

  it('follows the top bar branch unless a branch is asked for', async () => {
    await s.client.put('auth/current-branch', { branch_id: ids.north });
    try {
      expect(keysOf((await list()).data)).toEqual(['samiNorth']);
      expect(keysOf((await list({ branch_id: s.branchId })).data)).toEqual(['guest', 'monaMain']);
      const counts = (await s.client.get('load-orders-status')).json();
      expect(counts.data.find((x: { status: string }) => x.status === 'completed').count).toBe(1);
      expect(counts.data.find((x: { status: string }) => x.status === 'confirmed').count).toBe(0);
    } finally {
      await s.client.put('auth/current-branch', { branch_id: null });
    }
  });

  it('counts placed orders by status, drafts and the trash', async () => {
    const res = await s.client.get('load-orders-status');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toHaveLength(7);
    expect(Object.fromEntries(body.data.map((x: { status: string; count: number }) => [x.status, x.count]))).toEqual({
      confirmed: 2,
      completed: 1,
      canceled: 0,
      refunded: 0,
      'no-show': 0,
      'waiting-review': 0,
      invoiced: 0,
    });
    expect(body.meta).toEqual({ drafts: 1, trashed: 1 });
  });
});

describe('provider accounts', () => {
  it('see only the orders assigned to their provider or with a line or appointment of it', async () => {
    const s = await newShop(t);
    const account = await staffAccount(t.db, s.tenantId, { permissions: ['orders'], type: 'provider' });
    await t.db.execute(sql`update providers set user_id = ${account.userId} where id = ${s.providerId}`);
    const [other] = await rows<{ id: string }>(t.db, sql`insert into providers (tenant_id, name) values (${s.tenantId}, 'Other one') returning id`);
    await t.db.execute(sql`insert into provider_services (tenant_id, provider_id, service_id) values (${s.tenantId}, ${other!.id}, ${s.serviceId})`);
    const svc = (staff?: string) => ({ type: 'service', service_id: s.serviceId, ...(staff ? { staff_id: staff } : {}) });
    const mine = (await s.client.post('orders', { items: [svc(s.providerId)] })).json().data;
    const theirs = (await s.client.post('orders', { items: [svc(other!.id)] })).json().data;
    const unassigned = (await s.client.post('orders', { items: [svc()] })).json().data;
    const customer = await newCustomer(s.client);
    const withBooking = (await s.client.post('orders', { customer_id: customer, items: [svc()] })).json().data;
    await insertBooking(t, s.tenantId, { orderId: withBooking.id, itemId: withBooking.items[0].id, providerId: s.providerId, customerId: customer });

    const as = (method: 'GET' | 'POST', url: string, body?: unknown) =>
      t.app.inject({ method, url: `/api/v1/${url}`, headers: { authorization: `Bearer ${account.token}`, 'accept-language': 'en' }, ...(body ? { payload: body as object } : {}) });
    const seen = (await as('GET', 'orders')).json().data.map((o: { id: string }) => o.id).sort();
    expect(seen).toEqual([mine.id, withBooking.id].sort());
    expect((await as('GET', `orders/${theirs.id}`)).statusCode).toBe(404);
    expect((await as('GET', `orders/${unassigned.id}`)).statusCode).toBe(404);
    expect((await as('POST', `orders/${theirs.id}/update-note`, { notes: 'x' })).statusCode).toBe(404);
    expect((await as('GET', `orders/${mine.id}`)).statusCode).toBe(200);
    // An order the provider account makes is its own.
    const made = await as('POST', 'orders', { items: [svc()] });
    expect(made.statusCode).toBe(201);
    expect(made.json().data.staff_id).toBe(s.providerId);
    const counts = (await as('GET', 'load-orders-status')).json();
    expect(counts.data.find((x: { status: string }) => x.status === 'confirmed').count).toBe(3);
  });
});

describe('GET /orders: rows the database writes', () => {
  it("answers each row as the order's own GET does, to the page's schema: customer, discount, fees with a tip, location, meta data, trash", async () => {
    const s = await newShop(t);
    const c = s.client;
    const svc = { type: 'service', service_id: s.serviceId };
    const customer = await newCustomer(c, 'O"Brien', 'عمر \\ 😀');
    const rich = (await c.post('orders', { customer_id: customer, branch_id: s.branchId, source: 'pos', items: [svc, svc], transport_fee: 250 })).json().data;
    await c.post(`orders/${rich.id}/update-details`, { pin_code: '987654', receive_time: '2031-01-02T08:30:00Z', fees: [{ title: 'Express "now"', value: 1000 }] });
    await c.post(`orders/${rich.id}/edit-location`, { address: 'حي النخيل،\tالرياض', lat: 24.71, lng: 46.675 });
    await c.post(`orders/${rich.id}/update-meta-data`, { meta_data: { car: 'white', floor: 3, tags: ['a', null] } });
    await c.post(`orders/${rich.id}/update-note`, { notes: 'Line one\nline "two"' });
    // What no request writes this way: a tip among the fees, a discount, a coupon code, part paid, a location without its address, microseconds.
    await t.db.execute(
      sql`update orders set fees = fees || '[{"title":"Tip","amount":500,"tip":true},{"title":"No tip","amount":1,"tip":false}]'::jsonb, discount_type = 'percentage', discount_value = 1000, discount_amount = 575,
        coupon_code = 'EID10', paid_amount = 1234, receive_at = '2031-01-02 08:30:00.999999+00' where id = ${rich.id}`,
    );
    const guest = (await c.post('orders', { customer_id: null, items: [svc] })).json().data;
    await t.db.execute(sql`update orders set location = '{"lat":1.5}'::jsonb, discount_type = 'fixed', discount_value = 100, discount_amount = 100, paid_amount = total + 5 where id = ${guest.id}`);
    const trashed = (await c.post('orders', { customer_id: customer, items: [svc] })).json().data;
    await c.request('DELETE', `orders/${trashed.id}`);
    // Read once each first: a GET marks the order read (and the list shows read_at).
    for (const id of [rich.id, guest.id]) await c.get(`orders/${id}`);

    // The order's own GET, without what only it answers (its lines, images …).
    const own = async (row: { id?: string }) => {
      const whole = (await c.get(`orders/${row.id}`)).json().data;
      return Object.fromEntries(Object.keys(orderSummarySchema.shape).map((k) => [k, whole[k]]));
    };
    const checked: string[] = [];
    for (const query of [{}, { per_page: '1', page: '2' }, { trashed: '1' }] as Record<string, string>[]) checked.push(...(await expectRowsAsOwn(await c.get('orders', { query }), ordersPage, own)));
    checked.push(...(await expectRowsAsOwn(await c.get(`customers/${customer}/orders`), ordersPage, own)));
    expect(checked).toEqual([guest.id, rich.id, rich.id, trashed.id, rich.id]);
    const [, richRow] = (await c.get('orders')).json().data;
    expect(richRow).toMatchObject({
      customer: { id: customer, name: 'O"Brien عمر \\ 😀' },
      discount: { type: 'percentage', value: 1000, amount: 575 },
      coupon_code: 'EID10',
      coupon_applied: false,
      fees: [{ title: 'Express "now"', value: 1000, tip: false }, { title: 'Tip', value: 500, tip: true }, { title: 'No tip', value: 1, tip: false }],
      location: { address: 'حي النخيل،\tالرياض', lat: 24.71, lng: 46.675 },
      meta_data: { car: 'white', floor: 3, tags: ['a', null] },
      receive_time: '2031-01-02T08:30:00.999Z',
      paid_amount: 1234,
      items_count: 2,
    });
    expect((await c.get('orders')).json().data[0]).toMatchObject({ customer: null, location: { address: null, lat: 1.5, lng: null }, remaining_amount: 0 });
  });
});
