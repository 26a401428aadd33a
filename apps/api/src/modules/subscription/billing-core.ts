import type { BillingCycle, SubscriptionStatusLabel } from '@app/shared/schemas/subscription';
import { DUNNING_RETRY_DAYS, ENDING_SOON_DAYS, RENEWED_BADGE_DAYS, YEARLY_DISCOUNT_BPS } from '@app/shared/schemas/subscription';
import { divRound } from '@app/shared/tax';
import { DAY_MS } from '../../lib/clock';

/**
 * The subscription's arithmetic, pure: periods, proration, coupons, VAT, the status words and the
 * progress bar. Every rule here is written down in docs/decisions.md "Subscription and billing".
 */

export const SUBSCRIPTION_VAT_BPS = 1500;

/** Whole months added in UTC, the day kept where the month has it and clamped to its last day otherwise (31 Jan + 1 month = 28 or 29 Feb). */
export function addMonths(from: Date, months: number, anchorDay = from.getUTCDate()): Date {
  const y = from.getUTCFullYear();
  const m = from.getUTCMonth() + months;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(anchorDay, last), from.getUTCHours(), from.getUTCMinutes(), from.getUTCSeconds(), from.getUTCMilliseconds()));
}

/**
 * A period's end. `anchorDay` is the day of the month the subscription began on, so a plan begun on
 * the 31st renews on the 28th of February and on the 31st again in March (no drift to the 28th).
 */
export function periodEnd(start: Date, cycle: BillingCycle, anchorDay = start.getUTCDate()): Date {
  return addMonths(start, cycle === 'yearly' ? 12 : 1, anchorDay);
}

/** The default yearly price: 12 months less 10% (spec §9). */
export const yearlyFromMonthly = (monthly: number): number => divRound(monthly * 12 * (10_000 - YEARLY_DISCOUNT_BPS), 10_000);

/** Whole UTC days between two instants (a partial day counts as a day left). */
export const daysBetween = (from: Date, to: Date): number => Math.max(0, Math.ceil((to.getTime() - from.getTime()) / DAY_MS));

/**
 * Proration of a change within a period [start, end) at `now`: each price counts for the whole days
 * left over the period's whole days, both counted the same way in UTC (no time zone, no DST, so a
 * day is never counted twice or lost: Lago #6194's off-by-one came from counting the two sides
 * differently). The credit is the unused part of what the current plan costs for the period; the
 * charge is the new plan's part for the same days.
 */
export function prorate(input: { oldAmount: number; newAmount: number; start: Date; end: Date; now: Date }): { credit: number; charge: number; daysLeft: number; days: number } {
  const days = Math.max(1, daysBetween(input.start, input.end));
  const daysLeft = Math.min(days, daysBetween(input.now, input.end));
  return { credit: divRound(input.oldAmount * daysLeft, days), charge: divRound(input.newAmount * daysLeft, days), daysLeft, days };
}

export type Coupon = { type: 'fixed' | 'percentage'; value: number };

/** A coupon's discount on an amount: a percentage (basis points) of it, or a fixed sum; never more than the amount. */
export function couponDiscount(amount: number, coupon: Coupon | null): number {
  if (!coupon) return 0;
  const d = coupon.type === 'percentage' ? divRound(amount * coupon.value, 10_000) : coupon.value;
  return Math.max(0, Math.min(amount, d));
}

/** VAT on a charge's subtotal, rounded half up to the minor unit, and the total. */
export function withVat(subtotal: number, rateBps = SUBSCRIPTION_VAT_BPS): { vat: number; total: number } {
  const vat = divRound(subtotal * rateBps, 10_000);
  return { vat, total: subtotal + vat };
}

/** When a failed renewal is tried again: 1, 3 and 7 days after the period ended; null when the retries ran out. */
export function nextRetryAt(periodEnded: Date, failedAttempts: number): Date | null {
  const days = DUNNING_RETRY_DAYS[failedAttempts - 1];
  return days === undefined ? null : new Date(periodEnded.getTime() + days * DAY_MS);
}

/** Elapsed days over total days between start and end, clamped 0–100; 100 is over (spec §4). */
export function progressPercent(start: Date | null, end: Date | null, now: Date): number {
  if (!end) return 0;
  if (now.getTime() >= end.getTime()) return 100;
  if (!start || end.getTime() <= start.getTime()) return 0;
  const total = (end.getTime() - start.getTime()) / DAY_MS;
  const elapsed = Math.floor((now.getTime() - start.getTime()) / DAY_MS);
  return Math.max(0, Math.min(100, Math.floor((elapsed / total) * 100)));
}

export type TenantSubscription = {
  subscriptionStatus: string | null;
  trialEndsAt: Date | null;
  trialExtendedAt: Date | null;
  subscriptionEndsAt: Date | null;
  subscriptionAutoRenew: boolean;
  subscriptionRenewedAt: Date | null;
};

/** The spec §4 word for where the business stands (see SUBSCRIPTION_STATUSES). */
export function statusLabel(t: TenantSubscription, now: Date): SubscriptionStatusLabel {
  const at = now.getTime();
  switch (t.subscriptionStatus) {
    case null:
    case undefined:
      if ((t.trialEndsAt?.getTime() ?? 0) > at) return t.trialExtendedAt ? 'extended' : 'free_trial';
      return 'trial_ended';
    case 'past_due':
      return 'past_due';
    case 'expired':
      return 'expired';
    case 'canceled':
      return 'no_active_plan';
    default: {
      const end = t.subscriptionEndsAt?.getTime() ?? Number.POSITIVE_INFINITY;
      if (!t.subscriptionAutoRenew && end <= at) return 'no_active_plan';
      if (!t.subscriptionAutoRenew && end - at <= ENDING_SOON_DAYS * DAY_MS) return 'ending_soon';
      if (t.subscriptionRenewedAt && at - t.subscriptionRenewedAt.getTime() <= RENEWED_BADGE_DAYS * DAY_MS) return 'renewed';
      return 'active';
    }
  }
}
