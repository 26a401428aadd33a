import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { withSeed } from '../testing/property';
import { localizeIssue } from '../validation';
import { branchBody } from './access';
import { loginBody, registerBody, resetPasswordBody, updateLocaleBody, updatePasswordBody, verifyOtpBody } from './auth';
import { emailField, nameField, passwordField, workingHoursField } from './common';
import { completeProfileBody, durationField, RESERVED_SUBDOMAINS, subdomainField, tenantInfoBody, tenantProfileBody } from './onboarding';
import { providerBody } from './providers';

/** Field → first English message, as the API would report it. */
function errorsOf(schema: z.ZodType, input: unknown): Record<string, string> {
  const res = schema.safeParse(input);
  if (res.success) return {};
  const out: Record<string, string> = {};
  for (const i of res.error.issues) {
    const field = i.path.join('.') || 'body';
    let cur: unknown = input;
    for (const k of i.path) cur = cur && typeof cur === 'object' ? (cur as Record<PropertyKey, unknown>)[k] : undefined;
    out[field] ??= localizeIssue(i as never, 'en', cur !== undefined);
  }
  return out;
}

const validRegister = {
  name: 'Noura Ali',
  email: 'Noura@Example.com',
  phone: '0512345678',
  phone_country: 'sa',
  password: 'Secret#123',
  password_confirmation: 'Secret#123',
};

describe('registerBody (spec §5)', () => {
  it('accepts a valid sign-up, lower-casing the e-mail and upper-casing the country', () => {
    const out = registerBody.parse(validRegister);
    expect(out.email).toBe('noura@example.com');
    expect(out.phone_country).toBe('SA');
  });

  it('defaults the country to SA', () => {
    const { phone_country: _c, ...rest } = validRegister;
    expect(registerBody.parse(rest).phone_country).toBe('SA');
  });

  it.each([
    ['name', { name: 'Abc' }, 'Name must be more than 3 characters'],
    ['name', { name: '  Abc  ' }, 'Name must be more than 3 characters'],
    ['email', { email: 'nope' }, 'Invalid e-mail address'],
    ['phone', { phone: '0412345678' }, 'Invalid phone number'],
    ['phone', { phone_country: 'EG' }, 'Invalid phone number'],
    ['phone_country', { phone_country: 'ZZ' }, 'Invalid value'],
    ['password', { password: '1234567', password_confirmation: '1234567' }, 'Password must be at least 8 characters'],
    ['password_confirmation', { password_confirmation: 'Secret#124' }, 'Must match the other field'],
  ])('rejects %s for %j', (field, patch, message) => {
    expect(errorsOf(registerBody, { ...validRegister, ...patch })[field]).toBe(message);
  });

  it('accepts a name of exactly 4 characters and a password of exactly 8', () => {
    expect(registerBody.safeParse({ ...validRegister, name: 'Abcd', password: '12345678', password_confirmation: '12345678' }).success).toBe(true);
  });

  it('says required for each missing field', () => {
    const errors = errorsOf(registerBody, {});
    for (const f of ['name', 'email', 'phone', 'password', 'password_confirmation']) expect(errors[f], f).toBe('This field is required');
  });
});

describe('loginBody', () => {
  it('needs an e-mail or a phone', () => {
    const errors = errorsOf(loginBody, { password: 'x' });
    expect(errors.email).toBe('Enter your e-mail or phone');
    expect(errors.phone).toBe('Enter your e-mail or phone');
    expect(loginBody.safeParse({ phone: '0512345678', password: 'x' }).success).toBe(true);
  });
});

describe('small auth bodies', () => {
  it('OTP is exactly 4 digits', () => {
    expect(verifyOtpBody.safeParse({ code: '1234' }).success).toBe(true);
    expect(verifyOtpBody.safeParse({ code: ' 1234 ' }).success).toBe(true);
    for (const code of ['123', '12345', 'abcd', '١٢٣٤']) expect(errorsOf(verifyOtpBody, { code }).code).toBe('The verification code is 4 digits');
  });

  it('password changes need a matching confirmation', () => {
    expect(errorsOf(updatePasswordBody, { current_password: 'a', password: 'Secret#123', password_confirmation: 'x' }).password_confirmation).toBe('Must match the other field');
    expect(errorsOf(resetPasswordBody, { email: 'a@b.co', token: 't', password: 'short', password_confirmation: 'short' }).password).toBe('Password must be at least 8 characters');
  });

  it('locale is ar or en, _method only PUT', () => {
    expect(updateLocaleBody.safeParse({ locale: 'ar', _method: 'PUT' }).success).toBe(true);
    expect(updateLocaleBody.safeParse({ locale: 'fr' }).success).toBe(false);
    expect(updateLocaleBody.safeParse({ locale: 'en', _method: 'DELETE' }).success).toBe(false);
  });

  it('common fields', () => {
    expect(emailField.parse('  A@B.Co ')).toBe('a@b.co');
    expect(passwordField.safeParse('x'.repeat(129)).success).toBe(false);
    expect(nameField().safeParse('x'.repeat(121)).success).toBe(false);
  });
});

describe('subdomainField (spec §5)', () => {
  it.each(['abc', 'lamsa', 'a'.repeat(20), 'MyStore', 'shopping'])('accepts %s', (s) => {
    expect(subdomainField.safeParse(s).success).toBe(true);
  });

  it('lower-cases and trims', () => {
    expect(subdomainField.parse('  LamSa ')).toBe('lamsa');
  });

  it.each([
    ['ab', 'subdomain'],
    ['a'.repeat(21), 'subdomain'],
    ['abc1', 'subdomain'],
    ['متجر', 'subdomain'],
    ['my-store', 'subdomain'],
    ['my_store', 'subdomain'],
    ['my store', 'subdomain'],
    ['café', 'subdomain'],
    ['admin', 'subdomain_reserved'],
    ['WWW', 'subdomain_reserved'],
  ])('rejects %s', (s, key) => {
    const res = subdomainField.safeParse(s);
    expect(res.success).toBe(false);
    expect(res.error?.issues.map((i) => i.message)).toContain(key);
  });

  it('rejects every reserved name', () => {
    for (const r of RESERVED_SUBDOMAINS) if (/^[a-z]{3,20}$/.test(r)) expect(subdomainField.safeParse(r).success, r).toBe(false);
  });

  it('property: accepted values are 3–20 lower-case latin letters and not reserved', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 25 }), (s) => {
        const res = subdomainField.safeParse(s);
        if (res.success) {
          expect(res.data).toMatch(/^[a-z]{3,20}$/);
          expect(RESERVED_SUBDOMAINS).not.toContain(res.data);
        }
      }),
      withSeed({ numRuns: 300 }),
    );
  });

  it('tenantInfoBody needs both names', () => {
    const errors = errorsOf(tenantInfoBody, { subdomain: 'lamsa' });
    expect(errors.activity_name).toBe('This field is required');
    expect(errors.store_name).toBe('This field is required');
  });
});

describe('tenantProfileBody', () => {
  const valid = { industries: [1], system_type: 'booking_management', service_types: ['on_site'], owner_role: 'owner', number_of_employees: '1-5' };
  it('accepts a valid profile, features defaulting to none', () => {
    expect(tenantProfileBody.parse(valid).features).toEqual([]);
  });
  it('rejects empty industries and unknown values', () => {
    expect(tenantProfileBody.safeParse({ ...valid, industries: [] }).success).toBe(false);
    expect(tenantProfileBody.safeParse({ ...valid, number_of_employees: '7' }).success).toBe(false);
    expect(tenantProfileBody.safeParse({ ...valid, features: ['teleport'] }).success).toBe(false);
    expect(tenantProfileBody.safeParse({ ...valid, industries: [1.5] }).success).toBe(false);
  });
});

describe('completeProfileBody (spec §5, §9)', () => {
  const service = { name: 'Haircut', price: 5000, duration: 30 };

  it('accepts a service or a provider, with default hours', () => {
    const out = completeProfileBody.parse({ working_days: [0], service });
    expect(out.opens_at).toBe('09:00');
    expect(out.closes_at).toBe('21:00');
    expect(completeProfileBody.safeParse({ working_days: [6], provider: { name: 'Sara Ali' } }).success).toBe(true);
  });

  it('needs at least one working day', () => {
    expect(errorsOf(completeProfileBody, { working_days: [], service }).working_days).toBeDefined();
    expect(completeProfileBody.safeParse({ working_days: [7], service }).success).toBe(false);
  });

  it('needs a service or a provider', () => {
    const errors = errorsOf(completeProfileBody, { working_days: [1] });
    expect(errors.service).toBe('Add at least one service or provider');
    expect(errors.provider).toBe('Add at least one service or provider');
  });

  it('needs a positive whole price', () => {
    for (const price of [0, -1, 1.5]) expect(completeProfileBody.safeParse({ working_days: [1], service: { ...service, price } }).success, String(price)).toBe(false);
    expect(completeProfileBody.safeParse({ working_days: [1], service: { ...service, price: 1 } }).success).toBe(true);
  });

  it('needs closing after opening', () => {
    expect(errorsOf(completeProfileBody, { working_days: [1], service, opens_at: '10:00', closes_at: '10:00' }).closes_at).toBe('Closing time must be after opening time');
    expect(errorsOf(completeProfileBody, { working_days: [1], service, opens_at: '20:16', closes_at: '20:16' }).closes_at).toBe('Closing time must be after opening time');
    // Closing before opening is a night past midnight; 00:00–00:00 is open all day.
    expect(completeProfileBody.safeParse({ working_days: [1], service, opens_at: '18:00', closes_at: '02:00' }).success).toBe(true);
    expect(completeProfileBody.safeParse({ working_days: [1], service, opens_at: '00:00', closes_at: '00:00' }).success).toBe(true);
    expect(errorsOf(completeProfileBody, { working_days: [1], service, opens_at: '9:00' }).opens_at).toBe('Invalid time');
  });

  it('durations: 15 min to 4 h 45 in 15-minute steps', () => {
    const ok = Array.from({ length: 19 }, (_, i) => (i + 1) * 15);
    for (const d of ok) expect(durationField.safeParse(d).success, String(d)).toBe(true);
    for (const d of [0, 10, 20, 290, 300, -15, 15.5]) expect(durationField.safeParse(d).success, String(d)).toBe(false);
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), (d) => {
        expect(durationField.safeParse(d).success).toBe(d > 0 && d <= 285 && d % 15 === 0);
      }),
      withSeed(),
    );
  });
});

describe('workingHoursField: a range ending where it starts (docs/decisions.md "Working hours past midnight")', () => {
  /** `day:message` of every issue, none when valid. */
  const issues = (hours: unknown) => {
    const res = workingHoursField.safeParse(hours);
    return res.success ? [] : res.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
  };

  it('accepts day ranges, a night shift past midnight (end before start) and 00:00–00:00 (the whole day)', () => {
    expect(issues({ '0': [['09:00', '13:00'], ['16:00', '22:00']] })).toEqual([]);
    expect(issues({ '6': [['18:00', '02:00']] })).toEqual([]);
    expect(issues({ '6': [['09:00', '12:00'], ['20:16', '20:15']] })).toEqual([]);
    expect(issues({ '6': [['00:00', '00:00']] })).toEqual([]);
    expect(issues({ '6': [['16:00', '00:00']], '0': [['00:00', '02:00']] })).toEqual([]);
  });

  it('refuses any other range ending where it starts with time_range_empty', () => {
    for (const t of ['00:01', '09:00', '12:00', '20:16', '23:59']) expect(issues({ '6': [[t, t]] }), t).toEqual(['6:time_range_empty']);
    expect(issues({ '2': [['09:00', '12:00'], ['20:16', '20:16']] })).toEqual(['2:time_range_empty']);
    expect(errorsOf(workingHoursField, { '6': [['20:16', '20:16']] })['6']).toBe('A range cannot end when it starts (00:00–00:00 is the whole day)');
  });

  it('refuses overlapping ranges, a range after a night shift included', () => {
    expect(issues({ '1': [['09:00', '13:00'], ['12:00', '15:00']] })).toEqual(['1:time_overlap']);
    expect(issues({ '1': [['18:00', '02:00'], ['22:00', '23:00']] })).toEqual(['1:time_overlap']);
  });

  it('the branch and provider bodies use it', () => {
    const hours = { '6': [['20:16', '20:16']] };
    for (const [schema, body] of [
      [branchBody, { name: 'Main branch', working_hours: hours }],
      [providerBody, { name: 'Sara Ali', working_hours: hours }],
    ] as const) {
      const res = schema.safeParse(body);
      expect(res.success).toBe(false);
      expect(res.error?.issues.map((i) => `${i.path.join('.')}:${i.message}`)).toEqual(['working_hours.6:time_range_empty']);
      expect(schema.safeParse({ ...body, working_hours: { '6': [['00:00', '00:00']], '5': [['18:00', '02:00']] } }).success).toBe(true);
    }
  });
});
