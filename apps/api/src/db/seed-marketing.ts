import { addDays, localDateOf } from '@app/shared/scheduling/zoned';
import { and, asc, count, desc, eq, gt, sql } from 'drizzle-orm';
import { redeemCoupon } from '../modules/marketing/coupons.service';
import { recalculateOrder } from '../modules/orders/order-core';
import type { Tx } from './client';
import { services } from './schema/business';
import { coupons } from './schema/marketing';
import { orders } from './schema/sales';
import { tenants } from './schema/tenants';

/**
 * The demo's coupons (issue 18 §2), once: a running Ramadan offer, a welcome amount once per
 * customer, one for two services only, and last year's National Day code, switched off; two of the
 * coming unpaid orders hold one, taken through the coupons module as the order screen would.
 */
export async function ensureDemoCoupons(tx: Tx, tenantId: string, now: Date): Promise<void> {
  const [has] = await tx.select({ n: count() }).from(coupons).where(eq(coupons.tenantId, tenantId));
  if (Number(has?.n ?? 0) > 0) return;
  const [tenant] = await tx.select({ zone: tenants.timezone }).from(tenants).where(eq(tenants.id, tenantId));
  const zone = tenant?.zone ?? 'Asia/Riyadh';
  const today = localDateOf(now.getTime(), zone);
  const hair = await tx.select({ id: services.id }).from(services).where(eq(services.tenantId, tenantId)).orderBy(asc(services.createdAt)).limit(2);
  await tx.insert(coupons).values([
    { tenantId, code: 'RAMADAN20', name: 'عرض رمضان — خصم 20٪', description: 'على كل الخدمات والمنتجات طوال الشهر', discountType: 'percentage', discountAmount: 2000, startDate: addDays(today, -10), endDate: addDays(today, 20), usageLimit: 200 },
    { tenantId, code: 'WELCOME50', name: 'أهلًا بك — 50 ريالًا', description: 'لأول زيارة، مرة واحدة لكل عميل', discountType: 'fixed', discountAmount: 5000, usageLimitPerUser: 1 },
    { tenantId, code: 'HAIR15', name: 'خصم 15٪ على خدمات الشعر', discountType: 'percentage', discountAmount: 1500, serviceIds: hair.map((s) => s.id), usageLimit: 100 },
    { tenantId, code: 'NATIONALDAY94', name: 'اليوم الوطني 94', discountType: 'percentage', discountAmount: 2500, startDate: addDays(today, -75), endDate: addDays(today, -60), status: 'inactive' },
  ]);
  const open = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.tenantId, tenantId),
        eq(orders.status, 'confirmed'),
        eq(orders.paidAmount, 0),
        eq(orders.isDraft, false),
        gt(orders.total, 0),
        sql`${orders.deletedAt} is null and ${orders.customerId} is not null and ${orders.discountType} is null`,
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(2);
  for (const [i, order] of open.entries()) {
    try {
      await tx.transaction(async (sp) => {
        await redeemCoupon(sp, tenantId, order, i === 0 ? 'WELCOME50' : 'RAMADAN20', zone, now);
        await recalculateOrder(sp, tenantId, order.id);
      });
    } catch {
      // An order the coupon does not fit stays as it was.
    }
  }
}
