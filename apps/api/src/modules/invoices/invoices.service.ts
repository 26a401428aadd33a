import type { Invoice, InvoiceListItem, invoicesQuery, issueInvoiceBody, RefundItems, SyncedInvoice } from '@app/shared/schemas/invoices';
import { isTimeZone } from '@app/shared/schemas/common';
import type { KeysetMeta } from '@app/shared/schemas/common';
import { and, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { Binds, type Database, type Executor, inline, withTenant } from '../../db/client';
import { type InvoiceRow, invoices } from '../../db/schema/invoices';
import { orders } from '../../db/schema/sales';
import { users } from '../../db/schema/users';
import { byKeyLateral, byKeyValue } from '../../lib/by-key';
import { AppError, notFound } from '../../lib/errors';
import { type KeyPart, keyOf, keysetPage, type MatchingIds, readIdsFirst } from '../../lib/keyset';
import type { DataScope } from '../access/scope';
import { scopeOfCaller } from '../access/scope';
import type { AuthContext } from '../auth/auth.service';
import { visibleOrders } from '../orders/orders.repository';
import { creditNoteIn, issueInvoiceIn, liveInvoiceOf, paidByMethod, qrOf } from './invoice-core';
import { submitInvoice } from './zatca-core';

export type InvoicesQueryParsed = z.output<typeof invoicesQuery>;

const INVOICE_KEY: KeyPart[] = [
  { col: invoices.issuedAt, kind: 'time' },
  { col: invoices.number, kind: 'int' },
];

const original = alias(invoices, 'original');
const creditNote = alias(invoices, 'credit_note');

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The columns every rendering of a document reads: the row, its order's number and payment, its pair, who issued it. */
const columns = {
  row: invoices,
  orderNumber: orders.number,
  orderPayment: orders.paymentStatus,
  creatorName: users.name,
  original: { id: original.id, number: original.number, issuedAt: original.issuedAt },
  creditNote: { id: creditNote.id, number: creditNote.number },
};

type Joined = ListJoined & { row: InvoiceRow; creditNote: { id: string; number: number } | null };

/** The document's own columns a list row shows (not its lines, tax groups, seller or XML). */
const listColumns = {
  id: invoices.id,
  number: invoices.number,
  type: invoices.type,
  template: invoices.template,
  status: invoices.status,
  orderId: invoices.orderId,
  currency: invoices.currency,
  taxAmount: invoices.taxAmount,
  total: invoices.total,
  paidAmount: invoices.paidAmount,
  customerName: invoices.customerName,
  billingName: invoices.billingName,
  reason: invoices.reason,
  zatcaStatus: invoices.zatcaStatus,
  accountingStatus: invoices.accountingStatus,
  issuedAt: invoices.issuedAt,
};
type ListRow = Pick<InvoiceRow, keyof typeof listColumns>;
type ListJoined = { row: ListRow; orderNumber: number | null; orderPayment: string | null; creatorName: string | null; original: { id: string; number: number; issuedAt: Date } | null };

/**
 * A list's rows: the columns it shows, its order's number and payment, its original and who issued
 * it, each looked up by key (joined, a generic plan may read a business's every order to match).
 */
function listQuery<X extends Record<string, SQL>>(exec: Executor, extra: X) {
  const order = byKeyLateral(exec, orders, { number: orders.number, payment: orders.paymentStatus }, { tenantId: invoices.tenantId, id: invoices.orderId }, 'o');
  const first = byKeyLateral(exec, original, { id: original.id, number: original.number, issuedAt: original.issuedAt }, { tenantId: invoices.tenantId, id: invoices.originalInvoiceId }, 'first');
  return exec
    .select({
      ...extra,
      row: listColumns,
      orderNumber: order.number,
      orderPayment: order.payment,
      creatorName: byKeyValue(users.name, { tenantId: invoices.tenantId, id: invoices.createdBy }),
      original: { id: first.id, number: first.number, issuedAt: first.issuedAt },
    })
    .from(invoices)
    .leftJoinLateral(order, sql`true`)
    .leftJoinLateral(first, sql`true`);
}

function joined(exec: Executor, extra: Record<string, SQL> = {}) {
  return exec
    .select({ ...columns, ...extra })
    .from(invoices)
    .leftJoin(orders, and(eq(orders.tenantId, invoices.tenantId), eq(orders.id, invoices.orderId)))
    .leftJoin(users, and(eq(users.tenantId, invoices.tenantId), eq(users.id, invoices.createdBy)))
    .leftJoin(original, and(eq(original.tenantId, invoices.tenantId), eq(original.id, invoices.originalInvoiceId)))
    .leftJoin(creditNote, and(eq(creditNote.tenantId, invoices.tenantId), eq(creditNote.originalInvoiceId, invoices.id)));
}

/** A provider account sees the documents of the orders it sees; a document whose order is gone stays visible to the rest. */
function visible(scope: DataScope, v = inline): SQL | undefined {
  return scope.orders === 'all' ? undefined : and(sql`${orders.id} is not null`, visibleOrders(scope, v));
}

function paymentOf(j: ListJoined): string {
  if (j.row.type === 'refund') return 'refunded';
  return j.orderPayment ?? (j.row.paidAmount >= j.row.total ? 'paid' : j.row.paidAmount > 0 ? 'partially-paid' : 'unpaid');
}

function toListItem(j: ListJoined): InvoiceListItem {
  const r = j.row;
  return {
    id: r.id,
    number: r.number,
    type: r.type as InvoiceListItem['type'],
    template: r.template as InvoiceListItem['template'],
    status: r.status as InvoiceListItem['status'],
    payment_status: paymentOf(j),
    order_id: r.orderId,
    order_number: j.orderNumber,
    original_invoice: j.original ? { id: j.original.id, number: j.original.number, issued_at: j.original.issuedAt.toISOString() } : null,
    currency: r.currency,
    tax_amount: r.taxAmount,
    total: r.total,
    paid_amount: r.paidAmount,
    customer_name: r.billingName ?? r.customerName,
    reason: r.reason,
    zatca_status: r.zatcaStatus as InvoiceListItem['zatca_status'],
    accounting_status: r.accountingStatus as InvoiceListItem['accounting_status'],
    created_at: r.issuedAt.toISOString(),
    created_by: j.creatorName,
  };
}

function toInvoice(j: Joined, timeZone: string): Invoice {
  const r = j.row;
  return {
    ...toListItem(j),
    credit_note: j.creditNote,
    subtotal: r.subtotal,
    discount_amount: r.discountAmount,
    taxable_amount: r.taxableAmount,
    lines: r.lines,
    tax_groups: r.taxGroups,
    seller: r.seller,
    customer_name: r.customerName,
    customer_phone: r.customerPhone,
    billing_name: r.billingName,
    billing_country: r.billingCountry,
    billing_address: r.billingAddress,
    billing_details: r.billingDetails ?? null,
    vat_id: r.vatId,
    uuid: r.uuid,
    qr: r.signedQr ?? qrOf(r),
    wafeq_id: r.wafeqId,
    time_zone: timeZone,
  };
}

/**
 * Invoices, credit notes and refunds (issue 16 §1–2): issuing an order's invoice, the lists, one
 * document for its preview and print pages, what a refund covers, the refund and the cancellation.
 * The writing itself is invoice-core's, shared with the orders service's status changes.
 */
export function createInvoiceService({ db }: { db: Database }) {
  async function render(exec: Executor, ctx: AuthContext, id: string): Promise<Invoice> {
    const [j] = (await joined(exec)
      .where(and(eq(invoices.tenantId, ctx.tenantId), eq(invoices.id, id), visible(scopeOfCaller(ctx))))
      .limit(1)) as Joined[];
    if (!j) throw notFound();
    let zone = ctx.tenant.timezone;
    if (!isTimeZone(zone)) zone = 'Asia/Riyadh';
    return toInvoice(j, zone);
  }

  async function assertOrderVisible(exec: Executor, ctx: AuthContext, orderId: string) {
    const [row] = await exec
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.tenantId, ctx.tenantId), eq(orders.id, orderId), visibleOrders(scopeOfCaller(ctx))))
      .limit(1);
    if (!row) throw notFound();
  }

  async function issue(ctx: AuthContext, orderId: string, body: z.output<typeof issueInvoiceBody>): Promise<Invoice> {
    const row = await withTenant(db, ctx.tenantId, async (tx) => {
      await assertOrderVisible(tx, ctx, orderId);
      return issueInvoiceIn(tx, ctx.tenantId, ctx.user.id, orderId, body);
    });
    // A standard (B2B) tax invoice is cleared before it is handed over: sent at once, its answer in
    // the response (a network failure leaves it pending for the job's retries).
    // (submitInvoice leaves alone a document the unit did not sign.)
    if (row.template === 'standard') await submitInvoice(db, ctx.tenantId, row.id);
    return get(ctx, row.id);
  }

  /**
   * A page of documents (newest first, by cursor or by number past the counting cap, as the long
   * lists), those `filter` keeps of the caller's business and scope: each row the list's columns and
   * its tax authority's answer, its ids read first on the list's index (lib/keyset.ts `readIdsFirst`,
   * under `base`).
   */
  function pageOfDocuments(
    tx: Executor,
    ctx: AuthContext,
    req: { page: number; per_page: number; cursor?: string | undefined },
    base: string,
    filter: (v: Binds['v']) => (SQL | undefined)[],
  ) {
    const binds = new Binds();
    const { v } = binds;
    const scope = visible(scopeOfCaller(ctx), v);
    const w = and(eq(invoices.tenantId, v(ctx.tenantId)), ...filter(v), scope);
    const tenant = v(ctx.tenantId);
    // The documents the filter matches, joined with their order only when the caller's scope reaches it.
    const matching = (): MatchingIds => {
      const ids = tx.select({ id: invoices.id }).from(invoices).$dynamic();
      return { q: scope ? ids.leftJoin(orders, and(eq(orders.tenantId, invoices.tenantId), eq(orders.id, invoices.orderId))) : ids, where: w };
    };
    return keysetPage(
      tx,
      INVOICE_KEY,
      { page: req.page, perPage: req.per_page, cursor: req.cursor },
      binds,
      (win, total) =>
        readIdsFirst(tx, base, win, binds, matching, (ids) =>
          listQuery(tx, {
            key: keyOf(INVOICE_KEY),
            total: total(),
            // What the tax authority said of it (the synced documents' page; two small columns).
            zatcaErrors: sql<SyncedInvoice['zatca_errors']>`${invoices.zatcaErrors}`,
            icv: sql<number | null>`${invoices.icv}`,
          })
            .where(and(eq(invoices.tenantId, tenant), inArray(invoices.id, ids)))
            .orderBy(...win.orderBy),
        ),
      () => {
        const m = matching();
        return m.q.where(m.where);
      },
    );
  }

  /**
   * A page of the list, written out as JSON text: `{ data, meta }` in `invoicesPage`'s shape (the
   * route sends it as it is; Fastify's serializer would check it again, field by field).
   */
  async function list(ctx: AuthContext, q: InvoicesQueryParsed): Promise<string> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const search = q.search?.trim();
      const { rows, meta } = await pageOfDocuments(
        tx,
        ctx,
        q,
        'invoices_page',
        (v) => {
          const pattern = search ? v(likePattern(search)) : '';
          return [
            q.type ? eq(invoices.type, v(q.type)) : undefined,
            q.order_id ? eq(invoices.orderId, v(q.order_id)) : undefined,
            search
              ? or(/^\d{1,9}$/.test(search) ? eq(invoices.number, v(Number(search))) : undefined, ilike(invoices.customerName, pattern), ilike(invoices.billingName, pattern))
              : undefined,
          ];
        },
      );
      const page: { data: InvoiceListItem[]; meta: KeysetMeta } = { data: rows.map(toListItem), meta };
      return JSON.stringify(page);
    });
  }

  async function get(ctx: AuthContext, id: string): Promise<Invoice> {
    return withTenant(db, ctx.tenantId, (tx) => render(tx, ctx, id));
  }

  /** What a refund of the order covers: its live invoice whole, and what goes back (what was paid, by method). Empty when there is nothing to refund. */
  async function refundItems(ctx: AuthContext, orderId: string): Promise<RefundItems> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      await assertOrderVisible(tx, ctx, orderId);
      const [order] = await tx.select({ currency: orders.currency }).from(orders).where(and(eq(orders.tenantId, ctx.tenantId), eq(orders.id, orderId)));
      const invoice = await liveInvoiceOf(tx, ctx.tenantId, orderId);
      if (!invoice) return { invoice: null, items: [], refundable_amount: 0, payments: [], currency: order?.currency ?? ctx.tenant.currency };
      const payments = await paidByMethod(tx, ctx.tenantId, orderId);
      return {
        invoice: { id: invoice.id, number: invoice.number, total: invoice.total },
        items: invoice.lines,
        refundable_amount: payments.reduce((a, p) => a + p.amount, 0),
        payments,
        currency: invoice.currency,
      };
    });
  }

  async function refund(ctx: AuthContext, orderId: string, body: { reason_id: string; note?: string | null | undefined }): Promise<Invoice> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      await assertOrderVisible(tx, ctx, orderId);
      const invoice = await liveInvoiceOf(tx, ctx.tenantId, orderId);
      if (!invoice) throw new AppError(422, 'no_refundable_items');
      const { creditNote } = await creditNoteIn(tx, ctx.tenantId, ctx.user.id, invoice, { kind: 'refund', reasonId: body.reason_id, note: body.note, requireReason: true });
      return render(tx, ctx, creditNote.id);
    });
  }

  async function cancel(ctx: AuthContext, id: string, body: { reason_id: string; note?: string | null | undefined }): Promise<Invoice> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const doc = await render(tx, ctx, id);
      const { creditNote } = await creditNoteIn(tx, ctx.tenantId, ctx.user.id, { id, orderId: doc.order_id }, { kind: 'cancel', reasonId: body.reason_id, note: body.note, requireReason: true });
      return render(tx, ctx, creditNote.id);
    });
  }

  /**
   * `GET invoices/synced`: documents by what the tax authority made of them, each with its errors and
   * counter, paged as the list (a capped count, the ids first), written out as JSON text in
   * `syncedInvoicesPage`'s shape. Only the columns a row shows are read, not the documents' lines or XML.
   */
  async function synced(ctx: AuthContext, q: { page: number; per_page: number; cursor?: string | undefined; syncStatus?: string | undefined }): Promise<string> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const { rows, meta } = await pageOfDocuments(tx, ctx, q, 'invoices_synced', (v) => [q.syncStatus ? eq(invoices.zatcaStatus, v(q.syncStatus)) : undefined]);
      const page: { data: SyncedInvoice[]; meta: KeysetMeta } = { data: rows.map((j) => ({ ...toListItem(j), zatca_errors: j.zatcaErrors ?? null, icv: j.icv ?? null })), meta };
      return JSON.stringify(page);
    });
  }

  /** The document's e-invoice XML: as ZATCA cleared it (standard), else as signed and sent. 404 before it is signed (or for a plain invoice). */
  async function xml(ctx: AuthContext, id: string): Promise<{ xml: string; name: string }> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const [row] = await tx
        .select({ xml: invoices.xml, cleared: invoices.clearedXml, number: invoices.number, type: invoices.type })
        .from(invoices)
        .leftJoin(orders, and(eq(orders.tenantId, invoices.tenantId), eq(orders.id, invoices.orderId)))
        .where(and(eq(invoices.tenantId, ctx.tenantId), eq(invoices.id, id), visible(scopeOfCaller(ctx))))
        .limit(1);
      const doc = row?.cleared ?? row?.xml;
      if (!row || !doc) throw notFound();
      return { xml: doc, name: `${row.type === 'refund' ? 'credit-note' : 'invoice'}-${row.number}.xml` };
    });
  }

  return { issue, list, get, refundItems, refund, cancel, synced, xml };
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;
