import { ACTIVE_BOOKING_STATUSES } from '@app/shared/states/booking';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { bookings, type OrderRow, orders } from '../../db/schema/sales';
import { releaseCoupon } from '../marketing/coupons.service';
import { notifyBookings } from '../notifications/notify';
import { itemsOf } from './orders.repository';
import { giveBackStock, stockLinesOf } from './stock';

/**
 * Cancelling an order and its appointments, one way for every caller: the dashboard's status change to
 * canceled, the customer's own cancel on the store, a store deposit that lapsed. The caller holds the
 * order's lock (the lock order: the order, then its appointments) and writes its own log line.
 */

/** Whether the order holds its products' stock (taken when it was placed, not a draft, not cancelled or trashed). */
export const holdsStock = (o: { isDraft: boolean; status: string; deletedAt: Date | null }) => !o.isDraft && o.status !== 'canceled' && o.deletedAt === null;

export type CancelledBooking = { id: string; number: number; from: string };

/**
 * Cancels the order's appointments in `statuses` (the active ones unless told) with the reason and note
 * given, each announced to its customer (booking_cancelled). Answers them with the status they left.
 */
export async function cancelAppointmentsIn(
  tx: Tx,
  tenantId: string,
  orderId: string,
  opts: { reasonId: string | null; note: string | null; statuses?: readonly string[] },
): Promise<CancelledBooking[]> {
  const found = await tx
    .select({ id: bookings.id, number: bookings.number, status: bookings.status })
    .from(bookings)
    .where(and(eq(bookings.tenantId, tenantId), eq(bookings.orderId, orderId), inArray(bookings.status, [...(opts.statuses ?? ACTIVE_BOOKING_STATUSES)])))
    .orderBy(asc(bookings.startAt))
    .for('update');
  if (!found.length) return [];
  await tx
    .update(bookings)
    .set({ status: 'cancelled', cancellationReasonId: opts.reasonId, cancellationNote: opts.note, updatedAt: new Date() })
    .where(and(eq(bookings.tenantId, tenantId), inArray(bookings.id, found.map((b) => b.id))));
  await notifyBookings(tx, tenantId, found.map((b) => b.id), 'booking_cancelled', 'cancelled');
  return found.map((b) => ({ id: b.id, number: b.number, from: b.status }));
}

/**
 * What a cancelled order gives back: its stock (when it holds it) and its coupon's use (it keeps the
 * discount and the code as history). With `setStatus`, the order is set canceled here too. Answers the
 * coupon code released, if any.
 */
export async function releaseOrderIn(tx: Tx, tenantId: string, order: OrderRow, opts: { setStatus: boolean }): Promise<string | null> {
  if (holdsStock(order)) await giveBackStock(tx, tenantId, stockLinesOf(await itemsOf(tx, tenantId, order.id)));
  const released = (await releaseCoupon(tx, tenantId, order, false)) ? order.couponCode : null;
  if (opts.setStatus) {
    await tx
      .update(orders)
      .set({ status: 'canceled', updatedAt: new Date() })
      .where(and(eq(orders.tenantId, tenantId), eq(orders.id, order.id)));
  }
  return released;
}
