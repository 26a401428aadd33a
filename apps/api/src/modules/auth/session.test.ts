import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, Client, countMessages, latestMessage, randomIp, readMailToken, registerUser, rows, type TestApp } from '../../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const USER_INFO_FIELDS = [
  'uuid',
  'email',
  'name',
  'profile_photo',
  'phone',
  'phone_country',
  'phone_verified',
  'lang',
  'role',
  'created_at',
  'teams',
  'profile_completed',
  'email_verified',
  'can_imp',
  'is_imp',
  'permissions',
  'type',
  'tenant',
];

describe('GET /api/v1/auth/me', () => {
  it('returns every User info field', async () => {
    const u = await registerUser(t.app);
    const res = await u.client.get('auth/me');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    for (const f of USER_INFO_FIELDS) expect(data, f).toHaveProperty(f);
    expect(data.uuid).toBe(u.user.uuid);
    expect(data.profile_photo).toBeNull();
    expect(data.can_imp).toBe(false);
    expect(data.is_imp).toBe(false);
    expect(data.type).toBe('user');
    expect(Number.isNaN(Date.parse(data.created_at))).toBe(false);
    expect(data.teams).toEqual([]);
    for (const f of ['uuid', 'name', 'logo', 'currency', 'timezone', 'booking_page', 'plugins', 'subscription', 'onTrial', 'trail_ends_at', 'trial_days_left', 'onboarding', 'industry']) {
      expect(data.tenant, f).toHaveProperty(f);
    }
    expect(data.tenant.currency).toBe('SAR');
    expect(data.tenant.timezone).toBe('Asia/Riyadh');
    expect(data.tenant.booking_page).toEqual({ subdomain: null, full_domain: null });
  });

  it('answers 401 without a token', async () => {
    expect((await new Client(t.app).get('auth/me')).statusCode).toBe(401);
  });

  it('answers 401 with a bad token', async () => {
    const res = await new Client(t.app).get('auth/me', { token: 'not-a-real-token-0123456789abcdef' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('You need to sign in first');
  });

  it('answers 401 with an expired token', async () => {
    const u = await registerUser(t.app);
    await t.db.execute(sql`update access_tokens set expires_at = now() - interval '1 second' where user_id = ${u.user.uuid}`);
    expect((await u.client.get('auth/me')).statusCode).toBe(401);
  });
});

describe('POST /api/v1/auth/logout', () => {
  it('revokes the token used', async () => {
    const u = await registerUser(t.app);
    const other = await new Client(t.app).post('auth/login', { email: u.input.email, password: u.input.password });
    const res = await u.client.post('auth/logout');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Signed out');
    expect((await u.client.get('auth/me')).statusCode).toBe(401);
    // Other sessions stay.
    expect((await new Client(t.app).get('auth/me', { token: other.json().data.token })).statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    expect((await new Client(t.app).post('auth/logout')).statusCode).toBe(401);
  });
});

describe('POST /api/v1/auth/update-password', () => {
  it('changes the password, revokes every token and returns a working new one', async () => {
    const u = await registerUser(t.app);
    const second = await new Client(t.app).post('auth/login', { email: u.input.email, password: u.input.password });
    const secondToken = second.json().data.token;
    const res = await u.client.post('auth/update-password', { current_password: u.input.password, password: 'NewSecret#987', password_confirmation: 'NewSecret#987' });
    expect(res.statusCode).toBe(200);
    const newToken = res.json().data.token;
    expect(typeof newToken).toBe('string');
    expect((await new Client(t.app).get('auth/me', { token: u.token })).statusCode).toBe(401);
    expect((await new Client(t.app).get('auth/me', { token: secondToken })).statusCode).toBe(401);
    expect((await new Client(t.app).get('auth/me', { token: newToken })).statusCode).toBe(200);
    expect((await new Client(t.app).post('auth/login', { email: u.input.email, password: u.input.password })).statusCode).toBe(422);
    expect((await new Client(t.app).post('auth/login', { email: u.input.email, password: 'NewSecret#987' })).statusCode).toBe(200);
  });

  it('rejects a wrong current_password with 422 on current_password and keeps the session', async () => {
    const u = await registerUser(t.app);
    const res = await u.client.post('auth/update-password', { current_password: 'Wrong#12345', password: 'NewSecret#987', password_confirmation: 'NewSecret#987' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ current_password: ['The current password is incorrect'] });
    expect((await u.client.get('auth/me')).statusCode).toBe(200);
  });

  it('validates the new password and its confirmation', async () => {
    const u = await registerUser(t.app);
    const short = await u.client.post('auth/update-password', { current_password: u.input.password, password: 'short', password_confirmation: 'short' });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.password).toEqual(['Password must be at least 8 characters']);
    const mismatch = await u.client.post('auth/update-password', { current_password: u.input.password, password: 'NewSecret#987', password_confirmation: 'NewSecret#988' });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.password_confirmation).toEqual(['Must match the other field']);
  });
});

describe('POST /api/v1/auth/forgot-password and reset-password', () => {
  it('always answers 200, and sends nothing for an unknown e-mail', async () => {
    const email = 'unknown-forgot@test.example';
    const res = await new Client(t.app).post('auth/forgot-password', { email });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('If that e-mail is registered, we have sent it a password reset link');
    expect(await countMessages(t.db, 'email', email)).toBe(0);
  });

  it('rejects an invalid e-mail with 422', async () => {
    const res = await new Client(t.app).post('auth/forgot-password', { email: 'nope' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(['Invalid e-mail address']);
  });

  it('resets the password with the token of the e-mailed link, once, and revokes the tokens', async () => {
    const u = await registerUser(t.app);
    const res = await new Client(t.app).post('auth/forgot-password', { email: u.input.email });
    expect(res.statusCode).toBe(200);
    const mail = await latestMessage(t.db, 'email', u.input.email);
    expect(mail?.subject).toBe('Reset your password');
    expect(mail?.body).toContain(`email=${encodeURIComponent(u.input.email)}`);
    const token = await readMailToken(t.db, u.input.email);

    const wrongEmail = await new Client(t.app).post('auth/reset-password', { email: 'other@test.example', token, password: 'Brand#New123', password_confirmation: 'Brand#New123' });
    expect(wrongEmail.statusCode).toBe(422);
    expect(wrongEmail.json().errors.email).toEqual(['This password reset link is invalid or has expired']);

    const ok = await new Client(t.app).post('auth/reset-password', { email: u.input.email, token, password: 'Brand#New123', password_confirmation: 'Brand#New123' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().status).toBe('Your password has been reset, sign in');
    expect((await u.client.get('auth/me')).statusCode).toBe(401);
    expect((await new Client(t.app).post('auth/login', { email: u.input.email, password: 'Brand#New123' })).statusCode).toBe(200);

    const reuse = await new Client(t.app).post('auth/reset-password', { email: u.input.email, token, password: 'Other#New123', password_confirmation: 'Other#New123' });
    expect(reuse.statusCode).toBe(422);
    expect((await new Client(t.app).post('auth/login', { email: u.input.email, password: 'Other#New123' })).statusCode).toBe(422);
  });

  it('rejects a bad token and an expired one', async () => {
    const u = await registerUser(t.app);
    const bad = await new Client(t.app).post('auth/reset-password', { email: u.input.email, token: 'bogus', password: 'Brand#New123', password_confirmation: 'Brand#New123' });
    expect(bad.statusCode).toBe(422);
    await new Client(t.app).post('auth/forgot-password', { email: u.input.email });
    const token = await readMailToken(t.db, u.input.email);
    await t.db.execute(sql`update verification_codes set expires_at = now() - interval '1 second' where purpose = 'reset_password' and user_id = ${u.user.uuid}`);
    const expired = await new Client(t.app).post('auth/reset-password', { email: u.input.email, token, password: 'Brand#New123', password_confirmation: 'Brand#New123' });
    expect(expired.statusCode).toBe(422);
  });

  it('only honours the latest link', async () => {
    const u = await registerUser(t.app);
    await new Client(t.app).post('auth/forgot-password', { email: u.input.email });
    const first = await readMailToken(t.db, u.input.email);
    await new Client(t.app).post('auth/forgot-password', { email: u.input.email });
    const second = await readMailToken(t.db, u.input.email);
    expect(second).not.toBe(first);
    const old = await new Client(t.app).post('auth/reset-password', { email: u.input.email, token: first, password: 'Brand#New123', password_confirmation: 'Brand#New123' });
    expect(old.statusCode).toBe(422);
    const ok = await new Client(t.app).post('auth/reset-password', { email: u.input.email, token: second, password: 'Brand#New123', password_confirmation: 'Brand#New123' });
    expect(ok.statusCode).toBe(200);
  });

  it('unlocks a locked account', async () => {
    const u = await registerUser(t.app);
    await t.db.execute(sql`update users set locked_until = now() + interval '10 minutes' where email = ${u.input.email}`);
    await new Client(t.app).post('auth/forgot-password', { email: u.input.email });
    const token = await readMailToken(t.db, u.input.email);
    await new Client(t.app).post('auth/reset-password', { email: u.input.email, token, password: 'Brand#New123', password_confirmation: 'Brand#New123' });
    const [row] = await rows<{ locked_until: Date | null }>(t.db, sql`select locked_until from users where email = ${u.input.email}`);
    expect(row?.locked_until).toBeNull();
    expect((await new Client(t.app).post('auth/login', { email: u.input.email, password: 'Brand#New123' }, { ip: randomIp() })).statusCode).toBe(200);
  });
});
