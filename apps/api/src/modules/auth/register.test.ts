import { OTP_LENGTH, TRIAL_DAYS } from '@app/shared/constants';
import { PERMISSION_KEYS } from '@app/shared/permissions';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, Client, latestMessage, randomSaMobile, registerUser, rows, type TestApp, validRegistration } from '../../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const register = (body: unknown, lang = 'en') => new Client(t.app).post('auth/register', body, { lang });

describe('POST /api/v1/auth/register', () => {
  it('creates the user and tenant and answers 201 with user and token', async () => {
    const input = validRegistration({ name: 'Noura Al-Otaibi' });
    const res = await register(input);
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(typeof data.token).toBe('string');
    expect(data.token.length).toBeGreaterThan(20);
    expect(data.user.email).toBe(input.email);
    expect(data.user.name).toBe('Noura Al-Otaibi');
    expect(data.user.phone).toBe(`+966${input.phone}`);
    expect(data.user.phone_country).toBe('SA');
    expect(data.user.phone_verified).toBe(false);
    expect(data.user.email_verified).toBe(false);
    expect(data.user.profile_completed).toBe(false);
    expect(data.user.tenant.onboarding.completed_level).toBe(2);
  });

  it('puts the tenant on a 7-day trial', async () => {
    const before = Date.now();
    const { user } = await registerUser(t.app);
    expect(user.tenant.onTrial).toBe(true);
    expect(user.tenant.subscription).toBeNull();
    const ends = new Date(user.tenant.trail_ends_at ?? 0).getTime();
    expect(Math.abs(ends - (before + TRIAL_DAYS * 86_400_000))).toBeLessThan(60_000);
    expect(user.tenant.trial_days_left).toBe(TRIAL_DAYS);
  });

  it('makes the user the owner with every permission', async () => {
    const { user } = await registerUser(t.app);
    expect(user.role).toHaveLength(1);
    expect(user.role[0]?.slug).toBe('owner');
    expect([...user.permissions].sort()).toEqual([...PERMISSION_KEYS].sort());
  });

  it('takes the language from the body, else from Accept-Language', async () => {
    expect((await registerUser(t.app, { locale: 'en' })).user.lang).toBe('en');
    const res = await register(validRegistration(), 'ar');
    expect(res.json().data.user.lang).toBe('ar');
  });

  it('accepts phone forms of the country: 05…, +966…, 00966…, Arabic-Indic digits', async () => {
    const forms = [(n: string) => `0${n}`, (n: string) => `+966 ${n}`, (n: string) => `00966${n}`, (n: string) => `0${n}`.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)))];
    for (const f of forms) {
      const n = randomSaMobile();
      const res = await register(validRegistration({ phone: f(n) }));
      expect(res.statusCode, f(n)).toBe(201);
      expect(res.json().data.user.phone).toBe(`+966${n}`);
    }
  });

  it('stores the e-mail in lower case', async () => {
    const input = validRegistration();
    const res = await register({ ...input, email: input.email.toUpperCase() });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.user.email).toBe(input.email);
  });

  it('sends an OTP SMS and a verification e-mail through the outbox', async () => {
    const u = await registerUser(t.app, { locale: 'en' });
    const sms = await latestMessage(t.db, 'sms', u.phoneE164);
    expect(sms?.body).toMatch(new RegExp(`\\b\\d{${OTP_LENGTH}}\\b`));
    const mail = await latestMessage(t.db, 'email', u.input.email);
    expect(mail?.subject).toBe('Activate your Khidma e-mail');
    expect(mail?.body).toMatch(/\/verify-your-email\?token=/);
  });

  it('never stores the password in clear', async () => {
    const u = await registerUser(t.app);
    const [row] = await rows<{ password_hash: string }>(t.db, sql`select password_hash from users where email = ${u.input.email}`);
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    expect(row?.password_hash).not.toContain(u.input.password);
  });

  describe('rejects bad fields with 422 on the field', () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['a name of 3 characters', { name: 'Abc' }, 'name', 'Name must be more than 3 characters'],
      ['a blank name', { name: '   ' }, 'name', 'This field is required'],
      ['a bad e-mail', { email: 'not-an-email' }, 'email', 'Invalid e-mail address'],
      ['an e-mail without domain', { email: 'a@' }, 'email', 'Invalid e-mail address'],
      ['a phone that is not a Saudi mobile', { phone: '412345678' }, 'phone', 'Invalid phone number'],
      ['a phone too short', { phone: '5123' }, 'phone', 'Invalid phone number'],
      ['a phone with letters', { phone: '5abc12345' }, 'phone', 'Invalid phone number'],
      ['a Saudi number with an Egyptian country', { phone_country: 'EG' }, 'phone', 'Invalid phone number'],
      ['an unknown country', { phone_country: 'XX' }, 'phone_country', 'Invalid value'],
      ['a password under 8', { password: 'short1', password_confirmation: 'short1' }, 'password', 'Password must be at least 8 characters'],
      ['a mismatched confirmation', { password_confirmation: 'Different#123' }, 'password_confirmation', 'Must match the other field'],
      ['an unknown locale', { locale: 'fr' }, 'locale', 'Invalid value'],
      ['a name that is a number', { name: 12345 }, 'name', 'Must be text'],
    ];
    for (const [what, patch, field, message] of cases) {
      it(`rejects ${what}`, async () => {
        const res = await register({ ...validRegistration(), ...patch });
        expect(res.statusCode).toBe(422);
        const body = res.json();
        expect(body.errors[field]).toContain(message);
        expect(typeof body.message).toBe('string');
      });
    }

    it('reports every missing field as required', async () => {
      const res = await register({});
      expect(res.statusCode).toBe(422);
      const { errors, message } = res.json();
      for (const f of ['name', 'email', 'phone', 'password', 'password_confirmation']) expect(errors[f], f).toEqual(['This field is required']);
      expect(message).toBe('This field is required');
    });

    it('reports required in Arabic by default', async () => {
      const res = await new Client(t.app).post('auth/register', {}, { lang: '' });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.name).toEqual(['هذا الحقل مطلوب']);
    });

    it('answers a non-object body with 422, never 500', async () => {
      for (const body of [[], 'text', 42, null, [validRegistration()]]) {
        const res = await new Client(t.app).post('auth/register', undefined, { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
        expect(res.statusCode, JSON.stringify(body)).toBe(422);
      }
    });

    it('answers malformed JSON with 422', async () => {
      const res = await new Client(t.app).post('auth/register', undefined, { payload: '{"name":', headers: { 'content-type': 'application/json' } });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('The request body is not valid JSON');
    });

    it('answers a form-encoded body with 415', async () => {
      const res = await new Client(t.app).post('auth/register', undefined, { payload: 'name=abc', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(res.statusCode).toBe(415);
    });
  });

  it('rejects a duplicate e-mail with 422 on email', async () => {
    const u = await registerUser(t.app);
    const res = await register(validRegistration({ email: u.input.email }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: ['This value already exists'] });
  });

  it('rejects a duplicate e-mail in another case with 422', async () => {
    const u = await registerUser(t.app);
    const res = await register(validRegistration({ email: u.input.email.toUpperCase() }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(['This value already exists']);
  });

  it('rejects a duplicate phone, in any form, with 422 on phone', async () => {
    const u = await registerUser(t.app);
    const res = await register(validRegistration({ phone: `+966${u.input.phone}` }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ phone: ['This value already exists'] });
  });

  it('creates one tenant per sign-up', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    expect(a.user.tenant.uuid).not.toBe(b.user.tenant.uuid);
  });

  it('throttles sign-ups from one address (429 with retry_after)', async () => {
    const c = new Client(t.app);
    let last = 0;
    for (let i = 0; i < 11; i++) {
      const res = await c.post('auth/register', { name: 'x' });
      last = res.statusCode;
      if (res.statusCode === 429) {
        expect(res.json().retry_after).toBeGreaterThan(0);
        expect(res.headers['retry-after']).toBeDefined();
        break;
      }
    }
    expect(last).toBe(429);
  });
});
