import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notifications, pushSubscriptions } from '../../db/schema/notifications';
import type { PushAdapter } from '../../integrations/push/push.adapter';
import type { EmailAdapter } from '../../integrations/email/email.adapter';
import type { SmsAdapter } from '../../integrations/sms/sms.adapter';
import type { WhatsappAdapter } from '../../integrations/whatsapp/whatsapp.adapter';
import type { OutboxRow } from '../outbox/outbox.service';

/** The adapters of every channel (app.ts deliveryFor). WhatsApp and push are optional for callers that deliver e-mail and SMS only (tests). */
export type ChannelAdapters = { email: EmailAdapter; sms: SmsAdapter; whatsapp?: WhatsappAdapter; push?: PushAdapter };

/**
 * Hands one outbox message to its channel's adapter, with the outbox row's id as the idempotency key
 * (the same for every attempt). Answers the adapter's name and the provider's id for the message, if
 * it gave one. A channel without an adapter throws, so the message is retried and then failed with
 * that reason rather than lost.
 */
export async function dispatch(db: Database, adapters: ChannelAdapters, row: OutboxRow): Promise<{ provider: string; ref: string | null }> {
  const key = row.id;
  switch (row.channel) {
    case 'email': {
      await adapters.email.send({ to: row.recipient, subject: row.subject ?? '', text: row.body, idempotencyKey: key });
      return { provider: adapters.email.name, ref: null };
    }
    case 'sms': {
      const ref = await adapters.sms.send({ to: row.recipient, body: row.body, idempotencyKey: key });
      return { provider: adapters.sms.name, ref: ref ? String(ref) : null };
    }
    case 'whatsapp': {
      if (!adapters.whatsapp) throw new Error('no whatsapp adapter');
      const ref = await adapters.whatsapp.send({ to: row.recipient, body: row.body, category: await whatsappCategory(db, row.notificationId), idempotencyKey: key });
      return { provider: adapters.whatsapp.name, ref: ref ? String(ref) : null };
    }
    case 'push': {
      if (!adapters.push) throw new Error('no push adapter');
      return { provider: adapters.push.name, ref: await sendPush(db, adapters.push, row) };
    }
    default:
      throw new Error(`no adapter for the ${row.channel} channel`);
  }
}

/** A campaign's message is marketing (its own approved template); every other notification is utility. */
async function whatsappCategory(db: Database, notificationId: string | null): Promise<'utility' | 'marketing'> {
  if (!notificationId) return 'utility';
  const [n] = await db.select({ campaignId: notifications.campaignId }).from(notifications).where(eq(notifications.id, notificationId));
  return n?.campaignId ? 'marketing' : 'utility';
}

/**
 * A push message goes to every browser the receiving account subscribed (the recipient is the
 * account's id); a subscription the browser dropped is forgotten. None left: an error, so the log
 * says why. Answers no provider ref (push services give none to call back with).
 */
async function sendPush(db: Database, push: PushAdapter, row: OutboxRow): Promise<null> {
  if (!row.tenantId) throw new Error('no business for a push message');
  const subs = await db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.tenantId, row.tenantId), eq(pushSubscriptions.userId, row.recipient)));
  if (!subs.length) throw new Error('no browser subscription');
  const [n] = row.notificationId ? await db.select({ orderId: notifications.orderId }).from(notifications).where(eq(notifications.id, row.notificationId)) : [];
  const payload = { title: row.subject || 'Khidma', body: row.body, url: n?.orderId ? `/orders/${n.orderId}` : '/dashboard', tag: row.id };
  let reached = 0;
  for (const sub of subs) {
    const outcome = await push.send({ endpoint: sub.endpoint, keys: sub.keys }, payload);
    if (outcome === 'gone') await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.tenantId, sub.tenantId), eq(pushSubscriptions.id, sub.id)));
    else reached++;
  }
  if (!reached) throw new Error('no browser subscription');
  return null;
}
