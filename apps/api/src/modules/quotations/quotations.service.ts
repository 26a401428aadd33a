import type { Quotation, quotationBody, quotationsQuery } from '@app/shared/schemas/invoices';
import { priceOrder } from '@app/shared/pricing';
import { customerFullName } from '@app/shared/schemas/customers';
import { orderBody } from '@app/shared/schemas/orders';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Database, type Tx, withTenant } from '../../db/client';
import { products, services } from '../../db/schema/business';
import { customers } from '../../db/schema/customers';
import { type QuotationItem, type QuotationRow, quotations } from '../../db/schema/invoices';
import type { StorageAdapter } from '../../integrations/storage/storage.adapter';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { reserveNumbers } from '../../lib/numbers';
import type { AuthContext } from '../auth/auth.service';
import { lineTaxesFor } from '../orders/order-core';
import { createOrderService } from '../orders/orders.service';

type Parsed = z.output<typeof quotationBody>;

/** A quotation's lines priced as an order of them would be (the shared pricing, VAT as ZATCA rounds it). */
function priced(items: readonly QuotationItem[]) {
  return priceOrder({
    lines: items.map((i, k) => ({ key: String(k), unitPrice: i.unit_price, quantity: i.quantity, taxes: i.taxes.map((t) => ({ id: t.tax_id, name: t.name, rateBps: t.rate_bps })) })),
  });
}

function toQuotation(r: QuotationRow): Quotation {
  const p = priced(r.items);
  return {
    id: r.id,
    number: r.number,
    customer_id: r.customerId,
    customer_name: r.customerName,
    branch_id: r.branchId,
    currency: r.currency,
    items: r.items.map((i, k) => ({ name: i.name, type: i.type, quantity: i.quantity, unit_price: i.unit_price, net: p.lines[k]!.taxable, tax: p.lines[k]!.tax, total: p.lines[k]!.total })),
    subtotal: r.subtotal,
    tax_amount: r.taxAmount,
    total: r.total,
    notes: r.notes,
    status: r.status as Quotation['status'],
    valid_until: r.validUntil,
    order_id: r.orderId,
    created_at: r.createdAt.toISOString(),
  };
}

/**
 * Quotations (issue 16 §3; spec §3 Quotation, §4 pending / approved / rejected): priced like an
 * order from today's catalogue, approved or rejected, and an approved one converted into an order
 * (once: the quotation claims itself in the order's own transaction).
 */
export function createQuotationService(deps: { db: Database; storage: StorageAdapter }) {
  const { db } = deps;
  const orders = createOrderService(deps);

  async function lines(tx: Tx, tenantId: string, body: Parsed): Promise<QuotationItem[]> {
    const out: QuotationItem[] = [];
    for (const [i, item] of body.items.entries()) {
      if (item.type === 'service') {
        const [s] = await tx.select({ name: services.name, price: services.price }).from(services).where(and(eq(services.tenantId, tenantId), eq(services.id, item.service_id)));
        if (!s) throw fieldError(`items.${i}.service_id`, 'not_exists');
        const taxes = await lineTaxesFor(tx, tenantId, { type: 'service', serviceId: item.service_id });
        out.push({ name: s.name, type: 'service', service_id: item.service_id, product_id: null, quantity: item.quantity, unit_price: s.price, taxes: taxes.map((t) => ({ tax_id: t.tax_id, name: t.name, rate_bps: t.rate_bps })) });
      } else {
        const [p] = await tx.select({ name: products.name, price: products.price }).from(products).where(and(eq(products.tenantId, tenantId), eq(products.id, item.product_id)));
        if (!p) throw fieldError(`items.${i}.product_id`, 'not_exists');
        const taxes = await lineTaxesFor(tx, tenantId, { type: 'product' });
        out.push({ name: p.name, type: 'product', service_id: null, product_id: item.product_id, quantity: item.quantity, unit_price: p.price, taxes: taxes.map((t) => ({ tax_id: t.tax_id, name: t.name, rate_bps: t.rate_bps })) });
      }
    }
    return out;
  }

  async function values(tx: Tx, ctx: AuthContext, body: Parsed) {
    let customerName = body.customer_name ?? null;
    if (body.customer_id) {
      const [c] = await tx.select({ first: customers.firstName, last: customers.lastName }).from(customers).where(and(eq(customers.tenantId, ctx.tenantId), eq(customers.id, body.customer_id)));
      if (!c) throw fieldError('customer_id', 'not_exists');
      customerName = customerFullName(c.first, c.last);
    }
    const items = await lines(tx, ctx.tenantId, body);
    const p = priced(items);
    return {
      customerId: body.customer_id ?? null,
      customerName,
      branchId: body.branch_id ?? ctx.user.currentBranchId ?? null,
      currency: ctx.tenant.currency,
      items,
      subtotal: p.subtotal,
      taxAmount: p.tax,
      total: p.total,
      notes: body.notes ?? null,
      validUntil: body.valid_until ?? null,
    };
  }

  async function find(tx: Tx, tenantId: string, id: string, lock = false): Promise<QuotationRow> {
    const q = tx.select().from(quotations).where(and(eq(quotations.tenantId, tenantId), eq(quotations.id, id)));
    const [row] = lock ? await q.for('update') : await q;
    if (!row) throw notFound();
    return row;
  }

  async function list(ctx: AuthContext, q: z.output<typeof quotationsQuery>) {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const where = and(eq(quotations.tenantId, ctx.tenantId), q.status ? eq(quotations.status, q.status) : undefined);
      const [total] = await tx.select({ n: count() }).from(quotations).where(where);
      const rows = await tx
        .select()
        .from(quotations)
        .where(where)
        .orderBy(desc(quotations.createdAt), desc(quotations.number))
        .limit(q.per_page)
        .offset((q.page - 1) * q.per_page);
      const n = Number(total?.n ?? 0);
      return { data: rows.map(toQuotation), meta: { current_page: q.page, per_page: q.per_page, total: n, last_page: Math.max(1, Math.ceil(n / q.per_page)) } };
    });
  }

  async function get(ctx: AuthContext, id: string): Promise<Quotation> {
    return withTenant(db, ctx.tenantId, async (tx) => toQuotation(await find(tx, ctx.tenantId, id)));
  }

  async function create(ctx: AuthContext, body: Parsed): Promise<Quotation> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const v = await values(tx, ctx, body);
      const number = (await reserveNumbers(tx, ctx.tenantId, { quotation: 1 })).quotation!;
      const [row] = await tx
        .insert(quotations)
        .values({ tenantId: ctx.tenantId, number, ...v, createdBy: ctx.user.id })
        .returning();
      return toQuotation(row!);
    });
  }

  async function update(ctx: AuthContext, id: string, body: Parsed): Promise<Quotation> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const row = await find(tx, ctx.tenantId, id, true);
      if (row.status !== 'pending') throw new AppError(422, 'quotation_not_pending');
      const v = await values(tx, ctx, body);
      const [after] = await tx
        .update(quotations)
        .set({ ...v, updatedAt: new Date() })
        .where(and(eq(quotations.tenantId, ctx.tenantId), eq(quotations.id, id)))
        .returning();
      return toQuotation(after!);
    });
  }

  async function setStatus(ctx: AuthContext, id: string, status: 'approved' | 'rejected'): Promise<Quotation> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const row = await find(tx, ctx.tenantId, id, true);
      if (row.status !== 'pending') throw fieldError('status', 'quotation_not_pending');
      const [after] = await tx
        .update(quotations)
        .set({ status, updatedAt: new Date() })
        .where(and(eq(quotations.tenantId, ctx.tenantId), eq(quotations.id, id)))
        .returning();
      return toQuotation(after!);
    });
  }

  async function remove(ctx: AuthContext, id: string): Promise<void> {
    await withTenant(db, ctx.tenantId, async (tx) => {
      const row = await find(tx, ctx.tenantId, id, true);
      if (row.orderId) throw new AppError(422, 'quotation_not_pending');
      await tx.delete(quotations).where(and(eq(quotations.tenantId, ctx.tenantId), eq(quotations.id, id)));
    });
  }

  /** An approved quotation becomes a confirmed order of its lines at today's prices; once. */
  async function convert(ctx: AuthContext, id: string) {
    const row = await withTenant(db, ctx.tenantId, (tx) => find(tx, ctx.tenantId, id));
    if (row.status !== 'approved') throw new AppError(422, 'quotation_not_approved');
    if (row.orderId) throw new AppError(422, 'quotation_not_pending');
    const items = row.items.map((i) =>
      i.type === 'service' ? { type: 'service' as const, service_id: i.service_id!, quantity: i.quantity } : { type: 'product' as const, product_id: i.product_id!, quantity: i.quantity },
    );
    return orders.create(
      ctx,
      orderBody.parse({ customer_id: row.customerId, branch_id: row.branchId, items, notes: row.notes }),
      async (tx, orderId) => {
        const claimed = await tx
          .update(quotations)
          .set({ orderId, updatedAt: new Date() })
          .where(and(eq(quotations.tenantId, ctx.tenantId), eq(quotations.id, id), eq(quotations.status, 'approved'), sql`${quotations.orderId} is null`))
          .returning({ id: quotations.id });
        if (claimed.length === 0) throw new AppError(422, 'quotation_not_pending');
      },
    );
  }

  return { list, get, create, update, setStatus, remove, convert };
}

