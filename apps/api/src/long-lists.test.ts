import { LIST_COUNT_CAP } from '@app/shared/schemas/common';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, readyUser, rows, type TestApp } from '../test/helper';

/**
 * The long lists (orders, customers, bookings, payments) page by cursor past their counting cap
 * (lib/keyset.ts): walking a list forward by `next_cursor` and back by `prev_cursor` meets every row
 * once, in the list's order, with ties on the timestamp broken by the number (or id); a page by
 * number is the page the cursors reach; the total stops at LIST_COUNT_CAP and says so.
 */

type Meta = { current_page: number; per_page: number; total: number; last_page: number; total_exact: boolean; next_cursor: string | null; prev_cursor: string | null };
type Page = { data: Record<string, unknown>[]; meta: Meta };

let t: TestApp;
let owner: Awaited<ReturnType<typeof readyUser>>;
let tenantId: string;
let branchId: string;
const MANY = LIST_COUNT_CAP + 10;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await readyUser(t);
  const [me] = await rows<{ tenant_id: string; branch_id: string }>(
    t.db,
    sql`select u.tenant_id, b.id as branch_id from users u join branches b on b.tenant_id = u.tenant_id where u.id = ${owner.user.uuid} order by b.is_main desc limit 1`,
  );
  tenantId = me!.tenant_id;
  branchId = me!.branch_id;
  // The lists default to the top bar's branch: this one.
  expect((await owner.client.put('auth/current-branch', { branch_id: branchId })).statusCode).toBe(200);
  // Four rows share each timestamp (to the microsecond): the order's second column decides between them.
  const at = sql`(timestamptz '2026-03-01 10:00:00.123456+00' - (i / 4) * interval '1 second')`;
  await t.db.execute(sql`insert into customers (tenant_id, first_name, last_name, created_at)
    select ${tenantId}, 'Keyset', 'Customer ' || i, ${at} from generate_series(1, ${MANY}) i`);
  await t.db.execute(sql`insert into orders (tenant_id, number, branch_id, currency, created_at)
    select ${tenantId}, 10000 + i, ${branchId}, 'SAR', ${at} from generate_series(1, ${MANY}) i`);
  // A draft and a trashed order: never on the list.
  await t.db.execute(sql`insert into orders (tenant_id, number, branch_id, currency, is_draft) values (${tenantId}, 90001, ${branchId}, 'SAR', true)`);
  await t.db.execute(sql`insert into orders (tenant_id, number, branch_id, currency, deleted_at) values (${tenantId}, 90002, ${branchId}, 'SAR', now())`);
  await t.db.execute(sql`insert into transactions (tenant_id, number, order_id, branch_id, payment_method, amount, currency, status, created_at)
    select o.tenant_id, o.number, o.id, o.branch_id, 'cash', 100, 'SAR', 'confirmed', o.created_at from orders o
    where o.tenant_id = ${tenantId} and o.number between 10001 and 10030`);
  const [provider] = await rows<{ id: string }>(t.db, sql`insert into providers (tenant_id, name, branch_id) values (${tenantId}, 'Keyset provider', ${branchId}) returning id`);
  await t.db.execute(sql`insert into order_items (tenant_id, order_id, type, name) select tenant_id, id, 'service', 'Cut' from orders
    where tenant_id = ${tenantId} and number between 10001 and 10030`);
  await t.db.execute(sql`insert into bookings (tenant_id, number, order_id, order_item_id, branch_id, provider_id, start_at, end_at, occupied_until, duration)
    select o.tenant_id, o.number, o.id, it.id, o.branch_id, ${provider!.id}, o.created_at, o.created_at + interval '30 minutes', o.created_at + interval '30 minutes', 30
    from orders o join order_items it on it.tenant_id = o.tenant_id and it.order_id = o.id where o.tenant_id = ${tenantId} and o.number between 10001 and 10030`);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

async function get(path: string): Promise<Page> {
  const res = await owner.client.get(path);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
}

const idOf = (item: Record<string, unknown>) => String(item.id ?? item.uuid);

/** Every page from the first by `next_cursor`, then back from the last by `prev_cursor`. */
async function walk(list: string, perPage: number) {
  const forward: Page[] = [];
  let page = await get(`${list}?per_page=${perPage}`);
  forward.push(page);
  while (page.meta.next_cursor) {
    page = await get(`${list}?per_page=${perPage}&page=${page.meta.current_page + 1}&cursor=${page.meta.next_cursor}`);
    forward.push(page);
  }
  const backward: Page[] = [page];
  while (page.meta.prev_cursor) {
    page = await get(`${list}?per_page=${perPage}&page=${page.meta.current_page - 1}&cursor=${page.meta.prev_cursor}`);
    backward.push(page);
  }
  return { forward, backward: backward.reverse() };
}

const LISTS = [
  {
    list: 'orders',
    expected: () =>
      rows<{ id: string }>(
        t.db,
        sql`select id from orders where tenant_id = ${tenantId} and branch_id = ${branchId} and deleted_at is null and not is_draft order by created_at desc, number desc`,
      ),
  },
  { list: 'customers', expected: () => rows<{ id: string }>(t.db, sql`select id from customers where tenant_id = ${tenantId} order by created_at desc, id desc`) },
  {
    list: 'transactions',
    expected: () =>
      rows<{ id: string }>(t.db, sql`select id from transactions where tenant_id = ${tenantId} and branch_id = ${branchId} and deleted_at is null order by created_at desc, number desc`),
  },
  { list: 'bookings', expected: () => rows<{ id: string }>(t.db, sql`select id from bookings where tenant_id = ${tenantId} and branch_id = ${branchId} order by start_at desc, number desc`) },
];

describe('long lists page by cursor', () => {
  for (const { list, expected } of LISTS) {
    it(`GET /api/v1/${list}: forward and back by cursor meet every row once, in order, as the numbered pages do`, async () => {
      const all = (await expected()).map((r) => r.id);
      const perPage = all.length > 100 ? 100 : 7;
      const { forward, backward } = await walk(list, perPage);
      expect(forward.flatMap((p) => p.data.map(idOf))).toEqual(all);
      expect(backward.flatMap((p) => p.data.map(idOf))).toEqual(all);
      expect(forward.map((p) => p.meta.current_page)).toEqual(forward.map((_, i) => i + 1));
      expect(backward[0]!.meta).toMatchObject({ current_page: 1, prev_cursor: null });
      expect(forward.at(-1)!.meta.next_cursor).toBeNull();

      const exact = all.length <= LIST_COUNT_CAP;
      expect(forward[0]!.meta).toMatchObject({ total: Math.min(all.length, LIST_COUNT_CAP), total_exact: exact, per_page: perPage });
      if (exact) expect(forward[0]!.meta.last_page).toBe(Math.ceil(all.length / perPage));
      // Past the cap the pager knows the pages the count reached, and one more while there is a next.
      else expect(forward.at(-1)!.meta.last_page).toBe(forward.length);

      // A page asked for by number is the page the cursors reached.
      const third = await get(`${list}?per_page=${perPage}&page=3`);
      expect(third.data.map(idOf)).toEqual(forward[2]!.data.map(idOf));
      expect(third.meta.next_cursor).toBe(forward[2]!.meta.next_cursor);
    });
  }

  it('counts exactly below the cap (a filtered list)', async () => {
    const page = await get('customers?search=Customer 1000');
    expect(page.meta).toMatchObject({ total: 1, total_exact: true, last_page: 1, next_cursor: null, prev_cursor: null });
  });

  it('answers 422 on a cursor that is not one of the list', async () => {
    const bad = async (list: string, cursor: string) => {
      const res = await owner.client.get(`${list}?cursor=${cursor}`);
      expect(res.statusCode, `${list} ${cursor}`).toBe(422);
      expect(res.json().errors.cursor).toBeDefined();
    };
    const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64url');
    await bad('orders', 'not!base64');
    await bad('orders', b64('x[1,2]'));
    await bad('orders', b64('n{"a":1}'));
    // Another list's key: a customer cursor ends in a uuid, an order cursor in a number.
    await bad('orders', b64('n["2026-03-01T10:00:00.123456Z","6d0f4c2e-3c1a-4c77-9a53-5e8f5b0a6c11"]'));
    await bad('customers', b64('n["2026-03-01T10:00:00.123456Z",12]'));
    // A timestamp without its microseconds could skip rows that share the millisecond.
    await bad('transactions', b64('n["2026-03-01T10:00:00.123Z",12]'));
  });
});
