import type { Dashboard, DashboardBooking } from '@app/shared/schemas/dashboard';
import { addDays, localDateOf, localDates, localDayBounds, weekdayOf } from '@app/shared/scheduling/zoned';
import { ACTIVE_BOOKING_STATUSES } from '@app/shared/states/booking';
import type { OrderStatus } from '@app/shared/states/order';
import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lt, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import { type Database, type Tx, withTenant } from '../../db/client';
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

const ownBookings = (scope: DataScope): SQL | undefined => (scope.bookings === 'all' ? undefined : scope.providerId ? eq(bookings.providerId, scope.providerId) : sql`false`);

type BookingListRow = {
  list: string;
  id: string;
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

/** Several lists of bookings (earliest first, each with its limit) in one statement, by their keys. */
async function bookingLists<K extends string>(tx: Tx, lists: { key: K; where: SQL | undefined; limit: number }[]): Promise<Record<K, DashboardBooking[]>> {
  const out = Object.fromEntries(lists.map((l) => [l.key, [] as DashboardBooking[]])) as Record<K, DashboardBooking[]>;
  if (!lists.length) return out;
  const parts = lists.map(
    (l) => sql`(select ${l.key}::text as list, ${bookings.id} as id, ${bookings.number} as number, ${bookings.orderId} as order_id,
        ${isoText(bookings.startAt)} as start_time, ${isoText(bookings.endAt)} as end_time, ${bookings.status} as status, ${bookings.providerId} as staff_id,
        ${bookings.customerId} as customer_id, ${bookings.serviceId} as service_id, ${providers.name} as staff_name, ${services.name} as service_name,
        ${customers.firstName} as first_name, ${customers.lastName} as last_name
      from ${bookings}
      left join ${providers} on ${providers.tenantId} = ${bookings.tenantId} and ${providers.id} = ${bookings.providerId}
      left join ${services} on ${services.tenantId} = ${bookings.tenantId} and ${services.id} = ${bookings.serviceId}
      left join ${customers} on ${customers.tenantId} = ${bookings.tenantId} and ${customers.id} = ${bookings.customerId}
      where ${l.where ?? sql`true`} order by ${bookings.startAt}, ${bookings.number} limit ${l.limit})`,
  );
  const res = (await tx.execute(sql.join(parts, sql` union all `))) as unknown as { rows: BookingListRow[] };
  for (const r of res.rows) {
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
  return out;
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

  async function summary(ctx: AuthContext, now = new Date()): Promise<Dashboard> {
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
      const figures = await repo.keptFigures(tx, t, {
        salesFrom,
        windowFrom: seriesStart,
        today,
        monthStart,
        branchKey: branchId,
        sales: kept && grants.sales,
        orders: kept && grants.orders,
        customers: grants.customers,
      });

      const out: Dashboard = {
        services_count: figures.catalogue.services,
        providers_count: figures.catalogue.providers,
        branches_count: figures.catalogue.branches,
        currency: ctx.tenant.currency,
        time_zone: tz,
        today_appointments: [],
        next_bookings: [],
        latest_orders: [],
        top_services: [],
        order_sources: [],
        sales: { today: 0, week: 0, month: 0, series: localDates(seriesStart, today).map((date) => ({ date, amount: 0 })) },
        customers: { total: 0, new_this_month: 0 },
      };

      if (grants.bookings) {
        const base = and(eq(bookings.tenantId, t), branchId ? eq(bookings.branchId, branchId) : undefined, ownBookings(scope));
        const lists = await bookingLists(tx, [
          {
            key: 'today',
            where: and(base, gte(bookings.startAt, new Date(todayStart)), lt(bookings.startAt, new Date(todayEnd)), notInArray(bookings.status, ['cancelled', 'rejected'])),
            limit: 100,
          },
          { key: 'next', where: and(base, gte(bookings.startAt, now), inArray(bookings.status, [...ACTIVE_BOOKING_STATUSES])), limit: LIST_SIZE },
        ]);
        out.today_appointments = lists.today;
        out.next_bookings = lists.next;
      }

      if (grants.orders) {
        const latest = await tx
          .select({ o: orders, firstName: customers.firstName, lastName: customers.lastName })
          .from(orders)
          .leftJoin(customers, and(eq(customers.tenantId, orders.tenantId), eq(customers.id, orders.customerId)))
          .where(and(eq(orders.tenantId, t), isNull(orders.deletedAt), eq(orders.isDraft, false), branchId ? eq(orders.branchId, branchId) : undefined, visibleOrders(scope)))
          .orderBy(desc(orders.createdAt), desc(orders.number))
          .limit(LIST_SIZE);
        out.latest_orders = latest.map((r) => ({
          id: r.o.id,
          number: r.o.number,
          date: r.o.createdAt.toISOString(),
          status: r.o.status as OrderStatus,
          payment_status: r.o.paymentStatus,
          source: r.o.source,
          total: r.o.total,
          currency: r.o.currency,
          customer: r.o.customerId && r.firstName !== null ? { id: r.o.customerId, name: `${r.firstName} ${r.lastName ?? ''}`.trim() } : null,
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
          series: localDates(seriesStart, today).map((date) => ({ date, amount: byDay.get(date) ?? 0 })),
        };
      }
      if (grants.customers) out.customers = { total: figures.customers.total, new_this_month: figures.customers.fresh };
      return out;
    });
  }

  return { summary };
}
