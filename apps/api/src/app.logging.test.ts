import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskUrl } from './app';
import { loggable } from './plugins/errors';
import { buildTestApp, Client, latestMessage, readMailToken, readOtp, registerUser, type TestApp } from '../test/helper';

/** Every string value anywhere in a parsed log line. */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, out);
  return out;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * Whether a short numeric code shows as a value of its own in these strings: not inside a longer
 * number or word, nor as a segment of an id (a uuid's third group is four digits about one time in
 * four, so a random 4-digit code once met a logged id's: a chance failure, not a leak).
 */
function showsCode(values: string[], code: string): boolean {
  const alone = new RegExp(`(^|[^0-9a-z])${code}([^0-9a-z]|$)`, 'i');
  return values.some((v) => alone.test(v.replace(UUID, '')));
}

let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  t = await buildTestApp({ env: { LOG_LEVEL: 'info' }, logStream: { write: (msg: string) => void lines.push(msg) } });
});
afterAll(async () => {
  await t?.close();
});

describe('logs', () => {
  it('never contain the password, the token, the OTP code, reset/verify tokens or the XSRF value', async () => {
    const u = await registerUser(t.app);
    const otp = await readOtp(t.db, u.phoneE164);
    const sms = await latestMessage(t.db, 'sms', u.phoneE164);
    const emailToken = await readMailToken(t.db, u.input.email);
    expect((await u.client.post('auth/verify-otp', { code: otp })).statusCode).toBe(200);
    const login = await new Client(t.app).post('auth/login', { email: u.input.email, password: u.input.password });
    expect(login.statusCode).toBe(200);
    const loginToken = login.json().data.token as string;
    await new Client(t.app).post('auth/login', { email: u.input.email, password: 'Wrong#Password1' });
    await new Client(t.app).post('auth/forgot-password', { email: u.input.email });
    const resetToken = await readMailToken(t.db, u.input.email);
    await new Client(t.app).post('auth/reset-password', { email: u.input.email, token: resetToken, password: 'Another#Pass1', password_confirmation: 'Another#Pass1' });
    await new Client(t.app).post('auth/email/verify', { token: emailToken });
    await new Client(t.app).get('auth/me', { token: loginToken });
    const xsrf = u.client.cookies['XSRF-TOKEN'];

    const text = lines.join('');
    expect(lines.length).toBeGreaterThan(5);
    expect(text).toMatch(/"url":"\/api\/v1\/auth\/login"/);
    for (const secret of [u.input.password, 'Wrong#Password1', 'Another#Pass1', u.token, loginToken, emailToken, resetToken, xsrf, sms?.body]) {
      expect(secret).toBeTruthy();
      expect(text.includes(secret as string), `log leaks ${String(secret).slice(0, 6)}…`).toBe(false);
    }
    // The code is only 4 digits: look for it as a value, not inside timestamps or ids.
    const values = lines.flatMap((l) => strings(JSON.parse(l)));
    expect(showsCode(values, otp)).toBe(false);
  });

  it('tells a code standing alone from the same digits inside an id or a longer number (the case that once failed by chance)', () => {
    expect(showsCode(['user 1c0e6a2e-5b1d-4123-9f00-0a1b2c3d4e5f signed in'], '4123')).toBe(false);
    expect(showsCode(['2026-11-28T02:41:23.000Z', 'took 641234 µs'], '4123')).toBe(false);
    expect(showsCode(['your code is 4123'], '4123')).toBe(true);
    expect(showsCode(['{"code":"4123"}', '4123'], '4123')).toBe(true);
  });

  it('mask secrets that travel in URLs (invitation links, token query parameters)', async () => {
    const secret = 'S3cretInvitationToken0123456789';
    await new Client(t.app).get(`auth/invitations/${secret}`);
    await new Client(t.app).get(`auth/me?token=${secret}x`);
    const text = lines.join('');
    expect(text).toContain('/auth/invitations/[redacted]');
    expect(text.includes(secret)).toBe(false);
  });

  it('never contain the unlock link or the trusted-browser cookie', async () => {
    const u = await registerUser(t.app);
    for (let i = 0; i < 10; i++) await new Client(t.app).post('auth/login', { email: u.input.email, password: `Guess#${i}xxxx` });
    const unlockToken = await readMailToken(t.db, u.input.email);
    const browser = new Client(t.app);
    expect((await browser.post('auth/unlock-account', { token: unlockToken })).statusCode).toBe(200);
    const device = browser.cookies['khidma_device'];
    expect((await browser.post('auth/login', { email: u.input.email, password: u.input.password })).statusCode).toBe(200);
    const text = lines.join('');
    for (const secret of [unlockToken, device]) {
      expect(secret).toBeTruthy();
      expect(text.includes(secret as string), `log leaks ${String(secret).slice(0, 6)}…`).toBe(false);
    }
  });

  it('keep the values of a failed query out of a 500 entry', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' });
    const failed = Object.assign(new Error('Failed query: insert into outbox_messages values ($1)\nparams: http://x/reset-password?token=SECRETVALUE'), {
      name: 'DrizzleQueryError',
      query: 'insert into outbox_messages values ($1)',
      params: ['http://x/reset-password?token=SECRETVALUE'],
      cause,
    });
    const entry = JSON.stringify(loggable(failed));
    expect(entry).not.toContain('SECRETVALUE');
    expect(entry).toContain('insert into outbox_messages');
    expect(entry).toContain('23505');
    const plain = new Error('plain');
    expect(loggable(plain)).toBe(plain);
  });

  it('mask e-mail addresses that travel in URLs', () => {
    expect(maskUrl('/reset-password?token=abc&email=owner%40x.example')).toBe('/reset-password?token=[redacted]&email=[redacted]');
  });

  it('mask the SMS callback secret and review-link tokens', () => {
    expect(maskUrl('/api/v1/webhooks/sms/unifonic?secret=s3cr3t')).toBe('/api/v1/webhooks/sms/unifonic?secret=[redacted]');
    expect(maskUrl('/api/v1/public/reviews/AbC_-123')).toBe('/api/v1/public/reviews/[redacted]');
  });
});
