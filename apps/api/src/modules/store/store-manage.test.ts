import type { CreateBookingResult } from '@app/shared/schemas/bookings';
import type { ManageBooking } from '@app/shared/schemas/store';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, Client, readyUser, rows, type TestApp } from '../../../test/helper';
import { t as tr } from '../../i18n/messages';
import { at, branch, customer, dayAhead, insertId, provider, service } from '../bookings/bookings.fixtures';
import { signBookingToken } from './store-links';

/**
 * The customer's own booking page (issue 19): view, the signed link's 404/410 and tenant isolation,
 * reschedule (free slot, taken slot, after the notice deadline), cancel (seat freed, bell, message).
 */

let t: TestApp;
let owner: Awaited<ReturnType<typeof readyUser>>;
let other: Awaited<ReturnType<typeof readyUser>>;
let tenant: string;
const ids: Record<string, string> = {};
const PHONE = '+966512340001';
let anon: Client;
let dayN = 3;
const freshDay = () => dayAhead(dayN++);
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000);

beforeAll(async () => {
  t = await buildTestApp({ env: { APP_URL: 'https://app.khidma.test' } });
  owner = await readyUser(t);
  other = await readyUser(t);
  tenant = owner.user.tenant.uuid;
  const db = t.db;
  ids.b = await branch(db, tenant, { name: 'Olaya' });
  ids.cut = await service(db, tenant, { name: 'Haircut', price: 5000, duration: 30 });
  ids.p = await provider(db, tenant, { name: 'Amal', branchId: ids.b, serviceIds: [ids.cut] });
  ids.cust = await customer(db, tenant, { first: 'Khalid', last: 'Omar', phone: PHONE });
  await insertId(db, sql`insert into cancellation_reasons (tenant_id, type, reason) values (${tenant}, 'booking-cancel', 'Customer asked') returning id`);
  const tpl = await owner.client.post('templates', { action: 'booking_cancelled', channel: 'sms', receiver: 'customer', body_ar: 'أُلغي حجزك', body_en: 'Your booking was cancelled' });
  expect(tpl.statusCode).toBeLessThan(300);
  // Business B: a booking of its own.
  const tb = other.user.tenant.uuid;
  ids.bB = await branch(db, tb, { name: 'B branch' });
  ids.cutB = await service(db, tb, { name: 'B service' });
  ids.pB = await provider(db, tb, { branchId: ids.bB, serviceIds: [ids.cutB] });
  ids.custB = await customer(db, tb, { first: 'Bee', phone: '+966512340002' });
  anon = new Client(t.app);
});
afterAll(async () => {
  await t?.close();
});

async function book(date: string, time: string, client = owner.client, body: Record<string, unknown> = {}) {
  const res = await client.post('bookings', { customer_id: ids.cust, branch_id: ids.b, staff_id: ids.p, service_ids: [ids.cut], start_time: at(date, time), ...body });
  return res;
}
async function booked(date: string, time: string) {
  const res = await book(date, time);
  if (res.statusCode !== 201) throw new Error(`booking failed: ${res.statusCode} ${res.body}`);
  return res.json().data as CreateBookingResult;
}
const tokenOf = (orderId: string, tenantId = tenant, expires = inDays(30)) => signBookingToken(tenantId, orderId, expires);
const errorOf = (res: { json(): unknown }, field: string) => (res.json() as { errors?: Record<string, string[]> }).errors?.[field]?.[0];

describe('the booking page', () => {
  it('shows the order, its visits and what the customer may do', async () => {
    const day = freshDay();
    const b = await booked(day, '10:00');
    const res = await anon.get(`store/booking/${tokenOf(b.order_id)}`);
    expect(res.statusCode).toBe(200);
    const v = res.json().data as ManageBooking;
    expect(v.order_number).toBe(b.order_number);
    expect(v.visits).toHaveLength(1);
    expect(v.visits[0]).toMatchObject({ service_name: 'Haircut', provider_name: 'Amal', start_time: at(day, '10:00'), status: 'confirmed' });
    expect(v.total).toBeGreaterThan(0);
    expect(v.can_reschedule).toBe(true);
    expect(v.can_cancel).toBe(true);
    expect(v.change_deadline).toBe(new Date(Date.parse(at(day, '10:00')) - 24 * 3_600_000).toISOString());
  });

  it('answers 404 to a made-up or altered token, 410 to an expired one, and never shows another business', async () => {
    const b = await booked(freshDay(), '11:00');
    const token = tokenOf(b.order_id);
    const altered = `${token.slice(0, 20)}${token[20] === 'A' ? 'B' : 'A'}${token.slice(21)}`;
    const bad = await anon.get(`store/booking/${altered}`);
    expect(bad.statusCode).toBe(404);
    expect(bad.json().message).toBe(tr('booking_link_invalid', 'en'));
    expect((await anon.get('store/booking/not-a-token')).statusCode).toBe(404);
    const expired = await anon.get(`store/booking/${tokenOf(b.order_id, tenant, new Date(Date.now() - 60_000))}`);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe(tr('booking_link_expired', 'en'));
    // A's order named with B's business: not found (the tenant comes from the token).
    expect((await anon.get(`store/booking/${tokenOf(b.order_id, other.user.tenant.uuid)}`)).statusCode).toBe(404);
    // B's own order through B's token shows B's, not A's.
    const day = freshDay();
    const resB = await other.client.post('bookings', { customer_id: ids.custB, branch_id: ids.bB, staff_id: ids.pB, service_ids: [ids.cutB], start_time: at(day, '10:00') });
    expect(resB.statusCode).toBe(201);
    const orderB = (resB.json().data as CreateBookingResult).order_id;
    const viewB = (await anon.get(`store/booking/${tokenOf(orderB, other.user.tenant.uuid)}`)).json().data as ManageBooking;
    expect(viewB.visits[0]!.service_name).toBe('B service');
    expect((await anon.get(`store/booking/${tokenOf(orderB, tenant)}`)).statusCode).toBe(404);
  });
});

describe('reschedule', () => {
  it('moves the visit to a free time: the old seat frees, the new one is taken', async () => {
    const day = freshDay();
    const b = await booked(day, '10:00');
    const token = tokenOf(b.order_id);
    const slots = await anon.get(`store/booking/${token}/slots?from=${day}&to=${day}`);
    expect(slots.statusCode).toBe(200);
    const starts = (slots.json().data as { slots: { start_time: string }[] }[]).flatMap((d) => d.slots.map((s) => s.start_time));
    // Its own seat is not busy for it; the new time is offered.
    expect(starts).toContain(at(day, '10:00'));
    expect(starts).toContain(at(day, '12:00'));
    const res = await anon.post(`store/booking/${token}/reschedule`, { start_time: at(day, '12:00') });
    expect(res.statusCode).toBe(200);
    const v = res.json().data as ManageBooking;
    expect(v.visits[0]!.start_time).toBe(at(day, '12:00'));
    // The dashboard cannot take the new seat, and can take the old one.
    const taken = await book(day, '12:00');
    expect(taken.statusCode).toBe(422);
    expect(errorOf(taken, 'start_time')).toBe(tr('time_slot_booked', 'en'));
    expect((await book(day, '10:00')).statusCode).toBe(201);
    // The log says who did it.
    const [log] = await rows<{ changes: { event: string; by: string } }>(t.db, sql`select changes from order_logs where order_id = ${b.order_id} and action = 'booking' and changes->>'event' = 'rescheduled'`);
    expect(log?.changes.by).toBe('customer');
    const [note] = await rows(t.db, sql`select 1 from app_notifications where tenant_id = ${tenant} and kind = 'store_rescheduled'`);
    expect(note).toBeTruthy();
  });

  it('does not squeeze an order of sessions on several days into one block', async () => {
    const first = freshDay();
    const later = freshDay();
    const b = await booked(first, '10:00');
    const second = await book(later, '10:00', owner.client, { order_id: b.order_id });
    expect(second.statusCode, second.body).toBe(201);
    const token = tokenOf(b.order_id);
    const view = (await anon.get(`store/booking/${token}`)).json().data as ManageBooking;
    expect(view.can_reschedule).toBe(false);
    const res = await anon.post(`store/booking/${token}/reschedule`, { start_time: at(first, '12:00') });
    expect(res.statusCode).toBe(422);
    // Both sessions stay where they were.
    const starts = await rows<{ start_at: Date }>(t.db, sql`select start_at from bookings where order_id = ${b.order_id} order by start_at`);
    expect(starts.map((r) => new Date(r.start_at).toISOString())).toEqual([at(first, '10:00'), at(later, '10:00')]);
  });

  it('refuses a taken time with time_slot_booked', async () => {
    const day = freshDay();
    const b = await booked(day, '10:00');
    await booked(day, '14:00');
    const res = await anon.post(`store/booking/${tokenOf(b.order_id)}/reschedule`, { start_time: at(day, '14:00') });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res, 'start_time')).toBe(tr('time_slot_booked', 'en'));
  });

  it('refuses after the notice deadline, and when the store takes no changes', async () => {
    const day = freshDay();
    const b = await booked(day, '10:00');
    const token = tokenOf(b.order_id);
    await t.db.execute(sql`insert into store_settings (tenant_id, change_notice_hours) values (${tenant}, 720) on conflict (tenant_id) do update set change_notice_hours = 720`);
    try {
      const view = (await anon.get(`store/booking/${token}`)).json().data as ManageBooking;
      expect(view.can_reschedule).toBe(false);
      expect(view.reschedule_blocked).toBe('notice_passed');
      const res = await anon.post(`store/booking/${token}/reschedule`, { start_time: at(day, '12:00') });
      expect(res.statusCode).toBe(422);
      expect(errorOf(res, 'start_time')).toBe(tr('change_notice_passed', 'en', { hours: 720 }));
      const cancel = await anon.post(`store/booking/${token}/cancel`, { reason: 'Too late' });
      expect(cancel.statusCode).toBe(422);
      await t.db.execute(sql`update store_settings set change_notice_hours = 24, allow_reschedule = false where tenant_id = ${tenant}`);
      const off = await anon.post(`store/booking/${token}/reschedule`, { start_time: at(day, '12:00') });
      expect(off.statusCode).toBe(422);
      expect(errorOf(off, 'start_time')).toBe(tr('reschedule_not_allowed', 'en'));
    } finally {
      await t.db.execute(sql`delete from store_settings where tenant_id = ${tenant}`);
    }
  });
});

describe('cancel', () => {
  it('cancels the visit with the reason: the seat frees, the business is told, the customer gets a message', async () => {
    const day = freshDay();
    const b = await booked(day, '16:00');
    const before = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from outbox_messages where recipient = ${PHONE}`);
    const res = await anon.post(`store/booking/${tokenOf(b.order_id)}/cancel`, { reason: 'I am travelling' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(tr('visit_cancelled', 'en'));
    const v = res.json().data as ManageBooking;
    expect(v.visits[0]!.status).toBe('cancelled');
    expect(v.order_status).toBe('canceled');
    expect(v.can_cancel).toBe(false);
    const [row] = await rows<{ cancellation_note: string; cancellation_reason_id: string | null }>(t.db, sql`select cancellation_note, cancellation_reason_id from bookings where order_id = ${b.order_id}`);
    expect(row?.cancellation_note).toBe('I am travelling');
    expect(row?.cancellation_reason_id).not.toBeNull();
    // The seat is free again.
    expect((await book(day, '16:00')).statusCode).toBe(201);
    const [note] = await rows<{ title_en: string; body_en: string }>(t.db, sql`select title_en, body_en from app_notifications where tenant_id = ${tenant} and kind = 'store_cancelled' order by created_at desc limit 1`);
    expect(note?.title_en).toBe(tr('note_store_cancelled_title', 'en', { number: b.order_number }));
    expect(note?.body_en).toContain('I am travelling');
    const after = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from outbox_messages where recipient = ${PHONE}`);
    expect(after[0]!.n).toBe(before[0]!.n + 1);
    // Twice: nothing left to cancel.
    expect((await anon.post(`store/booking/${tokenOf(b.order_id)}/cancel`, { reason: 'again' })).statusCode).toBe(422);
  });
});

describe('pay', () => {
  it('gives a fresh link for the deposit while the visit waits for it, and refuses when nothing waits', async () => {
    const dep = await service(t.db, tenant, { name: 'Colour', price: 10_000, duration: 30 });
    await t.db.execute(sql`update services set deposit_enabled = true, deposit_amount = 2500 where id = ${dep}`);
    await t.db.execute(sql`insert into provider_services (tenant_id, provider_id, service_id) values (${tenant}, ${ids.p}, ${dep})`);
    const day = freshDay();
    const res = await book(day, '13:00', owner.client, { service_ids: [dep], status: 'pending' });
    expect(res.statusCode).toBe(201);
    const orderId = (res.json().data as CreateBookingResult).order_id;
    const token = tokenOf(orderId);
    // Booked on the dashboard: its appointment keeps no deposit, whatever the service asks on the store.
    const kept = await rows<{ deposit_amount: number }>(t.db, sql`select deposit_amount::int as deposit_amount from bookings where tenant_id = ${tenant} and order_id = ${orderId}`);
    expect(kept).toEqual([{ deposit_amount: 0 }]);
    expect(((await anon.get(`store/booking/${token}`)).json().data as ManageBooking).deposit).toBe(0);
    // The deposit a store booking keeps on its appointment (store-booking.test.ts books one).
    await t.db.execute(sql`update bookings set deposit_amount = 2500 where tenant_id = ${tenant} and order_id = ${orderId}`);
    const before = (await anon.get(`store/booking/${token}`)).json().data as ManageBooking;
    expect(before).toMatchObject({ deposit: 2500, deposit_due: 2500, payment_link_open: false });
    const pay = await anon.post(`store/booking/${token}/pay`, {});
    expect(pay.statusCode).toBe(200);
    const link = pay.json().data as { url: string; amount: number };
    expect(link.amount).toBe(2500);
    expect(link.url).toContain('/pay/');
    expect(((await anon.get(`store/booking/${token}`)).json().data as ManageBooking).payment_link_open).toBe(true);
    // A confirmed visit waits for nothing.
    const confirmed = await booked(freshDay(), '13:00');
    expect((await anon.post(`store/booking/${tokenOf(confirmed.order_id)}/pay`, {})).statusCode).toBe(422);
  });
});
