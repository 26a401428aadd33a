import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, rows, type TestApp } from '../../../test/helper';
import { loadConfig } from '../../config';
import { localGateway } from '../../integrations/payment/payment.adapter';
import { decodeTlv } from '../../integrations/zatca/tlv';
import { DAY_MS, resetClock, travel } from '../../lib/clock';
import { newOwner, type Owner } from '../access/access.fixtures';
import { addMonths } from './billing-core';
import { createBillingService } from './billing.service';
import { payByCard, receiptForm } from './subscription.fixtures';

/**
 * The subscription as a billing system (issue 17 §5), on a clock the tests move: trial → expiry →
 * 402 → checkout by card → active; renewal; a declined renewal → past due → retries → expired;
 * cancel and resume; an upgrade mid-cycle prorated to the minor unit; a downgrade at the period's
 * end; a gateway callback delivered three times applied once; a transfer the operator approves;
 * coupons; the plan's limits.
 */

let t: TestApp;
let billing: ReturnType<typeof createBillingService>;
const POSTGRES = Boolean(process.env.DATABASE_URL);

beforeAll(async () => {
  t = await buildTestApp();
  billing = createBillingService({ db: t.db, config: loadConfig({ NODE_ENV: 'test' }), gateway: localGateway() });
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => resetClock());

type Tenant = { subscription_status: string | null; subscription_plan: string | null; subscription_cycle: string | null; subscription_start_at: Date | null; subscription_ends_at: Date | null; subscription_retry_count: number; subscription_auto_renew: boolean };
const tenantRow = async (id: string): Promise<Tenant> => {
  const row = (await rows<Record<string, unknown>>(t.db, sql`select * from tenants where id = ${id}`))[0]!;
  const at = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
  return { ...(row as unknown as Tenant), subscription_start_at: at(row.subscription_start_at), subscription_ends_at: at(row.subscription_ends_at) };
};

const endTrial = (id: string) => t.db.execute(sql`update tenants set trial_ends_at = now() - interval '1 hour' where id = ${id}`);
const invoicesOf = (id: string) => rows<{ number: string; kind: string; total: number; vat_amount: number; period_start: Date; template: string; qr: string }>(t.db, sql`select * from subscription_invoices where tenant_id = ${id} order by issued_at, number`);


async function subscribed(plan = 'basic', cycle: 'monthly' | 'yearly' = 'monthly'): Promise<Owner> {
  const o = await newOwner(t);
  await payByCard(o.client, plan, cycle);
  return o;
}

describe('pricing', () => {
  it('lists the plans to anyone, names in the asked language, yearly 10% less than 12 months', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/pricing', headers: { 'accept-language': 'ar' } });
    expect(res.statusCode).toBe(200);
    const plans = res.json().data as { id: string; name: string; price: number; prices: { id: string; amount: number }[]; limits: Record<string, number | null> }[];
    expect(plans.map((p) => p.id)).toEqual(['basic', 'pro', 'business']);
    expect(plans[0]!.name).toBe('الأساسية');
    for (const p of plans) expect(p.prices.find((x) => x.id === 'yearly')!.amount).toBe(Math.round(p.price * 12 * 0.9));
    expect(plans[2]!.limits).toEqual({ providers: null, branches: null, users: null, bookings_per_month: null });
  });
});

describe('trial → expiry → 402 → checkout by card → active', () => {
  it('locks the business when the trial ends, takes a card payment through the gateway, unlocks it and issues the invoice', async () => {
    const o = await newOwner(t);
    await endTrial(o.tenantId);
    expect((await o.client.get('orders')).statusCode).toBe(402);
    const sub = (await o.client.get('subscription')).json().data;
    expect(sub).toMatchObject({ state: 'trial_ended', status_label: 'trial_ended', progress_percent: 100 });

    const preview = (await o.client.get('subscription/pro/checkout?cycle=yearly')).json().data;
    expect(preview).toMatchObject({ kind: 'new', unit_amount: 214920, quantity: 1, discount: 0, coupon: null, credit: 0, subtotal: 214920, vat_amount: 32238, total_amount: 247158 });

    const { started, redirect } = await payByCard(o.client, 'pro', 'yearly');
    expect(started).toMatchObject({ status: 'pending', total_amount: 247158 });
    const q = new URL(redirect, 'http://x').searchParams;
    expect(redirect.startsWith('/payment-success?')).toBe(true);
    expect(Object.fromEntries(q)).toMatchObject({ charge_id: started.charge_id, plan: 'pro', cycle: 'yearly', total_amount: '247158', unit_amount: '214920', quantity: '1', discount: '0' });

    expect((await o.client.get('orders')).statusCode).toBe(200);
    const after = (await o.client.get('subscription')).json().data;
    expect(after).toMatchObject({ state: 'active', status_label: 'active', status: 'active', plan: 'pro', cycle: 'yearly', auto_renew: true, plan_details: { id: 'pro' } });
    const row = await tenantRow(o.tenantId);
    expect(row.subscription_ends_at!.getTime()).toBe(addMonths(row.subscription_start_at!, 12).getTime());

    const [inv] = await invoicesOf(o.tenantId);
    expect(inv).toMatchObject({ kind: 'new', total: 247158, vat_amount: 32238, template: 'simplified' });
    expect(inv!.number).toMatch(/^SUB-\d{6}$/);
    const tags = decodeTlv(Buffer.from(inv!.qr, 'base64'));
    expect(tags.get(4)!.toString()).toBe('2471.58');
    expect(tags.get(5)!.toString()).toBe('322.38');
    const listed = (await o.client.get('subscription/invoices')).json();
    expect(listed.data).toHaveLength(1);
    expect(listed.data[0]).toMatchObject({ number: inv!.number, total: 247158, buyer: { vat_number: null } });
  });

  it('a declined card leaves the business locked and sends it to the failure page with the reason', async () => {
    const o = await newOwner(t);
    await endTrial(o.tenantId);
    const started = (await o.client.post('subscription/basic/checkout/monthly', { payment_method: 'credit_card' })).json().data;
    const sim = (await o.client.post(`subscription/charges/${started.charge_id}/simulate`, { outcome: 'failed' })).json().data;
    expect(sim.status).toBe('failed');
    expect(sim.redirect).toMatch(/^\/payment-failure\?charge_id=.*&message=declined/);
    expect((await o.client.get('orders')).statusCode).toBe(402);
    expect(await invoicesOf(o.tenantId)).toHaveLength(0);
  });

  it('a card payload never carries bank fields (spec §5)', async () => {
    const o = await newOwner(t);
    const res = await o.client.post('subscription/basic/checkout/monthly', { payment_method: 'credit_card', bank_id: 'x', beneficiary_name: 'y' });
    expect(res.statusCode).toBe(422);
  });

  it('a body with a "constructor" key is a 4xx, never a 500 (the security fuzz found it, seed -1103132449)', async () => {
    const o = await newOwner(t);
    for (const url of ['subscription/basic/checkout/monthly', 'subscription/renew/basic']) {
      const res = await o.client.post(url, JSON.parse('{"constructor":{}}'));
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
    }
  });
});

describe('applied exactly once', () => {
  it('a gateway callback delivered three times (at once) applies one period and one invoice', async () => {
    const o = await newOwner(t);
    const started = (await o.client.post('subscription/basic/checkout/monthly', { payment_method: 'credit_card' })).json().data;
    const result = { status: 'paid' as const, gatewayRef: 'x', paymentId: 'pay_1', amount: started.total_amount, currency: 'SAR' };
    const settled = await Promise.all([1, 2, 3].map(() => billing.settle(o.tenantId, started.charge_id, result, 'en')));
    expect(settled.every((c) => c.status === 'paid')).toBe(true);
    expect(await invoicesOf(o.tenantId)).toHaveLength(1);
    const row = await tenantRow(o.tenantId);
    expect(row.subscription_ends_at!.getTime()).toBe(addMonths(row.subscription_start_at!, 1).getTime());
    // And once more, later: nothing changes.
    await billing.settle(o.tenantId, started.charge_id, result, 'en');
    expect(await invoicesOf(o.tenantId)).toHaveLength(1);
    expect((await tenantRow(o.tenantId)).subscription_ends_at).toEqual(row.subscription_ends_at);
  });

  it('a paid answer for another amount is not a payment', async () => {
    const o = await newOwner(t);
    const started = (await o.client.post('subscription/basic/checkout/monthly', { payment_method: 'credit_card' })).json().data;
    const after = await billing.settle(o.tenantId, started.charge_id, { status: 'paid', gatewayRef: 'x', paymentId: 'p', amount: 1, currency: 'SAR' }, 'en');
    expect(after.status).toBe('failed');
    expect((await tenantRow(o.tenantId)).subscription_status).toBeNull();
  });

  it('a double click opens one payment', async () => {
    const o = await newOwner(t);
    const a = (await o.client.post('subscription/basic/checkout/monthly', { payment_method: 'credit_card' })).json().data;
    const b = (await o.client.post('subscription/basic/checkout/monthly', { payment_method: 'credit_card' })).json().data;
    expect(b.charge_id).toBe(a.charge_id);
  });
});

describe('renewal', () => {
  it('renews at the period end on the saved card: the next period follows, a renewal invoice, "renewed"', async () => {
    const o = await subscribed('basic', 'monthly');
    const first = await tenantRow(o.tenantId);
    travel(first.subscription_ends_at!.getTime() - Date.now() + 60_000);
    expect(await billing.renewDue()).toBeGreaterThanOrEqual(1);
    const row = await tenantRow(o.tenantId);
    expect(row.subscription_status).toBe('active');
    expect(row.subscription_start_at).toEqual(first.subscription_ends_at);
    expect(row.subscription_ends_at!.getTime()).toBe(addMonths(first.subscription_ends_at!, 1).getTime());
    const invoices = await invoicesOf(o.tenantId);
    expect(invoices.map((i) => i.kind)).toEqual(['new', 'renewal']);
    expect(invoices[1]!.total).toBe(9900 + 1485);
    expect((await o.client.get('subscription')).json().data.status_label).toBe('renewed');
    // Run again (a second server, a restart): nothing more for this period.
    await billing.renewDue();
    expect(await invoicesOf(o.tenantId)).toHaveLength(2);
  });

  it('two servers running the job at once charge one period once', async () => {
    const o = await subscribed('basic', 'monthly');
    const first = await tenantRow(o.tenantId);
    travel(first.subscription_ends_at!.getTime() - Date.now() + 60_000);
    await Promise.all([billing.renewDue(), billing.renewDue()]);
    const charges = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from subscription_charges where tenant_id = ${o.tenantId} and kind = 'renewal'`);
    expect(charges[0]!.n).toBe(1);
    expect(await invoicesOf(o.tenantId)).toHaveLength(2);
  });

  it('a declined renewal: past due (402, renewNow), retried after 1, 3 and 7 days, then expired', async () => {
    const o = await subscribed('basic', 'monthly');
    await t.db.execute(sql`update tenants set subscription_card_token = 'local_tok_declined' where id = ${o.tenantId}`);
    const end = (await tenantRow(o.tenantId)).subscription_ends_at!;
    travel(end.getTime() - Date.now() + 60_000);
    await billing.renewDue();
    let row = await tenantRow(o.tenantId);
    expect(row).toMatchObject({ subscription_status: 'past_due', subscription_retry_count: 1 });
    const orders = await o.client.get('orders');
    expect(orders.statusCode).toBe(402);
    expect(orders.json().code).toBe('past_due');
    const sub = (await o.client.get('subscription')).json().data;
    expect(sub).toMatchObject({ status_label: 'past_due', show_renew_message: true, retry_count: 1 });
    expect(new Date(sub.next_retry_at).getTime()).toBe(end.getTime() + DAY_MS);

    // Not before the retry is due.
    await billing.renewDue();
    expect((await tenantRow(o.tenantId)).subscription_retry_count).toBe(1);
    for (const [day, count] of [
      [1, 2],
      [3, 3],
    ] as const) {
      resetClock();
      travel(end.getTime() + day * DAY_MS - Date.now() + 60_000);
      await billing.renewDue();
      row = await tenantRow(o.tenantId);
      expect(row).toMatchObject({ subscription_status: 'past_due', subscription_retry_count: count });
    }
    resetClock();
    travel(end.getTime() + 7 * DAY_MS - Date.now() + 60_000);
    await billing.renewDue();
    expect(await tenantRow(o.tenantId)).toMatchObject({ subscription_status: 'expired', subscription_retry_count: 4 });
    expect((await o.client.get('subscription')).json().data.status_label).toBe('expired');
    expect(await invoicesOf(o.tenantId)).toHaveLength(1);

    // Paying by hand brings it back, with a period from now (the locked days are not charged).
    const { redirect } = await payByCard(o.client, 'basic', 'monthly');
    expect(redirect.startsWith('/payment-success')).toBe(true);
    expect((await o.client.get('orders')).statusCode).toBe(200);
  });

  it('past due and renewed by hand before the retries end', async () => {
    const o = await subscribed('basic', 'monthly');
    await t.db.execute(sql`update tenants set subscription_card_token = 'local_tok_declined' where id = ${o.tenantId}`);
    const end = (await tenantRow(o.tenantId)).subscription_ends_at!;
    travel(end.getTime() - Date.now() + 60_000);
    await billing.renewDue();
    const res = await o.client.post('subscription/renew/basic', { payment_method: 'credit_card' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.kind).toBe('renewal');
    await o.client.post(`subscription/charges/${res.json().data.charge_id}/simulate`, { outcome: 'paid' });
    expect(await tenantRow(o.tenantId)).toMatchObject({ subscription_status: 'active', subscription_retry_count: 0 });
    // The card just used is kept: the next renewal works.
    expect((await rows<{ tok: string }>(t.db, sql`select subscription_card_token as tok from tenants where id = ${o.tenantId}`))[0]!.tok).not.toContain('declined');
    expect((await o.client.post('subscription/renew/pro', { payment_method: 'credit_card' })).statusCode).toBe(422);
  });
});

describe('cancel and resume', () => {
  it('cancelling keeps the plan to its end ("ending soon" in its last week), then it ends; resuming renews again', async () => {
    const o = await subscribed('basic', 'monthly');
    const end = (await tenantRow(o.tenantId)).subscription_ends_at!;
    const cancel = await o.client.get('subscription/cancel');
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().data).toMatchObject({ auto_renew: false, status_label: 'active' });
    travel(end.getTime() - 3 * DAY_MS - Date.now());
    expect((await o.client.get('subscription')).json().data).toMatchObject({ status_label: 'ending_soon', show_renew_message: true });
    // Resume, cancel again, let it run out.
    expect((await o.client.get('subscription/resume')).json().data.auto_renew).toBe(true);
    await o.client.get('subscription/cancel');
    resetClock();
    travel(end.getTime() - Date.now() + 60_000);
    expect((await o.client.get('orders')).statusCode).toBe(402);
    await billing.renewDue();
    expect((await tenantRow(o.tenantId)).subscription_status).toBe('canceled');
    expect((await o.client.get('subscription')).json().data.status_label).toBe('no_active_plan');
    expect(await invoicesOf(o.tenantId)).toHaveLength(1);
    expect((await o.client.get('subscription/resume')).statusCode).toBe(422);
  });
});

describe('upgrade and downgrade', () => {
  it('an upgrade mid-cycle is prorated by whole days to the minor unit, and keeps the period', async () => {
    const o = await subscribed('basic', 'monthly');
    const before = await tenantRow(o.tenantId);
    const start = before.subscription_start_at!;
    const end = before.subscription_ends_at!;
    travel(10 * DAY_MS + 3_600_000);
    const q = (await o.client.get('subscription/pro/checkout?cycle=monthly')).json().data;
    const days = Math.ceil((end.getTime() - start.getTime()) / DAY_MS);
    const left = Math.ceil((end.getTime() - (Date.now() + 10 * DAY_MS + 3_600_000)) / DAY_MS);
    const half = (n: number) => Math.round(n);
    expect(q).toMatchObject({ kind: 'upgrade', unit_amount: 19900, credit: half((9900 * left) / days) });
    expect(q.subtotal).toBe(half((19900 * left) / days) - half((9900 * left) / days));
    expect(q.vat_amount).toBe(Math.round(q.subtotal * 0.15));
    expect(q.period_end).toBe(end.toISOString());
    await payByCard(o.client, 'pro', 'monthly');
    const after = await tenantRow(o.tenantId);
    expect(after).toMatchObject({ subscription_plan: 'pro', subscription_cycle: 'monthly' });
    expect(after.subscription_ends_at).toEqual(end);
    expect((await invoicesOf(o.tenantId)).map((i) => i.kind)).toEqual(['new', 'upgrade']);
  });

  it('an upgrade on the day of subscribing costs the difference exactly; the same plan is refused', async () => {
    const o = await subscribed('basic', 'monthly');
    const q = (await o.client.get('subscription/pro/checkout?cycle=monthly')).json().data;
    expect(q).toMatchObject({ kind: 'upgrade', credit: 9900, subtotal: 10000 });
    const same = await o.client.post('subscription/basic/checkout/monthly', { payment_method: 'credit_card' });
    expect(same.statusCode).toBe(422);
    expect(same.json().errors.plan).toEqual(['This is already your plan']);
  });

  it('a downgrade waits for the period end; the renewal then charges the smaller plan', async () => {
    const o = await subscribed('pro', 'monthly');
    const end = (await tenantRow(o.tenantId)).subscription_ends_at!;
    const res = await o.client.post('subscription/basic/checkout/monthly', { payment_method: 'credit_card' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ kind: 'downgrade', status: 'scheduled', url: null, charge_id: null, total_amount: 0 });
    expect(res.json().message).toMatch(/^Your plan changes to Basic on /);
    expect((await o.client.get('subscription')).json().data.pending_change).toMatchObject({ plan: 'Basic', cycle: 'monthly', at: end.toISOString() });
    travel(end.getTime() - Date.now() + 60_000);
    await billing.renewDue();
    expect(await tenantRow(o.tenantId)).toMatchObject({ subscription_plan: 'basic', subscription_status: 'active' });
    expect((await invoicesOf(o.tenantId))[1]!.total).toBe(9900 + 1485);
    expect((await o.client.get('subscription')).json().data.pending_change).toBeNull();
  });
});

describe('coupons', () => {
  it('takes a coupon off the price, refuses an unknown one ("Coupon not found") and a code with spaces', async () => {
    await t.db.execute(sql`insert into subscription_coupons (code, type, value, max_redemptions) values ('TEST20', 'percentage', 2000, 1) on conflict do nothing`);
    const o = await newOwner(t);
    const q = (await o.client.get('subscription/basic/checkout/monthly?coupon=test20')).json().data;
    expect(q).toMatchObject({ discount: 1980, subtotal: 7920, coupon: { code: 'TEST20', type: 'percentage', value: 2000 } });
    const missing = await o.client.get('subscription/basic/checkout/monthly?coupon=NOPE1');
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.coupon).toEqual(['Coupon not found']);
    const spaced = await o.client.get(`subscription/basic/checkout/monthly?coupon=${encodeURIComponent('TE ST')}`);
    expect(spaced.json().errors.coupon).toEqual(['The coupon code is letters and digits only, no spaces']);
    // Used up once paid.
    await payByCard(o.client, 'basic', 'monthly', 'TEST20');
    const other = await newOwner(t);
    expect((await other.client.get('subscription/basic/checkout/monthly?coupon=TEST20')).statusCode).toBe(422);
  });
});

describe('bank transfer', () => {
  it('needs bank, beneficiary and receipt; waits for the operator, who approves it: the plan is active', async () => {
    const [bank] = await rows<{ id: string }>(t.db, sql`insert into platform_banks (name_ar, name_en, beneficiary_name, iban, account_number) values ('بنك', 'Bank', 'Khidma', 'SA0380000000608010167519', '608010167519') returning id`);
    const o = await newOwner(t);
    await endTrial(o.tenantId);
    const banks = (await o.client.get('subscription/get-banks')).json().data;
    expect(banks.map((b: { id: string }) => b.id)).toContain(bank!.id);
    const missing = await o.client.post('subscription/basic/checkout/monthly', { payment_method: 'bank_transfer' });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['bank_id', 'beneficiary_name', 'receipt']);
    const pdf = Buffer.from('%PDF-1.4\n%test receipt\n');
    const res = await o.client.request('POST', 'subscription/basic/checkout/monthly', receiptForm({ payment_method: 'bank_transfer', bank_id: bank!.id, beneficiary_name: 'Lamsa Beauty' }, { name: 'transfer.pdf', bytes: pdf }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ status: 'awaiting_review', url: null });
    expect(res.json().message).toBe('We received your transfer receipt: we review it within 24 hours');
    expect((await o.client.get('subscription')).json().data.pending_transfer).toMatchObject({ status: 'awaiting_review', payment_method: 'bank_transfer' });
    // A second payment waits for the review.
    expect((await o.client.post('subscription/basic/checkout/monthly', { payment_method: 'credit_card' })).statusCode).toBe(422);
    expect((await o.client.get('orders')).statusCode).toBe(402);
    // The operator's review (see operator.test.ts for the routes) applies it once.
    await billing.settle(o.tenantId, res.json().data.charge_id, { status: 'paid', gatewayRef: '', paymentId: 'transfer', amount: res.json().data.total_amount, currency: 'SAR' }, 'en', o.user.uuid);
    expect((await o.client.get('orders')).statusCode).toBe(200);
    expect(await invoicesOf(o.tenantId)).toHaveLength(1);
  });
});

describe('the gateway webhook', () => {
  it('refuses a webhook without the configured secret token (nothing is settled on its word)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/webhooks/moyasar', payload: { type: 'payment_paid', secret_token: 'guess', data: { invoice_id: 'inv_1' } } });
    expect(res.statusCode).toBe(401);
  });
});

describe('plan limits', () => {
  it('a plugin outside the plan is refused (422 plan_limit); the plan that includes it allows it', async () => {
    const o = await subscribed('basic', 'monthly');
    const res = await o.client.put('plugins/pos/install');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'plan_limit', errors: { plan_limit: ['Your plan does not include this plugin: upgrade to a plan that does'] } });
    await payByCard(o.client, 'pro', 'monthly');
    expect((await o.client.put('plugins/pos/install')).statusCode).toBe(200);
  });

  it('the basic plan allows one branch: a second is a 422 plan_limit with the message', async () => {
    const o = await subscribed('basic', 'monthly');
    const res = await o.client.post('branches', { name: 'Second branch', phone: '512345678' });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ code: 'plan_limit', message: 'Your plan allows 1 branches: upgrade to add more', errors: { plan_limit: ['Your plan allows 1 branches: upgrade to add more'] } });
    const usage = (await o.client.get('subscription')).json().data;
    expect(usage.limits).toEqual({ providers: 3, branches: 1, users: 3, bookings_per_month: 500 });
    expect(usage.usage.branches).toBe(1);
  });

  it.runIf(POSTGRES)('two providers added at once for the last seat: one passes', async () => {
    const o = await subscribed('basic', 'monthly');
    const used = (await o.client.get('subscription')).json().data.usage.providers as number;
    const free = 3 - used;
    const results = await Promise.all(Array.from({ length: free + 1 }, (_, i) => o.client.post('providers', { name: `Provider ${i} ${Date.now()}` })));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(free);
    expect(results.filter((r) => r.statusCode === 422)).toHaveLength(1);
  });
});
