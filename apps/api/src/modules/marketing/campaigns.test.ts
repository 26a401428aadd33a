import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, rows, type TestApp } from '../../../test/helper';
import { deliverDue } from '../../jobs/outbox-worker';
import { DAY_MS, resetClock, travel } from '../../lib/clock';
import { insertBooking, newShop, type Shop } from '../orders/orders.fixtures';
import { seedOrder } from '../transactions/transactions.fixtures';
import { CAMPAIGN_THROTTLE, finishCampaigns, handOutRecipients, runCampaigns } from './campaigns.service';

/**
 * Campaigns (issue 18 §2): the audience filters and the count shown before sending; opted-out and
 * blocked customers never receive one; recipients handed to the outbox at the channel's pace; not
 * started before their time; two workers never make a recipient's message twice; a cancel part-way
 * leaves nothing sent after it; the result per recipient; one business's campaigns are its own.
 */

let t: TestApp;
const log = pino({ level: 'silent' });

const sent: { to: string; body: string }[] = [];
const delivery = {
  sms: {
    name: 'recording',
    async send(m: { to: string; body: string }) {
      sent.push({ to: m.to, body: m.body });
    },
  },
  email: {
    name: 'recording',
    async send(m: { to: string; subject: string; text: string }) {
      sent.push({ to: m.to, body: m.text });
    },
  },
};

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => resetClock());

const phone = () => `+9665${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

async function tag(shop: Shop, name: string): Promise<string> {
  const res = await shop.client.post('tags', { name, color: '#3B71FE' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.uuid;
}

type CustomerOpts = { first?: string; phone?: string | null; email?: string | null; tags?: string[]; blocked?: boolean; optedOut?: boolean };
async function customer(shop: Shop, o: CustomerOpts = {}): Promise<string> {
  const [row] = await rows<{ id: string }>(
    t.db,
    sql`insert into customers (tenant_id, first_name, last_name, phone, email, blocked_at, marketing_opt_out_at)
        values (${shop.tenantId}, ${o.first ?? 'Huda'}, 'Nasser', ${o.phone === undefined ? phone() : o.phone}, ${o.email ?? null}, ${o.blocked ? new Date().toISOString() : null}, ${o.optedOut ? new Date().toISOString() : null})
        returning id`,
  );
  for (const tagId of o.tags ?? []) await t.db.execute(sql`insert into customer_tags (tenant_id, customer_id, tag_id) values (${shop.tenantId}, ${row!.id}, ${tagId})`);
  return row!.id;
}

/** A completed visit `daysAgo` days ago: an order with a service line and its completed appointment. */
async function visit(shop: Shop, customerId: string, daysAgo: number) {
  const res = await shop.client.post('orders', { customer_id: customerId, items: [{ type: 'service', service_id: shop.serviceId }] });
  expect(res.statusCode, res.body).toBe(201);
  const orderId = res.json().data.id as string;
  const [item] = await rows<{ id: string }>(t.db, sql`select id from order_items where order_id = ${orderId}`);
  await t.db.execute(sql`delete from bookings where order_id = ${orderId}`);
  await insertBooking(t, shop.tenantId, { orderId, itemId: item!.id, providerId: shop.providerId, customerId, serviceId: shop.serviceId, status: 'completed', start: new Date(Date.now() - daysAgo * DAY_MS) });
  return orderId;
}

async function pay(shop: Shop, orderId: string, amount: number) {
  const res = await shop.client.post(`orders/${orderId}/transactions`, { payment_method: 'cash', amount });
  expect(res.statusCode, res.body).toBe(201);
}

const body = (over: Record<string, unknown> = {}) => ({ name: 'Eid offer', channel: 'sms', content: 'Hello {{customer_name}}, Eid offers at {{business_name}}', ...over });

async function campaign(shop: Shop, over: Record<string, unknown> = {}) {
  const res = await shop.client.post('campaigns', body(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; status: string; targeted_count: number };
}

async function sendNow(shop: Shop, id: string) {
  const res = await shop.client.post(`campaigns/${id}/send`, {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { status: string; targeted_count: number; counts: Record<string, number> };
}

const recipientsOf = async (shop: Shop, id: string, query: Record<string, string> = {}) =>
  (await shop.client.get(`campaigns/${id}/recipients`, { query: { per_page: '100', ...query } })).json() as {
    data: { name: string; phone: string | null; status: string; fail_reason: string | null; sent_at: string | null; customer_id: string }[];
    meta: { total: number };
  };

const messagesOf = (id: string) => rows<{ id: string; status: string; idempotency_key: string }>(t.db, sql`select id, status, idempotency_key from notifications where campaign_id = ${id}`);

/** Runs the job and the outbox until the campaign is done. */
async function drain(shop: Shop, id: string) {
  for (let i = 0; i < 20; i++) {
    await runCampaigns(t.db, undefined, log);
    while ((await deliverDue(t.db, delivery, log, 100)) > 0) {}
    const c = (await shop.client.get(`campaigns/${id}`)).json().data;
    if (c.status === 'completed' || c.status === 'cancelled') return c;
  }
  throw new Error('campaign not finished');
}

describe('campaigns', () => {
  it('checks the body: known variables only, an e-mail needs its subject, a time in the future, ranges in order', async () => {
    const shop = await newShop(t);
    const bad = await shop.client.post('campaigns', body({ content: 'Hi {{nickname}}', channel: 'email', audience: { last_visit_from: 30, last_visit_to: 10, min_spent: 500, max_spent: 100 } }));
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['audience.last_visit_to', 'audience.max_spent', 'content', 'title']);
    const past = await shop.client.post('campaigns', body({ status: 'scheduled', scheduled_at: new Date(Date.now() - 60_000).toISOString() }));
    expect(past.json().errors).toEqual({ scheduled_at: ['The sending time must be in the future'] });
    const draft = await campaign(shop);
    expect(draft).toMatchObject({ status: 'draft' });
    const listed = (await shop.client.get('campaigns')).json();
    expect(listed.meta.total).toBe(1);
    expect(listed.data[0]).toMatchObject({ id: draft.id, counts: { pending: 0, sent: 0 } });
  });

  it('counts the audience before sending: tags, last visit, total spent, booked service; opted-out and no-address apart, blocked never', async () => {
    const shop = await newShop(t);
    const vip = await tag(shop, 'VIP');
    const a = await customer(shop, { first: 'Amal', tags: [vip], email: 'amal@example.com' });
    await visit(shop, a, 10);
    await pay(shop, (await seedOrder(t.db, shop.tenantId, { total: 10_000, customerId: a })).id, 5_000);
    await customer(shop, { first: 'Badr', tags: [vip], optedOut: true });
    await customer(shop, { first: 'Camil', tags: [vip], blocked: true });
    await customer(shop, { first: 'Dana', tags: [vip], phone: null, email: 'dana@example.com' });
    const e = await customer(shop, { first: 'Emad' });
    const old = (await seedOrder(t.db, shop.tenantId, { total: 30_000, customerId: e })).id;
    await pay(shop, old, 20_000);
    await t.db.execute(sql`update orders set status = 'completed', created_at = ${new Date(Date.now() - 100 * DAY_MS).toISOString()} where id = ${old}`);

    const count = async (audience: Record<string, unknown>, channel = 'sms') => {
      const res = await shop.client.post('campaigns/audience-count', { audience, channel });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    expect(await count({ tag_ids: [vip] })).toEqual({ targeted: 1, opted_out: 1, no_address: 1 });
    expect(await count({ tag_ids: [vip] }, 'email')).toEqual({ targeted: 2, opted_out: 1, no_address: 0 });
    expect(await count({ last_visit_from: 0, last_visit_to: 30 })).toEqual({ targeted: 1, opted_out: 0, no_address: 0 });
    expect(await count({ last_visit_from: 60 })).toEqual({ targeted: 1, opted_out: 0, no_address: 0 });
    expect(await count({ min_spent: 10_000 })).toEqual({ targeted: 1, opted_out: 0, no_address: 0 });
    expect(await count({ min_spent: 1_000, max_spent: 10_000 })).toEqual({ targeted: 1, opted_out: 0, no_address: 0 });
    // Only Amal booked the service.
    expect(await count({ service_ids: [shop.serviceId] })).toEqual({ targeted: 1, opted_out: 0, no_address: 0 });
    expect(await count({})).toEqual({ targeted: 2, opted_out: 1, no_address: 1 });
    expect(await count({ tag_ids: [vip], min_spent: 5_000 })).toEqual({ targeted: 1, opted_out: 0, no_address: 0 });
    // The count is kept on the campaign when saved.
    expect((await campaign(shop, { audience: { tag_ids: [vip] } })).targeted_count).toBe(1);
  });

  it('never reaches an opted-out or blocked customer; skips one with no phone; the results per recipient after delivery', async () => {
    const shop = await newShop(t);
    const vip = await tag(shop, 'Regulars');
    const amal = await customer(shop, { first: 'Amal', tags: [vip] });
    const badr = await customer(shop, { first: 'Badr', tags: [vip] });
    await customer(shop, { first: 'Camil', tags: [vip], blocked: true });
    await customer(shop, { first: 'Dana', tags: [vip], phone: null });
    // Badr opts out on his customer page.
    const opt = await shop.client.request('PATCH', `customers/${badr}`, { body: { marketing_opt_out: true } });
    expect(opt.json().data).toMatchObject({ marketing_opt_out: true });
    expect(typeof opt.json().data.marketing_opt_out_at).toBe('string');

    const c = await campaign(shop, { audience: { tag_ids: [vip] } });
    const started = await sendNow(shop, c.id);
    expect(started).toMatchObject({ status: 'sending', targeted_count: 1, counts: { pending: 1, skipped: 1 } });
    // Recipients are fixed at the start: a customer tagged later is not added.
    await customer(shop, { first: 'Late', tags: [vip] });
    const done = await drain(shop, c.id);
    expect(done).toMatchObject({ status: 'completed', counts: { sent: 1, skipped: 1, pending: 0, queued: 0 } });
    expect(typeof done.finished_at).toBe('string');

    const list = await recipientsOf(shop, c.id);
    expect(list.meta.total).toBe(2);
    const byName = Object.fromEntries(list.data.map((r) => [r.name, r]));
    expect(byName['Amal Nasser']).toMatchObject({ status: 'sent', customer_id: amal, fail_reason: null });
    expect(typeof byName['Amal Nasser']?.sent_at).toBe('string');
    expect(byName['Dana Nasser']).toMatchObject({ status: 'skipped', fail_reason: 'no phone number' });
    expect(Object.keys(byName).sort()).toEqual(['Amal Nasser', 'Dana Nasser']);
    const only = await recipientsOf(shop, c.id, { status: 'skipped' });
    expect(only.data.map((r) => r.name)).toEqual(['Dana Nasser']);
    const [msg] = await rows<{ body: string; action: string; idempotency_key: string }>(t.db, sql`select body, action, idempotency_key from notifications where campaign_id = ${c.id}`);
    expect(msg).toMatchObject({ action: 'campaign', body: expect.stringMatching(/^Hello Amal Nasser, Eid offers at /) });
    expect(msg?.idempotency_key).toMatch(/^campaign:/);
    // Started or finished: no more changes.
    expect((await shop.client.put(`campaigns/${c.id}`, body())).json().message).toBe('A campaign cannot be changed or deleted once sending has started');
    expect((await shop.client.request('DELETE', `campaigns/${c.id}`)).statusCode).toBe(422);
    expect((await shop.client.post(`campaigns/${c.id}/cancel`)).statusCode).toBe(422);
  });

  it('never sends to a customer who opts out after the campaign started', async () => {
    const shop = await newShop(t);
    const vip = await tag(shop, 'Changed mind');
    const keep = await customer(shop, { first: 'Keep', tags: [vip] });
    const leave = await customer(shop, { first: 'Leave', tags: [vip] });
    const c = await campaign(shop, { audience: { tag_ids: [vip] } });
    expect((await sendNow(shop, c.id)).counts).toMatchObject({ pending: 2 });
    await shop.client.request('PATCH', `customers/${leave}`, { body: { marketing_opt_out: true } });
    const done = await drain(shop, c.id);
    expect(done.counts).toMatchObject({ sent: 1, skipped: 1 });
    const byCustomer = Object.fromEntries((await recipientsOf(shop, c.id)).data.map((r) => [r.customer_id, r]));
    expect(byCustomer[keep]).toMatchObject({ status: 'sent' });
    expect(byCustomer[leave]).toMatchObject({ status: 'skipped', fail_reason: 'opted out of marketing' });
    expect((await messagesOf(c.id)).length).toBe(1);
    // Nor through the log's resend once opted out.
    const [msg] = await messagesOf(c.id);
    expect((await shop.client.post(`notifications/${msg!.id}/resend`)).statusCode).toBe(201);
    await shop.client.request('PATCH', `customers/${keep}`, { body: { marketing_opt_out: true } });
    expect((await shop.client.post(`notifications/${msg!.id}/resend`)).statusCode).toBe(422);
  });

  it('hands at most the channel’s number of recipients to the outbox per tick', async () => {
    const shop = await newShop(t);
    const many = await tag(shop, 'Many');
    for (let i = 0; i < CAMPAIGN_THROTTLE.sms + 5; i++) await customer(shop, { first: `C${i}`, tags: [many] });
    const c = await campaign(shop, { audience: { tag_ids: [many] } });
    await sendNow(shop, c.id);
    expect(await handOutRecipients(t.db, log)).toBe(CAMPAIGN_THROTTLE.sms);
    expect((await shop.client.get(`campaigns/${c.id}`)).json().data.counts).toMatchObject({ queued: CAMPAIGN_THROTTLE.sms, pending: 5 });
    const [outbox] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from outbox_messages o join notifications n on n.id = o.notification_id where n.campaign_id = ${c.id}`);
    expect(outbox?.n).toBe(CAMPAIGN_THROTTLE.sms);
    expect(await handOutRecipients(t.db, log)).toBe(5);
    expect((await drain(shop, c.id)).counts).toMatchObject({ sent: CAMPAIGN_THROTTLE.sms + 5 });
  });

  it('does not start before its scheduled time, then starts by itself', async () => {
    const shop = await newShop(t);
    const vip = await tag(shop, 'Later');
    await customer(shop, { tags: [vip] });
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const c = await campaign(shop, { status: 'scheduled', scheduled_at: at, audience: { tag_ids: [vip] } });
    expect(c.status).toBe('scheduled');
    await runCampaigns(t.db, undefined, log);
    expect((await shop.client.get(`campaigns/${c.id}`)).json().data).toMatchObject({ status: 'scheduled', counts: { pending: 0, queued: 0 } });
    expect(await messagesOf(c.id)).toEqual([]);
    // Still editable while waiting; moved back to a draft and scheduled again through send.
    expect((await shop.client.put(`campaigns/${c.id}`, body({ audience: { tag_ids: [vip] } }))).json().data.status).toBe('draft');
    const resend = await shop.client.post(`campaigns/${c.id}/send`, { scheduled_at: at });
    expect(resend.json()).toMatchObject({ message: 'The campaign is scheduled', data: { status: 'scheduled', scheduled_at: at } });
    travel(3_600_000 + 60_000);
    await runCampaigns(t.db, undefined, log);
    expect((await shop.client.get(`campaigns/${c.id}`)).json().data.status).toMatch(/sending|completed/);
    expect((await drain(shop, c.id)).counts).toMatchObject({ sent: 1 });
  });

  it('two workers at once never make a recipient’s message twice', async () => {
    const shop = await newShop(t);
    const vip = await tag(shop, 'Race');
    for (let i = 0; i < 45; i++) await customer(shop, { first: `R${i}`, tags: [vip] });
    const c = await campaign(shop, { status: 'scheduled', scheduled_at: new Date(Date.now() + 60_000).toISOString(), audience: { tag_ids: [vip] } });
    travel(120_000);
    // Both start the due campaign and hand out at the same time, a few ticks over.
    for (let i = 0; i < 4; i++) await Promise.all([runCampaigns(t.db, undefined, log), runCampaigns(t.db, undefined, log)]);
    const msgs = await messagesOf(c.id);
    expect(msgs).toHaveLength(45);
    expect(new Set(msgs.map((m) => m.idempotency_key)).size).toBe(45);
    const [recipients] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from campaign_recipients where campaign_id = ${c.id}`);
    expect(recipients?.n).toBe(45);
    const [outbox] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from outbox_messages o join notifications n on n.id = o.notification_id where n.campaign_id = ${c.id}`);
    expect(outbox?.n).toBe(45);
    expect((await drain(shop, c.id)).counts).toMatchObject({ sent: 45 });
  });

  it('cancelled part-way: nothing is delivered after the cancel', async () => {
    const shop = await newShop(t);
    const vip = await tag(shop, 'Stop');
    const phones: string[] = [];
    for (let i = 0; i < CAMPAIGN_THROTTLE.sms + 6; i++) {
      const p = phone();
      phones.push(p);
      await customer(shop, { first: `S${i}`, tags: [vip], phone: p });
    }
    const c = await campaign(shop, { audience: { tag_ids: [vip] } });
    await sendNow(shop, c.id);
    // The outbox holds nothing else (the sign-up's messages are delivered first).
    while ((await deliverDue(t.db, delivery, log, 100)) > 0) {}
    await handOutRecipients(t.db, log);
    // The worker delivers ten, then the business cancels.
    expect(await deliverDue(t.db, delivery, log, 10)).toBe(10);
    const reached = () => sent.filter((s) => phones.includes(s.to)).length;
    expect(reached()).toBe(10);
    const cancelled = await shop.client.post(`campaigns/${c.id}/cancel`);
    expect(cancelled.json()).toMatchObject({ message: 'The campaign was cancelled: nothing more of it will be sent', data: { status: 'cancelled' } });
    // A message already queued in the outbox before the cancel, as a worker would claim it after.
    await t.db.execute(sql`update outbox_messages set status = 'pending' where notification_id in (select id from notifications where campaign_id = ${c.id}) and status = 'dropped' and id = (select o.id from outbox_messages o join notifications n on n.id = o.notification_id where n.campaign_id = ${c.id} and o.status = 'dropped' limit 1)`);
    await runCampaigns(t.db, undefined, log);
    while ((await deliverDue(t.db, delivery, log, 100)) > 0) {}
    expect(reached()).toBe(10);
    const after = (await shop.client.get(`campaigns/${c.id}`)).json().data;
    expect(after).toMatchObject({ status: 'cancelled', counts: { sent: 10, cancelled: CAMPAIGN_THROTTLE.sms + 6 - 10, pending: 0, queued: 0 } });
    expect((await recipientsOf(shop, c.id, { status: 'cancelled' })).data.every((r) => r.fail_reason === null)).toBe(true);
    expect(await finishCampaigns(t.db, new Date())).toBe(0);
  });

  it('belongs to its business: another business cannot read, change, send, cancel or count with it', async () => {
    const shop = await newShop(t);
    const vip = await tag(shop, 'Mine');
    await customer(shop, { tags: [vip] });
    const c = await campaign(shop, { audience: { tag_ids: [vip] } });
    const other = await newShop(t);
    expect((await other.client.get(`campaigns/${c.id}`)).statusCode).toBe(404);
    expect((await other.client.put(`campaigns/${c.id}`, body())).statusCode).toBe(404);
    expect((await other.client.post(`campaigns/${c.id}/send`, {})).statusCode).toBe(404);
    expect((await other.client.post(`campaigns/${c.id}/cancel`)).statusCode).toBe(404);
    expect((await other.client.get(`campaigns/${c.id}/recipients`)).statusCode).toBe(404);
    expect((await other.client.get('campaigns')).json().data).toEqual([]);
    expect((await other.client.post('campaigns/audience-count', { audience: { tag_ids: [vip] }, channel: 'sms' })).json().data).toEqual({ targeted: 0, opted_out: 0, no_address: 0 });
    // Another business's tag in an audience reaches none of its customers.
    const theirs = await other.client.post('campaigns', body({ audience: { tag_ids: [vip] } }));
    await other.client.post(`campaigns/${theirs.json().data.id}/send`, {});
    expect((await other.client.get(`campaigns/${theirs.json().data.id}`)).json().data.counts.pending).toBe(0);
    expect((await shop.client.request('DELETE', `campaigns/${c.id}`)).statusCode).toBe(200);
  });

  it('is not sent on WhatsApp before the business links it (spec §8): a 422 on the channel, nothing queued', async () => {
    const shop = await newShop(t);
    await customer(shop);
    const c = await campaign(shop, { channel: 'whatsapp' });
    const res = await shop.client.post(`campaigns/${c.id}/send`, {});
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toHaveProperty('channel');
    expect((await shop.client.get(`campaigns/${c.id}`)).json().data.status).toBe('draft');
    expect(await messagesOf(c.id)).toHaveLength(0);
  });
});
