import type { Locale } from '@app/shared/constants';
import { customerFullName as customerName } from '@app/shared/schemas/customers';
import { minorToDecimalString } from '@app/shared/money';
import type { InvoiceTemplate } from '@app/shared/schemas/invoices';
import { assertTransition } from '@app/shared/states/order';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { branches } from '../../db/schema/business';
import { customers } from '../../db/schema/customers';
import { type InvoiceLine, type InvoiceRow, type InvoiceSeller, invoices } from '../../db/schema/invoices';
import { orders, type OrderRow, transactions } from '../../db/schema/sales';
import { cancellationReasons } from '../../db/schema/settings';
import { tenants } from '../../db/schema/tenants';
import { t } from '../../i18n/messages';
import { qrBase64 } from '../../integrations/zatca/tlv';
import { AppError, fieldError } from '../../lib/errors';
import { nextNumber, reserveNumbers } from '../../lib/numbers';
import { notifyOrder } from '../notifications/notify';
import { itemsOf } from '../orders/orders.repository';
import { logOrder, priceStoredOrder, recalculateOrder } from '../orders/order-core';
import { signIntoChain } from './zatca-core';

/**
 * Issuing invoices and credit notes inside the caller's transaction (issue 16; spec §4, §5). The
 * orders service calls these when a status change has the effect (invoiced, refunded) and the
 * invoices service for its own routes, so a document is made one way only.
 *
 * An invoice is a snapshot of its order priced as stored (`priceStoredOrder`): the order's lines,
 * then its fees and transport fee as lines of their own; a tip is not part of the supply and stays
 * off it (docs/decisions.md). Its number is the business's next gapless invoice number, taken in
 * this transaction (lib/numbers.ts): a rolled-back invoice gives its number back.
 */

export type IssueInput = {
  template?: InvoiceTemplate | undefined;
  vat_id?: string | null | undefined;
  billing_name?: string | null | undefined;
  billing_country?: string | null | undefined;
  billing_address?: string | null | undefined;
  billing_building_number?: string | null | undefined;
  billing_district?: string | null | undefined;
  billing_city?: string | null | undefined;
  billing_postal_code?: string | null | undefined;
};

/** The order row, locked: two requests invoicing or refunding one order run one after the other. */
async function lockOrder(tx: Tx, tenantId: string, orderId: string): Promise<OrderRow> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), eq(orders.id, orderId)))
    .for('update');
  if (!row) throw new AppError(404, 'not_found');
  return row;
}

async function tenantOf(tx: Tx, tenantId: string) {
  const [row] = await tx.select().from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  if (!row) throw new AppError(404, 'not_found');
  return row;
}

/** Which template a request gets: as asked, else standard with a buyer VAT number, simplified with the seller's own, else trial. */
export function templateFor(input: IssueInput, sellerVat: string | null): InvoiceTemplate {
  if (input.template) return input.template;
  if (!sellerVat) return 'trial';
  return input.vat_id ? 'standard' : 'simplified';
}

/** The QR payload of a tax document (phase one: seller, VAT number, time with its zone, totals). Null for a trial invoice. */
export function qrOf(inv: Pick<InvoiceRow, 'template' | 'seller' | 'issuedAt' | 'total' | 'taxAmount' | 'currency'>): string | null {
  if (inv.template === 'trial' || !inv.seller.vat_number) return null;
  return qrBase64({
    seller: inv.seller.name,
    vatNumber: inv.seller.vat_number,
    timestamp: inv.issuedAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    total: minorToDecimalString(inv.total, inv.currency),
    vat: minorToDecimalString(inv.taxAmount, inv.currency),
  });
}

/**
 * Issues the order's invoice and moves the order to invoiced (from then on it cannot be edited or
 * deleted). 422 when the order is a draft, in the trash, already invoiced or in a status that cannot
 * be invoiced, has no lines, or a tax template is asked for without the business's VAT number.
 */
export async function issueInvoiceIn(tx: Tx, tenantId: string, userId: string | null, orderId: string, input: IssueInput): Promise<InvoiceRow> {
  const locked = await lockOrder(tx, tenantId, orderId);
  if (locked.deletedAt) throw new AppError(422, 'order_in_trash');
  if (locked.isDraft) throw fieldError('status', 'order_is_draft');
  if (locked.invoiceStatus === 'invoiced') throw fieldError('status', 'order_already_invoiced');
  if (assertTransition(locked.status, 'invoiced', { draft: false })) throw fieldError('status', 'order_not_invoiceable', { status: locked.status });
  const tenant = await tenantOf(tx, tenantId);
  const template = templateFor(input, tenant.vatNumber);
  if (template !== 'trial' && !tenant.vatNumber) throw fieldError('template', 'seller_vat_missing');
  const order = await recalculateOrder(tx, tenantId, orderId);
  const items = await itemsOf(tx, tenantId, orderId);
  if (items.length === 0) throw fieldError('items', 'order_empty_invoice');
  const priced = priceStoredOrder(order, items);
  const locale: Locale = tenant.locale === 'en' ? 'en' : 'ar';

  const lines: InvoiceLine[] = priced.lines.map((l, i) => ({
    name: items[i]!.name,
    type: items[i]!.type,
    quantity: items[i]!.quantity,
    unit_price: items[i]!.unitPrice,
    subtotal: l.subtotal,
    discount: l.discount,
    net: l.taxable,
    taxes: l.taxes.map((x) => ({ name: x.name, rate_bps: x.rateBps, amount: x.amount })),
    tax: l.tax,
    total: l.total,
  }));
  for (const c of priced.charges) {
    if (c.tip) continue;
    lines.push({
      name: c.key === 'transport' ? t('invoice_transport_fee', locale) : c.title,
      type: c.key === 'transport' ? 'transport' : 'fee',
      quantity: 1,
      unit_price: c.amount,
      subtotal: c.amount,
      discount: 0,
      net: c.amount,
      taxes: c.taxes.map((x) => ({ name: x.name, rate_bps: x.rateBps, amount: x.amount })),
      tax: c.tax,
      total: c.total,
    });
  }
  const taxAmount = priced.taxGroups.reduce((a, g) => a + g.amount, 0);
  const taxableAmount = lines.reduce((a, l) => a + l.net, 0);
  const total = lines.reduce((a, l) => a + l.total, 0);

  const [branch] = order.branchId ? await tx.select().from(branches).where(and(eq(branches.tenantId, tenantId), eq(branches.id, order.branchId))).limit(1) : [];
  const [customer] = order.customerId ? await tx.select().from(customers).where(and(eq(customers.tenantId, tenantId), eq(customers.id, order.customerId))).limit(1) : [];
  const seller: InvoiceSeller = {
    name: tenant.name ?? tenant.storeName ?? '',
    vat_number: template === 'trial' ? null : tenant.vatNumber,
    commercial_registration: null,
    address: branch?.address ?? null,
    branch: branch?.name ?? null,
  };
  const b2b = template === 'standard';
  const [row] = await tx
    .insert(invoices)
    .values({
      tenantId,
      number: await nextNumber(tx, tenantId, 'invoice'),
      type: 'tax',
      template,
      orderId,
      branchId: order.branchId,
      customerId: order.customerId,
      currency: order.currency,
      subtotal: lines.reduce((a, l) => a + l.subtotal, 0),
      discountAmount: priced.discount,
      taxableAmount,
      taxAmount,
      total,
      paidAmount: Math.min(order.paidAmount, total),
      lines,
      taxGroups: priced.taxGroups.map((g) => ({ name: g.name, rate_bps: g.rateBps, taxable: g.taxable, amount: g.amount })),
      seller,
      customerName: customer ? customerName(customer.firstName, customer.lastName) : null,
      customerPhone: customer?.phone ?? null,
      billingName: input.billing_name ?? null,
      billingCountry: input.billing_country ?? null,
      billingAddress: input.billing_address ?? null,
      billingDetails: b2b
        ? { building_number: input.billing_building_number ?? null, district: input.billing_district ?? null, city: input.billing_city ?? null, postal_code: input.billing_postal_code ?? null }
        : null,
      vatId: b2b ? (input.vat_id ?? null) : null,
      orderStatusBefore: order.status,
      zatcaStatus: template === 'trial' ? 'not-required' : 'not-submitted',
      createdBy: userId,
    })
    .returning();
  await signIntoChain(tx, tenantId, row!.id);
  await tx.update(orders).set({ status: 'invoiced', invoiceStatus: 'invoiced', updatedAt: new Date() }).where(and(eq(orders.tenantId, tenantId), eq(orders.id, orderId)));
  await logOrder(tx, tenantId, orderId, userId, 'invoice', { number: row!.number, template, from: order.status, to: 'invoiced' });
  await notifyOrder(tx, tenantId, orderId, 'order_invoiced', row!.id, { invoice_number: String(row!.number), amount: row!.total });
  return row!;
}

/** The order's live tax invoice (approved), if any. */
export async function liveInvoiceOf(tx: Tx, tenantId: string, orderId: string): Promise<InvoiceRow | null> {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.tenantId, tenantId), eq(invoices.orderId, orderId), eq(invoices.type, 'tax'), eq(invoices.status, 'approved')))
    .orderBy(sql`${invoices.number} desc`)
    .limit(1);
  return row ?? null;
}

/** What the order's confirmed payments brought in, by method, less what was given back already. */
export async function paidByMethod(tx: Tx, tenantId: string, orderId: string): Promise<{ payment_method: string; amount: number }[]> {
  const rows = await tx
    .select({
      method: transactions.paymentMethod,
      amount: sql<string>`sum(case when ${transactions.kind} = 'refund' then -${transactions.amount} else ${transactions.amount} end)`,
      first: sql<string>`min(${transactions.createdAt})`,
    })
    .from(transactions)
    .where(and(eq(transactions.tenantId, tenantId), eq(transactions.orderId, orderId), eq(transactions.status, 'confirmed'), sql`${transactions.deletedAt} is null`))
    .groupBy(transactions.paymentMethod)
    .orderBy(sql`min(${transactions.createdAt})`);
  return rows.map((r) => ({ payment_method: r.method, amount: Number(r.amount) })).filter((r) => r.amount > 0);
}

async function reasonText(tx: Tx, tenantId: string, reasonId: string | null | undefined, type: 'invoice-refund' | 'invoice-cancel'): Promise<string | null> {
  if (!reasonId) return null;
  const [row] = await tx
    .select({ reason: cancellationReasons.reason, type: cancellationReasons.type })
    .from(cancellationReasons)
    .where(and(eq(cancellationReasons.tenantId, tenantId), eq(cancellationReasons.id, reasonId)))
    .limit(1);
  if (!row || row.type !== type) throw fieldError('reason_id', 'reason_wrong_type');
  return row.reason;
}

/**
 * The credit note answering `invoice` whole (spec §5): a refund gives back what was paid, by the
 * methods it was paid with, and the order becomes refunded; a cancellation gives nothing back and
 * returns the order to its status before the invoice (editable again, to be invoiced anew).
 */
export async function creditNoteIn(
  tx: Tx,
  tenantId: string,
  userId: string | null,
  given: Pick<InvoiceRow, 'id' | 'orderId'>,
  opts: { kind: 'refund' | 'cancel'; reasonId: string | null | undefined; note?: string | null | undefined; requireReason: boolean },
): Promise<{ creditNote: InvoiceRow; returned: number }> {
  if (opts.requireReason && !opts.reasonId) throw fieldError('reason_id', 'required');
  const reason = await reasonText(tx, tenantId, opts.reasonId, opts.kind === 'refund' ? 'invoice-refund' : 'invoice-cancel');
  // The order's lock first, then the invoice as it is now: a second refund waits and finds it answered.
  const order = await lockOrder(tx, tenantId, given.orderId);
  const [invoice] = await tx.select().from(invoices).where(and(eq(invoices.tenantId, tenantId), eq(invoices.id, given.id))).limit(1);
  if (invoice?.type !== 'tax' || invoice.status !== 'approved') throw fieldError('invoice', opts.kind === 'refund' ? 'no_refundable_items' : 'invoice_not_cancellable');
  const payments = opts.kind === 'refund' ? await paidByMethod(tx, tenantId, order.id) : [];
  const returned = payments.reduce((a, p) => a + p.amount, 0);
  const [note] = await tx
    .insert(invoices)
    .values({
      tenantId,
      number: await nextNumber(tx, tenantId, 'invoice'),
      type: 'refund',
      template: invoice.template,
      orderId: invoice.orderId,
      originalInvoiceId: invoice.id,
      branchId: invoice.branchId,
      customerId: invoice.customerId,
      currency: invoice.currency,
      subtotal: invoice.subtotal,
      discountAmount: invoice.discountAmount,
      taxableAmount: invoice.taxableAmount,
      taxAmount: invoice.taxAmount,
      total: invoice.total,
      paidAmount: returned,
      lines: invoice.lines,
      taxGroups: invoice.taxGroups,
      seller: invoice.seller,
      customerName: invoice.customerName,
      customerPhone: invoice.customerPhone,
      billingName: invoice.billingName,
      billingCountry: invoice.billingCountry,
      billingAddress: invoice.billingAddress,
      billingDetails: invoice.billingDetails,
      vatId: invoice.vatId,
      reasonId: opts.reasonId ?? null,
      reason: [reason, opts.note].filter(Boolean).join(' — ') || null,
      zatcaStatus: invoice.template === 'trial' ? 'not-required' : 'not-submitted',
      createdBy: userId,
    })
    .returning();
  await signIntoChain(tx, tenantId, note!.id);
  await tx
    .update(invoices)
    .set({ status: opts.kind === 'refund' ? 'refunded' : 'cancelled', updatedAt: new Date() })
    .where(and(eq(invoices.tenantId, tenantId), eq(invoices.id, invoice.id)));

  if (opts.kind === 'refund') {
    if (payments.length) {
      const first = (await reserveNumbers(tx, tenantId, { transaction: payments.length })).transaction!;
      await tx.insert(transactions).values(
        payments.map((p, i) => ({
          tenantId,
          number: first + i,
          orderId: order.id,
          customerId: order.customerId,
          branchId: order.branchId,
          paymentMethod: p.payment_method,
          kind: 'refund',
          invoiceId: note!.id,
          amount: p.amount,
          currency: order.currency,
          status: 'confirmed',
          notes: reason,
          createdBy: userId,
          readAt: new Date(),
        })),
      );
    }
    await tx
      .update(orders)
      .set({ status: 'refunded', paidAmount: sql`greatest(0, ${orders.paidAmount} - ${returned})`, updatedAt: new Date() })
      .where(and(eq(orders.tenantId, tenantId), eq(orders.id, order.id)));
    await recalculateOrder(tx, tenantId, order.id);
    await logOrder(tx, tenantId, order.id, userId, 'refund', { credit_note: note!.number, invoice: invoice.number, returned, reason, from: order.status, to: 'refunded' });
  } else {
    const back = invoice.orderStatusBefore && invoice.orderStatusBefore !== 'invoiced' ? invoice.orderStatusBefore : 'completed';
    await tx.update(orders).set({ status: back, invoiceStatus: 'not-invoiced', updatedAt: new Date() }).where(and(eq(orders.tenantId, tenantId), eq(orders.id, order.id)));
    await logOrder(tx, tenantId, order.id, userId, 'invoice_cancel', { credit_note: note!.number, invoice: invoice.number, reason, from: order.status, to: back });
  }
  return { creditNote: note!, returned };
}
