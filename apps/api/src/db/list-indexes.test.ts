import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, readyUser, rows, type TestApp } from '../../test/helper';
import { slotInputsQuery } from '../modules/bookings/bookings.repository';
import { keptFiguresQuery } from '../modules/dashboard/dashboard.repository';
import { withTenant } from './client';

/**
 * Each long list's page query is served in its order by an index that matches its default filter
 * (issue 15): the statement the API really sends is captured and explained with sequential scans
 * and sorts priced out, so the plan names the index that gives the order, and needs no sort of its
 * own (each list reads its page's ids first, then sorts those few rows once more).
 */

type Statement = { query: string; params: unknown[] };
let capture: Statement[] | null = null;
let t: TestApp;
let owner: Awaited<ReturnType<typeof readyUser>>;
let tenantId: string;
let branchId: string;
let providerId: string;

beforeAll(async () => {
  t = await buildTestApp({ logger: { logQuery: (query, params) => capture?.push({ query, params }) } });
  owner = await readyUser(t);
  const [me] = await rows<{ tenant_id: string; branch_id: string }>(
    t.db,
    sql`select u.tenant_id, b.id as branch_id from users u join branches b on b.tenant_id = u.tenant_id where u.id = ${owner.user.uuid} order by b.is_main desc limit 1`,
  );
  tenantId = me!.tenant_id;
  branchId = me!.branch_id;
  // Enough rows, in two branches, for the planner to weigh the indexes as it would on a busy business.
  const [other] = await rows<{ id: string }>(t.db, sql`insert into branches (tenant_id, name) values (${tenantId}, 'Second branch') returning id`);
  const branchOf = sql`(case when i % 3 = 0 then ${other!.id}::uuid else ${branchId}::uuid end)`;
  const at = sql`(now() - i * interval '37 minutes')`;
  await t.db.execute(sql`insert into customers (tenant_id, first_name, last_name, created_at) select ${tenantId}, 'Plan', 'Customer ' || i, ${at} from generate_series(1, 3000) i`);
  await t.db.execute(sql`insert into orders (tenant_id, number, branch_id, currency, is_draft, deleted_at, created_at)
    select ${tenantId}, i, ${branchOf}, 'SAR', i % 50 = 0, case when i % 70 = 0 then now() end, ${at} from generate_series(1, 3000) i`);
  await t.db.execute(sql`insert into transactions (tenant_id, number, order_id, branch_id, payment_method, amount, currency, status, created_at)
    select tenant_id, number, id, branch_id, 'cash', 100, 'SAR', 'confirmed', created_at from orders where tenant_id = ${tenantId}`);
  const [provider] = await rows<{ id: string }>(t.db, sql`insert into providers (tenant_id, name) values (${tenantId}, 'Plan provider') returning id`);
  providerId = provider!.id;
  await t.db.execute(sql`insert into order_items (tenant_id, order_id, type, name) select tenant_id, id, 'service', 'Cut' from orders where tenant_id = ${tenantId}`);
  await t.db.execute(sql`insert into bookings (tenant_id, number, order_id, order_item_id, branch_id, provider_id, start_at, end_at, occupied_until, duration)
    select o.tenant_id, o.number, o.id, it.id, o.branch_id, ${provider!.id}, o.created_at, o.created_at + interval '30 minutes', o.created_at + interval '30 minutes', 30
    from orders o join order_items it on it.tenant_id = o.tenant_id and it.order_id = o.id where o.tenant_id = ${tenantId}`);
  // An invoice for most orders, a credit note (answering one of them) for every fourth.
  await t.db.execute(sql`insert into invoices (tenant_id, number, type, template, order_id, currency, lines, tax_groups, seller, customer_name, issued_at)
    select tenant_id, number, 'tax', 'simplified', id, 'SAR', '[]', '[]', '{"name": "Plan"}', 'Plan', created_at from orders where tenant_id = ${tenantId} and number % 5 <> 0`);
  await t.db.execute(sql`insert into invoices (tenant_id, number, type, template, order_id, original_invoice_id, currency, lines, tax_groups, seller, customer_name, issued_at)
    select tenant_id, number + 100000, 'refund', 'simplified', order_id, id, 'SAR', '[]', '[]', '{"name": "Plan"}', 'Plan', issued_at + interval '1 minute' from invoices where tenant_id = ${tenantId} and number % 4 = 0`);
  await t.db.execute(sql`analyze`);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** A parameter as a literal (the values of these queries: ids, numbers, dates, zone names). */
function literal(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (v instanceof Date) return `'${v.toISOString()}'`;
  return `'${String(v).replace(/'/g, "''")}'`;
}

const inline = (s: Statement) => s.query.replace(/\$(\d+)/g, (_, n: string) => literal(s.params[Number(n) - 1]));

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; 'Index Cond'?: string; 'Actual Loops'?: number; Plans?: PlanNode[] };
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

/** The list's page statement (the one ordering and limiting `table`) as the API sent it for `query`. */
async function pageStatement(list: string, table: string, query: string) {
  capture = [];
  const res = await owner.client.get(`${list}?${query}`);
  const seen = capture;
  capture = null;
  expect(res.statusCode, res.body).toBe(200);
  const page = seen.find((s) => s.query.includes(`from "${table}"`) && /order by/i.test(s.query) && /limit/i.test(s.query));
  expect(page, `no page query of ${table} among ${seen.length} statements`).toBeDefined();
  return page!;
}

/** The plan of a statement as the business's RLS role sees it (`settings` set for it first). */
async function explain(page: Statement, options: string, settings: string[] = []) {
  const plan = await withTenant(t.db, tenantId, async (tx) => {
    for (const s of settings) await tx.execute(sql.raw(`set local ${s}`));
    const out = (await tx.execute(sql.raw(`explain (${options}) ${inline(page)}`))) as unknown as { rows: Record<string, unknown>[] };
    const cell = Object.values(out.rows[0]!)[0];
    return (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: PlanNode }[];
  });
  if (process.env.PLAN_DEBUG) console.log(inline(page), JSON.stringify(plan, null, 1));
  return nodes(plan[0]!.Plan);
}

/** The plan of the list's first page, with sequential scans and sorts priced out. */
async function planOf(list: string, table: string) {
  const all = await explain(await pageStatement(list, table, 'per_page=25'), 'format json', ['enable_seqscan = off', 'enable_sort = off']);
  return { indexes: all.map((n) => n['Index Name']).filter(Boolean), sorts: all.filter((n) => n['Node Type'] === 'Sort').length };
}

describe('the long lists have indexes in their order', () => {
  const cases = [
    // [list, table, index with the top bar's branch chosen, index over every branch, sorts allowed]
    ['orders', 'orders', 'orders_list', 'orders_created', 1],
    ['bookings', 'bookings', 'bookings_list', 'bookings_time', 1],
    ['transactions', 'transactions', 'transactions_list', 'transactions_created', 1],
    ['customers', 'customers', 'customers_tenant_created', 'customers_tenant_created', 1],
    ['invoices', 'invoices', 'invoices_issued', 'invoices_issued', 1],
    ['refunds', 'invoices', 'invoices_list', 'invoices_list', 1],
    ['invoices/synced', 'invoices', 'invoices_issued', 'invoices_issued', 1],
  ] as const;

  for (const [list, table, branchIndex, allIndex, sorts] of cases) {
    it(`GET /api/v1/${list} reads ${branchIndex} for a branch and ${allIndex} for every branch`, async () => {
      expect((await owner.client.put('auth/current-branch', { branch_id: branchId })).statusCode).toBe(200);
      const one = await planOf(list, table);
      expect(one.indexes).toContain(branchIndex);
      expect(one.sorts).toBeLessThanOrEqual(sorts);

      expect((await owner.client.put('auth/current-branch', { branch_id: null })).statusCode).toBe(200);
      const every = await planOf(list, table);
      expect(every.indexes).toContain(allIndex);
      expect(every.sorts).toBeLessThanOrEqual(sorts);
    });
  }
});

describe("the lists' default views are planned once for any business, on their indexes", () => {
  // Each list as it opens is a prepared statement planned once (db/pipeline.ts `planOnce`): its
  // generic plan, made without the business's values, must read the same index in the list's order.
  const cases = [
    ['orders', 'orders', 'orders_list', 'orders_created'],
    ['bookings', 'bookings', 'bookings_list', 'bookings_time'],
    ['transactions', 'transactions', 'transactions_list', 'transactions_created'],
    ['customers', 'customers', 'customers_tenant_created', 'customers_tenant_created'],
  ] as const;

  /** The plan PostgreSQL makes of the statement for any values (its generic plan), sequential scans and sorts priced out. */
  async function genericPlan(page: Statement) {
    const plan = await withTenant(t.db, tenantId, async (tx) => {
      for (const s of ['enable_seqscan = off', 'enable_sort = off', 'plan_cache_mode = force_generic_plan']) await tx.execute(sql.raw(`set local ${s}`));
      await tx.execute(sql.raw(`prepare generic_page as ${page.query}`));
      try {
        const out = (await tx.execute(sql.raw(`explain (format json) execute generic_page(${page.params.map(literal).join(', ')})`))) as unknown as { rows: Record<string, unknown>[] };
        const cell = Object.values(out.rows[0]!)[0];
        return (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: PlanNode }[];
      } finally {
        await tx.execute(sql.raw('deallocate generic_page'));
      }
    });
    const all = nodes(plan[0]!.Plan);
    return { indexes: all.map((n) => n['Index Name']).filter(Boolean), sorts: all.filter((n) => n['Node Type'] === 'Sort').length };
  }

  for (const [list, table, branchIndex, allIndex] of cases) {
    it(`GET /api/v1/${list}: ${branchIndex} for a branch, ${allIndex} for every branch`, async () => {
      expect((await owner.client.put('auth/current-branch', { branch_id: branchId })).statusCode).toBe(200);
      const one = await genericPlan(await pageStatement(list, table, 'per_page=25'));
      expect(one.indexes).toContain(branchIndex);
      expect(one.sorts).toBeLessThanOrEqual(1);

      expect((await owner.client.put('auth/current-branch', { branch_id: null })).statusCode).toBe(200);
      const every = await genericPlan(await pageStatement(list, table, 'per_page=25'));
      expect(every.indexes).toContain(allIndex);
      expect(every.sorts).toBeLessThanOrEqual(1);
    });
  }
});

describe('a page asked for by number reads the details of its own rows only', () => {
  // The 40th page of 25 (the last the pager numbers, at the 1,000 rows it counts to) skips 975 rows:
  // each list finds its page's ids on the index first, so no node past that runs once a skipped row
  // (a customer's tags, a payment's order and customer, an order's counts, a booking's names, a
  // document's order, original and issuer).
  for (const [list, table] of [
    ['invoices', 'invoices'],
    ['refunds', 'invoices'],
    ['customers', 'customers'],
    ['transactions', 'transactions'],
    ['orders', 'orders'],
    ['bookings', 'bookings'],
  ] as const) {
    it(`GET /api/v1/${list}?page=40`, async () => {
      expect((await owner.client.put('auth/current-branch', { branch_id: null })).statusCode).toBe(200);
      // Joins by look-up, as on a busy business (at this size the planner would hash the whole tables).
      const all = await explain(await pageStatement(list, table, 'per_page=25&page=40'), 'analyze, format json', ['enable_hashjoin = off', 'enable_mergejoin = off']);
      const loops = Math.max(...all.map((n) => n['Actual Loops'] ?? 0));
      expect(loops, JSON.stringify(all.map((n) => [n['Node Type'], n['Relation Name'] ?? '', n['Actual Loops']]))).toBeLessThanOrEqual(26);
    });
  }
});

describe("a booking's check reads the provider's bookings of its days only", () => {
  it("the availability inputs bound the provider's bookings by time inside the index", async () => {
    // The provider has 3,000 bookings over about 80 days; a day's check must not read them all (it
    // did when the window's bounds were joined rather than compared: they were only a filter then).
    const day = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
    const query = slotInputsQuery(tenantId, { branchId, serviceIds: [], providerIds: [providerId], from: day, to: day, tenantTimezone: 'Asia/Riyadh' });
    const plan = await withTenant(t.db, tenantId, async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const out = (await tx.execute(sql`explain (format json) ${query}`)) as unknown as { rows: Record<string, unknown>[] };
      const cell = Object.values(out.rows[0]!)[0];
      return (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: PlanNode }[];
    });
    // Every scan of the bookings but the crew's lookups by id (on a small table the planner may take
    // the business's time index instead of the provider's: either is bounded by the start).
    const scans = nodes(plan[0]!.Plan).filter((n) => n['Relation Name'] === 'bookings' && n['Index Name'] !== 'bookings_tenant_id_id_pk');
    expect(scans.length, JSON.stringify(plan)).toBeGreaterThan(0);
    for (const scan of scans) expect(scan['Index Cond']).toMatch(/start_at [<>]/);
  });
});

describe("the dashboard's figures are read from their index alone", () => {
  it('every read of dashboard_counts is an index-only scan of dashboard_counts_read', async () => {
    // The orders above wrote their figures (the triggers); vacuumed, as a table in use is, so that its pages count as all visible.
    await t.db.execute(sql`vacuum analyze dashboard_counts`);
    const today = new Date().toISOString().slice(0, 10);
    const monthStart = `${today.slice(0, 8)}01`;
    const query = keptFiguresQuery(tenantId, { salesFrom: monthStart, windowFrom: monthStart, today, monthStart, branchKey: null, sales: true, orders: true, customers: true });
    const plan = await withTenant(t.db, tenantId, async (tx) => {
      // Bitmap scans priced out: what is left is a plain index scan, which visits each row's page, or
      // an index-only one, which the index can only offer when it carries every column the sums read.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      const out = (await tx.execute(sql`explain (format json) ${query}`)) as unknown as { rows: Record<string, unknown>[] };
      const cell = Object.values(out.rows[0]!)[0];
      return (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: PlanNode }[];
    });
    const scans = nodes(plan[0]!.Plan).filter((n) => n['Relation Name'] === 'dashboard_counts');
    // A month's sales, orders and services, and every day's new customers.
    expect(scans.length, JSON.stringify(plan)).toBe(3);
    for (const scan of scans) expect([scan['Node Type'], scan['Index Name']]).toEqual(['Index Only Scan', 'dashboard_counts_read']);
  });
});

describe("the dashboard's triggers keep their plans", () => {
  it('no function in the schema is written in SQL except those PostgreSQL inlines into the statement that calls them', async () => {
    // A SQL function that cannot be inlined (an insert, a sub-select) is planned afresh each time
    // the statement calling it runs; a trigger's statements run for each row, so dash_add and
    // dash_day planned the same insert and look-up several times for every booking (migration
    // 0030). PL/pgSQL keeps a connection's plans. What is left in SQL is a single expression of
    // settings, which the planner folds into the row-level security check that calls it.
    const found = await rows<{ name: string }>(
      t.db,
      sql`select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_language l on l.oid = p.prolang
          where n.nspname = 'public' and l.lanname = 'sql' order by 1`,
    );
    expect(found.map((f) => f.name)).toEqual(['app_current_tenant']);
    const [body] = await rows<{ src: string }>(t.db, sql`select prosrc as src from pg_proc where proname = 'app_current_tenant'`);
    // One select of one expression: no table read, no sub-select, no write.
    expect(body!.src.match(/\bselect\b/gi)).toHaveLength(1);
    expect(body!.src).not.toMatch(/\b(from|insert|update|delete)\b/i);
  });
});
