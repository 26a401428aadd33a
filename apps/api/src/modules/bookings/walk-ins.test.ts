import type { PermissionKey } from '@app/shared/permissions';
import { addDays, localDateOf } from '@app/shared/scheduling/zoned';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, Client, readyUser, rows, type TestApp } from '../../../test/helper';
import { t as tr } from '../../i18n/messages';
import { staffAccount } from '../branches/staff.fixture';
import { ALL_WEEK, at, branch, customer, provider, service } from './bookings.fixtures';

/**
 * Walk-ins and past visits (issue 14 §2): a customer who just walked in is booked "now" (a start a
 * few minutes ago is accepted with `walk_in`), and a visit that already happened is recorded with
 * `recorded_after` (key `bookings.record_past`): completed, flagged, checked only against the
 * provider's other visits at that time.
 */

let t: TestApp;
let owner: Awaited<ReturnType<typeof readyUser>>;
let tenant: string;
const ZONE = 'Asia/Riyadh';
const MIN = 60_000;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  owner = await readyUser(t);
  tenant = owner.user.tenant.uuid;
  // Open all day, every day: the walk-in tests run at whatever time the suite does.
  ids.branch = await branch(t.db, tenant, { hours: ALL_WEEK('00:00', '00:00') });
  ids.cut = await service(t.db, tenant, { name: 'Haircut', duration: 30 });
  ids.anyTime = await provider(t.db, tenant, { name: 'Always', branchId: ids.branch, serviceIds: [ids.cut], hours: ALL_WEEK('00:00', '00:00') });
  // Works one hour a day: a past visit outside it is still recorded.
  ids.shortDay = await provider(t.db, tenant, { name: 'Short day', branchId: ids.branch, serviceIds: [ids.cut], hours: ALL_WEEK('09:00', '10:00') });
  ids.cust = await customer(t.db, tenant, { first: 'Walk', last: 'In' });
});
afterAll(async () => {
  await t?.close();
});

type Body = Record<string, unknown>;
const book = (body: Body, c: Client = owner.client) => c.post('bookings', { customer_id: ids.cust, branch_id: ids.branch, service_ids: [ids.cut], ...body });
/** Now rounded down to 5 minutes (what the drawer's "walk-in" sends). */
const nowish = () => new Date(Math.floor(Date.now() / (5 * MIN)) * 5 * MIN).toISOString();
const yesterday = () => addDays(localDateOf(Date.now(), ZONE), -1);

async function asStaff(permissions: PermissionKey[]) {
  const s = await staffAccount(t.db, tenant, { permissions });
  const c = new Client(t.app);
  c.token = s.token;
  return c;
}

describe('walk-ins', () => {
  it('books "now" (rounded down) with walk_in; without it the same start is in the past', async () => {
    const start = new Date(Math.floor((Date.now() - 2 * MIN) / (5 * MIN)) * 5 * MIN - 5 * MIN).toISOString();
    const refused = await book({ staff_id: ids.anyTime, start_time: start });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.start_time).toEqual([tr('slot_in_past', 'en')]);
    const res = await book({ staff_id: ids.anyTime, start_time: start, walk_in: true });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.bookings[0]).toMatchObject({ start_time: start, status: 'confirmed', recorded_after: false });
    const [log] = await rows<{ changes: Record<string, unknown> }>(t.db, sql`select changes from order_logs where order_id = ${res.json().data.order_id} and action = 'booking'`);
    expect(log?.changes).toMatchObject({ event: 'created', walk_in: true });
  });

  it('still refuses a start long ago, and a provider already busy now', async () => {
    const old = await book({ staff_id: ids.anyTime, start_time: new Date(Math.floor((Date.now() - 90 * MIN) / MIN) * MIN).toISOString(), walk_in: true });
    expect(old.statusCode).toBe(422);
    expect(old.json().errors.start_time).toEqual([tr('slot_in_past', 'en')]);
    const start = nowish();
    // The first walk-in just above may hold this seat already: a second one at the same time is refused either way.
    await book({ staff_id: ids.anyTime, start_time: start, walk_in: true });
    const busy = await book({ staff_id: ids.anyTime, start_time: start, walk_in: true });
    expect(busy.statusCode).toBe(422);
    expect(busy.json().errors.start_time).toEqual([tr('time_slot_booked', 'en')]);
  });
});

describe('recording a past visit', () => {
  it('needs the bookings.record_past key (403), which the owner and the default admin role hold', async () => {
    const start = at(yesterday(), '11:00');
    const desk = await asStaff(['bookings', 'calendar.all']);
    const res = await book({ staff_id: ids.anyTime, start_time: start, recorded_after: true }, desk);
    expect(res.statusCode).toBe(403);
    const [admin] = await rows<{ permissions: string[] }>(t.db, sql`select permissions from roles where tenant_id = ${tenant} and slug = 'admin'`);
    expect(admin?.permissions).toContain('bookings.record_past');
    const [receptionist] = await rows<{ permissions: string[] }>(t.db, sql`select permissions from roles where tenant_id = ${tenant} and slug = 'receptionist'`);
    expect(receptionist?.permissions).not.toContain('bookings.record_past');
    const allowed = await asStaff(['bookings', 'bookings.record_past']);
    const ok = await book({ staff_id: ids.anyTime, start_time: start, recorded_after: true }, allowed);
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('records it completed and flagged, outside the working hours, and shows the flag in the one booking and the list', async () => {
    const start = at(yesterday(), '22:00');
    const res = await book({ staff_id: ids.shortDay, start_time: start, recorded_after: true });
    expect(res.statusCode, res.body).toBe(201);
    const booking = res.json().data.bookings[0];
    expect(booking).toMatchObject({ start_time: start, status: 'completed', recorded_after: true, staff: { id: ids.shortDay } });
    expect((await owner.client.get(`bookings/${booking.id}`)).json().data.recorded_after).toBe(true);
    const list = (await owner.client.get(`bookings?order_id=${res.json().data.order_id}`)).json().data;
    expect(list.map((b: { recorded_after: boolean }) => b.recorded_after)).toEqual([true]);
    const [log] = await rows<{ changes: Record<string, unknown> }>(t.db, sql`select changes from order_logs where order_id = ${res.json().data.order_id} and action = 'booking'`);
    expect(log?.changes).toMatchObject({ event: 'created', recorded_after: true });
    // The usual booking is still held to the hours.
    const future = at(addDays(localDateOf(Date.now(), ZONE), 2), '22:00');
    expect((await book({ staff_id: ids.shortDay, start_time: future })).json().errors.start_time).toEqual([tr('outside_working_hours', 'en')]);
  });

  it('refuses a start not in the past, "any provider", and a double booking of the provider', async () => {
    const later = await book({ staff_id: ids.anyTime, start_time: new Date(Math.ceil((Date.now() + 60 * MIN) / MIN) * MIN).toISOString(), recorded_after: true });
    expect(later.statusCode).toBe(422);
    expect(later.json().errors.start_time).toEqual([tr('recorded_after_future', 'en')]);
    const anyone = await book({ staff_id: null, start_time: at(yesterday(), '12:00'), recorded_after: true });
    expect(anyone.statusCode).toBe(422);
    expect(anyone.json().errors.staff_id).toBeDefined();
    const start = at(yesterday(), '15:00');
    expect((await book({ staff_id: ids.anyTime, start_time: start, recorded_after: true })).statusCode).toBe(201);
    // The first one is completed: it still kept the provider busy then.
    const twice = await book({ staff_id: ids.anyTime, start_time: at(yesterday(), '15:15'), recorded_after: true });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.start_time).toEqual([tr('time_slot_booked', 'en')]);
    expect((await book({ staff_id: ids.anyTime, start_time: at(yesterday(), '15:30'), recorded_after: true })).statusCode).toBe(201);
  });
});
