import { pushConfigSchema, pushSubscriptionBody, pushUnsubscribeBody, simulateScanBody, whatsappSessionSchema } from '@app/shared/schemas/channels';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { readDeliveryReport, SMS_CALLBACK_PROVIDERS } from '../../integrations/sms/delivery-report';
import { readWhatsappStatuses, validMetaSignature } from '../../integrations/whatsapp/status-webhook';
import type { WhatsappSessionAdapter } from '../../integrations/whatsapp/whatsapp-session';
import { t } from '../../i18n/messages';
import { safeEqual } from '../../lib/crypto';
import { ctxOf, one, written } from '../../lib/http';
import type { RouteGuard } from '../../plugins/request-context';
import { applyDeliveryReport } from './channels';
import { createPushService } from './push.service';
import { createWhatsappService } from './whatsapp.service';

/**
 * The delivery channels (issue 18 §1; docs/marketing.md "Channels"): the SMS providers' delivery
 * callbacks, the business's WhatsApp link by QR (spec §4) with the local simulator's scan, and the
 * signed-in account's browsers for web push.
 */
export const channelRoutes =
  ({ db, config, whatsappSession }: { db: Database; config: Config; whatsappSession: WhatsappSessionAdapter }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['notifications'];

    // A provider's delivery report (DLR): proves itself with the shared secret (`SMS_CALLBACK_SECRET`)
    // in the `x-callback-secret` header or the `secret` query parameter (providers that only take a
    // URL); compared in constant time. No secret configured: every callback is refused.
    app.post(
      '/webhooks/sms/:provider',
      {
        config: { auth: 'public', webhook: true, globalParams: true },
        schema: {
          tags,
          summary: "An SMS provider's delivery report: the message it names becomes success (delivered) or failed with the provider's reason",
          params: z.object({ provider: z.enum(SMS_CALLBACK_PROVIDERS, 'invalid') }),
          querystring: z.object({ secret: z.string().max(200).optional() }),
        },
      },
      async (request, reply) => {
        const want = config.channels.smsCallbackSecret;
        const header = request.headers['x-callback-secret'];
        const given = (typeof header === 'string' ? header : undefined) ?? request.query.secret ?? '';
        if (!want || !safeEqual(given, want)) return reply.status(401).send({ message: t('unauthenticated', request.locale) });
        const report = readDeliveryReport(request.body);
        // A report that is not final, or names a message we do not know, is acknowledged and ignored (the provider would only retry it).
        const applied = report ? await applyDeliveryReport(db, report) : false;
        return reply.status(200).send({ received: true, applied });
      },
    );

    // WhatsApp Cloud API status webhook (Meta): GET answers Meta's subscription check with the verify
    // token (`WHATSAPP_VERIFY_TOKEN`); POST carries message statuses signed with the app secret
    // (`WHATSAPP_APP_SECRET`, X-Hub-Signature-256 over the raw body). Unconfigured: both refused.
    app.get(
      '/webhooks/whatsapp',
      {
        config: { auth: 'public', webhook: true },
        schema: {
          tags,
          summary: "Meta's subscription check for the WhatsApp status webhook: answers hub.challenge for the right verify token",
          querystring: z.object({ 'hub.mode': z.string().max(50).optional(), 'hub.verify_token': z.string().max(300).optional(), 'hub.challenge': z.string().max(300).optional() }),
        },
      },
      async (request, reply) => {
        const hook = config.channels.whatsappWebhook;
        const q = request.query;
        if (!hook || q['hub.mode'] !== 'subscribe' || !safeEqual(q['hub.verify_token'] ?? '', hook.verifyToken)) return reply.status(403).send({ message: t('forbidden', request.locale) });
        return reply.type('text/plain').send(q['hub.challenge'] ?? '');
      },
    );
    await app.register(async (hook) => {
      // The signature is over the bytes Meta sent: keep them beside the parsed body (this route only).
      hook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
        (request as unknown as { rawBody: Buffer }).rawBody = body as Buffer;
        try {
          done(null, JSON.parse((body as Buffer).toString('utf8')));
        } catch {
          done(Object.assign(new Error('invalid JSON'), { statusCode: 400 }), undefined);
        }
      });
      hook.post(
        '/webhooks/whatsapp',
        { config: { auth: 'public', webhook: true }, schema: { tags, summary: "WhatsApp message statuses: delivered/read → success, failed → failed with Meta's reason" } },
        async (request, reply) => {
          const secret = config.channels.whatsappWebhook?.appSecret;
          const raw = (request as unknown as { rawBody?: Buffer }).rawBody ?? Buffer.alloc(0);
          const header = request.headers['x-hub-signature-256'];
          if (!secret || !validMetaSignature(raw, typeof header === 'string' ? header : undefined, secret)) return reply.status(401).send({ message: t('unauthenticated', request.locale) });
          let applied = 0;
          for (const report of readWhatsappStatuses(request.body)) if (await applyDeliveryReport(db, report, 'whatsapp')) applied++;
          return reply.status(200).send({ received: true, applied });
        },
      );
    });

    const readers: RouteGuard = { permissions: ['settings.notifications', 'notifications'] };
    const managers: RouteGuard = { permissions: ['settings.notifications'] };
    const svc = createWhatsappService({ db, adapter: whatsappSession });

    app.get(
      '/whatsapp/session',
      // A QR past its time is ended here: a GET that may write (the tenant's status, which the signed-in context carries).
      { config: { ...readers, writes: true }, schema: { tags, summary: "The business's WhatsApp link by QR: disconnected, generating, scan (with the QR) or connected", response: { 200: one(whatsappSessionSchema) } } },
      async (request) => ({ data: await svc.get(ctxOf(request)) }),
    );
    app.post(
      '/whatsapp/session/connect',
      { config: managers, schema: { tags, summary: 'Start linking WhatsApp: a QR to scan with the phone (502 when it cannot be made)', response: { 200: written(whatsappSessionSchema) } } },
      async (request) => ({ message: t('updated', request.locale), data: await svc.connect(ctxOf(request)) }),
    );
    app.post(
      '/whatsapp/session/disconnect',
      { config: managers, schema: { tags, summary: 'Unlink WhatsApp', response: { 200: written(whatsappSessionSchema) } } },
      async (request) => ({ message: t('whatsapp_disconnected', request.locale), data: await svc.disconnect(ctxOf(request)) }),
    );
    if (whatsappSession.simulator) {
      app.post(
        '/whatsapp/session/simulate-scan',
        {
          config: managers,
          schema: { tags, summary: "The local simulator only: stands for the phone's scan of the QR shown (409 when none is waiting)", body: simulateScanBody.optional(), response: { 200: written(whatsappSessionSchema) } },
        },
        async (request) => ({ message: t('whatsapp_connected', request.locale), data: await svc.simulateScan(ctxOf(request), request.body?.phone) }),
      );
    }

    // Web push: any signed-in account subscribes its own browsers (staff and users receive push; customers have no browser here).
    const push = createPushService({ db, config });
    const own: RouteGuard = { self: true };
    app.get('/push/config', { config: own, schema: { tags, summary: 'Whether the server sends web push, and its VAPID public key', response: { 200: one(pushConfigSchema) } } }, async () => ({
      data: push.config(),
    }));
    app.post(
      '/push/subscriptions',
      { config: own, schema: { tags, summary: "Subscribe this browser to the account's push notifications (409 without VAPID keys)", body: pushSubscriptionBody, response: { 201: z.object({ message: z.string() }) } } },
      async (request, reply) => {
        await push.subscribe(ctxOf(request), request.body);
        return reply.status(201).send({ message: t('push_subscribed', request.locale) });
      },
    );
    app.delete(
      '/push/subscriptions',
      { config: own, schema: { tags, summary: 'Unsubscribe this browser', body: pushUnsubscribeBody, response: { 200: z.object({ message: z.string() }) } } },
      async (request) => {
        await push.unsubscribe(ctxOf(request), request.body.endpoint);
        return { message: t('push_unsubscribed', request.locale) };
      },
    );
  };
