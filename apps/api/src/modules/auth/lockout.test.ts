import { LOGIN_LOCK_AFTER_FAILURES } from '@app/shared/constants';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, Client, countMessages, latestMessage, randomIp, readMailToken, registerUser, rows, type TestApp } from '../../../test/helper';
import { loginLookup, loginThrottleKey } from './auth.service';
import { DEVICE_COOKIE } from './auth.routes';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const login = (body: unknown, opts: { ip?: string; client?: Client } = {}) => (opts.client ?? new Client(t.app)).post('auth/login', body, { ip: opts.ip ?? randomIp() });

/** An attacker who knows the login: wrong passwords from fresh addresses until the account locks. */
async function lockOut(email: string) {
  let res: Awaited<ReturnType<typeof login>> | undefined;
  for (let i = 0; i < LOGIN_LOCK_AFTER_FAILURES; i++) res = await login({ email, password: `Guess#${i}xxxx` });
  expect(res?.json().code).toBe('account-locked');
}

/** The account holder's browser: opens the unlock link from the e-mail. */
async function unlockWith(client: Client, email: string) {
  const token = await readMailToken(t.db, email);
  return client.post('auth/unlock-account', { token });
}

describe('sign-in throttle keys', () => {
  it('reads a login the way sign-in resolves it', () => {
    expect(loginLookup({ email: '  Owner@Example.COM ' })).toEqual({ email: 'owner@example.com' });
    const variants = ['+966512345678', '0512345678', '966512345678', '512345678', '+966 51 234 5678', '٠٥١٢٣٤٥٦٧٨', '+٩٦٦٥١٢٣٤٥٦٧٨', '00966512345678', '05 1234 5678', '۰۵۱۲۳۴۵۶۷۸'];
    const keys = new Set(variants.flatMap((v) => [loginThrottleKey({ phone: v, phone_country: 'SA' }), loginThrottleKey({ email: v, phone_country: 'SA' })]));
    expect([...keys]).toEqual(['phone:+966512345678']);
    expect(loginThrottleKey({ email: ' A@B.example' })).toBe(loginThrottleKey({ email: 'a@b.EXAMPLE ' }));
  });

  it('gives the same phone written eight ways one allowance, not eight', async () => {
    const u = await registerUser(t.app);
    const n = u.input.phone; // national digits, e.g. 5XXXXXXXX
    const arabic = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    const ways = [`+966${n}`, `0${n}`, `966${n}`, n, `+966 ${n.slice(0, 2)} ${n.slice(2, 5)} ${n.slice(5)}`, arabic(`0${n}`), `00966${n}`, `0${n.slice(0, 2)}-${n.slice(2)}`];
    const ip = randomIp();
    const statuses: number[] = [];
    for (const phone of ways) statuses.push((await login({ phone, phone_country: 'SA', password: 'Wrong#12345' }, { ip })).statusCode);
    expect(statuses.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
  });

  it('gives an e-mail in any case and spacing one allowance', async () => {
    const u = await registerUser(t.app);
    const ip = randomIp();
    const e = u.input.email;
    const ways = [e, e.toUpperCase(), ` ${e}`, `${e}  `, e.replace(/^./, (c) => c.toUpperCase()), e];
    const statuses: number[] = [];
    for (const email of ways) statuses.push((await login({ email, password: 'Wrong#12345' }, { ip })).statusCode);
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
  });
});

describe('the account lock and the way out', () => {
  it('e-mails an unlock link when the account locks; the link lifts the lock once', async () => {
    const u = await registerUser(t.app);
    await lockOut(u.input.email);
    const mail = await latestMessage(t.db, 'email', u.input.email);
    expect(mail?.subject).toBe('Your Khidma account was locked');
    expect(mail?.body).toMatch(/\/unlock-account\?token=/);
    expect((await login({ email: u.input.email, password: u.input.password })).json().code).toBe('account-locked');

    const owner = new Client(t.app);
    const token = await readMailToken(t.db, u.input.email);
    const unlocked = await owner.post('auth/unlock-account', { token });
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.json().message).toMatch(/unlocked/);
    const cookie = unlocked.cookies.find((c) => c.name === DEVICE_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1/auth' });
    const [row] = await rows<{ failed_logins: number; locked_until: Date | null }>(t.db, sql`select failed_logins, locked_until from users where id = ${u.user.uuid}`);
    expect(row).toMatchObject({ failed_logins: 0, locked_until: null });
    // Single use.
    const again = await new Client(t.app).post('auth/unlock-account', { token });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.token).toEqual(['This unlock link is invalid, already used or expired']);
    // The lock is lifted for everyone: the right password now signs in from anywhere.
    expect((await login({ email: u.input.email, password: u.input.password })).statusCode).toBe(200);
  });

  it('keeps the owner in from the unlocked browser however often an attacker locks the account again', async () => {
    const u = await registerUser(t.app);
    await lockOut(u.input.email);
    const owner = new Client(t.app);
    expect((await unlockWith(owner, u.input.email)).statusCode).toBe(200);
    for (let round = 0; round < 3; round++) {
      await lockOut(u.input.email);
      // Anyone without the owner's browser meets the lock, the right password included.
      expect((await login({ email: u.input.email, password: u.input.password })).json().code).toBe('account-locked');
      const mine = await login({ email: u.input.email, password: u.input.password }, { client: owner });
      expect(mine.statusCode, `round ${round}`).toBe(200);
    }
  });

  it('sends one unlock e-mail an hour while the earlier link is unused, even for parallel failures', async () => {
    const u = await registerUser(t.app);
    const before = await countMessages(t.db, 'email', u.input.email);
    await Promise.all(Array.from({ length: 20 }, (_, i) => login({ email: u.input.email, password: `Guess#${i}xxxx` })));
    await lockOut(u.input.email);
    await t.db.execute(sql`update users set locked_until = now() - interval '1 minute' where id = ${u.user.uuid}`);
    await lockOut(u.input.email);
    expect((await countMessages(t.db, 'email', u.input.email)) - before).toBe(1);
  });

  it('counts failures on a trusted browser on it alone, and revokes it after the allowance', async () => {
    const u = await registerUser(t.app);
    await lockOut(u.input.email);
    const owner = new Client(t.app);
    expect((await unlockWith(owner, u.input.email)).statusCode).toBe(200);
    // A stolen cookie buys no more guesses than anybody gets: 10, then the browser is trusted no more.
    for (let i = 0; i < LOGIN_LOCK_AFTER_FAILURES; i++) {
      const res = await login({ email: u.input.email, password: `Guess#${i}xxxx` }, { client: owner });
      expect(res.statusCode).toBe(422);
      expect(res.json().code).not.toBe('account-locked');
    }
    // The account itself took none of those failures.
    const [row] = await rows<{ failed_logins: number }>(t.db, sql`select failed_logins from users where id = ${u.user.uuid}`);
    expect(row?.failed_logins).toBe(0);
    await lockOut(u.input.email);
    expect((await login({ email: u.input.email, password: u.input.password }, { client: owner })).json().code).toBe('account-locked');
  });

  it('a trusted browser of one account is nobody else trusted browser', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    await lockOut(a.input.email);
    const browser = new Client(t.app);
    expect((await unlockWith(browser, a.input.email)).statusCode).toBe(200);
    await lockOut(b.input.email);
    expect((await login({ email: b.input.email, password: b.input.password }, { client: browser })).json().code).toBe('account-locked');
  });

  it('a completed password reset lifts the lock and trusts the browser that reset it', async () => {
    const u = await registerUser(t.app);
    await lockOut(u.input.email);
    const owner = new Client(t.app);
    expect((await owner.post('auth/forgot-password', { email: u.input.email })).statusCode).toBe(200);
    const token = await readMailToken(t.db, u.input.email);
    const password = 'Fresh#98765';
    const reset = await owner.post('auth/reset-password', { email: u.input.email, token, password, password_confirmation: password });
    expect(reset.statusCode).toBe(200);
    expect(reset.cookies.some((c) => c.name === DEVICE_COOKIE && c.httpOnly)).toBe(true);
    // Lifted for everyone…
    expect((await login({ email: u.input.email, password })).statusCode).toBe(200);
    // …and the resetting browser stays in after the attacker locks it again.
    await lockOut(u.input.email);
    expect((await login({ email: u.input.email, password }, { client: owner })).statusCode).toBe(200);
    // The reset link was single use.
    const twice = await new Client(t.app).post('auth/reset-password', { email: u.input.email, token, password: 'Other#98765', password_confirmation: 'Other#98765' });
    expect(twice.statusCode).toBe(422);
  });

  it('refuses a made-up unlock token and an expired one', async () => {
    const bad = await new Client(t.app).post('auth/unlock-account', { token: 'not-a-real-token' });
    expect(bad.statusCode).toBe(422);
    const u = await registerUser(t.app);
    await lockOut(u.input.email);
    const token = await readMailToken(t.db, u.input.email);
    await t.db.execute(sql`update verification_codes set expires_at = now() - interval '1 minute' where user_id = ${u.user.uuid} and purpose = 'unlock_account'`);
    expect((await new Client(t.app).post('auth/unlock-account', { token })).statusCode).toBe(422);
    expect((await new Client(t.app).post('auth/unlock-account', {})).statusCode).toBe(422);
  });

  it('a sign-in from the trusted browser hands a guesser no fresh allowance', async () => {
    const u = await registerUser(t.app);
    await lockOut(u.input.email);
    const owner = new Client(t.app);
    expect((await unlockWith(owner, u.input.email)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await login({ email: u.input.email, password: `Guess#${i}xxxx` });
    expect((await login({ email: u.input.email, password: u.input.password }, { client: owner })).statusCode).toBe(200);
    const [row] = await rows<{ failed_logins: number }>(t.db, sql`select failed_logins from users where id = ${u.user.uuid}`);
    expect(row?.failed_logins).toBe(4);
  });

  it('a new password ends the trust given before it: other trusted browsers and unused unlock links', async () => {
    const u = await registerUser(t.app);
    await lockOut(u.input.email);
    const earlier = new Client(t.app);
    expect((await unlockWith(earlier, u.input.email)).statusCode).toBe(200);
    // A later lock mails a new link, left unused.
    await lockOut(u.input.email);
    await t.db.execute(sql`update verification_codes set created_at = now() - interval '2 hours' where user_id = ${u.user.uuid} and purpose = 'unlock_account'`);
    await t.db.execute(sql`update users set locked_until = now() - interval '1 minute' where id = ${u.user.uuid}`);
    await lockOut(u.input.email);
    const unused = await readMailToken(t.db, u.input.email);

    // The owner changes the password from a signed-in session.
    const signedIn = await login({ email: u.input.email, password: u.input.password }, { client: earlier });
    expect(signedIn.statusCode).toBe(200);
    const session = new Client(t.app);
    session.token = signedIn.json().data.token;
    const password = 'Changed#24680';
    expect((await session.post('auth/update-password', { current_password: u.input.password, password, password_confirmation: password })).statusCode).toBe(200);

    expect((await new Client(t.app).post('auth/unlock-account', { token: unused })).statusCode).toBe(422);
    await t.db.execute(sql`update users set locked_until = null, failed_logins = 0 where id = ${u.user.uuid}`);
    await lockOut(u.input.email);
    expect((await login({ email: u.input.email, password }, { client: earlier })).json().code).toBe('account-locked');
  });

  it('a password reset trusts only the browser that made it', async () => {
    const u = await registerUser(t.app);
    await lockOut(u.input.email);
    const earlier = new Client(t.app);
    expect((await unlockWith(earlier, u.input.email)).statusCode).toBe(200);
    const resetter = new Client(t.app);
    await resetter.post('auth/forgot-password', { email: u.input.email });
    const token = await readMailToken(t.db, u.input.email);
    const password = 'Reset#13579x';
    expect((await resetter.post('auth/reset-password', { email: u.input.email, token, password, password_confirmation: password })).statusCode).toBe(200);
    await lockOut(u.input.email);
    expect((await login({ email: u.input.email, password }, { client: earlier })).json().code).toBe('account-locked');
    expect((await login({ email: u.input.email, password }, { client: resetter })).statusCode).toBe(200);
  });
});
