import { IMPERSONATION_TTL_MINUTES } from '@app/shared/constants';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, Client, injectAs, rows, type TestApp } from '../../../test/helper';
import { DEMO, seedDemo, setSupportPassword } from '../../db/seed';
import { newOwner, newStaff, type Owner, signIn } from './access.fixtures';

let t: TestApp;
let support: Owner;
let target: Owner;
beforeAll(async () => {
  t = await buildTestApp();
  support = await newOwner(t);
  target = await newOwner(t);
  await t.db.execute(sql`update users set can_imp = true where id = ${support.user.uuid}`);
});
afterAll(async () => {
  await t?.close();
});

const stop = (token: string) => injectAs(t.app, token, { method: 'DELETE', url: 'auth/stop-impersonation' });
const impersonate = (token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  injectAs(t.app, token, { method: 'POST', url: 'auth/impersonate', body, headers, ip: '10.9.8.7' });

describe('POST /auth/impersonate', () => {
  it('signs support staff in as the account and logs who, whom, why, where and when', async () => {
    const res = await impersonate(support.token, { email: target.input.email, reason: 'Customer asked for help with setup' }, { 'user-agent': 'SupportDesk/1.0' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Signed in as the account');
    const token = res.json().data.token as string;
    const me = await injectAs(t.app, token, { url: 'auth/me' });
    expect(me.json().data).toMatchObject({ uuid: target.user.uuid, is_imp: true, is_owner: true });
    const [log] = await rows<Record<string, unknown>>(t.db, sql`select * from impersonation_logs where target_user_id = ${target.user.uuid} order by started_at desc limit 1`);
    expect(log).toMatchObject({
      impersonator_id: support.user.uuid,
      impersonator_tenant_id: support.tenantId,
      target_tenant_id: target.tenantId,
      reason: 'Customer asked for help with setup',
      ip: '10.9.8.7',
      user_agent: 'SupportDesk/1.0',
      ended_at: null,
    });
    expect(log?.started_at).toBeTruthy();

    // Stop: the impersonation token dies, the log closes, and the support account gets a working token.
    const stopped = await stop(token);
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json().message).toBe('Impersonation ended');
    const fresh = stopped.json().data.token as string;
    const back = await injectAs(t.app, fresh, { url: 'auth/me' });
    expect(back.statusCode).toBe(200);
    expect(back.json().data).toMatchObject({ uuid: support.user.uuid, is_imp: false, can_imp: true });
    expect((await injectAs(t.app, token, { url: 'auth/me' })).statusCode).toBe(401);
    const [closed] = await rows<{ ended_at: Date | null }>(t.db, sql`select ended_at from impersonation_logs where target_user_id = ${target.user.uuid} order by started_at desc limit 1`);
    expect(closed?.ended_at).not.toBeNull();
    // The fresh token can impersonate again.
    expect((await impersonate(fresh, { email: target.input.email, reason: 'Follow-up' })).statusCode).toBe(200);
  });

  it('refuses nested impersonation', async () => {
    const other = await newOwner(t);
    await t.db.execute(sql`update users set can_imp = true where id = ${other.user.uuid}`);
    const first = await impersonate(support.token, { email: other.input.email, reason: 'Testing support rights' });
    expect(first.statusCode).toBe(200);
    const nested = await impersonate(first.json().data.token, { email: target.input.email, reason: 'Nested attempt' });
    expect(nested.statusCode).toBe(403);
    expect(nested.json().code).toBe('impersonation-nested');
  });

  it('refuses accounts without can_imp', async () => {
    const res = await impersonate(target.token, { email: support.input.email, reason: 'Not allowed' });
    expect(res.statusCode).toBe(403);
    const admin = await newStaff(t, target, 'admin');
    expect((await impersonate(admin.token, { email: support.input.email, reason: 'Not allowed' })).statusCode).toBe(403);
  });

  it('needs an active target and a reason', async () => {
    const staff = await newStaff(t, target, 'receptionist');
    expect((await target.client.post(`users/${staff.id}/deactivate`)).statusCode).toBe(200);
    const inactive = await impersonate(support.token, { email: staff.email, reason: 'Help' });
    expect(inactive.statusCode).toBe(422);
    expect(inactive.json().errors.email).toEqual(['No active account has this e-mail']);
    expect((await impersonate(support.token, { email: 'nobody-here@test.example', reason: 'Help' })).statusCode).toBe(422);
    const noReason = await impersonate(support.token, { email: target.input.email, reason: '  ' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors).toHaveProperty('reason');
  });
});

describe('DELETE /auth/stop-impersonation', () => {
  it('answers 422 not_impersonating for an ordinary token, 401 without one', async () => {
    const res = await stop(target.token);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('This is not an impersonation session');
    expect((await new Client(t.app).request('DELETE', 'auth/stop-impersonation')).statusCode).toBe(401);
  });
});

describe('impersonation token hardening', () => {
  const start = async (support: Owner, whom: Owner) => {
    const res = await impersonate(support.token, { email: whom.input.email, reason: 'Hardening checks' });
    if (res.statusCode !== 200) throw new Error(`impersonate failed: ${res.statusCode} ${res.body}`);
    return res.json().data.token as string;
  };
  const newSupport = async () => {
    const s = await newOwner(t);
    await t.db.execute(sql`update users set can_imp = true where id = ${s.user.uuid}`);
    return s;
  };
  const me = (token: string) => injectAs(t.app, token, { url: 'auth/me' });

  it('expires two hours after it is issued', async () => {
    const token = await start(support, target);
    const [row] = await rows<{ expires_at: Date | null; impersonation_log_id: string | null }>(
      t.db,
      sql`select expires_at, impersonation_log_id from access_tokens where impersonator_id = ${support.user.uuid} order by created_at desc limit 1`,
    );
    const left = new Date(row?.expires_at ?? 0).getTime() - Date.now();
    expect(left).toBeGreaterThan((IMPERSONATION_TTL_MINUTES - 1) * 60_000);
    expect(left).toBeLessThanOrEqual(IMPERSONATION_TTL_MINUTES * 60_000);
    expect(row?.impersonation_log_id).toBeTruthy();
    expect((await me(token)).statusCode).toBe(200);
    await t.db.execute(sql`update access_tokens set expires_at = now() - interval '1 second' where impersonation_log_id = ${row?.impersonation_log_id}`);
    expect((await me(token)).statusCode).toBe(401);
    // Ordinary tokens do not expire.
    const [own] = await rows<{ expires_at: Date | null }>(t.db, sql`select expires_at from access_tokens where user_id = ${support.user.uuid} and impersonator_id is null limit 1`);
    expect(own?.expires_at).toBeNull();
  });

  it('stops working once the support account loses can_imp, is deactivated or is deleted', async () => {
    const s = await newSupport();
    const token = await start(s, target);
    expect((await me(token)).statusCode).toBe(200);
    await t.db.execute(sql`update users set can_imp = false where id = ${s.user.uuid}`);
    expect((await me(token)).statusCode).toBe(401);
    await t.db.execute(sql`update users set can_imp = true where id = ${s.user.uuid}`);
    expect((await me(token)).statusCode).toBe(200);
    await t.db.execute(sql`update users set status = 'inactive' where id = ${s.user.uuid}`);
    expect((await me(token)).statusCode).toBe(401);
    await t.db.execute(sql`update users set status = 'active' where id = ${s.user.uuid}`);
    expect((await me(token)).statusCode).toBe(200);
    await t.db.execute(sql`delete from tenants where id = ${s.tenantId}`);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('signing out of an impersonation session closes its log row', async () => {
    const s = await newSupport();
    const token = await start(s, target);
    const out = await injectAs(t.app, token, { method: 'POST', url: 'auth/logout' });
    expect(out.statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
    const logs = await rows<{ ended_at: Date | null }>(t.db, sql`select ended_at from impersonation_logs where impersonator_id = ${s.user.uuid}`);
    expect(logs).toHaveLength(1);
    expect(logs[0]?.ended_at).not.toBeNull();
  });

  it('closes the log row of its own session, not another one of the same pair', async () => {
    const s = await newSupport();
    const first = await start(s, target);
    const second = await start(s, target);
    expect((await stop(first)).statusCode).toBe(200);
    const logs = await rows<{ ended: boolean }>(t.db, sql`select ended_at is not null as ended from impersonation_logs where impersonator_id = ${s.user.uuid} order by started_at, id`);
    expect(logs.map((l) => l.ended)).toEqual([true, false]);
    expect((await me(second)).statusCode).toBe(200);
  });

  it('two parallel stops with one token: only one gets a fresh token', async () => {
    const s = await newSupport();
    const token = await start(s, target);
    const count = async () => Number((await rows<{ n: number }>(t.db, sql`select count(*)::int as n from access_tokens where user_id = ${s.user.uuid}`))[0]?.n);
    const before = await count();
    const results = await Promise.all([stop(token), stop(token)]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes[0]).toBe(200);
    expect([401, 422]).toContain(codes[1]);
    expect(await count()).toBe(before + 1);
    const fresh = results.find((r) => r.statusCode === 200)?.json().data.token as string;
    expect((await me(fresh)).json().data).toMatchObject({ uuid: s.user.uuid, is_imp: false });
    expect((await me(token)).statusCode).toBe(401);
  });
});

describe('demo support account', () => {
  it('is seeded with can_imp and a password nobody knows until the server sets one', async () => {
    await seedDemo(t.db);
    // Not the demo owner's published password: that would open the outbox and impersonation to anyone.
    expect((await signIn(t, DEMO.supportEmail, DEMO.password)).statusCode).toBe(422);
    expect(await setSupportPassword(t.db, 'Fresh#Support-1')).toBe(true);
    const login = await signIn(t, DEMO.supportEmail, 'Fresh#Support-1');
    expect(login.statusCode).toBe(200);
    expect(login.json().data.user).toMatchObject({ can_imp: true, phone: null, email_verified: true, is_owner: false });
    expect(login.json().data.user.role[0].slug).toBe('admin');
    const res = await new Client(t.app).post('auth/impersonate', { email: DEMO.email, reason: 'Demo walkthrough' }, { token: login.json().data.token });
    expect(res.statusCode).toBe(200);
    // The next start gives it another: the old one stops working.
    await setSupportPassword(t.db, 'Next#Support-2');
    expect((await signIn(t, DEMO.supportEmail, 'Fresh#Support-1')).statusCode).toBe(422);
    expect((await signIn(t, DEMO.supportEmail, 'Next#Support-2')).statusCode).toBe(200);
  });
});
