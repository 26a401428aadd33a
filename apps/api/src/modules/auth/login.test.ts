import { LOGIN_LOCK_AFTER_FAILURES } from '@app/shared/constants';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, Client, randomIp, registerUser, rows, type TestApp } from '../../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const login = (body: unknown, ip = randomIp()) => new Client(t.app).post('auth/login', body, { ip });

describe('POST /api/v1/auth/login', () => {
  it('signs in by e-mail (any case) and returns user and a working token', async () => {
    const u = await registerUser(t.app);
    const res = await login({ email: u.input.email.toUpperCase(), password: u.input.password });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.user.uuid).toBe(u.user.uuid);
    expect(data.token).not.toBe(u.token);
    const me = await new Client(t.app).get('auth/me', { token: data.token });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.email).toBe(u.input.email);
  });

  it('signs in by phone in the local 05… form', async () => {
    const u = await registerUser(t.app);
    const res = await login({ phone: `0${u.input.phone}`, phone_country: 'SA', password: u.input.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.uuid).toBe(u.user.uuid);
  });

  it('signs in by phone in the +966 form, country defaulting to SA', async () => {
    const u = await registerUser(t.app);
    const res = await login({ phone: `+966${u.input.phone}`, password: u.input.password });
    expect(res.statusCode).toBe(200);
  });

  it('accepts a phone typed in the e-mail box', async () => {
    const u = await registerUser(t.app);
    const res = await login({ email: `0${u.input.phone}`, password: u.input.password });
    expect(res.statusCode).toBe(200);
  });

  it('rejects a wrong password with 422 on the field used', async () => {
    const u = await registerUser(t.app);
    const byEmail = await login({ email: u.input.email, password: 'Wrong#12345' });
    expect(byEmail.statusCode).toBe(422);
    expect(byEmail.json().errors).toEqual({ email: ['These credentials do not match our records'] });
    const byPhone = await login({ phone: `0${u.input.phone}`, password: 'Wrong#12345' });
    expect(byPhone.statusCode).toBe(422);
    expect(byPhone.json().errors).toEqual({ phone: ['These credentials do not match our records'] });
  });

  it('rejects an unknown account with the same answer as a wrong password', async () => {
    const res = await login({ email: 'nobody-here@test.example', password: 'Wrong#12345' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: ['These credentials do not match our records'] });
  });

  it('rejects a missing login with 422 on email and phone', async () => {
    const res = await login({ password: 'x' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(['Enter your e-mail or phone']);
    expect(res.json().errors.phone).toEqual(['Enter your e-mail or phone']);
  });

  it('rejects a missing password as required', async () => {
    const res = await login({ email: 'a@b.example' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.password).toEqual(['This field is required']);
  });

  it('throttles after 5 attempts a minute from one address for one login (429 with retry_after)', async () => {
    const u = await registerUser(t.app);
    const ip = randomIp();
    for (let i = 0; i < 5; i++) expect((await login({ email: u.input.email, password: 'Wrong#12345' }, ip)).statusCode).toBe(422);
    const res = await login({ email: u.input.email, password: u.input.password }, ip);
    expect(res.statusCode).toBe(429);
    const body = res.json();
    expect(body.retry_after).toBeGreaterThan(0);
    expect(body.retry_after).toBeLessThanOrEqual(60);
    expect(body.message).toContain(String(body.retry_after));
    expect(res.headers['retry-after']).toBe(String(body.retry_after));
    // Another address still gets through.
    expect((await login({ email: u.input.email, password: u.input.password })).statusCode).toBe(200);
  });

  it('locks the account after 10 failures, even for the right password, and unlocks when the lock ends', async () => {
    const u = await registerUser(t.app);
    const statuses: number[] = [];
    let last: { code?: string; message?: string } = {};
    for (let i = 0; i < 10; i++) {
      const res = await login({ email: u.input.email, password: `Wrong#${i}xxxx` });
      statuses.push(res.statusCode);
      last = res.json();
    }
    expect(statuses.every((s) => s === 422)).toBe(true);
    expect(last.code).toBe('account-locked');
    expect(last.message).toMatch(/Account locked/);

    const right = await login({ email: u.input.email, password: u.input.password });
    expect(right.statusCode).toBe(422);
    expect(right.json().code).toBe('account-locked');
    expect(right.json().errors.email[0]).toMatch(/Account locked/);

    await t.db.execute(sql`update users set locked_until = now() - interval '1 minute' where email = ${u.input.email}`);
    const after = await login({ email: u.input.email, password: u.input.password });
    expect(after.statusCode).toBe(200);
    const [row] = await rows<{ failed_logins: number; locked_until: Date | null }>(t.db, sql`select failed_logins, locked_until from users where email = ${u.input.email}`);
    expect(row?.failed_logins).toBe(0);
    expect(row?.locked_until).toBeNull();
  });

  it('counts parallel wrong passwords atomically: 30 at once from 30 addresses, then the right one is locked out', async () => {
    const u = await registerUser(t.app);
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => login({ email: u.input.email, password: `Wrong#${i}xxxx` }, randomIp())));
    expect(results.map((r) => r.statusCode).every((s) => s === 422)).toBe(true);
    // Only the allowance reached the password check: 9 plain failures, the 10th and every later one locked.
    const plain = results.filter((r) => r.json().code !== 'account-locked');
    expect(plain).toHaveLength(LOGIN_LOCK_AFTER_FAILURES - 1);
    const right = await login({ email: u.input.email, password: u.input.password }, randomIp());
    expect(right.statusCode).toBe(422);
    expect(right.json().code).toBe('account-locked');
    const [row] = await rows<{ locked_until: Date | null }>(t.db, sql`select locked_until from users where email = ${u.input.email}`);
    expect(new Date(row?.locked_until ?? 0).getTime()).toBeGreaterThan(Date.now());
  });

  it('resets the failure count after a successful sign-in', async () => {
    const u = await registerUser(t.app);
    for (let i = 0; i < 3; i++) await login({ email: u.input.email, password: 'Wrong#12345' });
    expect((await login({ email: u.input.email, password: u.input.password })).statusCode).toBe(200);
    const [row] = await rows<{ failed_logins: number }>(t.db, sql`select failed_logins from users where email = ${u.input.email}`);
    expect(row?.failed_logins).toBe(0);
  });

  it('refuses a deactivated account', async () => {
    const u = await registerUser(t.app);
    await t.db.execute(sql`update users set status = 'inactive' where email = ${u.input.email}`);
    const res = await login({ email: u.input.email, password: u.input.password });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(['This account is deactivated, contact your admin']);
    // And its existing tokens stop working.
    expect((await u.client.get('auth/me')).statusCode).toBe(401);
  });
});
