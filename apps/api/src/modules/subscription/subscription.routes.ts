import { randomUUID } from 'node:crypto';
import {
  bankSchema,
  BILLING_CYCLES,
  cardCheckoutBody,
  chargeSchema,
  checkoutQuery,
  checkoutResultSchema,
  checkoutStartedSchema,
  couponCode,
  couponQuery,
  fullSubscriptionSchema,
  planSchema,
  productCheckoutBody,
  productSchema,
  simulateBody,
  simulatedSchema,
  subscriptionInvoiceSchema,
  subscriptionSchema,
} from '@app/shared/schemas/subscription';
import { formatDate } from '@app/shared/format';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { subscriptionCharges, subscriptionInvoices } from '../../db/schema/subscriptions';
import type { PaymentGateway } from '../../integrations/payment/payment.adapter';
import type { StorageAdapter } from '../../integrations/storage/storage.adapter';
import { t } from '../../i18n/messages';
import { fieldError } from '../../lib/errors';
import { ctxOf, one, sendXml, written } from '../../lib/http';
import type { RouteGuard } from '../../plugins/request-context';
import { cleanFileName } from '../customers/customers.routes';
import { readMultipart, sniffReceipt, uploadOf } from '../transactions/transactions.routes';
import { moyasarWebhookInvoice } from '../../integrations/payment/moyasar';
import { createBillingService } from './billing.service';
import { createSubscriptionService } from './subscription.service';

const planParam = z.object({ plan: z.string().min(1).max(60) });
const planCycleParams = planParam.extend({ cycle: z.enum(BILLING_CYCLES, 'invalid') });
const idParam = z.object({ id: z.string().max(60) });
const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).optional().default(1), per_page: z.coerce.number().int().min(1).max(100).optional().default(20) });
/** The payment form: a card carries nothing else (spec §5); a transfer its bank, beneficiary and (multipart) receipt. */
const paymentForm = z.union([
  cardCheckoutBody,
  z.object({ payment_method: z.literal('bank_transfer'), bank_id: z.string().max(60).optional(), beneficiary_name: z.string().trim().max(120).optional(), coupon: couponCode.optional() }),
]);

/**
 * The business's subscription (spec §4, §7 "Subscription"; docs/subscription.md). Every route here
 * answers while the trial or the plan has ended (`subscription: false`): they are the way out of the
 * 402 every other business route answers then.
 */
export const subscriptionRoutes =
  (deps: { db: Database; config: Config; gateway: PaymentGateway; storage: StorageAdapter }): FastifyPluginAsyncZod =>
  async (app) => {
    const subscription = createSubscriptionService(deps);
    const billing = createBillingService({ ...deps, log: app.log });
    const tags = ['subscription'];
    const config: RouteGuard = { permissions: ['settings.subscriptions'], subscription: false };
    const withPlan: RouteGuard = { ...config, globalParams: true };

    app.get('/pricing', { config: { auth: 'public' }, schema: { tags, summary: 'The plans and their prices (before VAT)', response: { 200: z.object({ data: z.array(planSchema) }) } } }, async (request) => ({
      data: await billing.listPlans(request.locale),
    }));

    app.get('/subscription', { config, schema: { tags, summary: 'The current subscription or trial, its limits and usage', response: { 200: one(fullSubscriptionSchema) } } }, async (request) => ({
      data: await subscription.full(ctxOf(request).tenantId, request.locale),
    }));

    // GET (and "trail") as the spec names it; the bearer token, never a cookie, authenticates it.
    app.get(
      '/subscription/extend-trail',
      { config: { ...config, writes: true }, schema: { tags, summary: 'Extend the free trial once (no subscription status yet); 422 when already extended or subscribed', response: { 200: written(subscriptionSchema) } } },
      async (request) => subscription.extendTrial(ctxOf(request), request.locale),
    );

    for (const [path, on] of [
      ['/subscription/cancel', false],
      ['/subscription/resume', true],
    ] as const) {
      app.get(
        path,
        { config: { ...config, writes: true }, schema: { tags, summary: on ? 'Resume auto-renewal' : 'Stop auto-renewal (the plan runs to its end)', response: { 200: written(fullSubscriptionSchema) } } },
        async (request) => {
          const ctx = ctxOf(request);
          const row = await billing.setAutoRenew(ctx, on);
          const date = formatDate(row.subscriptionEndsAt ?? new Date(), request.locale, { dateStyle: 'long', timeZone: row.timezone });
          return { message: on ? t('auto_renew_resumed', request.locale) : t('auto_renew_canceled', request.locale, { date }), data: await subscription.full(ctx.tenantId, request.locale) };
        },
      );
    }

    app.delete('/subscription/pending-change', { config, schema: { tags, summary: 'Drop a scheduled downgrade', response: { 200: written(fullSubscriptionSchema) } } }, async (request) => {
      const ctx = ctxOf(request);
      await billing.dropPendingChange(ctx);
      return { message: t('pending_change_dropped', request.locale), data: await subscription.full(ctx.tenantId, request.locale) };
    });

    app.get('/subscription/get-banks', { config, schema: { tags, summary: "The platform's bank accounts for a transfer", response: { 200: z.object({ data: z.array(bankSchema) }) } } }, async (request) => ({
      data: await billing.banks(request.locale),
    }));

    app.get(
      '/subscription/:plan/checkout',
      { config: withPlan, schema: { tags, summary: 'What choosing the plan costs now (total_amount, unit_amount, quantity, discount, coupon …)', params: planParam, querystring: checkoutQuery, response: { 200: one(checkoutResultSchema) } } },
      async (request) => ({ data: await billing.preview(ctxOf(request), request.params.plan, request.query.cycle, request.query.coupon, request.locale) }),
    );

    app.get(
      '/subscription/:plan/checkout/:cycle',
      { config: withPlan, schema: { tags, summary: 'The coupon check: the checkout with the coupon applied (422 on coupon when not found)', params: planCycleParams, querystring: couponQuery, response: { 200: one(checkoutResultSchema) } } },
      async (request) => ({ data: await billing.preview(ctxOf(request), request.params.plan, request.params.cycle, request.query.coupon, request.locale) }),
    );

    /** Stores a transfer's receipt (told by its first bytes), or null for a card. */
    async function receiptOf(request: Parameters<typeof readMultipart>[0], tenantId: string) {
      const upload = uploadOf(request);
      if (!upload) return null;
      const kind = sniffReceipt(upload.bytes);
      if (!kind) throw fieldError('receipt', 'receipt_type');
      const path = await deps.storage.put(`receipts/${tenantId}/subscription-${randomUUID()}.${kind.ext}`, upload.bytes);
      return { path, mime: kind.mime, name: cleanFileName(upload.filename, kind.ext) };
    }

    app.post(
      '/subscription/:plan/checkout/:cycle',
      {
        config: withPlan,
        preValidation: async (request) => readMultipart(request),
        schema: {
          tags,
          summary: 'Pay for a plan: card (JSON; `url` is the payment page to go to now) or bank transfer (multipart with `receipt`: jpeg, gif, png or pdf); a downgrade is scheduled for the period end',
          params: planCycleParams,
          body: paymentForm,
          response: { 201: written(checkoutStartedSchema) },
        },
      },
      async (request, reply) => {
        const ctx = ctxOf(request);
        const receipt = request.body.payment_method === 'bank_transfer' ? await receiptOf(request, ctx.tenantId) : null;
        try {
          return reply.status(201).send(await billing.start(ctx, request.params.plan, request.params.cycle, request.body, receipt, request.locale, 'checkout'));
        } catch (err) {
          if (receipt) await deps.storage.remove(receipt.path);
          throw err;
        }
      },
    );

    app.post(
      '/subscription/renew/:plan',
      {
        config: withPlan,
        preValidation: async (request) => readMultipart(request),
        schema: { tags, summary: 'Renew the current plan now (past due, expired, or ending soon): the same payment form', params: planParam, body: paymentForm, response: { 201: written(checkoutStartedSchema) } },
      },
      async (request, reply) => {
        const ctx = ctxOf(request);
        const receipt = request.body.payment_method === 'bank_transfer' ? await receiptOf(request, ctx.tenantId) : null;
        try {
          return reply.status(201).send(await billing.start(ctx, request.params.plan, null, request.body, receipt, request.locale, 'renew'));
        } catch (err) {
          if (receipt) await deps.storage.remove(receipt.path);
          throw err;
        }
      },
    );

    const onCharge: RouteGuard = { ...config, resources: { id: subscriptionCharges } };
    app.get('/subscription/charges', { config, schema: { tags, summary: 'Payments for the subscription, newest first', response: { 200: z.object({ data: z.array(chargeSchema) }) } } }, async (request) => ({
      data: await billing.charges(ctxOf(request), request.locale),
    }));
    app.get('/subscription/charges/:id', { config: onCharge, schema: { tags, params: idParam, response: { 200: one(chargeSchema) } } }, async (request) => ({
      data: await billing.charge(ctxOf(request), request.params.id, request.locale),
    }));
    app.post(
      '/subscription/charges/:id/simulate',
      { config: onCharge, schema: { tags, summary: 'The local payment simulator: pay or decline the charge as the gateway would (404 with a real gateway)', params: idParam, body: simulateBody, response: { 200: one(simulatedSchema) } } },
      async (request) => ({ data: await billing.simulate(ctxOf(request), request.params.id, request.body.outcome, request.locale) }),
    );

    // The gateway sends the browser back here; the outcome is asked of the gateway itself.
    app.get(
      '/subscription/return',
      { config: { auth: 'public' }, schema: { tags, summary: 'Where a hosted payment page returns: verified with the gateway, applied once, then redirected to the result page', querystring: z.object({ charge: z.string().max(60).optional().default('') }) } },
      async (request, reply) => reply.redirect(await billing.returned(request.query.charge, request.locale)),
    );

    // Moyasar's webhook: ours only with its secret token; the outcome is still read from Moyasar.
    app.post(
      '/webhooks/moyasar',
      { config: { auth: 'public', webhook: true }, schema: { tags, summary: "Moyasar's payment webhook (its secret_token checked; the invoice's outcome asked of Moyasar, applied once)" } },
      async (request, reply) => {
        const invoiceId = moyasarWebhookInvoice(request.body, deps.config.moyasar.webhookSecret);
        if (!invoiceId) return reply.status(401).send({ message: t('unauthenticated', request.locale) });
        await billing.settleByGatewayRef(invoiceId, request.locale);
        return reply.status(200).send({ received: true });
      },
    );

    app.get(
      '/subscription/invoices',
      { config, schema: { tags, summary: "The platform's invoices for the subscription, newest first", querystring: pageQuery, response: { 200: z.object({ data: z.array(subscriptionInvoiceSchema), meta: z.object({ current_page: z.number(), per_page: z.number(), total: z.number(), last_page: z.number() }) }) } } },
      async (request) => billing.invoices(ctxOf(request), request.query.page, request.query.per_page, request.locale),
    );
    app.get(
      '/subscription/invoices/:id',
      { config: { ...config, resources: { id: subscriptionInvoices } }, schema: { tags, params: idParam, response: { 200: one(subscriptionInvoiceSchema) } } },
      async (request) => ({ data: await billing.invoice(ctxOf(request), request.params.id, request.locale) }),
    );
    app.get(
      '/subscription/invoices/:id/xml',
      { config: { ...config, resources: { id: subscriptionInvoices } }, schema: { tags, summary: "The invoice's e-invoice XML from the platform's unit (as cleared for a standard invoice); 404 while not signed", params: idParam } },
      async (request, reply) => sendXml(reply, await billing.invoiceXml(ctxOf(request), request.params.id)),
    );

    // Product purchases (spec §7 `/{product}-products/{id}/checkout`): cashier devices.
    const buying: RouteGuard = { permissions: ['settings.subscriptions'] };
    app.get('/cashier-products', { config: buying, schema: { tags, summary: 'Cashier devices for sale', response: { 200: z.object({ data: z.array(productSchema) }) } } }, async (request) => ({
      data: await billing.products('cashier', request.locale),
    }));
    app.post(
      '/cashier-products/:id/checkout',
      { config: { ...buying, globalParams: true }, schema: { tags, summary: 'Buy `quantity` of a product by card: `url` is the payment page', params: idParam, body: productCheckoutBody, response: { 201: written(z.object({ url: z.string(), charge_id: z.string() })) } } },
      async (request, reply) => reply.status(201).send(await billing.productCheckout(ctxOf(request), 'cashier', request.params.id, request.body.quantity, request.locale)),
    );
  };
