import { randomBytes } from 'node:crypto';
import { formatMoney } from '@app/shared/format';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, Client, randomSaMobile, readyUser, rows, type TestApp } from '../../../test/helper';
import { withTenant } from '../../db/client';
import { staffAccount } from '../branches/staff.fixture';
import { at, branch, dayAhead, provider, service } from '../bookings/bookings.fixtures';
import { seedOrder } from '../transactions/transactions.fixtures';
import { OTP_MASK, sendOtpMessage } from './otp-message';

/**
 * Event templates beyond bookings (issue 18 §1): booking confirmed, order invoiced, payment received,
 * payment failed, payment link — each made once per event with the variables its action fills, in
 * the change's transaction, and not at all while its template is inactive; the OTP message; and the
 * bell notes for payments.
 */

let t: TestApp;
let owner: Awaited<ReturnType<typeof readyUser>>;
let c: Client;
let tenant: string;
let cust: { id: string; phone: string; email: string };
const templates: Record<string, string> = {};

const money = (minor: number) => formatMoney(minor, 'ar', 'SAR');
type Logged = { action: string; body: string; status: string; phone: string | null; idempotency_key: string; order_id: string | null };
const logged = (action: string, orderId: string) => rows<Logged>(t.db, sql`select * from notifications where action = ${action} and order_id = ${orderId} order by created_at`);
const outboxTo = (recipient: string) => rows<{ channel: string; body: string; notification_id: string | null }>(t.db, sql`select channel, body, notification_id from outbox_messages where recipient = ${recipient} order by created_at`);
const notes = (userId: string) => rows<{ kind: string; title_en: string; title_ar: string; body_en: string; url: string }>(t.db, sql`select * from app_notifications where user_id = ${userId} order by created_at`);

async function template(action: string, en: string, ar = en) {
  const res = await c.post('templates', { action, channel: 'sms', receiver: 'customer', body_ar: ar, body_en: en });
  expect(res.statusCode, res.body).toBe(201);
  templates[action] = res.json().data.id;
}
const toggle = (action: string, status: 'active' | 'inactive') => c.post(`templates/${templates[action]}/toggle`, { status });

beforeAll(async () => {
  t = await buildTestApp();
  owner = await readyUser(t);
  c = owner.client;
  tenant = owner.user.tenant.uuid;
  await t.db.execute(sql`update tenants set locale = 'ar' where id = ${tenant}`);
  const phone = `0${randomSaMobile()}`;
  const res = await c.post('customers', { first_name: 'Huda', last_name: 'Salem', phone, email: `huda-${randomBytes(4).toString('hex')}@test.example` });
  expect(res.statusCode).toBe(201);
  const [row] = await rows<{ phone: string; email: string }>(t.db, sql`select phone, email from customers where id = ${res.json().data.uuid}`);
  cust = { id: res.json().data.uuid, phone: row!.phone, email: row!.email };
  await template('order_invoiced', 'Invoice {{invoice_number}} of order {{order_number}}: {{amount}}', 'فاتورة {{invoice_number}} للطلب {{order_number}}: {{amount}} — {{customer_name}}');
  await template('payment_received', 'Received {{amount}}', 'استلمنا {{amount}} للطلب {{order_number}}');
  await template('payment_failed', 'Failed {{amount}}', 'تعذر دفع {{amount}} للطلب {{order_number}}');
  await template('payment_link', 'Pay {{amount}}: {{payment_link}}', 'ادفع {{amount}}: {{payment_link}}');
  await template('booking_confirmed', 'Confirmed {{service_name}}', 'تأكد موعد {{service_name}} رقم {{booking_number}}');
});
afterAll(async () => {
  await t?.close();
});

describe('order invoiced', () => {
  it('sends the invoice number and amount once; nothing while the template is inactive', async () => {
    const order = await seedOrder(t.db, tenant, { total: 11_500, customerId: cust.id });
    const res = await c.post(`orders/${order.id}/invoice`, {});
    expect(res.statusCode, res.body).toBe(201);
    const [invoice] = await rows<{ id: string; number: number; total: string }>(t.db, sql`select id, number, total from invoices where order_id = ${order.id}`);
    const sent = await logged('order_invoiced', order.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ status: 'pending', phone: cust.phone, body: `فاتورة ${invoice!.number} للطلب ${order.number}: ${money(Number(invoice!.total))} — Huda Salem` });
    expect(sent[0]!.idempotency_key).toBe(`order_invoiced:${order.id}:${templates.order_invoiced}:${invoice!.id}`);
    expect((await outboxTo(cust.phone)).filter((m) => m.body === sent[0]!.body)).toHaveLength(1);

    await toggle('order_invoiced', 'inactive');
    const quiet = await seedOrder(t.db, tenant, { total: 5_000, customerId: cust.id });
    expect((await c.post(`orders/${quiet.id}/invoice`, {})).statusCode).toBe(201);
    expect(await logged('order_invoiced', quiet.id)).toHaveLength(0);
    await toggle('order_invoiced', 'active');
  });
});

describe('payments', () => {
  it('a confirmed payment sends its amount once; a receipt waiting for review is a bell note for its reviewers, then its approval sends', async () => {
    const reviewer = await staffAccount(t.db, tenant, { permissions: ['sales.payments'] });
    const bystander = await staffAccount(t.db, tenant, { permissions: ['customers'] });
    const order = await seedOrder(t.db, tenant, { total: 10_000, customerId: cust.id });
    const cash = await c.post(`orders/${order.id}/transactions`, { payment_method: 'cash', amount: 2_500 });
    expect(cash.statusCode, cash.body).toBe(201);
    const sent = await logged('payment_received', order.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toBe(`استلمنا ${money(2_500)} للطلب ${order.number}`);
    expect(sent[0]!.idempotency_key).toContain(cash.json().data.id);

    // A bank transfer waits: no message to the customer, a note for the reviewer (not the owner who recorded it).
    await c.put('payment-methods/bank_transfer', { enabled: true });
    const boundary = `----b${randomBytes(4).toString('hex')}`;
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="payment_method"\r\n\r\nbank_transfer\r\n--${boundary}\r\nContent-Disposition: form-data; name="amount"\r\n\r\n3000\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="receipt"; filename="r.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const transfer = await c.request('POST', `orders/${order.id}/transactions`, { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(transfer.statusCode, transfer.body).toBe(201);
    const transferId = transfer.json().data.id as string;
    expect(await logged('payment_received', order.id)).toHaveLength(1);
    const forReviewer = await notes(reviewer.userId);
    expect(forReviewer).toHaveLength(1);
    expect(forReviewer[0]).toMatchObject({ kind: 'transaction_review', title_en: 'Bank transfer receipt to review', url: `/sales/transactions/${transferId}` });
    expect(forReviewer[0]!.body_en).toBe(`${formatMoney(3_000, 'en', 'SAR')} on order #${order.number}`);
    expect(await notes(owner.user.uuid)).toHaveLength(0);
    expect(await notes(bystander.userId)).toHaveLength(0);

    expect((await c.post(`transactions/${transferId}/approve`)).statusCode).toBe(200);
    const after = await logged('payment_received', order.id);
    expect(after).toHaveLength(2);
    expect(after[1]!.body).toBe(`استلمنا ${money(3_000)} للطلب ${order.number}`);
  });

  it('nothing for a payment while the template is inactive', async () => {
    await toggle('payment_received', 'inactive');
    const order = await seedOrder(t.db, tenant, { total: 10_000, customerId: cust.id });
    expect((await c.post(`orders/${order.id}/transactions`, { payment_method: 'cash', amount: 1_000 })).statusCode).toBe(201);
    expect(await logged('payment_received', order.id)).toHaveLength(0);
    await toggle('payment_received', 'active');
  });

  it('a payment link sends the link once through the template (the built-in SMS steps aside, the e-mail still goes); a failure and a payment at the gateway send and note once each; pending bookings are confirmed', async () => {
    const tenantBranch = await branch(t.db, tenant, { name: 'Olaya' });
    const cut = await service(t.db, tenant, { name: 'Haircut', duration: 30, price: 8_000 });
    const amal = await provider(t.db, tenant, { name: 'Amal', branchId: tenantBranch, serviceIds: [cut], capacity: 5 });
    const booked = await c.post('bookings', { customer_id: cust.id, branch_id: tenantBranch, service_ids: [cut], staff_id: amal, start_time: at(dayAhead(3), '10:00'), status: 'pending' });
    expect(booked.statusCode, booked.body).toBe(201);
    const orderId = booked.json().data.order_id as string;
    const bookingId = booked.json().data.bookings[0].id as string;
    const [order] = await rows<{ number: number; total: string }>(t.db, sql`select number, total from orders where id = ${orderId}`);
    const total = Number(order!.total);

    const before = (await outboxTo(cust.phone)).length;
    const link = await c.post(`orders/${orderId}/payment-link`);
    expect(link.statusCode, link.body).toBe(201);
    const url = link.json().data.url as string;
    const sent = await logged('payment_link', orderId);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toBe(`ادفع ${money(total)}: ${url}`);
    const sms = (await outboxTo(cust.phone)).slice(before);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.notification_id).not.toBeNull();
    expect((await outboxTo(cust.email)).filter((m) => m.body.includes(url))).toHaveLength(1);

    const token = url.split('/pay/')[1]!;
    const visitor = new Client(t.app);
    expect((await visitor.post(`pay/${token}/simulate`, { outcome: 'failed' })).statusCode).toBe(422);
    const failed = await logged('payment_failed', orderId);
    expect(failed).toHaveLength(1);
    expect(failed[0]!.body).toBe(`تعذر دفع ${money(total)} للطلب ${order!.number}`);
    expect((await notes(owner.user.uuid)).map((n) => n.kind)).toContain('payment_failed');

    // The failure made the booking unpaid; the payment confirms it.
    expect((await visitor.post(`pay/${token}/simulate`, { outcome: 'paid' })).statusCode).toBe(200);
    expect((await visitor.post(`pay/${token}/simulate`, { outcome: 'paid' })).statusCode).toBe(200);
    const received = await logged('payment_received', orderId);
    expect(received).toHaveLength(1);
    expect(received[0]!.body).toBe(`استلمنا ${money(total)} للطلب ${order!.number}`);
    const paidNotes = (await notes(owner.user.uuid)).filter((n) => n.kind === 'payment_received');
    expect(paidNotes).toHaveLength(1);
    expect(paidNotes[0]!.title_en).toBe(`Payment received ${formatMoney(total, 'en', 'SAR')}`);
    const confirmed = await rows<{ body: string }>(t.db, sql`select body from notifications where action = 'booking_confirmed' and booking_id = ${bookingId}`);
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]!.body).toMatch(/^تأكد موعد Haircut رقم \d+$/);
  });

  it('confirming a pending booking by hand sends booking_confirmed once; nothing while inactive', async () => {
    const b1 = await branch(t.db, tenant, { name: 'Malqa' });
    const svc = await service(t.db, tenant, { name: 'Color', duration: 30 });
    const p = await provider(t.db, tenant, { name: 'Noura', branchId: b1, serviceIds: [svc], capacity: 5 });
    const book = async (d: number) => {
      const res = await c.post('bookings', { customer_id: cust.id, branch_id: b1, service_ids: [svc], staff_id: p, start_time: at(dayAhead(d), '11:00'), status: 'pending' });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.bookings[0].id as string;
    };
    const ofBooking = (id: string) => rows(t.db, sql`select id from notifications where action = 'booking_confirmed' and booking_id = ${id}`);
    const one = await book(4);
    expect((await c.post(`bookings/${one}/change-status`, { status: 'confirmed' })).statusCode).toBe(200);
    expect(await ofBooking(one)).toHaveLength(1);

    await toggle('booking_confirmed', 'inactive');
    const two = await book(5);
    expect((await c.post(`bookings/${two}/change-status`, { status: 'confirmed' })).statusCode).toBe(200);
    expect(await ofBooking(two)).toHaveLength(0);
    await toggle('booking_confirmed', 'active');
  });
});

describe('OTP', () => {
  it('sends the built-in bilingual text without a template; the log masks the code', async () => {
    const phone = `+9665${randomBytes(4).readUInt32BE() % 100_000_000}`.padEnd(13, '0');
    const id = await withTenant(t.db, tenant, (tx) => sendOtpMessage(tx, tenant, phone, '482913', 'en', 'check-1'));
    expect(id).not.toBeNull();
    const out = await outboxTo(phone);
    expect(out).toHaveLength(1);
    expect(out[0]!.body).toContain('482913');
    expect(out[0]!.body).toContain('verification code');
    const [row] = await rows<{ body: string; status: string; action: string }>(t.db, sql`select body, status, action from notifications where id = ${id}`);
    expect(row).toMatchObject({ action: 'otp', status: 'pending' });
    expect(row!.body).not.toContain('482913');
    expect(row!.body).toContain(OTP_MASK);
    // The same event again: nothing more.
    expect(await withTenant(t.db, tenant, (tx) => sendOtpMessage(tx, tenant, phone, '482913', 'en', 'check-1'))).toBeNull();
    expect(await outboxTo(phone)).toHaveLength(1);
    // Another number: the last digit moved on by one (it once was set to 9, the same number when the random one ended in 9).
    const ar = `${phone.slice(0, -1)}${(Number(phone.at(-1)) + 1) % 10}`;
    expect(ar).not.toBe(phone);
    await withTenant(t.db, tenant, (tx) => sendOtpMessage(tx, tenant, ar, '1234', 'ar'));
    expect((await outboxTo(ar))[0]!.body).toContain('رمز التحقق');
  });

  it("uses the business's active otp template in the customer's language, not an inactive one", async () => {
    await template('otp', 'Code {{code}} for {{business_name}}', 'الرمز {{code}}');
    const phone = '+966500000321';
    await withTenant(t.db, tenant, (tx) => sendOtpMessage(tx, tenant, phone, '777111', 'ar'));
    expect((await outboxTo(phone))[0]!.body).toBe('الرمز 777111');
    const en = '+966500000322';
    await withTenant(t.db, tenant, (tx) => sendOtpMessage(tx, tenant, en, '777112', 'en'));
    expect((await outboxTo(en))[0]!.body).toMatch(/^Code 777112 for .+/);
    await toggle('otp', 'inactive');
    const off = '+966500000323';
    await withTenant(t.db, tenant, (tx) => sendOtpMessage(tx, tenant, off, '777113', 'en'));
    expect((await outboxTo(off))[0]!.body).toContain('verification code');
  });
});
