import { isValidIban, normalizeIban } from '../iban';
import { invoicingSettingsSchema } from './invoices';
import { z } from 'zod';

/**
 * Where a business stands (spec §4 "Subscription"): no status with the trial running is `on_trial`,
 * no status with the trial over is `trial_ended` (the spec's "expired" of a trial), an active plan
 * before its end is `active`, `past_due` is renewal due, and any other status or an active plan past
 * its end is `expired`. Every state but `on_trial` and `active` answers 402 on business routes.
 */
export const SUBSCRIPTION_STATES = ['on_trial', 'trial_ended', 'active', 'past_due', 'expired'] as const;
export type SubscriptionStateName = (typeof SUBSCRIPTION_STATES)[number];

/** `GET subscription`. */
export const subscriptionSchema = z.object({
  state: z.enum(SUBSCRIPTION_STATES),
  /** True when business routes answer 402. */
  ended: z.boolean(),
  trial_ends_at: z.string().nullable(),
  /** Whole days left of the trial, never negative. */
  trial_days_left: z.number(),
  /** The trial may still be extended once (no subscription status, not extended yet). */
  trial_extendable: z.boolean(),
  trial_extended_at: z.string().nullable(),
  /** The raw subscription status (null while on or after the free trial). */
  status: z.string().nullable(),
  plan: z.string().nullable(),
  start_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  show_renew_message: z.boolean(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

// ------------------------------------------------------------------ plans, checkout, invoices (issue 17)

export const BILLING_CYCLES = ['monthly', 'yearly'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];
/** What a plan limits (null: no limit). `bookings_per_month` counts bookings created in the calendar month (the business's zone). */
export const PLAN_LIMITS = ['providers', 'branches', 'users', 'bookings_per_month'] as const;
export type PlanLimit = (typeof PLAN_LIMITS)[number];
/** Yearly saves 10% (spec §9): the yearly price is 12 months less 10%, unless the operator sets another. */
export const YEARLY_DISCOUNT_BPS = 1000;
/** A bank-transfer receipt is reviewed within 24 hours (spec §9). */
export const BANK_TRANSFER_REVIEW_HOURS = 24;
/** Failed renewals are retried this many days after the period ended; past due until the last, expired after. */
export const DUNNING_RETRY_DAYS = [1, 3, 7] as const;
/** "Ending soon": an active plan that will not renew, this many days or fewer before its end. */
export const ENDING_SOON_DAYS = 7;
/** "Renewed": shown this many days after a renewal was paid. */
export const RENEWED_BADGE_DAYS = 3;

/**
 * The spec §4 words for where a business stands, one each: free trial, extended (an extended trial
 * still running), trial ended, active, renewed (paid for a new period in the last days), ending soon
 * (will not renew, a week or less left), past due (a renewal failed; retries go on), expired (the
 * retries ran out), no active plan (the business stopped renewing and the period ran out).
 */
export const SUBSCRIPTION_STATUSES = ['free_trial', 'extended', 'trial_ended', 'active', 'renewed', 'ending_soon', 'past_due', 'expired', 'no_active_plan'] as const;
export type SubscriptionStatusLabel = (typeof SUBSCRIPTION_STATUSES)[number];

export const planPriceSchema = z.object({ id: z.enum(BILLING_CYCLES), billing_cycle: z.enum(BILLING_CYCLES), amount: z.number() });
export const planLimitsSchema = z.object({ providers: z.number().nullable(), branches: z.number().nullable(), users: z.number().nullable(), bookings_per_month: z.number().nullable() });
export type PlanLimits = z.infer<typeof planLimitsSchema>;

/** `GET pricing`: a plan (spec §3: uuid, id, name localized, price, prices). Amounts in minor units, VAT excluded. */
export const planSchema = z.object({
  uuid: z.string(),
  /** The plan's slug. */
  id: z.string(),
  /** In the request's language; both are in `names`. */
  name: z.string(),
  names: z.object({ ar: z.string(), en: z.string() }),
  description: z.string(),
  /** The monthly price. */
  price: z.number(),
  prices: z.array(planPriceSchema),
  currency: z.string(),
  limits: planLimitsSchema,
  /** Feature keys (`subscription:features.*` in the web's texts). */
  features: z.array(z.string()),
  /** Plugin slugs the plan includes (pos, commission, packages, boundaries). */
  plugins: z.array(z.string()),
  recommended: z.boolean(),
  /** VAT added at checkout, in basis points (15% in Saudi Arabia). */
  vat_rate_bps: z.number(),
});
export type Plan = z.infer<typeof planSchema>;

export const couponCode = z
  .string()
  .trim()
  .min(1, { error: 'required', abort: true })
  .max(40)
  .regex(/^[A-Za-z0-9]+$/, 'coupon_code');

/** `GET subscription/{plan}/checkout?cycle&coupon` and the coupon check `GET subscription/{plan}/checkout/{cycle}?coupon`. */
export const checkoutQuery = z.object({ cycle: z.enum(BILLING_CYCLES, 'invalid').optional().default('monthly'), coupon: couponCode.optional() });
export const couponQuery = z.object({ coupon: couponCode });

/** What a checkout charges (spec §3 Checkout result: total_amount, unit_amount, quantity, discount, coupon). */
export const checkoutResultSchema = z.object({
  plan: z.object({ uuid: z.string(), id: z.string(), name: z.string() }),
  cycle: z.enum(BILLING_CYCLES),
  /** new (first plan, or after the trial or an expiry), renewal, upgrade (prorated to the period's end), downgrade (takes effect at the period's end, nothing to pay now). */
  kind: z.enum(['new', 'renewal', 'upgrade', 'downgrade']),
  unit_amount: z.number(),
  quantity: z.number(),
  /** The coupon's discount. */
  discount: z.number(),
  coupon: z.object({ code: z.string(), type: z.enum(['fixed', 'percentage']), value: z.number() }).nullable(),
  /** An upgrade: what is left of the current period's payment, taken off. */
  credit: z.number(),
  /** Before VAT. */
  subtotal: z.number(),
  vat_rate_bps: z.number(),
  vat_amount: z.number(),
  total_amount: z.number(),
  currency: z.string(),
  period_start: z.string(),
  period_end: z.string(),
});
export type CheckoutResult = z.infer<typeof checkoutResultSchema>;

/** The payment form (spec §3): a card payment carries no bank fields (spec §5); a transfer needs bank, beneficiary and receipt (multipart). */
export const PAYMENT_METHODS = ['credit_card', 'bank_transfer'] as const;
/** Bank fields on a card payment are refused by name (not by a strict object: zod's unknown-key check breaks on a key like "constructor"). */
const noBankField = z.never('invalid').optional();
export const cardCheckoutBody = z.object({ payment_method: z.literal('credit_card'), coupon: couponCode.optional(), bank_id: noBankField, beneficiary_name: noBankField, receipt: noBankField });

/** `POST subscription/{plan}/checkout/{cycle}` → 201. `url`: where the browser goes now (the gateway's page); null for a transfer and a downgrade. */
export const checkoutStartedSchema = checkoutResultSchema.extend({
  charge_id: z.string().nullable(),
  status: z.enum(['pending', 'awaiting_review', 'scheduled', 'paid']),
  url: z.string().nullable(),
});
export type CheckoutStarted = z.infer<typeof checkoutStartedSchema>;

/** `GET subscription/get-banks`: the platform's accounts a business may transfer to. */
export const bankSchema = z.object({ id: z.string(), name: z.string(), beneficiary_name: z.string(), iban: z.string(), account_number: z.string() });
export type Bank = z.infer<typeof bankSchema>;

/** A charge for the subscription, as the business sees it. */
export const CHARGE_STATUSES = ['pending', 'paid', 'failed', 'awaiting_review', 'rejected'] as const;
export const chargeSchema = z.object({
  id: z.string(),
  kind: z.enum(['new', 'renewal', 'upgrade', 'product']),
  status: z.enum(CHARGE_STATUSES),
  payment_method: z.enum(PAYMENT_METHODS),
  plan_name: z.string().nullable(),
  cycle: z.enum(BILLING_CYCLES).nullable(),
  total_amount: z.number(),
  currency: z.string(),
  failure_message: z.string().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type Charge = z.infer<typeof chargeSchema>;

/** `POST subscription/charges/{id}/simulate` (the local gateway only): where the browser goes next. */
export const simulateBody = z.object({ outcome: z.enum(['paid', 'failed']) });
export const simulatedSchema = z.object({ status: z.enum(CHARGE_STATUSES), redirect: z.string() });

/** The subscription in full (`GET subscription` adds these to the trial fields above). */
export const subscriptionDetailsSchema = z.object({
  status_label: z.enum(SUBSCRIPTION_STATUSES),
  plan_details: z.object({ uuid: z.string(), id: z.string(), name: z.string() }).nullable(),
  cycle: z.enum(BILLING_CYCLES).nullable(),
  auto_renew: z.boolean(),
  /** Elapsed days over total days between start and end (or the trial's), 0–100; 100 is over (spec §4). */
  progress_percent: z.number(),
  days_left: z.number(),
  /** past due: when the next attempt runs (null when none is left). */
  next_retry_at: z.string().nullable(),
  retry_count: z.number(),
  /** A downgrade waiting for the period's end. */
  pending_change: z.object({ plan: z.string(), cycle: z.enum(BILLING_CYCLES), at: z.string() }).nullable(),
  /** A transfer waiting for review. */
  pending_transfer: chargeSchema.nullable(),
  limits: planLimitsSchema,
  usage: z.object({ providers: z.number(), branches: z.number(), users: z.number(), bookings_per_month: z.number() }),
});
export const fullSubscriptionSchema = subscriptionSchema.extend(subscriptionDetailsSchema.shape);
export type FullSubscription = z.infer<typeof fullSubscriptionSchema>;

/** A subscription invoice: the platform's tax invoice to the business, one per paid charge. */
export const subscriptionInvoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  /** simplified (B2C: the business has no VAT number) or standard (B2B). */
  template: z.enum(['standard', 'simplified']),
  issued_at: z.string(),
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  description: z.string(),
  payment_method: z.enum(PAYMENT_METHODS),
  subtotal: z.number(),
  discount: z.number(),
  vat_rate_bps: z.number(),
  vat_amount: z.number(),
  total: z.number(),
  currency: z.string(),
  seller: z.object({ name: z.string(), vat_number: z.string(), address: z.string() }),
  buyer: z.object({ name: z.string(), vat_number: z.string().nullable() }),
  /** Base64 TLV: ZATCA tags 1–9 once the platform's unit signed the invoice, else tags 1–5. */
  qr: z.string(),
  /** The platform's e-invoicing: not-submitted (its unit was not connected), pending, reported, cleared, rejected. */
  zatca_status: z.enum(['not-submitted', 'pending', 'reported', 'cleared', 'rejected']),
  /** The invoice's counter in the platform's chain; null when not signed. */
  icv: z.number().nullable(),
});
export type SubscriptionInvoice = z.infer<typeof subscriptionInvoiceSchema>;

/** Product purchases (`POST {product}-products/{id}/checkout`, spec §7): a cashier device, say. */
export const productSchema = z.object({ id: z.string(), kind: z.string(), name: z.string(), description: z.string(), price: z.number(), currency: z.string() });
export type Product = z.infer<typeof productSchema>;
export const productCheckoutBody = z.object({ payment_method: z.literal('credit_card'), quantity: z.coerce.number().int('invalid').min(1, 'min_quantity').max(100) });

// ------------------------------------------------------------------ the platform operator

export const planBody = z.object({
  slug: z.string().trim().min(1, { error: 'required', abort: true }).max(40).regex(/^[a-z0-9-]+$/, 'slug'),
  name_ar: z.string().trim().min(1, { error: 'required', abort: true }).max(80),
  name_en: z.string().trim().min(1, { error: 'required', abort: true }).max(80),
  description_ar: z.string().trim().max(300).optional().default(''),
  description_en: z.string().trim().max(300).optional().default(''),
  monthly_amount: z.number().int('invalid').min(0, 'positive'),
  /** Default: 12 months less 10%. */
  yearly_amount: z.number().int('invalid').min(0, 'positive').optional(),
  limits: planLimitsSchema,
  features: z.array(z.string().max(60)).max(40).default([]),
  plugins: z.array(z.enum(['pos', 'commission', 'packages', 'boundaries'])).default([]),
  recommended: z.boolean().default(false),
  active: z.boolean().default(true),
  sort: z.number().int().min(0).max(1000).default(0),
});
export const operatorPlanSchema = planSchema.extend({ descriptions: z.object({ ar: z.string(), en: z.string() }), active: z.boolean(), sort: z.number(), subscribers: z.number() });
export const operatorSubscriptionSchema = z.object({
  tenant_id: z.string(),
  business: z.string(),
  owner_email: z.string().nullable(),
  status_label: z.enum(SUBSCRIPTION_STATUSES),
  plan: z.string().nullable(),
  cycle: z.enum(BILLING_CYCLES).nullable(),
  ends_at: z.string().nullable(),
  auto_renew: z.boolean(),
});
export const operatorTransferSchema = chargeSchema.extend({ business: z.string(), bank: z.string().nullable(), beneficiary_name: z.string().nullable(), receipt_name: z.string().nullable(), review_due_at: z.string() });
export const rejectTransferBody = z.object({ reason: z.string().trim().min(1, { error: 'required', abort: true }).max(300) });

/** The platform's own e-invoicing unit (the operator's screen): its configuration and its invoices counted by ZATCA status. */
export const platformZatcaSchema = invoicingSettingsSchema.extend({ invoices: z.record(z.string(), z.number()) });
export type PlatformZatca = z.infer<typeof platformZatcaSchema>;

/** The platform's coupons for plans (the operator's screen). `value`: basis points for a percentage (at most 100%), minor units for a fixed amount. */
export const operatorCouponBody = z
  .object({
    code: couponCode.transform((c) => c.toUpperCase()),
    type: z.enum(['fixed', 'percentage'], 'invalid'),
    value: z.number().int('invalid').min(1, 'positive'),
    max_redemptions: z.number().int('invalid').min(1, 'positive').nullable().default(null),
    /** The last day it can be used (through the end of that day, Riyadh time); null: no end. */
    expires_on: z.iso.date('date').nullable().default(null),
    active: z.boolean().default(true),
  })
  .superRefine((b, ctx) => {
    if (b.type === 'percentage' && b.value > 10_000) ctx.addIssue({ code: 'too_big', maximum: 10_000, inclusive: true, origin: 'number', path: ['value'], input: b.value });
  });
export const operatorCouponSchema = z.object({
  id: z.string(),
  code: z.string(),
  type: z.enum(['fixed', 'percentage']),
  value: z.number(),
  max_redemptions: z.number().nullable(),
  redemptions: z.number(),
  expires_on: z.string().nullable(),
  active: z.boolean(),
});
export type OperatorCoupon = z.infer<typeof operatorCouponSchema>;

/** The banks a business may transfer to (`GET subscription/get-banks`), as the operator keeps them. */
export const operatorBankBody = z.object({
  name_ar: z.string().trim().min(1, { error: 'required', abort: true }).max(120),
  name_en: z.string().trim().min(1, { error: 'required', abort: true }).max(120),
  beneficiary_name: z.string().trim().min(1, { error: 'required', abort: true }).max(120),
  iban: z
    .string()
    .min(1, { error: 'required', abort: true })
    .max(60)
    .transform(normalizeIban)
    .refine((v) => v.length > 0, 'required')
    .refine(isValidIban, 'iban'),
  account_number: z.string().trim().min(1, { error: 'required', abort: true }).max(34).regex(/^\d+$/, 'digits_only'),
  active: z.boolean().default(true),
});
export const operatorBankSchema = z.object({ id: z.string(), name_ar: z.string(), name_en: z.string(), beneficiary_name: z.string(), iban: z.string(), account_number: z.string(), active: z.boolean() });
export type OperatorBank = z.infer<typeof operatorBankSchema>;
