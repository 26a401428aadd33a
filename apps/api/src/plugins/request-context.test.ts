import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, Client, randomIp, registerUser, type TestApp, validRegistration } from '../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('CSRF (X-XSRF-TOKEN must echo the XSRF-TOKEN cookie on writes)', () => {
  it('GET /api/v1/csrf-cookie sets a readable XSRF-TOKEN cookie and answers 204', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/csrf-cookie' });
    expect(res.statusCode).toBe(204);
    const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{20,100}$/);
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.path).toBe('/');
  });

  it('keeps a well-formed existing cookie and replaces a malformed one', async () => {
    const keep = 'a'.repeat(32);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/csrf-cookie', headers: { cookie: `XSRF-TOKEN=${keep}` } });
    expect(res.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value).toBe(keep);
    const res2 = await t.app.inject({ method: 'GET', url: '/api/v1/csrf-cookie', headers: { cookie: 'XSRF-TOKEN=bad!' } });
    expect(res2.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value).not.toBe('bad!');
  });

  it('rejects register without the header with 419', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: validRegistration(), remoteAddress: randomIp() });
    expect(res.statusCode).toBe(419);
    expect(typeof res.json().message).toBe('string');
  });

  it('rejects login without the header with 419, even with the cookie', async () => {
    const c = new Client(t.app);
    await c.csrf();
    const res = await c.post('auth/login', { email: 'x@y.example', password: 'whatever1' }, { noCsrf: true, headers: c.cookieHeader() });
    expect(res.statusCode).toBe(419);
  });

  it('rejects a header that does not match the cookie with 419', async () => {
    const c = new Client(t.app);
    await c.csrf();
    const res = await c.post('auth/login', { email: 'x@y.example', password: 'whatever1' }, { headers: { 'x-xsrf-token': 'z'.repeat(32) } });
    expect(res.statusCode).toBe(419);
  });

  it('rejects a header without any cookie with 419', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'x-xsrf-token': 'z'.repeat(32) },
      payload: { email: 'x@y.example', password: 'whatever1' },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBe(419);
  });

  it('lets a matching header through (login reaches validation: 422)', async () => {
    const c = new Client(t.app);
    const res = await c.post('auth/login', { email: 'nobody@y.example', password: 'whatever1' });
    expect(res.statusCode).toBe(422);
  });

  it('accepts the URL-encoded form of the cookie in the header', async () => {
    const c = new Client(t.app);
    const v = await c.csrf();
    const res = await c.post('auth/login', { email: 'nobody@y.example', password: 'whatever1' }, { headers: { 'x-xsrf-token': encodeURIComponent(v) } });
    expect(res.statusCode).toBe(422);
  });

  it('lets a bearer-only write without cookie pass', async () => {
    const u = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { authorization: `Bearer ${u.token}` },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBe(200);
  });

  it('rejects a bearer write that carries the cookie but no header with 419', async () => {
    const u = await registerUser(t.app);
    const res = await u.client.post('auth/logout', undefined, { noCsrf: true, headers: u.client.cookieHeader() });
    expect(res.statusCode).toBe(419);
    // The session is intact.
    expect((await u.client.get('auth/me')).statusCode).toBe(200);
  });

  it('does not check reads', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { cookie: 'XSRF-TOKEN=abc' } });
    expect(res.statusCode).toBe(200);
  });
});

describe('route guard', () => {
  it('answers 401 on a signed-in route without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('You need to sign in first');
  });

  it('answers 401 with a malformed Authorization header', async () => {
    for (const authorization of ['Bearer ', 'Basic abc', `Bearer ${'x'.repeat(300)}`, 'bearer abc']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { authorization } });
      expect(res.statusCode).toBe(401);
    }
  });

  it('answers 403 phone-verification on the dashboard before the phone is verified', async () => {
    const u = await registerUser(t.app);
    const res = await u.client.get('dashboard');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('phone-verification');
  });
});
