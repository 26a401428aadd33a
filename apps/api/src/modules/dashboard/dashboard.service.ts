import type { Dashboard, DashboardBooking } from '@app/shared/schemas/dashboard';
import { addDays, localDateOf, localDates, localDayBounds, weekdayOf } from '@app/shared/scheduling/zoned';
import { ACTIVE_BOOKING_STATUSES } from '@app/shared/states/booking';
import type { OrderStatus } from '@app/shared/states/order';
import { and, count, eq, gte, isNotNull, isNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import { Binds, boundAs, constants, type Database, inline, keptRowsTogether, type Tx, withTenant } from '../../db/client';
import { providers, services } from '../../db/schema/business';
import { customers } from '../../db/schema/customers';
import { bookings, orderItems, orders, transactions } from '../../db/schema/sales';
import { type DataScope, scopeOfCaller } from '../access/scope';
import type { AuthContext } from '../auth/auth.service';
import { visibleOrders } from '../orders/orders.repository';
import { isoText } from '../../lib/sql-time';
import * as repo from './dashboard.repository';

/** Days of the sales series (today included) and of the top services / order sources window. */
export const DASHBOARD_DAYS = 30;
const LIST_SIZE = 10;
/** Today's appointments listed (the card counts them all and links to the calendar for the rest). */
const TODAY_LIST = 20;
const TOP_SERVICES = 5;

type Grants = { bookings: boolean; orders: boolean; sales: boolean; customers: boolean };

/** Which sections the account may see: those of the screens it could open anyway. */
function grantsOf(ctx: AuthContext): Grants {
  const held = new Set(ctx.permissions);
  const any = (...keys: string[]) => ctx.user.isOwner || keys.some((k) => held.has(k));
  return {
    bookings: any('calendar.all', 'calendar_only_staff', 'bookings'),
    orders: any('orders'),
    sales: any('orders', 'sales.payments', 'transaction'),
    customers: any('customers'),
  };
}

const ownBookings = (scope: DataScope, v: Binds['v']): SQL | undefined =>
  scope.bookings === 'all' ? undefined : scope.providerId ? eq(bookings.providerId, v(scope.providerId)) : sql`false`;


type BookingListRow = {
  list: string;
  id: string | null;
  number: number;
  order_id: string;
  start_time: string;
  end_time: string;
  status: string;
  staff_id: string;
  customer_id: string | null;
  service_id: string | null;
  staff_name: string | null;
  service_name: string | null;
  first_name: string | null;
  last_name: string | null;
};

/** `counted`: the list also answers how many bookings its filter matches in all (a row of its own). */
type BookingList<K extends string> = { key: K; where: SQL | undefined; limit: number; counted?: boolean };

/**
 * Several lists of bookings (earliest first, each with its limit) in one statement, by their keys.
 * The names come by key, a row at a time (subqueries the planner cannot turn into joins), so the
 * plan is the same whatever the business's size: its prepared statement's generic plan never hashes
 * a large business's customers for a page of ten (docs/decisions.md "The dashboard's statements
 * prepared"). A counted list's total is a row of the same statement (`id` null, the count in
 * `number`): the list and its count are read in one snapshot, so they never disagree.
 */
function bookingListsQuery(lists: readonly BookingList<string>[]): SQL {
  const counts = lists
    .filter((l) => l.counted)
    .map(
      (l) => sql`(select ${constants(l.key)}::text as list, null::uuid as id, count(*)::int as number, null::uuid as order_id, null::text as start_time,
        null::text as end_time, null::text as status, null::uuid as staff_id, null::uuid as customer_id, null::uuid as service_id,
        null::text as staff_name, null::text as service_name, null::text as first_name, null::text as last_name
      from ${bookings} where ${l.where ?? sql`true`})`,
    );
  const parts = lists.map(
    (l) => sql`(select ${constants(l.key)}::text as list, ${bookings.id} as id, ${bookings.number} as number, ${bookings.orderId} as order_id,
        ${isoText(bookings.startAt)} as start_time, ${isoText(bookings.endAt)} as end_time, ${bookings.status} as status, ${bookings.providerId} as staff_id,
        ${bookings.customerId} as customer_id, ${bookings.serviceId} as service_id,
        (select p.name from ${providers} p where p.tenant_id = ${bookings.tenantId} and p.id = ${bookings.providerId}) as staff_name,
        (select s.name from ${services} s where s.tenant_id = ${bookings.tenantId} and s.id = ${bookings.serviceId}) as service_name,
        cu.first_name, cu.last_name
      from ${bookings}
      left join lateral (select c.first_name, c.last_name from ${customers} c where c.tenant_id = ${bookings.tenantId} and c.id = ${bookings.customerId} limit 1) cu on true
      where ${l.where ?? sql`true`} order by ${bookings.startAt}, ${bookings.number} limit ${sql.raw(String(l.limit))})`,
  );
  return sql.join([...counts, ...parts], sql` union all `);
}

type BookingLists<K extends string> = { lists: Record<K, DashboardBooking[]>; counts: Partial<Record<K, number>> };

/** The lists in the rows of `bookingListsQuery`, by their keys, and the totals of the counted ones. */
function readBookingLists<K extends string>(keys: readonly K[], rows: readonly BookingListRow[]): BookingLists<K> {
  const out = Object.fromEntries(keys.map((k) => [k, [] as DashboardBooking[]])) as Record<K, DashboardBooking[]>;
  const counts: Partial<Record<K, number>> = {};
  for (const r of rows) {
    if (r.id === null) {
      counts[r.list as K] = Number(r.number);
      continue;
    }
    out[r.list as K]?.push({
      id: r.id,
      booking_number: Number(r.number),
      order_id: r.order_id,
      start_time: r.start_time,
      end_time: r.end_time,
      status: r.status,
      staff_id: r.staff_id,
      staff: r.staff_name !== null ? { id: r.staff_id, name: r.staff_name } : null,
      customer: r.customer_id && r.first_name !== null ? { id: r.customer_id, name: `${r.first_name} ${r.last_name ?? ''}`.trim() } : null,
      service: r.service_id && r.service_name !== null ? { id: r.service_id, name: r.service_name } : null,
    });
  }
  return { lists: out, counts };
}

type LatestOrderRow = {
  id: string;
  number: number | string;
  created_at: string;
  status: string;
  payment_status: string;
  source: string;
  total: number | string;
  currency: string;
  customer_id: string | null;
  first_name: string | null;
  last_name: string | null;
};

/**
 * The latest orders the caller may see (drafts and deleted ones left out), newest first: only the
 * columns the card shows (the customer by key, as in `bookingListsQuery`). `tenant` and `branch` are
 * bound already; `v` binds the provider of a provider account (visibleOrders).
 */
function latestOrdersQuery(tenant: string, branch: string | null, scope: DataScope, v: Binds['v']): SQL {
  const where = and(eq(orders.tenantId, tenant), isNull(orders.deletedAt), sql`not ${orders.isDraft}`, branch ? eq(orders.branchId, branch) : undefined, visibleOrders(scope, v));
  return sql`select ${orders.id} as id, ${orders.number} as number, ${isoText(orders.createdAt)} as created_at, ${orders.status} as status,
      ${orders.paymentStatus} as payment_status, ${orders.source} as source, ${orders.total} as total, ${orders.currency} as currency,
      ${orders.customerId} as customer_id, cu.first_name, cu.last_name
    from ${orders}
    left join lateral (select c.first_name, c.last_name from ${customers} c where c.tenant_id = ${orders.tenantId} and c.id = ${orders.customerId} limit 1) cu on true
    where ${where} order by ${orders.createdAt} desc, ${orders.number} desc limit ${sql.raw(String(LIST_SIZE))}`;
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The services with the most lines, then revenue. */
function topServicesOf(rows: repo.KeptFigures['services']) {
  return [...rows]
    .sort((a, b) => b.count - a.count || b.revenue - a.revenue || byName(a.serviceId, b.serviceId))
    .slice(0, TOP_SERVICES)
    .map((r) => ({ service_id: r.serviceId, name: r.name, count: r.count, revenue: r.revenue }));
}

type Window = { tz: string; branchId: string | null; scope: DataScope; seriesStart: string; salesFrom: string; todayEnd: number };

/**
 * Sales by day, order sources and top services counted from the orders themselves: for an account
 * that sees only some of the business's orders (a provider's assigned ones), which the kept
 * figures cannot tell apart.
 */
type Counted = Pick<repo.KeptFigures, 'salesByDay' | 'sources' | 'services'>;

async function countedFigures(tx: Tx, tenantId: string, w: Window, grants: Grants): Promise<Counted> {
  const at = (date: string) => new Date(localDayBounds(date, w.tz)[0]);
  const out: Counted = { salesByDay: new Map(), sources: [], services: [] };
  const placed = and(eq(orders.tenantId, tenantId), isNull(orders.deletedAt), eq(orders.isDraft, false), w.branchId ? eq(orders.branchId, w.branchId) : undefined, visibleOrders(w.scope));
  const recent = and(placed, gte(orders.createdAt, at(w.seriesStart)));
  if (grants.orders) {
    const top = await tx
      .select({
        serviceId: orderItems.serviceId,
        name: sql<string>`coalesce(max(${services.name}), max(${orderItems.name}))`,
        n: sql<number>`sum(${orderItems.quantity})::int`,
        revenue: sql<number>`sum(${orderItems.total})::bigint`,
      })
      .from(orderItems)
      .innerJoin(orders, and(eq(orders.tenantId, orderItems.tenantId), eq(orders.id, orderItems.orderId)))
      .leftJoin(services, and(eq(services.tenantId, orderItems.tenantId), eq(services.id, orderItems.serviceId)))
      .where(and(recent, ne(orders.status, 'canceled'), eq(orderItems.type, 'service'), isNotNull(orderItems.serviceId)))
      .groupBy(orderItems.serviceId);
    out.services = top.map((r) => ({ serviceId: r.serviceId!, name: r.name, count: Number(r.n), revenue: Number(r.revenue) }));
    const sources = await tx.select({ source: orders.source, n: count() }).from(orders).where(recent).groupBy(orders.source);
    out.sources = sources.map((r) => ({ source: r.source, count: Number(r.n) }));
  }
  if (grants.sales) {
    const day = sql<string>`to_char(${transactions.createdAt} at time zone ${w.tz}, 'YYYY-MM-DD')`;
    const rows = await tx
      .select({ day, amount: sql<number>`sum(${transactions.amount})::bigint` })
      .from(transactions)
      .innerJoin(orders, and(eq(orders.tenantId, transactions.tenantId), eq(orders.id, transactions.orderId)))
      .where(
        and(
          eq(transactions.tenantId, tenantId),
          eq(transactions.status, 'confirmed'),
          isNull(transactions.deletedAt),
          gte(transactions.createdAt, at(w.salesFrom)),
          lt(transactions.createdAt, new Date(w.todayEnd)),
          w.branchId ? eq(orders.branchId, w.branchId) : undefined,
          visibleOrders(w.scope),
        ),
      )
      // By position: the time zone is a parameter, so the expression itself would not match the select's.
      .groupBy(sql`1`);
    out.salesByDay = new Map(rows.map((r) => [r.day, Number(r.amount)]));
  }
  return out;
}

/** The dashboard's figures for the top bar's branch, in the business's time zone (docs/orders.md "Dashboard"). */
export function createDashboardService(deps: { db: Database }) {
  const { db } = deps;

  /**
   * The answer's body, `{ data: Dashboard }`, as JSON text. A test holds it to the schema, nothing
   * more and nothing less.
   */
  async function summary(ctx: AuthContext, now = new Date()): Promise<string> {
    const tz = ctx.tenant.timezone;
    const t = ctx.tenantId;
    const branchId = ctx.user.currentBranchId;
    const grants = grantsOf(ctx);
    const today = localDateOf(now.getTime(), tz);
    const [todayStart, todayEnd] = localDayBounds(today, tz);
    const weekStart = addDays(today, -((weekdayOf(today) - ctx.tenant.startOfWeek + 7) % 7));
    const monthStart = `${today.slice(0, 8)}01`;
    const seriesStart = addDays(today, -(DASHBOARD_DAYS - 1));
    const salesFrom = [seriesStart, weekStart, monthStart].sort()[0]!;

    return withTenant(db, t, async (tx) => {
      const scope = scopeOfCaller(ctx);
      // The kept figures (schema/dashboard.ts) hold every order of the business: an account that
      // sees only some (a provider's assigned orders) has its figures counted from those orders.
      // Customers belong to the business as a whole and are always the kept count.
      const kept = scope.orders === 'all';
      // The figures and the lists are read together: one round trip, each its own prepared statement
      // (their planning cost the database more than running them), written out once for their shape:
      // which sections the caller sees, whether a branch is chosen, and the caller's data scope. An
      // account that sees every order and booking has them planned once for any business (the latest
      // orders were planned again on every request at the busy business: db/pipeline.ts `planOnce`).
      const listKeys = ['today', 'next'] as const;
      const binds = new Binds();
      // Every value bound first, in one order for every shape: a shape already written out is not
      // built again (keptRowsTogether `bound`); a value its text does not use is simply not sent.
      const v = binds.v;
      const p = {
        tenant: v(t),
        branch: branchId ? v(branchId) : null,
        provider: scope.providerId ? v(scope.providerId) : undefined,
        dayStart: v(new Date(todayStart)),
        dayEnd: v(new Date(todayEnd)),
        now: v(now),
        salesFrom: v(salesFrom),
        seriesStart: v(seriesStart),
        today: v(today),
        monthStart: v(monthStart),
      };
      // The provider account's own (ownBookings, visibleOrders): its provider, bound above.
      const providerV = boundAs(scope.providerId, p.provider);
      const shape = JSON.stringify([grants, kept, branchId !== null, scope.bookings, scope.orders, scope.providerId !== undefined]);
      const [figureRows, ...listRows] = await keptRowsTogether(
        tx,
        `dashboard ${shape}`,
        binds,
        () => {
          const reads = [
            {
              name: 'dash_figures',
              // Its values are the placeholders bound above, written as they are (`inline`).
              query: repo.keptFiguresQuery(
                p.tenant,
                {
                  salesFrom: p.salesFrom,
                  windowFrom: p.seriesStart,
                  today: p.today,
                  monthStart: p.monthStart,
                  branchKey: p.branch,
                  sales: kept && grants.sales,
                  orders: kept && grants.orders,
                  customers: grants.customers,
                },
                inline,
              ),
            },
          ];
          if (grants.bookings) {
            const base = and(eq(bookings.tenantId, p.tenant), p.branch ? eq(bookings.branchId, p.branch) : undefined, ownBookings(scope, providerV));
            const onToday = and(base, gte(bookings.startAt, p.dayStart), lt(bookings.startAt, p.dayEnd), sql`${bookings.status} not in (${constants('cancelled', 'rejected')})`);
            const lists: BookingList<(typeof listKeys)[number]>[] = [
              // The card lists the first few and counts them all.
              { key: 'today', where: onToday, limit: TODAY_LIST, counted: true },
              { key: 'next', where: and(base, gte(bookings.startAt, p.now), sql`${bookings.status} in (${constants(...ACTIVE_BOOKING_STATUSES)})`), limit: LIST_SIZE },
            ];
            reads.push({ name: 'dash_bookings', query: bookingListsQuery(lists) });
          }
          if (grants.orders) reads.push({ name: 'dash_latest_orders', query: latestOrdersQuery(p.tenant, p.branch, scope, providerV) });
          return reads;
        },
        { once: scope.orders === 'all' && scope.bookings === 'all', bound: true },
      );
      const figures = repo.readKeptFigures(figureRows as repo.KeptRow[]);

      const series = localDates(seriesStart, today);
      const out: Dashboard = {
        services_count: figures.catalogue.services,
        providers_count: figures.catalogue.providers,
        branches_count: figures.catalogue.branches,
        currency: ctx.tenant.currency,
        time_zone: tz,
        today_appointments: [],
        today_count: 0,
        next_bookings: [],
        latest_orders: [],
        top_services: [],
        order_sources: [],
        sales: { today: 0, week: 0, month: 0, series: series.map((date) => ({ date, amount: 0 })) },
        customers: { total: 0, new_this_month: 0 },
      };

      if (grants.bookings) {
        const found = readBookingLists(listKeys, listRows.shift() as BookingListRow[]);
        out.today_appointments = found.lists.today;
        out.today_count = found.counts.today ?? 0;
        out.next_bookings = found.lists.next;
      }
      if (grants.orders) {
        out.latest_orders = (listRows.shift() as LatestOrderRow[]).map((r) => ({
          id: r.id,
          number: Number(r.number),
          date: r.created_at,
          status: r.status as OrderStatus,
          payment_status: r.payment_status as Dashboard['latest_orders'][number]['payment_status'],
          source: r.source as Dashboard['latest_orders'][number]['source'],
          total: Number(r.total),
          currency: r.currency,
          customer: r.customer_id && r.first_name !== null ? { id: r.customer_id, name: `${r.first_name} ${r.last_name ?? ''}`.trim() } : null,
        }));
      }

      const counted: Counted = kept ? figures : await countedFigures(tx, t, { tz, branchId, scope, seriesStart, salesFrom, todayEnd }, grants);

      if (grants.orders) {
        out.top_services = topServicesOf(counted.services.filter((s) => s.count > 0));
        out.order_sources = counted.sources.filter((s) => s.count > 0).sort((a, b) => b.count - a.count || byName(a.source, b.source));
      }
      if (grants.sales) {
        const byDay = counted.salesByDay;
        const sum = (fromDate: string) => [...byDay].filter(([d]) => d >= fromDate && d <= today).reduce((a, [, v]) => a + v, 0);
        out.sales = {
          today: byDay.get(today) ?? 0,
          week: sum(weekStart),
          month: sum(monthStart),
          series: series.map((date) => ({ date, amount: byDay.get(date) ?? 0 })),
        };
      }
      if (grants.customers) out.customers = { total: figures.customers.total, new_this_month: figures.customers.fresh };
      return JSON.stringify({ data: out });
    });
  }

  return { summary };
}
