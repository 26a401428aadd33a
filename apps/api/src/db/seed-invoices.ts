import { priceOrder } from '@app/shared/pricing';
import { and, asc, count, desc, eq, gt, sql } from 'drizzle-orm';
import { creditNoteIn, issueInvoiceIn } from '../modules/invoices/invoice-core';
import { lineTaxesFor } from '../modules/orders/order-core';
import { reserveNumbers } from '../lib/numbers';
import type { Tx } from './client';
import { invoices, type QuotationItem, quotations } from './schema/invoices';
import { services } from './schema/business';
import { orderLogs, orders, transactions } from './schema/sales';
import { cancellationReasons } from './schema/settings';
import { tenants } from './schema/tenants';

/** The demo business's VAT registration number (15 digits, starting and ending with 3). */
export const DEMO_VAT_NUMBER = '310175397400003';

/**
 * The demo's invoices (issue 16), once: its VAT number, simplified invoices for a few paid orders of
 * the past weeks, a standard (B2B) one with a company's VAT number, and a refunded one with its
 * credit note, each dated as the visit was. Through the invoices module, so they are what issuing
 * them in the app would make.
 */
export async function ensureDemoInvoices(tx: Tx, tenantId: string, now: Date): Promise<void> {
  const [has] = await tx.select({ n: count() }).from(invoices).where(eq(invoices.tenantId, tenantId));
  if (Number(has?.n ?? 0) > 0) return;
  await tx.update(tenants).set({ vatNumber: DEMO_VAT_NUMBER }).where(and(eq(tenants.id, tenantId), sql`${tenants.vatNumber} is null`));
  const paid = await tx
    .select({ id: orders.id, createdAt: orders.createdAt })
    .from(orders)
    .where(
      and(
        eq(orders.tenantId, tenantId),
        eq(orders.paymentStatus, 'paid'),
        eq(orders.isDraft, false),
        sql`${orders.deletedAt} is null`,
        sql`${orders.status} in ('completed', 'confirmed')`,
        sql`${orders.createdAt} < ${new Date(now.getTime() - 86_400_000).toISOString()}::timestamptz`,
        gt(orders.total, 0),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(8);
  const [refundReason] = await tx
    .select({ id: cancellationReasons.id })
    .from(cancellationReasons)
    .where(and(eq(cancellationReasons.tenantId, tenantId), eq(cancellationReasons.type, 'invoice-refund')))
    .limit(1);
  await demoQuotations(tx, tenantId, now);
  for (const [i, o] of paid.entries()) {
    const b2b = i === 2;
    const inv = await issueInvoiceIn(
      tx,
      tenantId,
      null,
      o.id,
      b2b ? { template: 'standard', vat_id: '300123456700003', billing_name: 'شركة الأفق للتجارة', billing_country: 'SA', billing_address: 'طريق الملك فهد', billing_building_number: '7421', billing_district: 'العليا', billing_city: 'الرياض', billing_postal_code: '12214' } : {},
    );
    const at = new Date(o.createdAt.getTime() + 2 * 3_600_000);
    await tx.update(invoices).set({ issuedAt: at, createdAt: at }).where(and(eq(invoices.tenantId, tenantId), eq(invoices.id, inv.id)));
    await tx.update(orderLogs).set({ createdAt: at }).where(and(eq(orderLogs.tenantId, tenantId), eq(orderLogs.orderId, o.id), eq(orderLogs.action, 'invoice')));
    if (i === 4 && refundReason) {
      const { creditNote } = await creditNoteIn(tx, tenantId, null, inv, { kind: 'refund', reasonId: refundReason.id, note: null, requireReason: false });
      const later = new Date(at.getTime() + 26 * 3_600_000);
      await tx.update(invoices).set({ issuedAt: later, createdAt: later }).where(and(eq(invoices.tenantId, tenantId), eq(invoices.id, creditNote.id)));
      await tx.update(orderLogs).set({ createdAt: later }).where(and(eq(orderLogs.tenantId, tenantId), eq(orderLogs.orderId, o.id), eq(orderLogs.action, 'refund')));
      await tx.update(transactions).set({ createdAt: later, updatedAt: later }).where(and(eq(transactions.tenantId, tenantId), eq(transactions.invoiceId, creditNote.id)));
    }
  }
}

/** Three quotations of the demo: a bridal package waiting for an answer, an approved one and a rejected one. */
async function demoQuotations(tx: Tx, tenantId: string, now: Date): Promise<void> {
  const list = await tx.select({ id: services.id, name: services.name, price: services.price }).from(services).where(eq(services.tenantId, tenantId)).orderBy(desc(services.price)).limit(4);
  const [tenant] = await tx.select({ currency: tenants.currency }).from(tenants).where(eq(tenants.id, tenantId));
  if (list.length < 2 || !tenant) return;
  const plans: { customer: string; picks: number[]; status: string; daysAgo: number; notes: string | null; valid: number }[] = [
    { customer: 'العروس سارة المطيري', picks: [0, 1, 2], status: 'pending', daysAgo: 1, notes: 'باقة العروس: يوم الزفاف مع جلسة تجربة قبلها بأسبوع', valid: 14 },
    { customer: 'Emma Collins', picks: [1, 3], status: 'approved', daysAgo: 4, notes: null, valid: 10 },
    { customer: 'نوف القحطاني', picks: [0], status: 'rejected', daysAgo: 9, notes: null, valid: 7 },
  ];
  const first = (await reserveNumbers(tx, tenantId, { quotation: plans.length })).quotation!;
  for (const [k, plan] of plans.entries()) {
    const items: QuotationItem[] = [];
    for (const i of plan.picks) {
      const s = list[i % list.length]!;
      const taxes = await lineTaxesFor(tx, tenantId, { type: 'service', serviceId: s.id });
      items.push({ name: s.name, type: 'service', service_id: s.id, product_id: null, quantity: 1, unit_price: s.price, taxes: taxes.map((x) => ({ tax_id: x.tax_id, name: x.name, rate_bps: x.rate_bps })) });
    }
    const p = priceOrder({ lines: items.map((x, j) => ({ key: String(j), unitPrice: x.unit_price, quantity: x.quantity, taxes: x.taxes.map((y) => ({ id: y.tax_id, name: y.name, rateBps: y.rate_bps })) })) });
    const at = new Date(now.getTime() - plan.daysAgo * 86_400_000);
    await tx.insert(quotations).values({
      tenantId,
      number: first + k,
      customerName: plan.customer,
      currency: tenant.currency,
      items,
      subtotal: p.subtotal,
      taxAmount: p.tax,
      total: p.total,
      notes: plan.notes,
      status: plan.status,
      validUntil: new Date(at.getTime() + plan.valid * 86_400_000).toISOString().slice(0, 10),
      createdAt: at,
      updatedAt: at,
    });
  }
}
