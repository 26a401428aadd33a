import { type SQL, sql } from 'drizzle-orm';
import { type Database, inline } from '../../db/client';

const BATCH = 10_000;

/**
 * Folds the rows the triggers appended into one `compacted` row per key (schema/dashboard.ts), a
 * batch at a time, across every business (a system task: no tenant context). Rows of transactions
 * still open are not visible yet and wait for the next run; two compactors never take the same row
 * (SKIP LOCKED). Answers how many rows were folded.
 */
export async function compactDashboard(db: Database, batch = BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    const res = (await db.execute(sql`
      with picked as (
        select tenant_id, id from dashboard_counts where not compacted order by id limit ${batch} for update skip locked
      ), fresh as (
        delete from dashboard_counts d using picked p where d.tenant_id = p.tenant_id and d.id = p.id
        returning d.tenant_id, d.branch_key, d.metric, d.day, d.key, d.amount, d.count
      ), folded as (
        insert into dashboard_counts (tenant_id, branch_key, metric, day, key, amount, count, compacted)
        select tenant_id, branch_key, metric, day, key, sum(amount), sum(count), true from fresh group by 1, 2, 3, 4, 5
        on conflict (tenant_id, branch_key, metric, day, key) where compacted
        do update set amount = dashboard_counts.amount + excluded.amount, count = dashboard_counts.count + excluded.count
      )
      select count(*)::int as n from fresh`)) as unknown as { rows: { n: number }[] };
    const n = Number(res.rows[0]?.n ?? 0);
    total += n;
    if (n < batch) return total;
  }
}

export type KeptFigures = {
  /** Money received a local day (the sales series). */
  salesByDay: Map<string, number>;
  /** Placed orders by source over the window. */
  sources: { source: string; count: number }[];
  /** Service lines over the window: quantity, revenue and the service's current name. */
  services: { serviceId: string; name: string; count: number; revenue: number }[];
  customers: { total: number; fresh: number };
  /** The business's services, providers and branches (onboarding's counts). */
  catalogue: { services: number; providers: number; branches: number };
};

/**
 * The dashboard's kept figures in one statement: sales by local day over [salesFrom, today], orders
 * by source and service lines by service over [windowFrom, today] (one branch or all), and the
 * business's customers (all, and new since `monthStart`) and how many services, providers and
 * branches it has. Sections left out are not read.
 */
export type KeptQuery = {
  salesFrom: string;
  windowFrom: string;
  today: string;
  monthStart: string;
  branchKey: string | null;
  sales: boolean;
  orders: boolean;
  customers: boolean;
};

/**
 * The statement of `keptFigures`, for a caller sending it with others (its rows go to
 * `readKeptFigures`). Its values go through `v` (db/client.ts Binds: placeholders, so the text is
 * the same for every business); its text depends only on which sections are read and whether a
 * branch is.
 */
export function keptFiguresQuery(tenantId: string, q: KeptQuery, v = inline): SQL {
  const tenant = v(tenantId);
  const today = v(q.today);
  const branch = q.branchKey ? sql` and branch_key = ${v(q.branchKey)}` : sql``;
  const parts: SQL[] = [
    sql`select 'catalogue' as metric, null::text as day, k.key, 0::bigint as amount, k.n as count, null::text as name from (
        select 'services' as key, (select count(*) from services where tenant_id = ${tenant})::bigint as n
        union all select 'providers', (select count(*) from providers where tenant_id = ${tenant})
        union all select 'branches', (select count(*) from branches where tenant_id = ${tenant})) k`,
  ];
  if (q.sales)
    parts.push(sql`select metric, day::text, key, sum(amount)::bigint, sum(count)::bigint, null::text
      from dashboard_counts where tenant_id = ${tenant} and metric = 'sales' and day between ${v(q.salesFrom)}::date and ${today}::date${branch}
      group by metric, day, key`);
  if (q.orders)
    parts.push(sql`select metric, null::text, key, sum(amount)::bigint, sum(count)::bigint,
        case when metric = 'services' then (select s.name from services s where s.tenant_id = ${tenant} and s.id::text = key) end
      from dashboard_counts where tenant_id = ${tenant} and metric in ('orders', 'services') and day between ${v(q.windowFrom)}::date and ${today}::date${branch}
      group by metric, key`);
  if (q.customers)
    parts.push(sql`select 'customers', null::text, case when day >= ${v(q.monthStart)}::date then 'new' else 'before' end, 0::bigint, sum(count)::bigint, null::text
      from dashboard_counts where tenant_id = ${tenant} and metric = 'customers' group by 3`);
  return sql.join(parts, sql` union all `);
}

export type KeptRow = { metric: string; day: string | null; key: string; amount: number | string; count: number | string; name: string | null };

/** The figures in the rows of `keptFiguresQuery`. */
export function readKeptFigures(rows: readonly KeptRow[]): KeptFigures {
  const out: KeptFigures = { salesByDay: new Map(), sources: [], services: [], customers: { total: 0, fresh: 0 }, catalogue: { services: 0, providers: 0, branches: 0 } };
  for (const r of rows) {
    const amount = Number(r.amount);
    const count = Number(r.count);
    if (r.metric === 'sales' && r.day) out.salesByDay.set(r.day, (out.salesByDay.get(r.day) ?? 0) + amount);
    else if (r.metric === 'orders' && count !== 0) out.sources.push({ source: r.key, count });
    else if (r.metric === 'services' && r.name !== null && count !== 0) out.services.push({ serviceId: r.key, name: r.name, count, revenue: amount });
    else if (r.metric === 'catalogue') out.catalogue[r.key as keyof KeptFigures['catalogue']] = count;
    else if (r.metric === 'customers') {
      out.customers.total += count;
      if (r.key === 'new') out.customers.fresh += count;
    }
  }
  return out;
}
