import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, injectAs, readyUser, rows, type TestApp } from '../test/helper';
import { compiledShapes, sentByView } from './db/client';
import { staffAccount } from './modules/branches/staff.fixture';

/**
 * The long lists' pages are built by drizzle once for their shape and then only filled with each
 * request's values (db/client.ts `runCompiled`). What must never happen: a page answered with an
 * earlier request's values (another business's rows, another filter's, another cursor's). Two
 * businesses ask the same lists with the same shapes and different values, one after the other, and
 * each sees exactly its own rows.
 */

type Page = { data: Record<string, unknown>[]; meta: { total: number; next_cursor: string | null; prev_cursor: string | null; current_page: number } };
type Owner = Awaited<ReturnType<typeof readyUser>>;

let t: TestApp;
const businesses: { owner: Owner; tenantId: string; base: number; providerToken: string }[] = [];

async function seed(owner: Owner, base: number) {
  const [me] = await rows<{ tenant_id: string; branch_id: string }>(
    t.db,
    sql`select u.tenant_id, b.id as branch_id from users u join branches b on b.tenant_id = u.tenant_id where u.id = ${owner.user.uuid} order by b.is_main desc limit 1`,
  );
  const { tenant_id: tenantId, branch_id: branchId } = me!;
  expect((await owner.client.put('auth/current-branch', { branch_id: branchId })).statusCode).toBe(200);
  // Six customers, orders and payments each, numbered from `base`, one a day from 9 March 2026 back
  // (midday in Riyadh); every other order completed.
  const day = sql`(timestamptz '2026-03-10 09:00:00+00' - i * interval '1 day')`;
  await t.db.execute(sql`insert into customers (tenant_id, first_name, last_name, phone, created_at)
    select ${tenantId}, 'Shape', 'Customer ' || (${base} + i), '5' || (${base} + i)::text || '0000', ${day} from generate_series(1, 6) i`);
  await t.db.execute(sql`insert into orders (tenant_id, number, branch_id, currency, status, customer_id, created_at)
    select ${tenantId}, ${base} + i, ${branchId}, 'SAR', case when i % 2 = 0 then 'completed' else 'confirmed' end,
      (select id from customers c where c.tenant_id = ${tenantId} and c.last_name = 'Customer ' || (${base} + i)), ${day}
    from generate_series(1, 6) i`);
  await t.db.execute(sql`insert into transactions (tenant_id, number, order_id, branch_id, payment_method, amount, currency, status, created_at)
    select o.tenant_id, o.number, o.id, o.branch_id, case when o.number % 2 = 0 then 'cash' else 'card' end, 100, 'SAR', 'confirmed', o.created_at
    from orders o where o.tenant_id = ${tenantId}`);
  const [provider] = await rows<{ id: string }>(t.db, sql`insert into providers (tenant_id, name, branch_id) values (${tenantId}, 'Shape provider', ${branchId}) returning id`);
  await t.db.execute(sql`insert into order_items (tenant_id, order_id, type, name) select tenant_id, id, 'service', 'Cut' from orders where tenant_id = ${tenantId}`);
  await t.db.execute(sql`insert into bookings (tenant_id, number, order_id, order_item_id, branch_id, provider_id, customer_id, start_at, end_at, occupied_until, duration)
    select o.tenant_id, o.number, o.id, it.id, o.branch_id, ${provider!.id}, o.customer_id, o.created_at, o.created_at + interval '30 minutes', o.created_at + interval '30 minutes', 30
    from orders o join order_items it on it.tenant_id = o.tenant_id and it.order_id = o.id where o.tenant_id = ${tenantId}`);
  // A provider account, assigned the first two orders: it sees those and their payments only.
  const [own] = await rows<{ id: string }>(t.db, sql`insert into providers (tenant_id, name, branch_id) values (${tenantId}, 'Shape own provider', ${branchId}) returning id`);
  const account = await staffAccount(t.db, tenantId, { permissions: ['orders'], type: 'provider' });
  await t.db.execute(sql`update providers set user_id = ${account.userId} where id = ${own!.id}`);
  await t.db.execute(sql`update orders set provider_id = ${own!.id} where tenant_id = ${tenantId} and number in (${base + 1}, ${base + 2})`);
  return { owner, tenantId, base, providerToken: account.token };
}

beforeAll(async () => {
  t = await buildTestApp();
  businesses.push(await seed(await readyUser(t), 1000));
  businesses.push(await seed(await readyUser(t), 2000));
}, 120_000);

afterAll(async () => {
  await t?.close();
});

async function get(owner: Owner, path: string): Promise<Page> {
  const res = await owner.client.get(path);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
}

/** The numbers a page shows (orders, payments and bookings by their own number; customers by their name's). */
const numbers = (page: Page) =>
  page.data.map((r) => Number(r.number ?? r.booking_number ?? String(r.last_name ?? '').replace('Customer ', ''))).sort((a, b) => a - b);
const range = (base: number, pick: (i: number) => boolean = () => true) => [1, 2, 3, 4, 5, 6].filter(pick).map((i) => base + i);

describe('list pages built once for their shape', () => {
  const lists: { path: string; base: string }[] = [
    { path: 'orders', base: 'orders_page' },
    { path: 'customers', base: 'customers_page' },
    { path: 'transactions', base: 'transactions_page' },
    { path: 'bookings', base: 'bookings_page' },
  ];

  it.each(lists)('$path: each business its own rows, the same shape built once', async ({ path, base }) => {
    const before = compiledShapes(base).built;
    for (const b of businesses) expect(numbers(await get(b.owner, `${path}?per_page=10`))).toEqual(range(b.base));
    // Again, the other way round: the statement built for the first business serves both.
    for (const b of [...businesses].reverse()) expect(numbers(await get(b.owner, `${path}?per_page=10`))).toEqual(range(b.base));
    expect(compiledShapes(base).built).toBe(before + 1);
    expect(compiledShapes(base).unbound).toBe(0);
  });

  it.each(lists)('$path: the list as it opens is planned once for any business, a filtered one is not', async ({ path, base }) => {
    const b = businesses[0]!;
    const before = compiledShapes(base);
    await get(b.owner, `${path}?per_page=7`);
    expect(compiledShapes(base)).toMatchObject({ built: before.built + 1, once: before.once + 1 });
    const filtered = { orders: 'status=completed', customers: 'search=Shape', transactions: 'payment_method=cash', bookings: 'status=confirmed' }[path];
    await get(b.owner, `${path}?per_page=7&${filtered}`);
    expect(compiledShapes(base)).toMatchObject({ built: before.built + 2, once: before.once + 1 });
  });

  // In production the list as it opens is sent under its view's name (db/client.ts `runCompiled`
  // `view`): nothing is built, only the request's values filled in. Outside production every request
  // builds and checks its text, which is how the tests above hold the names to the texts.
  it.each(lists)('$path: in production the list as it opens is sent by name, nothing built, each business its own rows and pages', async ({ path, base }) => {
    const walk = async (b: (typeof businesses)[number]) => {
      const first = await get(b.owner, `${path}?per_page=4`);
      const second = await get(b.owner, `${path}?per_page=4&page=2&cursor=${first.meta.next_cursor}`);
      const back = await get(b.owner, `${path}?per_page=4&page=1&cursor=${second.meta.prev_cursor}`);
      expect([...numbers(first), ...numbers(second)].sort((x, y) => x - y)).toEqual(range(b.base));
      expect(numbers(back)).toEqual(numbers(first));
    };
    // Named (and checked) outside production first.
    for (const b of businesses) await walk(b);
    const env = process.env.NODE_ENV;
    const sent = sentByView(base);
    const built = compiledShapes(base).built;
    process.env.NODE_ENV = 'production';
    try {
      for (const b of [...businesses, ...[...businesses].reverse()]) await walk(b);
    } finally {
      process.env.NODE_ENV = env;
    }
    // Three pages each (first, next, back), two businesses, twice: all sent by name.
    expect(sentByView(base)).toBe(sent + 12);
    expect(compiledShapes(base).built).toBe(built);
  });

  it.each(lists)('$path: pages by cursor carry their own cursor', async ({ path }) => {
    for (const b of businesses) {
      const first = await get(b.owner, `${path}?per_page=2`);
      const second = await get(b.owner, `${path}?per_page=2&page=2&cursor=${first.meta.next_cursor}`);
      const third = await get(b.owner, `${path}?per_page=2&page=3&cursor=${second.meta.next_cursor}`);
      expect([...numbers(first), ...numbers(second), ...numbers(third)].sort((a, c) => a - c)).toEqual(range(b.base));
      expect(third.meta.next_cursor).toBeNull();
    }
  });

  it('filters of the same shape with other values: status, payment method, search', async () => {
    for (const b of businesses) {
      expect(numbers(await get(b.owner, 'orders?status=completed'))).toEqual(range(b.base, (i) => i % 2 === 0));
      expect(numbers(await get(b.owner, 'orders?status=confirmed'))).toEqual(range(b.base, (i) => i % 2 === 1));
      expect(numbers(await get(b.owner, 'transactions?payment_method=cash'))).toEqual(range(b.base, (i) => i % 2 === 0));
      expect(numbers(await get(b.owner, 'transactions?payment_method=card'))).toEqual(range(b.base, (i) => i % 2 === 1));
      // A name, then a phone's digits (a shape of its own), then a number.
      expect(numbers(await get(b.owner, `customers?search=${encodeURIComponent(`Customer ${b.base + 3}`)}`))).toEqual([b.base + 3]);
      expect(numbers(await get(b.owner, `customers?search=${b.base + 4}0000`))).toEqual([b.base + 4]);
      expect(numbers(await get(b.owner, `orders?search=${b.base + 5}`))).toEqual([b.base + 5]);
      expect(numbers(await get(b.owner, `bookings?search=${b.base + 2}`))).toEqual([b.base + 2]);
    }
    expect(compiledShapes('customers_page').unbound).toBe(0);
  });

  it('dates of the same shape with other values: each range its own days', async () => {
    for (const b of businesses) {
      expect(numbers(await get(b.owner, 'orders?from=2026-03-08&to=2026-03-09'))).toEqual(range(b.base, (i) => i <= 2));
      expect(numbers(await get(b.owner, 'orders?from=2026-03-04&to=2026-03-05'))).toEqual(range(b.base, (i) => i >= 5));
      expect(numbers(await get(b.owner, 'transactions?from=2026-03-06&to=2026-03-06'))).toEqual([b.base + 4]);
      expect(numbers(await get(b.owner, 'transactions?from=2026-03-07&to=2026-03-07'))).toEqual([b.base + 3]);
      expect(numbers(await get(b.owner, 'bookings?from=2026-03-09&to=2026-03-09'))).toEqual([b.base + 1]);
      expect(numbers(await get(b.owner, 'bookings?from=2026-03-04&to=2026-03-04'))).toEqual([b.base + 6]);
      expect(numbers(await get(b.owner, 'customers?created_from=2026-03-05&created_to=2026-03-06'))).toEqual([b.base + 4, b.base + 5]);
      expect(numbers(await get(b.owner, 'customers?created_from=2026-03-09&created_to=2026-03-10'))).toEqual([b.base + 1]);
    }
  });

  it("a provider account's orders and payments: its own, whichever business asked first", async () => {
    const asProvider = async (b: (typeof businesses)[number], path: string) => {
      const res = await injectAs(t.app, b.providerToken, { url: path });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Page;
    };
    const { built, once } = compiledShapes('orders_page');
    for (const b of [...businesses, ...[...businesses].reverse()]) {
      expect(numbers(await asProvider(b, 'orders'))).toEqual([b.base + 1, b.base + 2]);
      expect(numbers(await asProvider(b, 'transactions'))).toEqual([b.base + 1, b.base + 2]);
    }
    // The scope's condition is a shape of its own, built once for both providers, and not planned once.
    expect(compiledShapes('orders_page').built).toBe(built + 1);
    expect(compiledShapes('orders_page').once).toBe(once);
  });

  it('a page asked for by number (an offset) is built each time and still right', async () => {
    const kept = compiledShapes('orders_page');
    for (const b of businesses) {
      const second = await get(b.owner, 'orders?per_page=4&page=2');
      expect(numbers(second)).toEqual(range(b.base, (i) => i > 4));
      expect(second.meta.total).toBe(6);
    }
    // The offset is a value of the ids' select: that statement is not kept.
    expect(compiledShapes('orders_page')).toEqual(kept);
  });

  it('a page past the end counts on its own, with its values', async () => {
    for (const b of businesses) {
      const past = await get(b.owner, 'orders?per_page=4&page=9');
      expect(past.data).toEqual([]);
      expect(past.meta.total).toBe(6);
    }
  });
});
