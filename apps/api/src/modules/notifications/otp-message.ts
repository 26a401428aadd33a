import { randomUUID } from 'node:crypto';
import type { Locale } from '@app/shared/constants';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { notifications, notificationTemplates } from '../../db/schema/notifications';
import { outboxMessages } from '../../db/schema/outbox';
import { tenants } from '../../db/schema/tenants';
import { t } from '../../i18n/messages';
import { renderTemplate } from './notify';

/** What the log shows instead of the code: staff reading the log never see a customer's code. */
export const OTP_MASK = '••••';

/**
 * A one-time code to a customer's phone by SMS (the public store's phone check, issue 18 §1 `otp`), in
 * the caller's transaction: the business's active SMS `otp` template in `locale` when it has one
 * (`{{code}}`, `{{business_name}}`; one without `{{code}}` is not used), else the built-in text. The message goes through the outbox like
 * every other (logged as a notification, keyed by `event`: one send per event), but the log keeps
 * the text with the code masked. Answers the notification's id.
 */
export async function sendOtpMessage(exec: Executor, tenantId: string, phone: string, code: string, locale: Locale, event: string = randomUUID()): Promise<string | null> {
  const [tenant] = await exec.select({ name: tenants.name, storeName: tenants.storeName }).from(tenants).where(eq(tenants.id, tenantId));
  if (!tenant) return null;
  const business = tenant.storeName ?? tenant.name ?? '';
  const [template] = await exec
    .select()
    .from(notificationTemplates)
    .where(and(eq(notificationTemplates.tenantId, tenantId), eq(notificationTemplates.action, 'otp'), eq(notificationTemplates.channel, 'sms'), eq(notificationTemplates.status, 'active')))
    .orderBy(asc(notificationTemplates.createdAt))
    .limit(1);
  const body = template ? (locale === 'en' ? template.bodyEn : template.bodyAr) || template.bodyAr || template.bodyEn : '';
  // A template that forgot {{code}} would send no code: the built-in text goes instead.
  const usable = /\{\{\s*code\s*\}\}/.test(body);
  const text = (shown: string) => (usable ? renderTemplate(body, { code: shown, business_name: business }) : t('otp_message', locale, { business, code: shown }));
  const [row] = await exec
    .insert(notifications)
    .values({
      tenantId,
      templateId: usable ? (template?.id ?? null) : null,
      action: 'otp',
      channel: 'sms',
      receiverType: 'customer',
      phone,
      title: null,
      body: text(OTP_MASK),
      status: 'pending',
      idempotencyKey: `otp:${phone}:${event}`,
    })
    .onConflictDoNothing()
    .returning({ id: notifications.id });
  if (!row) return null;
  await exec.insert(outboxMessages).values({ tenantId, channel: 'sms', recipient: phone, subject: null, body: text(code), notificationId: row.id });
  return row.id;
}
