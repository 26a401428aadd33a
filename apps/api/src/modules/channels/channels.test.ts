import { createHmac, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, readyUser, rows, type TestApp } from '../../../test/helper';
import { deliverDue } from '../../jobs/outbox-worker';
import { readDeliveryReport } from '../../integrations/sms/delivery-report';
import { unifonicRecipient, unifonicSms } from '../../integrations/sms/unifonic';
import { type PushPayload, type PushTarget, vapidPush } from '../../integrations/push/push.adapter';
import webpush from 'web-push';
import { cloudWhatsapp } from '../../integrations/whatsapp/whatsapp.adapter';
import { QR_TTL_MS } from '../../integrations/whatsapp/whatsapp-session';
import { whatsappSessionFor } from './adapters';
import { loadConfig } from '../../config';
import { resetClock, travel } from '../../lib/clock';
import { newStaff } from '../access/access.fixtures';
import { at, branch, customer, dayAhead, provider, service } from '../bookings/bookings.fixtures';
import { newShop } from '../orders/orders.fixtures';

/**
 * The delivery channels (issue 18 §1): Unifonic for SMS against its recorded answers, the providers'
 * delivery callbacks, the outbox worker routing by channel and keeping the provider's id, WhatsApp's
 * Cloud API adapter, and the WhatsApp link by QR with the local simulator (spec §4, §8).
 */

const SECRET = 'callback-secret-0123456789';
let t: TestApp;
let owner: Awaited<ReturnType<typeof readyUser>>;
let c: Client;
const log = pino({ level: 'silent' });

/** A fetch that records the request and answers `answer` (a recorded provider answer). */
function stubFetch(status: number, answer: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fn = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { fn, calls };
}

beforeAll(async () => {
  t = await buildTestApp({ env: { SMS_CALLBACK_SECRET: SECRET } });
  owner = await readyUser(t);
  c = owner.client;
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => resetClock());

describe('Unifonic', () => {
  it('sends the documented form (AppSid, SenderID, Recipient, Body, CorrelationID) and answers the MessageID', async () => {
    // Unifonic's documented answer to POST /rest/SMS/messages.
    const recorded = {
      success: true,
      message: '',
      errorCode: 'ER-00',
      data: { MessageID: 4231785361, CorrelationID: 'outbox-1', NumberOfUnits: 1, Cost: 0.04, Balance: 120.5, Recipient: 966512345678, TimeCreated: '2026-11-27 10:00:00', CurrencyCode: 'SAR', Status: 'Sent' },
    };
    const { fn, calls } = stubFetch(200, recorded);
    const sms = unifonicSms({ appSid: 'app-sid', senderId: 'KHIDMA', url: 'https://el.cloud.unifonic.com/rest/SMS/messages', fetch: fn });
    expect(await sms.send({ to: '+966 51 234 5678', body: 'موعدك غدًا', idempotencyKey: 'outbox-1' })).toBe('4231785361');
    expect(calls[0]!.url).toBe('https://el.cloud.unifonic.com/rest/SMS/messages');
    expect(calls[0]!.init.method).toBe('POST');
    const form = new URLSearchParams(String(calls[0]!.init.body));
    expect(Object.fromEntries(form)).toEqual({ AppSid: 'app-sid', SenderID: 'KHIDMA', Recipient: '966512345678', Body: 'موعدك غدًا', CorrelationID: 'outbox-1', responseType: 'JSON' });
    expect(unifonicRecipient('00966512345678')).toBe('966512345678');
  });

  it('a refusal (success false, even with 200) is an error with its code and message, so the worker retries', async () => {
    const { fn } = stubFetch(200, { success: false, message: 'Insufficient balance', errorCode: 'ER-11', data: null });
    const sms = unifonicSms({ appSid: 'app-sid', senderId: undefined, url: 'https://example.test/sms', fetch: fn });
    await expect(sms.send({ to: '966512345678', body: 'x' })).rejects.toThrow('Unifonic answered 200 ER-11: Insufficient balance');
    const down = unifonicSms({ appSid: 'a', senderId: undefined, url: 'https://example.test/sms', fetch: stubFetch(503, {}).fn });
    await expect(down.send({ to: '966512345678', body: 'x' })).rejects.toThrow('Unifonic answered 503');
  });

  it('delivery reports are read in any spelling; reports that are not final change nothing', () => {
    expect(readDeliveryReport({ messageId: '42', status: 'DELIVERED' })).toEqual({ ref: '42', outcome: 'delivered', reason: null });
    expect(readDeliveryReport({ MessageID: 42, Status: 'Undeliverable', errorMessage: 'Absent subscriber' })).toEqual({ ref: '42', outcome: 'failed', reason: 'Absent subscriber' });
    expect(readDeliveryReport({ id: 'x', status: 'rejected' })).toEqual({ ref: 'x', outcome: 'failed', reason: 'rejected' });
    expect(readDeliveryReport({ messageId: '42', status: 'Queued' })).toBeNull();
    expect(readDeliveryReport('nonsense')).toBeNull();
  });
});

describe('WhatsApp Cloud API', () => {
  const options = { phoneNumberId: '1055', accessToken: 'token', graphUrl: 'https://graph.facebook.com/v21.0', language: 'ar' };

  it('sends the category’s approved template with the text as its variable, and answers the wamid', async () => {
    const { fn, calls } = stubFetch(200, { messaging_product: 'whatsapp', contacts: [{ input: '966512345678', wa_id: '966512345678' }], messages: [{ id: 'wamid.HBgM' }] });
    const wa = cloudWhatsapp({ ...options, templates: { utility: 'khidma_update', marketing: 'khidma_offer' }, fetch: fn });
    expect(await wa.send({ to: '+966512345678', body: 'Hi Khalid\nyour visit is at 10:00', category: 'utility', idempotencyKey: 'outbox-2' })).toBe('wamid.HBgM');
    expect(calls[0]!.url).toBe('https://graph.facebook.com/v21.0/1055/messages');
    expect((calls[0]!.init.headers as Record<string, string>).authorization).toBe('Bearer token');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '966512345678',
      biz_opaque_callback_data: 'outbox-2',
      type: 'template',
      template: { name: 'khidma_update', language: { code: 'ar' }, components: [{ type: 'body', parameters: [{ type: 'text', text: 'Hi Khalid – your visit is at 10:00' }] }] },
    });
  });

  it('a category without a template goes as text (the 24-hour window); an error answer is an error', async () => {
    const { fn, calls } = stubFetch(200, { messages: [{ id: 'wamid.2' }] });
    const wa = cloudWhatsapp({ ...options, templates: { utility: undefined, marketing: undefined }, fetch: fn });
    await wa.send({ to: '966512345678', body: 'Hello', category: 'marketing' });
    expect(JSON.parse(String(calls[0]!.init.body))).toMatchObject({ type: 'text', text: { preview_url: false, body: 'Hello' } });
    const refused = cloudWhatsapp({ ...options, templates: { utility: undefined, marketing: undefined }, fetch: stubFetch(400, { error: { message: 'Re-engagement message', code: 131047 } }).fn });
    await expect(refused.send({ to: '966512345678', body: 'Hello', category: 'utility' })).rejects.toThrow('WhatsApp Cloud API answered 400 131047: Re-engagement message');
  });
});

/** A notification with its outbox message, as notify.ts writes them. */
async function queued(channel: 'sms' | 'whatsapp', to: string, body: string) {
  const tenant = owner.user.tenant.uuid;
  const [n] = await rows<{ id: string }>(
    t.db,
    sql`insert into notifications (tenant_id, action, channel, receiver_type, phone, body, status, idempotency_key) values (${tenant}, 'booking_created', ${channel}, 'customer', ${to}, ${body}, 'pending', ${`test:${body}`}) returning id`,
  );
  await t.db.execute(sql`insert into outbox_messages (tenant_id, channel, recipient, body, notification_id) values (${tenant}, ${channel}, ${to}, ${body}, ${n!.id})`);
  return n!.id;
}
const notification = async (id: string) => (await rows<{ status: string; fail_reason: string | null; provider_ref: string | null; sent_at: Date | null }>(t.db, sql`select * from notifications where id = ${id}`))[0]!;

describe('the worker and the delivery callbacks', () => {
  const sent: { channel: string; to: string; key: string | undefined; category?: string }[] = [];
  let ref = 100;
  const delivery = {
    email: { name: 'rec', send: async () => {} },
    sms: { name: 'unifonic', send: async (m: { to: string; idempotencyKey?: string }) => {
        sent.push({ channel: 'sms', to: m.to, key: m.idempotencyKey });
        return String(ref++);
      },
    },
    whatsapp: {
      name: 'whatsapp-cloud',
      send: async (m: { to: string; idempotencyKey?: string; category: string }) => {
        sent.push({ channel: 'whatsapp', to: m.to, key: m.idempotencyKey, category: m.category });
        return `wamid.${ref++}`;
      },
    },
  };

  it('routes each message to its channel’s adapter and keeps the provider’s id on the notification', async () => {
    // The sign-up's own messages first, out of the way.
    await deliverDue(t.db, { email: delivery.email, sms: { name: 'none', send: async () => {} } }, log);
    const a = await queued('sms', '+966511111111', 'sms one');
    const b = await queued('whatsapp', '+966522222222', 'whatsapp one');
    await deliverDue(t.db, delivery, log);
    expect(sent.map((s) => [s.channel, s.to, s.category])).toEqual([
      ['sms', '+966511111111', undefined],
      ['whatsapp', '+966522222222', 'utility'],
    ]);
    expect(await notification(a)).toMatchObject({ status: 'sent', provider_ref: '100' });
    expect(await notification(b)).toMatchObject({ status: 'sent', provider_ref: 'wamid.101' });
    const [out] = await rows<{ provider: string; id: string }>(t.db, sql`select provider, id from outbox_messages where notification_id = ${b}`);
    expect(out!.provider).toBe('whatsapp-cloud');
    expect(sent[1]!.key).toBe(out!.id);
  });

  it('a channel without an adapter is retried, then failed with the reason (nothing lost)', async () => {
    const id = await queued('whatsapp', '+966533333333', 'no adapter');
    await deliverDue(t.db, { email: delivery.email, sms: delivery.sms }, log);
    expect(await notification(id)).toMatchObject({ status: 'retried', fail_reason: 'no whatsapp adapter' });
    await t.db.execute(sql`update outbox_messages set status = 'failed' where notification_id = ${id}`);
  });

  it('the callback needs the shared secret: missing or wrong is 401, compared in constant time', async () => {
    const res = await c.post('webhooks/sms/unifonic', { messageId: '100', status: 'DELIVERED' }, { noCsrf: true, token: null });
    expect(res.statusCode).toBe(401);
    const wrong = await c.post('webhooks/sms/unifonic', { messageId: '100', status: 'DELIVERED' }, { noCsrf: true, token: null, headers: { 'x-callback-secret': 'nope' } });
    expect(wrong.statusCode).toBe(401);
    expect((await c.post('webhooks/sms/nobody', {}, { noCsrf: true, token: null, headers: { 'x-callback-secret': SECRET } })).statusCode).toBe(422);
  });

  it('delivered → success; failed → failed with the provider’s reason; an unknown id is acknowledged and ignored', async () => {
    const id = await queued('sms', '+966544444444', 'sms two');
    await deliverDue(t.db, delivery, log);
    const { provider_ref } = await notification(id);
    const call = (body: unknown, how: 'header' | 'query' = 'header') =>
      c.post(`webhooks/sms/unifonic${how === 'query' ? `?secret=${SECRET}` : ''}`, body, { noCsrf: true, token: null, ...(how === 'header' ? { headers: { 'x-callback-secret': SECRET } } : {}) });
    const unknown = await call({ messageId: 'not-ours', status: 'DELIVERED' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ received: true, applied: false });
    expect((await call({ messageId: provider_ref, status: 'Queued' })).json().applied).toBe(false);
    expect((await call({ messageId: provider_ref, status: 'DELIVERED' }, 'query')).json().applied).toBe(true);
    expect(await notification(id)).toMatchObject({ status: 'success', fail_reason: null });
    await call({ MessageID: provider_ref, Status: 'Undeliverable', errorMessage: 'Absent subscriber' });
    expect(await notification(id)).toMatchObject({ status: 'failed', fail_reason: 'Absent subscriber' });
    // The log shows it (spec §4 statuses).
    const listed = (await c.get('notifications')).json().data as { body: string; status: string; fail_reason: string }[];
    expect(listed.find((n) => n.body === 'sms two')).toMatchObject({ status: 'failed', fail_reason: 'Absent subscriber' });
  });
});

describe('the WhatsApp status webhook (Meta)', () => {
  const APP_SECRET = 'meta-app-secret-0123';
  const sign = (raw: string) => `sha256=${createHmac('sha256', APP_SECRET).update(raw).digest('hex')}`;
  const statuses = (...list: unknown[]) => JSON.stringify({ object: 'whatsapp_business_account', entry: [{ id: '1', changes: [{ field: 'messages', value: { statuses: list } }] }] });

  it('answers the subscription check only with the verify token; statuses need Meta’s signature over the raw body', async () => {
    const hooked = await buildTestApp({ env: { WHATSAPP_VERIFY_TOKEN: 'verify-me', WHATSAPP_APP_SECRET: APP_SECRET } });
    try {
      const u = await readyUser(hooked);
      const tenant = u.user.tenant.uuid;
      const [n] = await rows<{ id: string }>(
        hooked.db,
        sql`insert into notifications (tenant_id, action, channel, receiver_type, phone, body, status, idempotency_key, provider_ref) values (${tenant}, 'booking_created', 'whatsapp', 'customer', '+966500000001', 'hi', 'sent', 'test:wa', 'wamid.HBg1') returning id`,
      );
      const check = await hooked.app.inject({ method: 'GET', url: '/api/v1/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=verify-me&hub.challenge=1158201444' });
      expect(check.statusCode).toBe(200);
      expect(check.body).toBe('1158201444');
      expect((await hooked.app.inject({ method: 'GET', url: '/api/v1/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1' })).statusCode).toBe(403);

      const post = (raw: string, signature?: string) =>
        hooked.app.inject({ method: 'POST', url: '/api/v1/webhooks/whatsapp', payload: raw, headers: { 'content-type': 'application/json', ...(signature ? { 'x-hub-signature-256': signature } : {}) } });
      const delivered = statuses({ id: 'wamid.HBg1', status: 'delivered', timestamp: '1795800000', recipient_id: '966500000001' });
      expect((await post(delivered)).statusCode).toBe(401);
      expect((await post(delivered, sign(`${delivered} `))).statusCode).toBe(401);
      const status = async () => (await rows<{ status: string; fail_reason: string | null }>(hooked.db, sql`select status, fail_reason from notifications where id = ${n!.id}`))[0];
      expect(await status()).toMatchObject({ status: 'sent' });
      const ok = await post(delivered, sign(delivered));
      expect(ok.json()).toEqual({ received: true, applied: 1 });
      expect(await status()).toMatchObject({ status: 'success', fail_reason: null });
      // `sent` is not final; an unknown wamid changes nothing.
      const notFinal = statuses({ id: 'wamid.HBg1', status: 'sent' }, { id: 'wamid.other', status: 'delivered' });
      expect((await post(notFinal, sign(notFinal))).json()).toEqual({ received: true, applied: 0 });
      const failed = statuses({ id: 'wamid.HBg1', status: 'failed', errors: [{ code: 131026, title: 'Message undeliverable' }] });
      expect((await post(failed, sign(failed))).json().applied).toBe(1);
      expect(await status()).toMatchObject({ status: 'failed', fail_reason: '131026 Message undeliverable' });
    } finally {
      await hooked.close();
      const { configureChannels } = await import('./channels');
      configureChannels({ whatsappCloud: false, push: false });
    }
  });

  it('without the app secret every status post is refused', async () => {
    const raw = statuses({ id: 'x', status: 'delivered' });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/webhooks/whatsapp', payload: raw, headers: { 'content-type': 'application/json', 'x-hub-signature-256': 'sha256=00' } });
    expect(res.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=&hub.challenge=1' })).statusCode).toBe(403);
  });
});

describe('the WhatsApp session adapter', () => {
  it('is the simulator outside production only; in production without a gateway, connecting fails (nothing to link to)', async () => {
    expect(whatsappSessionFor(loadConfig({ NODE_ENV: 'development' })).simulator).toBe(true);
    const prod = whatsappSessionFor(loadConfig({ NODE_ENV: 'production', SECRET_KEY: 'k'.repeat(64), APP_URL: 'https://app.example.sa' }));
    expect(prod.simulator).toBe(false);
    await expect(prod.start('t', new Date())).rejects.toThrow();
  });
});

describe('the WhatsApp link by QR (local simulator)', () => {
  const whatsappTemplate = () =>
    c.post('templates', { action: 'booking_created', channel: 'whatsapp', receiver: 'customer', body_ar: 'مرحبًا {{customer_name}}', body_en: 'Hi {{customer_name}}, see you on {{date}}' });
  const tenantStatus = async () => (await rows<{ whatsapp_status: string }>(t.db, sql`select whatsapp_status from tenants where id = ${owner.user.tenant.uuid}`))[0]!.whatsapp_status;

  it('starts disconnected; connect shows a QR to scan with its expiry; the scan connects with the phone; disconnect (spec §4)', async () => {
    const first = await c.get('whatsapp/session');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ status: 'disconnected', qr: null, phone: null, simulator: true, cloud_api: false });
    // Nothing can be added for WhatsApp before it is linked (spec §8).
    expect((await whatsappTemplate()).statusCode).toBe(422);
    expect((await c.post('whatsapp/session/simulate-scan', {})).statusCode).toBe(409);

    const connecting = await c.post('whatsapp/session/connect');
    expect(connecting.statusCode, connecting.body).toBe(200);
    const s = connecting.json().data;
    expect(s.status).toBe('scan');
    expect(s.qr).toMatch(/^khidma-whatsapp-simulator:/);
    expect(new Date(s.qr_expires_at).getTime()).toBeGreaterThan(Date.now());
    expect(await tenantStatus()).toBe('scan');

    const scanned = await c.post('whatsapp/session/simulate-scan', { phone: '+966555000111' });
    expect(scanned.statusCode, scanned.body).toBe(200);
    expect(scanned.json().data).toMatchObject({ status: 'connected', phone: '+966555000111', qr: null });
    expect(await tenantStatus()).toBe('connected');
    expect(JSON.stringify((await c.get('auth/me')).json())).toContain('"whatsapp_status":"connected"');
    // Connecting again leaves the link as it is.
    expect((await c.post('whatsapp/session/connect')).json().data.status).toBe('connected');
  });

  it('once connected, WhatsApp templates are allowed and their messages go out to the customer’s phone', async () => {
    const tpl = await whatsappTemplate();
    expect(tpl.statusCode, tpl.body).toBe(201);
    const tenant = owner.user.tenant.uuid;
    const b1 = await branch(t.db, tenant, { name: 'Olaya' });
    const cut = await service(t.db, tenant, { name: 'Haircut', duration: 30 });
    const p1 = await provider(t.db, tenant, { name: 'Amal', branchId: b1, serviceIds: [cut], capacity: 5 });
    const cust = await customer(t.db, tenant, { first: 'Khalid', last: 'Omar', phone: '+966512345678' });
    const res = await c.post('bookings', { customer_id: cust, branch_id: b1, service_ids: [cut], staff_id: p1, start_time: at(dayAhead(3), '10:00') });
    expect(res.statusCode, res.body).toBe(201);
    const [n] = await rows<{ status: string; phone: string; id: string }>(t.db, sql`select * from notifications where booking_id = ${res.json().data.bookings[0].id} and channel = 'whatsapp'`);
    expect(n).toMatchObject({ status: 'pending', phone: '+966512345678' });
    const [out] = await rows<{ recipient: string; channel: string }>(t.db, sql`select * from outbox_messages where notification_id = ${n!.id}`);
    expect(out).toMatchObject({ channel: 'whatsapp', recipient: '+966512345678' });
  });

  it('disconnect goes back to the default; WhatsApp templates are refused again', async () => {
    const off = await c.post('whatsapp/session/disconnect');
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toMatchObject({ status: 'disconnected', phone: null });
    expect(await tenantStatus()).toBe('disconnected');
    expect((await whatsappTemplate()).json().errors.channel).toEqual(['A notification cannot be added for a channel with no app installed']);
  });

  it('a QR that expires goes back to disconnected; scanning it then is refused', async () => {
    await c.post('whatsapp/session/connect');
    travel(QR_TTL_MS + 1000);
    expect((await c.post('whatsapp/session/simulate-scan', {})).statusCode).toBe(409);
    const after = await c.get('whatsapp/session');
    expect(after.json().data).toMatchObject({ status: 'disconnected', qr: null });
    expect(await tenantStatus()).toBe('disconnected');
    // A new QR, scanned in time, with the owner's phone.
    resetClock();
    await c.post('whatsapp/session/connect');
    const scanned = (await c.post('whatsapp/session/simulate-scan', {})).json().data;
    expect(scanned.status).toBe('connected');
    expect(scanned.phone).toBeTruthy();
  });

  it('belongs to its business', async () => {
    const other = await readyUser(t);
    expect((await other.client.get('whatsapp/session')).json().data.status).toBe('disconnected');
  });

  it('shows the QR only to those who may link WhatsApp, not to the log readers', async () => {
    const shop = await newShop(t);
    const [role] = await rows<{ id: string }>(t.db, sql`insert into roles (tenant_id, slug, name, permissions) values (${shop.tenantId}, ${`n-${randomUUID()}`}, 'Log readers', '{notifications}') returning id`);
    const reader = await newStaff(t, shop, 'admin', { role_id: role!.id });
    expect((await shop.client.post('whatsapp/session/connect')).json().data.qr).toBeTruthy();
    expect((await reader.client.get('whatsapp/session')).json().data).toMatchObject({ status: 'scan', qr: null });
    expect((await shop.client.get('whatsapp/session')).json().data.qr).toBeTruthy();
    expect((await reader.client.post('whatsapp/session/connect')).statusCode).toBe(403);
  });
});

describe('with the Cloud API configured', () => {
  it('WhatsApp templates are allowed without a QR link, and the session says so', async () => {
    const cloud = await buildTestApp({ env: { WHATSAPP_PHONE_NUMBER_ID: '1055', WHATSAPP_ACCESS_TOKEN: 'token' } });
    try {
      const u = await readyUser(cloud);
      expect((await u.client.get('whatsapp/session')).json().data).toMatchObject({ status: 'disconnected', cloud_api: true });
      const res = await u.client.post('templates', { action: 'booking_created', channel: 'whatsapp', receiver: 'customer', body_ar: 'مرحبًا', body_en: 'Hi' });
      expect(res.statusCode, res.body).toBe(201);
    } finally {
      await cloud.close();
      // The channels' availability is process-wide (set by buildApp): back to this file's app.
      const { configureChannels } = await import('./channels');
      configureChannels({ whatsappCloud: false, push: false });
    }
  });
});

describe('web push', () => {
  const sub = (n: number) => ({ endpoint: `https://push.example.test/send/${n}`, keys: { p256dh: `p256dh-${n}`, auth: `auth-${n}` } });

  it('the adapter sends with the VAPID keys and a day’s TTL; a dropped subscription is `gone`; another error throws', async () => {
    const calls: unknown[][] = [];
    const vapid = { publicKey: 'pub', privateKey: 'priv', subject: 'mailto:ops@khidma.test' };
    const push = vapidPush(vapid, (async (...args: unknown[]) => {
      calls.push(args);
      return { statusCode: 201, body: '', headers: {} };
    }) as unknown as typeof webpush.sendNotification);
    expect(await push.send(sub(1), { title: 'New booking', body: 'Khalid at 10:00', url: '/orders/1' })).toBe('sent');
    expect(calls[0]![0]).toEqual(sub(1));
    expect(JSON.parse(String(calls[0]![1]))).toEqual({ title: 'New booking', body: 'Khalid at 10:00', url: '/orders/1' });
    expect(calls[0]![2]).toMatchObject({ vapidDetails: vapid, TTL: 86400 });
    const failing = (statusCode: number) =>
      vapidPush(vapid, (async () => {
        throw Object.assign(new Error('Received unexpected response code'), { statusCode });
      }) as unknown as typeof webpush.sendNotification);
    expect(await failing(410).send(sub(1), { title: 't', body: 'b' })).toBe('gone');
    await expect(failing(500).send(sub(1), { title: 't', body: 'b' })).rejects.toThrow('push service answered 500');
  });

  it('without VAPID keys: the config says so, a subscription is refused, push templates too', async () => {
    expect((await c.get('push/config')).json().data).toEqual({ enabled: false, public_key: null });
    expect((await c.post('push/subscriptions', sub(1))).statusCode).toBe(409);
    const tpl = await c.post('templates', { action: 'booking_created', channel: 'push', receiver: 'user', body_ar: 'حجز جديد', body_en: 'New booking' });
    expect(tpl.statusCode).toBe(422);
  });

  it('with VAPID keys: an account subscribes its browsers, push templates reach them through the worker, dropped ones are forgotten', async () => {
    const keys = webpush.generateVAPIDKeys();
    const app = await buildTestApp({ env: { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey } });
    try {
      const u = await readyUser(app);
      expect((await u.client.get('push/config')).json().data).toEqual({ enabled: true, public_key: keys.publicKey });
      expect((await u.client.post('push/subscriptions', { endpoint: 'not a url', keys: { p256dh: 'x', auth: 'y' } })).statusCode).toBe(422);
      // The server POSTs to the endpoint: nothing inside the network (SSRF).
      for (const endpoint of ['http://push.example.test/x', 'https://127.0.0.1/x', 'https://169.254.169.254/latest', 'https://localhost/x', 'https://[::1]/x', 'https://db.internal/x'])
        expect((await u.client.post('push/subscriptions', { endpoint, keys: { p256dh: 'x', auth: 'y' } })).statusCode, endpoint).toBe(422);
      expect((await u.client.post('push/subscriptions', sub(1))).statusCode).toBe(201);
      expect((await u.client.post('push/subscriptions', sub(2))).statusCode).toBe(201);
      // The same browser again is the same row.
      expect((await u.client.post('push/subscriptions', sub(2))).statusCode).toBe(201);
      const tenant = u.user.tenant.uuid;
      expect(await rows(app.db, sql`select * from push_subscriptions where tenant_id = ${tenant}`)).toHaveLength(2);

      // Customers have no browser here; the business's users do.
      expect((await u.client.post('templates', { action: 'booking_created', channel: 'push', receiver: 'customer', body_ar: 'x', body_en: 'x' })).json().errors).toHaveProperty('receiver');
      const tpl = await u.client.post('templates', { action: 'booking_created', channel: 'push', receiver: 'user', title_ar: 'حجز جديد', title_en: 'New booking', body_ar: 'حجز {{customer_name}}', body_en: 'Booked: {{customer_name}}' });
      expect(tpl.statusCode, tpl.body).toBe(201);
      const b1 = await branch(app.db, tenant, { name: 'Olaya' });
      const cut = await service(app.db, tenant, { name: 'Haircut', duration: 30 });
      const p1 = await provider(app.db, tenant, { name: 'Amal', branchId: b1, serviceIds: [cut], capacity: 5 });
      const cust = await customer(app.db, tenant, { first: 'Huda', last: 'Ali', phone: '+966512340000' });
      const res = await u.client.post('bookings', { customer_id: cust, branch_id: b1, service_ids: [cut], staff_id: p1, start_time: at(dayAhead(4), '11:00') });
      expect(res.statusCode, res.body).toBe(201);
      const [n] = await rows<{ id: string; status: string }>(app.db, sql`select * from notifications where tenant_id = ${tenant} and channel = 'push'`);
      expect(n!.status).toBe('pending');

      const pushed: { target: PushTarget; payload: PushPayload }[] = [];
      const delivery = {
        email: { name: 'rec', send: async () => {} },
        sms: { name: 'rec', send: async () => {} },
        push: {
          name: 'web-push',
          send: async (target: PushTarget, payload: PushPayload) => {
            pushed.push({ target, payload });
            return target.endpoint.endsWith('/1') ? ('gone' as const) : ('sent' as const);
          },
        },
      };
      await deliverDue(app.db, delivery, log);
      expect(pushed.map((p) => p.target.endpoint).sort()).toEqual([sub(1).endpoint, sub(2).endpoint]);
      expect(pushed[0]!.payload).toMatchObject({ title: 'New booking', body: 'Booked: Huda Ali', url: `/orders/${res.json().data.order_id}` });
      expect((await rows<{ status: string }>(app.db, sql`select status from notifications where id = ${n!.id}`))[0]!.status).toBe('sent');
      // The browser that dropped its subscription is forgotten; the other one unsubscribes itself.
      expect((await rows<{ endpoint: string }>(app.db, sql`select endpoint from push_subscriptions where tenant_id = ${tenant}`)).map((r) => r.endpoint)).toEqual([sub(2).endpoint]);
      const off = await u.client.request('DELETE', 'push/subscriptions', { body: { endpoint: sub(2).endpoint } });
      expect(off.statusCode, off.body).toBe(200);
      expect(await rows(app.db, sql`select * from push_subscriptions where tenant_id = ${tenant}`)).toHaveLength(0);
    } finally {
      await app.close();
      const { configureChannels } = await import('./channels');
      configureChannels({ whatsappCloud: false, push: false });
    }
  });
});

