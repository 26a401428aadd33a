import { formatMoney } from '@app/shared/format';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { orderContext, orderVariables, renderTemplate } from '../modules/notifications/notify';
import type { Tx } from './client';
import { invoices } from './schema/invoices';
import { reviews } from './schema/marketing';
import { appNotifications, notifications, notificationTemplates } from './schema/notifications';
import { orders, transactions } from './schema/sales';
import { users } from './schema/users';

const MIN = 60_000;

/**
 * The demo's order and payment messages and its bell (issue 18 §1), once: templates for an order
 * invoiced and a payment received (SMS to the customer, both languages) with their log for the last
 * invoices and payments, composed by the notifications module as live ones are; and a few notes on
 * the owner's bell — a transfer receipt to review, an online payment, a review waiting — each
 * opening its page.
 */
export async function ensureDemoBell(tx: Tx, tenantId: string, now: Date): Promise<void> {
  const [has] = await tx
    .select({ n: count() })
    .from(notificationTemplates)
    .where(and(eq(notificationTemplates.tenantId, tenantId), sql`${notificationTemplates.action} in ('order_invoiced', 'payment_received')`));
  if (Number(has?.n ?? 0) > 0) return;
  const [invoiced, paid] = await tx
    .insert(notificationTemplates)
    .values([
      {
        tenantId,
        action: 'order_invoiced',
        channel: 'sms',
        receiver: 'customer',
        bodyAr: 'أهلًا {{customer_name}}، صدرت فاتورتك رقم {{invoice_number}} للطلب {{order_number}} بمبلغ {{amount}}. شكرًا لزيارتك {{business_name}}',
        bodyEn: 'Hi {{customer_name}}, your invoice {{invoice_number}} for order {{order_number}} of {{amount}} is issued. Thank you for visiting {{business_name}}',
      },
      {
        tenantId,
        action: 'payment_received',
        channel: 'sms',
        receiver: 'customer',
        bodyAr: 'استلمنا دفعتك {{amount}} للطلب {{order_number}}. شكرًا لك — {{business_name}}',
        bodyEn: 'We received your payment of {{amount}} for order {{order_number}}. Thank you — {{business_name}}',
      },
    ])
    .returning();
  if (!invoiced || !paid) return;

  // Their log: the last few invoices and payments of customers, sent when they happened.
  const lastInvoices = await tx
    .select({ id: invoices.id, orderId: invoices.orderId, number: invoices.number, total: invoices.total, at: invoices.createdAt })
    .from(invoices)
    .where(and(eq(invoices.tenantId, tenantId), eq(invoices.type, 'tax')))
    .orderBy(desc(invoices.createdAt))
    .limit(5);
  const lastPayments = await tx
    .select({ id: transactions.id, orderId: transactions.orderId, amount: transactions.amount, at: transactions.createdAt })
    .from(transactions)
    .where(and(eq(transactions.tenantId, tenantId), eq(transactions.status, 'confirmed'), eq(transactions.kind, 'payment'), isNull(transactions.deletedAt)))
    .orderBy(desc(transactions.createdAt))
    .limit(6);
  const events = [
    ...lastInvoices.map((i) => ({ template: invoiced, orderId: i.orderId, event: i.id, at: i.at, extra: { invoice_number: String(i.number), amount: i.total } })),
    ...lastPayments.map((p) => ({ template: paid, orderId: p.orderId, event: p.id, at: p.at, extra: { amount: p.amount } })),
  ];
  for (const e of events) {
    const c = await orderContext(tx, tenantId, e.orderId);
    if (!c?.customer?.phone) continue;
    const locale = c.tenant.locale === 'en' ? 'en' : 'ar';
    const vars = orderVariables(c, locale, e.extra);
    await tx
      .insert(notifications)
      .values({
        tenantId,
        templateId: e.template.id,
        action: e.template.action,
        channel: 'sms',
        receiverType: 'customer',
        receiverId: c.customer.id,
        receiverName: `${c.customer.firstName} ${c.customer.lastName}`.trim(),
        phone: c.customer.phone,
        email: c.customer.email,
        body: renderTemplate(locale === 'en' ? e.template.bodyEn : e.template.bodyAr, vars),
        status: 'sent',
        orderId: e.orderId,
        sentAt: e.at,
        createdAt: e.at,
        idempotencyKey: `${e.template.action}:${e.orderId}:${e.template.id}:${e.event}`,
      })
      .onConflictDoNothing();
  }

  // The owner's bell.
  const [owner] = await tx.select({ id: users.id }).from(users).where(and(eq(users.tenantId, tenantId), eq(users.isOwner, true))).limit(1);
  if (!owner) return;
  const [noted] = await tx.select({ n: count() }).from(appNotifications).where(and(eq(appNotifications.tenantId, tenantId), eq(appNotifications.userId, owner.id)));
  if (Number(noted?.n ?? 0) > 0) return;
  const numberOf = async (orderId: string) => (await tx.select({ number: orders.number }).from(orders).where(and(eq(orders.tenantId, tenantId), eq(orders.id, orderId))))[0]?.number ?? 0;
  const notes: (typeof appNotifications.$inferInsert)[] = [];
  const [waiting] = await tx
    .select({ id: transactions.id, orderId: transactions.orderId, amount: transactions.amount, currency: transactions.currency })
    .from(transactions)
    .where(and(eq(transactions.tenantId, tenantId), eq(transactions.status, 'wait'), isNull(transactions.deletedAt)))
    .orderBy(desc(transactions.createdAt))
    .limit(1);
  if (waiting) {
    const n = await numberOf(waiting.orderId);
    notes.push({
      tenantId,
      userId: owner.id,
      kind: 'transaction_review',
      titleAr: 'إيصال تحويل بانتظار المراجعة',
      titleEn: 'Bank transfer receipt to review',
      bodyAr: `${formatMoney(waiting.amount, 'ar', waiting.currency)} على الطلب #${n}`,
      bodyEn: `${formatMoney(waiting.amount, 'en', waiting.currency)} on order #${n}`,
      url: `/sales/transactions/${waiting.id}`,
      createdAt: new Date(now.getTime() - 12 * MIN),
    });
  }
  const [online] = await tx
    .select({ id: transactions.id, orderId: transactions.orderId, amount: transactions.amount, currency: transactions.currency })
    .from(transactions)
    .where(and(eq(transactions.tenantId, tenantId), eq(transactions.status, 'confirmed'), eq(transactions.paymentMethod, 'online'), isNull(transactions.deletedAt)))
    .orderBy(desc(transactions.createdAt))
    .limit(1);
  if (online) {
    const n = await numberOf(online.orderId);
    notes.push({
      tenantId,
      userId: owner.id,
      kind: 'payment_received',
      titleAr: `دفعة مستلمة ${formatMoney(online.amount, 'ar', online.currency)}`,
      titleEn: `Payment received ${formatMoney(online.amount, 'en', online.currency)}`,
      bodyAr: `دُفع إلكترونياً على الطلب #${n}`,
      bodyEn: `Paid online on order #${n}`,
      url: `/sales/transactions/${online.id}`,
      createdAt: new Date(now.getTime() - 95 * MIN),
    });
  }
  const [pendingReview] = await tx
    .select({ id: reviews.id, byName: reviews.byName, rating: reviews.rating })
    .from(reviews)
    .where(and(eq(reviews.tenantId, tenantId), eq(reviews.status, 'pending')))
    .orderBy(desc(reviews.createdAt))
    .limit(1);
  if (pendingReview) {
    notes.push({
      tenantId,
      userId: owner.id,
      kind: 'review_received',
      titleAr: `تقييم جديد من ${pendingReview.byName} (${pendingReview.rating}/5)`,
      titleEn: `New review from ${pendingReview.byName} (${pendingReview.rating}/5)`,
      bodyAr: 'بانتظار مراجعتك قبل نشره',
      bodyEn: 'Waiting for your approval before it is published',
      url: '/marketing/reviews',
      createdAt: new Date(now.getTime() - 26 * 60 * MIN),
    });
  }
  notes.push({
    tenantId,
    userId: owner.id,
    kind: 'general',
    titleAr: 'قوالب جديدة للطلبات والمدفوعات',
    titleEn: 'New templates for orders and payments',
    bodyAr: 'يصل عملاءك الآن إشعار عند إصدار الفاتورة وعند استلام الدفعة.',
    bodyEn: 'Your customers now get a message when their invoice is issued and when their payment is received.',
    url: '/notifications/settings',
    createdAt: new Date(now.getTime() - 3 * 24 * 60 * MIN),
  });
  await tx.insert(appNotifications).values(notes);
}
