import { paymentStatus } from '@app/shared/states/transaction';
import { type PricedOrder, priceOrder } from '@app/shared/pricing';
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { serviceTaxes, taxes } from '../../db/schema/business';
import { bookings, type CouponScope, type LineTax, orderItems, orderLogs, orders, type OrderRow } from '../../db/schema/sales';
import { eligibleLines } from '../marketing/coupons.service';
import { nextNumber } from '../../lib/numbers';

/**
 * The order core shared by the orders, bookings and transactions modules: creating an order row with
 * its per-tenant number, the change log, line taxes, and recomputing every stored amount after a
 * change (packages/shared/src/pricing.ts does the arithmetic). Every function runs inside the
 * caller's withTenant transaction.
 */

export type NewOrder = {
  /** Its number, when taken already with others (reserveNumbers); otherwise taken here. */
  number?: number;
  /** The totals when the order is written already priced (`priceNewOrder`); otherwise 0 until recalculateOrder. */
  totals?: Pick<typeof orders.$inferInsert, 'subtotal' | 'taxAmount' | 'transportFee' | 'total' | 'paymentStatus'>;
  branchId?: string | null;
  customerId?: string | null;
  providerId?: string | null;
  status?: string;
  source?: string;
  isDraft?: boolean;
  currency: string;
  notes?: string | null;
  createdBy?: string | null;
};

export async function createOrderRow(tx: Tx, tenantId: string, values: NewOrder): Promise<OrderRow> {
  const number = values.number ?? (await nextNumber(tx, tenantId, 'order'));
  const [row] = await tx
    .insert(orders)
    .values({
      tenantId,
      number,
      branchId: values.branchId ?? null,
      customerId: values.customerId ?? null,
      providerId: values.providerId ?? null,
      status: values.status ?? 'confirmed',
      source: values.source ?? 'calendar',
      isDraft: values.isDraft ?? false,
      currency: values.currency,
      notes: values.notes ?? null,
      createdBy: values.createdBy ?? null,
      ...values.totals,
    })
    .returning();
  return row!;
}

/**
 * A new order's lines and totals priced before it is written, as recalculateOrder would store them
 * (no discount, no fees, nothing paid yet): the order, its lines and its appointments are then
 * inserted with their amounts instead of being written twice.
 */
export function priceNewOrder(lines: { unitPrice: number; quantity: number; taxes: LineTax[] }[], transportFee: number) {
  const priced = priceOrder({
    lines: lines.map((l, i) => ({ key: String(i), unitPrice: l.unitPrice, quantity: l.quantity, taxes: l.taxes.map((t) => ({ id: t.tax_id, name: t.name, rateBps: t.rate_bps })) })),
    discount: null,
    fees: [],
    transportFee,
  });
  const status = paymentStatus(priced.total, 0);
  return {
    totals: { subtotal: priced.subtotal, taxAmount: priced.tax, transportFee, total: priced.total, paymentStatus: status },
    lines: priced.lines.map((line) => ({
      subtotal: line.subtotal,
      discountAmount: line.discount,
      taxAmount: line.tax,
      total: line.total,
      taxes: line.taxes.map((t): LineTax => ({ tax_id: t.id, name: t.name, rate_bps: t.rateBps, amount: t.amount })),
    })),
    paymentStatus: status,
  };
}


/** One line of the order's log: who (null: the system or the customer), what, when (now). */
export async function logOrder(
  tx: Tx,
  tenantId: string,
  orderId: string,
  userId: string | null,
  action: string,
  changes: Record<string, unknown> = {},
): Promise<void> {
  await tx.insert(orderLogs).values({ tenantId, orderId, userId, action, changes });
}

/**
 * The taxes a new line carries (a snapshot, so later rate changes do not rewrite old orders): a
 * service line its own taxes (services → taxes), a product or package line every tax of the tax
 * settings (docs/decisions.md).
 */
export async function lineTaxesFor(tx: Tx, tenantId: string, line: { type: 'service'; serviceId: string } | { type: 'product' | 'package' }): Promise<LineTax[]> {
  const rows =
    line.type === 'service'
      ? await tx
          .select({ id: taxes.id, name: taxes.name, rateBps: taxes.rateBps })
          .from(serviceTaxes)
          .innerJoin(taxes, and(eq(taxes.tenantId, serviceTaxes.tenantId), eq(taxes.id, serviceTaxes.taxId)))
          .where(and(eq(serviceTaxes.tenantId, tenantId), eq(serviceTaxes.serviceId, line.serviceId)))
          .orderBy(asc(taxes.name))
      : await tx.select({ id: taxes.id, name: taxes.name, rateBps: taxes.rateBps }).from(taxes).where(eq(taxes.tenantId, tenantId)).orderBy(asc(taxes.name));
  return rows.map((t) => ({ tax_id: t.id, name: t.name, rate_bps: t.rateBps, amount: 0 }));
}

/**
 * The pricing of an order as stored: its items (in their order), discount, fees and transport fee.
 * recalculateOrder stores its figures; the receipt and the invoice read their tax breakdown and
 * charges from it, so all three agree to the minor unit.
 */
export function priceStoredOrder(
  order: Pick<OrderRow, 'discountType' | 'discountValue' | 'fees' | 'transportFee'> & { couponScope?: CouponScope },
  items: readonly { id: string; unitPrice: number; quantity: number; taxes: LineTax[]; serviceId?: string | null; productId?: string | null }[],
): PricedOrder {
  return priceOrder({
    lines: items.map((i) => ({
      key: i.id,
      unitPrice: i.unitPrice,
      quantity: i.quantity,
      taxes: i.taxes.map((t) => ({ id: t.tax_id, name: t.name, rateBps: t.rate_bps })),
    })),
    discount: order.discountType === 'fixed' || order.discountType === 'percentage' ? { type: order.discountType, value: order.discountValue, lines: eligibleLines(order.couponScope, items) } : null,
    fees: order.fees,
    transportFee: order.transportFee,
  });
}

/**
 * Recomputes the order's lines and totals from its items, discount, fees and transport fee, its
 * payment status from `paid_amount`, and mirrors the payment status and each line's total onto the
 * order's appointments. Call it after any change to items, discount, fees or payments.
 */
export async function recalculateOrder(tx: Tx, tenantId: string, orderId: string): Promise<OrderRow> {
  const [order] = await tx.select().from(orders).where(and(eq(orders.tenantId, tenantId), eq(orders.id, orderId))).for('update');
  if (!order) throw new Error(`order ${orderId} not found`);
  const items = await tx
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.tenantId, tenantId), eq(orderItems.orderId, orderId)))
    .orderBy(asc(orderItems.sortOrder), asc(orderItems.createdAt));
  const priced = priceStoredOrder(order, items);
  for (const line of priced.lines) {
    const item = items.find((i) => i.id === line.key)!;
    const lineTaxes: LineTax[] = line.taxes.map((t) => ({ tax_id: t.id, name: t.name, rate_bps: t.rateBps, amount: t.amount }));
    if (item.subtotal !== line.subtotal || item.discountAmount !== line.discount || item.taxAmount !== line.tax || item.total !== line.total || JSON.stringify(item.taxes) !== JSON.stringify(lineTaxes)) {
      await tx
        .update(orderItems)
        .set({ subtotal: line.subtotal, discountAmount: line.discount, taxAmount: line.tax, total: line.total, taxes: lineTaxes })
        .where(and(eq(orderItems.tenantId, tenantId), eq(orderItems.id, item.id)));
    }
  }
  const status = paymentStatus(priced.total, order.paidAmount);
  const [updated] = await tx
    .update(orders)
    .set({
      subtotal: priced.subtotal,
      discountAmount: priced.discount,
      feesAmount: priced.fees,
      taxAmount: priced.tax,
      total: priced.total,
      paymentStatus: status,
      updatedAt: new Date(),
    })
    .where(and(eq(orders.tenantId, tenantId), eq(orders.id, orderId)))
    .returning();
  await tx.update(bookings).set({ paymentStatus: status }).where(and(eq(bookings.tenantId, tenantId), eq(bookings.orderId, orderId)));
  for (const line of priced.lines) {
    if (items.find((i) => i.id === line.key)?.type !== 'service') continue;
    await tx.update(bookings).set({ totalPrice: line.total }).where(and(eq(bookings.tenantId, tenantId), eq(bookings.orderItemId, line.key)));
  }
  return updated!;
}
