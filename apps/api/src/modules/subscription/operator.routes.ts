import { invoicingSettingsBody, zatcaConnectBody } from '@app/shared/schemas/invoices';
import { operatorBankBody, operatorBankSchema, operatorCouponBody, operatorCouponSchema, operatorPlanSchema, platformZatcaSchema, operatorSubscriptionSchema, operatorTransferSchema, planBody, rejectTransferBody } from '@app/shared/schemas/subscription';
import { and, asc, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { platformBanks, plans, subscriptionCharges, subscriptionCoupons, subscriptionInvoices } from '../../db/schema/subscriptions';
import { isUniqueViolation } from '../access/access.repository';
import { ZatcaRefused } from '../../integrations/zatca/gateway';
import { connectPlatformUnit, platformSettings, savePlatformSettings } from './platform-zatca';
import { tenants } from '../../db/schema/tenants';
import { users } from '../../db/schema/users';
import type { PaymentGateway } from '../../integrations/payment/payment.adapter';
import type { StorageAdapter } from '../../integrations/storage/storage.adapter';
import { t } from '../../i18n/messages';
import { clock, DAY_MS } from '../../lib/clock';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { written } from '../../lib/http';
import type { RouteGuard } from '../../plugins/request-context';
import { statusLabel, yearlyFromMonthly } from './billing-core';
import { createBillingService, forgetLimits, toCharge, toPlan } from './billing.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idParam = z.object({ id: z.string().max(60) });
const HOUR_MS = 3_600_000;
/** The platform's own time zone (a coupon's last day ends at midnight there). */
const PLATFORM_ZONE = 'Asia/Riyadh';

/**
 * The platform operator's side of the subscription (docs/subscription.md): plans and prices, every
 * business's subscription, bank transfers to review. Only the support account (`can_imp`, not
 * impersonating) reaches it — never a business's staff, whatever their role.
 */
export const operatorRoutes =
  (deps: { db: Database; config: Config; gateway: PaymentGateway; storage: StorageAdapter }): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;
    const billing = createBillingService({ ...deps, log: app.log });
    const tags = ['operator'];
    const config: RouteGuard = { impersonator: true, subscription: false, profileCompleted: false, globalParams: true };

    async function planOut(id: string, locale: 'ar' | 'en') {
      const [row] = await db.select().from(plans).where(eq(plans.id, id));
      if (!row) throw notFound();
      const [n] = await db.select({ n: sql<number>`count(*)::int` }).from(tenants).where(and(eq(tenants.subscriptionPlanId, id), inArray(tenants.subscriptionStatus, ['active', 'past_due'])));
      return { ...toPlan(row, locale), descriptions: { ar: row.descriptionAr, en: row.descriptionEn }, active: row.active, sort: row.sort, subscribers: n?.n ?? 0 };
    }

    app.get('/operator/plans', { config, schema: { tags, summary: 'Every plan, active or not, with its subscribers', response: { 200: z.object({ data: z.array(operatorPlanSchema) }) } } }, async (request) => {
      const rows = await db.select({ id: plans.id }).from(plans).orderBy(asc(plans.sort), asc(plans.monthlyAmount));
      const data = [];
      for (const r of rows) data.push(await planOut(r.id, request.locale));
      return { data };
    });

    const values = (b: z.infer<typeof planBody>) => ({
      slug: b.slug,
      nameAr: b.name_ar,
      nameEn: b.name_en,
      descriptionAr: b.description_ar,
      descriptionEn: b.description_en,
      monthlyAmount: b.monthly_amount,
      yearlyAmount: b.yearly_amount ?? yearlyFromMonthly(b.monthly_amount),
      limits: b.limits,
      features: b.features,
      plugins: b.plugins,
      recommended: b.recommended,
      active: b.active,
      sort: b.sort,
      updatedAt: new Date(),
    });

    app.post('/operator/plans', { config, schema: { tags, summary: 'Add a plan (the yearly price defaults to 12 months less 10%)', body: planBody, response: { 201: written(operatorPlanSchema) } } }, async (request, reply) => {
      const [taken] = await db.select({ id: plans.id }).from(plans).where(eq(plans.slug, request.body.slug));
      if (taken) throw fieldError('slug', 'exists');
      const [row] = await db.insert(plans).values(values(request.body)).returning({ id: plans.id });
      forgetLimits();
      return reply.status(201).send({ message: t('plan_saved', request.locale), data: await planOut(row!.id, request.locale) });
    });

    app.put('/operator/plans/:id', { config, schema: { tags, summary: "Change a plan's names, prices, limits; running subscriptions keep their period and pay the new price at renewal", params: idParam, body: planBody, response: { 200: written(operatorPlanSchema) } } }, async (request) => {
      if (!UUID.test(request.params.id)) throw notFound();
      const [taken] = await db.select({ id: plans.id }).from(plans).where(eq(plans.slug, request.body.slug));
      if (taken && taken.id !== request.params.id) throw fieldError('slug', 'exists');
      const [row] = await db.update(plans).set(values(request.body)).where(eq(plans.id, request.params.id)).returning({ id: plans.id });
      if (!row) throw notFound();
      forgetLimits();
      return { message: t('plan_saved', request.locale), data: await planOut(row.id, request.locale) };
    });

    app.get(
      '/operator/subscriptions',
      {
        config,
        schema: {
          tags,
          summary: "Every business's subscription",
          querystring: z.object({ search: z.string().trim().max(100).optional(), page: z.coerce.number().int().min(1).max(10_000).optional().default(1) }),
          response: { 200: z.object({ data: z.array(operatorSubscriptionSchema), meta: z.object({ current_page: z.number(), per_page: z.number(), total: z.number() }) }) },
        },
      },
      async (request) => {
        const perPage = 50;
        const term = request.query.search ? `%${request.query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
        const where = term ? or(ilike(tenants.name, term), ilike(tenants.storeName, term), ilike(tenants.subdomain, term)) : undefined;
        const rows = await db
          .select({ tenant: tenants, plan: plans.nameEn, planAr: plans.nameAr })
          .from(tenants)
          .leftJoin(plans, eq(plans.id, tenants.subscriptionPlanId))
          .where(where)
          .orderBy(desc(tenants.createdAt))
          .limit(perPage)
          .offset((request.query.page - 1) * perPage);
        const owners = rows.length
          ? await db.select({ tenantId: users.tenantId, email: users.email }).from(users).where(and(inArray(users.tenantId, rows.map((r) => r.tenant.id)), eq(users.isOwner, true)))
          : [];
        const [n] = await db.select({ n: sql<number>`count(*)::int` }).from(tenants).where(where);
        const now = clock.now();
        return {
          data: rows.map(({ tenant, plan, planAr }) => ({
            tenant_id: tenant.id,
            business: tenant.name ?? tenant.storeName ?? tenant.subdomain ?? '—',
            owner_email: owners.find((o) => o.tenantId === tenant.id)?.email ?? null,
            status_label: statusLabel(tenant, now),
            plan: (request.locale === 'ar' ? planAr : plan) ?? null,
            cycle: (tenant.subscriptionCycle as 'monthly' | 'yearly' | null) ?? null,
            ends_at: (tenant.subscriptionStatus ? tenant.subscriptionEndsAt : tenant.trialEndsAt)?.toISOString() ?? null,
            auto_renew: tenant.subscriptionAutoRenew,
          })),
          meta: { current_page: request.query.page, per_page: perPage, total: n?.n ?? 0 },
        };
      },
    );

    // A trial's end, set by support (a longer trial agreed with a business, or ended at its request).
    app.post(
      '/operator/subscriptions/:id/trial',
      {
        config,
        schema: {
          tags,
          summary: "Set the end of a business's free trial to `days` from now (0 ends it now); only before it has a subscription",
          params: idParam,
          body: z.object({ days: z.number().int('invalid').min(0).max(90) }),
          response: { 200: written(z.object({ trial_ends_at: z.string() })) },
        },
      },
      async (request) => {
        if (!UUID.test(request.params.id)) throw notFound();
        const endsAt = new Date(clock.nowMs() + request.body.days * 86_400_000 - (request.body.days === 0 ? 60_000 : 0));
        const [row] = await db
          .update(tenants)
          .set({ trialEndsAt: endsAt, updatedAt: new Date() })
          .where(and(eq(tenants.id, request.params.id), isNull(tenants.subscriptionStatus)))
          .returning({ id: tenants.id });
        if (!row) {
          const [exists] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, request.params.id));
          if (!exists) throw notFound();
          throw new AppError(422, 'trial_not_extendable', { code: 'subscription-exists' });
        }
        return { message: t('trial_updated', request.locale), data: { trial_ends_at: endsAt.toISOString() } };
      },
    );

    app.get(
      '/operator/bank-transfers',
      {
        config,
        schema: {
          tags,
          summary: 'Bank transfers to review (within 24 hours), oldest first',
          querystring: z.object({ status: z.enum(['awaiting_review', 'paid', 'rejected'], 'invalid').optional().default('awaiting_review') }),
          response: { 200: z.object({ data: z.array(operatorTransferSchema) }) },
        },
      },
      async (request) => {
        const rows = await db
          .select({ charge: subscriptionCharges, business: tenants.name, bank: platformBanks.nameEn, bankAr: platformBanks.nameAr })
          .from(subscriptionCharges)
          .innerJoin(tenants, eq(tenants.id, subscriptionCharges.tenantId))
          .leftJoin(platformBanks, eq(platformBanks.id, subscriptionCharges.bankId))
          .where(and(eq(subscriptionCharges.paymentMethod, 'bank_transfer'), eq(subscriptionCharges.status, request.query.status)))
          .orderBy(asc(subscriptionCharges.createdAt))
          .limit(200);
        const planRows = await db.select().from(plans);
        return {
          data: rows.map(({ charge, business, bank, bankAr }) => ({
            ...toCharge(charge, planRows.find((p) => p.id === charge.planId), request.locale),
            business: business ?? '—',
            bank: (request.locale === 'ar' ? bankAr : bank) ?? null,
            beneficiary_name: charge.beneficiaryName,
            receipt_name: charge.receiptName,
            review_due_at: new Date(charge.createdAt.getTime() + 24 * HOUR_MS).toISOString(),
          })),
        };
      },
    );

    async function transfer(id: string) {
      if (!UUID.test(id)) throw notFound();
      const [row] = await db.select().from(subscriptionCharges).where(and(eq(subscriptionCharges.id, id), eq(subscriptionCharges.paymentMethod, 'bank_transfer')));
      if (!row) throw notFound();
      return row;
    }

    app.get('/operator/bank-transfers/:id/receipt', { config, schema: { tags, summary: "The transfer's receipt file", params: idParam } }, async (request, reply) => {
      const row = await transfer(request.params.id);
      const bytes = row.receiptPath ? await deps.storage.read(row.receiptPath) : null;
      if (!bytes) throw notFound();
      return reply
        .header('content-type', row.receiptMime ?? 'application/octet-stream')
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(row.receiptName ?? 'receipt')}`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(bytes);
    });

    app.post('/operator/bank-transfers/:id/approve', { config, schema: { tags, summary: 'Approve a transfer: the charge is paid and applied (once)', params: idParam, response: { 200: written(z.object({ status: z.string() })) } } }, async (request) => {
      const row = await transfer(request.params.id);
      if (row.status !== 'awaiting_review') throw new AppError(422, 'already_reviewed', { fields: { status: [{ key: 'already_reviewed' }] } });
      const after = await billing.settle(row.tenantId, row.id, { status: 'paid', gatewayRef: '', paymentId: `transfer:${row.id}`, amount: row.total, currency: row.currency }, request.locale, request.auth!.user.id);
      return { message: t('transfer_approved', request.locale), data: { status: after.status } };
    });

    app.post('/operator/bank-transfers/:id/reject', { config, schema: { tags, summary: 'Reject a transfer with the reason the business sees', params: idParam, body: rejectTransferBody, response: { 200: written(z.object({ status: z.string() })) } } }, async (request) => {
      const row = await transfer(request.params.id);
      const [after] = await db
        .update(subscriptionCharges)
        .set({ status: 'rejected', failureMessage: request.body.reason, reviewedBy: request.auth!.user.id, reviewedAt: new Date() })
        .where(and(eq(subscriptionCharges.id, row.id), eq(subscriptionCharges.status, 'awaiting_review')))
        .returning();
      if (!after) throw new AppError(422, 'already_reviewed', { fields: { status: [{ key: 'already_reviewed' }] } });
      return { message: t('transfer_rejected', request.locale), data: { status: after.status } };
    });

    // The platform's own e-invoicing unit: the seller of every subscription invoice (platform-zatca.ts).
    const unitOut = z.object({ data: platformZatcaSchema });
    const unitStatus = async () => {
      const counts = await db
        .select({ status: subscriptionInvoices.zatcaStatus, n: sql<number>`count(*)::int` })
        .from(subscriptionInvoices)
        .groupBy(subscriptionInvoices.zatcaStatus);
      return { ...(await platformSettings(db)), invoices: Object.fromEntries(counts.map((c) => [c.status, c.n])) };
    };
    app.get('/operator/zatca', { config, schema: { tags, summary: "The platform's e-invoicing unit and its invoices by ZATCA status", response: { 200: unitOut } } }, async () => ({ data: await unitStatus() }));

    app.post('/operator/zatca', { config, schema: { tags, summary: "Save the platform unit's configuration (a change of what the certificate names disconnects it)", body: invoicingSettingsBody, response: { 200: written(platformZatcaSchema) } } }, async (request) => {
      await savePlatformSettings(db, request.body);
      return { message: t('settings_saved', request.locale), data: await unitStatus() };
    });

    app.post('/operator/zatca/connect', { config, schema: { tags, summary: "Onboard the platform's unit with the portal OTP", body: zatcaConnectBody, response: { 200: written(platformZatcaSchema) } } }, async (request) => {
      if (!(await platformSettings(db)).common_name) throw new AppError(422, 'zatca_not_configured');
      try {
        await connectPlatformUnit(db, request.body.otp);
      } catch (err) {
        if (err instanceof ZatcaRefused) throw fieldError('otp', 'zatca_connect_failed', { reason: err.message });
        throw err;
      }
      return { message: t('settings_saved', request.locale), data: await unitStatus() };
    });

    // The platform's coupons for plans. A used coupon keeps its code (businesses' invoices name it): it is switched off, not deleted.
    const couponOut = (c: typeof subscriptionCoupons.$inferSelect) => ({
      id: c.id,
      code: c.code,
      type: c.type as 'fixed' | 'percentage',
      value: c.value,
      max_redemptions: c.maxRedemptions,
      redemptions: c.redemptions,
      expires_on: c.expiresAt ? new Date(c.expiresAt.getTime() - 1).toLocaleDateString('en-CA', { timeZone: PLATFORM_ZONE }) : null,
      active: c.active,
    });
    const couponValues = (b: z.output<typeof operatorCouponBody>) => ({
      code: b.code,
      type: b.type,
      value: b.value,
      maxRedemptions: b.max_redemptions,
      // Through the end of the day in Riyadh: the start of the next day there.
      expiresAt: b.expires_on ? new Date(new Date(`${b.expires_on}T00:00:00+03:00`).getTime() + DAY_MS) : null,
      active: b.active,
    });
    const codeTaken = (err: unknown) => {
      if (isUniqueViolation(err)) throw fieldError('code', 'exists');
      throw err;
    };

    app.get('/operator/coupons', { config, schema: { tags, summary: "The platform's coupons for plans, with their redemptions", response: { 200: z.object({ data: z.array(operatorCouponSchema) }) } } }, async () => ({
      data: (await db.select().from(subscriptionCoupons).orderBy(desc(subscriptionCoupons.active), asc(subscriptionCoupons.code))).map(couponOut),
    }));

    app.post('/operator/coupons', { config, schema: { tags, summary: 'Add a coupon (the code upper-cased, unique)', body: operatorCouponBody, response: { 201: written(operatorCouponSchema) } } }, async (request, reply) => {
      const [row] = await db.insert(subscriptionCoupons).values(couponValues(request.body)).returning().catch(codeTaken);
      return reply.status(201).send({ message: t('settings_saved', request.locale), data: couponOut(row!) });
    });

    app.put('/operator/coupons/:id', { config, schema: { tags, summary: "Change a coupon; its redemptions so far stay", params: idParam, body: operatorCouponBody, response: { 200: written(operatorCouponSchema) } } }, async (request) => {
      if (!UUID.test(request.params.id)) throw notFound();
      const [row] = await db.update(subscriptionCoupons).set(couponValues(request.body)).where(eq(subscriptionCoupons.id, request.params.id)).returning().catch(codeTaken);
      if (!row) throw notFound();
      return { message: t('settings_saved', request.locale), data: couponOut(row) };
    });

    // The banks businesses transfer to. A bank transfers were sent to is switched off, not deleted.
    const bankOut = (b: typeof platformBanks.$inferSelect) => ({ id: b.id, name_ar: b.nameAr, name_en: b.nameEn, beneficiary_name: b.beneficiaryName, iban: b.iban, account_number: b.accountNumber, active: b.active });
    const bankValues = (b: z.output<typeof operatorBankBody>) => ({ nameAr: b.name_ar, nameEn: b.name_en, beneficiaryName: b.beneficiary_name, iban: b.iban, accountNumber: b.account_number, active: b.active });

    app.get('/operator/banks', { config, schema: { tags, summary: 'The banks businesses may transfer to, active or not', response: { 200: z.object({ data: z.array(operatorBankSchema) }) } } }, async () => ({
      data: (await db.select().from(platformBanks).orderBy(desc(platformBanks.active), asc(platformBanks.nameEn))).map(bankOut),
    }));

    app.post('/operator/banks', { config, schema: { tags, summary: 'Add a bank account (IBAN checked)', body: operatorBankBody, response: { 201: written(operatorBankSchema) } } }, async (request, reply) => {
      const [row] = await db.insert(platformBanks).values(bankValues(request.body)).returning();
      return reply.status(201).send({ message: t('settings_saved', request.locale), data: bankOut(row!) });
    });

    app.put('/operator/banks/:id', { config, schema: { tags, summary: 'Change a bank account or switch it off', params: idParam, body: operatorBankBody, response: { 200: written(operatorBankSchema) } } }, async (request) => {
      if (!UUID.test(request.params.id)) throw notFound();
      const [row] = await db.update(platformBanks).set(bankValues(request.body)).where(eq(platformBanks.id, request.params.id)).returning();
      if (!row) throw notFound();
      return { message: t('settings_saved', request.locale), data: bankOut(row) };
    });
  };
