import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { PROFILE_PHOTO_MAX_BYTES } from '@app/shared/constants';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { localEmail, smtpEmail } from './integrations/email/email.adapter';
import { consolePrinter, type Print } from './integrations/local-console';
import { localStorage, PRIVATE_UPLOAD_PREFIXES } from './integrations/storage/storage.adapter';
import type { Delivery } from './jobs/outbox-worker';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { accessRoutes } from './modules/access/access.routes';
import { branchRoutes } from './modules/branches/branches.routes';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { pluginRoutes } from './modules/plugins/plugins.routes';
import { importRoutes } from './modules/import/import.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { providerRoutes } from './modules/providers/providers.routes';
import { customerRoutes } from './modules/customers/customers.routes';
import { bookingRoutes } from './modules/bookings/bookings.routes';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes';
import { createOnboardingService } from './modules/onboarding/onboarding.service';
import { devOutboxRoutes } from './modules/outbox/outbox.routes';
import { orderRoutes } from './modules/orders/orders.routes';
import { transactionRoutes } from './modules/transactions/transactions.routes';
import { invoiceRoutes } from './modules/invoices/invoices.routes';
import { zatcaRoutes } from './modules/invoices/zatca.routes';
import { marketingRoutes } from './modules/marketing/marketing.routes';
import { campaignRoutes } from './modules/marketing/campaigns.routes';
import { configureSignedLinks } from './lib/signed-links';
import { reviewRoutes } from './modules/marketing/reviews.routes';
import { storePanelRoutes } from './modules/store/store-panel.routes';
import { createStoreHosts } from './modules/store/store-hosts';
import { storePageRoutes } from './modules/store/store-pages';
import { storeManageRoutes } from './modules/store/store-manage.routes';
import { storeBookingRoutes } from './modules/store/store-booking.routes';
import { appNotificationRoutes } from './modules/notifications/app-notifications.routes';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { channelRoutes } from './modules/channels/channels.routes';
import { configureChannels } from './modules/channels/channels';
import { pushAdapterFor, smsAdapterFor, whatsappAdapterFor, whatsappSessionFor } from './modules/channels/adapters';
import { configureZatca } from './modules/invoices/zatca-core';
import { secretBoxFor } from './lib/secret-box';
import { quotationRoutes } from './modules/quotations/quotations.routes';
import { operatorRoutes } from './modules/subscription/operator.routes';
import { subscriptionRoutes } from './modules/subscription/subscription.routes';
import { paymentGatewayFor } from './integrations/payment/payment.adapter';
import { AppError, notFound } from './lib/errors';
import { registerErrorHandling, registerNotFound } from './plugins/errors';
import { registerSecurityHeaders } from './plugins/security-headers';
import { assertDeclared, type RouteEntry, type RouteGuard, registerRequestContext } from './plugins/request-context';

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
    /**
     * Forgets the signed-in contexts kept in this process (of one business, or all): what changes
     * an account outside a request of this process (another process, a script) is otherwise seen
     * within AUTH_CACHE_SECONDS.
     */
    forgetSessions(tenantId?: string): void;
  }
}

export type AppDeps = {
  config: Config;
  db: Database;
  /** Where the logs go instead of stdout (tests read them back); the redaction still applies. */
  logStream?: { write(msg: string): void };
};

/** Never written to the logs: credentials, tokens and codes. */
const REDACT = ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-xsrf-token"]', 'res.headers["set-cookie"]'];

/** Secrets that travel in a URL (invitation links, e-mailed tokens) never reach the logs. */
export function maskUrl(url: string): string {
  return url
    .replace(/(\/auth\/invitations\/)[^/?#]+/, '$1[redacted]')
    .replace(/(\/pay\/)[^/?#]+/, '$1[redacted]')
    .replace(/(\/store\/[^/]+\/holds\/)[^/?#]+/, '$1[redacted]')
    .replace(/(^\/s\/[a-z]+\/b\/|^\/b\/|\/api\/v1\/store\/booking\/)[^/?#]+/, '$1[redacted]')
    .replace(/(\/public\/reviews\/|^\/r\/)[^/?#]+/, '$1[redacted]')
    .replace(/([?&](?:token|code|passcode|password|email|secret|hold)=)[^&#]*/gi, '$1[redacted]');
}

/**
 * The channels this server cannot hand to a real provider: their messages are delivered locally
 * (printed on the server's console outside production, and kept in the outbox table).
 */
export function localChannels(config: Config) {
  return { sms: !config.smsWebhookUrl && !config.channels.unifonic, email: !config.smtpUrl };
}

export function deliveryFor(config: Config, print: Print | undefined = config.env === 'production' ? undefined : consolePrinter()): Delivery {
  return {
    email: config.smtpUrl ? smtpEmail(config.smtpUrl, config.mailFrom) : localEmail(print),
    sms: smsAdapterFor(config, print),
    whatsapp: whatsappAdapterFor(config, print),
    push: pushAdapterFor(config, print),
  };
}

/** Builds the whole API (and the web app's static files when built); does not listen. */
export async function buildApp({ config, db, logStream }: AppDeps, opts: FastifyServerOptions = {}) {
  configureZatca({ box: secretBoxFor(config), productionUrl: config.zatcaProductionUrl });
  configureChannels({ whatsappCloud: Boolean(config.channels.whatsappCloud), push: Boolean(config.channels.vapid) });
  configureSignedLinks(config);
  // A store's own host (`<subdomain>.$STORE_DOMAIN`, a verified custom domain) is routed as `/s/<subdomain>/…`.
  const storeHosts = createStoreHosts({ db, storeDomain: config.storeDomain, appUrl: config.appUrl, trustProxy: config.trustProxy });
  const app = Fastify({
    rewriteUrl: (req) => storeHosts.rewrite(req),
    logger: {
      level: config.logLevel,
      redact: { paths: REDACT, censor: '[redacted]' },
      serializers: {
        req: (req) => ({ method: req.method, url: maskUrl(req.url), host: req.host, remoteAddress: req.ip }),
      },
      ...(logStream ? { stream: logStream } : {}),
    },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    ...opts,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const auth = createAuthService({ db, config });
  const onboarding = createOnboardingService({ db });
  const storage = localStorage(config.uploadsDir);
  const gateway = paymentGatewayFor(config.paymentGateway, { moyasarSecretKey: config.moyasar.secretKey });

  registerErrorHandling(app);
  await registerSecurityHeaders(app);
  // Every text answer (JSON, HTML, the API docs) goes out compressed when the client takes it: Brotli
  // at a quality fit for answers made on the fly, 1 (the dashboard's 56 kB answer: within 1 % of 2's
  // size at two thirds of its time, within 2 % of 4's at a third; the web build's files come
  // pre-compressed at the highest one, and are left as they are).
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
    // Compressed in place up to half a megabyte (a week's calendar): at quality 1 that takes under a
    // millisecond, less than the stream pipeline's own overhead for the answers of a list.
    syncThreshold: 512 * 1024,
  });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: PROFILE_PHOTO_MAX_BYTES, files: 1, fields: 20, fieldSize: 10_000 } });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) =>
      new AppError(429, 'too_many_requests', { params: { seconds: Math.max(1, Math.ceil(ctx.ttl / 1000)) }, retryAfter: Math.max(1, Math.ceil(ctx.ttl / 1000)) }),
  });
  registerRequestContext(app, auth, db);
  app.decorate('forgetSessions', (tenantId?: string) => auth.forgetSessions(tenantId));
  // Routes of plugins (API docs, uploaded files, the web app) carry no guard config: they are public.
  // The route table: every route with its guard declaration, read by the security suite.
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    // Every API route lives under /api/. Outside it only static files are served (uploads, the web
    // app), and the API docs are public; those carry no guard. Everything else must declare one.
    const declared = route.config as RouteGuard | undefined;
    const staticFile = !route.url.startsWith('/api/') && !declared?.permissions && !declared?.self;
    if (staticFile || route.url === '/api/docs' || route.url.startsWith('/api/docs/')) route.config = { ...route.config, auth: 'public' };
    assertDeclared({ method: String(route.method), url: route.url, config: (route.config ?? {}) as RouteGuard });
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD' && m !== 'OPTIONS');
    for (const method of methods) {
      routeTable.push({
        method,
        url: route.url,
        config: (route.config ?? {}) as RouteGuard,
        body: route.schema?.body,
        querystring: route.schema?.querystring,
        hasParams: route.url.includes(':'),
        multipart: Boolean(route.schema?.consumes?.includes('multipart/form-data')),
      });
    }
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Khidma API', version: '1.0.0', description: 'Bookings, orders and business management for service businesses.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });

  app.get(
    '/api/health',
    { config: { auth: 'public' }, schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }), 503: z.object({ status: z.string(), message: z.string() }) } } },
    async (_request, reply) => {
      try {
        await db.execute(sql`select 1`);
        return { status: 'ok' as const };
      } catch {
        return reply.status(503).send({ status: 'error', message: 'database unavailable' });
      }
    },
  );

  const local = localChannels(config);
  const showOutbox = config.env !== 'production' && (local.sms || local.email);
  await app.register(
    async (api) => {
      await api.register(authRoutes({ auth, storage, secureCookies: config.appUrl.startsWith('https://'), loginPerMinute: config.loginPerMinute }));
      await api.register(onboardingRoutes({ onboarding, auth }));
      await api.register(dashboardRoutes({ db }));
      await api.register(subscriptionRoutes({ db, config, gateway, storage }));
      await api.register(operatorRoutes({ db, config, gateway, storage }));
      await api.register(accessRoutes({ db, auth, config, storage }));
      await api.register(branchRoutes({ db, auth, config }));
      await api.register(pluginRoutes({ db, auth, config }));
      await api.register(importRoutes({ db }));
      await api.register(settingsRoutes({ db }));
      await api.register(providerRoutes({ db }));
      await api.register(customerRoutes({ db, storage }));
      await api.register(catalogueRoutes({ db, storage }));
      await api.register(bookingRoutes({ db, config }));
      await api.register(orderRoutes({ db, storage }));
      await api.register(invoiceRoutes({ db }));
      await api.register(zatcaRoutes({ db }));
      await api.register(quotationRoutes({ db, storage }));
      await api.register(marketingRoutes({ db }));
      await api.register(campaignRoutes({ db }));
      await api.register(reviewRoutes({ db }));
      await api.register(storePanelRoutes({ db, config, storage, onboarding }));
      await api.register(storeManageRoutes({ db, config, gateway }));
      await api.register(storeBookingRoutes({ db, config, gateway }));
      await api.register(notificationRoutes({ db }));
      await api.register(appNotificationRoutes({ db }));
      await api.register(channelRoutes({ db, config, whatsappSession: whatsappSessionFor(config) }));
      await api.register(transactionRoutes({ db, config, storage, gateway }));
      if (showOutbox) await api.register(devOutboxRoutes({ db, local }));
    },
    { prefix: '/api/v1' },
  );

  mkdirSync(config.uploadsDir, { recursive: true });
  // Private uploads (customer attachments) are only served by their authorized download route.
  app.addHook('onRequest', async (request) => {
    let pathname = request.url.split('?')[0] ?? '';
    try {
      pathname = decodeURIComponent(pathname);
    } catch {
      return;
    }
    const normalized = path.posix.normalize(pathname).toLowerCase();
    if (PRIVATE_UPLOAD_PREFIXES.some((p) => normalized.startsWith(p))) throw notFound();
  });
  await app.register(fastifyStatic, { root: config.uploadsDir, prefix: '/uploads/', decorateReply: false, index: false });
  const webDist = config.webDist;
  const serveSpa = Boolean(webDist && existsSync(path.join(webDist, 'index.html')));
  if (serveSpa && webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: ['index.html'],
      // The build writes .br and .gz beside each asset; the browser gets the smallest it accepts.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => reply.header('cache-control', webCacheControl(filePath)),
    });
  }
  // The public store's pages (server-rendered) and the store script's files.
  const storeDist = webDist ? path.join(webDist, 'store') : undefined;
  if (storeDist && existsSync(storeDist)) {
    await app.register(fastifyStatic, {
      root: storeDist,
      prefix: '/store-assets/',
      decorateReply: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply) => reply.header('cache-control', 'public, max-age=31536000, immutable'),
    });
  }
  app.addHook('onReady', () => storeHosts.start());
  app.addHook('onClose', async () => storeHosts.stop());
  await app.register(storePageRoutes({ db, config }));
  registerNotFound(app, serveSpa);

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * Files under /assets/ carry a content hash in their name, so a browser keeps them for a year without
 * asking again; everything else (index.html, boot.js, icons) is revalidated on every load so a new
 * release is picked up at once.
 */
export function webCacheControl(filePath: string): string {
  return filePath.split(path.sep).includes('assets') ? 'public, max-age=31536000, immutable' : 'no-cache';
}
