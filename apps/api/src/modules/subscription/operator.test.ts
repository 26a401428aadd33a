import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, rows, type TestApp } from '../../../test/helper';
import { newOwner, type Owner } from '../access/access.fixtures';
import { PNG, payByCard, receiptForm } from './subscription.fixtures';

/**
 * The platform operator (issue 17 §1): the support account manages plans and prices, reviews bank
 * transfers and sees every business's subscription; a business's owner, whatever it holds, cannot.
 */

let t: TestApp;
let operator: Owner;
let business: Owner;
let bankId: string;


beforeAll(async () => {
  t = await buildTestApp();
  operator = await newOwner(t);
  await t.db.execute(sql`update users set can_imp = true where id = ${operator.user.uuid}`);
  business = await newOwner(t);
  const [bank] = await rows<{ id: string }>(t.db, sql`insert into platform_banks (name_ar, name_en, beneficiary_name, iban, account_number) values ('مصرف الراجحي', 'Al Rajhi Bank', 'Khidma', 'SA0380000000608010167519', '608010167519') returning id`);
  bankId = bank!.id;
});
afterAll(async () => {
  await t?.close();
});

const planBody = { slug: 'starter', name_ar: 'المبتدئة', name_en: 'Starter', monthly_amount: 4900, limits: { providers: 1, branches: 1, users: 1, bookings_per_month: 100 }, features: ['calendar'], plugins: [] };

describe('the operator', () => {
  it('is the support account only: a business owner gets 403 on every operator route', async () => {
    for (const [method, url] of [
      ['GET', 'operator/plans'],
      ['POST', 'operator/plans'],
      ['GET', 'operator/subscriptions'],
      ['GET', 'operator/bank-transfers'],
      ['GET', 'operator/coupons'],
      ['POST', 'operator/coupons'],
      ['GET', 'operator/banks'],
      ['POST', 'operator/banks'],
    ] as const) {
      expect((await business.client.request(method, url, method === 'POST' ? { body: planBody } : {})).statusCode, url).toBe(403);
    }
  });

  it('adds a plan (yearly 10% off by default), edits it, and it shows in pricing', async () => {
    const res = await operator.client.post('operator/plans', planBody);
    expect(res.statusCode, res.body).toBe(201);
    const plan = res.json().data;
    expect(plan).toMatchObject({ id: 'starter', price: 4900, prices: [{ id: 'monthly', amount: 4900 }, { id: 'yearly', amount: 52920 }], active: true, subscribers: 0 });
    expect((await operator.client.post('operator/plans', planBody)).json().errors.slug).toBeTruthy();
    const edited = await operator.client.put(`operator/plans/${plan.uuid}`, { ...planBody, monthly_amount: 5900, yearly_amount: 59000, active: false });
    expect(edited.json().data).toMatchObject({ price: 5900, prices: [{ amount: 5900 }, { amount: 59000 }], active: false });
    const pricing = (await t.app.inject({ method: 'GET', url: '/api/v1/pricing' })).json().data;
    expect(pricing.map((p: { id: string }) => p.id)).not.toContain('starter');
    await operator.client.put(`operator/plans/${plan.uuid}`, { ...planBody, active: true, sort: 0 });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/pricing' })).json().data[0].id).toBe('starter');
    expect((await operator.client.post('operator/plans', { ...planBody, slug: 'Bad Slug', monthly_amount: -1 })).json().errors).toMatchObject({ slug: expect.any(Array), monthly_amount: expect.any(Array) });
    await operator.client.put(`operator/plans/${plan.uuid}`, { ...planBody, active: false });
  });

  it('sets a trial’s end (0: ends it now), only before the business subscribes', async () => {
    const other = await newOwner(t);
    const res = await operator.client.post(`operator/subscriptions/${other.tenantId}/trial`, { days: 0 });
    expect(res.statusCode, res.body).toBe(200);
    expect((await other.client.get('orders')).statusCode).toBe(402);
    expect((await operator.client.post(`operator/subscriptions/${other.tenantId}/trial`, { days: 30 })).statusCode).toBe(200);
    expect((await other.client.get('orders')).statusCode).toBe(200);
    expect((await business.client.post(`operator/subscriptions/${other.tenantId}/trial`, { days: 0 })).statusCode).toBe(403);
  });

  it('reviews a bank transfer: sees it with its receipt, approves it once; the business is active; a rejection gives the reason', async () => {
    await t.db.execute(sql`update tenants set trial_ends_at = now() - interval '1 hour' where id = ${business.tenantId}`);
    const sent = await business.client.request('POST', 'subscription/basic/checkout/monthly', receiptForm({ payment_method: 'bank_transfer', bank_id: bankId, beneficiary_name: 'Salon Noor' }, { bytes: PNG, name: 'receipt.png', type: 'image/png' }));
    expect(sent.statusCode, sent.body).toBe(201);
    const chargeId = sent.json().data.charge_id;
    const list = (await operator.client.get('operator/bank-transfers')).json().data;
    const item = list.find((x: { id: string }) => x.id === chargeId);
    expect(item).toMatchObject({ status: 'awaiting_review', bank: 'Al Rajhi Bank', beneficiary_name: 'Salon Noor', receipt_name: 'receipt.png', total_amount: 11385 });
    expect(new Date(item.review_due_at).getTime() - new Date(item.created_at).getTime()).toBe(24 * 3_600_000);
    const receipt = await operator.client.get(`operator/bank-transfers/${chargeId}/receipt`);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('image/png');
    // The business cannot read the operator's copy.
    expect((await business.client.get(`operator/bank-transfers/${chargeId}/receipt`)).statusCode).toBe(403);

    const approved = await operator.client.post(`operator/bank-transfers/${chargeId}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().message).toBe('The transfer was approved and the plan is active');
    expect((await operator.client.post(`operator/bank-transfers/${chargeId}/approve`)).statusCode).toBe(422);
    expect((await business.client.get('orders')).statusCode).toBe(200);
    const invoices = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from subscription_invoices where tenant_id = ${business.tenantId}`);
    expect(invoices[0]!.n).toBe(1);

    const subs = (await operator.client.get('operator/subscriptions')).json().data;
    expect(subs.find((s: { tenant_id: string }) => s.tenant_id === business.tenantId)).toMatchObject({ status_label: 'active', plan: 'Basic', cycle: 'monthly', auto_renew: true });

    // A second transfer (a renewal) rejected: the reason reaches the business.
    const again = await business.client.request('POST', 'subscription/renew/basic', receiptForm({ payment_method: 'bank_transfer', bank_id: bankId, beneficiary_name: 'Salon Noor' }, { bytes: PNG, name: 'r2.png', type: 'image/png' }));
    expect(again.statusCode, again.body).toBe(201);
    const rejected = await operator.client.post(`operator/bank-transfers/${again.json().data.charge_id}/reject`, { reason: 'The amount on the receipt is wrong' });
    expect(rejected.json().data.status).toBe('rejected');
    const charges = (await business.client.get('subscription/charges')).json().data;
    expect(charges[0]).toMatchObject({ status: 'rejected', failure_message: 'The amount on the receipt is wrong' });
  });

  it('keeps the coupons: checked fields, a unique code, a percentage at most 100%; the checkout honours the last day and the limit', async () => {
    const bad = await operator.client.post('operator/coupons', { code: 'has space', type: 'percentage', value: 12_000 });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['code', 'value']);
    const tooMuch = await operator.client.post('operator/coupons', { code: 'HALF', type: 'percentage', value: 12_000 });
    expect(tooMuch.json().errors.value).toEqual(['Must be at most 10000']);
    const made = await operator.client.post('operator/coupons', { code: 'ramadan25', type: 'percentage', value: 2500, max_redemptions: 1, expires_on: '2099-03-31' });
    expect(made.statusCode, made.body).toBe(201);
    const coupon = made.json().data;
    expect(coupon).toMatchObject({ code: 'RAMADAN25', type: 'percentage', value: 2500, max_redemptions: 1, redemptions: 0, expires_on: '2099-03-31', active: true });
    expect((await operator.client.post('operator/coupons', { code: 'RAMADAN25', type: 'fixed', value: 1000 })).json().errors.code).toBeTruthy();
    expect((await operator.client.get('operator/coupons')).json().data.map((c: { code: string }) => c.code)).toContain('RAMADAN25');

    // A business sees it at checkout: 25% off the basic plan.
    const shopper = await newOwner(t);
    const quote = await shopper.client.get('subscription/basic/checkout/monthly?coupon=RAMADAN25');
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().data).toMatchObject({ discount: 2475, coupon: { code: 'RAMADAN25' } });
    // Its one use taken by a payment: the next business is refused it.
    await payByCard(shopper.client, 'basic', 'monthly', 'RAMADAN25');
    expect((await operator.client.get('operator/coupons')).json().data.find((c: { id: string }) => c.id === coupon.id)).toMatchObject({ redemptions: 1 });
    expect((await (await newOwner(t)).client.get('subscription/basic/checkout/monthly?coupon=RAMADAN25')).statusCode).toBe(422);
    // No limit any more: usable again.
    await operator.client.put(`operator/coupons/${coupon.id}`, { code: 'RAMADAN25', type: 'percentage', value: 2500, expires_on: '2099-03-31' });
    const later = await newOwner(t);
    expect((await later.client.get('subscription/basic/checkout/monthly?coupon=RAMADAN25')).statusCode).toBe(200);
    // Ended yesterday, or switched off: "Coupon not found".
    const yesterday = new Date(Date.now() - 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Riyadh' });
    const ended = await operator.client.put(`operator/coupons/${coupon.id}`, { code: 'RAMADAN25', type: 'percentage', value: 2500, max_redemptions: 1, expires_on: yesterday });
    expect(ended.json().data.expires_on).toBe(yesterday);
    expect((await later.client.get('subscription/basic/checkout/monthly?coupon=RAMADAN25')).statusCode).toBe(422);
    await operator.client.put(`operator/coupons/${coupon.id}`, { code: 'RAMADAN25', type: 'percentage', value: 2500, active: false });
    expect((await later.client.get('subscription/basic/checkout/monthly?coupon=RAMADAN25')).statusCode).toBe(422);
    expect((await operator.client.put('operator/coupons/00000000-0000-4000-8000-000000000000', { code: 'NOPE', type: 'fixed', value: 1 })).statusCode).toBe(404);
  });

  it('keeps the banks businesses transfer to: the IBAN checked; a switched-off bank is no longer offered', async () => {
    const bad = await operator.client.post('operator/banks', { name_ar: 'بنك', name_en: 'Bank', beneficiary_name: 'Khidma', iban: 'SA00 1234', account_number: '12a' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['account_number', 'iban']);
    const made = await operator.client.post('operator/banks', { name_ar: 'بنك الرياض', name_en: 'Riyad Bank', beneficiary_name: 'شركة خدمة', iban: 'sa03 8000 0000 6080 1016 7519', account_number: '6080101675' });
    expect(made.statusCode, made.body).toBe(201);
    const bank = made.json().data;
    expect(bank).toMatchObject({ name_en: 'Riyad Bank', iban: 'SA0380000000608010167519', active: true });
    const offered = async () => (await business.client.get('subscription/get-banks', { lang: 'en' })).json().data.map((b: { name: string }) => b.name);
    expect(await offered()).toContain('Riyad Bank');
    const off = await operator.client.put(`operator/banks/${bank.id}`, { ...made.json().data, active: false });
    expect(off.json().data.active).toBe(false);
    expect(await offered()).not.toContain('Riyad Bank');
    expect((await operator.client.get('operator/banks')).json().data.find((b: { id: string }) => b.id === bank.id)).toMatchObject({ active: false });
  });
});
