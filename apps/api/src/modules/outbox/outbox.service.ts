import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { outboxMessages } from '../../db/schema/outbox';

export type OutgoingMessage = {
  tenantId: string | null;
  channel: 'sms' | 'email';
  recipient: string;
  subject?: string;
  body: string;
};

/** Writes a message in the caller's transaction; the worker delivers it after commit. */
export async function enqueueMessage(exec: Executor, message: OutgoingMessage) {
  await exec.insert(outboxMessages).values({
    tenantId: message.tenantId,
    channel: message.channel,
    recipient: message.recipient,
    subject: message.subject ?? null,
    body: message.body,
  });
}

export type OutboxRow = typeof outboxMessages.$inferSelect;

/** Latest messages first, optionally for one recipient (the dev outbox page). */
export function listMessages(db: Database, opts: { recipient?: string | undefined; limit: number }) {
  return db
    .select()
    .from(outboxMessages)
    .where(opts.recipient ? eq(outboxMessages.recipient, opts.recipient) : undefined)
    .orderBy(desc(outboxMessages.createdAt))
    .limit(opts.limit);
}

const CLAIM_LEASE_SECONDS = 300;

/**
 * Claims due messages for delivery. A claimed row gets a lease: if the process dies mid-send, the
 * row becomes due again when the lease ends, so a message is never lost (it may be sent twice).
 */
export async function claimDueMessages(db: Database, limit: number): Promise<OutboxRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(and(inArray(outboxMessages.status, ['pending', 'sending']), lte(outboxMessages.nextAttemptAt, sql`now()`)))
      .orderBy(outboxMessages.createdAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(outboxMessages)
      .set({
        status: 'sending',
        attempts: sql`${outboxMessages.attempts} + 1`,
        nextAttemptAt: sql`now() + make_interval(secs => ${CLAIM_LEASE_SECONDS})`,
      })
      .where(inArray(outboxMessages.id, due.map((d) => d.id)))
      .returning();
  });
}

export const MAX_DELIVERY_ATTEMPTS = 5;

export async function markSent(db: Database, id: string, provider: string) {
  await db.update(outboxMessages).set({ status: 'sent', provider, sentAt: sql`now()`, lastError: null }).where(eq(outboxMessages.id, id));
}

/** A message no longer to be sent (a reminder whose appointment was cancelled or moved). */
export async function markDropped(db: Database, id: string) {
  await db.update(outboxMessages).set({ status: 'dropped' }).where(eq(outboxMessages.id, id));
}

/** Schedules a retry with exponential backoff, or gives up after MAX_DELIVERY_ATTEMPTS (answers true then). */
export async function markFailed(db: Database, row: OutboxRow, error: string): Promise<boolean> {
  const giveUp = row.attempts >= MAX_DELIVERY_ATTEMPTS;
  const delay = 2 ** row.attempts * 15;
  await db
    .update(outboxMessages)
    .set({
      status: giveUp ? 'failed' : 'pending',
      lastError: error.slice(0, 500),
      nextAttemptAt: sql`now() + make_interval(secs => ${delay})`,
    })
    .where(eq(outboxMessages.id, row.id));
  return giveUp;
}
