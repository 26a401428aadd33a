import { EMPTY_AUDIENCE } from '@app/shared/schemas/campaigns';
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import { countAudience } from '../modules/marketing/campaigns.service';
import { renderTemplate } from '../modules/notifications/notify';
import type { Tx } from './client';
import { customers, customerTags, tags } from './schema/customers';
import { campaignRecipients, campaigns } from './schema/marketing';
import { notifications } from './schema/notifications';
import { tenants } from './schema/tenants';

const MINUTE = 60_000;
const DAY = 86_400_000;

/**
 * The demo's campaigns (issue 18 §2), once: last week's weekend offer to the regular customers, sent
 * by SMS with its results (delivered, one the provider refused, those without a phone skipped), and
 * an English Eid greeting to the VIPs scheduled ten days ahead, which the campaigns job starts then.
 */
export async function ensureDemoCampaigns(tx: Tx, tenantId: string, now: Date): Promise<void> {
  const [has] = await tx.select({ n: count() }).from(campaigns).where(eq(campaigns.tenantId, tenantId));
  if (Number(has?.n ?? 0) > 0) return;
  const [tenant] = await tx.select({ name: tenants.name, storeName: tenants.storeName }).from(tenants).where(eq(tenants.id, tenantId));
  const businessName = tenant?.storeName ?? tenant?.name ?? '';
  const tagIds = new Map((await tx.select({ id: tags.id, name: tags.name }).from(tags).where(eq(tags.tenantId, tenantId))).map((t) => [t.name, t.id]));
  const regular = tagIds.get('عميلة دائمة');
  const vip = tagIds.get('VIP');

  // The completed one: its recipients are the regulars then (or every customer when the tag is gone).
  const audience = { ...EMPTY_AUDIENCE, tag_ids: regular ? [regular] : [] };
  const content = 'أهلًا {{customer_name}}، خصم 20٪ على خدمات الشعر هذا الأسبوع لدى {{business_name}}. نسعد بزيارتك!';
  const startedAt = new Date(now.getTime() - 5 * DAY);
  const people = await tx
    .select({ id: customers.id, first: customers.firstName, last: customers.lastName, phone: customers.phone, email: customers.email })
    .from(customers)
    .where(
      and(
        eq(customers.tenantId, tenantId),
        isNull(customers.blockedAt),
        isNull(customers.marketingOptOutAt),
        regular ? inArray(customers.id, tx.select({ id: customerTags.customerId }).from(customerTags).where(and(eq(customerTags.tenantId, tenantId), eq(customerTags.tagId, regular)))) : undefined,
      ),
    )
    .limit(40);
  const reachable = people.filter((p) => p.phone);
  const [done] = await tx
    .insert(campaigns)
    .values({
      tenantId,
      name: 'عرض نهاية الأسبوع للعميلات الدائمات',
      channel: 'sms',
      content,
      audience,
      targetedCount: reachable.length,
      scheduledAt: startedAt,
      status: 'completed',
      startedAt,
      finishedAt: new Date(startedAt.getTime() + 2 * MINUTE),
      createdAt: new Date(startedAt.getTime() - DAY),
      updatedAt: startedAt,
    })
    .returning();
  for (const [i, p] of people.entries()) {
    const name = `${p.first} ${p.last}`.trim();
    if (!p.phone) {
      await tx.insert(campaignRecipients).values({ tenantId, campaignId: done!.id, customerId: p.id, name, phone: null, email: p.email, status: 'skipped', failReason: 'no phone number', createdAt: startedAt });
      continue;
    }
    const [r] = await tx
      .insert(campaignRecipients)
      .values({ tenantId, campaignId: done!.id, customerId: p.id, name, phone: p.phone, email: p.email, status: 'queued', createdAt: startedAt })
      .returning({ id: campaignRecipients.id });
    // One number the provider refused; the rest handed over, paced like the job (30 a tick of 2 s).
    const failed = i === 2;
    const at = new Date(startedAt.getTime() + Math.floor(i / 30) * 2000 + 1000);
    const [n] = await tx
      .insert(notifications)
      .values({
        tenantId,
        action: 'campaign',
        channel: 'sms',
        receiverType: 'customer',
        receiverId: p.id,
        receiverName: name,
        phone: p.phone,
        email: p.email,
        body: renderTemplate(content, { customer_name: name, business_name: businessName }),
        status: failed ? 'failed' : 'sent',
        failReason: failed ? 'the provider rejected the number' : null,
        sentAt: failed ? null : at,
        campaignId: done!.id,
        idempotencyKey: `campaign:${r!.id}`,
        createdAt: at,
      })
      .returning({ id: notifications.id });
    await tx.update(campaignRecipients).set({ notificationId: n!.id }).where(and(eq(campaignRecipients.tenantId, tenantId), eq(campaignRecipients.id, r!.id)));
  }

  // The scheduled one, in English, to the VIPs in ten days at 18:00 UTC (21:00 in Riyadh).
  const eid = { ...EMPTY_AUDIENCE, tag_ids: vip ? [vip] : [] };
  const at = new Date(now.getTime() + 10 * DAY);
  at.setUTCHours(18, 0, 0, 0);
  const { targeted } = await countAudience(tx, tenantId, eid, 'sms', now);
  await tx.insert(campaigns).values({
    tenantId,
    name: 'Eid greetings to our VIPs',
    channel: 'sms',
    content: 'Eid Mubarak, {{customer_name}}! Enjoy 25% off any service at {{business_name}} during the Eid week.',
    audience: eid,
    targetedCount: targeted,
    scheduledAt: at,
    status: 'scheduled',
    createdAt: new Date(now.getTime() - DAY),
    updatedAt: new Date(now.getTime() - DAY),
  });
}
