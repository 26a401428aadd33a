import { LOGIN_LOCK_AFTER_FAILURES, POS_LOGIN_MAX_PER_EMAIL_PER_MINUTE } from '@app/shared/constants';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, Client, rows, type TestApp } from '../../../test/helper';
import { enablePos, mainBranch, newOwner, type Owner, uniqueEmail } from './access.fixtures';
import { windowCounter } from './window-counter';

let t: TestApp;
let owner: Owner;
let email: string;
let posId: string;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await newOwner(t);
  await enablePos(t, owner.tenantId);
  email = uniqueEmail('cashier');
  const res = await owner.client.post('users', { name: 'Front Cashier', email, passcode: '2468', branch_ids: [await mainBranch(t, owner.tenantId)] });
  if (res.statusCode !== 201) throw new Error(res.body);
  posId = res.json().data.uuid;
});
afterAll(async () => {
  await t?.close();
});

const posLogin = (body: Record<string, unknown>) => new Client(t.app).post('auth/pos-login', body);

describe('POST /auth/pos-login', () => {
  it('signs a POS account in with e-mail and passcode', async () => {
    const res = await posLogin({ email: email.toUpperCase(), passcode: '2468' });
    expect(res.statusCode).toBe(200);
    const { user, token } = res.json().data;
    expect(user).toMatchObject({ uuid: posId, type: 'pos', phone: null, is_owner: false });
    expect(user.permissions).toContain('cashier');
    expect(typeof token).toBe('string');
    // A POS token reaches self routes, and nothing of the dashboard's settings.
    const me = await new Client(t.app).get('auth/me', { token });
    expect(me.statusCode).toBe(200);
    const users = await new Client(t.app).get('users', { token });
    expect(users.statusCode).toBe(403);
  });

  it('refuses a wrong passcode, an unknown e-mail and a non-POS account alike', async () => {
    for (const body of [
      { email, passcode: '1111' },
      { email: uniqueEmail('nobody'), passcode: '2468' },
      { email: owner.input.email, passcode: '2468' },
    ]) {
      const res = await posLogin(body);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.email).toEqual(['The e-mail or passcode is incorrect']);
    }
    expect((await posLogin({ email, passcode: 'abcd' })).statusCode).toBe(422);
  });

  it('needs the pos plugin installed and an active account', async () => {
    await enablePos(t, owner.tenantId, false);
    const res = await posLogin({ email, passcode: '2468' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('plugin-missing');
    await enablePos(t, owner.tenantId);
    expect((await owner.client.post(`users/${posId}/deactivate`)).statusCode).toBe(200);
    const inactive = await posLogin({ email, passcode: '2468' });
    expect(inactive.statusCode).toBe(422);
    expect(inactive.json().errors.email).toEqual(['This account is deactivated, contact your admin']);
    expect((await owner.client.post(`users/${posId}/activate`)).statusCode).toBe(200);
    expect((await posLogin({ email, passcode: '2468' })).statusCode).toBe(200);
  });

  it('is throttled per address and account', async () => {
    const c = new Client(t.app);
    const target = uniqueEmail('throttle');
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await c.post('auth/pos-login', { email: target, passcode: '1234' })).statusCode);
    expect(codes).toContain(429);
  });
});

describe('POS passcode guessing', () => {
  it('30 parallel wrong passcodes (each from its own address) lock the account: the right one then gets 422, never 200', async () => {
    const cashier = uniqueEmail('brute');
    const created = await owner.client.post('users', { name: 'Brute Target', email: cashier, passcode: '7391', branch_ids: [await mainBranch(t, owner.tenantId)] });
    expect(created.statusCode).toBe(201);
    const wrong = Array.from({ length: 30 }, (_, i) => String(1000 + i));
    const results = await Promise.all(wrong.map((passcode) => posLogin({ email: cashier, passcode })));
    const codes = results.map((r) => r.statusCode);
    expect(codes).not.toContain(200);
    expect(codes.every((c) => c === 422 || c === 429)).toBe(true);
    // At most the allowance of attempts ever reached the passcode check.
    const [row] = await rows<{ failed_logins: number; locked_until: Date | null }>(t.db, sql`select failed_logins, locked_until from users where email = ${cashier}`);
    expect(row?.failed_logins).toBeLessThanOrEqual(LOGIN_LOCK_AFTER_FAILURES);
    expect(row?.locked_until).not.toBeNull();
    const wrongAnswers = results.filter((r) => r.statusCode === 422 && r.json().code !== 'account-locked');
    expect(wrongAnswers.length).toBeLessThan(LOGIN_LOCK_AFTER_FAILURES);

    const right = await posLogin({ email: cashier, passcode: '7391' });
    expect(right.statusCode).toBe(422);
    expect(right.json().code).toBe('account-locked');
    expect(right.json().errors.email[0]).toMatch(/Account locked/);
  });

  it('is limited per e-mail from all addresses together', async () => {
    const target = uniqueEmail('spread');
    const codes: number[] = [];
    for (let i = 0; i < POS_LOGIN_MAX_PER_EMAIL_PER_MINUTE + 2; i++) codes.push((await posLogin({ email: target, passcode: '1234' })).statusCode);
    expect(codes.slice(0, POS_LOGIN_MAX_PER_EMAIL_PER_MINUTE).every((c) => c === 422)).toBe(true);
    const over = await posLogin({ email: target, passcode: '1234' });
    expect(over.statusCode).toBe(429);
    expect(over.json().retry_after).toBeGreaterThan(0);
    expect(over.headers['retry-after']).toBe(String(over.json().retry_after));
    // Another e-mail is not affected.
    expect((await posLogin({ email: uniqueEmail('other'), passcode: '1234' })).statusCode).toBe(422);
  });
});

describe('windowCounter', () => {
  it('counts hits per key in a fixed window and stays bounded', () => {
    const c = windowCounter(2, 60_000, 3);
    expect([c.hit('a', 0), c.hit('a', 1), c.hit('a', 2)]).toEqual([0, 0, 60]);
    expect(c.hit('b', 2)).toBe(0);
    expect(c.hit('a', 60_000)).toBe(0);
    for (const k of ['c', 'd', 'e', 'f']) c.hit(k, 61_000);
    expect(c.size()).toBeLessThanOrEqual(3);
  });
});
