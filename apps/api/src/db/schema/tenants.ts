import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** A business. Its id is the tenant id every tenant-owned row carries. */
export const tenants = pgTable('tenants', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name'),
  storeName: text('store_name'),
  subdomain: text('subdomain').unique(),
  /**
   * The business's own domain for its store (lower case, no scheme); it serves the store once
   * verified. Unique among VERIFIED domains only: an unverified claim cannot block the domain's owner
   * (verifying clears the others' claims of it).
   */
  customDomain: text('custom_domain'),
  /** The value of the TXT record `_khidma.<domain>` that proves the domain is theirs. */
  customDomainToken: text('custom_domain_token'),
  customDomainVerifiedAt: timestamp('custom_domain_verified_at', { withTimezone: true }),
  logo: text('logo'),
  currency: text('currency').notNull().default('SAR'),
  timezone: text('timezone').notNull().default('Asia/Riyadh'),
  locale: text('locale').notNull().default('ar'),
  country: text('country').notNull().default('SA'),
  /** 12 or 24 (hours). */
  timeFormat: text('time_format').notNull().default('12'),
  /** 0 Sunday … 6 Saturday. */
  startOfWeek: integer('start_of_week').notNull().default(0),
  trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
  /** When the free trial was extended (once per business, GET subscription/extend-trail). */
  trialExtendedAt: timestamp('trial_extended_at', { withTimezone: true }),
  subscriptionPlan: text('subscription_plan'),
  subscriptionStatus: text('subscription_status'),
  subscriptionStartAt: timestamp('subscription_start_at', { withTimezone: true }),
  subscriptionEndsAt: timestamp('subscription_ends_at', { withTimezone: true }),
  showRenewMessage: boolean('show_renew_message').notNull().default(false),
  /** The plan's row (`subscription_plan` keeps its slug), the billing cycle, and whether it renews by itself. */
  subscriptionPlanId: uuid('subscription_plan_id'),
  subscriptionCycle: text('subscription_cycle'),
  /** The day of the month the plan began on: every period ends on it (clamped to short months). */
  subscriptionAnchorDay: integer('subscription_anchor_day'),
  subscriptionAutoRenew: boolean('subscription_auto_renew').notNull().default(true),
  /** Failed renewal attempts of the current period (dunning), and when the next one runs. */
  subscriptionRetryCount: integer('subscription_retry_count').notNull().default(0),
  subscriptionNextAttemptAt: timestamp('subscription_next_attempt_at', { withTimezone: true }),
  /** The gateway's saved-card token that renewals charge (never a card number). */
  subscriptionCardToken: text('subscription_card_token'),
  /** A downgrade that takes effect when the period ends. */
  subscriptionNextPlanId: uuid('subscription_next_plan_id'),
  subscriptionNextCycle: text('subscription_next_cycle'),
  /** When the last renewal was paid ("renewed" shows a few days after). */
  subscriptionRenewedAt: timestamp('subscription_renewed_at', { withTimezone: true }),
  whatsappEnabled: boolean('whatsapp_enabled').notNull().default(false),
  whatsappStatus: text('whatsapp_status').notNull().default('disconnected'),
  plugins: text('plugins').array().notNull().default(sql`'{}'::text[]`),
  completedLevel: integer('completed_level').notNull().default(2),
  onboardingSkippedAt: timestamp('onboarding_skipped_at', { withTimezone: true }),
  systemType: text('system_type'),
  serviceTypes: text('service_types').array().notNull().default(sql`'{}'::text[]`),
  features: text('features').array().notNull().default(sql`'{}'::text[]`),
  ownerRole: text('owner_role'),
  numberOfEmployees: text('number_of_employees'),
  industries: integer('industries').array().notNull().default(sql`'{}'::integer[]`),
  workingDays: integer('working_days').array().notNull().default(sql`'{}'::integer[]`),
  opensAt: text('opens_at'),
  closesAt: text('closes_at'),
  /** VAT registration number printed on receipts (spec §5 vat_id: 15 digits, 3…3); null: none. */
  vatNumber: text('vat_number'),
  /** Whether Checkout offers "complete the visit" ticked. */
  completeVisitOnCheckout: boolean('complete_visit_on_checkout').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('tenants_custom_domain_verified').on(t.customDomain).where(sql`${t.customDomainVerifiedAt} is not null`)]);

/** The industries a business picks from at onboarding; shared by all tenants. */
export const industries = pgTable('industries', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  nameAr: text('name_ar').notNull(),
  nameEn: text('name_en').notNull(),
  icon: text('icon').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});
