import type { Coupon, couponBody } from '@app/shared/schemas/marketing';
import { localDateOf } from '@app/shared/scheduling/zoned';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Database, type Tx, withTenant } from '../../db/client';
import { type CouponRow, couponRedemptions, coupons } from '../../db/schema/marketing';
import { type CouponScope, type OrderRow, orderItems, orders } from '../../db/schema/sales';
import { clock } from '../../lib/clock';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../access/access.repository';
import type { AuthContext } from '../auth/auth.service';

type Body = z.output<typeof couponBody>;

/**
 * A business's coupons (issue 18 §2) and their uses on orders.
 *
 * **One use, one row, one lock.** A coupon's uses are the coupon_redemptions rows of the orders
 * holding it. Taking a use (`redeemCoupon`) and giving one back (`releaseCoupon`) both lock the
 * coupon's row first, then count and write: the check and the write cannot interleave with another
 * order's, so a limit of 10 gives exactly 10 however many orders race, and the undo path (removing
 * the coupon, cancelling or trashing the order) takes the same lock (Medusa #16595). The unique
 * (tenant, order) key makes one coupon an order.
 */

export function toCoupon(row: CouponRow, uses: number): Coupon {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    description: row.description,
    discount_type: row.discountType as Coupon['discount_type'],
    discount_amount: row.discountAmount,
    start_date: row.startDate,
    end_date: row.endDate,
    usage_limit: row.usageLimit,
    usage_limit_per_user: row.usageLimitPerUser,
    status: row.status as Coupon['status'],
    service_ids: row.serviceIds,
    product_ids: row.productIds,
    uses,
    created_at: row.createdAt.toISOString(),
  };
}

const values = (b: Body) => ({
  code: b.code,
  name: b.name,
  description: b.description ?? null,
  discountType: b.discount_type,
  discountAmount: b.discount_amount,
  startDate: b.start_date,
  endDate: b.end_date,
  usageLimit: b.usage_limit,
  usageLimitPerUser: b.usage_limit_per_user,
  status: b.status,
  serviceIds: [...new Set(b.service_ids)],
  productIds: [...new Set(b.product_ids)],
  updatedAt: new Date(),
});

const codeTaken = (err: unknown): never => {
  if (isUniqueViolation(err)) throw fieldError('code', 'exists');
  throw err;
};

async function usesOf(tx: Tx, tenantId: string, ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await tx
    .select({ id: couponRedemptions.couponId, n: count() })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.tenantId, tenantId), inArray(couponRedemptions.couponId, ids)))
    .groupBy(couponRedemptions.couponId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

export function createCouponService({ db }: { db: Database }) {
  async function one(tx: Tx, tenantId: string, id: string): Promise<Coupon> {
    const [row] = await tx.select().from(coupons).where(and(eq(coupons.tenantId, tenantId), eq(coupons.id, id)));
    if (!row) throw notFound();
    return toCoupon(row, (await usesOf(tx, tenantId, [id])).get(id) ?? 0);
  }

  return {
    async list(ctx: AuthContext): Promise<Coupon[]> {
      return withTenant(db, ctx.tenantId, async (tx) => {
        const rows = await tx.select().from(coupons).where(eq(coupons.tenantId, ctx.tenantId)).orderBy(desc(coupons.createdAt), asc(coupons.code));
        const uses = await usesOf(
          tx,
          ctx.tenantId,
          rows.map((r) => r.id),
        );
        return rows.map((r) => toCoupon(r, uses.get(r.id) ?? 0));
      });
    },
    get: (ctx: AuthContext, id: string) => withTenant(db, ctx.tenantId, (tx) => one(tx, ctx.tenantId, id)),
    async create(ctx: AuthContext, body: Body): Promise<Coupon> {
      return withTenant(db, ctx.tenantId, async (tx) => {
        const [row] = await tx
          .insert(coupons)
          .values({ tenantId: ctx.tenantId, ...values(body) })
          .returning()
          .catch(codeTaken);
        return toCoupon(row!, 0);
      });
    },
    /** A change applies to the orders that take it from now on; an order keeps what it applied then. */
    async update(ctx: AuthContext, id: string, body: Body): Promise<Coupon> {
      return withTenant(db, ctx.tenantId, async (tx) => {
        const [row] = await tx
          .update(coupons)
          .set(values(body))
          .where(and(eq(coupons.tenantId, ctx.tenantId), eq(coupons.id, id)))
          .returning()
          .catch(codeTaken);
        if (!row) throw notFound();
        return one(tx, ctx.tenantId, id);
      });
    },
    /** Deleting a coupon orders still hold is refused: switch it off instead (their discount stays). */
    async remove(ctx: AuthContext, id: string): Promise<void> {
      await withTenant(db, ctx.tenantId, async (tx) => {
        const [row] = await tx.select({ id: coupons.id }).from(coupons).where(and(eq(coupons.tenantId, ctx.tenantId), eq(coupons.id, id))).for('update');
        if (!row) throw notFound();
        if (((await usesOf(tx, ctx.tenantId, [id])).get(id) ?? 0) > 0) throw new AppError(422, 'coupon_in_use');
        await tx.delete(coupons).where(and(eq(coupons.tenantId, ctx.tenantId), eq(coupons.id, id)));
      });
    },
    async toggle(ctx: AuthContext, id: string): Promise<Coupon> {
      return withTenant(db, ctx.tenantId, async (tx) => {
        const [row] = await tx
          .update(coupons)
          .set({ status: sql`case when ${coupons.status} = 'active' then 'inactive' else 'active' end`, updatedAt: new Date() })
          .where(and(eq(coupons.tenantId, ctx.tenantId), eq(coupons.id, id)))
          .returning();
        if (!row) throw notFound();
        return one(tx, ctx.tenantId, id);
      });
    },
  };
}

/** Which of an order's lines a coupon scope covers (null scope: every line). */
export function eligibleLines(scope: CouponScope | undefined, items: readonly { serviceId?: string | null; productId?: string | null }[]): boolean[] | null {
  if (!scope) return null;
  const services = new Set(scope.service_ids);
  const products = new Set(scope.product_ids);
  return items.map((i) => Boolean((i.serviceId && services.has(i.serviceId)) || (i.productId && products.has(i.productId))));
}

/**
 * Takes a use of the coupon `code` for `order` (in the order's transaction, the order's row
 * locked): the coupon's row locked, then its window, status, scope, total and per-customer limits
 * checked against the uses counted under that lock, the use written and the order's discount set to
 * the coupon's. "Coupon not found" for an unknown, switched-off or out-of-date code (spec §8).
 */
export async function redeemCoupon(tx: Tx, tenantId: string, order: OrderRow, code: string, zone: string, at: Date = clock.now()): Promise<CouponRow> {
  if (order.couponId) throw fieldError('code', 'coupon_already_applied');
  if (order.discountType) throw fieldError('code', 'coupon_with_discount');
  const [coupon] = await tx
    .select()
    .from(coupons)
    .where(and(eq(coupons.tenantId, tenantId), eq(coupons.code, code.toUpperCase())))
    .for('update');
  const today = localDateOf(at.getTime(), zone);
  if (coupon?.status !== 'active' || (coupon.startDate && today < coupon.startDate) || (coupon.endDate && today > coupon.endDate)) throw fieldError('code', 'coupon_not_found');
  const scope: CouponScope = coupon.serviceIds.length || coupon.productIds.length ? { service_ids: coupon.serviceIds, product_ids: coupon.productIds } : null;
  if (scope) {
    const items = await tx.select({ serviceId: orderItems.serviceId, productId: orderItems.productId }).from(orderItems).where(and(eq(orderItems.tenantId, tenantId), eq(orderItems.orderId, order.id)));
    if (!eligibleLines(scope, items)?.some(Boolean)) throw fieldError('code', 'coupon_not_applicable');
  }
  if (coupon.usageLimit !== null) {
    const [used] = await tx.select({ n: count() }).from(couponRedemptions).where(and(eq(couponRedemptions.tenantId, tenantId), eq(couponRedemptions.couponId, coupon.id)));
    if (Number(used?.n ?? 0) >= coupon.usageLimit) throw fieldError('code', 'coupon_used_up');
  }
  if (coupon.usageLimitPerUser !== null) {
    if (!order.customerId) throw fieldError('code', 'coupon_needs_customer');
    const [mine] = await tx
      .select({ n: count() })
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.tenantId, tenantId), eq(couponRedemptions.couponId, coupon.id), eq(couponRedemptions.customerId, order.customerId)));
    if (Number(mine?.n ?? 0) >= coupon.usageLimitPerUser) throw fieldError('code', 'coupon_customer_limit');
  }
  await tx.insert(couponRedemptions).values({ tenantId, couponId: coupon.id, orderId: order.id, customerId: order.customerId });
  await tx
    .update(orders)
    .set({ couponId: coupon.id, couponCode: coupon.code, couponScope: scope, discountType: coupon.discountType, discountValue: coupon.discountAmount, updatedAt: new Date() })
    .where(and(eq(orders.tenantId, tenantId), eq(orders.id, order.id)));
  return coupon;
}

/**
 * Gives the order's use of its coupon back, under the coupon's row lock like the taking.
 * `dropDiscount`: the coupon leaves the order with its discount (removing it, trashing the order);
 * else the order keeps the discount and the code as history (a cancelled order).
 */
export async function releaseCoupon(tx: Tx, tenantId: string, order: Pick<OrderRow, 'id' | 'couponId'>, dropDiscount: boolean): Promise<boolean> {
  if (!order.couponId) return false;
  await tx
    .select({ id: coupons.id })
    .from(coupons)
    .where(and(eq(coupons.tenantId, tenantId), eq(coupons.id, order.couponId)))
    .for('update');
  await tx.delete(couponRedemptions).where(and(eq(couponRedemptions.tenantId, tenantId), eq(couponRedemptions.orderId, order.id)));
  await tx
    .update(orders)
    .set(dropDiscount ? { couponId: null, couponCode: null, couponScope: null, discountType: null, discountValue: 0, updatedAt: new Date() } : { couponId: null, updatedAt: new Date() })
    .where(and(eq(orders.tenantId, tenantId), eq(orders.id, order.id)));
  return true;
}

/**
 * The order's customer changes: its use of a coupon moves with it, under the coupon's lock, within
 * the coupon's per-customer limit (a guest cannot hold a coupon that has one).
 */
export async function moveCouponUse(tx: Tx, tenantId: string, order: Pick<OrderRow, 'id' | 'couponId'>, customerId: string | null): Promise<void> {
  if (!order.couponId) return;
  const [coupon] = await tx
    .select()
    .from(coupons)
    .where(and(eq(coupons.tenantId, tenantId), eq(coupons.id, order.couponId)))
    .for('update');
  if (coupon?.usageLimitPerUser != null) {
    if (!customerId) throw fieldError('customer_id', 'coupon_needs_customer');
    const [mine] = await tx
      .select({ n: count() })
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.tenantId, tenantId), eq(couponRedemptions.couponId, coupon.id), eq(couponRedemptions.customerId, customerId), sql`${couponRedemptions.orderId} <> ${order.id}`));
    if (Number(mine?.n ?? 0) >= coupon.usageLimitPerUser) throw fieldError('customer_id', 'coupon_customer_limit');
  }
  await tx.update(couponRedemptions).set({ customerId }).where(and(eq(couponRedemptions.tenantId, tenantId), eq(couponRedemptions.orderId, order.id)));
}
