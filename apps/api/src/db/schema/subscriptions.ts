import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { zatcaDocumentColumns, zatcaUnitColumns } from './invoices';
import { tenants } from './tenants';

/**
 * The businesses' own subscription to the product (issue 17). Plans, banks, products and coupons
 * are the platform's (no tenant): every business reads them, only the operator writes them. Charges
 * and subscription invoices belong to a business (tenant isolation applies); the renewal job and the
 * operator reach them through the system connection.
 */

const money = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

export type PlanLimitsRow = { providers: number | null; branches: number | null; users: number | null; bookings_per_month: number | null };

export const plans = pgTable('plans', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  nameAr: text('name_ar').notNull(),
  nameEn: text('name_en').notNull(),
  descriptionAr: text('description_ar').notNull().default(''),
  descriptionEn: text('description_en').notNull().default(''),
  /** Before VAT, minor units of `currency`. */
  monthlyAmount: money('monthly_amount'),
  yearlyAmount: money('yearly_amount'),
  currency: text('currency').notNull().default('SAR'),
  limits: jsonb('limits').$type<PlanLimitsRow>().notNull(),
  features: text('features').array().notNull().default(sql`'{}'::text[]`),
  plugins: text('plugins').array().notNull().default(sql`'{}'::text[]`),
  recommended: boolean('recommended').notNull().default(false),
  active: boolean('active').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type PlanRow = typeof plans.$inferSelect;

/** The platform's bank accounts a business may transfer to. */
export const platformBanks = pgTable('platform_banks', {
  id: uuid('id').primaryKey().defaultRandom(),
  nameAr: text('name_ar').notNull(),
  nameEn: text('name_en').notNull(),
  beneficiaryName: text('beneficiary_name').notNull(),
  iban: text('iban').notNull(),
  accountNumber: text('account_number').notNull(),
  active: boolean('active').notNull().default(true),
});

/** What the platform sells besides plans (cashier devices). */
export const platformProducts = pgTable('platform_products', {
  id: uuid('id').primaryKey().defaultRandom(),
  kind: text('kind').notNull(),
  nameAr: text('name_ar').notNull(),
  nameEn: text('name_en').notNull(),
  descriptionAr: text('description_ar').notNull().default(''),
  descriptionEn: text('description_en').notNull().default(''),
  price: money('price'),
  currency: text('currency').notNull().default('SAR'),
  active: boolean('active').notNull().default(true),
});

/** The platform's coupons for plans (not a business's own marketing coupons). */
export const subscriptionCoupons = pgTable('subscription_coupons', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Upper case letters and digits. */
  code: text('code').notNull().unique(),
  /** fixed (minor units) or percentage (basis points). */
  type: text('type').notNull(),
  value: integer('value').notNull(),
  maxRedemptions: integer('max_redemptions'),
  redemptions: integer('redemptions').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  active: boolean('active').notNull().default(true),
});

/**
 * One attempt to pay: a checkout, a renewal, an upgrade, a product. `idempotency_key` is unique: a
 * renewal's is the business and the period it pays, so two servers running the job make one charge.
 * A charge is applied (the period extended, the invoice issued) only by the statement that moves it
 * from pending or awaiting_review to paid, so a callback delivered three times applies once.
 */
export const subscriptionCharges = pgTable(
  'subscription_charges',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    /** new, renewal, upgrade, product. */
    kind: text('kind').notNull(),
    /** pending, paid, failed, awaiting_review, rejected. */
    status: text('status').notNull().default('pending'),
    paymentMethod: text('payment_method').notNull(),
    planId: uuid('plan_id'),
    cycle: text('cycle'),
    productId: uuid('product_id'),
    quantity: integer('quantity').notNull().default(1),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    unitAmount: money('unit_amount'),
    discount: money('discount'),
    credit: money('credit'),
    subtotal: money('subtotal'),
    vatRateBps: integer('vat_rate_bps').notNull().default(0),
    vatAmount: money('vat_amount'),
    total: money('total'),
    currency: text('currency').notNull().default('SAR'),
    couponId: uuid('coupon_id'),
    couponCode: text('coupon_code'),
    idempotencyKey: text('idempotency_key').notNull(),
    gatewayRef: text('gateway_ref'),
    gatewayPaymentId: text('gateway_payment_id'),
    bankId: uuid('bank_id'),
    beneficiaryName: text('beneficiary_name'),
    receiptPath: text('receipt_path'),
    receiptName: text('receipt_name'),
    receiptMime: text('receipt_mime'),
    reviewedBy: uuid('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    failureMessage: text('failure_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('subscription_charges_idempotency').on(t.idempotencyKey),
    uniqueIndex('subscription_charges_gateway_ref').on(t.gatewayRef),
    index('subscription_charges_tenant_created').on(t.tenantId, t.createdAt),
    index('subscription_charges_review').on(t.status, t.createdAt),
  ],
);
export type ChargeRow = typeof subscriptionCharges.$inferSelect;

/**
 * The platform's tax invoice to the business for a paid charge: one per charge (unique), and never
 * two for one period of one business (a renewal or a new plan: unique on the period's start).
 * Numbers are the platform's, gapless, taken in the writing transaction.
 */
export const subscriptionInvoices = pgTable(
  'subscription_invoices',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    number: text('number').notNull(),
    chargeId: uuid('charge_id').notNull(),
    /** new or renewal (a period), upgrade, product. */
    kind: text('kind').notNull(),
    template: text('template').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    descriptionAr: text('description_ar').notNull(),
    descriptionEn: text('description_en').notNull(),
    paymentMethod: text('payment_method').notNull(),
    subtotal: money('subtotal'),
    discount: money('discount'),
    vatRateBps: integer('vat_rate_bps').notNull(),
    vatAmount: money('vat_amount'),
    total: money('total'),
    currency: text('currency').notNull(),
    /** The seller as it stood when issued (the platform's unit, else its configuration); null on invoices from before. */
    sellerName: text('seller_name'),
    sellerVatNumber: text('seller_vat_number'),
    sellerAddress: text('seller_address'),
    buyerName: text('buyer_name').notNull(),
    buyerVatNumber: text('buyer_vat_number'),
    /** Phase-one QR (tags 1–5); `signed_qr` replaces it once the platform's unit signs the invoice. */
    qr: text('qr').notNull(),
    /** The platform's e-invoicing chain (its own unit, platform_zatca_unit). */
    ...zatcaDocumentColumns(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('subscription_invoices_number').on(t.number),
    unique('subscription_invoices_charge').on(t.chargeId),
    unique('subscription_invoices_icv').on(t.icv),
    index('subscription_invoices_zatca_due').on(t.zatcaStatus, t.zatcaNextAttemptAt),
    index('subscription_invoices_tenant_issued').on(t.tenantId, t.issuedAt),
  ],
);
export type SubscriptionInvoiceRow = typeof subscriptionInvoices.$inferSelect;

/**
 * The platform's own e-invoicing unit (EGS), the seller on subscription invoices: one row
 * (`key` = platform), configured and connected by the operator, its chain global.
 */
export const platformZatcaUnit = pgTable('platform_zatca_unit', {
  key: text('key').primaryKey().default('platform'),
  ...zatcaUnitColumns(),
});
export type PlatformZatcaUnitRow = typeof platformZatcaUnit.$inferSelect;

/** The platform's gapless counters (subscription invoice numbers). */
export const platformCounters = pgTable('platform_counters', {
  name: text('name').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull().default(0),
});
