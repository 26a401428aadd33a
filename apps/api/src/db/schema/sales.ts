import { sql } from 'drizzle-orm';
import { bigint, boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { branches, packages, productCombinations, products, providers, services } from './business';
import { customers } from './customers';
import { bankAccounts, cancellationReasons } from './settings';
import { tenants } from './tenants';
import { users } from './users';

/**
 * Orders, their items, appointments (bookings), block times, payments (transactions) and payment
 * links (issue 5). Money is integer minor units of the order's currency; times are UTC.
 */

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const money = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/** Per-tenant counters behind the numbers people see (order, booking, transaction, invoice). */
export const tenantCounters = pgTable(
  'tenant_counters',
  {
    tenantId: tenantId(),
    name: text('name').notNull(),
    value: bigint('value', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.name] })],
);

/** `tip`: the customer's tip added at checkout (one at most; an untaxed fee). */
export type OrderFee = { title: string; amount: number; tip?: boolean };
export type OrderLocation = { address: string | null; lat: number | null; lng: number | null };
/** The lines a coupon applies to: the services and products it names; null: every line. */
export type CouponScope = { service_ids: string[]; product_ids: string[] } | null;
export type LineTax = { tax_id: string | null; name: string; rate_bps: number; amount: number };

export const orders = pgTable(
  'orders',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    number: integer('number').notNull(),
    branchId: uuid('branch_id'),
    /** Null: a guest order (no appointments allowed). */
    customerId: uuid('customer_id'),
    /** The provider the order is assigned to (a provider account sees only its assigned orders). */
    providerId: uuid('provider_id'),
    /** packages/shared/src/states/order.ts. */
    status: text('status').notNull().default('confirmed'),
    /** calendar, booking-page, pos. */
    source: text('source').notNull().default('calendar'),
    isDraft: boolean('is_draft').notNull().default(false),
    /** paid, unpaid, partially-paid (follows the confirmed transactions). */
    paymentStatus: text('payment_status').notNull().default('unpaid'),
    /** not-invoiced, invoiced. */
    invoiceStatus: text('invoice_status').notNull().default('not-invoiced'),
    currency: text('currency').notNull(),
    subtotal: money('subtotal'),
    /** fixed (value in minor units) or percentage (value in basis points); null: no discount. */
    discountType: text('discount_type'),
    discountValue: money('discount_value'),
    discountAmount: money('discount_amount'),
    couponCode: text('coupon_code'),
    /** The coupon the order holds (its use is a coupon_redemptions row); `coupon_scope` what it applied to when applied. */
    couponId: uuid('coupon_id'),
    couponScope: jsonb('coupon_scope').$type<CouponScope>(),
    fees: jsonb('fees').$type<OrderFee[]>().notNull().default([]),
    feesAmount: money('fees_amount'),
    transportFee: money('transport_fee'),
    taxAmount: money('tax_amount'),
    total: money('total'),
    /** Sum of the confirmed transactions. */
    paidAmount: money('paid_amount'),
    notes: text('notes'),
    pinCode: text('pin_code'),
    receiveAt: timestamp('receive_at', { withTimezone: true }),
    location: jsonb('location').$type<OrderLocation>(),
    metaData: jsonb('meta_data').$type<Record<string, unknown>>().notNull().default({}),
    createdBy: uuid('created_by'),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** In the trash since; null when live. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('orders_tenant_number').on(t.tenantId, t.number),
    // The lists read newest first by (created_at, number) (lib/keyset.ts): the orders list of a
    // branch through orders_list, the whole business's (and drafts, trash, date windows) through orders_created.
    index('orders_created').on(t.tenantId, t.createdAt, t.number),
    index('orders_list')
      .on(t.tenantId, t.branchId, t.createdAt, t.number)
      .where(sql`${t.deletedAt} is null and not ${t.isDraft}`),
    // The sidebar's unread badge on every page: only the few unread orders are read.
    index('orders_unread')
      .on(t.tenantId)
      .where(sql`${t.readAt} is null and ${t.deletedAt} is null and not ${t.isDraft}`),
    index('orders_customer').on(t.tenantId, t.customerId),
    foreignKey({ columns: [t.tenantId, t.branchId], foreignColumns: [branches.tenantId, branches.id] }).onDelete('set null'),
    foreignKey({ columns: [t.tenantId, t.customerId], foreignColumns: [customers.tenantId, customers.id] }).onDelete('set null'),
    foreignKey({ columns: [t.tenantId, t.providerId], foreignColumns: [providers.tenantId, providers.id] }).onDelete('set null'),
    foreignKey({ columns: [t.tenantId, t.createdBy], foreignColumns: [users.tenantId, users.id] }).onDelete('set null'),
  ],
);

/** A line of an order: a service (with its appointment), a product (or one of its combinations), a package. */
export const orderItems = pgTable(
  'order_items',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    orderId: uuid('order_id').notNull(),
    /** service, product, package. */
    type: text('type').notNull(),
    serviceId: uuid('service_id'),
    productId: uuid('product_id'),
    combinationId: uuid('combination_id'),
    packageId: uuid('package_id'),
    providerId: uuid('provider_id'),
    /** Snapshot of the name (and the combination's options) when added. */
    name: text('name').notNull(),
    options: jsonb('options').$type<Record<string, string>>(),
    quantity: integer('quantity').notNull().default(1),
    unitPrice: money('unit_price'),
    subtotal: money('subtotal'),
    discountAmount: money('discount_amount'),
    taxAmount: money('tax_amount'),
    total: money('total'),
    taxes: jsonb('taxes').$type<LineTax[]>().notNull().default([]),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('order_items_order').on(t.tenantId, t.orderId),
    foreignKey({ columns: [t.tenantId, t.orderId], foreignColumns: [orders.tenantId, orders.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.serviceId], foreignColumns: [services.tenantId, services.id] }).onDelete('set null'),
    foreignKey({ columns: [t.tenantId, t.productId], foreignColumns: [products.tenantId, products.id] }).onDelete('set null'),
    foreignKey({ columns: [t.tenantId, t.combinationId], foreignColumns: [productCombinations.tenantId, productCombinations.id] }).onDelete('set null'),
    foreignKey({ columns: [t.tenantId, t.packageId], foreignColumns: [packages.tenantId, packages.id] }).onDelete('set null'),
    foreignKey({ columns: [t.tenantId, t.providerId], foreignColumns: [providers.tenantId, providers.id] }).onDelete('set null'),
  ],
);

/** Who changed what on an order, and when. */
export const orderLogs = pgTable(
  'order_logs',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    orderId: uuid('order_id').notNull(),
    userId: uuid('user_id'),
    /** created, status, items, discount, customer, note, meta, location, payment, booking, trash, restore … */
    action: text('action').notNull(),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('order_logs_order').on(t.tenantId, t.orderId, t.createdAt),
    foreignKey({ columns: [t.tenantId, t.orderId], foreignColumns: [orders.tenantId, orders.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('set null'),
  ],
);

export const orderImages = pgTable(
  'order_images',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    orderId: uuid('order_id').notNull(),
    path: text('path').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.orderId], foreignColumns: [orders.tenantId, orders.id] }).onDelete('cascade'),
  ],
);

/**
 * An appointment: one service with one provider at one time, inside an order's service item.
 * `occupied_until` is `end_at` plus the service's buffer: the provider is busy until then.
 */
export const bookings = pgTable(
  'bookings',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    number: integer('number').notNull(),
    orderId: uuid('order_id').notNull(),
    orderItemId: uuid('order_item_id').notNull(),
    branchId: uuid('branch_id'),
    customerId: uuid('customer_id'),
    providerId: uuid('provider_id').notNull(),
    serviceId: uuid('service_id'),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    occupiedUntil: timestamp('occupied_until', { withTimezone: true }).notNull(),
    /** Minutes. */
    duration: integer('duration').notNull(),
    buffer: integer('buffer').notNull().default(0),
    price: money('price'),
    totalPrice: money('total_price'),
    /**
     * The deposit the store asked for this visit's service when it was booked (minor units; 0: none,
     * and every booking made elsewhere). What the customer's page shows as due, whatever the service
     * asks for later.
     */
    depositAmount: money('deposit_amount'),
    /** packages/shared/src/states/booking.ts. */
    status: text('status').notNull().default('confirmed'),
    paymentStatus: text('payment_status').notNull().default('unpaid'),
    /** calendar, booking-page, pos. */
    source: text('source').notNull().default('calendar'),
    notes: text('notes'),
    customFields: jsonb('custom_fields').$type<Record<string, unknown>>().notNull().default({}),
    meetingLink: text('meeting_link'),
    transportationFeeAmount: money('transportation_fee_amount'),
    cancellationReasonId: uuid('cancellation_reason_id'),
    cancellationNote: text('cancellation_note'),
    /** A visit entered after it happened (a walk-in recorded later); needs the bookings.record_past key. */
    recordedAfter: boolean('recorded_after').notNull().default(false),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('bookings_tenant_number').on(t.tenantId, t.number),
    index('bookings_provider_time').on(t.tenantId, t.providerId, t.startAt),
    // The bookings list reads latest start first by (start_at, number): of a branch through
    // bookings_list, of the whole business (and the calendar's ranges) through bookings_time.
    index('bookings_time').on(t.tenantId, t.startAt, t.number),
    index('bookings_list').on(t.tenantId, t.branchId, t.startAt, t.number),
    index('bookings_order').on(t.tenantId, t.orderId),
    index('bookings_customer').on(t.tenantId, t.customerId),
    foreignKey({ columns: [t.tenantId, t.orderId], foreignColumns: [orders.tenantId, orders.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.orderItemId], foreignColumns: [orderItems.tenantId, orderItems.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.branchId], foreignColumns: [branches.tenantId, branches.id] }).onDelete('set null'),
    foreignKey({ columns: [t.tenantId, t.customerId], foreignColumns: [customers.tenantId, customers.id] }).onDelete('set null'),
    foreignKey({ columns: [t.tenantId, t.providerId], foreignColumns: [providers.tenantId, providers.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.serviceId], foreignColumns: [services.tenantId, services.id] }).onDelete('set null'),
    foreignKey({ columns: [t.tenantId, t.cancellationReasonId], foreignColumns: [cancellationReasons.tenantId, cancellationReasons.id] }).onDelete('set null'),
    foreignKey({ columns: [t.tenantId, t.createdBy], foreignColumns: [users.tenantId, users.id] }).onDelete('set null'),
  ],
);

/**
 * The crew of a team booking (docs/decisions.md "Assignment types"): the other providers who work it
 * with its provider. Each row keeps the provider busy from `start_at` to `occupied_until` (copied from
 * the booking and rewritten with it), so the availability query reads it through an index.
 */
export const bookingCrew = pgTable(
  'booking_crew',
  {
    tenantId: tenantId(),
    bookingId: uuid('booking_id').notNull(),
    providerId: uuid('provider_id').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    occupiedUntil: timestamp('occupied_until', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.bookingId, t.providerId] }),
    index('booking_crew_provider_time').on(t.tenantId, t.providerId, t.startAt),
    foreignKey({ columns: [t.tenantId, t.bookingId], foreignColumns: [bookings.tenantId, bookings.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.providerId], foreignColumns: [providers.tenantId, providers.id] }).onDelete('cascade'),
  ],
);

/** Time nobody can book: a whole branch (provider null) or one provider. */
export const blockTimes = pgTable(
  'block_times',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    branchId: uuid('branch_id').notNull(),
    providerId: uuid('provider_id'),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    notes: text('notes'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('block_times_time').on(t.tenantId, t.startAt),
    foreignKey({ columns: [t.tenantId, t.branchId], foreignColumns: [branches.tenantId, branches.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.providerId], foreignColumns: [providers.tenantId, providers.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.createdBy], foreignColumns: [users.tenantId, users.id] }).onDelete('set null'),
  ],
);

/** A payment (or a payment attempt) on an order. */
export const transactions = pgTable(
  'transactions',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    number: integer('number').notNull(),
    orderId: uuid('order_id').notNull(),
    customerId: uuid('customer_id'),
    branchId: uuid('branch_id'),
    /** cash, card, bank_transfer, online. */
    paymentMethod: text('payment_method').notNull(),
    /** payment, or refund: money given back with a credit note (`invoice_id`), by the method it was paid. */
    kind: text('kind').notNull().default('payment'),
    invoiceId: uuid('invoice_id'),
    amount: money('amount'),
    /** Cash handed over (minor units) when more than the amount; the change due is the difference. */
    tenderedAmount: bigint('tendered_amount', { mode: 'number' }),
    currency: text('currency').notNull(),
    /** pending, confirmed, refused, wait. */
    status: text('status').notNull(),
    bankAccountId: uuid('bank_account_id'),
    /** The bank-transfer receipt (private upload). */
    receiptPath: text('receipt_path'),
    receiptMime: text('receipt_mime'),
    receiptName: text('receipt_name'),
    paymentGatewayId: text('payment_gateway_id'),
    referenceNo: text('reference_no'),
    notes: text('notes'),
    refusalReason: text('refusal_reason'),
    reviewedBy: uuid('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    readAt: timestamp('read_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('transactions_tenant_number').on(t.tenantId, t.number),
    index('transactions_order').on(t.tenantId, t.orderId),
    // The payments list reads newest first by (created_at, number): of a branch through
    // transactions_list (live ones; the trash is small), of the whole business through transactions_created.
    index('transactions_created').on(t.tenantId, t.createdAt, t.number),
    index('transactions_list')
      .on(t.tenantId, t.branchId, t.createdAt, t.number)
      .where(sql`${t.deletedAt} is null`),
    index('transactions_unread')
      .on(t.tenantId)
      .where(sql`${t.readAt} is null and ${t.deletedAt} is null`),
    foreignKey({ columns: [t.tenantId, t.orderId], foreignColumns: [orders.tenantId, orders.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.customerId], foreignColumns: [customers.tenantId, customers.id] }).onDelete('set null'),
    foreignKey({ columns: [t.tenantId, t.branchId], foreignColumns: [branches.tenantId, branches.id] }).onDelete('set null'),
    foreignKey({ columns: [t.tenantId, t.bankAccountId], foreignColumns: [bankAccounts.tenantId, bankAccounts.id] }).onDelete('set null'),
    foreignKey({ columns: [t.tenantId, t.reviewedBy], foreignColumns: [users.tenantId, users.id] }).onDelete('set null'),
    foreignKey({ columns: [t.tenantId, t.createdBy], foreignColumns: [users.tenantId, users.id] }).onDelete('set null'),
  ],
);

/**
 * A payment link sent to the customer: the token (stored hashed) opens the gateway's checkout; the
 * gateway's confirmation turns the linked transaction confirmed.
 */
export const paymentLinks = pgTable(
  'payment_links',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    orderId: uuid('order_id').notNull(),
    transactionId: uuid('transaction_id'),
    tokenHash: text('token_hash').notNull(),
    amount: money('amount'),
    currency: text('currency').notNull(),
    /** open, paid, failed, expired. */
    status: text('status').notNull().default('open'),
    gatewayRef: text('gateway_ref'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('payment_links_token').on(t.tokenHash),
    foreignKey({ columns: [t.tenantId, t.orderId], foreignColumns: [orders.tenantId, orders.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.transactionId], foreignColumns: [transactions.tenantId, transactions.id] }).onDelete('set null'),
    foreignKey({ columns: [t.tenantId, t.createdBy], foreignColumns: [users.tenantId, users.id] }).onDelete('set null'),
  ],
);

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type BookingRow = typeof bookings.$inferSelect;
export type TransactionRow = typeof transactions.$inferSelect;
