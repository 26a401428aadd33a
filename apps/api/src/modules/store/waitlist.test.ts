import type { CreateBookingResult } from '@app/shared/schemas/bookings';
import type { WaitlistEntry } from '@app/shared/schemas/store';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, Client, randomLetters, readyUser, rows, type TestApp } from '../../../test/helper';
import { t as tr } from '../../i18n/messages';
import { ALL_WEEK, at, branch, customer, dayAhead, provider, service } from '../bookings/bookings.fixtures';
import { signBookingToken } from './store-links';
import { offerWaitlist } from './waitlist.service';

/**
 * The waitlist (issue 19): joining from the store (once per phone, day and visit), the offer of a
 * freed seat to the first entry (a hold the dashboard cannot take, an SMS with the link), the offer's
 * lapse passing it to the next, and the dashboard's list and removal.
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
});
afterAll(async () => {
  await t?.close();
});

const book = (date: string, time: string) =>
  owner.client.post('bookings', { customer_id: ids.cust, branch_id: ids.b, staff_id: ids.p, service_ids: [ids.cut], start_time: at(date, time) });
const join = (day: string, phone: string, name: string) => anon.post(`store/${subdomain}/waitlist`, { service_ids: [ids.cut], branch_id: ids.b, day, name, phone, locale: 'en' });
const entry = async (id: string) => (await rows<{ status: string; hold_id: string | null }>(t.db, sql`select status, hold_id from waitlist_entries where id = ${id}`))[0]!;
const smsTo = (phone: string) => rows<{ body: string }>(t.db, sql`select body from outbox_messages where recipient = ${phone} order by created_at`);

describe('the waitlist', () => {
  it('joins once per phone and day, offers a freed seat to the first entry, then passes a lapsed offer on', async () => {
    const day = dayAhead(4);
    const first = (await book(day, '10:00')).json().data as CreateBookingResult;
    expect((await book(day, '11:00')).statusCode).toBe(201);

    const r1 = await join(day, PHONE_1, 'First');
    expect(r1.statusCode).toBe(201);
    expect(r1.json().message).toBe(tr('waitlist_joined', 'en'));
    const e1 = r1.json().data as WaitlistEntry;
    expect(e1.status).toBe('waiting');
    expect(e1.phone).toBe(PHONE_1);
    // A repeat answers the same entry.
    const again = await join(day, PHONE_1, 'First');
    expect(again.statusCode).toBe(200);
    expect((again.json().data as WaitlistEntry).id).toBe(e1.id);
    const e2 = (await join(day, PHONE_2, 'Second')).json().data as WaitlistEntry;
    expect(e2.id).not.toBe(e1.id);
    expect((await smsTo(PHONE_1)).length).toBe(1);

    // The day is full: nothing to offer.
    await offerWaitlist(t.db);
    expect((await entry(e1.id)).status).toBe('waiting');

    // The customer cancels through their link: the seat goes to the FIRST entry.
    const cancel = await anon.post(`store/booking/${signBookingToken(tenant, first.order_id, new Date(Date.now() + 30 * 86_400_000))}/cancel`, { reason: 'Cannot come' });
    expect(cancel.statusCode).toBe(200);
    await offerWaitlist(t.db);
    const offered = await entry(e1.id);
    expect(offered.status).toBe('offered');
    expect(offered.hold_id).not.toBeNull();
    expect((await entry(e2.id)).status).toBe('waiting');
    const [hold] = await rows<{ waitlist_id: string; start_at: Date }>(t.db, sql`select waitlist_id, start_at from slot_holds where id = ${offered.hold_id}`);
    expect(hold?.waitlist_id).toBe(e1.id);
    expect(new Date(hold!.start_at).toISOString()).toBe(at(day, '10:00'));
    const sms = await smsTo(PHONE_1);
    expect(sms).toHaveLength(2);
    expect(sms[1]!.body).toContain(`/s/${subdomain}/book?hold=`);
    // The held seat is not the dashboard's to take.
    const taken = await book(day, '10:00');
    expect(taken.statusCode).toBe(422);
    // A second pass changes nothing while the offer is live.
    await offerWaitlist(t.db);
    expect((await entry(e2.id)).status).toBe('waiting');

    // The offer lapses: the first entry expires and the second one gets the seat.
    await t.db.execute(sql`update waitlist_entries set offer_expires_at = now() - interval '1 minute' where id = ${e1.id}`);
    await t.db.execute(sql`update slot_holds set expires_at = now() - interval '1 minute' where id = ${offered.hold_id}`);
    await t.db.execute(sql`update slot_hold_times set expires_at = now() - interval '1 minute' where hold_id = ${offered.hold_id}`);
    await offerWaitlist(t.db);
    expect((await entry(e1.id)).status).toBe('expired');
    const second = await entry(e2.id);
    expect(second.status).toBe('offered');
    expect(second.hold_id).not.toBe(offered.hold_id);
    expect((await smsTo(PHONE_2)).at(-1)!.body).toContain('book?hold=');

    // The dashboard sees the list and takes an entry off (its hold released: the seat is bookable).
    const list = await owner.client.get(`waitlist?day=${day}`);
    expect(list.statusCode).toBe(200);
    expect((list.json().data as WaitlistEntry[]).map((e) => e.id)).toEqual([e1.id, e2.id]);
    const removed = await owner.client.request('DELETE', `waitlist/${e2.id}`);
    expect(removed.statusCode).toBe(200);
    expect((removed.json().data as WaitlistEntry).status).toBe('cancelled');
    expect((await book(day, '10:00')).statusCode).toBe(201);
  });

  it('refuses a day outside the window, a store without a waitlist, and an unknown store', async () => {
    const far = await join(dayAhead(400), PHONE_1, 'Far');
    expect(far.statusCode).toBe(422);
    expect((far.json() as { errors: Record<string, string[]> }).errors.day?.[0]).toBe(tr('outside_booking_window', 'en'));
    await t.db.execute(sql`insert into store_settings (tenant_id, waitlist_enabled) values (${tenant}, false) on conflict (tenant_id) do update set waitlist_enabled = false`);
    try {
      const off = await join(dayAhead(5), PHONE_1, 'Off');
      expect(off.statusCode).toBe(422);
      expect((off.json() as { errors: Record<string, string[]> }).errors.day?.[0]).toBe(tr('waitlist_disabled', 'en'));
    } finally {
      await t.db.execute(sql`delete from store_settings where tenant_id = ${tenant}`);
    }
    const unknown = await anon.post(`store/nosuchstore${randomLetters(6)}/waitlist`, { service_ids: [ids.cut], day: dayAhead(5), name: 'X', phone: PHONE_1 });
    expect(unknown.statusCode).toBe(404);
  });
});
