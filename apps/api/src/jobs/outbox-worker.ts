import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { EmailAdapter } from '../integrations/email/email.adapter';
import type { SmsAdapter } from '../integrations/sms/sms.adapter';
import type { WhatsappAdapter } from '../integrations/whatsapp/whatsapp.adapter';
import type { PushAdapter } from '../integrations/push/push.adapter';
import { recordProviderRef } from '../modules/channels/channels';
import { dispatch } from '../modules/channels/dispatch';
import { notDueReason, recordDelivery } from '../modules/notifications/notify';
import { claimDueMessages, markDropped, markFailed, markSent } from '../modules/outbox/outbox.service';
import { startPeriodic } from './periodic';

/** The channels' adapters (app.ts deliveryFor); WhatsApp may be left out where only e-mail and SMS are delivered (tests). */
export type Delivery = { email: EmailAdapter; sms: SmsAdapter; whatsapp?: WhatsappAdapter; push?: PushAdapter };

/** Delivers due outbox messages once; returns how many it handled. */
export async function deliverDue(db: Database, delivery: Delivery, log: FastifyBaseLogger, batch = 20): Promise<number> {
  const rows = await claimDueMessages(db, batch);
  for (const row of rows) {
    // A reminder whose appointment was cancelled or moved since it was made is not sent (notify.ts).
    // A campaign's message whose campaign was cancelled is not sent either (its own reason in the log).
    const notDue = row.notificationId ? await notDueReason(db, row.notificationId) : null;
    if (row.notificationId && notDue) {
      await markDropped(db, row.id);
      await recordDelivery(db, row.notificationId, 'not-sent', notDue);
      continue;
    }
    try {
      // The outbox row's id is the message's idempotency key with the provider: a retry is the same message.
      // Routed by channel (email, sms, whatsapp, push): modules/channels/dispatch.ts.
      const { provider, ref } = await dispatch(db, delivery, row);
      await markSent(db, row.id, provider);
      if (row.notificationId) {
        await recordDelivery(db, row.notificationId, 'sent');
        // The provider's id for the message: its delivery callback (webhooks/sms/{provider}) names it.
        if (ref) await recordProviderRef(db, row.notificationId, ref);
      }
    } catch (err) {
      // The message body may hold a code: log the id and the error only.
      log.warn({ messageId: row.id, channel: row.channel, err: (err as Error).message }, 'delivery failed');
      const gaveUp = await markFailed(db, row, (err as Error).message);
      if (row.notificationId) await recordDelivery(db, row.notificationId, gaveUp ? 'failed' : 'retried', (err as Error).message);
    }
  }
  return rows.length;
}

/** Polls the outbox every `intervalMs` until stopped. */
export function startOutboxWorker(db: Database, delivery: Delivery, log: FastifyBaseLogger, intervalMs = 1000) {
  return startPeriodic('outbox worker', () => deliverDue(db, delivery, log), log, intervalMs);
}
