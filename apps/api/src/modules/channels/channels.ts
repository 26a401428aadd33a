import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { notifications } from '../../db/schema/notifications';
import { tenants } from '../../db/schema/tenants';
import type { DeliveryReport } from '../../integrations/sms/delivery-report';

/**
 * Which app channels this server can send on (spec §8: "notification cannot be added when no app
 * exists for the channel"). Set once by buildApp from the configuration: WhatsApp through the Cloud
 * API reaches every business; without it a business sends on WhatsApp once its QR link is connected.
 * Web push needs the server's VAPID keys.
 */
let available = { whatsappCloud: false, push: false };

export function configureChannels(next: { whatsappCloud: boolean; push: boolean }) {
  available = { ...next };
}
export const channelsAvailable = () => available;

/**
 * Why a business cannot send on `channel` now (null: it can). SMS and e-mail always can (their local
 * defaults keep the message in the outbox); WhatsApp needs the Cloud API or a connected QR link;
 * push needs VAPID keys.
 */
export async function appChannelBlock(exec: Executor, tenantId: string, channel: string): Promise<string | null> {
  if (channel !== 'whatsapp' || available.whatsappCloud) return appChannelBlockOf(channel, null);
  const [t] = await exec.select({ status: tenants.whatsappStatus }).from(tenants).where(eq(tenants.id, tenantId));
  return appChannelBlockOf(channel, t?.status ?? null);
}

/** `appChannelBlock` for a caller that read the business's WhatsApp link status already. */
export function appChannelBlockOf(channel: string, whatsappStatus: string | null): string | null {
  if (channel === 'push') return available.push ? null : 'no push app configured';
  if (channel !== 'whatsapp' || available.whatsappCloud) return null;
  return whatsappStatus === 'connected' ? null : 'no whatsapp app connected';
}

/**
 * Where a message on `channel` goes: an e-mail address, a phone (SMS and WhatsApp), or for push the
 * receiver's account (its browsers' subscriptions; customers have none here).
 */
export function channelAddress(channel: string, to: { email: string | null; phone: string | null; userId: string | null }): string | null {
  if (channel === 'email') return to.email;
  if (channel === 'sms' || channel === 'whatsapp') return to.phone;
  if (channel === 'push') return to.userId;
  return null;
}

/** Why a message cannot be sent (null: it can): the channel's app first, then a way to reach the receiver. */
export async function unreachableReason(exec: Executor, tenantId: string, channel: string, address: string | null): Promise<string | null> {
  return (await appChannelBlock(exec, tenantId, channel)) ?? unreachableReasonOf(channel, address, 'connected');
}

/** `unreachableReason` for a caller that read the business's WhatsApp link status already. */
export function unreachableReasonOf(channel: string, address: string | null, whatsappStatus: string | null): string | null {
  const block = appChannelBlockOf(channel, whatsappStatus);
  if (block) return block;
  if (address) return null;
  return channel === 'email' ? 'no e-mail address' : channel === 'push' ? 'no account to notify' : 'no phone number';
}

/** The provider's id for a sent message, which its delivery callbacks name (system connection: the worker). */
export async function recordProviderRef(db: Database, notificationId: string, ref: string): Promise<void> {
  await db.update(notifications).set({ providerRef: ref.slice(0, 200) }).where(eq(notifications.id, notificationId));
}

/**
 * A provider's delivery report: the SMS notification it names becomes `success` (delivered) or
 * `failed` with the provider's reason. A report for a message we do not know changes nothing.
 * Answers whether a notification was updated.
 */
export async function applyDeliveryReport(db: Database, report: DeliveryReport, channel: 'sms' | 'whatsapp' = 'sms'): Promise<boolean> {
  const updated = await db
    .update(notifications)
    .set(report.outcome === 'delivered' ? { status: 'success', failReason: null } : { status: 'failed', failReason: report.reason })
    .where(and(eq(notifications.providerRef, report.ref), eq(notifications.channel, channel), sql`${notifications.status} <> 'not-sent'`))
    .returning({ id: notifications.id });
  return updated.length > 0;
}
