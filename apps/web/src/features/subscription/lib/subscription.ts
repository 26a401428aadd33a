import { DEFAULT_CURRENCY } from '@app/shared/constants';
import {
  BILLING_CYCLES,
  type BillingCycle,
  type Charge,
  type FullSubscription,
  type Plan,
  type SubscriptionStatusLabel,
} from '@app/shared/schemas/subscription';

/** Badge colours of the nine statuses (spec §4). */
export const STATUS_COLORS: Record<SubscriptionStatusLabel, string> = {
  free_trial: 'brand',
  extended: 'cyan',
  trial_ended: 'red',
  active: 'green',
  renewed: 'teal',
  ending_soon: 'yellow',
  past_due: 'orange',
  expired: 'red',
  no_active_plan: 'gray',
};

export const CHARGE_COLORS: Record<Charge['status'], string> = {
  pending: 'gray',
  paid: 'green',
  failed: 'red',
  awaiting_review: 'orange',
  rejected: 'red',
};

/** The statuses with a plan the business pays for (not the trial, not over). */
const PAID_PLAN = new Set<SubscriptionStatusLabel>(['active', 'renewed', 'ending_soon', 'past_due']);
/** "Renew now" shows for these (spec: past due, expired, no active plan, ending soon). */
const RENEWABLE = new Set<SubscriptionStatusLabel>(['past_due', 'expired', 'no_active_plan', 'ending_soon']);
/** Auto-renewal can be switched off or on while the plan runs. */
const AUTO_RENEW_SWITCHABLE = new Set<SubscriptionStatusLabel>(['active', 'renewed', 'ending_soon']);

export const hasPaidPlan = (sub: Pick<FullSubscription, 'status_label'>) => PAID_PLAN.has(sub.status_label);
export const isRenewable = (sub: Pick<FullSubscription, 'status_label'>) => RENEWABLE.has(sub.status_label);
export const canSwitchAutoRenew = (sub: Pick<FullSubscription, 'status_label'>) => AUTO_RENEW_SWITCHABLE.has(sub.status_label);

/** A plan's price for a cycle (the monthly price when the plan lists no such cycle). */
export function priceOf(plan: Pick<Plan, 'price' | 'prices'>, cycle: BillingCycle): number {
  return plan.prices.find((p) => p.billing_cycle === cycle)?.amount ?? (cycle === 'monthly' ? plan.price : plan.price * 12);
}

const samePlan = (plan: Pick<Plan, 'uuid' | 'id'>, other: { uuid: string; id: string }) => plan.uuid === other.uuid || plan.id === other.id;

/** What a plan card's button does, given the plan in force. */
export type PlanAction = 'subscribe' | 'upgrade' | 'downgrade' | 'current' | 'renew' | 'switchCycle';

/**
 * Subscribe while there is no paid plan (the trial, an expiry); otherwise the current plan's card
 * says so (or offers the renewal when due, or the other cycle), and the others are an upgrade or a
 * downgrade by their monthly price against the current plan's.
 */
export function planAction(plan: Plan, cycle: BillingCycle, sub: FullSubscription | undefined, plans: readonly Plan[]): PlanAction {
  const details = sub?.plan_details;
  if (!sub || !details || !hasPaidPlan(sub)) return 'subscribe';
  if (samePlan(plan, details)) {
    if (sub.cycle && sub.cycle !== cycle) return 'switchCycle';
    return isRenewable(sub) ? 'renew' : 'current';
  }
  const current = plans.find((p) => samePlan(p, details));
  if (!current || plan.price === current.price) return 'subscribe';
  return plan.price > current.price ? 'upgrade' : 'downgrade';
}

/** The current plan's card in the plans list. */
export const isCurrentPlan = (plan: Plan, sub: FullSubscription | undefined) => Boolean(sub?.plan_details && hasPaidPlan(sub) && samePlan(plan, sub.plan_details));

const whole = (v: string | null) => {
  const n = Number(v);
  return v !== null && v !== '' && Number.isSafeInteger(n) && n >= 0 ? n : null;
};

/** A subscription payment's outcome, read from `/payment-success` or `/payment-failure`; null for a payment link's. */
export type SubscriptionOutcome = {
  chargeId: string;
  /** The plan's slug; null for a product. */
  plan: string | null;
  cycle: BillingCycle | null;
  total: number | null;
  unit: number | null;
  quantity: number | null;
  discount: number | null;
  coupon: string | null;
  currency: string;
  transfer: boolean;
  message: string | null;
};

/**
 * The query is the platform's charge's when it carries `charge_id` (docs/subscription.md: with `plan`
 * for a plan; a product bought from the platform comes back with an empty `plan`). A customer's
 * payment link never carries `charge_id`.
 */
export function subscriptionOutcome(params: URLSearchParams): SubscriptionOutcome | null {
  const chargeId = params.get('charge_id')?.trim() ?? '';
  const plan = params.get('plan')?.trim() || null;
  if (!chargeId) return null;
  const cycle = params.get('cycle');
  const currency = params.get('currency') ?? '';
  return {
    chargeId,
    plan,
    cycle: (BILLING_CYCLES as readonly string[]).includes(cycle ?? '') ? (cycle as BillingCycle) : null,
    total: whole(params.get('total_amount')),
    unit: whole(params.get('unit_amount')),
    quantity: whole(params.get('quantity')),
    discount: whole(params.get('discount')),
    coupon: /^[A-Za-z0-9]{1,40}$/.test(params.get('coupon') ?? '') ? params.get('coupon') : null,
    currency: /^[A-Z]{3}$/.test(currency) ? currency : DEFAULT_CURRENCY,
    transfer: params.get('payment_type') === 'bank_transfer',
    message: params.get('message')?.trim() || null,
  };
}

/** A receipt a transfer carries (spec: jpeg, gif, png or pdf, 5 MB). */
export const RECEIPT_TYPES = ['image/jpeg', 'image/gif', 'image/png', 'application/pdf'] as const;
export const RECEIPT_MAX_MB = 5;
export const RECEIPT_MAX_BYTES = RECEIPT_MAX_MB * 1024 * 1024;

/** Usage against a limit, 0–100 (null limit: no bar). */
export const usagePercent = (used: number, limit: number | null) => (limit === null || limit <= 0 ? null : Math.min(100, Math.round((used / limit) * 100)));
