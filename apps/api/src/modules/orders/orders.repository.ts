import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { Binds, type Executor, inline } from '../../db/client';
import { NO_DAY } from '../../db/schema/dashboard';
import { customers } from '../../db/schema/customers';
import { bookings, orderImages, orderItems, orderLogs, orders, type OrderItemRow, type OrderRow } from '../../db/schema/sales';
import { users } from '../../db/schema/users';
import type { DataScope } from '../access/scope';
import { searchCondition } from '../customers/customers.repository';
import { idsOnce, type KeyPart, keyOf, keysetPage, listWhere, type PageRequest, readPage } from '../../lib/keyset';
import { isoText, onLocalDays } from '../../lib/sql-time';
import { westernDigits } from '@app/shared/phone';

export type { OrderItemRow, OrderRow };

/**
 * The orders a caller may see (docs/orders.md "Provider accounts"): all, or for a provider account
 * those assigned to its provider, or with a line or an appointment of its provider. A provider
 * account without a provider row sees none.
 */
export function visibleOrders(scope: DataScope, v = inline): SQL | undefined {
  if (scope.orders === 'all') return undefined;
  if (!scope.providerId) return sql`false`;
  const p = v(scope.providerId);
  return or(
    eq(orders.providerId, p),
    sql`exists (select 1 from ${orderItems} where ${orderItems.tenantId} = ${orders.tenantId} and ${orderItems.orderId} = ${orders.id} and ${orderItems.providerId} = ${p})`,
    sql`exists (select 1 from ${bookings} where ${bookings.tenantId} = ${orders.tenantId} and ${bookings.orderId} = ${orders.id} and ${bookings.providerId} = ${p})`,
  );
}

export type OrderFilter = {
  search?: string | undefined;
  status?: string | undefined;
  paymentStatus?: string | undefined;
  source?: string | undefined;
  customerId?: string | undefined;
  branchId?: string | null | undefined;
  from?: string | undefined;
  to?: string | undefined;
  drafts: boolean;
  trashed: boolean;
  timezone: string;
  scope: DataScope;
};

/** Number (digits), or the customer's name or phone; its values through `v`. */
function searchOrders(search: string, v = inline): SQL | undefined {
  const hits: (SQL | undefined)[] = [
    sql`${orders.customerId} in (select ${customers.id} from ${customers} where ${customers.tenantId} = ${orders.tenantId} and ${searchCondition(search, v)})`,
  ];
  const western = westernDigits(search.trim().replace(/^#/, ''));
  if (/^\d{1,9}$/.test(western)) hits.push(eq(orders.number, v(Number(western))));
  return or(...hits);
}

/** The orders `f` matches; its values through `v` (a `Binds`' for a list's page). */
function where(tenantId: string, f: OrderFilter, v = inline): SQL | undefined {
  const conds: (SQL | undefined)[] = [eq(orders.tenantId, v(tenantId)), visibleOrders(f.scope, v)];
  conds.push(f.trashed ? isNotNull(orders.deletedAt) : isNull(orders.deletedAt));
  // The trash shows drafts and placed orders alike; elsewhere drafts are their own list.
  // Written out, not a parameter: the prepared page's generic plan then knows which orders it reads (lib/keyset.ts `readPage`).
  if (!f.trashed) conds.push(f.drafts ? sql`${orders.isDraft}` : sql`not ${orders.isDraft}`);
  if (f.status) conds.push(eq(orders.status, v(f.status)));
  if (f.paymentStatus) conds.push(eq(orders.paymentStatus, v(f.paymentStatus)));
  if (f.source) conds.push(eq(orders.source, v(f.source)));
  if (f.customerId) conds.push(eq(orders.customerId, v(f.customerId)));
  if (f.branchId) conds.push(eq(orders.branchId, v(f.branchId)));
  conds.push(...onLocalDays(orders.createdAt, f, f.timezone, v));
  if (f.search) conds.push(searchOrders(f.search, v));
  return and(...conds);
}

/** An order's customer as its summary shows it. */
export type OrderCustomer = { id: string; firstName: string; lastName: string; phone: string | null; email: string | null };

const customerColumns = { id: customers.id, firstName: customers.firstName, lastName: customers.lastName, phone: customers.phone, email: customers.email };

/**
 * An order's summary as the API answers it (`orderSummarySchema`, what the service's `summaryOf`
 * makes of a row, its customer and its counts), written as JSON text by the database: the orders
 * list sends its page's rows as they come (issue 15 §2, as the calendar's bookings and the customers
 * list). Read over `orders` left-joined to its customer. A test holds each list row equal to the
 * order's own `GET`.
 */
const orderSummaryJson = sql<string>`json_build_object(
  'id', ${orders.id}, 'number', ${orders.number}, 'date', ${isoText(orders.createdAt)}, 'status', ${orders.status},
  'source', ${orders.source}, 'is_draft', ${orders.isDraft}, 'branch_id', ${orders.branchId}, 'customer_id', ${orders.customerId},
  'customer', case when ${customers.id} is null then null
    else json_build_object('id', ${customers.id}, 'name', trim(${customers.firstName} || ' ' || ${customers.lastName}), 'phone', ${customers.phone}, 'email', ${customers.email}) end,
  'staff_id', ${orders.providerId},
  'discount', case when ${orders.discountType} in ('fixed', 'percentage')
    then json_build_object('type', ${orders.discountType}, 'value', ${orders.discountValue}, 'amount', ${orders.discountAmount}) end,
  'coupon_code', ${orders.couponCode}, 'coupon_applied', ${orders.couponId} is not null,
  -- Most orders have no fees: their empty list is not unpacked.
  'fees', case when jsonb_array_length(${orders.fees}) = 0 then '[]'::json
    else (select json_agg(json_build_object('title', f.fee->'title', 'value', f.fee->'amount', 'tip', coalesce(f.fee->'tip' = 'true'::jsonb, false)) order by f.n)
      from jsonb_array_elements(${orders.fees}) with ordinality as f(fee, n)) end,
  'fees_amount', ${orders.feesAmount}, 'transport_fee', ${orders.transportFee}, 'subtotal', ${orders.subtotal},
  'tax_amount', ${orders.taxAmount}, 'total', ${orders.total}, 'paid_amount', ${orders.paidAmount},
  'remaining_amount', greatest(0, ${orders.total} - ${orders.paidAmount}),
  'payment_status', ${orders.paymentStatus}, 'invoice_status', ${orders.invoiceStatus}, 'currency', ${orders.currency},
  'notes', ${orders.notes}, 'pin_code', ${orders.pinCode}, 'receive_time', ${isoText(orders.receiveAt)},
  'location', case when jsonb_typeof(${orders.location}) = 'object'
    then json_build_object('address', ${orders.location}->'address', 'lat', ${orders.location}->'lat', 'lng', ${orders.location}->'lng') end,
  'meta_data', ${orders.metaData},
  'read_at', ${isoText(orders.readAt)}, 'deleted_at', ${isoText(orders.deletedAt)},
  'created_at', ${isoText(orders.createdAt)}, 'updated_at', ${isoText(orders.updatedAt)},
  'items_count', (select count(*) from ${orderItems} where ${orderItems.tenantId} = ${orders.tenantId} and ${orderItems.orderId} = ${orders.id}),
  'bookings_count', (select count(*) from ${bookings} where ${bookings.tenantId} = ${orders.tenantId} and ${bookings.orderId} = ${orders.id})
)::text`;

/** The orders list's order, newest first: its sort key (docs/decisions.md "Lists at a busy business's size"). */
export const ORDER_KEY: readonly KeyPart[] = [
  { col: orders.createdAt, kind: 'time' },
  { col: orders.number, kind: 'int' },
];

/**
 * One page of orders, newest first. The page's ids are found first on the list's index alone (rows
 * skipped by an offset cost an index entry each), then only those rows are read with their
 * customer and line and appointment counts: built once for the filter's shape (`readPage`).
 */
/** The list as it opens (every order the account sees, or the top bar's branch's): planned once for any business (lib/keyset.ts `readPage`). */
const defaultView = (f: OrderFilter) =>
  f.scope.orders === 'all' && !f.drafts && !f.trashed && !f.search && !f.status && !f.paymentStatus && !f.source && !f.customerId && !f.from && !f.to;

export async function listOrders(exec: Executor, tenantId: string, f: OrderFilter, req: PageRequest) {
  const binds = new Binds();
  const w = listWhere(binds, tenantId, f, defaultView(f), where);
  const tenant = binds.v(tenantId);
  return keysetPage(
    exec,
    ORDER_KEY,
    req,
    binds,
    (win, total) => {
      const idsOf = idsOnce(() => ({ q: exec.select({ id: orders.id }).from(orders).$dynamic(), where: w.sql() }), win);
      return readPage(exec, 'orders_page', win, binds, idsOf, () => {
        const page = idsOf().as('page');
        return exec
          .select({ j: orderSummaryJson, key: keyOf(ORDER_KEY), total: total() })
          .from(page)
          .innerJoin(orders, and(eq(orders.tenantId, tenant), eq(orders.id, page.id)))
          .leftJoin(customers, and(eq(customers.tenantId, orders.tenantId), eq(customers.id, orders.customerId)))
          .orderBy(...win.orderBy);
      }, defaultView(f), w.view);
    },
    () => exec.select({ one: sql`1` }).from(orders).where(w.sql()),
  );
}


/** Placed orders (no drafts, not in the trash) by status, and how many drafts and trashed orders there are. */
export async function statusCounts(exec: Executor, tenantId: string, scope: DataScope, branchId: string | null) {
  const base = and(eq(orders.tenantId, tenantId), visibleOrders(scope), branchId ? eq(orders.branchId, branchId) : undefined);
  const byStatus = await exec
    .select({ status: orders.status, n: count() })
    .from(orders)
    .where(and(base, isNull(orders.deletedAt), eq(orders.isDraft, false)))
    .groupBy(orders.status);
  const [extra] = await exec
    .select({
      drafts: sql<number>`count(*) filter (where ${orders.deletedAt} is null and ${orders.isDraft})::int`,
      trashed: sql<number>`count(*) filter (where ${orders.deletedAt} is not null)::int`,
    })
    .from(orders)
    .where(base);
  return { byStatus: byStatus.map((r) => ({ status: r.status, count: Number(r.n) })), drafts: Number(extra?.drafts ?? 0), trashed: Number(extra?.trashed ?? 0) };
}

export async function unreadOrders(exec: Executor, tenantId: string, scope: DataScope): Promise<number> {
  const [row] = await exec
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), visibleOrders(scope), isNull(orders.readAt), isNull(orders.deletedAt), eq(orders.isDraft, false)));
  return Number(row?.n ?? 0);
}

/** One order the caller may see, optionally locked for the rest of the transaction. */
export async function findOrder(exec: Executor, tenantId: string, id: string, scope: DataScope, lock = false): Promise<OrderRow | null> {
  const q = exec
    .select()
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), eq(orders.id, id), visibleOrders(scope)))
    .limit(1);
  const [row] = lock ? await q.for('update', { of: orders }) : await q;
  return row ?? null;
}

export async function itemsOf(exec: Executor, tenantId: string, orderId: string): Promise<OrderItemRow[]> {
  return exec
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.tenantId, tenantId), eq(orderItems.orderId, orderId)))
    .orderBy(asc(orderItems.sortOrder), asc(orderItems.createdAt), asc(orderItems.id));
}

export async function bookingsOf(exec: Executor, tenantId: string, orderId: string) {
  return exec
    .select({
      id: bookings.id,
      number: bookings.number,
      orderItemId: bookings.orderItemId,
      startAt: bookings.startAt,
      endAt: bookings.endAt,
      status: bookings.status,
      providerId: bookings.providerId,
      createdAt: bookings.createdAt,
    })
    .from(bookings)
    .where(and(eq(bookings.tenantId, tenantId), eq(bookings.orderId, orderId)))
    .orderBy(desc(bookings.createdAt));
}

export async function imagesOf(exec: Executor, tenantId: string, orderId: string) {
  return exec
    .select()
    .from(orderImages)
    .where(and(eq(orderImages.tenantId, tenantId), eq(orderImages.orderId, orderId)))
    .orderBy(asc(orderImages.createdAt), asc(orderImages.id));
}

export async function customerOf(exec: Executor, tenantId: string, id: string) {
  const [row] = await exec
    .select({ ...customerColumns, blockedAt: customers.blockedAt })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, id)))
    .limit(1);
  return row ?? null;
}

export async function logsOf(exec: Executor, tenantId: string, orderId: string) {
  return exec
    .select({ log: orderLogs, userName: users.name })
    .from(orderLogs)
    .leftJoin(users, and(eq(users.tenantId, orderLogs.tenantId), eq(users.id, orderLogs.userId)))
    .where(and(eq(orderLogs.tenantId, tenantId), eq(orderLogs.orderId, orderId)))
    .orderBy(desc(orderLogs.createdAt), desc(orderLogs.id));
}

/** Deletes every appointment of the order (or of some of its lines); answers how many went. */
export async function deleteBookings(exec: Executor, tenantId: string, orderId: string, itemIds?: string[]): Promise<number> {
  if (itemIds && itemIds.length === 0) return 0;
  const gone = await exec
    .delete(bookings)
    .where(and(eq(bookings.tenantId, tenantId), eq(bookings.orderId, orderId), itemIds ? inArray(bookings.orderItemId, itemIds) : undefined))
    .returning({ id: bookings.id });
  return gone.length;
}

export async function updateOrder(exec: Executor, tenantId: string, id: string, values: Partial<typeof orders.$inferInsert>): Promise<OrderRow> {
  const [row] = await exec
    .update(orders)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(orders.tenantId, tenantId), eq(orders.id, id)))
    .returning();
  if (!row) throw new Error(`order ${id} vanished`);
  return row;
}

/**
 * The orders list's tabs from the figures the database keeps (schema/dashboard.ts): placed orders
 * by status, and how many drafts and orders in the trash, of one branch or all. Counting them from
 * the orders read every order of the business on every visit of the list.
 */
export async function keptStatusCounts(exec: Executor, tenantId: string, branchKey: string | null): Promise<{ byStatus: Map<string, number>; drafts: number; trashed: number }> {
  const branch = branchKey ? sql` and branch_key = ${branchKey}` : sql``;
  const res = (await exec.execute(
    sql`select metric, key, sum(count)::bigint as n from dashboard_counts
        where tenant_id = ${tenantId} and metric in ('order_status', 'order_list') and day = ${NO_DAY}::date${branch} group by metric, key`,
  )) as unknown as { rows: { metric: string; key: string; n: number | string }[] };
  const out = { byStatus: new Map<string, number>(), drafts: 0, trashed: 0 };
  for (const r of res.rows) {
    if (r.metric === 'order_status') out.byStatus.set(r.key, Number(r.n));
    else if (r.key === 'draft') out.drafts = Number(r.n);
    else if (r.key === 'trash') out.trashed = Number(r.n);
  }
  return out;
}
