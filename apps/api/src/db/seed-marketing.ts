import { addDays, localDateOf } from '@app/shared/scheduling/zoned';
import { and, asc, count, desc, eq, gt, sql } from 'drizzle-orm';
import { redeemCoupon } from '../modules/marketing/coupons.service';
import { bookingContext, compose } from '../modules/notifications/notify';
import { recalculateOrder } from '../modules/orders/order-core';
import type { Tx } from './client';
import { services } from './schema/business';
import { coupons } from './schema/marketing';
import { notifications, notificationTemplates } from './schema/notifications';
import { bookings, orders } from './schema/sales';
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

/**
 * The demo's notifications (issue 18 §1), once: templates in both languages (a message when a
 * booking is made, cancelled or moved, reminders a day and two hours before) and a week of their log
 * for the bookings of the past days — sent, one the provider failed, one not sent for want of a phone —
 * composed by the notifications module as the live ones are. New bookings get theirs live.
 */
export async function ensureDemoNotifications(tx: Tx, tenantId: string, now: Date): Promise<void> {
  const [has] = await tx.select({ n: count() }).from(notificationTemplates).where(eq(notificationTemplates.tenantId, tenantId));
  if (Number(has?.n ?? 0) > 0) return;
  const made = await tx
    .insert(notificationTemplates)
    .values([
      { tenantId, action: 'booking_created', channel: 'sms', receiver: 'customer', bodyAr: 'أهلًا {{customer_name}}، تم حجز {{service_name}} يوم {{date}} الساعة {{time}} لدى {{business_name}}. رقم الحجز {{booking_number}}', bodyEn: 'Hi {{customer_name}}, your {{service_name}} is booked for {{date}} at {{time}} at {{business_name}}. Booking {{booking_number}}' },
      { tenantId, action: 'booking_created', channel: 'email', receiver: 'staff', titleAr: 'حجز جديد', titleEn: 'New booking', bodyAr: 'حجز جديد: {{service_name}} مع {{customer_name}} يوم {{date}} الساعة {{time}}', bodyEn: 'New booking: {{service_name}} with {{customer_name}} on {{date}} at {{time}}' },
      { tenantId, action: 'booking_cancelled', channel: 'sms', receiver: 'customer', bodyAr: 'أُلغي موعدك {{service_name}} يوم {{date}}. نسعد بحجزك مرة أخرى — {{business_name}}', bodyEn: 'Your {{service_name}} on {{date}} was cancelled. We hope to see you again — {{business_name}}' },
      { tenantId, action: 'booking_rescheduled', channel: 'sms', receiver: 'customer', bodyAr: 'تغيّر موعدك {{service_name}} إلى {{date}} الساعة {{time}}', bodyEn: 'Your {{service_name}} moved to {{date}} at {{time}}' },
      { tenantId, action: 'booking_reminder', channel: 'sms', receiver: 'customer', offsetMinutes: 24 * 60, bodyAr: 'تذكير: موعدك {{service_name}} غدًا الساعة {{time}} في {{branch_name}}', bodyEn: 'Reminder: your {{service_name}} is tomorrow at {{time}} at {{branch_name}}' },
      { tenantId, action: 'booking_reminder', channel: 'sms', receiver: 'customer', offsetMinutes: 120, bodyAr: 'نراك بعد ساعتين: {{service_name}} الساعة {{time}}', bodyEn: 'See you in two hours: {{service_name}} at {{time}}' },
    ])
    .returning();
  const created = made.find((t) => t.action === 'booking_created' && t.channel === 'sms')!;
  const dayBefore = made.find((t) => t.action === 'booking_reminder' && t.offsetMinutes === 24 * 60)!;
  const recent = await tx
    .select({ id: bookings.id, startAt: bookings.startAt, createdAt: bookings.createdAt })
    .from(bookings)
    .where(and(eq(bookings.tenantId, tenantId), sql`${bookings.startAt} between ${new Date(now.getTime() - 6 * 86_400_000).toISOString()}::timestamptz and ${now.toISOString()}::timestamptz`))
    .orderBy(desc(bookings.startAt))
    .limit(14);
  for (const [i, b] of recent.entries()) {
    const c = await bookingContext(tx, tenantId, b.id);
    if (!c) continue;
    for (const [t, at] of [
      [created, new Date(Math.min(b.createdAt.getTime(), b.startAt.getTime() - 26 * 3_600_000))],
      [dayBefore, new Date(b.startAt.getTime() - 24 * 3_600_000)],
    ] as const) {
      const { values } = compose(t, c);
      const failed = i === 3 && t === dayBefore;
      const status = values.status === 'not-sent' ? 'not-sent' : failed ? 'failed' : 'sent';
      await tx.insert(notifications).values({
        ...values,
        status,
        failReason: failed ? 'Provider rejected the number (invalid destination)' : values.failReason,
        sentAt: status === 'sent' ? at : null,
        createdAt: at,
        dueStartAt: t === dayBefore ? b.startAt : null,
        idempotencyKey: `${t.action}:${b.id}:${t.id}:${t === dayBefore ? b.startAt.toISOString() : 'created'}`,
      }).onConflictDoNothing();
    }
  }
}
