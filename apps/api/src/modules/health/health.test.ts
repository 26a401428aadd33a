import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, Client, type TestApp } from '../../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/health', () => {
  it('answers 200 {status:"ok"} when the database is reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('sets an x-request-id header, echoing a well-formed one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'abc-12345678' } });
    expect(res.headers['x-request-id']).toBe('abc-12345678');
    const bad = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'x y' } });
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('404', () => {
  it('answers an unknown /api path with 404 {message}', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/does-not-exist', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Page not found' });
  });

  it('answers an unknown write with 404 too (not 419 or 500)', async () => {
    const c = new Client(t.app);
    const res = await c.post('/api/v1/nope', { a: 1 });
    expect(res.statusCode).toBe(404);
    expect(typeof res.json().message).toBe('string');
  });

  it('answers a path outside /api with 404 when no web build is served', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/some/page' });
    expect(res.statusCode).toBe(404);
    expect(typeof res.json().message).toBe('string');
  });
});

describe('Accept-Language', () => {
  const ask = (lang?: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/missing', headers: lang === undefined ? {} : { 'accept-language': lang } });

  it('answers in English for en', async () => {
    expect((await ask('en')).json().message).toBe('Page not found');
    expect((await ask('en-US,en;q=0.9')).json().message).toBe('Page not found');
  });

  it('answers in Arabic for ar', async () => {
    expect((await ask('ar')).json().message).toBe('الصفحة أو العنصر غير موجود');
  });

  it('defaults to Arabic when missing or unsupported', async () => {
    expect((await ask()).json().message).toBe('الصفحة أو العنصر غير موجود');
    expect((await ask('fr-FR')).json().message).toBe('الصفحة أو العنصر غير موجود');
  });

  it('honours q-weights', async () => {
    expect((await ask('ar;q=0.5, en;q=0.9')).json().message).toBe('Page not found');
  });
});

describe('GET /api/docs', () => {
  it('serves the OpenAPI document listing the auth and onboarding routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const paths = Object.keys(doc.paths);
    for (const p of [
      '/api/v1/auth/register',
      '/api/v1/auth/login',
      '/api/v1/auth/me',
      '/api/v1/auth/logout',
      '/api/v1/auth/verify-otp',
      '/api/v1/auth/forgot-password',
      '/api/v1/auth/reset-password',
      '/api/v1/update-profile',
      '/api/v1/update-locale',
      '/api/v1/auth/update-tenant-info',
      '/api/v1/auth/complete-profile',
      '/api/v1/fetchIndustries',
      '/api/health',
    ]) {
      expect(paths).toContain(p);
    }
  });

  it('serves the docs UI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(res.statusCode);
  });
});
