import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';

/**
 * Notifications to people (issue 18 §1): a business's templates, and the log of every message made
 * from one. A notification's `idempotency_key` is unique in its business: whatever retries, restarts
 * or second servers do, one event gives one message. Delivery goes through the outbox
 * (outbox_messages.notification_id), whose worker writes the outcome back here.
 */

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

export const notificationTemplates = pgTable(
  'notification_templates',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    /** packages/shared/src/schemas/notifications.ts NOTIFICATION_ACTIONS. */
    action: text('action').notNull(),
    channel: text('channel').notNull(),
    /** customer, staff, user. */
    receiver: text('receiver').notNull(),
    titleAr: text('title_ar').notNull().default(''),
    titleEn: text('title_en').notNull().default(''),
    bodyAr: text('body_ar').notNull(),
    bodyEn: text('body_en').notNull(),
    /** A reminder's minutes before the appointment. */
    offsetMinutes: integer('offset_minutes'),
    status: text('status').notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('notification_templates_action').on(t.tenantId, t.action, t.status), index('notification_templates_reminders').on(t.action, t.status)],
);
export type TemplateRow = typeof notificationTemplates.$inferSelect;

export const notifications = pgTable(
  'notifications',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    templateId: uuid('template_id'),
    action: text('action').notNull(),
    channel: text('channel').notNull(),
    receiverType: text('receiver_type').notNull(),
    receiverId: uuid('receiver_id'),
    receiverName: text('receiver_name'),
    email: text('email'),
    phone: text('phone'),
    title: text('title'),
    body: text('body').notNull(),
    /** pending, sent, success, failed, not-sent, retried. */
    status: text('status').notNull().default('pending'),
    failReason: text('fail_reason'),
    orderId: uuid('order_id'),
    bookingId: uuid('booking_id'),
    /** For a reminder, the appointment's start it was made for: sent only while that is still the start. */
    dueStartAt: timestamp('due_start_at', { withTimezone: true }),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The campaign it belongs to: not sent once the campaign is cancelled. */
    campaignId: uuid('campaign_id'),
    /** The provider's id for the message, which its delivery callback names. */
    providerRef: text('provider_ref'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('notifications_key').on(t.tenantId, t.idempotencyKey),
    index('notifications_recent').on(t.tenantId, t.createdAt),
    index('notifications_order').on(t.tenantId, t.orderId).where(sql`${t.orderId} is not null`),
    index('notifications_provider_ref').on(t.providerRef).where(sql`${t.providerRef} is not null`),
  ],
);
export type NotificationRow = typeof notifications.$inferSelect;

/**
 * The bell (spec §4): a note for one account of the business with where it leads. Reading it removes
 * it (`PUT app-notification/{uuid}`) and the web app goes to its url.
 */
export const appNotifications = pgTable(
  'app_notifications',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id').notNull(),
    /** What happened: review_received, comment_received, payment_received, transaction_review, ... */
    kind: text('kind').notNull(),
    titleAr: text('title_ar').notNull(),
    titleEn: text('title_en').notNull(),
    bodyAr: text('body_ar').notNull().default(''),
    bodyEn: text('body_en').notNull().default(''),
    /** The dashboard path it opens. */
    url: text('url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('app_notifications_user').on(t.tenantId, t.userId, t.createdAt)],
);

/** When an account last looked at a module (orders, transactions): newer rows count as unread. */
export const userSeenMarks = pgTable(
  'user_seen_marks',
  {
    tenantId: tenantId(),
    userId: uuid('user_id').notNull(),
    module: text('module').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId, t.module] })],
);

/**
 * The business's WhatsApp link by QR (spec §4): disconnected → generating → scan → connected. The
 * session adapter (a local simulator by default) holds the real session; this row is its state.
 */
export const whatsappSessions = pgTable(
  'whatsapp_sessions',
  {
    tenantId: tenantId(),
    /** disconnected, generating, scan, connected. */
    status: text('status').notNull().default('disconnected'),
    /** The adapter's session id. */
    sessionRef: text('session_ref'),
    /** The QR payload to show while scanning, and when it stops being valid. */
    qr: text('qr'),
    qrExpiresAt: timestamp('qr_expires_at', { withTimezone: true }),
    phone: text('phone'),
    connectedAt: timestamp('connected_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId] })],
);

/** A browser's web-push subscription for one account (endpoint and keys as the browser gave them). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id').notNull(),
    endpoint: text('endpoint').notNull(),
    keys: jsonb('keys').$type<{ p256dh: string; auth: string }>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), unique('push_subscriptions_endpoint').on(t.tenantId, t.endpoint)],
);
