import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, countMessages, readOtp, registerUser, type RegisteredUser, type TestApp } from '../../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const wrongCode = (code: string) => String((Number(code) + 1) % 10000).padStart(4, '0');
const verify = (u: RegisteredUser, code: string) => u.client.post('auth/verify-otp', { code });
const backdateCodes = (u: RegisteredUser, seconds: number) =>
  t.db.execute(sql`update verification_codes set created_at = created_at - make_interval(secs => ${seconds}) where user_id = ${u.user.uuid} and purpose = 'phone'`);

describe('POST /api/v1/auth/verify-otp', () => {
  it('verifies the phone with the right code', async () => {
    const u = await registerUser(t.app);
    const res = await verify(u, await readOtp(t.db, u.phoneE164));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Phone number verified');
    expect(res.json().data.phone_verified).toBe(true);
    expect((await u.client.get('auth/me')).json().data.phone_verified).toBe(true);
  });

  it('rejects a wrong code with 422 on code', async () => {
    const u = await registerUser(t.app);
    const res = await verify(u, wrongCode(await readOtp(t.db, u.phoneE164)));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ code: ['The verification code is incorrect'] });
    expect((await u.client.get('auth/me')).json().data.phone_verified).toBe(false);
  });

  it('rejects a code that is not 4 digits', async () => {
    const u = await registerUser(t.app);
    for (const code of ['123', '12345', '12a4', '', '١٢٣٤x']) {
      const res = await verify(u, code);
      expect(res.statusCode, code).toBe(422);
      expect(res.json().errors.code).toEqual(['The verification code is 4 digits']);
    }
    const missing = await u.client.post('auth/verify-otp', {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.code).toEqual(['This field is required']);
  });

  it('after 5 wrong attempts refuses even the right code until a new one is sent', async () => {
    const u = await registerUser(t.app);
    const code = await readOtp(t.db, u.phoneE164);
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await verify(u, wrongCode(code));
      expect(res.statusCode).toBe(422);
      messages.push(res.json().errors.code[0]);
    }
    expect(messages.slice(0, 4).every((m) => m === 'The verification code is incorrect')).toBe(true);
    expect(messages[4]).toBe('Too many attempts, request a new code');
    const right = await verify(u, code);
    expect(right.statusCode).toBe(422);
    expect(right.json().errors.code).toEqual(['Too many attempts, request a new code']);

    await backdateCodes(u, 61);
    expect((await u.client.post('auth/resend-otp', {})).statusCode).toBe(200);
    const fresh = await readOtp(t.db, u.phoneE164);
    expect((await verify(u, fresh)).statusCode).toBe(200);
  });

  it('rejects an expired code', async () => {
    const u = await registerUser(t.app);
    const code = await readOtp(t.db, u.phoneE164);
    await t.db.execute(sql`update verification_codes set expires_at = now() - interval '1 second' where user_id = ${u.user.uuid} and purpose = 'phone'`);
    const res = await verify(u, code);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.code).toEqual(['The code has expired, request a new one']);
  });

  it('answers 200 again once verified (idempotent)', async () => {
    const u = await registerUser(t.app);
    const code = await readOtp(t.db, u.phoneE164);
    expect((await verify(u, code)).statusCode).toBe(200);
    expect((await verify(u, code)).statusCode).toBe(200);
  });

  it('answers 401 signed out', async () => {
    const u = await registerUser(t.app);
    const res = await u.client.post('auth/verify-otp', { code: '1234' }, { token: null });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/v1/auth/resend-otp', () => {
  it('refuses a resend within 60 seconds with 429 and retry_after', async () => {
    const u = await registerUser(t.app);
    const res = await u.client.post('auth/resend-otp', { email: u.input.email });
    expect(res.statusCode).toBe(429);
    const body = res.json();
    expect(body.retry_after).toBeGreaterThan(0);
    expect(body.retry_after).toBeLessThanOrEqual(60);
    expect(body.message).toMatch(/^Wait \d+ seconds before requesting a new code$/);
    expect(await countMessages(t.db, 'sms', u.phoneE164)).toBe(1);
  });

  it('after 60 seconds sends a new code that works while the old one does not', async () => {
    const u = await registerUser(t.app);
    const old = await readOtp(t.db, u.phoneE164);
    await backdateCodes(u, 61);
    const res = await u.client.post('auth/resend-otp');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('We sent a verification code to your phone');
    expect(await countMessages(t.db, 'sms', u.phoneE164)).toBe(2);
    const fresh = await readOtp(t.db, u.phoneE164);
    if (fresh !== old) {
      const stale = await verify(u, old);
      expect(stale.statusCode).toBe(422);
    }
    expect((await verify(u, fresh)).statusCode).toBe(200);
  });

  it('refuses a resend once the phone is verified', async () => {
    const u = await registerUser(t.app);
    await verify(u, await readOtp(t.db, u.phoneE164));
    await backdateCodes(u, 61);
    const res = await u.client.post('auth/resend-otp');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.code).toEqual(['Already verified']);
  });
});

describe('phone verification gate', () => {
  it('answers 403 phone-verification on onboarding routes and the dashboard before verification', async () => {
    const u = await registerUser(t.app);
    for (const [method, url] of [
      ['GET', 'fetchIndustries'],
      ['GET', 'auth/onboarding-status'],
      ['GET', 'auth/suggestion-domains?name=abc'],
      ['POST', 'auth/update-tenant-info'],
      ['POST', 'auth/update-tenant-profile'],
      ['POST', 'auth/complete-profile'],
      ['GET', 'auth/onboarding-skip'],
      ['GET', 'dashboard'],
    ] as const) {
      const res = await u.client.request(method, url, method === 'POST' ? { body: {} } : {});
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code, url).toBe('phone-verification');
      expect(res.json().message).toBe('Verify your phone number first');
    }
    // me is reachable.
    expect((await u.client.get('auth/me')).statusCode).toBe(200);
  });
});
