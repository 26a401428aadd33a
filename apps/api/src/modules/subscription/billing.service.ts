import type { Locale } from '@app/shared/constants';
import type {
  Bank,
  BillingCycle,
  Charge,
  CheckoutResult,
  CheckoutStarted,
  Plan,
  PlanLimit,
  PlanLimits,
  Product,
  SubscriptionInvoice,
} from '@app/shared/schemas/subscription';
import { formatDate } from '@app/shared/format';
import { PLAN_LIMITS } from '@app/shared/schemas/subscription';
import { and, asc, desc, eq, inArray, lte, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { type Database, type Executor, type Tx, withTenant } from '../../db/client';
import { branches, providers } from '../../db/schema/business';
import { bookings } from '../../db/schema/sales';
import { type ChargeRow, type PlanRow, platformBanks, platformCounters, platformProducts, plans, subscriptionCharges, subscriptionCoupons, subscriptionInvoices } from '../../db/schema/subscriptions';
import { tenants } from '../../db/schema/tenants';
import { users } from '../../db/schema/users';
import type { PaymentGateway, PaymentResult } from '../../integrations/payment/payment.adapter';
import { qrBase64 } from '../../integrations/zatca/tlv';
import { clock } from '../../lib/clock';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { t } from '../../i18n/messages';
import type { AuthContext } from '../auth/auth.service';
import { b2bBuyerOf, platformUnit, sellerSnapshot, signSubscriptionInvoice } from './platform-zatca';
import { couponDiscount, nextRetryAt, periodEnd, prorate, SUBSCRIPTION_VAT_BPS, withVat } from './billing-core';

type TenantRow = typeof tenants.$inferSelect;
type Upload = { path: string; mime: string; name: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A pending card checkout for the same plan and amount is reused for this long (a double click opens one payment). */
const REUSE_PENDING_MS = 30 * 60_000;
const CYCLE_WORDS: Record<BillingCycle, Record<Locale, string>> = { monthly: { ar: 'شهري', en: 'monthly' }, yearly: { ar: 'سنوي', en: 'yearly' } };

export const amountOf = (plan: Pick<PlanRow, 'monthlyAmount' | 'yearlyAmount'>, cycle: BillingCycle): number => (cycle === 'yearly' ? plan.yearlyAmount : plan.monthlyAmount);

export function toPlan(row: PlanRow, locale: Locale): Plan {
  return {
    uuid: row.id,
    id: row.slug,
    name: locale === 'ar' ? row.nameAr : row.nameEn,
    names: { ar: row.nameAr, en: row.nameEn },
    description: locale === 'ar' ? row.descriptionAr : row.descriptionEn,
    price: row.monthlyAmount,
    prices: [
      { id: 'monthly', billing_cycle: 'monthly', amount: row.monthlyAmount },
      { id: 'yearly', billing_cycle: 'yearly', amount: row.yearlyAmount },
    ],
    currency: row.currency,
    limits: row.limits,
    features: row.features,
    plugins: row.plugins,
    recommended: row.recommended,
    vat_rate_bps: SUBSCRIPTION_VAT_BPS,
  };
}

export function toCharge(row: ChargeRow, plan: PlanRow | undefined, locale: Locale): Charge {
  return {
    id: row.id,
    kind: row.kind as Charge['kind'],
    status: row.status as Charge['status'],
    payment_method: row.paymentMethod as Charge['payment_method'],
    plan_name: plan ? (locale === 'ar' ? plan.nameAr : plan.nameEn) : null,
    cycle: (row.cycle as BillingCycle | null) ?? null,
    total_amount: row.total,
    currency: row.currency,
    failure_message: row.failureMessage,
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
  };
}

/** Plans' limits kept for a few seconds: a booking asks on every request, the operator rarely changes them. */
const LIMITS_TTL_MS = 10_000;
let limitsCache: { at: number; byPlan: Map<string, PlanLimits>; trial: PlanLimits } | null = null;

/** The limits that apply now: the plan's; the free trial has the largest plan's (no limit where any plan has none). */
export async function limitsOf(exec: Executor, tenant: Pick<TenantRow, 'subscriptionPlanId'>): Promise<PlanLimits> {
  if (!limitsCache || Date.now() - limitsCache.at > LIMITS_TTL_MS) {
    const all = await exec.select({ id: plans.id, limits: plans.limits, active: plans.active }).from(plans);
    const live = all.filter((p) => p.active);
    const widest = (k: PlanLimit) => (live.length === 0 || live.some((p) => p.limits[k] === null) ? null : Math.max(...live.map((p) => p.limits[k] ?? 0)));
    limitsCache = {
      at: Date.now(),
      byPlan: new Map(all.map((p) => [p.id, p.limits])),
      trial: { providers: widest('providers'), branches: widest('branches'), users: widest('users'), bookings_per_month: widest('bookings_per_month') },
    };
  }
  return (tenant.subscriptionPlanId && limitsCache.byPlan.get(tenant.subscriptionPlanId)) || limitsCache.trial;
}

/** Forgets the kept limits (the operator saved a plan). */
export function forgetLimits(): void {
  limitsCache = null;
}

/** What the business uses of one limit: providers, branches, users (not cashier devices), bookings made this calendar month in its zone. */
async function countOf(exec: Executor, tenantId: string, timeZone: string, what: PlanLimit): Promise<number> {
  const n = sql<number>`count(*)::int`;
  let row: { n: number } | undefined;
  if (what === 'providers') [row] = await exec.select({ n }).from(providers).where(eq(providers.tenantId, tenantId));
  else if (what === 'branches') [row] = await exec.select({ n }).from(branches).where(eq(branches.tenantId, tenantId));
  else if (what === 'users') [row] = await exec.select({ n }).from(users).where(and(eq(users.tenantId, tenantId), ne(users.type, 'pos')));
  else
    [row] = await exec
      .select({ n })
      .from(bookings)
      .where(and(eq(bookings.tenantId, tenantId), sql`${bookings.createdAt} >= (date_trunc('month', now() at time zone ${timeZone}) at time zone ${timeZone})`));
  return row?.n ?? 0;
}

export async function usageOf(exec: Executor, tenantId: string, timeZone: string): Promise<Record<PlanLimit, number>> {
  const out = { providers: 0, branches: 0, users: 0, bookings_per_month: 0 };
  for (const what of PLAN_LIMITS) out[what] = await countOf(exec, tenantId, timeZone, what);
  return out;
}

/**
 * 422 `plan_limit` when adding one more of `what` would pass the plan's limit (spec §8: the client
 * toasts the first). Called inside the adding transaction, after the business's row is locked where
 * a race matters, so two adds at once cannot both pass the last seat.
 */
export async function assertWithinPlan(exec: Executor, tenant: Pick<TenantRow, 'id' | 'subscriptionPlanId' | 'timezone'>, what: PlanLimit, adding = 1): Promise<void> {
  const limit = (await limitsOf(exec, tenant))[what];
  if (limit === null) return;
  // Adding staff, branches and users is rare: the business's row is locked so two adds cannot both
  // take the last seat. Bookings are not (they must not queue, docs/decisions.md): a burst may pass
  // the month's limit by the few that raced.
  if (what !== 'bookings_per_month') await exec.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenant.id)).for('update');
  const used = await countOf(exec, tenant.id, tenant.timezone, what);
  if (used + adding <= limit) return;
  const key = `plan_limit_${what}` as const;
  throw new AppError(422, key, { code: 'plan_limit', params: { limit }, fields: { plan_limit: [{ key, params: { limit } }] } });
}

type Platform = Config['platform'];

/** Whether the business has a plan running at `now` (active, not past its end). */
const runningAt = (tenant: TenantRow, now: Date) => tenant.subscriptionStatus === 'active' && (tenant.subscriptionEndsAt?.getTime() ?? 0) > now.getTime();

/** A paid charge takes effect: the plan, its period, the saved card; the coupon is used; the invoice issued (`at`: when it was paid, for the demo's history). */
export async function applyCharge(tx: Tx, charge: ChargeRow, cardToken: string | null, platform: Platform, at?: Date): Promise<ChargeRow> {
  const now = at ?? clock.now();
  await tx.execute(sql`select 1 from ${tenants} where ${tenants.id} = ${charge.tenantId} for update`);
  const [tenant] = await tx.select().from(tenants).where(eq(tenants.id, charge.tenantId));
  if (!tenant) throw notFound();
  const plan = charge.planId ? (await tx.select().from(plans).where(eq(plans.id, charge.planId)))[0] : undefined;
  let row = charge;
  if (plan && charge.cycle) {
    const cycle = charge.cycle as BillingCycle;
    let start: Date;
    let end: Date;
    let anchor = tenant.subscriptionAnchorDay ?? now.getUTCDate();
    if (charge.kind === 'upgrade' && cycle === tenant.subscriptionCycle && runningAt(tenant, now)) {
      start = tenant.subscriptionStartAt ?? now;
      end = tenant.subscriptionEndsAt!;
    } else if (charge.kind === 'renewal' && tenant.subscriptionStatus === 'active' && tenant.subscriptionEndsAt) {
      // On time (the job at the period's end, or renewing early): the next period follows the last.
      start = tenant.subscriptionEndsAt;
      end = periodEnd(start, cycle, anchor);
    } else {
      // A first plan, an upgrade to yearly, or a renewal after the plan ended: a new period from now.
      start = now;
      anchor = now.getUTCDate();
      end = periodEnd(start, cycle, anchor);
    }
    [row] = (await tx
      .update(subscriptionCharges)
      .set({ periodStart: start, periodEnd: end })
      .where(and(eq(subscriptionCharges.tenantId, charge.tenantId), eq(subscriptionCharges.id, charge.id)))
      .returning()) as [ChargeRow];
    await tx
      .update(tenants)
      .set({
        subscriptionStatus: 'active',
        subscriptionPlan: plan.slug,
        subscriptionPlanId: plan.id,
        subscriptionCycle: cycle,
        subscriptionStartAt: start,
        subscriptionEndsAt: end,
        subscriptionAnchorDay: anchor,
        subscriptionAutoRenew: true,
        subscriptionRetryCount: 0,
        subscriptionNextAttemptAt: null,
        subscriptionNextPlanId: charge.kind === 'upgrade' ? null : tenant.subscriptionNextPlanId,
        subscriptionNextCycle: charge.kind === 'upgrade' ? null : tenant.subscriptionNextCycle,
        subscriptionRenewedAt: charge.kind === 'renewal' ? now : tenant.subscriptionRenewedAt,
        showRenewMessage: false,
        ...(cardToken ? { subscriptionCardToken: cardToken } : {}),
        updatedAt: new Date(),
      })
      .where(eq(tenants.id, charge.tenantId));
  }
  if (charge.couponId) await tx.update(subscriptionCoupons).set({ redemptions: sql`${subscriptionCoupons.redemptions} + 1` }).where(eq(subscriptionCoupons.id, charge.couponId));
  await issueInvoice(tx, row, tenant, plan, platform, now);
  return row;
}

/**
 * The platform's invoice for a paid charge: gapless number; standard when the business gave a VAT
 * number and an address, else simplified; signed into the platform's chain when its unit is connected
 * (platform-zatca.ts), else QR tags 1–5 only.
 */
async function issueInvoice(tx: Tx, charge: ChargeRow, tenant: TenantRow, plan: PlanRow | undefined, platform: Platform, issuedAt: Date): Promise<void> {
  if (charge.total === 0 && charge.kind !== 'new') return;
  // The platform's unit first (its chain's lock), then the number: every issuer takes them in this order.
  const unit = await platformUnit(tx, true);
  const [counter] = await tx
    .insert(platformCounters)
    .values({ name: 'subscription_invoice', value: 1 })
    .onConflictDoUpdate({ target: platformCounters.name, set: { value: sql`${platformCounters.value} + 1` } })
    .returning();
  const number = `SUB-${String(counter!.value).padStart(6, '0')}`;
  const seller = sellerSnapshot(unit, platform);
  const describe = (locale: Locale) => {
    if (charge.kind === 'product') return locale === 'ar' ? `شراء منتج × ${charge.quantity}` : `Product purchase × ${charge.quantity}`;
    const name = plan ? (locale === 'ar' ? plan.nameAr : plan.nameEn) : '';
    const what = locale === 'ar' ? `اشتراك خدمة — خطة ${name} (${CYCLE_WORDS[charge.cycle as BillingCycle]?.ar ?? ''})` : `Khidma subscription — ${name} plan (${CYCLE_WORDS[charge.cycle as BillingCycle]?.en ?? ''})`;
    const upgrade = charge.kind === 'upgrade' ? (locale === 'ar' ? '، ترقية' : ', upgrade') : '';
    // The period is a field of its own (period_start, period_end): the document shows it beside.
    return `${what}${upgrade}`;
  };
  const buyerName = tenant.name ?? tenant.storeName ?? '';
  const b2b = await b2bBuyerOf(tx, tenant.id, buyerName, tenant.vatNumber);
  const [inv] = await tx
    .insert(subscriptionInvoices)
    .values({
      tenantId: charge.tenantId,
      number,
      chargeId: charge.id,
      kind: charge.kind,
      template: b2b ? 'standard' : 'simplified',
      periodStart: charge.periodStart,
      periodEnd: charge.periodEnd,
      descriptionAr: describe('ar'),
      descriptionEn: describe('en'),
      paymentMethod: charge.paymentMethod,
      subtotal: charge.subtotal + charge.discount + charge.credit,
      discount: charge.discount + charge.credit,
      vatRateBps: charge.vatRateBps,
      vatAmount: charge.vatAmount,
      total: charge.total,
      currency: charge.currency,
      ...seller,
      buyerName,
      buyerVatNumber: tenant.vatNumber,
      qr: qrBase64({
        seller: seller.sellerName,
        vatNumber: seller.sellerVatNumber,
        timestamp: `${issuedAt.toISOString().slice(0, 19)}Z`,
        total: (charge.total / 100).toFixed(2),
        vat: (charge.vatAmount / 100).toFixed(2),
      }),
      issuedAt,
    })
    .onConflictDoNothing()
    .returning();
  if (inv && unit) await signSubscriptionInvoice(tx, unit, inv, charge, b2b);
}


/** 422 `plan_limit` when the business's plan does not include the plugin (the free trial includes every one). */
export async function assertPluginInPlan(exec: Executor, tenant: Pick<TenantRow, 'subscriptionPlanId'>, slug: string): Promise<void> {
  if (!tenant.subscriptionPlanId) return;
  const [plan] = await exec.select({ plugins: plans.plugins }).from(plans).where(eq(plans.id, tenant.subscriptionPlanId));
  if (!plan || plan.plugins.includes(slug)) return;
  throw new AppError(422, 'plan_limit_plugin', { code: 'plan_limit', fields: { plan_limit: [{ key: 'plan_limit_plugin' }] } });
}

type Quote = CheckoutResult & { couponId: string | null; planRow: PlanRow; periodStartAt: Date; periodEndAt: Date };

export function createBillingService(deps: { db: Database; config: Config; gateway: PaymentGateway; log?: FastifyBaseLogger }) {
  const { db, config, gateway } = deps;

  async function findPlan(exec: Executor, ref: string): Promise<PlanRow> {
    const [row] = await exec
      .select()
      .from(plans)
      .where(UUID.test(ref) ? eq(plans.id, ref) : eq(plans.slug, ref))
      .limit(1);
    if (!row?.active) throw notFound();
    return row;
  }

  async function listPlans(locale: Locale): Promise<Plan[]> {
    const rows = await db.select().from(plans).where(eq(plans.active, true)).orderBy(asc(plans.sort), asc(plans.monthlyAmount));
    return rows.map((r) => toPlan(r, locale));
  }

  async function findCoupon(exec: Executor, code: string | undefined, now: Date) {
    if (!code) return null;
    const [c] = await exec.select().from(subscriptionCoupons).where(eq(subscriptionCoupons.code, code.toUpperCase()));
    const usable = c?.active && (!c.expiresAt || c.expiresAt > now) && (c.maxRedemptions === null || c.redemptions < c.maxRedemptions);
    if (!usable) throw new AppError(422, 'coupon_not_found', { fields: { coupon: [{ key: 'coupon_not_found' }] } });
    return c;
  }

  /** Whether the business has a plan running now (active, not past its end). */

  /**
   * What choosing `plan` on `cycle` costs now (see docs/decisions.md "Subscription and billing"):
   * a first plan (or one after an end) from now; a renewal of a running plan from its end; an
   * upgrade within the same cycle prorated to the current period's end; monthly to yearly a new
   * year from now less what is left of the month; anything cheaper is a downgrade at the period's end.
   */
  async function quote(exec: Executor, tenant: TenantRow, plan: PlanRow, cycle: BillingCycle, couponCode: string | undefined, mode: 'checkout' | 'renew', locale: Locale): Promise<Quote> {
    const now = clock.now();
    const coupon = await findCoupon(exec, couponCode, now);
    const unit = amountOf(plan, cycle);
    let kind: CheckoutResult['kind'] = 'new';
    let start = now;
    let base = unit;
    let credit = 0;
    const isRunning = runningAt(tenant, now);
    const current = tenant.subscriptionPlanId ? (await exec.select().from(plans).where(eq(plans.id, tenant.subscriptionPlanId)))[0] : undefined;
    const currentCycle = (tenant.subscriptionCycle as BillingCycle | null) ?? 'monthly';
    if (mode === 'renew') {
      if (!current || current.id !== plan.id) throw new AppError(422, 'plan_not_current', { fields: { plan: [{ key: 'plan_not_current' }] } });
      kind = 'renewal';
      if (isRunning) start = tenant.subscriptionEndsAt!;
    } else if (isRunning && current) {
      const curAmount = amountOf(current, currentCycle);
      if (current.id === plan.id && cycle === currentCycle) throw new AppError(422, 'plan_current', { fields: { plan: [{ key: 'plan_current' }] } });
      const periodStartAt = tenant.subscriptionStartAt ?? now;
      const periodEndAt = tenant.subscriptionEndsAt!;
      if (cycle === currentCycle && unit > curAmount) {
        kind = 'upgrade';
        const p = prorate({ oldAmount: curAmount, newAmount: unit, start: periodStartAt, end: periodEndAt, now });
        base = p.charge;
        credit = p.credit;
        start = periodStartAt;
      } else if (cycle === 'yearly' && currentCycle === 'monthly' && unit > curAmount) {
        kind = 'upgrade';
        credit = prorate({ oldAmount: curAmount, newAmount: 0, start: periodStartAt, end: periodEndAt, now }).credit;
      } else {
        kind = 'downgrade';
        base = 0;
        start = periodEndAt;
      }
    }
    const end = kind === 'upgrade' && cycle === currentCycle ? tenant.subscriptionEndsAt! : periodEnd(start, cycle);
    const discount = couponDiscount(base, coupon ? { type: coupon.type as 'fixed' | 'percentage', value: coupon.value } : null);
    const subtotal = Math.max(0, base - discount - credit);
    const { vat, total } = withVat(subtotal);
    return {
      plan: { uuid: plan.id, id: plan.slug, name: locale === 'ar' ? plan.nameAr : plan.nameEn },
      cycle,
      kind,
      unit_amount: unit,
      quantity: 1,
      discount,
      coupon: coupon ? { code: coupon.code, type: coupon.type as 'fixed' | 'percentage', value: coupon.value } : null,
      credit,
      subtotal,
      vat_rate_bps: SUBSCRIPTION_VAT_BPS,
      vat_amount: vat,
      total_amount: total,
      currency: plan.currency,
      period_start: start.toISOString(),
      period_end: end.toISOString(),
      couponId: coupon?.id ?? null,
      planRow: plan,
      periodStartAt: start,
      periodEndAt: end,
    };
  }

  const publicQuote = ({ couponId: _c, planRow: _p, periodStartAt: _s, periodEndAt: _e, ...rest }: Quote): CheckoutResult => rest;

  async function tenantOf(exec: Executor, tenantId: string): Promise<TenantRow> {
    const [row] = await exec.select().from(tenants).where(eq(tenants.id, tenantId));
    if (!row) throw notFound();
    return row;
  }

  async function preview(ctx: AuthContext, planRef: string, cycle: BillingCycle, coupon: string | undefined, locale: Locale, mode: 'checkout' | 'renew' = 'checkout'): Promise<CheckoutResult> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const plan = await findPlan(tx, planRef);
      return publicQuote(await quote(tx, await tenantOf(tx, ctx.tenantId), plan, cycle, coupon, mode, locale));
    });
  }

  /** Where the browser lands after a charge: the success page with the checkout's fields, or the failure page with the reason. */
  function resultUrl(charge: ChargeRow, plan: PlanRow | undefined, locale: Locale): string {
    const common = { charge_id: charge.id, plan: plan?.slug ?? '', cycle: charge.cycle ?? '' };
    if (charge.status === 'paid' || charge.status === 'awaiting_review') {
      const q = new URLSearchParams({
        ...common,
        total_amount: String(charge.total),
        unit_amount: String(charge.unitAmount),
        quantity: String(charge.quantity),
        discount: String(charge.discount),
        coupon: charge.couponCode ?? '',
        ...(charge.paymentMethod === 'bank_transfer' ? { payment_type: 'bank_transfer' } : {}),
      });
      return `/payment-success?${q}`;
    }
    return `/payment-failure?${new URLSearchParams({ ...common, message: charge.failureMessage ?? t('payment_failed', locale) })}`;
  }

  type StartInput = { payment_method: 'credit_card' | 'bank_transfer'; coupon?: string; bank_id?: string; beneficiary_name?: string };

  /**
   * `POST subscription/{plan}/checkout/{cycle}` and `subscription/renew/{plan}`. A card opens a
   * payment at the gateway (a pending card checkout for the same plan and total is reused: a double
   * click is one payment); a transfer waits for the operator; a downgrade is scheduled; nothing to
   * pay (a coupon or credit covers it all) is applied at once.
   */
  async function start(ctx: AuthContext, planRef: string, cycle: BillingCycle | null, input: StartInput, receipt: Upload | null, locale: Locale, mode: 'checkout' | 'renew'): Promise<{ message: string; data: CheckoutStarted }> {
    type Step = { type: 'done'; value: { message: string; data: CheckoutStarted } } | { type: 'open'; charge: ChargeRow; q: Quote } | { type: 'new'; charge: ChargeRow; q: Quote };
    const result = await withTenant(db, ctx.tenantId, async (tx): Promise<Step> => {
      await tx.execute(sql`select 1 from ${tenants} where ${tenants.id} = ${ctx.tenantId} for update`);
      const tenant = await tenantOf(tx, ctx.tenantId);
      const plan = await findPlan(tx, planRef);
      const c = cycle ?? ((tenant.subscriptionCycle as BillingCycle | null) ?? 'monthly');
      const q = await quote(tx, tenant, plan, c, input.coupon, mode, locale);
      const [waiting] = await tx
        .select({ id: subscriptionCharges.id })
        .from(subscriptionCharges)
        .where(and(eq(subscriptionCharges.tenantId, ctx.tenantId), eq(subscriptionCharges.status, 'awaiting_review'), inArray(subscriptionCharges.kind, ['new', 'renewal', 'upgrade'])))
        .limit(1);
      if (waiting) throw new AppError(422, 'transfer_pending', { fields: { payment_method: [{ key: 'transfer_pending' }] } });
      if (q.kind === 'downgrade') {
        await tx.update(tenants).set({ subscriptionNextPlanId: plan.id, subscriptionNextCycle: c, updatedAt: new Date() }).where(eq(tenants.id, ctx.tenantId));
        const when = formatDate(q.periodStartAt, locale, { dateStyle: 'long', timeZone: tenant.timezone });
        return { type: 'done', value: { message: t('downgrade_scheduled', locale, { plan: q.plan.name, date: when }), data: { ...publicQuote(q), charge_id: null, status: 'scheduled', url: null } } };
      }
      const method = input.payment_method;
      if (method === 'bank_transfer') {
        const errors: Record<string, { key: 'required' | 'receipt_required' }[]> = {};
        if (!input.bank_id) errors.bank_id = [{ key: 'required' }];
        if (!input.beneficiary_name?.trim()) errors.beneficiary_name = [{ key: 'required' }];
        if (!receipt) errors.receipt = [{ key: 'receipt_required' }];
        if (Object.keys(errors).length) throw new AppError(422, 'validation_failed', { fields: errors });
        const [bank] = UUID.test(input.bank_id!) ? await tx.select().from(platformBanks).where(and(eq(platformBanks.id, input.bank_id!), eq(platformBanks.active, true))) : [];
        if (!bank) throw fieldError('bank_id', 'not_exists');
      }
      if (method === 'credit_card' && q.total_amount > 0) {
        const since = new Date(Date.now() - REUSE_PENDING_MS);
        const [open] = await tx
          .select()
          .from(subscriptionCharges)
          .where(
            and(
              eq(subscriptionCharges.tenantId, ctx.tenantId),
              eq(subscriptionCharges.status, 'pending'),
              eq(subscriptionCharges.paymentMethod, 'credit_card'),
              eq(subscriptionCharges.planId, plan.id),
              eq(subscriptionCharges.cycle, c),
              eq(subscriptionCharges.kind, q.kind),
              eq(subscriptionCharges.total, q.total_amount),
              sql`${subscriptionCharges.createdAt} > ${since.toISOString()}::timestamptz`,
            ),
          )
          .limit(1);
        if (open?.gatewayRef) return { type: 'open', charge: open, q };
      }
      const [charge] = await tx
        .insert(subscriptionCharges)
        .values({
          tenantId: ctx.tenantId,
          kind: q.kind,
          status: q.total_amount === 0 ? 'pending' : method === 'bank_transfer' ? 'awaiting_review' : 'pending',
          paymentMethod: method,
          planId: plan.id,
          cycle: c,
          periodStart: q.periodStartAt,
          periodEnd: q.periodEndAt,
          unitAmount: q.unit_amount,
          discount: q.discount,
          credit: q.credit,
          subtotal: q.subtotal,
          vatRateBps: q.vat_rate_bps,
          vatAmount: q.vat_amount,
          total: q.total_amount,
          currency: q.currency,
          couponId: q.couponId,
          couponCode: q.coupon?.code ?? null,
          idempotencyKey: `checkout:${ctx.tenantId}:${crypto.randomUUID()}`,
          bankId: method === 'bank_transfer' ? input.bank_id! : null,
          beneficiaryName: method === 'bank_transfer' ? input.beneficiary_name!.trim() : null,
          receiptPath: receipt?.path ?? null,
          receiptName: receipt?.name ?? null,
          receiptMime: receipt?.mime ?? null,
        })
        .returning();
      return { type: 'new', charge: charge!, q };
    });

    if (result.type === 'done') return result.value;
    const { charge, q } = result;
    if (result.type === 'open') {
      const url = await checkoutUrl(charge);
      return { message: t('checkout_started', locale), data: { ...publicQuote(q), charge_id: charge.id, status: 'pending', url } };
    }
    if (charge.total === 0) {
      const paid = await settle(ctx.tenantId, charge.id, { status: 'paid', gatewayRef: '', paymentId: 'no-payment-due', amount: 0, currency: charge.currency }, locale);
      return { message: t('subscription_paid', locale), data: { ...publicQuote(q), charge_id: charge.id, status: 'paid', url: resultUrl(paid, q.planRow, locale) } };
    }
    if (charge.paymentMethod === 'bank_transfer') {
      return { message: t('transfer_received', locale), data: { ...publicQuote(q), charge_id: charge.id, status: 'awaiting_review', url: null } };
    }
    const checkout = await gateway.createCheckout({
      amount: charge.total,
      currency: charge.currency,
      reference: charge.id,
      description: `Khidma ${q.plan.name} (${CYCLE_WORDS[q.cycle].en})`,
      returnUrl: `${config.appUrl}/api/v1/subscription/return?charge=${charge.id}`,
    });
    await withTenant(db, ctx.tenantId, (tx) =>
      tx.update(subscriptionCharges).set({ gatewayRef: checkout.gatewayRef }).where(and(eq(subscriptionCharges.tenantId, ctx.tenantId), eq(subscriptionCharges.id, charge.id))),
    );
    const url = checkout.redirectUrl ?? `/subscription-checkout/${charge.id}`;
    return { message: t('checkout_started', locale), data: { ...publicQuote(q), charge_id: charge.id, status: 'pending', url } };
  }

  async function checkoutUrl(charge: ChargeRow): Promise<string> {
    // The simulator has no page of its own; a real gateway's page is opened again by a new checkout id.
    if (gateway.simulates) return `/subscription-checkout/${charge.id}`;
    const again = await gateway.createCheckout({ amount: charge.total, currency: charge.currency, reference: charge.id, description: 'Khidma subscription', returnUrl: `${config.appUrl}/api/v1/subscription/return?charge=${charge.id}` });
    await withTenant(db, charge.tenantId, (tx) => tx.update(subscriptionCharges).set({ gatewayRef: again.gatewayRef }).where(and(eq(subscriptionCharges.tenantId, charge.tenantId), eq(subscriptionCharges.id, charge.id))));
    return again.redirectUrl ?? `/subscription-checkout/${charge.id}`;
  }

  /**
   * Records a gateway's answer for a charge. Only the statement that moves the charge out of pending
   * (or awaiting review) applies it, in the same transaction: a callback delivered three times, a
   * return and a webhook racing, all apply once. A paid amount that is not the charge's is a failure.
   */
  async function settle(tenantId: string, chargeId: string, result: PaymentResult, locale: Locale, reviewer?: string): Promise<ChargeRow> {
    return withTenant(db, tenantId, async (tx) => {
      const [before] = await tx.select().from(subscriptionCharges).where(and(eq(subscriptionCharges.tenantId, tenantId), eq(subscriptionCharges.id, chargeId)));
      if (!before) throw notFound();
      const paid = result.status === 'paid' && result.amount === before.total && (before.total === 0 || result.currency === before.currency);
      if (result.status === 'pending') return before;
      if (!paid) {
        const [failed] = await tx
          .update(subscriptionCharges)
          .set({ status: 'failed', failureMessage: result.status === 'paid' ? t('amount_mismatch', locale) : (result.message ?? t('payment_failed', locale)) })
          .where(and(eq(subscriptionCharges.tenantId, tenantId), eq(subscriptionCharges.id, chargeId), eq(subscriptionCharges.status, 'pending')))
          .returning();
        return failed ?? before;
      }
      const [won] = await tx
        .update(subscriptionCharges)
        .set({ status: 'paid', paidAt: clock.now(), gatewayPaymentId: result.paymentId || null, reviewedBy: reviewer ?? null, reviewedAt: reviewer ? new Date() : null })
        .where(and(eq(subscriptionCharges.tenantId, tenantId), eq(subscriptionCharges.id, chargeId), inArray(subscriptionCharges.status, ['pending', 'awaiting_review'])))
        .returning();
      if (!won) {
        // Another delivery of the same answer won (its transaction has committed): read what it made.
        const [now] = await tx.select().from(subscriptionCharges).where(and(eq(subscriptionCharges.tenantId, tenantId), eq(subscriptionCharges.id, chargeId)));
        return now ?? before;
      }
      return applyCharge(tx, won, result.cardToken ?? null, config.platform);
    });
  }

  // ---------------------------------------------------------------- the gateway's answers

  /** The local gateway's buttons (`POST subscription/charges/{id}/simulate`): settles as a real callback would. */
  async function simulate(ctx: AuthContext, chargeId: string, outcome: 'paid' | 'failed', locale: Locale): Promise<{ status: Charge['status']; redirect: string }> {
    if (!gateway.simulates) throw notFound();
    const charge = await chargeRow(ctx.tenantId, chargeId);
    if (charge.paymentMethod !== 'credit_card' || !charge.gatewayRef) throw notFound();
    const result = charge.status === 'pending' ? await gateway.verify({ gatewayRef: charge.gatewayRef, payload: { outcome, amount: charge.total, currency: charge.currency } }) : null;
    const after = result ? await settle(ctx.tenantId, chargeId, result, locale) : charge;
    const plan = after.planId ? (await db.select().from(plans).where(eq(plans.id, after.planId)))[0] : undefined;
    return { status: after.status as Charge['status'], redirect: resultUrl(after, plan, locale) };
  }

  /** `GET subscription/return?charge=` (public): the gateway sent the browser back; its word is checked with the gateway itself. */
  async function returned(chargeId: string, locale: Locale): Promise<string> {
    if (!UUID.test(chargeId)) return '/payment-failure';
    const [charge] = await db.select().from(subscriptionCharges).where(eq(subscriptionCharges.id, chargeId));
    if (!charge?.gatewayRef) return '/payment-failure';
    let after = charge;
    if (charge.status === 'pending' && !gateway.simulates) {
      const result = await gateway.verify({ gatewayRef: charge.gatewayRef });
      after = await settle(charge.tenantId, charge.id, result, locale);
    }
    const plan = after.planId ? (await db.select().from(plans).where(eq(plans.id, after.planId)))[0] : undefined;
    return resultUrl(after, plan, locale);
  }

  /** A webhook named a gateway checkout: the charge it belongs to is settled by the gateway's own answer. Unknown ones are ignored. */
  async function settleByGatewayRef(gatewayRef: string, locale: Locale): Promise<void> {
    const [charge] = await db.select().from(subscriptionCharges).where(eq(subscriptionCharges.gatewayRef, gatewayRef));
    if (charge?.status !== 'pending') return;
    await settle(charge.tenantId, charge.id, await gateway.verify({ gatewayRef }), locale);
  }

  async function chargeRow(tenantId: string, chargeId: string): Promise<ChargeRow> {
    if (!UUID.test(chargeId)) throw notFound();
    const [row] = await withTenant(db, tenantId, (tx) => tx.select().from(subscriptionCharges).where(and(eq(subscriptionCharges.tenantId, tenantId), eq(subscriptionCharges.id, chargeId))));
    if (!row) throw notFound();
    return row;
  }

  async function charges(ctx: AuthContext, locale: Locale): Promise<Charge[]> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const rows = await tx.select().from(subscriptionCharges).where(eq(subscriptionCharges.tenantId, ctx.tenantId)).orderBy(desc(subscriptionCharges.createdAt)).limit(50);
      const planRows = await tx.select().from(plans);
      return rows.map((r) => toCharge(r, planRows.find((p) => p.id === r.planId), locale));
    });
  }

  async function charge(ctx: AuthContext, chargeId: string, locale: Locale): Promise<Charge> {
    const row = await chargeRow(ctx.tenantId, chargeId);
    const plan = row.planId ? (await db.select().from(plans).where(eq(plans.id, row.planId)))[0] : undefined;
    return toCharge(row, plan, locale);
  }

  // ---------------------------------------------------------------- auto-renewal, downgrades

  async function setAutoRenew(ctx: AuthContext, on: boolean): Promise<TenantRow> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const tenant = await tenantOf(tx, ctx.tenantId);
      if (!runningAt(tenant, clock.now())) throw new AppError(422, 'no_active_plan', { code: 'no-active-plan' });
      const [row] = await tx.update(tenants).set({ subscriptionAutoRenew: on, showRenewMessage: !on, updatedAt: new Date() }).where(eq(tenants.id, ctx.tenantId)).returning();
      return row!;
    });
  }

  async function dropPendingChange(ctx: AuthContext): Promise<TenantRow> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const [row] = await tx.update(tenants).set({ subscriptionNextPlanId: null, subscriptionNextCycle: null, updatedAt: new Date() }).where(eq(tenants.id, ctx.tenantId)).returning();
      return row!;
    });
  }

  /**
   * The renewal job (every minute; any number of servers). Plans that will not renew end; plans due
   * (at their end, or at a dunning retry) are charged on the saved card, each business under a row
   * lock taken with SKIP LOCKED and its condition read again under it, so two servers never charge one
   * period twice (and the charge's idempotency key, the business, the period and the attempt, is
   * unique besides). Paid: the next period (a scheduled downgrade takes effect). Declined: past due,
   * tried again after 1, 3 and 7 days; expired after the last.
   */
  /** Renews by itself, and its period ended (on time) or its next dunning attempt has come (past due). */
  const dueForRenewal = (now: Date) =>
    and(
      eq(tenants.subscriptionAutoRenew, true),
      or(and(eq(tenants.subscriptionStatus, 'active'), lte(tenants.subscriptionEndsAt, now)), and(eq(tenants.subscriptionStatus, 'past_due'), lte(tenants.subscriptionNextAttemptAt, now))),
    );

  async function renewDue(batch = 20): Promise<number> {
    const now = clock.now();
    await db
      .update(tenants)
      .set({ subscriptionStatus: 'canceled', showRenewMessage: false, updatedAt: new Date() })
      .where(and(eq(tenants.subscriptionStatus, 'active'), eq(tenants.subscriptionAutoRenew, false), lte(tenants.subscriptionEndsAt, now)));
    const due = await db
      .select({ id: tenants.id })
      .from(tenants)
      .where(dueForRenewal(now))
      .limit(batch);
    let done = 0;
    for (const { id } of due) {
      try {
        if (await renewOne(id, now)) done++;
      } catch (err) {
        deps.log?.error({ err, tenantId: id }, 'subscription renewal failed');
      }
    }
    return done;
  }

  async function renewOne(tenantId: string, now: Date): Promise<boolean> {
    return withTenant(db, tenantId, async (tx) => {
      const locked = await tx
        .select({ id: tenants.id })
        .from(tenants)
        .where(and(eq(tenants.id, tenantId), dueForRenewal(now)))
        .for('update', { skipLocked: true });
      if (!locked.length) return false;
      const tenant = await tenantOf(tx, tenantId);
      const planId = tenant.subscriptionNextPlanId ?? tenant.subscriptionPlanId;
      const cycle = ((tenant.subscriptionNextCycle ?? tenant.subscriptionCycle) as BillingCycle | null) ?? 'monthly';
      const [plan] = planId ? await tx.select().from(plans).where(eq(plans.id, planId)) : [];
      const ended = tenant.subscriptionEndsAt!;
      const attempt = tenant.subscriptionRetryCount;
      if (!plan) {
        await tx.update(tenants).set({ subscriptionStatus: 'expired', updatedAt: new Date() }).where(eq(tenants.id, tenantId));
        return true;
      }
      const unit = amountOf(plan, cycle);
      const { vat, total } = withVat(unit);
      // A retry (past due) starts its period when paid: the days the business was locked out are not charged.
      const start = attempt === 0 ? ended : now;
      const [charge] = await tx
        .insert(subscriptionCharges)
        .values({
          tenantId,
          kind: 'renewal',
          status: 'pending',
          paymentMethod: 'credit_card',
          planId: plan.id,
          cycle,
          periodStart: start,
          periodEnd: periodEnd(start, cycle, tenant.subscriptionAnchorDay ?? start.getUTCDate()),
          unitAmount: unit,
          subtotal: unit,
          vatRateBps: SUBSCRIPTION_VAT_BPS,
          vatAmount: vat,
          total,
          currency: plan.currency,
          idempotencyKey: `renewal:${tenantId}:${ended.toISOString()}:${attempt}`,
        })
        .onConflictDoNothing()
        .returning();
      if (!charge) return false;
      const result: PaymentResult = tenant.subscriptionCardToken
        ? await gateway.chargeToken({ token: tenant.subscriptionCardToken, amount: total, currency: plan.currency, reference: charge.id, description: `Khidma ${plan.nameEn} renewal`, idempotencyKey: charge.idempotencyKey })
        : { status: 'failed', gatewayRef: charge.id, paymentId: '', amount: 0, currency: plan.currency, message: t('no_saved_card', 'en') };
      if (result.status === 'paid' && result.amount === total) {
        const [won] = await tx
          .update(subscriptionCharges)
          .set({ status: 'paid', paidAt: now, gatewayRef: result.gatewayRef, gatewayPaymentId: result.paymentId })
          .where(and(eq(subscriptionCharges.tenantId, tenantId), eq(subscriptionCharges.id, charge.id), eq(subscriptionCharges.status, 'pending')))
          .returning();
        await applyCharge(tx, won!, null, config.platform);
        await tx.update(tenants).set({ subscriptionNextPlanId: null, subscriptionNextCycle: null, subscriptionRenewedAt: now }).where(eq(tenants.id, tenantId));
        return true;
      }
      await tx.update(subscriptionCharges).set({ status: 'failed', failureMessage: result.message ?? t('card_declined', 'en') }).where(and(eq(subscriptionCharges.tenantId, tenantId), eq(subscriptionCharges.id, charge.id)));
      const failures = attempt + 1;
      const next = nextRetryAt(ended, failures);
      await tx
        .update(tenants)
        .set({ subscriptionStatus: next ? 'past_due' : 'expired', subscriptionRetryCount: failures, subscriptionNextAttemptAt: next, showRenewMessage: next !== null, updatedAt: new Date() })
        .where(eq(tenants.id, tenantId));
      return true;
    });
  }

  // ---------------------------------------------------------------- banks, invoices, products

  async function banks(locale: Locale): Promise<Bank[]> {
    const rows = await db.select().from(platformBanks).where(eq(platformBanks.active, true)).orderBy(asc(platformBanks.nameEn));
    return rows.map((b) => ({ id: b.id, name: locale === 'ar' ? b.nameAr : b.nameEn, beneficiary_name: b.beneficiaryName, iban: b.iban, account_number: b.accountNumber }));
  }

  function toInvoice(row: typeof subscriptionInvoices.$inferSelect, locale: Locale): SubscriptionInvoice {
    return {
      id: row.id,
      number: row.number,
      template: row.template as SubscriptionInvoice['template'],
      issued_at: row.issuedAt.toISOString(),
      period_start: row.periodStart?.toISOString() ?? null,
      period_end: row.periodEnd?.toISOString() ?? null,
      description: locale === 'ar' ? row.descriptionAr : row.descriptionEn,
      payment_method: row.paymentMethod as SubscriptionInvoice['payment_method'],
      subtotal: row.subtotal,
      discount: row.discount,
      vat_rate_bps: row.vatRateBps,
      vat_amount: row.vatAmount,
      total: row.total,
      currency: row.currency,
      seller: { name: row.sellerName ?? config.platform.name, vat_number: row.sellerVatNumber ?? config.platform.vatNumber, address: row.sellerAddress ?? config.platform.address },
      buyer: { name: row.buyerName, vat_number: row.buyerVatNumber },
      qr: row.signedQr ?? row.qr,
      zatca_status: row.zatcaStatus as SubscriptionInvoice['zatca_status'],
      icv: row.icv,
    };
  }

  async function invoices(ctx: AuthContext, page: number, perPage: number, locale: Locale) {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const rows = await tx
        .select()
        .from(subscriptionInvoices)
        .where(eq(subscriptionInvoices.tenantId, ctx.tenantId))
        .orderBy(desc(subscriptionInvoices.issuedAt))
        .limit(perPage)
        .offset((page - 1) * perPage);
      const [n] = await tx.select({ n: sql<number>`count(*)::int` }).from(subscriptionInvoices).where(eq(subscriptionInvoices.tenantId, ctx.tenantId));
      const total = n?.n ?? 0;
      return { data: rows.map((r) => toInvoice(r, locale)), meta: { current_page: page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) } };
    });
  }

  async function invoice(ctx: AuthContext, id: string, locale: Locale): Promise<SubscriptionInvoice> {
    if (!UUID.test(id)) throw notFound();
    const [row] = await withTenant(db, ctx.tenantId, (tx) => tx.select().from(subscriptionInvoices).where(and(eq(subscriptionInvoices.tenantId, ctx.tenantId), eq(subscriptionInvoices.id, id))));
    if (!row) throw notFound();
    return toInvoice(row, locale);
  }

  /** The signed XML (the cleared one for a standard invoice); 404 while the invoice is not signed. */
  async function invoiceXml(ctx: AuthContext, id: string): Promise<{ xml: string; name: string }> {
    if (!UUID.test(id)) throw notFound();
    const [row] = await withTenant(db, ctx.tenantId, (tx) =>
      tx
        .select({ xml: subscriptionInvoices.xml, cleared: subscriptionInvoices.clearedXml, number: subscriptionInvoices.number })
        .from(subscriptionInvoices)
        .where(and(eq(subscriptionInvoices.tenantId, ctx.tenantId), eq(subscriptionInvoices.id, id))),
    );
    const doc = row?.cleared ?? row?.xml;
    if (!row || !doc) throw notFound();
    return { xml: doc, name: `invoice-${row.number}.xml` };
  }

  async function products(kind: string, locale: Locale): Promise<Product[]> {
    const rows = await db.select().from(platformProducts).where(and(eq(platformProducts.kind, kind), eq(platformProducts.active, true))).orderBy(asc(platformProducts.price));
    return rows.map((p) => ({ id: p.id, kind: p.kind, name: locale === 'ar' ? p.nameAr : p.nameEn, description: locale === 'ar' ? p.descriptionAr : p.descriptionEn, price: p.price, currency: p.currency }));
  }

  /** `POST {kind}-products/{id}/checkout`: a card payment for `quantity` of a product (a cashier device). */
  async function productCheckout(ctx: AuthContext, kind: string, productId: string, quantity: number, locale: Locale): Promise<{ message: string; data: { url: string; charge_id: string } }> {
    if (!UUID.test(productId)) throw notFound();
    const [product] = await db.select().from(platformProducts).where(and(eq(platformProducts.id, productId), eq(platformProducts.kind, kind), eq(platformProducts.active, true)));
    if (!product) throw notFound();
    const subtotal = product.price * quantity;
    const { vat, total } = withVat(subtotal);
    const [row] = await withTenant(db, ctx.tenantId, (tx) =>
      tx
        .insert(subscriptionCharges)
        .values({
          tenantId: ctx.tenantId,
          kind: 'product',
          paymentMethod: 'credit_card',
          productId: product.id,
          quantity,
          unitAmount: product.price,
          subtotal,
          vatRateBps: SUBSCRIPTION_VAT_BPS,
          vatAmount: vat,
          total,
          currency: product.currency,
          idempotencyKey: `product:${ctx.tenantId}:${crypto.randomUUID()}`,
        })
        .returning(),
    );
    const checkout = await gateway.createCheckout({ amount: total, currency: product.currency, reference: row!.id, description: `Khidma ${product.nameEn} × ${quantity}`, returnUrl: `${config.appUrl}/api/v1/subscription/return?charge=${row!.id}` });
    await withTenant(db, ctx.tenantId, (tx) => tx.update(subscriptionCharges).set({ gatewayRef: checkout.gatewayRef }).where(and(eq(subscriptionCharges.tenantId, ctx.tenantId), eq(subscriptionCharges.id, row!.id))));
    return { message: t('checkout_started', locale), data: { url: checkout.redirectUrl ?? `/subscription-checkout/${row!.id}`, charge_id: row!.id } };
  }

  return {
    listPlans,
    findPlan,
    preview,
    start,
    settle,
    simulate,
    returned,
    settleByGatewayRef,
    charges,
    charge,
    chargeRow,
    setAutoRenew,
    dropPendingChange,
    renewDue,
    banks,
    invoices,
    invoice,
    invoiceXml,
    products,
    productCheckout,
    tenantOf,
    resultUrl,
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
