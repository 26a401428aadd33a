import { buildApp, deliveryFor, localChannels } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { DEMO, seedDemo, setSupportPassword } from './db/seed';
import { randomToken } from './lib/crypto';
import { startOutboxWorker } from './jobs/outbox-worker';
import { startPaymentLinkSweeper } from './jobs/payment-links';
import { startStoreSweeper } from './jobs/store-booking';
import { startWaitlistOffers } from './jobs/waitlist';
import { startDashboardCompactor } from './jobs/dashboard-compactor';
import { startPeriodic } from './jobs/periodic';
import { submitDue } from './modules/invoices/zatca-core';
import { syncDueToWafeq } from './modules/invoices/accounting';
import { submitPlatformDue } from './modules/subscription/platform-zatca';
import { makeDueReminders } from './modules/notifications/notify';
import { CAMPAIGN_TICK_MS, runCampaigns } from './modules/marketing/campaigns.service';
import { createBillingService } from './modules/subscription/billing.service';
import { paymentGatewayFor } from './integrations/payment/payment.adapter';
import { localStorage } from './integrations/storage/storage.adapter';

const config = loadConfig();
const handle = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : `${config.dataDir}/db` });
await handle.migrate();
const seeded = !config.databaseUrl || process.env.SEED_DEMO === 'true';
if (seeded) await seedDemo(handle.db, { storage: localStorage(config.uploadsDir) });
// The platform operator's password: fresh at every start unless fixed by SUPPORT_PASSWORD; in
// production only SUPPORT_PASSWORD sets it, and it is never printed.
const supportPassword = process.env.SUPPORT_PASSWORD || (config.env === 'production' ? undefined : randomToken(12));
const hasSupport = supportPassword ? await setSupportPassword(handle.db, supportPassword) : false;

const app = await buildApp({ config, db: handle.db });
const stopWorker = config.outboxWorker ? startOutboxWorker(handle.db, deliveryFor(config), app.log) : async () => {};
const stopSweeper = startPaymentLinkSweeper(handle.db, config, app.log);
// Store deposits not paid in time lapse; expired seat holds and old phone codes go (modules/store/store-booking.service.ts).
const stopStoreSweeper = startStoreSweeper(handle.db, app.log);
const stopCompactor = startDashboardCompactor(handle.db, app.log);
// Documents waiting for the tax authority (reported or cleared) and for the accounting app, with retries and backoff (docs/zatca.md).
const stopZatca = config.outboxWorker
  ? startPeriodic('e-invoice submissions', async () => {
      await submitDue(handle.db, app.log);
      await submitPlatformDue(handle.db, app.log);
      await syncDueToWafeq(handle.db, app.log);
    }, app.log, 5000)
  : async () => {};
// Appointment reminders whose time has come, derived from the bookings (modules/notifications/notify.ts).
const stopReminders = config.outboxWorker ? startPeriodic('appointment reminders', () => makeDueReminders(handle.db, new Date(), app.log), app.log, 30_000) : async () => {};
// Campaigns: the scheduled ones whose time has come start, and recipients go to the outbox at each channel's pace (modules/marketing/campaigns.service.ts).
const stopCampaigns = config.outboxWorker ? startPeriodic('campaigns', () => runCampaigns(handle.db, new Date(), app.log), app.log, CAMPAIGN_TICK_MS) : async () => {};
// Subscriptions due for renewal (and dunning retries): every minute, any number of servers (docs/subscription.md).
const billing = createBillingService({ db: handle.db, config, gateway: paymentGatewayFor(config.paymentGateway, { moyasarSecretKey: config.moyasar.secretKey }), log: app.log });
const stopRenewals = config.outboxWorker ? startPeriodic('subscription renewals', () => billing.renewDue(), app.log, 60_000) : async () => {};
// The store's waitlist: lapsed offers expire, freed seats are offered (modules/store/waitlist.service.ts).
const stopWaitlist = startWaitlistOffers(handle.db, app.log);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    await app.close();
    await stopWorker();
    await stopSweeper();
    await stopStoreSweeper();
    await stopCompactor();
    await stopZatca();
    await stopRenewals();
    await stopWaitlist();
    await stopReminders();
    await stopCampaigns();
    await handle.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const url = `http://localhost:${config.port}`;
console.log(`\n  Khidma is running at ${url}  (API docs: ${url}/api/docs)`);
console.log(`  Database: ${handle.kind === 'pglite' ? `embedded (${config.dataDir}/db)` : 'PostgreSQL'}`);
if (seeded) console.log(`  Demo sign-in: ${DEMO.email} / ${DEMO.password}`);
if (hasSupport && config.env !== 'production') {
  const note = process.env.SUPPORT_PASSWORD ? '(SUPPORT_PASSWORD)' : '(new at every start; SUPPORT_PASSWORD fixes one)';
  console.log(`  Support, the platform operator (signs in as any account, reads the local outbox): ${DEMO.supportEmail} / ${supportPassword} ${note}`);
}
const local = localChannels(config);
if (local.sms || local.email) {
  const which = [local.sms && 'SMS', local.email && 'e-mail'].filter(Boolean).join(' and ');
  if (config.env === 'production') {
    app.log.warn({ sms: local.sms, email: local.email }, 'no provider configured: these messages stay undelivered in the outbox');
  } else {
    console.log(`  No ${which} provider configured: codes and links are printed below as they are sent.`);
    console.log(`  A platform operator (the support account) also reads them at ${url}/dev/outbox\n`);
  }
}
