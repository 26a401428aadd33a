import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Tx } from './client';
import { services } from './schema/business';
import { customers } from './schema/customers';
import { comments, reviews } from './schema/marketing';
import { notificationTemplates } from './schema/notifications';
import { orderItems, orders } from './schema/sales';
import { users } from './schema/users';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** What the demo's customers said, newest first: Arabic and English, every status, some answered. */
const SAID: { rating: number; body: string | null; status: 'pending' | 'approved' | 'rejected'; reply?: string }[] = [
  { rating: 5, body: 'الموظفة محترفة جدًا والمكان نظيف ومرتب، شكرًا لكم', status: 'pending' },
  { rating: 4, body: 'Very relaxing visit, I will book again.', status: 'pending' },
  { rating: 3, body: null, status: 'pending' },
  { rating: 5, body: 'خدمة رائعة وتعامل راقٍ، سأعود بالتأكيد', status: 'approved', reply: 'شكرًا لك! سعدنا بزيارتك ونراك قريبًا' },
  { rating: 4, body: 'Great haircut, though I waited ten minutes past my time.', status: 'approved', reply: 'Thank you! We are sorry for the wait and are working on it.' },
  { rating: 5, body: 'Loved it, thank you!', status: 'approved' },
  { rating: 1, body: 'احصل على خصم 90٪ من متجرنا الآن عبر الرابط', status: 'rejected' },
  { rating: 2, body: 'تأخر الموعد أكثر من نصف ساعة', status: 'approved', reply: 'نعتذر عن التأخير، وقد عالجنا جدول المواعيد. يسعدنا أن نراك مرة أخرى' },
];

/** Words left in the store on the services (issue 19 builds the store; these stand for them). */
const COMMENTS: { byName: string; body: string; status: 'pending' | 'published' | 'unpublished'; reply?: string }[] = [
  { byName: 'نورة العتيبي', body: 'هل الخدمة متاحة في المساء بعد الساعة التاسعة؟', status: 'pending' },
  { byName: 'Sarah Williams', body: 'Is this suitable for curly hair?', status: 'published', reply: 'Yes! Our stylists work with every hair type.' },
  { byName: 'ريم الشهري', body: 'جربتها الأسبوع الماضي والنتيجة ممتازة', status: 'published', reply: 'شكرًا ريم، سعدنا بثقتك' },
  { byName: 'Guest', body: 'cheap followers here >>> bit.ly/xyz', status: 'unpublished' },
];

/**
 * The demo's reviews and comments (issue 18 §3), once: the review request template (a text with
 * the signed link, sent by the orders module when a visit is completed), reviews on the latest
 * completed visits — pending, approved with the business's reply, one rejected as spam — and a few
 * comments on the services, published, pending and hidden.
 */
export async function ensureDemoReviews(tx: Tx, tenantId: string, now: Date): Promise<void> {
  const [has] = await tx.select({ n: count() }).from(reviews).where(eq(reviews.tenantId, tenantId));
  if (Number(has?.n ?? 0) > 0) return;
  const [template] = await tx
    .select({ n: count() })
    .from(notificationTemplates)
    .where(and(eq(notificationTemplates.tenantId, tenantId), eq(notificationTemplates.action, 'review_request')));
  if (Number(template?.n ?? 0) === 0) {
    await tx.insert(notificationTemplates).values({
      tenantId,
      action: 'review_request',
      channel: 'sms',
      receiver: 'customer',
      bodyAr: 'شكرًا لزيارتك {{business_name}} يا {{customer_name}}! قيّم زيارتك: {{review_link}}',
      bodyEn: 'Thank you for visiting {{business_name}}, {{customer_name}}! Rate your visit: {{review_link}}',
    });
  }
  const [owner] = await tx.select({ id: users.id }).from(users).where(and(eq(users.tenantId, tenantId), eq(users.isOwner, true))).limit(1);

  const done = await tx
    .select({ id: orders.id, customerId: orders.customerId, providerId: orders.providerId, createdAt: orders.createdAt, firstName: customers.firstName, lastName: customers.lastName })
    .from(orders)
    .innerJoin(customers, and(eq(customers.tenantId, orders.tenantId), eq(customers.id, orders.customerId)))
    .where(and(eq(orders.tenantId, tenantId), inArray(orders.status, ['completed', 'invoiced']), eq(orders.isDraft, false), isNull(orders.deletedAt)))
    .orderBy(desc(orders.createdAt))
    .limit(SAID.length);
  const lines = done.length
    ? await tx
        .select({ orderId: orderItems.orderId, providerId: orderItems.providerId })
        .from(orderItems)
        .where(and(eq(orderItems.tenantId, tenantId), inArray(orderItems.orderId, done.map((o) => o.id)), eq(orderItems.type, 'service')))
        .orderBy(asc(orderItems.sortOrder))
    : [];
  const rows = done.map((o, i) => {
    const said = SAID[i]!;
    // A day or so after the visit, never in the future; older visits were reviewed longer ago.
    const at = new Date(Math.min(now.getTime() - (i + 1) * 5 * HOUR, o.createdAt.getTime() + 20 * HOUR));
    return {
      tenantId,
      orderId: o.id,
      customerId: o.customerId,
      providerId: o.providerId ?? lines.find((l) => l.orderId === o.id && l.providerId)?.providerId ?? null,
      byName: `${o.firstName} ${o.lastName}`.trim(),
      rating: said.rating,
      body: said.body,
      status: said.status,
      reply: said.reply ?? null,
      repliedBy: said.reply ? (owner?.id ?? null) : null,
      repliedAt: said.reply ? new Date(at.getTime() + 3 * HOUR) : null,
      moderatedBy: said.status === 'pending' ? null : (owner?.id ?? null),
      moderatedAt: said.status === 'pending' ? null : new Date(at.getTime() + 2 * HOUR),
      createdAt: at,
    };
  });
  if (rows.length) await tx.insert(reviews).values(rows);

  const offered = await tx.select({ id: services.id }).from(services).where(eq(services.tenantId, tenantId)).orderBy(asc(services.createdAt)).limit(COMMENTS.length);
  if (!offered.length) return;
  await tx.insert(comments).values(
    COMMENTS.map((c, i) => {
      const at = new Date(now.getTime() - (i * 2 + 1) * DAY);
      return {
        tenantId,
        subjectType: 'service',
        subjectId: offered[i % offered.length]!.id,
        byName: c.byName,
        body: c.body,
        status: c.status,
        reply: c.reply ?? null,
        repliedBy: c.reply ? (owner?.id ?? null) : null,
        repliedAt: c.reply ? new Date(at.getTime() + 4 * HOUR) : null,
        createdAt: at,
      };
    }),
  );
}
