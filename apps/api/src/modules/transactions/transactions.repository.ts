import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { Binds, type Database, type Executor, inline } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { branches } from '../../db/schema/business';
import { bookings, orderItems, orders, type OrderRow, paymentLinks, type TransactionRow, transactions } from '../../db/schema/sales';
import { bankAccounts, paymentMethods } from '../../db/schema/settings';
import { tenants } from '../../db/schema/tenants';
import type { DataScope } from '../access/scope';
import { visibleOrders } from '../orders/orders.repository';
import { byKeyLateral, byKeyValue } from '../../lib/by-key';
import { isoText, onLocalDays } from '../../lib/sql-time';
import { westernDigits } from '@app/shared/phone';
import { type KeyPart, keyOf, keysetPage, listWhere, type PageRequest, readIdsFirst } from '../../lib/keyset';

export type PaymentLinkRow = typeof paymentLinks.$inferSelect;

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The order row, locked until the transaction ends: payments on one order are taken one at a time. */
export async function lockOrder(exec: Executor, tenantId: string, orderId: string): Promise<OrderRow | null> {
  const [row] = await exec
    .select()
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), eq(orders.id, orderId)))
    .for('update');
  return row ?? null;
}

/** Whether the caller may see the order (a provider account: only its own orders). */
export async function orderVisible(exec: Executor, tenantId: string, orderId: string, scope: DataScope): Promise<boolean> {
  if (scope.orders === 'all') return true;
  const [row] = await exec
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), eq(orders.id, orderId), visibleOrders(scope)))
    .limit(1);
  return Boolean(row);
}

export async function findOrder(exec: Executor, tenantId: string, orderId: string): Promise<OrderRow | null> {
  const [row] = await exec
    .select()
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), eq(orders.id, orderId)))
    .limit(1);
  return row ?? null;
}

/** Adds `delta` (negative: takes off) to what the order has been paid; never below 0. */
export async function addPaid(exec: Executor, tenantId: string, orderId: string, delta: number): Promise<void> {
  await exec
    .update(orders)
    .set({ paidAmount: sql`greatest(0, ${orders.paidAmount} + ${delta})` })
    .where(and(eq(orders.tenantId, tenantId), eq(orders.id, orderId)));
}

export async function findTransaction(exec: Executor, tenantId: string, id: string, lock = false): Promise<TransactionRow | null> {
  const q = exec
    .select()
    .from(transactions)
    .where(and(eq(transactions.tenantId, tenantId), eq(transactions.id, id)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function insertTransaction(exec: Executor, values: typeof transactions.$inferInsert): Promise<TransactionRow> {
  const [row] = await exec.insert(transactions).values(values).returning();
  if (!row) throw new Error('transaction insert returned nothing');
  return row;
}

export async function updateTransaction(exec: Executor, tenantId: string, id: string, values: Partial<typeof transactions.$inferInsert>): Promise<TransactionRow> {
  const [row] = await exec
    .update(transactions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(transactions.tenantId, tenantId), eq(transactions.id, id)))
    .returning();
  if (!row) throw new Error('transaction update returned nothing');
  return row;
}

export async function deleteTransaction(exec: Executor, tenantId: string, id: string): Promise<void> {
  await exec.delete(transactions).where(and(eq(transactions.tenantId, tenantId), eq(transactions.id, id)));
}

export async function markRead(exec: Executor, tenantId: string, id: string): Promise<void> {
  await exec
    .update(transactions)
    .set({ readAt: sql`now()` })
    .where(and(eq(transactions.tenantId, tenantId), eq(transactions.id, id), isNull(transactions.readAt)));
}

/** A transaction with what the API shows beside it: its order's number and its customer's name. */
export type TransactionView = { t: TransactionRow; orderNumber: number | null; firstName: string | null; lastName: string | null };

/**
 * Transactions with their order's number and customer's name, looked up by key: nothing joined, so
 * the list's prepared page has one generic plan for any business (joined, PostgreSQL's generic plan
 * read a business's every customer for a page: 22 ms against 1.2).
 */
/** A transaction's customer's names, looked up by key (lateral, as `cu`). */
const customerOf = (exec: Executor) =>
  byKeyLateral(exec, customers, { first: customers.firstName, last: customers.lastName }, { tenantId: transactions.tenantId, id: transactions.customerId }, 'cu');

function viewQuery<X extends Record<string, SQL>>(exec: Executor, extra: X = {} as X) {
  const customer = customerOf(exec);
  return exec
    .select({
      ...extra,
      t: transactions,
      orderNumber: byKeyValue(orders.number, { tenantId: transactions.tenantId, id: transactions.orderId }),
      firstName: customer.first,
      lastName: customer.last,
    })
    .from(transactions)
    .leftJoinLateral(customer, sql`true`);
}

/**
 * A transaction as the API answers it (`transactionSchema`, what the service's `toTransaction` makes
 * of a `viewQuery` row), written as JSON text by the database from the same look-ups: the payments
 * list sends its page's rows as they come (issue 15 §2, as the orders and customers lists). A test
 * holds each list row equal to the transaction's own `GET`.
 */
function jsonViewQuery<X extends Record<string, SQL>>(exec: Executor, extra: X) {
  const cu = customerOf(exec);
  const t = transactions;
  const j = sql<string>`json_build_object(
    'id', ${t.id}, 'number', ${t.number}, 'order_id', ${t.orderId},
    'order_number', ${byKeyValue(orders.number, { tenantId: t.tenantId, id: t.orderId })},
    'customer_id', ${t.customerId},
    'customer', case when ${t.customerId} is not null and ${cu.first} is not null
      then json_build_object('id', ${t.customerId}, 'name', trim(${cu.first} || ' ' || coalesce(${cu.last}, ''))) end,
    'branch_id', ${t.branchId}, 'date', ${isoText(t.createdAt)}, 'payment_method', ${t.paymentMethod},
    'kind', case when ${t.kind} = 'refund' then 'refund' else 'payment' end,
    'invoice_id', ${t.invoiceId}, 'amount', ${t.amount}, 'tendered_amount', ${t.tenderedAmount},
    'change_due', case when ${t.tenderedAmount} is null then 0 else greatest(0, ${t.tenderedAmount} - ${t.amount}) end,
    'currency', ${t.currency}, 'status', ${t.status},
    'attachments', case when ${t.receiptPath} <> ''
      then json_build_array(json_build_object('name', coalesce(${t.receiptName}, 'receipt'), 'mime', coalesce(${t.receiptMime}, 'application/octet-stream'), 'url', '/api/v1/transactions/' || ${t.id} || '/receipt'))
      else '[]'::json end,
    'payment_gateway_id', ${t.paymentGatewayId}, 'reference_no', ${t.referenceNo}, 'bank_account_id', ${t.bankAccountId},
    'notes', ${t.notes}, 'refusal_reason', ${t.refusalReason},
    'reviewed_at', ${isoText(t.reviewedAt)}, 'read_at', ${isoText(t.readAt)}, 'deleted_at', ${isoText(t.deletedAt)}, 'created_at', ${isoText(t.createdAt)}
  )::text`;
  return exec
    .select({ ...extra, j })
    .from(transactions)
    .leftJoinLateral(cu, sql`true`);
}

export async function viewTransaction(exec: Executor, tenantId: string, id: string): Promise<TransactionView | null> {
  const [row] = await viewQuery(exec)
    .where(and(eq(transactions.tenantId, tenantId), eq(transactions.id, id)))
    .limit(1);
  return row ?? null;
}

export type ListFilter = {
  status?: string | undefined;
  paymentMethod?: string | undefined;
  orderId?: string | undefined;
  customerId?: string | undefined;
  branchId?: string | null | undefined;
  from?: string | undefined;
  to?: string | undefined;
  search?: string | undefined;
  trashed: boolean;
  timezone: string;
  /** A provider account sees the payments of its own orders only (orders.repository `visibleOrders`). */
  scope: DataScope;
};

/** The payments `f` matches; its values through `v` (a `Binds`' for a list's page). */
function where(tenantId: string, f: ListFilter, v = inline): SQL | undefined {
  const conds: (SQL | undefined)[] = [eq(transactions.tenantId, v(tenantId)), f.trashed ? isNotNull(transactions.deletedAt) : isNull(transactions.deletedAt)];
  if (f.status) conds.push(eq(transactions.status, v(f.status)));
  if (f.paymentMethod) conds.push(eq(transactions.paymentMethod, v(f.paymentMethod)));
  if (f.orderId) conds.push(eq(transactions.orderId, v(f.orderId)));
  if (f.customerId) conds.push(eq(transactions.customerId, v(f.customerId)));
  if (f.branchId) conds.push(eq(transactions.branchId, v(f.branchId)));
  // Dates are the business's local days.
  conds.push(...onLocalDays(transactions.createdAt, f, f.timezone, v));
  conds.push(visibleOrders(f.scope, v));
  if (f.search) {
    const term = f.search.replace(/^#/, '');
    const pattern = v(likePattern(term));
    const hits: SQL[] = [ilike(sql`(${customers.firstName} || ' ' || ${customers.lastName})`, pattern), ilike(transactions.referenceNo, pattern)];
    const western = westernDigits(term);
    if (/^\d{1,9}$/.test(western)) {
      const n = v(Number(western));
      hits.push(eq(transactions.number, n), eq(orders.number, n));
    }
    const digits = western.replace(/\D/g, '').replace(/^0+/, '');
    if (/^[\d\s+()-]+$/.test(western.trim()) && digits.length >= 3) hits.push(ilike(customers.phone, v(`%${digits}%`)));
    conds.push(or(...hits));
  }
  return and(...conds);
}

/** The payments list's order, newest first: its sort key (docs/decisions.md "Lists at a busy business's size"). */
export const TRANSACTION_KEY: readonly KeyPart[] = [
  { col: transactions.createdAt, kind: 'time' },
  { col: transactions.number, kind: 'int' },
];

/**
 * The ids of the payments `f` matches, joined with their order only when the search or the caller's
 * scope reaches it (a provider sees the payments of its own orders), and with their customer only for
 * the search.
 */
function matchingIds(exec: Executor, f: ListFilter, w: SQL | undefined) {
  const q = exec.select({ id: transactions.id }).from(transactions).$dynamic();
  const withOrder = f.search || f.scope.orders !== 'all' ? q.leftJoin(orders, and(eq(orders.tenantId, transactions.tenantId), eq(orders.id, transactions.orderId))) : q;
  const joined = f.search ? withOrder.leftJoin(customers, and(eq(customers.tenantId, transactions.tenantId), eq(customers.id, transactions.customerId))) : withOrder;
  return { q: joined, where: w };
}

/**
 * One page of payments, newest first, with each one's order number and customer. The page's ids are
 * found on the list's index first, then only those rows are read with their order and customer (a
 * page asked for by number skips its rows at an index entry each), prepared (`readPage`).
 */
/** The list as it opens (every payment the account sees, or the top bar's branch's): planned once for any business (lib/keyset.ts `readPage`). */
const defaultView = (f: ListFilter) =>
  f.scope.orders === 'all' && !f.trashed && !f.status && !f.paymentMethod && !f.orderId && !f.customerId && !f.from && !f.to && !f.search;

export async function listTransactions(exec: Executor, tenantId: string, f: ListFilter, req: PageRequest) {
  const binds = new Binds();
  const w = listWhere(binds, tenantId, f, defaultView(f), where);
  const tenant = binds.v(tenantId);
  return keysetPage(
    exec,
    TRANSACTION_KEY,
    req,
    binds,
    (win, total) =>
      readIdsFirst(
        exec,
        'transactions_page',
        win,
        binds,
        () => matchingIds(exec, f, w.sql()),
        (ids) =>
          jsonViewQuery(exec, { key: keyOf(TRANSACTION_KEY), total: total() })
            .where(and(eq(transactions.tenantId, tenant), inArray(transactions.id, ids)))
            .orderBy(...win.orderBy),
        defaultView(f),
        w.view,
      ),
    () => {
      const m = matchingIds(exec, f, w.sql());
      return m.q.where(m.where);
    },
  );
}


/** The live (not trashed) transactions of one order, newest first. */
export async function orderTransactions(exec: Executor, tenantId: string, orderId: string): Promise<TransactionView[]> {
  return viewQuery(exec)
    .where(and(eq(transactions.tenantId, tenantId), eq(transactions.orderId, orderId), isNull(transactions.deletedAt)))
    .orderBy(desc(transactions.createdAt), desc(transactions.number));
}

/** The live confirmed and waiting payments of one order, oldest first (the receipt). */
export async function receiptTransactions(exec: Executor, tenantId: string, orderId: string): Promise<TransactionRow[]> {
  return exec
    .select()
    .from(transactions)
    .where(and(eq(transactions.tenantId, tenantId), eq(transactions.orderId, orderId), isNull(transactions.deletedAt), inArray(transactions.status, ['confirmed', 'wait'])))
    .orderBy(asc(transactions.createdAt), asc(transactions.number));
}

/** The order's lines in their order (the receipt). */
export async function orderLines(exec: Executor, tenantId: string, orderId: string) {
  return exec
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.tenantId, tenantId), eq(orderItems.orderId, orderId)))
    .orderBy(asc(orderItems.sortOrder), asc(orderItems.createdAt));
}

export async function findBranch(exec: Executor, tenantId: string, id: string) {
  const [row] = await exec
    .select()
    .from(branches)
    .where(and(eq(branches.tenantId, tenantId), eq(branches.id, id)))
    .limit(1);
  return row ?? null;
}

/**
 * The order's `confirmed` appointments starting before `before`, locked (after the order: the lock
 * order of every booking write), soonest first.
 */
export async function confirmedBookingsBefore(exec: Executor, tenantId: string, orderId: string, before: Date) {
  return exec
    .select({ id: bookings.id, number: bookings.number, status: bookings.status })
    .from(bookings)
    .where(and(eq(bookings.tenantId, tenantId), eq(bookings.orderId, orderId), eq(bookings.status, 'confirmed'), lt(bookings.startAt, before)))
    .orderBy(asc(bookings.startAt), asc(bookings.id))
    .for('update');
}

export async function setBookingsStatus(exec: Executor, tenantId: string, ids: readonly string[], status: string): Promise<void> {
  if (!ids.length) return;
  await exec
    .update(bookings)
    .set({ status, updatedAt: sql`now()` })
    .where(and(eq(bookings.tenantId, tenantId), inArray(bookings.id, [...ids])));
}

// ---------------------------------------------------------------- settings: methods and bank accounts

/** The rows the business saved (a method without a row has its default, see the service). */
export async function paymentMethodRows(exec: Executor, tenantId: string) {
  return exec.select({ slug: paymentMethods.slug, enabled: paymentMethods.enabled }).from(paymentMethods).where(eq(paymentMethods.tenantId, tenantId));
}

export async function listBankAccounts(exec: Executor, tenantId: string) {
  return exec
    .select({ id: bankAccounts.id, bankName: bankAccounts.bankName, beneficiaryName: bankAccounts.beneficiaryName, iban: bankAccounts.iban })
    .from(bankAccounts)
    .where(eq(bankAccounts.tenantId, tenantId))
    .orderBy(asc(bankAccounts.createdAt));
}

export async function bankAccountExists(exec: Executor, tenantId: string, id: string): Promise<boolean> {
  const [row] = await exec
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.tenantId, tenantId), eq(bankAccounts.id, id)))
    .limit(1);
  return Boolean(row);
}

export async function findCustomer(exec: Executor, tenantId: string, id: string) {
  const [row] = await exec
    .select()
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, id)))
    .limit(1);
  return row ?? null;
}

export async function findTenant(exec: Executor, tenantId: string) {
  const [row] = await exec.select().from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  return row ?? null;
}

// ---------------------------------------------------------------- payment links

/**
 * A link by the hash of its token, on the system connection (the customer opening it is signed out,
 * so there is no tenant yet). Only the hash is ever looked up.
 */
export async function findLinkByHash(db: Database, tokenHash: string): Promise<PaymentLinkRow | null> {
  const [row] = await db.select().from(paymentLinks).where(eq(paymentLinks.tokenHash, tokenHash)).limit(1);
  return row ?? null;
}

export async function lockLink(exec: Executor, tenantId: string, id: string): Promise<PaymentLinkRow | null> {
  const [row] = await exec
    .select()
    .from(paymentLinks)
    .where(and(eq(paymentLinks.tenantId, tenantId), eq(paymentLinks.id, id)))
    .for('update');
  return row ?? null;
}

export async function insertLink(exec: Executor, values: typeof paymentLinks.$inferInsert): Promise<PaymentLinkRow> {
  const [row] = await exec.insert(paymentLinks).values(values).returning();
  if (!row) throw new Error('payment link insert returned nothing');
  return row;
}

export async function updateLink(exec: Executor, tenantId: string, id: string, values: Partial<typeof paymentLinks.$inferInsert>): Promise<void> {
  await exec
    .update(paymentLinks)
    .set(values)
    .where(and(eq(paymentLinks.tenantId, tenantId), eq(paymentLinks.id, id)));
}

/**
 * Orders with an open link past its expiry, across businesses, on the system connection (the sweeper
 * then works inside each one's tenant transaction).
 */
export async function ordersWithExpiredLinks(db: Database, limit: number): Promise<{ tenantId: string; orderId: string }[]> {
  return db
    .selectDistinct({ tenantId: paymentLinks.tenantId, orderId: paymentLinks.orderId })
    .from(paymentLinks)
    .where(and(eq(paymentLinks.status, 'open'), lt(paymentLinks.expiresAt, sql`now()`)))
    .limit(limit);
}

/** The order's open links, locked (after the order: the one lock order of payments). */
export async function openLinks(exec: Executor, tenantId: string, orderId: string): Promise<PaymentLinkRow[]> {
  return exec
    .select()
    .from(paymentLinks)
    .where(and(eq(paymentLinks.tenantId, tenantId), eq(paymentLinks.orderId, orderId), eq(paymentLinks.status, 'open')))
    .for('update');
}

/** Links that can no longer be paid: `expired`, and their pending payments refused. */
export async function expireLinks(exec: Executor, tenantId: string, links: readonly PaymentLinkRow[]): Promise<void> {
  if (!links.length) return;
  await exec
    .update(paymentLinks)
    .set({ status: 'expired' })
    .where(and(eq(paymentLinks.tenantId, tenantId), inArray(paymentLinks.id, links.map((l) => l.id))));
  const pending = links.flatMap((l) => (l.transactionId ? [l.transactionId] : []));
  if (!pending.length) return;
  await exec
    .update(transactions)
    .set({ status: 'refused', updatedAt: sql`now()` })
    .where(and(eq(transactions.tenantId, tenantId), inArray(transactions.id, pending), eq(transactions.status, 'pending')));
}
