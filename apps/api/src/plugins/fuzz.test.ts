import { withSeed } from '@app/shared/testing/property';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgotPasswordBody } from '@app/shared/schemas/auth';
import { junk } from '../../test/garbage';
import { buildTestApp, Client, randomIp, registerUser, type RegisteredUser, type TestApp, verifyPhone } from '../../test/helper';

/**
 * Property: whatever JSON a client sends to a write route, the answer is a 4xx with a string
 * `message`, never a 500 (spec §8: 422 shows field errors; the server never leaks a crash).
 */
let t: TestApp;
let fresh: RegisteredUser;
let verified: RegisteredUser;
beforeAll(async () => {
  t = await buildTestApp();
  fresh = await registerUser(t.app);
  verified = await registerUser(t.app);
  await verifyPhone(t.db, verified);
});
afterAll(async () => {
  await t?.close();
});

function bodyFor(keys: string[]) {
  const known = fc.dictionary(fc.constantFrom(...keys, 'extra', '__proto__', 'constructor'), junk, { maxKeys: keys.length + 2 });
  return fc.oneof(known, fc.anything({ maxDepth: 3 }), fc.object({ maxDepth: 2 }), fc.json({ maxDepth: 3 }).map((j) => ({ __raw: j })));
}

function payloadOf(body: unknown): string {
  if (body && typeof body === 'object' && '__raw' in body) return String((body as { __raw: string }).__raw);
  const s = JSON.stringify(body);
  return s === undefined ? '' : s;
}

type Route = { method: 'POST' | 'PUT'; url: string; keys: string[]; as: 'public' | 'fresh' | 'verified' };

const ROUTES: Route[] = [
  { method: 'POST', url: 'auth/register', keys: ['name', 'email', 'phone', 'phone_country', 'password', 'password_confirmation', 'locale'], as: 'public' },
  { method: 'POST', url: 'auth/login', keys: ['email', 'phone', 'phone_country', 'password'], as: 'public' },
  { method: 'POST', url: 'auth/forgot-password', keys: ['email'], as: 'public' },
  { method: 'POST', url: 'auth/reset-password', keys: ['email', 'token', 'password', 'password_confirmation'], as: 'public' },
  { method: 'POST', url: 'auth/resend-mail', keys: ['email'], as: 'public' },
  { method: 'POST', url: 'auth/email/verify', keys: ['token'], as: 'public' },
  { method: 'POST', url: 'auth/verify-otp', keys: ['code'], as: 'fresh' },
  { method: 'POST', url: 'auth/resend-otp', keys: ['email'], as: 'fresh' },
  { method: 'POST', url: 'auth/update-password', keys: ['current_password', 'password', 'password_confirmation'], as: 'fresh' },
  { method: 'POST', url: 'auth/change-email', keys: ['new_email', 'current_password'], as: 'fresh' },
  { method: 'POST', url: 'update-locale', keys: ['locale', '_method'], as: 'fresh' },
  { method: 'PUT', url: 'update-locale', keys: ['locale'], as: 'fresh' },
  { method: 'POST', url: 'update-profile', keys: ['name', 'remove_photo'], as: 'fresh' },
  { method: 'POST', url: 'auth/update-tenant-info', keys: ['activity_name', 'store_name', 'subdomain'], as: 'verified' },
  { method: 'POST', url: 'auth/update-tenant-profile', keys: ['industries', 'system_type', 'service_types', 'features', 'owner_role', 'number_of_employees'], as: 'verified' },
  { method: 'POST', url: 'auth/complete-profile', keys: ['working_days', 'opens_at', 'closes_at', 'service', 'provider'], as: 'verified' },
];

/** Bodies that would legitimately succeed on a route (a valid locale …): the property is about junk. */
function couldSucceed(route: Route, body: unknown): boolean {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  const b = body as Record<string, unknown>;
  if (route.url === 'update-locale') return b.locale === 'ar' || b.locale === 'en';
  if (route.url === 'update-profile') return typeof b.name === 'string' && b.name.trim().length > 3;
  // A well-formed address answers 200 whether or not it is registered (nothing to learn from it):
  // junk values include e-mail addresses (seed -490402393 found {"email":"a@a.aa"}).
  if (route.url === 'auth/forgot-password' || route.url === 'auth/resend-mail') return forgotPasswordBody.safeParse(b).success;
  return false;
}

describe('property: junk JSON never causes a 500', () => {
  for (const route of ROUTES) {
    it(`${route.method} /api/v1/${route.url} answers 4xx with a message`, async () => {
      const user = route.as === 'fresh' ? fresh : route.as === 'verified' ? verified : null;
      const client = user?.client ?? new Client(t.app);
      await fc.assert(
        fc.asyncProperty(bodyFor(route.keys), async (body) => {
          const res = await client.request(route.method, route.url, {
            payload: payloadOf(body),
            headers: { 'content-type': 'application/json' },
            ip: randomIp(),
          });
          if (couldSucceed(route, body) && res.statusCode === 200) return;
          expect(res.statusCode, `${res.statusCode} ${res.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500);
          expect(typeof res.json().message).toBe('string');
        }),
        withSeed({ numRuns: 100 }),
      );
    });
  }

  it('answers a well-formed address 200 on forgot-password, registered or not (a fixed case of seed -490402393)', async () => {
    const res = await new Client(t.app).request('POST', 'auth/forgot-password', { payload: JSON.stringify({ email: 'a@a.aa' }), headers: { 'content-type': 'application/json' }, ip: randomIp() });
    expect(res.statusCode).toBe(200);
    expect(typeof res.json().message).toBe('string');
  });

  it('keeps the users able to sign in afterwards (no state was corrupted)', async () => {
    for (const u of [fresh, verified]) {
      const res = await new Client(t.app).post('auth/login', { email: u.input.email, password: u.input.password });
      expect(res.statusCode).toBe(200);
    }
  });
});
