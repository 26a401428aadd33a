import { type Locale, TRIAL_DAYS, TRIAL_EXTENSION_DAYS } from '@app/shared/constants';
import type { BillingCycle, FullSubscription, Subscription, SubscriptionStateName } from '@app/shared/schemas/subscription';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { plans, subscriptionCharges } from '../../db/schema/subscriptions';
import { clock, DAY_MS } from '../../lib/clock';
import { daysBetween, progressPercent, statusLabel } from './billing-core';
import { limitsOf, toCharge, usageOf } from './billing.service';
import { type Database, withTenant } from '../../db/client';
import { tenants } from '../../db/schema/tenants';
import { t } from '../../i18n/messages';
import { AppError } from '../../lib/errors';
import type * as repo from '../auth/auth.repository';
import { type AuthContext, subscriptionState } from '../auth/auth.service';

/** A business may extend its free trial once, and only while it has no subscription status. */
export function trialExtendable(tenant: Pick<repo.TenantRow, 'subscriptionStatus' | 'trialExtendedAt'>): boolean {
  return !tenant.subscriptionStatus && !tenant.trialExtendedAt;
}

/** The business's subscription as `GET subscription` shows it (spec §4 words, see the shared schema). */
export function toSubscription(tenant: repo.TenantRow, now = clock.nowMs()): Subscription {
  const { onTrial, ended, trialDaysLeft } = subscriptionState(tenant, now);
  const status = tenant.subscriptionStatus;
  let state: SubscriptionStateName;
  if (!status) state = onTrial ? 'on_trial' : 'trial_ended';
  else if (!ended) state = 'active';
  else state = status === 'past_due' ? 'past_due' : 'expired';
  return {
    state,
    ended,
    trial_ends_at: tenant.trialEndsAt?.toISOString() ?? null,
    trial_days_left: trialDaysLeft,
    trial_extendable: trialExtendable(tenant),
    trial_extended_at: tenant.trialExtendedAt?.toISOString() ?? null,
    status,
    plan: tenant.subscriptionPlan,
    start_at: tenant.subscriptionStartAt?.toISOString() ?? null,
    ends_at: tenant.subscriptionEndsAt?.toISOString() ?? null,
    show_renew_message: tenant.showRenewMessage,
  };
}

/**
 * The subscription of the caller's business: its state, and the one-time trial extension. Real plans
 * and checkout come later; until then the extension is the way out of an ended trial.
 */
export function createSubscriptionService(deps: { db: Database }) {
  const { db } = deps;

  /** The caller's context was loaded for this request, so its tenant row is current. */
  function current(ctx: AuthContext): Subscription {
    return toSubscription(ctx.tenant);
  }

  /** `GET subscription`: the state above and the plan's details, its limits and what is used of them. */
  async function full(tenantId: string, locale: Locale): Promise<FullSubscription> {
    return withTenant(db, tenantId, async (tx) => {
      const [tenant] = await tx.select().from(tenants).where(eq(tenants.id, tenantId));
      if (!tenant) throw new AppError(404, 'not_found');
      const now = clock.now();
      const planRows = await tx.select().from(plans);
      const plan = planRows.find((p) => p.id === tenant.subscriptionPlanId);
      const next = planRows.find((p) => p.id === tenant.subscriptionNextPlanId);
      const [waiting] = await tx
        .select()
        .from(subscriptionCharges)
        .where(and(eq(subscriptionCharges.tenantId, tenantId), eq(subscriptionCharges.status, 'awaiting_review')))
        .orderBy(desc(subscriptionCharges.createdAt))
        .limit(1);
      const onTrial = !tenant.subscriptionStatus;
      const start = onTrial ? (tenant.trialExtendedAt && tenant.trialEndsAt ? new Date(tenant.trialEndsAt.getTime() - (TRIAL_DAYS + TRIAL_EXTENSION_DAYS) * DAY_MS) : tenant.trialEndsAt ? new Date(tenant.trialEndsAt.getTime() - TRIAL_DAYS * DAY_MS) : null) : tenant.subscriptionStartAt;
      const end = onTrial ? tenant.trialEndsAt : tenant.subscriptionEndsAt;
      return {
        ...toSubscription(tenant, now.getTime()),
        status_label: statusLabel(tenant, now),
        plan_details: plan ? { uuid: plan.id, id: plan.slug, name: locale === 'ar' ? plan.nameAr : plan.nameEn } : null,
        cycle: (tenant.subscriptionCycle as BillingCycle | null) ?? null,
        auto_renew: tenant.subscriptionAutoRenew,
        progress_percent: progressPercent(start, end, now),
        days_left: end ? daysBetween(now, end) : 0,
        next_retry_at: tenant.subscriptionStatus === 'past_due' ? (tenant.subscriptionNextAttemptAt?.toISOString() ?? null) : null,
        retry_count: tenant.subscriptionRetryCount,
        pending_change: next && tenant.subscriptionEndsAt ? { plan: locale === 'ar' ? next.nameAr : next.nameEn, cycle: (tenant.subscriptionNextCycle as BillingCycle | null) ?? 'monthly', at: tenant.subscriptionEndsAt.toISOString() } : null,
        pending_transfer: waiting ? toCharge(waiting, planRows.find((p) => p.id === waiting.planId), locale) : null,
        limits: await limitsOf(tx, tenant),
        usage: await usageOf(tx, tenantId, tenant.timezone),
      };
    });
  }

  /**
   * Adds TRIAL_EXTENSION_DAYS to the trial, counted from its end when that is still ahead (no day
   * is lost by extending early) and from now otherwise. One conditional UPDATE (`trial_extended_at
   * IS NULL AND subscription_status IS NULL`): of two racing calls the second finds the row already
   * extended and changes nothing.
   */
  async function extendTrial(ctx: AuthContext, locale: Locale): Promise<{ message: string; data: Subscription }> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const [row] = await tx
        .update(tenants)
        .set({
          trialEndsAt: sql`greatest(coalesce(${tenants.trialEndsAt}, now()), now()) + make_interval(days => ${TRIAL_EXTENSION_DAYS}::int)`,
          trialExtendedAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(tenants.id, ctx.tenantId), isNull(tenants.trialExtendedAt), isNull(tenants.subscriptionStatus)))
        .returning();
      if (row) return { message: t('trial_extended', locale, { days: TRIAL_EXTENSION_DAYS }), data: toSubscription(row) };
      const [now] = await tx.select({ status: tenants.subscriptionStatus }).from(tenants).where(eq(tenants.id, ctx.tenantId));
      if (now?.status) throw new AppError(422, 'trial_not_extendable', { code: 'subscription-exists' });
      throw new AppError(422, 'trial_already_extended', { code: 'trial-already-extended' });
    });
  }

  return { current, full, extendTrial };
}

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;
