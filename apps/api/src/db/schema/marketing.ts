import { sql } from 'drizzle-orm';
import { bigint, date, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
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
