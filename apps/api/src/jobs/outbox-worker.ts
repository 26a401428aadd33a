import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { EmailAdapter } from '../integrations/email/email.adapter';
import type { SmsAdapter } from '../integrations/sms/sms.adapter';
import { recordDelivery, stillDue } from '../modules/notifications/notify';
import { claimDueMessages, markDropped, markFailed, markSent } from '../modules/outbox/outbox.service';
import { startPeriodic } from './periodic';

export type Delivery = { email: EmailAdapter; sms: SmsAdapter };

/** Delivers due outbox messages once; returns how many it handled. */
export async function deliverDue(db: Database, delivery: Delivery, log: FastifyBaseLogger, batch = 20): Promise<number> {
  const rows = await claimDueMessages(db, batch);
  for (const row of rows) {
    const adapter = row.channel === 'email' ? delivery.email : delivery.sms;
    // A reminder whose appointment was cancelled or moved since it was made is not sent (notify.ts).
    if (row.notificationId && !(await stillDue(db, row.notificationId))) {
      await markDropped(db, row.id);
      await recordDelivery(db, row.notificationId, 'not-sent', 'the appointment was cancelled or moved');
      continue;
    }
    try {
      // The outbox row's id is the message's idempotency key with the provider: a retry is the same message.
      if (row.channel === 'email') await delivery.email.send({ to: row.recipient, subject: row.subject ?? '', text: row.body, idempotencyKey: row.id });
      else await delivery.sms.send({ to: row.recipient, body: row.body, idempotencyKey: row.id });
      await markSent(db, row.id, adapter.name);
      if (row.notificationId) await recordDelivery(db, row.notificationId, 'sent');
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
