/**
 * The scale dataset of issue 15, built in SQL on a PostgreSQL server and kept between runs:
 *   - the demo business (its owner signs in as usual) grown to 52 providers, 20,000 customers,
 *     100,000 orders and 90,000 bookings over the past two years and the next month, most of them
 *     paid (one confirmed payment each);
 *   - 999 other businesses with 900 orders each (800 with a booking), so the tables hold about
 *     1,000,000 orders in all and every query has to find one business's rows among the others'.
 * Each business's rows come from the same statements (one `bench_ctx` row per business says how
 * many of each), with its numbers continuing its counters. A marker table remembers the dataset's
 * version; a later run finds it and reuses the database (after migrating it to the current schema).
 */
import { addDays, localDateOf, zonedToUtc } from '@app/shared/scheduling/zoned';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client';
import { DEMO, seedDemo } from '../../apps/api/src/db/seed';
import { adminQuery, pgServer } from '../lib/pg';

/** Bump when the statements below change: an older dataset is then rebuilt. */
export const DATASET_VERSION = 4;

export const BIG = { providers: 52, customers: 20_000, orders: 100_000, bookings: 90_000, pastDays: 700, futureDays: 31 } as const;
export const SMALL = { tenants: 999, providers: 3, services: 3, customers: 200, orders: 901, bookings: 800, pastDays: 120, futureDays: 30 } as const;
/** The providers 100+ are the bench's own; this one serves three customers at once (the one-slot burst). */
export const CAPACITY_PROVIDER = 'Bench provider 01';
export const CAPACITY = 3;

const FIRST = ['محمد', 'أحمد', 'نورة', 'سارة', 'فهد', 'ريم', 'خالد', 'لمى', 'Omar', 'Sara', 'Lina', 'Yousef', 'Huda', 'Faisal', 'Maha', 'Aisha', 'Ali', 'Dana', 'Majed', 'Hind'];
const LAST = ['العتيبي', 'القحطاني', 'الشهري', 'الدوسري', 'الغامدي', 'الزهراني', 'Al-Harbi', 'Al-Otaibi', 'Khan', 'Haddad', 'Saleh', 'Nasser', 'Farouk', 'Mansour', 'Aziz'];
const arr = (xs: readonly string[]) => `array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]`;

export function databaseUrl(name: string): string {
  const u = new URL(pgServer());
  u.pathname = `/${name}`;
  return u.toString();
}

async function exists(name: string): Promise<boolean> {
  return (await adminQuery(`select 1 from pg_database where datname = '${name.replace(/'/g, "''")}'`)).rowCount === 1;
}

async function builtVersion(url: string): Promise<number | null> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query(`select version from bench_scale_meta limit 1`).catch(() => null);
    return r?.rows[0]?.version ?? null;
  } finally {
    await c.end();
  }
}

/**
 * The database `name` with the dataset in it, migrated to the current schema: reused when it holds
 * this version of the dataset, else (or with `rebuild`) dropped and built again. Answers its URL.
 */
export async function ensureDataset(name: string, opts: { rebuild?: boolean; log?: (s: string) => void } = {}): Promise<string> {
  const log = opts.log ?? ((s: string) => console.log(s));
  const url = databaseUrl(name);
  if (!opts.rebuild && (await exists(name))) {
    const handle = await openDatabase({ url });
    await handle.migrate();
    await handle.close();
    if ((await builtVersion(url)) === DATASET_VERSION) {
      log(`dataset: reusing ${name} (version ${DATASET_VERSION}; --rebuild builds it again)`);
      return url;
    }
  }
  await adminQuery(`drop database if exists ${name}`);
  await adminQuery(`create database ${name}`);
  const t0 = performance.now();
  const handle = await openDatabase({ url });
  await handle.migrate();
  await seedDemo(handle.db);
  await handle.close();
  log(`dataset: schema and demo business in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    for (const [label, text] of statements()) {
      const s0 = performance.now();
      await c.query(text);
      log(`dataset: ${label} (${((performance.now() - s0) / 1000).toFixed(1)} s)`);
    }
    await c.query(`create table bench_scale_meta (version int not null, built_at timestamptz not null default now())`);
    await c.query(`insert into bench_scale_meta (version) values (${DATASET_VERSION})`);
  } finally {
    await c.end();
  }
  log(`dataset: built in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  return url;
}

/** The build, as labelled SQL statements run in order on one connection (as a superuser: no RLS). */
function statements(): [string, string][] {
  const demo = `(select id from tenants where subdomain = '${DEMO.subdomain}')`;
  return [
    ['seed', `select setseed(0.42)`],
    // Rows go in by the hundred thousand: the triggers that keep the dashboard's figures (and the
    // foreign-key checks) would run once per row; they wait, and the figures are built once at the end.
    ['triggers wait', `set session_replication_role = replica`],
    [
      '999 other businesses',
      `insert into tenants (name, store_name, subdomain, currency, timezone, locale, subscription_status, subscription_plan, completed_level)
       select 'Bench business ' || n, 'Bench ' || n, 'bench-' || n, 'SAR', 'Asia/Riyadh', 'ar', 'active', 'demo', 5
       from generate_series(1, ${SMALL.tenants}) n`,
    ],
    [
      'their branches',
      `insert into branches (tenant_id, name, is_main, working_hours)
       select id, 'الفرع الرئيسي', true, (select working_hours from branches where tenant_id = ${demo} order by is_main desc limit 1)
       from tenants where subdomain like 'bench-%'`,
    ],
    [
      'their services',
      `insert into services (tenant_id, name, price, duration, buffer_time, branch_id, slug)
       select t.id, 'خدمة ' || s, 5000 + s * 2500, 30 + s * 15, 5, null, 'bench-service-' || s
       from tenants t cross join generate_series(1, ${SMALL.services}) s where t.subdomain like 'bench-%'`,
    ],
    [
      'providers (the demo grows to 52)',
      `insert into providers (tenant_id, name, branch_id, working_hours, clients_in_same_time, color, sort_order)
       select t.id, 'Bench provider ' || lpad(p::text, 2, '0'), b.id, b.working_hours,
              case when t.subdomain = '${DEMO.subdomain}' and p = 1 then ${CAPACITY} else 1 end, '#4c6ef5', 100 + p
       from tenants t
       join lateral (select id, working_hours from branches where tenant_id = t.id order by is_main desc, created_at limit 1) b on true
       cross join lateral generate_series(1, case when t.subdomain = '${DEMO.subdomain}'
         then ${BIG.providers} - (select count(*) from providers where tenant_id = t.id)::int else ${SMALL.providers} end) p
       where t.subdomain like 'bench-%' or t.subdomain = '${DEMO.subdomain}'`,
    ],
    [
      'each provider offers its business services',
      `insert into provider_services (tenant_id, provider_id, service_id)
       select p.tenant_id, p.id, s.id from providers p join services s on s.tenant_id = p.tenant_id
       where p.sort_order >= 100 on conflict do nothing`,
    ],
    [
      'customers (the demo grows to 20,000)',
      `insert into customers (tenant_id, first_name, last_name, phone, email, created_at)
       select t.id, (${arr(FIRST)})[1 + (c % ${FIRST.length})], (${arr(LAST)})[1 + ((c / ${FIRST.length}) % ${LAST.length})],
              case when t.subdomain = '${DEMO.subdomain}' then '+96657' || lpad(c::text, 7, '0') end,
              case when c % 3 = 0 then 'customer' || c || '@example.com' end,
              now() - (random() * 730) * interval '1 day'
       from tenants t
       cross join lateral generate_series(1, case when t.subdomain = '${DEMO.subdomain}'
         then ${BIG.customers} - (select count(*) from customers where tenant_id = t.id)::int else ${SMALL.customers} end) c
       where t.subdomain like 'bench-%' or t.subdomain = '${DEMO.subdomain}'`,
    ],
    [
      'what each business gets',
      `create unlogged table bench_ctx as
       select t.id as tenant_id, t.timezone as tz,
              (select id from branches where tenant_id = t.id order by is_main desc, created_at limit 1) as branch_id,
              (select id from users where tenant_id = t.id and is_owner) as owner_id,
              (select array_agg(id order by sort_order, name, id) from providers where tenant_id = t.id) as providers,
              (select array_agg(id order by sort_order, id) from services where tenant_id = t.id) as services,
              (select array_agg(price order by sort_order, id) from services where tenant_id = t.id) as prices,
              (select array_agg(duration order by sort_order, id) from services where tenant_id = t.id) as durations,
              (select array_agg(buffer_time order by sort_order, id) from services where tenant_id = t.id) as buffers,
              (select array_agg(name order by sort_order, id) from services where tenant_id = t.id) as names,
              (select count(*) from customers where tenant_id = t.id)::int as n_customers,
              case when t.subdomain = '${DEMO.subdomain}' then ${BIG.orders} - (select count(*) from orders where tenant_id = t.id)::int else ${SMALL.orders} end as n_orders,
              case when t.subdomain = '${DEMO.subdomain}' then ${BIG.bookings} - (select count(*) from bookings where tenant_id = t.id)::int else ${SMALL.bookings} end as n_bookings,
              case when t.subdomain = '${DEMO.subdomain}' then ${BIG.pastDays} else ${SMALL.pastDays} end as past_days,
              case when t.subdomain = '${DEMO.subdomain}' then ${BIG.futureDays} else ${SMALL.futureDays} end as future_days,
              coalesce((select value from tenant_counters where tenant_id = t.id and name = 'order'), 0) as order_base,
              coalesce((select value from tenant_counters where tenant_id = t.id and name = 'booking'), 0) as booking_base,
              coalesce((select value from tenant_counters where tenant_id = t.id and name = 'transaction'), 0) as tx_base,
              coalesce((select value from tenant_counters where tenant_id = t.id and name = 'invoice'), 0) as invoice_base
       from tenants t where t.subdomain like 'bench-%' or t.subdomain = '${DEMO.subdomain}'`,
    ],
    [
      'customers numbered per business',
      // Picked by number through a join: an array of 20,000 ids subscripted per row would be read whole each time.
      `create unlogged table bench_cust as
       select tenant_id, id, (row_number() over (partition by tenant_id order by id))::int as k from customers;
       create index on bench_cust (tenant_id, k); analyze bench_cust`,
    ],
    [
      'one row per order to be',
      // A booking's day walks from past_days ago to future_days ahead, per_day of them a day: the
      // providers in turn, three or so each, at 10:00, 12:30 and 15:00 local time.
      `create unlogged table bench_gen as
       with g as (
         select c.*, i, cardinality(c.providers) as np, cardinality(c.services) as ns,
                greatest(1, ceil(c.n_bookings::numeric / (c.past_days + c.future_days)))::int as per_day,
                random() as r1, random() as r2, random() as r3
         from bench_ctx c cross join lateral generate_series(1, c.n_orders) i
       ), s as (
         select g.*, i <= n_bookings as booked, 1 + (i % ns) as sv,
                1 + ((i - 1) % per_day) % np as pv,
                ((i - 1) / per_day - past_days) as day_offset,
                ((i - 1) % per_day) / np as slot
         from g
       ), t as (
         select s.*,
                case when booked then ((current_date + day_offset)::timestamp + time '10:00' + slot * interval '150 minutes') at time zone tz
                     else now() - r2 * past_days * interval '1 day' end as start_at
         from s
       )
       select t.*, gen_random_uuid() as order_id, gen_random_uuid() as item_id, gen_random_uuid() as booking_id, gen_random_uuid() as tx_id,
              least(start_at - r2 * interval '5 days', now() - interval '1 minute') as created_at,
              case when not booked then (case when r1 < 0.02 then 'draft' when r1 < 0.03 then 'trash' else 'sale' end)
                   when start_at < now() then (case when r1 < 0.80 then 'completed' when r1 < 0.85 then 'no-show' when r1 < 0.95 then 'cancelled' else 'confirmed' end)
                   else (case when r1 < 0.85 then 'confirmed' when r1 < 0.95 then 'pending' else 'cancelled' end) end as kind,
              (select id from bench_cust bc where bc.tenant_id = t.tenant_id and bc.k = 1 + ((i::bigint * 7919) % n_customers)) as customer_id,
              providers[pv] as provider_id, services[sv] as service_id, prices[sv] as price, durations[sv] as duration,
              buffers[sv] as buffer, names[sv] as service_name
       from t`,
    ],
    [
      'who paid',
      `alter table bench_gen add column paid boolean;
       update bench_gen set paid = kind in ('completed', 'sale') or (kind = 'confirmed' and start_at < now()) or (kind = 'confirmed' and r3 < 0.2)`,
    ],
    [
      '1,000,000 orders',
      `insert into orders (tenant_id, id, number, branch_id, customer_id, provider_id, status, source, is_draft, payment_status, currency,
                           subtotal, total, paid_amount, created_by, read_at, deleted_at, created_at, updated_at)
       select tenant_id, order_id, order_base + i, branch_id, customer_id, provider_id,
              case kind when 'completed' then 'completed' when 'no-show' then 'no-show' when 'cancelled' then 'canceled'
                        when 'pending' then 'waiting-review' when 'sale' then 'completed' else 'confirmed' end,
              case when r3 < 0.7 then 'calendar' when r3 < 0.9 then 'booking-page' else 'pos' end,
              kind = 'draft', case when paid then 'paid' else 'unpaid' end, 'SAR',
              price, price, case when paid then price else 0 end, owner_id, created_at,
              case when kind = 'trash' then created_at + interval '1 day' end, created_at, created_at
       from bench_gen`,
    ],
    [
      'their lines',
      `insert into order_items (tenant_id, id, order_id, type, service_id, provider_id, name, quantity, unit_price, subtotal, total, created_at)
       select tenant_id, item_id, order_id, 'service', service_id, provider_id, service_name, 1, price, price, price, created_at from bench_gen`,
    ],
    [
      'bookings',
      `insert into bookings (tenant_id, id, number, order_id, order_item_id, branch_id, customer_id, provider_id, service_id,
                             start_at, end_at, occupied_until, duration, buffer, price, total_price, status, payment_status, source, created_by, created_at, updated_at)
       select tenant_id, booking_id, booking_base + i, order_id, item_id, branch_id, customer_id, provider_id, service_id,
              start_at, start_at + duration * interval '1 minute', start_at + (duration + buffer) * interval '1 minute', duration, buffer, price, price,
              kind, case when paid then 'paid' else 'unpaid' end, case when r3 < 0.7 then 'calendar' when r3 < 0.9 then 'booking-page' else 'pos' end,
              owner_id, created_at, created_at
       from bench_gen where booked`,
    ],
    [
      'payments',
      `insert into transactions (tenant_id, id, number, order_id, customer_id, branch_id, payment_method, amount, currency, status, created_by, read_at, created_at, updated_at)
       select tenant_id, tx_id, tx_base + i, order_id, customer_id, branch_id,
              case when r2 < 0.45 then 'cash' when r2 < 0.9 then 'card' else 'bank_transfer' end, price, 'SAR', 'confirmed', owner_id,
              least(greatest(start_at, created_at) + interval '1 hour', now()), least(greatest(start_at, created_at) + interval '1 hour', now()),
              least(greatest(start_at, created_at) + interval '1 hour', now())
       from bench_gen where paid and kind <> 'draft' and kind <> 'trash'`,
    ],
    [
      'invoices to be (one for each completed order and sale; one in fifty refunded a day later)',
      `create unlogged table bench_inv as
       select tenant_id, order_id, branch_id, customer_id, owner_id, price, service_name,
              least(greatest(start_at, created_at) + interval '1 hour', now()) as issued_at, gen_random_uuid() as invoice_id, random() < 0.02 as refunded
       from bench_gen where paid and kind in ('completed', 'sale')`,
    ],
    [
      'invoices and credit notes, numbered together by when each was issued',
      `insert into invoices (tenant_id, id, number, type, template, status, order_id, original_invoice_id, branch_id, customer_id, currency,
                             subtotal, taxable_amount, total, paid_amount, lines, tax_groups, seller, customer_name, reason, order_status_before,
                             created_by, issued_at, created_at, updated_at)
       select e.tenant_id, case when e.refund then gen_random_uuid() else e.invoice_id end,
              c.invoice_base + row_number() over (partition by e.tenant_id order by e.at, e.refund, e.invoice_id),
              case when e.refund then 'refund' else 'tax' end, 'simplified',
              case when e.refunded and not e.refund then 'refunded' else 'approved' end,
              e.order_id, case when e.refund then e.invoice_id end, e.branch_id, e.customer_id, 'SAR', e.price, e.price, e.price, e.price,
              jsonb_build_array(jsonb_build_object('name', e.service_name, 'type', 'service', 'quantity', 1, 'unit_price', e.price, 'subtotal', e.price,
                                                   'discount', 0, 'net', e.price, 'taxes', '[]'::jsonb, 'tax', 0, 'total', e.price)),
              '[]', jsonb_build_object('name', 'Bench'), cu.first_name || ' ' || cu.last_name,
              case when e.refund then 'Customer unhappy' end, case when not e.refund then 'completed' end,
              e.owner_id, e.at, e.at, e.at
       from (select i.*, false as refund, i.issued_at as at from bench_inv i
             union all
             select i.*, true, least(i.issued_at + interval '1 day', now()) from bench_inv i where i.refunded) e
       join bench_ctx c on c.tenant_id = e.tenant_id
       left join customers cu on cu.tenant_id = e.tenant_id and cu.id = e.customer_id`,
    ],
    [
      'their orders invoiced, or refunded',
      `update orders o set status = case when i.refunded then 'refunded' else 'invoiced' end, invoice_status = 'invoiced'
       from bench_inv i where o.tenant_id = i.tenant_id and o.id = i.order_id`,
    ],
    [
      'counters continue after the numbers taken',
      `insert into tenant_counters (tenant_id, name, value)
       select tenant_id, n.name, case n.name when 'order' then order_base + n_orders when 'booking' then booking_base + n_orders else tx_base + n_orders end
       from bench_ctx cross join (values ('order'), ('booking'), ('transaction')) n(name)
       on conflict (tenant_id, name) do update set value = excluded.value;
       insert into tenant_counters (tenant_id, name, value)
       select tenant_id, 'invoice', max(number) from invoices where tenant_id in (select tenant_id from bench_ctx) group by tenant_id
       on conflict (tenant_id, name) do update set value = excluded.value`,
    ],
    [
      "the dashboard's figures, from the rows",
      `set session_replication_role = origin;
       select dash_rebuild(id) from tenants`,
    ],
    ['drop the scaffolding', `drop table bench_gen; drop table bench_ctx; drop table bench_cust; drop table bench_inv`],
    ['vacuum and analyze', `vacuum analyze`],
  ];
}

/**
 * Where a burst of bookings goes: the first Sunday `daysAhead` days from now or later (past the
 * dataset's own bookings), cleared of every booking an earlier run made from then on; fifty of the
 * demo's providers who work it from `from` to `to` (local), each with a service of an hour at most;
 * the main branch; and `customers` customers.
 */
export async function burstPlace(pool: pg.Pool, tenant: string, opts: { daysAhead: number; from: string; to: string; customers: number; zone: string }) {
  let day = addDays(localDateOf(Date.now(), opts.zone), opts.daysAhead);
  while (new Date(`${day}T12:00:00Z`).getUTCDay() !== 0) day = addDays(day, 1);
  const start = new Date(zonedToUtc(day, '00:00', opts.zone));
  await pool.query(`delete from orders where tenant_id = $1 and id in (select order_id from bookings where tenant_id = $1 and start_at >= $2)`, [tenant, start]);
  const providers = await pool.query(
    `select p.id, p.name, (select service_id from provider_services ps join services s on s.tenant_id = ps.tenant_id and s.id = ps.service_id
       where ps.tenant_id = p.tenant_id and ps.provider_id = p.id and s.duration + s.buffer_time <= 60 order by s.duration, s.id limit 1) as service_id
     from providers p where p.tenant_id = $1
       and exists (select 1 from jsonb_array_elements(p.working_hours->'0') r where r->>0 <= $2 and r->>1 >= $3)
     order by p.sort_order desc, p.name limit 50`,
    [tenant, opts.from, opts.to],
  );
  const branch = await pool.query(`select id from branches where tenant_id = $1 order by is_main desc, created_at limit 1`, [tenant]);
  const customers = await pool.query(`select id from customers where tenant_id = $1 and blocked_at is null order by created_at desc limit $2`, [tenant, opts.customers]);
  return {
    day,
    providers: providers.rows as { id: string; name: string; service_id: string }[],
    branchId: branch.rows[0].id as string,
    customers: customers.rows.map((r) => r.id as string),
  };
}

/** Counts of what the dataset holds, for the report. */
export async function describe(url: string) {
  const handle = await openDatabase({ url });
  try {
    const r = await handle.db.execute(sql`select
      (select count(*) from tenants)::int as tenants,
      (select count(*) from orders)::int as orders,
      (select count(*) from bookings)::int as bookings,
      (select count(*) from orders o join tenants t on t.id = o.tenant_id where t.subdomain = ${DEMO.subdomain})::int as demo_orders,
      (select count(*) from bookings b join tenants t on t.id = b.tenant_id where t.subdomain = ${DEMO.subdomain})::int as demo_bookings,
      (select count(*) from customers c join tenants t on t.id = c.tenant_id where t.subdomain = ${DEMO.subdomain})::int as demo_customers,
      (select count(*) from transactions x join tenants t on t.id = x.tenant_id where t.subdomain = ${DEMO.subdomain})::int as demo_transactions,
      (select count(*) from invoices i join tenants t on t.id = i.tenant_id where t.subdomain = ${DEMO.subdomain})::int as demo_invoices,
      (select count(*) from providers p join tenants t on t.id = p.tenant_id where t.subdomain = ${DEMO.subdomain})::int as demo_providers`);
    return (r as unknown as { rows: Record<string, number>[] }).rows[0]!;
  } finally {
    await handle.close();
  }
}
