import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, readyUser, rows, type TestApp } from '../../../test/helper';
import { withTenant } from '../../db/client';
import { deliverDue } from '../../jobs/outbox-worker';
import { at, branch, customer, dayAhead, insertId, provider, service } from '../bookings/bookings.fixtures';
import { makeDueReminders, notifyBooking, renderTemplate } from './notify';

/**
 * Notifications that never misfire (issue 18 §1, §4): templates per action; one message per event;
 * reminders derived from the appointment at their time — never for a cancelled booking, moved with a
 * reschedule, not sent late, made once with two workers; a worker killed mid-send loses nothing and
 * sends again only under the same idempotency key.
 */

let t: TestApp;
let owner: Awaited<ReturnType<typeof readyUser>>;
let c: Client;
const ids: Record<string, string> = {};
const log = pino({ level: 'silent' });

/** A delivery that records what reaches the provider (and can fail on demand). */
const sent: { to: string; body: string; key: string | undefined }[] = [];
let failNext = 0;
const delivery = {
  sms: {
    name: 'recording',
    async send(m: { to: string; body: string; idempotencyKey?: string }) {
      if (failNext > 0) {
        failNext--;
        throw new Error('provider down');
      }
      sent.push({ to: m.to, body: m.body, key: m.idempotencyKey });
    },
  },
  email: {
    name: 'recording',
    async send(m: { to: string; subject: string; text: string; idempotencyKey?: string }) {
      sent.push({ to: m.to, body: m.text, key: m.idempotencyKey });
    },
  },
};

let day = 2;
async function book(hhmm = '10:00', d = dayAhead(day++)) {
  const res = await c.post('bookings', { customer_id: ids.cust, branch_id: ids.b1, service_ids: [ids.cut], staff_id: ids.p1, start_time: at(d, hhmm) });
  expect(res.statusCode, res.body).toBe(201);
  const b = res.json().data.bookings[0] as { id: string; start_time: string; order_id: string };
  return { id: b.id, start: new Date(b.start_time), orderId: res.json().data.order_id as string };
}
const logOf = (bookingId: string) =>
  rows<{ action: string; status: string; body: string; fail_reason: string | null; idempotency_key: string }>(t.db, sql`select * from notifications where booking_id = ${bookingId} order by created_at`);
const minutes = (n: number) => n * 60_000;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await readyUser(t);
  c = owner.client;
  const tenant = owner.user.tenant.uuid;
  ids.b1 = await branch(t.db, tenant, { name: 'Olaya' });
  ids.cut = await service(t.db, tenant, { name: 'Haircut', duration: 30 });
  ids.p1 = await provider(t.db, tenant, { name: 'Amal', branchId: ids.b1, serviceIds: [ids.cut], capacity: 20 });
  ids.cust = await customer(t.db, tenant, { first: 'Khalid', last: 'Omar', phone: '+966512345678' });
  ids.reason = await insertId(t.db, sql`insert into cancellation_reasons (tenant_id, type, reason) values (${tenant}, 'booking-cancel', 'Customer asked') returning id`);
});
afterAll(async () => {
  await t?.close();
});

const template = (body: Record<string, unknown>) =>
  c.post('templates', { channel: 'sms', receiver: 'customer', body_ar: 'مرحبًا {{customer_name}}، موعدك {{service_name}} يوم {{date}} الساعة {{time}}', body_en: 'Hi {{customer_name}}, your {{service_name}} is on {{date}} at {{time}}', ...body });

describe('templates', () => {
  it('are checked: a known action and variables, a reminder needs its offset, no WhatsApp or push without their app', async () => {
    const bad = await c.post('templates', { action: 'booking_reminder', channel: 'sms', receiver: 'customer', body_ar: 'مرحبًا {{nickname}}', body_en: 'Hi' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['body_ar', 'offset_minutes']);
    const whatsapp = await template({ action: 'booking_created', channel: 'whatsapp' });
    expect(whatsapp.json().errors.channel).toEqual(['A notification cannot be added for a channel with no app installed']);
    const ok = await template({ action: 'booking_created' });
    expect(ok.statusCode, ok.body).toBe(201);
    const off = await c.post(`templates/${ok.json().data.id}/toggle`, { status: 'inactive' });
    expect(off.json().data.status).toBe('inactive');
    await c.post(`templates/${ok.json().data.id}/toggle`, { status: 'active' });
    expect(renderTemplate('Hi {{customer_name}} {{unknown}}', { customer_name: 'Huda' })).toBe('Hi Huda ');
  });

  it('belong to their business', async () => {
    const mine = (await template({ action: 'booking_cancelled' })).json().data;
    const other = await readyUser(t);
    expect((await other.client.get(`templates/${mine.id}`)).statusCode).toBe(404);
    expect((await other.client.get('templates')).json().data).toEqual([]);
  });
});

describe('event messages', () => {
  it('a booking made sends one message, rendered, through the outbox; the log says sent; resend makes a new one', async () => {
    const b = await book('11:00');
    const [n] = await logOf(b.id);
    expect(n).toMatchObject({ action: 'booking_created', status: 'pending' });
    // In the business's language (English for this one), the variables filled in.
    expect(n!.body).toMatch(/^Hi Khalid Omar, your Haircut is on .+ at .+/);
    await deliverDue(t.db, delivery, log);
    expect((await logOf(b.id))[0]).toMatchObject({ status: 'sent' });
    expect(sent.filter((s) => s.body === n!.body)).toHaveLength(1);
    const listed = (await c.get('notifications')).json();
    expect(listed.data.find((x: { booking_id: string }) => x.booking_id === b.id)).toMatchObject({ receiver_type: 'customer', receiver_name: 'Khalid Omar', phone: '+966512345678', channel: 'sms', status: 'sent' });
    expect((await c.get(`orders/${b.orderId}/notifications`)).json().data).toHaveLength(1);
    const again = await c.post(`notifications/${listed.data[0].id}/resend`);
    expect(again.statusCode, again.body).toBe(201);
    await deliverDue(t.db, delivery, log);
    expect((await logOf(b.id)).map((x) => x.status)).toEqual(['sent', 'sent']);
  });

  it('the log covers the last 7 days unless asked for more (spec §9)', async () => {
    await t.db.execute(
      sql`insert into notifications (tenant_id, action, channel, receiver_type, body, status, idempotency_key, created_at) values (${owner.user.tenant.uuid}, 'booking_created', 'sms', 'customer', 'Eight days old', 'sent', 'old:1', now() - interval '8 days')`,
    );
    const bodies = async (q: string) => ((await c.get(`notifications${q}`)).json().data as { body: string }[]).map((n) => n.body);
    expect(await bodies('')).not.toContain('Eight days old');
    expect(await bodies('?days=30')).toContain('Eight days old');
  });

  it('a customer without a phone: the message is logged as not sent, with the reason', async () => {
    const noPhone = await customer(t.db, owner.user.tenant.uuid, { first: 'Noura', last: 'Saleh' });
    const res = await c.post('bookings', { customer_id: noPhone, branch_id: ids.b1, service_ids: [ids.cut], staff_id: ids.p1, start_time: at(dayAhead(day++), '12:00') });
    const [n] = await logOf(res.json().data.bookings[0].id);
    expect(n).toMatchObject({ status: 'not-sent', fail_reason: 'no phone number' });
  });
});

describe('reminders', () => {
  it('are made at their time, once, even with two workers; not before; not late', async () => {
    const reminder = { body_ar: 'تذكير: موعدك {{service_name}} غدًا الساعة {{time}}', body_en: 'Reminder: your {{service_name}} at {{time}}' };
    await template({ action: 'booking_reminder', offset_minutes: 24 * 60, ...reminder });
    await template({ action: 'booking_reminder', offset_minutes: 120, ...reminder });
    const b = await book('10:00');
    const start = b.start.getTime();
    expect(await makeDueReminders(t.db, new Date(start - minutes(24 * 60 + 5)))).toBe(0);
    const [x, y] = await Promise.all([makeDueReminders(t.db, new Date(start - minutes(24 * 60 - 1))), makeDueReminders(t.db, new Date(start - minutes(24 * 60 - 2)))]);
    expect(x + y).toBeGreaterThanOrEqual(1);
    expect((await logOf(b.id)).filter((n) => n.action === 'booking_reminder')).toHaveLength(1);
    // The 2-hour one, half an hour past its time (within the grace): made; an hour past: never late.
    const late = await book('10:00');
    expect(await makeDueReminders(t.db, new Date(late.start.getTime() - minutes(60)))).toBeGreaterThanOrEqual(0);
    expect((await logOf(late.id)).filter((n) => n.action === 'booking_reminder')).toHaveLength(0);
    await makeDueReminders(t.db, new Date(start - minutes(120 - 20)));
    expect((await logOf(b.id)).filter((n) => n.action === 'booking_reminder')).toHaveLength(2);
  });

  it('never for a cancelled booking, not even one cancelled between making and sending', async () => {
    const b = await book('15:00');
    const cancel = await c.post(`bookings/${b.id}/change-status`, { status: 'cancelled', cancellation_reason_id: ids.reason });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await makeDueReminders(t.db, new Date(b.start.getTime() - minutes(24 * 60 - 1)))).toBe(0);
    expect((await logOf(b.id)).filter((n) => n.action === 'booking_reminder')).toHaveLength(0);

    const d = await book('16:00');
    await makeDueReminders(t.db, new Date(d.start.getTime() - minutes(24 * 60 - 1)));
    expect((await logOf(d.id)).filter((n) => n.action === 'booking_reminder')).toHaveLength(1);
    await c.post(`bookings/${d.id}/change-status`, { status: 'cancelled', cancellation_reason_id: ids.reason });
    const before = sent.length;
    await deliverDue(t.db, delivery, log);
    const reminder = (await logOf(d.id)).find((n) => n.action === 'booking_reminder');
    expect(reminder).toMatchObject({ status: 'not-sent', fail_reason: 'the appointment was cancelled or moved' });
    expect(sent.slice(before).some((s) => s.body === reminder!.body)).toBe(false);
  });

  it('move with a reschedule: none at the old time, one at the new', async () => {
    await template({ action: 'booking_rescheduled', body_ar: 'تغيّر موعدك إلى {{date}} {{time}}', body_en: 'Your visit moved to {{date}} {{time}}' });
    const b = await book('09:00');
    const newStart = at(dayAhead(day++), '13:00');
    const moved = await c.put(`bookings/${b.id}`, { start_time: newStart });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await logOf(b.id)).map((n) => n.action)).toContain('booking_rescheduled');
    expect(await makeDueReminders(t.db, new Date(b.start.getTime() - minutes(24 * 60 - 1)))).toBe(0);
    const nu = new Date(newStart).getTime();
    await makeDueReminders(t.db, new Date(nu - minutes(24 * 60 - 1)));
    const reminders = (await logOf(b.id)).filter((n) => n.action === 'booking_reminder');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.idempotency_key).toContain(new Date(newStart).toISOString());
  });
});

describe('the outbox worker', () => {
  it('killed mid-send loses nothing, and sends again only under the same idempotency key; a failure is retried, then logged', async () => {
    const b = await book('17:00');
    const [n] = await logOf(b.id);
    // A worker claims the message and dies before recording the outcome: the lease ends, another worker sends it.
    const [claimed] = await rows<{ id: string }>(t.db, sql`update outbox_messages set status = 'sending', attempts = attempts + 1 where body = ${n!.body} and status = 'pending' returning id`);
    await t.db.execute(sql`update outbox_messages set next_attempt_at = now() - interval '1 second' where id = ${claimed!.id}`);
    await deliverDue(t.db, delivery, log);
    const deliveries = sent.filter((s) => s.body === n!.body);
    expect(deliveries.map((s) => s.key)).toEqual([claimed!.id]);
    expect((await logOf(b.id))[0]).toMatchObject({ status: 'sent' });

    // The provider fails: retried (status retried), then sent on the next attempt.
    const f = await book('18:00');
    failNext = 1;
    await deliverDue(t.db, delivery, log);
    expect((await logOf(f.id))[0]).toMatchObject({ status: 'retried', fail_reason: 'provider down' });
    await t.db.execute(sql`update outbox_messages set next_attempt_at = now() where notification_id = (select id from notifications where booking_id = ${f.id} limit 1)`);
    await deliverDue(t.db, delivery, log);
    expect((await logOf(f.id))[0]).toMatchObject({ status: 'sent' });
  });
});

describe("one event's messages", () => {
  it('are written together: each template its receiver and status, an outbox message only for those that can go; the same event again makes nothing', async () => {
    const other = await readyUser(t);
    const oc = other.client;
    const tenant = other.user.tenant.uuid;
    const b1 = await branch(t.db, tenant, { name: 'Malqa' });
    const svc = await service(t.db, tenant, { name: 'Color', duration: 30 });
    const p = await provider(t.db, tenant, { name: 'Reem', branchId: b1, serviceIds: [svc] });
    const cust = await customer(t.db, tenant, { first: 'Sara', last: 'Ali', phone: '+966512340001' });
    const write = (body: Record<string, unknown>) => oc.post('templates', { action: 'booking_created', body_ar: 'موعد {{booking_number}}', body_en: 'Booking {{booking_number}}', ...body });
    // The provider has no account: a staff message has nowhere to go. The owner has an e-mail address.
    for (const body of [
      { channel: 'sms', receiver: 'customer' },
      { channel: 'sms', receiver: 'staff' },
      { channel: 'email', receiver: 'user', title_ar: 'حجز', title_en: 'Booking' },
    ]) {
      const res = await write(body);
      expect(res.statusCode, res.body).toBe(201);
    }
    const res = await oc.post('bookings', { customer_id: cust, branch_id: b1, service_ids: [svc], staff_id: p, start_time: at(dayAhead(3), '10:00') });
    expect(res.statusCode, res.body).toBe(201);
    const bookingId = res.json().data.bookings[0].id as string;
    const made = await rows<{ id: string; receiver_type: string; channel: string; status: string; fail_reason: string | null }>(
      t.db,
      sql`select id, receiver_type, channel, status, fail_reason from notifications where booking_id = ${bookingId} order by receiver_type, channel`,
    );
    expect(made.map(({ receiver_type, channel, status, fail_reason }) => ({ receiver_type, channel, status, fail_reason }))).toEqual([
      { receiver_type: 'customer', channel: 'sms', status: 'pending', fail_reason: null },
      { receiver_type: 'staff', channel: 'sms', status: 'not-sent', fail_reason: 'no phone number' },
      { receiver_type: 'user', channel: 'email', status: 'pending', fail_reason: null },
    ]);
    const outbox = () =>
      rows<{ notification_id: string; recipient: string; channel: string }>(
        t.db,
        sql`select notification_id, recipient, channel from outbox_messages where notification_id in (select id from notifications where booking_id = ${bookingId}) order by channel`,
      );
    const messages = await outbox();
    expect(messages.map((m) => m.notification_id).sort()).toEqual(made.filter((n) => n.status === 'pending').map((n) => n.id).sort());
    expect(messages.map((m) => [m.channel, m.recipient])).toEqual([
      ['email', other.user.email],
      ['sms', '+966512340001'],
    ]);
    // The same event once more (a retried request): nothing new, no second message.
    expect(await withTenant(t.db, tenant, (tx) => notifyBooking(tx, tenant, bookingId, 'booking_created', 'created'))).toBe(0);
    expect(await outbox()).toHaveLength(2);
  });
});
