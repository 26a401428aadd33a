import { LOGIN_MAX_PER_MINUTE } from '@app/shared/constants';
import path from 'node:path';

/** Everything the server reads from the environment, in one place. */
export type Config = {
  env: 'production' | 'development' | 'test';
  port: number;
  host: string;
  /** PostgreSQL URL; unset means the embedded PGlite database under `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  uploadsDir: string;
  /** Public address of the web app, used in links we e-mail. */
  appUrl: string;
  /** Base domain of booking stores: `<subdomain>.<storeDomain>`. */
  storeDomain: string;
  /** `DNS_RESOLVER`: `system` (node:dns, the default in production) or `local` (an in-memory map; integrations/dns). */
  dnsResolver: 'system' | 'local';
  smtpUrl: string | undefined;
  mailFrom: string;
  smsWebhookUrl: string | undefined;
  smsApiKey: string | undefined;
  /**
   * The delivery channels' providers (docs/marketing.md "Channels"): Unifonic for SMS when
   * `UNIFONIC_APP_SID` is set (before `SMS_WEBHOOK_URL`), the shared secret of the providers' delivery
   * callbacks, WhatsApp's Cloud API, and web push's VAPID keys. Unset: the local defaults (printed).
   */
  channels: ChannelsConfig;
  logLevel: string;
  outboxWorker: boolean;
  trustProxy: boolean;
  webDist: string | undefined;
  /** Sign-in attempts a minute per client address and login (the account lock applies regardless). */
  loginPerMinute: number;
  /** The payment gateway behind payment links (integrations/payment); `local` is the simulator. */
  paymentGateway: string;
  /**
   * The key that encrypts secrets at rest (e-invoicing private keys and certificates' secrets):
   * `SECRET_KEY` (any long random text); unset outside production, a key file under `dataDir` is made once.
   */
  secretKey: string | undefined;
  /** ZATCA: `simulation` (the local simulator, the default) or the real endpoints' base URL by environment. */
  zatcaProductionUrl: string;
  /** Seconds a token's signed-in context is kept in the process between requests (0: read on every request). */
  authCacheSeconds: number;
  /** Moyasar's keys when `paymentGateway` is `moyasar`: `MOYASAR_SECRET_KEY`, `MOYASAR_WEBHOOK_SECRET`. */
  moyasar: { secretKey: string | undefined; webhookSecret: string | undefined };
  /** The platform as the seller on subscription invoices: `PLATFORM_NAME`, `PLATFORM_VAT_NUMBER`, `PLATFORM_ADDRESS`. */
  platform: { name: string; vatNumber: string; address: string };
};

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const port = Number(env.PORT ?? 3000);
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data'));
  return {
    env: nodeEnv,
    port: Number.isInteger(port) && port > 0 ? port : 3000,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    uploadsDir: path.resolve(env.UPLOADS_DIR ?? path.join(dataDir, 'uploads')),
    appUrl: (env.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    storeDomain: env.STORE_DOMAIN ?? 'khidma.localhost',
    dnsResolver: env.DNS_RESOLVER === 'system' || env.DNS_RESOLVER === 'local' ? env.DNS_RESOLVER : nodeEnv === 'production' ? 'system' : 'local',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Khidma <no-reply@khidma.localhost>',
    smsWebhookUrl: env.SMS_WEBHOOK_URL || undefined,
    smsApiKey: env.SMS_API_KEY || undefined,
    channels: channelsConfig(env),
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    outboxWorker: env.OUTBOX_WORKER !== 'off' && nodeEnv !== 'test',
    trustProxy: env.TRUST_PROXY === 'true',
    loginPerMinute: positiveInt(env.LOGIN_RATE_LIMIT) ?? LOGIN_MAX_PER_MINUTE,
    paymentGateway: env.PAYMENT_GATEWAY || 'local',
    moyasar: { secretKey: env.MOYASAR_SECRET_KEY || undefined, webhookSecret: env.MOYASAR_WEBHOOK_SECRET || undefined },
    platform: {
      name: env.PLATFORM_NAME || 'منصة خدمة Khidma',
      vatNumber: env.PLATFORM_VAT_NUMBER || '310000000000003',
      address: env.PLATFORM_ADDRESS || 'الرياض، المملكة العربية السعودية',
    },
    secretKey: env.SECRET_KEY || undefined,
    zatcaProductionUrl: (env.ZATCA_PRODUCTION_URL ?? 'https://gw-fatoora.zatca.gov.sa/e-invoicing/core').replace(/\/$/, ''),
    // Off in the API tests, which change accounts behind the app's back (SQL) and expect it at once;
    // session-cache.test.ts runs with it on.
    authCacheSeconds: env.AUTH_CACHE_SECONDS === '0' ? 0 : (positiveInt(env.AUTH_CACHE_SECONDS) ?? (nodeEnv === 'test' ? 0 : 5)),
    webDist: env.WEB_DIST === 'off' ? undefined : path.resolve(env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
  };
}

export type ChannelsConfig = {
  unifonic: { appSid: string; senderId: string | undefined; url: string } | undefined;
  /** `SMS_CALLBACK_SECRET`: what a provider's delivery callback must carry; unset refuses every callback. */
  smsCallbackSecret: string | undefined;
  /** `WHATSAPP_PHONE_NUMBER_ID` + `WHATSAPP_ACCESS_TOKEN`; approved template names per category, their language. */
  whatsappCloud:
    | { phoneNumberId: string; accessToken: string; graphUrl: string; templates: { utility: string | undefined; marketing: string | undefined }; language: string }
    | undefined;
  /** `WHATSAPP_VERIFY_TOKEN` (Meta's subscription check) + `WHATSAPP_APP_SECRET` (signs each status webhook); unset refuses them. */
  whatsappWebhook: { verifyToken: string; appSecret: string } | undefined;
  /** `VAPID_PUBLIC_KEY` + `VAPID_PRIVATE_KEY` (+ `VAPID_SUBJECT`, a mailto: or https: address). */
  vapid: { publicKey: string; privateKey: string; subject: string } | undefined;
};

function channelsConfig(env: NodeJS.ProcessEnv): ChannelsConfig {
  const appSid = env.UNIFONIC_APP_SID || undefined;
  const phoneNumberId = env.WHATSAPP_PHONE_NUMBER_ID || undefined;
  const accessToken = env.WHATSAPP_ACCESS_TOKEN || undefined;
  const publicKey = env.VAPID_PUBLIC_KEY || undefined;
  const privateKey = env.VAPID_PRIVATE_KEY || undefined;
  return {
    unifonic: appSid ? { appSid, senderId: env.SMS_SENDER_ID || undefined, url: env.UNIFONIC_URL || 'https://el.cloud.unifonic.com/rest/SMS/messages' } : undefined,
    smsCallbackSecret: env.SMS_CALLBACK_SECRET || undefined,
    whatsappCloud:
      phoneNumberId && accessToken
        ? {
            phoneNumberId,
            accessToken,
            graphUrl: (env.WHATSAPP_GRAPH_URL || 'https://graph.facebook.com/v21.0').replace(/\/$/, ''),
            templates: { utility: env.WHATSAPP_TEMPLATE_UTILITY || undefined, marketing: env.WHATSAPP_TEMPLATE_MARKETING || undefined },
            language: env.WHATSAPP_TEMPLATE_LANGUAGE || 'ar',
          }
        : undefined,
    whatsappWebhook:
      env.WHATSAPP_VERIFY_TOKEN && env.WHATSAPP_APP_SECRET ? { verifyToken: env.WHATSAPP_VERIFY_TOKEN, appSecret: env.WHATSAPP_APP_SECRET } : undefined,
    vapid: publicKey && privateKey ? { publicKey, privateKey, subject: env.VAPID_SUBJECT || 'mailto:support@khidma.localhost' } : undefined,
  };
}

function positiveInt(value: string | undefined): number | undefined {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : undefined;
}
