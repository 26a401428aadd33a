import type { Dashboard, DashboardBooking } from '@app/shared/schemas/dashboard';
import { addDays, localDateOf, localDates, localDayBounds, weekdayOf } from '@app/shared/scheduling/zoned';
import { ACTIVE_BOOKING_STATUSES } from '@app/shared/states/booking';
import type { OrderStatus } from '@app/shared/states/order';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import { type Database, type Tx, withTenant } from '../../db/client';
import { branches, providers, services } from '../../db/schema/business';
import { customers } from '../../db/schema/customers';
import { bookings, orderItems, orders, transactions } from '../../db/schema/sales';
import { type DataScope, scopeOfCaller } from '../access/scope';
import type { AuthContext } from '../auth/auth.service';
import { visibleOrders } from '../orders/orders.repository';

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

async function bookingList(tx: Tx, where: SQL | undefined, limit: number): Promise<DashboardBooking[]> {
  const rows = await tx
    .select({
      b: bookings,
      staffName: providers.name,
      serviceName: services.name,
      firstName: customers.firstName,
      lastName: customers.lastName,
    })
    .from(bookings)
    .leftJoin(providers, and(eq(providers.tenantId, bookings.tenantId), eq(providers.id, bookings.providerId)))
    .leftJoin(services, and(eq(services.tenantId, bookings.tenantId), eq(services.id, bookings.serviceId)))
    .leftJoin(customers, and(eq(customers.tenantId, bookings.tenantId), eq(customers.id, bookings.customerId)))
    .where(where)
    .orderBy(asc(bookings.startAt), asc(bookings.number))
    .limit(limit);
  return rows.map((r) => ({
    id: r.b.id,
    booking_number: r.b.number,
    order_id: r.b.orderId,
    start_time: r.b.startAt.toISOString(),
    end_time: r.b.endAt.toISOString(),
    status: r.b.status,
    staff_id: r.b.providerId,
    staff: r.staffName !== null ? { id: r.b.providerId, name: r.staffName } : null,
    customer: r.b.customerId && r.firstName !== null ? { id: r.b.customerId, name: `${r.firstName} ${r.lastName ?? ''}`.trim() } : null,
    service: r.b.serviceId && r.serviceName !== null ? { id: r.b.serviceId, name: r.serviceName } : null,
  }));
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
    const at = (date: string) => new Date(localDayBounds(date, tz)[0]);

    return withTenant(db, t, async (tx) => {
      const [s] = await tx.select({ n: count() }).from(services).where(eq(services.tenantId, t));
      const [p] = await tx.select({ n: count() }).from(providers).where(eq(providers.tenantId, t));
      const [b] = await tx.select({ n: count() }).from(branches).where(eq(branches.tenantId, t));
      const scope = scopeOfCaller(ctx);

      const out: Dashboard = {
        services_count: Number(s?.n ?? 0),
        providers_count: Number(p?.n ?? 0),
        branches_count: Number(b?.n ?? 0),
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
        out.today_appointments = await bookingList(
          tx,
          and(base, gte(bookings.startAt, new Date(todayStart)), lt(bookings.startAt, new Date(todayEnd)), notInArray(bookings.status, ['cancelled', 'rejected'])),
          100,
        );
        out.next_bookings = await bookingList(tx, and(base, gte(bookings.startAt, now), inArray(bookings.status, [...ACTIVE_BOOKING_STATUSES])), LIST_SIZE);
      }

      // Placed orders of the branch the account may see.
      const placed = and(eq(orders.tenantId, t), isNull(orders.deletedAt), eq(orders.isDraft, false), branchId ? eq(orders.branchId, branchId) : undefined, visibleOrders(scope));
      if (grants.orders) {
        const latest = await tx
          .select({ o: orders, firstName: customers.firstName, lastName: customers.lastName })
          .from(orders)
          .leftJoin(customers, and(eq(customers.tenantId, orders.tenantId), eq(customers.id, orders.customerId)))
          .where(placed)
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

        const recent = and(placed, gte(orders.createdAt, at(seriesStart)));
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
          .groupBy(orderItems.serviceId)
          .orderBy(sql`sum(${orderItems.quantity}) desc`, sql`sum(${orderItems.total}) desc`, asc(orderItems.serviceId))
          .limit(TOP_SERVICES);
        out.top_services = top.map((r) => ({ service_id: r.serviceId!, name: r.name, count: Number(r.n), revenue: Number(r.revenue) }));

        const sources = await tx.select({ source: orders.source, n: count() }).from(orders).where(recent).groupBy(orders.source).orderBy(desc(count()), asc(orders.source));
        out.order_sources = sources.map((r) => ({ source: r.source, count: Number(r.n) }));
      }

      if (grants.sales) {
        // Money received: confirmed payments not in the trash, by the business's local day.
        const from = [seriesStart, weekStart, monthStart].sort()[0]!;
        const day = sql<string>`to_char(${transactions.createdAt} at time zone ${tz}, 'YYYY-MM-DD')`;
        const rows = await tx
          .select({ day, amount: sql<number>`sum(${transactions.amount})::bigint` })
          .from(transactions)
          .innerJoin(orders, and(eq(orders.tenantId, transactions.tenantId), eq(orders.id, transactions.orderId)))
          .where(
            and(
              eq(transactions.tenantId, t),
              eq(transactions.status, 'confirmed'),
              isNull(transactions.deletedAt),
              gte(transactions.createdAt, at(from)),
              lt(transactions.createdAt, new Date(todayEnd)),
              branchId ? eq(orders.branchId, branchId) : undefined,
              visibleOrders(scope),
            ),
          )
          // By position: the time zone is a parameter, so the expression itself would not match the select's.
          .groupBy(sql`1`);
        const byDay = new Map(rows.map((r) => [r.day, Number(r.amount)]));
        const sum = (fromDate: string) => [...byDay].filter(([d]) => d >= fromDate && d <= today).reduce((a, [, v]) => a + v, 0);
        out.sales = {
          today: byDay.get(today) ?? 0,
          week: sum(weekStart),
          month: sum(monthStart),
          series: localDates(seriesStart, today).map((date) => ({ date, amount: byDay.get(date) ?? 0 })),
        };
      }

      if (grants.customers) {
        const [c] = await tx
          .select({ total: count(), fresh: sql<number>`count(*) filter (where ${customers.createdAt} >= ${at(monthStart).toISOString()}::timestamptz)::int` })
          .from(customers)
          .where(eq(customers.tenantId, t));
        out.customers = { total: Number(c?.total ?? 0), new_this_month: Number(c?.fresh ?? 0) };
      }
      return out;
    });
  }

  return { summary };
}
