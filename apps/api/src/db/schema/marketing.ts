import { sql } from 'drizzle-orm';
import { bigint, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { orders } from './sales';
import { tenants } from './tenants';

/**
 * A business's marketing (issue 18 §2). A coupon's uses are its redemption rows: one per order that
 * holds it, taken and given back under the coupon's row lock (modules/marketing/coupons.service.ts),
 * so a limit of 10 is exactly 10 however many orders race for it.
 */

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

export const coupons = pgTable(
  'coupons',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    /** Upper case letters and digits. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    /** fixed (minor units) or percentage (basis points). */
    discountType: text('discount_type').notNull(),
    discountAmount: bigint('discount_amount', { mode: 'number' }).notNull(),
    /** Days in the business's time zone, both included; null: open. */
    startDate: date('start_date'),
    endDate: date('end_date'),
    usageLimit: integer('usage_limit'),
    usageLimitPerUser: integer('usage_limit_per_user'),
    /** active, inactive. */
    status: text('status').notNull().default('active'),
    /** The services and products it applies to; both empty: every line. */
    serviceIds: uuid('service_ids').array().notNull().default(sql`'{}'::uuid[]`),
    productIds: uuid('product_ids').array().notNull().default(sql`'{}'::uuid[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), unique('coupons_tenant_code').on(t.tenantId, t.code), index('coupons_list').on(t.tenantId, t.createdAt)],
);
export type CouponRow = typeof coupons.$inferSelect;

/** One use of a coupon: the order holding it (one coupon an order) and its customer then. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    couponId: uuid('coupon_id').notNull(),
    orderId: uuid('order_id').notNull(),
    customerId: uuid('customer_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('coupon_redemptions_order').on(t.tenantId, t.orderId),
    index('coupon_redemptions_coupon').on(t.tenantId, t.couponId, t.customerId),
    foreignKey({ columns: [t.tenantId, t.couponId], foreignColumns: [coupons.tenantId, coupons.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.orderId], foreignColumns: [orders.tenantId, orders.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.customerId], foreignColumns: [customers.tenantId, customers.id] }).onDelete('set null'),
  ],
);

/**
 * An offer (spec §3): a price change on its services while it is active, on the channels it names
 * (booking_page, webapp). Offers change a line's unit price before any discount; a coupon or a
 * manual discount is then taken on the offered price (docs/decisions.md "Offers").
 */
export const offers = pgTable(
  'offers',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    /** Upper case letters and digits; unique in the business when given. */
    code: text('code'),
    /** fixed (minor units off the unit price) or percentage (basis points). */
    type: text('type').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    /** active, inactive. */
    status: text('status').notNull().default('active'),
    /** booking_page, webapp. */
    channels: text('channels').array().notNull().default(sql`'{}'::text[]`),
    serviceIds: uuid('service_ids').array().notNull().default(sql`'{}'::uuid[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('offers_tenant_code').on(t.tenantId, t.code),
    index('offers_active').on(t.tenantId, t.status, t.endAt),
  ],
);
export type OfferRow = typeof offers.$inferSelect;

/**
 * A campaign (spec §3): one message to the customers its audience filters select, sent through the
 * notification log and the outbox at the channel's pace. Recipients are fixed when sending starts.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    /** sms, email, whatsapp. */
    channel: text('channel').notNull(),
    title: text('title'),
    content: text('content').notNull(),
    /** { tagIds, lastVisitFrom, lastVisitTo, minSpent, maxSpent, serviceIds } (packages/shared schemas). */
    audience: jsonb('audience').$type<Record<string, unknown>>().notNull().default({}),
    targetedCount: integer('targeted_count').notNull().default(0),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    /** draft, scheduled, sending, completed, cancelled. */
    status: text('status').notNull().default('draft'),
    createdBy: uuid('created_by'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('campaigns_list').on(t.tenantId, t.createdAt),
    index('campaigns_due').on(t.status, t.scheduledAt),
  ],
);
export type CampaignRow = typeof campaigns.$inferSelect;

/** One customer of a campaign and what became of their message. */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    campaignId: uuid('campaign_id').notNull(),
    customerId: uuid('customer_id'),
    name: text('name').notNull(),
    phone: text('phone'),
    email: text('email'),
    /** pending, queued, sent, success, failed, skipped (opted out or no address), cancelled. */
    status: text('status').notNull().default('pending'),
    notificationId: uuid('notification_id'),
    failReason: text('fail_reason'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('campaign_recipients_customer').on(t.tenantId, t.campaignId, t.customerId),
    index('campaign_recipients_status').on(t.tenantId, t.campaignId, t.status),
    foreignKey({ columns: [t.tenantId, t.campaignId], foreignColumns: [campaigns.tenantId, campaigns.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.customerId], foreignColumns: [customers.tenantId, customers.id] }).onDelete('set null'),
  ],
);

/**
 * A customer's review of a visit (spec §3, §4), left through the signed link sent after it: rating,
 * words, moderation pending → approved | rejected (hidden), and the business's reply. One per order.
 */
export const reviews = pgTable(
  'reviews',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    orderId: uuid('order_id').notNull(),
    customerId: uuid('customer_id'),
    providerId: uuid('provider_id'),
    /** Who it is by, as shown (the customer's name then). */
    byName: text('by_name').notNull(),
    rating: integer('rating').notNull(),
    body: text('body'),
    /** pending, approved, rejected. */
    status: text('status').notNull().default('pending'),
    reply: text('reply'),
    repliedBy: uuid('replied_by'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    moderatedBy: uuid('moderated_by'),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('reviews_order').on(t.tenantId, t.orderId),
    index('reviews_list').on(t.tenantId, t.status, t.createdAt),
    foreignKey({ columns: [t.tenantId, t.orderId], foreignColumns: [orders.tenantId, orders.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.customerId], foreignColumns: [customers.tenantId, customers.id] }).onDelete('set null'),
  ],
);
export type ReviewRow = typeof reviews.$inferSelect;

/**
 * A comment (spec §3, §4): words a customer leaves on a service or product, pending → published |
 * unpublished, with the business's reply and who replied.
 */
export const comments = pgTable(
  'comments',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    /** service, product. */
    subjectType: text('subject_type').notNull(),
    subjectId: uuid('subject_id').notNull(),
    customerId: uuid('customer_id'),
    byName: text('by_name').notNull(),
    body: text('body').notNull(),
    /** pending, published, unpublished. */
    status: text('status').notNull().default('pending'),
    reply: text('reply'),
    repliedBy: uuid('replied_by'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('comments_list').on(t.tenantId, t.status, t.createdAt),
    index('comments_subject').on(t.tenantId, t.subjectType, t.subjectId),
    foreignKey({ columns: [t.tenantId, t.customerId], foreignColumns: [customers.tenantId, customers.id] }).onDelete('set null'),
  ],
);
