import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, Client, injectAs, readMailToken, readyUser, rows, type TestApp } from '../../../test/helper';
import { staffAccount } from '../branches/staff.fixture';
import { at, branch, customer, dayAhead, provider, service } from '../bookings/bookings.fixtures';
import { createSessionCache } from './session-cache';

describe('createSessionCache', () => {
  it('keeps an entry for its time, forgets a business or everything, and drops the oldest when full', () => {
    let now = 1_000;
    const cache = createSessionCache<string>({ ttlMs: 5_000, maxEntries: 3, now: () => now });
    cache.set('a', 't1', 'A');
    cache.set('b', 't1', 'B');
    cache.set('c', 't2', 'C');
    expect(cache.get('a')?.value).toBe('A');
    now += 4_999;
    expect(cache.get('b')?.value).toBe('B');
    now += 1;
    expect(cache.get('b')).toBeUndefined();
    now = 20_000;
    cache.set('a', 't1', 'A');
    cache.set('b', 't1', 'B');
    cache.set('c', 't2', 'C');
    cache.set('d', 't2', 'D');
    expect(cache.size).toBe(3);
    expect(cache.get('a')).toBeUndefined();
    cache.forget('t2');
    expect([cache.get('b')?.value, cache.get('c'), cache.get('d')]).toEqual(['B', undefined, undefined]);
    cache.forget();
    expect(cache.size).toBe(0);
  });

  it('asks once for a token looked up by many at once, and does not keep what was read before a forget', async () => {
    const cache = createSessionCache<string>({ ttlMs: 5_000 });
    let calls = 0;
    let release!: (v: { tenantId: string; value: string }) => void;
    const loader = () => {
      calls++;
      return new Promise<{ tenantId: string; value: string }>((r) => {
        release = r;
      });
    };
    const many = Promise.all(Array.from({ length: 20 }, () => cache.load('a', loader)));
    release({ tenantId: 't1', value: 'A' });
    expect((await many).map((e) => e?.value)).toEqual(Array(20).fill('A'));
    expect(calls).toBe(1);
    expect(cache.get('a')?.value).toBe('A');

    // A write forgets while a lookup is under way: its answer is used once, not kept.
    cache.forget();
    const late = cache.load('b', loader);
    cache.forget('t1');
    release({ tenantId: 't1', value: 'stale B' });
    expect((await late)?.value).toBe('stale B');
    expect(cache.get('b')).toBeUndefined();
    expect(calls).toBe(2);
  });

  it('keeps nothing with no time to keep it', () => {
    const cache = createSessionCache<string>({ ttlMs: 0 });
    cache.set('a', 't1', 'A');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});

/**
 * The signed-in context a token stands for is kept for AUTH_CACHE_SECONDS between requests; what
 * a request of this process changes is seen by the next one at once, whatever changed it.
 */
describe('the kept signed-in context', () => {
  let t: TestApp;
  let lookups = 0;
  let owner: Awaited<ReturnType<typeof readyUser>>;
  let tenantId: string;

  beforeAll(async () => {
    t = await buildTestApp({
      env: { AUTH_CACHE_SECONDS: '5' },
      logger: { logQuery: (q) => void (q.includes('from "access_tokens"') && lookups++) },
    });
    owner = await readyUser(t);
    tenantId = owner.user.tenant.uuid;
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  const status = async (token: string, url = 'auth/me') => (await injectAs(t.app, token, { url })).statusCode;

  it('reads a token once for a run of reads', async () => {
    await owner.client.get('auth/me');
    const before = lookups;
    for (let i = 0; i < 5; i++) expect((await owner.client.get('customers')).statusCode).toBe(200);
    expect(lookups - before).toBe(0);
  });

  it('sees a write of this process on the next request: the branch switch, a deactivation, a role change, a sign-out', async () => {
    const staff = await staffAccount(t.db, tenantId, { permissions: ['customers'] });
    expect(await status(staff.token, 'customers')).toBe(200);
    expect(await status(staff.token, 'orders')).toBe(403);

    // The owner widens the staff's role: the staff's kept context is read again.
    const role = await owner.client.put(`roles/${staff.roleId}`, { name: 'Desk', permissions: ['customers', 'orders'] });
    expect(role.statusCode, role.body).toBe(200);
    expect(await status(staff.token, 'orders')).toBe(200);

    // The owner deactivates the staff: its token stops at once.
    expect((await owner.client.post(`users/${staff.userId}/deactivate`)).statusCode).toBe(200);
    expect(await status(staff.token)).toBe(401);

    // The top bar's branch switch shows in the next answer.
    const me = (await owner.client.get('auth/me')).json().data as { teams: { uuid: string }[] };
    const branch = me.teams[0]!.uuid;
    expect((await owner.client.put('auth/current-branch', { branch_id: branch })).statusCode).toBe(200);
    expect((await owner.client.get('auth/me')).json().data.current_branch?.uuid).toBe(branch);

    // Signing out ends the token at once.
    const other = await staffAccount(t.db, tenantId, { permissions: ['customers'] });
    expect(await status(other.token)).toBe(200);
    expect((await injectAs(t.app, other.token, { method: 'POST', url: 'auth/logout' })).statusCode).toBe(200);
    expect(await status(other.token)).toBe(401);
  });

  it('sees a password reset (a write without a token) end the account’s other tokens', async () => {
    const u = await readyUser(t);
    expect((await u.client.get('auth/me')).statusCode).toBe(200);
    const resetter = new Client(t.app);
    expect((await resetter.post('auth/forgot-password', { email: u.input.email })).statusCode).toBe(200);
    const token = await readMailToken(t.db, u.input.email);
    const password = 'Fresh#98765';
    expect((await resetter.post('auth/reset-password', { email: u.input.email, token, password, password_confirmation: password })).statusCode).toBe(200);
    expect((await u.client.get('auth/me')).statusCode).toBe(401);
  });

  it("keeps the contexts through a refused write (4xx: nothing changed) and a store visitor's write", async () => {
    await owner.client.get('customers');
    const before = lookups;
    const refused = await owner.client.post('customers', { first_name: '' });
    expect(refused.statusCode).toBe(422);
    expect((await owner.client.get('customers')).statusCode).toBe(200);
    expect(lookups - before).toBe(0);

    await t.db.execute(sql`update tenants set subdomain = 'keptsessions' where id = ${tenantId}`);
    const visitor = new Client(t.app);
    // Giving back a hold (an unknown one is already free) writes for the store, never for an account.
    expect((await visitor.request('DELETE', 'store/keptsessions/holds/not-a-held-seat')).statusCode).toBe(200);
    expect((await owner.client.get('customers')).statusCode).toBe(200);
    expect(lookups - before).toBe(0);
    // A new booking changes no account, business, role or token: kept too.
    const b = await branch(t.db, tenantId);
    const s = await service(t.db, tenantId, { duration: 30 });
    const p = await provider(t.db, tenantId, { branchId: b, serviceIds: [s] });
    const c = await customer(t.db, tenantId);
    const booked = await owner.client.post('bookings', { customer_id: c, branch_id: b, staff_id: p, service_ids: [s], start_time: at(dayAhead(3), '10:00') });
    expect(booked.statusCode, booked.body).toBe(201);
    expect((await owner.client.get('customers')).statusCode).toBe(200);
    expect(lookups - before).toBe(0);
    // A write that went through does forget them.
    expect((await owner.client.post('customers', { first_name: 'Kept', last_name: 'Sessions' })).statusCode).toBe(201);
    expect((await owner.client.get('customers')).statusCode).toBe(200);
    expect(lookups - before).toBe(1);
    // So does a write refused as forbidden (an account's access may have ended on the way).
    const staff = await staffAccount(t.db, tenantId, { permissions: ['customers'] });
    expect((await injectAs(t.app, staff.token, { method: 'POST', url: 'roles', body: { name: 'Nope', permissions: ['customers'] } })).statusCode).toBe(403);
    const afterForbidden = lookups;
    expect((await owner.client.get('customers')).statusCode).toBe(200);
    expect(lookups - afterForbidden).toBe(1);
  });

  it('sees a GET that writes (the trial extension) on the next request', async () => {
    const u = await readyUser(t);
    await t.db.execute(sql`update tenants set trial_ends_at = now() - interval '1 hour', subscription_status = null where id = ${u.user.tenant.uuid}`);
    // A change made outside this process's requests is seen within AUTH_CACHE_SECONDS; the test tells it instead of waiting.
    t.app.forgetSessions(u.user.tenant.uuid);
    expect((await u.client.get('customers')).statusCode).toBe(402);
    expect((await u.client.get('subscription/extend-trail')).statusCode).toBe(200);
    expect((await u.client.get('customers')).statusCode).toBe(200);
  });
});

describe('a change outside this process', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { AUTH_CACHE_SECONDS: '1' } });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('is seen once the kept context is AUTH_CACHE_SECONDS old', async () => {
    const u = await readyUser(t);
    const [row] = await rows<{ id: string }>(t.db, sql`select id from users where id = ${u.user.uuid}`);
    expect((await u.client.get('auth/me')).statusCode).toBe(200);
    await t.db.execute(sql`update users set status = 'inactive' where id = ${row!.id}`);
    // Kept: still the context read before the change…
    expect((await u.client.get('auth/me')).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 1_100));
    // …until it is a second old.
    expect((await u.client.get('auth/me')).statusCode).toBe(401);
  });
});
