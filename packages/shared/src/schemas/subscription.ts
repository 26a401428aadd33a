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
