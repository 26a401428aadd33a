import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, Client, countMessages, readMailToken, registerUser, rows, type TestApp, validRegistration } from '../../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/v1/auth/email/verify', () => {
  it('verifies the e-mail with the token of the link', async () => {
    const u = await registerUser(t.app);
    const token = await readMailToken(t.db, u.input.email);
    const res = await new Client(t.app).post('auth/email/verify', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('E-mail verified');
    expect((await u.client.get('auth/me')).json().data.email_verified).toBe(true);
    // Once.
    expect((await new Client(t.app).post('auth/email/verify', { token })).statusCode).toBe(422);
  });

  it('rejects a bad token with 422 on token', async () => {
    const res = await new Client(t.app).post('auth/email/verify', { token: 'not-a-token' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ token: ['This activation link is invalid or has expired'] });
    const missing = await new Client(t.app).post('auth/email/verify', {});
    expect(missing.json().errors.token).toEqual(['This field is required']);
  });

  it('rejects an expired token', async () => {
    const u = await registerUser(t.app);
    const token = await readMailToken(t.db, u.input.email);
    await t.db.execute(sql`update verification_codes set expires_at = now() - interval '1 second' where user_id = ${u.user.uuid}`);
    expect((await new Client(t.app).post('auth/email/verify', { token })).statusCode).toBe(422);
  });
});

describe('POST /api/v1/auth/email/verification-notification', () => {
  it('sends a new link that replaces the old one', async () => {
    const u = await registerUser(t.app);
    const old = await readMailToken(t.db, u.input.email);
    const res = await u.client.post('auth/email/verification-notification');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('We sent an activation link to your e-mail');
    expect(await countMessages(t.db, 'email', u.input.email)).toBe(2);
    const fresh = await readMailToken(t.db, u.input.email);
    expect(fresh).not.toBe(old);
    expect((await new Client(t.app).post('auth/email/verify', { token: old })).statusCode).toBe(422);
    expect((await new Client(t.app).post('auth/email/verify', { token: fresh })).statusCode).toBe(200);
    // Already verified now.
    const again = await u.client.post('auth/email/verification-notification');
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.email).toEqual(['Already verified']);
  });

  it('answers 401 signed out', async () => {
    expect((await new Client(t.app).post('auth/email/verification-notification')).statusCode).toBe(401);
  });
});

describe('POST /api/v1/auth/resend-mail', () => {
  it('sends a new link to a registered, unverified address', async () => {
    const u = await registerUser(t.app);
    const res = await new Client(t.app).post('auth/resend-mail', { email: u.input.email });
    expect(res.statusCode).toBe(200);
    expect(await countMessages(t.db, 'email', u.input.email)).toBe(2);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const email = 'nobody-resend@test.example';
    const res = await new Client(t.app).post('auth/resend-mail', { email });
    expect(res.statusCode).toBe(200);
    expect(await countMessages(t.db, 'email', email)).toBe(0);
  });

  it('rejects a bad address with 422', async () => {
    const res = await new Client(t.app).post('auth/resend-mail', { email: 'bad' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(['Invalid e-mail address']);
  });
});

describe('POST /api/v1/auth/change-email', () => {
  it('rejects a wrong password with 422 on current_password', async () => {
    const u = await registerUser(t.app);
    const res = await u.client.post('auth/change-email', { new_email: 'fresh-addr@test.example', current_password: 'Wrong#12345' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ current_password: ['The current password is incorrect'] });
  });

  it('rejects an address taken by another user, or the own one, with 422 on new_email', async () => {
    const u = await registerUser(t.app);
    const other = await registerUser(t.app);
    const taken = await u.client.post('auth/change-email', { new_email: other.input.email, current_password: u.input.password });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ new_email: ['This value already exists'] });
    const own = await u.client.post('auth/change-email', { new_email: u.input.email, current_password: u.input.password });
    expect(own.statusCode).toBe(422);
  });

  it('keeps the address pending until the link to the new address is opened', async () => {
    const u = await registerUser(t.app);
    const next = validRegistration().email;
    const res = await u.client.post('auth/change-email', { new_email: next.toUpperCase(), current_password: u.input.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/confirmation link/);
    const [row] = await rows<{ email: string; pending_email: string }>(t.db, sql`select email, pending_email from users where id = ${u.user.uuid}`);
    expect(row).toEqual({ email: u.input.email, pending_email: next });
    expect((await u.client.get('auth/me')).json().data.email).toBe(u.input.email);

    // Nobody else can sign up with the pending address.
    const clash = await new Client(t.app).post('auth/register', validRegistration({ email: next }));
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors.email).toEqual(['This value already exists']);

    const token = await readMailToken(t.db, next);
    expect((await new Client(t.app).post('auth/email/verify', { token })).statusCode).toBe(200);
    const me = (await u.client.get('auth/me')).json().data;
    expect(me.email).toBe(next);
    expect(me.email_verified).toBe(true);
    expect((await new Client(t.app).post('auth/login', { email: next, password: u.input.password })).statusCode).toBe(200);
    expect((await new Client(t.app).post('auth/login', { email: u.input.email, password: u.input.password })).statusCode).toBe(422);
  });

  it('rejects a bad address with 422', async () => {
    const u = await registerUser(t.app);
    const res = await u.client.post('auth/change-email', { new_email: 'bad', current_password: u.input.password });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.new_email).toEqual(['Invalid e-mail address']);
  });
});
