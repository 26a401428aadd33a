import { randomUUID } from 'node:crypto';
import type { CreateBookingResult } from '@app/shared/schemas/bookings';
import { WAITLIST_PER_PHONE, type WaitlistEntry } from '@app/shared/schemas/store';
import { messageFor } from '@app/shared/validation';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, Client, randomLetters, readOtp, readyUser, rows, type TestApp } from '../../../test/helper';
import { t as tr } from '../../i18n/messages';
import { ALL_WEEK, at, branch, customer, dayAhead, provider, service } from '../bookings/bookings.fixtures';
import { signBookingToken } from './store-links';
import { offerWaitlist } from './waitlist.service';
import { setStoreSettings } from './store.fixtures';

/**
 * The waitlist (issue 19): joining from the store (once per phone, day and visit; a repeat answers
 * alike with nothing of the entry and no second SMS; a few entries a phone; the phone proof where the
 * store asks for one; only the store's services), the offer of a freed seat to the first entry (a hold
 * the dashboard cannot take, an SMS with the link), the offer's lapse passing it to the next, a
 * cancellation's pass scoped to its business, branch and day, and the dashboard's list and removal.
 */

let t: TestApp;
let owner: Awaited<ReturnType<typeof readyUser>>;
let tenant: string;
let subdomain: string;
const ids: Record<string, string> = {};
let anon: Client;
const PHONE_1 = '+966512349001';
const PHONE_2 = '+966512349002';

beforeAll(async () => {
  t = await buildTestApp({ env: { APP_URL: 'https://app.khidma.test' } });
  owner = await readyUser(t);
  tenant = owner.user.tenant.uuid;
  subdomain = `wl${randomLetters(10)}`;
  await t.db.execute(sql`update tenants set subdomain = ${subdomain} where id = ${tenant}`);
  const db = t.db;
  // One provider, two seats a day (10:00 and 11:00).
  ids.b = await branch(db, tenant, { name: 'Olaya', hours: ALL_WEEK('10:00', '12:00') });
  ids.cut = await service(db, tenant, { name: 'Haircut', duration: 60 });
  ids.p = await provider(db, tenant, { name: 'Amal', branchId: ids.b, serviceIds: [ids.cut], hours: ALL_WEEK('10:00', '12:00') });
  ids.cust = await customer(db, tenant, { first: 'Khalid', phone: '+966512349000' });
  anon = new Client(t.app);
  // The phone proof is off here but where a test turns it on.
  await setStore({ require_phone_otp: false });
});
afterAll(async () => {
  await t?.close();
});

const setStore = (values: Record<string, unknown>) => setStoreSettings(t.db, tenant, values);
const book = (date: string, time: string) =>
  owner.client.post('bookings', { customer_id: ids.cust, branch_id: ids.b, staff_id: ids.p, service_ids: [ids.cut], start_time: at(date, time) });
/** A join from a visitor of their own (the route's rate limit counts an address). */
const join = (day: string, phone: string, name: string, extra: Record<string, unknown> = {}) =>
  new Client(t.app).post(`store/${subdomain}/waitlist`, { service_ids: [ids.cut], branch_id: ids.b, day, name, phone, locale: 'en', ...extra });
const entry = async (id: string) => (await rows<{ status: string; hold_id: string | null }>(t.db, sql`select status, hold_id from waitlist_entries where id = ${id}`))[0]!;
/** The entries of a phone (the store's answer names none), oldest first. */
const entriesOf = (phone: string) => rows<{ id: string; day: string; status: string }>(t.db, sql`select id, day::text as day, status from waitlist_entries where tenant_id = ${tenant} and phone = ${phone} order by created_at, id`);
const fieldErrors = (res: { json: () => unknown }) => (res.json() as { errors: Record<string, string[]> }).errors;
const smsTo = (phone: string) => rows<{ body: string }>(t.db, sql`select body from outbox_messages where recipient = ${phone} order by created_at`);

describe('the waitlist', () => {
  it('joins once per phone and day, offers a freed seat to the first entry, then passes a lapsed offer on', async () => {
    const day = dayAhead(4);
    const first = (await book(day, '10:00')).json().data as CreateBookingResult;
    expect((await book(day, '11:00')).statusCode).toBe(201);

    const r1 = await join(day, PHONE_1, 'First');
    expect(r1.statusCode).toBe(201);
    expect(r1.json().message).toBe(tr('waitlist_joined', 'en'));
    // The answer names nothing of the entry (anyone may know a phone).
    expect(r1.json().data).toEqual({ day, status: 'waiting' });
    const [e1, ...more] = await entriesOf(PHONE_1);
    expect(more).toHaveLength(0);
    expect(e1!.status).toBe('waiting');
    // A repeat answers alike (nothing of the entry, not even that it existed), keeps the one entry and sends no second SMS.
    const again = await join(day, PHONE_1, 'Someone else', { email: 'x@example.com' });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(r1.json());
    expect(await entriesOf(PHONE_1)).toEqual([e1]);
    expect(await smsTo(PHONE_1)).toHaveLength(1);
    expect((await join(day, PHONE_2, 'Second')).statusCode).toBe(201);
    const [e2] = await entriesOf(PHONE_2);
    expect(e2!.id).not.toBe(e1!.id);

    // The day is full: nothing to offer.
    await offerWaitlist(t.db);
    expect((await entry(e1!.id)).status).toBe('waiting');

    // The customer cancels through their link: the seat goes to the FIRST entry.
    const cancel = await anon.post(`store/booking/${signBookingToken(tenant, first.order_id, new Date(Date.now() + 30 * 86_400_000))}/cancel`, { reason: 'Cannot come' });
    expect(cancel.statusCode).toBe(200);
    await offerWaitlist(t.db);
    const offered = await entry(e1!.id);
    expect(offered.status).toBe('offered');
    expect(offered.hold_id).not.toBeNull();
    expect((await entry(e2!.id)).status).toBe('waiting');
    const [hold] = await rows<{ waitlist_id: string; start_at: Date }>(t.db, sql`select waitlist_id, start_at from slot_holds where id = ${offered.hold_id}`);
    expect(hold?.waitlist_id).toBe(e1!.id);
    expect(new Date(hold!.start_at).toISOString()).toBe(at(day, '10:00'));
    const sms = await smsTo(PHONE_1);
    expect(sms).toHaveLength(2);
    expect(sms[1]!.body).toContain(`/s/${subdomain}/book?hold=`);
    // The held seat is not the dashboard's to take.
    const taken = await book(day, '10:00');
    expect(taken.statusCode).toBe(422);
    // A second pass changes nothing while the offer is live.
    await offerWaitlist(t.db);
    expect((await entry(e2!.id)).status).toBe('waiting');

    // The offer lapses: the first entry expires and the second one gets the seat.
    await t.db.execute(sql`update waitlist_entries set offer_expires_at = now() - interval '1 minute' where id = ${e1!.id}`);
    await t.db.execute(sql`update slot_holds set expires_at = now() - interval '1 minute' where id = ${offered.hold_id}`);
    await t.db.execute(sql`update slot_hold_times set expires_at = now() - interval '1 minute' where hold_id = ${offered.hold_id}`);
    await offerWaitlist(t.db);
    expect((await entry(e1!.id)).status).toBe('expired');
    const second = await entry(e2!.id);
    expect(second.status).toBe('offered');
    expect(second.hold_id).not.toBe(offered.hold_id);
    expect((await smsTo(PHONE_2)).at(-1)!.body).toContain('book?hold=');

    // The dashboard sees the list and takes an entry off (its hold released: the seat is bookable).
    const list = await owner.client.get(`waitlist?day=${day}`);
    expect(list.statusCode).toBe(200);
    expect((list.json().data as WaitlistEntry[]).map((e) => e.id)).toEqual([e1!.id, e2!.id]);
    const removed = await owner.client.request('DELETE', `waitlist/${e2!.id}`);
    expect(removed.statusCode).toBe(200);
    expect((removed.json().data as WaitlistEntry).status).toBe('cancelled');
    expect((await book(day, '10:00')).statusCode).toBe(201);
  });

  it('refuses a day outside the window, a store without a waitlist, and an unknown store', async () => {
    const far = await join(dayAhead(400), PHONE_1, 'Far');
    expect(far.statusCode).toBe(422);
    expect((far.json() as { errors: Record<string, string[]> }).errors.day?.[0]).toBe(tr('outside_booking_window', 'en'));
    await setStore({ waitlist_enabled: false });
    try {
      const off = await join(dayAhead(5), PHONE_1, 'Off');
      expect(off.statusCode).toBe(422);
      expect((off.json() as { errors: Record<string, string[]> }).errors.day?.[0]).toBe(tr('waitlist_disabled', 'en'));
    } finally {
      await setStore({ waitlist_enabled: true });
    }
    // A store in maintenance answers 503 as its booking API does.
    await setStore({ status: 'maintenance' });
    try {
      const closed = await join(dayAhead(5), PHONE_1, 'Closed');
      expect(closed.statusCode).toBe(503);
      expect(closed.json().message).toBe(tr('store_unavailable', 'en'));
    } finally {
      await setStore({ status: 'active' });
    }
    const unknown = await anon.post(`store/nosuchstore${randomLetters(6)}/waitlist`, { service_ids: [ids.cut], day: dayAhead(5), name: 'X', phone: PHONE_1 });
    expect(unknown.statusCode).toBe(404);
    expect(await entriesOf(PHONE_1).then((l) => l.filter((e) => e.day === dayAhead(5)))).toEqual([]);
  });

  it('keeps a phone to a few entries a business, and a repeat within them passes', async () => {
    const phone = '+966512349101';
    const days = Array.from({ length: WAITLIST_PER_PHONE + 1 }, (_, i) => dayAhead(10 + i));
    for (const day of days.slice(0, WAITLIST_PER_PHONE)) expect((await join(day, phone, 'Many')).statusCode).toBe(201);
    const over = await join(days[WAITLIST_PER_PHONE]!, phone, 'Many');
    expect(over.statusCode).toBe(422);
    expect(fieldErrors(over).phone?.[0]).toBe(tr('waitlist_phone_limit', 'en', { max: WAITLIST_PER_PHONE }));
    // A repeat of a day it waits for is no new entry: answered as a join, with no SMS.
    expect((await join(days[0]!, phone, 'Many')).statusCode).toBe(201);
    expect((await entriesOf(phone)).map((e) => e.day)).toEqual(days.slice(0, WAITLIST_PER_PHONE));
    expect(await smsTo(phone)).toHaveLength(WAITLIST_PER_PHONE);
    // An entry that leaves the list makes room again.
    const [first] = await entriesOf(phone);
    expect((await owner.client.request('DELETE', `waitlist/${first!.id}`)).statusCode).toBe(200);
    expect((await join(days[WAITLIST_PER_PHONE]!, phone, 'Many')).statusCode).toBe(201);
    expect(await smsTo(phone)).toHaveLength(WAITLIST_PER_PHONE + 1);
  });

  it('asks for the phone proof where the store does', async () => {
    const local = '512349111';
    const phone = `+966${local}`;
    const day = dayAhead(12);
    await setStore({ require_phone_otp: true });
    try {
      const bare = await join(day, phone, 'Proof');
      expect(bare.statusCode).toBe(422);
      expect(fieldErrors(bare).phone_proof?.[0]).toBe(tr('phone_not_verified', 'en'));
      expect(await smsTo(phone)).toHaveLength(0);
      expect((await anon.post(`store/${subdomain}/otp`, { phone: local, phone_country: 'SA' })).statusCode).toBe(200);
      const verified = await anon.post(`store/${subdomain}/otp/verify`, { phone: local, phone_country: 'SA', code: await readOtp(t.db, phone) });
      expect(verified.statusCode, verified.body).toBe(200);
      const proof = verified.json().data.phone_proof as string;
      // Another number's proof does not do, nor a forged one.
      const other = await join(day, '+966512349112', 'Other', { phone_proof: proof });
      expect(fieldErrors(other).phone_proof?.[0]).toBe(tr('phone_not_verified', 'en'));
      // Forged: its second-to-last character (all six bits of it significant) changed, whatever it was.
      const forged = `${proof.slice(0, -2)}${proof.at(-2) === 'A' ? 'B' : 'A'}${proof.at(-1)}`;
      expect((await join(day, phone, 'Proof', { phone_proof: forged })).statusCode).toBe(422);
      const ok = await join(day, phone, 'Proof', { phone_proof: proof });
      expect(ok.statusCode, ok.body).toBe(201);
      expect((await entriesOf(phone)).map((e) => e.day)).toEqual([day]);
      expect(await entriesOf('+966512349112')).toEqual([]);
    } finally {
      await setStore({ require_phone_otp: false });
    }
  });

  it('refuses a service the store does not offer', async () => {
    const hidden = await service(t.db, tenant, { name: 'Back office', duration: 30 });
    const internal = await service(t.db, tenant, { name: 'Staff only', duration: 30 });
    await t.db.execute(sql`update services set display_on_booking_page = false where id = ${hidden}`);
    await t.db.execute(sql`update services set is_public = false where id = ${internal}`);
    const phone = '+966512349121';
    for (const id of [hidden, internal]) {
      const res = await join(dayAhead(6), phone, 'Hidden', { service_ids: [ids.cut, id] });
      expect(res.statusCode).toBe(422);
      expect(fieldErrors(res)['service_ids.1']?.[0]).toBe(messageFor('not_exists', 'en'));
    }
    expect(await entriesOf(phone)).toEqual([]);
    expect(await smsTo(phone)).toHaveLength(0);
  });

  it("offers a customer's cancelled seat in a pass scoped to that business, branch and day", async () => {
    const full = dayAhead(20);
    const open = dayAhead(21);
    const cancelled = (await book(full, '10:00')).json().data as CreateBookingResult;
    expect((await book(full, '11:00')).statusCode).toBe(201);
    // One waits for the full day; another for a day with free seats, which only an unscoped (or its own) pass offers.
    expect((await join(full, '+966512349131', 'Full')).statusCode).toBe(201);
    expect((await join(open, '+966512349132', 'Open')).statusCode).toBe(201);
    expect((await join(open, '+966512349133', 'Open too')).statusCode).toBe(201);
    const [onFull] = await entriesOf('+966512349131');
    const [onOpen] = await entriesOf('+966512349132');
    const [onOpen2] = await entriesOf('+966512349133');

    const cancel = await anon.post(`store/booking/${signBookingToken(tenant, cancelled.order_id, new Date(Date.now() + 30 * 86_400_000))}/cancel`, { reason: 'Travelling' });
    expect(cancel.statusCode).toBe(200);
    // The cancellation's own pass (not awaited by the answer) offers the freed seat ...
    await vi.waitFor(async () => expect((await entry(onFull!.id)).status).toBe('offered'), { timeout: 5000, interval: 50 });
    // ... and touches no other day.
    expect((await entry(onOpen!.id)).status).toBe('waiting');

    // A pass scoped elsewhere leaves the open day alone; one scoped to it offers its seat.
    expect(await offerWaitlist(t.db, new Date(), undefined, { tenantId: tenant, branchId: ids.b, day: full })).toBe(0);
    expect(await offerWaitlist(t.db, new Date(), undefined, { tenantId: randomUUID() })).toBe(0);
    expect((await entry(onOpen!.id)).status).toBe('waiting');
    // Passes running together (the job and a cancellation's) make one offer a branch and day: the
    // open day has two free seats and two entries, yet only the first entry is offered one.
    const made = await Promise.all([0, 1, 2].map(() => offerWaitlist(t.db, new Date(), undefined, { tenantId: tenant, day: open })));
    expect(made.reduce((a, b) => a + b, 0)).toBe(1);
    expect((await entry(onOpen!.id)).status).toBe('offered');
    expect((await entry(onOpen2!.id)).status).toBe('waiting');
  });
});
