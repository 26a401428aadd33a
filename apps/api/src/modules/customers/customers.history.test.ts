import type { PermissionKey } from '@app/shared/permissions';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, Client, rows, type TestApp } from '../../../test/helper';
import { staffAccount } from '../branches/staff.fixture';
import { insertBooking, newCustomer, newShop, type Shop } from '../orders/orders.fixtures';

/** The customer page's bookings and orders tabs: `GET customers/:id/bookings` and `GET customers/:id/orders`. */

let t: TestApp;
let shop: Shop;
let otherShop: Shop;
let customer: string;
let neighbour: string;
let theirCustomer: string;
/** A second provider, linked to a provider account. */
let ownProvider: string;
let providerAccount: Client;
/** The customer's placed orders, oldest first. */
const orderNumbers: number[] = [];
/** The customer's bookings, oldest start first. */
const bookingIds: string[] = [];
let providerOrder: number;
let providerBooking: string;

type Page<T> = { data: T[]; meta: { current_page: number; per_page: number; total: number; last_page: number } };
type OrderRow = { number: number; customer_id: string | null; status: string; payment_status: string; total: number; is_draft: boolean };
type BookingRow = { id: string; customer_id: string | null; staff_id: string; start_time: string };

const service = (staffId?: string) => ({ type: 'service', service_id: shop.serviceId, ...(staffId ? { staff_id: staffId } : {}) });

async function place(body: Record<string, unknown>) {
  const res = await shop.client.post('orders', body);
  if (res.statusCode !== 201) throw new Error(`order: ${res.statusCode} ${res.body}`);
  return res.json().data as { id: string; number: number; items: { id: string }[] };
}

const day = (n: number, hour = 10) => new Date(Date.UTC(2031, 0, n, hour));

async function clientWith(permissions: PermissionKey[], type: 'user' | 'provider' = 'user') {
  const staff = await staffAccount(t.db, shop.tenantId, { permissions, type });
  const c = new Client(t.app);
  c.token = staff.token;
  return { client: c, userId: staff.userId };
}

beforeAll(async () => {
  t = await buildTestApp();
  shop = await newShop(t);
  otherShop = await newShop(t);
  customer = await newCustomer(shop.client, 'Huda', 'Nasser');
  neighbour = await newCustomer(shop.client, 'Sara', 'Ali');
  theirCustomer = await newCustomer(otherShop.client, 'Nora', 'Fahad');

  const account = await clientWith(['orders', 'bookings'], 'provider');
  providerAccount = account.client;
  const [row] = await rows<{ id: string }>(t.db, sql`insert into providers (tenant_id, name, user_id) values (${shop.tenantId}, 'Own provider', ${account.userId}) returning id`);
  ownProvider = row!.id;
  await t.db.execute(sql`insert into provider_services (tenant_id, provider_id, service_id) values (${shop.tenantId}, ${ownProvider}, ${shop.serviceId})`);

  // Three placed orders of the customer, each with an appointment; the starts are not in the order of the orders.
  const starts = [day(3), day(9), day(5)];
  for (const start of starts) {
    const o = await place({ customer_id: customer, items: [service(shop.providerId)] });
    orderNumbers.push(o.number);
    bookingIds.push(await insertBooking(t, shop.tenantId, { orderId: o.id, itemId: o.items[0]!.id, providerId: shop.providerId, customerId: customer, serviceId: shop.serviceId, start }));
  }
  // One assigned to the provider account's provider.
  const mine = await place({ customer_id: customer, items: [service(ownProvider)] });
  providerOrder = mine.number;
  providerBooking = await insertBooking(t, shop.tenantId, { orderId: mine.id, itemId: mine.items[0]!.id, providerId: ownProvider, customerId: customer, serviceId: shop.serviceId, start: day(1) });
  // Not in the tabs: another customer's order and booking, a guest order, a draft and a trashed order of the customer.
  const theirs = await place({ customer_id: neighbour, items: [service(shop.providerId)] });
  await insertBooking(t, shop.tenantId, { orderId: theirs.id, itemId: theirs.items[0]!.id, providerId: shop.providerId, customerId: neighbour, start: day(20) });
  await place({ customer_id: null, items: [service()] });
  await place({ customer_id: customer, is_draft: true, items: [service()] });
  const trashed = await place({ customer_id: customer, items: [service()] });
  const del = await shop.client.request('DELETE', `orders/${trashed.id}`);
  if (del.statusCode !== 200) throw new Error(`trash: ${del.body}`);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/v1/customers/:id/orders', () => {
  it("lists only the customer's placed orders, newest first, with the list's summary", async () => {
    const res = await shop.client.get(`customers/${customer}/orders`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Page<OrderRow>;
    expect(body.data.map((o) => o.number)).toEqual([...orderNumbers, providerOrder].reverse());
    expect(body.data.every((o) => o.customer_id === customer && !o.is_draft)).toBe(true);
    expect(body.data[0]).toMatchObject({ status: 'confirmed', payment_status: 'unpaid', total: 5750 });
    expect(body.meta).toMatchObject({ total_exact: true, current_page: 1, per_page: 25, total: 4, last_page: 1 });
    expect((await shop.client.get(`customers/${neighbour}/orders`)).json().meta.total).toBe(1);
  });

  it('pages with page and per_page', async () => {
    const first = (await shop.client.get(`customers/${customer}/orders?per_page=3`)).json() as Page<OrderRow>;
    expect(first.meta).toMatchObject({ total_exact: true, current_page: 1, per_page: 3, total: 4, last_page: 2 });
    const second = (await shop.client.get(`customers/${customer}/orders?per_page=3&page=2`)).json() as Page<OrderRow>;
    expect(second.meta).toMatchObject({ total_exact: true, current_page: 2, per_page: 3, total: 4, last_page: 2 });
    expect([...first.data, ...second.data].map((o) => o.number)).toEqual([...orderNumbers, providerOrder].reverse());
    expect((await shop.client.get(`customers/${customer}/orders?per_page=101`)).statusCode).toBe(422);
  });

  it('shows a provider account only the orders assigned to it', async () => {
    const res = await providerAccount.get(`customers/${customer}/orders`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((o: OrderRow) => o.number)).toEqual([providerOrder]);
  });

  it("answers 404 for another business's customer and 403 without the orders key", async () => {
    expect((await shop.client.get(`customers/${theirCustomer}/orders`)).statusCode).toBe(404);
    expect((await otherShop.client.get(`customers/${customer}/orders`)).statusCode).toBe(404);
    for (const keys of [['customers'], ['bookings', 'calendar.all']] as const) {
      const { client } = await clientWith([...keys]);
      expect((await client.get(`customers/${customer}/orders`)).statusCode).toBe(403);
    }
    const { client } = await clientWith(['orders']);
    expect((await client.get(`customers/${customer}/orders`)).statusCode).toBe(200);
  });
});

describe('GET /api/v1/customers/:id/bookings', () => {
  it("lists only the customer's bookings, newest start first, paginated", async () => {
    const res = await shop.client.get(`customers/${customer}/bookings`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Page<BookingRow>;
    // Starts: day 9, day 5, day 3, then the provider's on day 1.
    const newestFirst = [bookingIds[1], bookingIds[2], bookingIds[0], providerBooking];
    expect(body.data.map((b) => b.id)).toEqual(newestFirst);
    expect(body.data.every((b) => b.customer_id === customer)).toBe(true);
    expect(body.data[0]).toMatchObject({ service: { id: shop.serviceId }, staff: { id: shop.providerId }, status: 'confirmed' });
    expect(body.meta).toMatchObject({ total_exact: true, current_page: 1, per_page: 25, total: 4, last_page: 1 });

    const first = (await shop.client.get(`customers/${customer}/bookings?per_page=3&page=1`)).json() as Page<BookingRow>;
    const second = (await shop.client.get(`customers/${customer}/bookings?per_page=3&page=2`)).json() as Page<BookingRow>;
    expect(first.meta).toMatchObject({ total_exact: true, current_page: 1, per_page: 3, total: 4, last_page: 2 });
    expect(second.meta).toMatchObject({ total_exact: true, current_page: 2, per_page: 3, total: 4, last_page: 2 });
    expect([...first.data, ...second.data].map((b) => b.id)).toEqual(newestFirst);
    expect((await shop.client.get(`customers/${neighbour}/bookings`)).json().meta.total).toBe(1);
  });

  it('shows a provider account only its own bookings', async () => {
    const res = await providerAccount.get(`customers/${customer}/bookings`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((b: BookingRow) => b.id)).toEqual([providerBooking]);
  });

  it("answers 404 for another business's customer and 403 without a bookings key", async () => {
    expect((await shop.client.get(`customers/${theirCustomer}/bookings`)).statusCode).toBe(404);
    expect((await otherShop.client.get(`customers/${customer}/bookings`)).statusCode).toBe(404);
    for (const keys of [['customers'], ['orders']] as const) {
      const { client } = await clientWith([...keys]);
      expect((await client.get(`customers/${customer}/bookings`)).statusCode).toBe(403);
    }
    const { client } = await clientWith(['bookings']);
    expect((await client.get(`customers/${customer}/bookings`)).statusCode).toBe(200);
  });
});
