import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Transactional outbox of messages to people (SMS, e-mail). A message is written in the same
 * transaction as the change that causes it and delivered by the outbox worker with retries.
 * System-level: the dev outbox page and the worker read across tenants, so it has no RLS.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id'),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    status: text('status').notNull().default('pending'),
    provider: text('provider'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The notification this delivers (its business's log), if any. */
    notificationId: uuid('notification_id'),
  },
  (t) => [index('outbox_pending').on(t.status, t.nextAttemptAt)],
);
