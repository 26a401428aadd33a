import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper';

const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let t: TestApp;
let web: string;
beforeAll(async () => {
  web = mkdtempSync(path.join(tmpdir(), 'khidma-web-'));
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><html><head><script src="/boot.js"></script></head><body><div id="root"></div></body></html>');
  writeFileSync(path.join(web, 'boot.js'), '/* boot */');
  t = await buildTestApp({ env: { WEB_DIST: web, TRUST_PROXY: 'true' } });
  mkdirSync(path.join(t.config.uploadsDir, 'products'), { recursive: true });
  writeFileSync(path.join(t.config.uploadsDir, 'products', 'photo.png'), PNG_1PX);
});
afterAll(async () => {
  await t?.close();
  rmSync(web, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** The CSP as a map of directive → sources. */
function csp(header: unknown): Map<string, string[]> {
  expect(typeof header, 'content-security-policy header').toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name as string, values]),
  );
}

function expectCommonHeaders(res: Awaited<ReturnType<typeof get>>, what: string) {
  const policy = csp(res.headers['content-security-policy']);
  expect(policy.get('script-src'), `${what}: script-src`).toEqual(["'self'"]);
  expect(policy.get('default-src'), `${what}: default-src`).toEqual(["'self'"]);
  expect(policy.get('object-src'), `${what}: object-src`).toEqual(["'none'"]);
  expect(policy.get('frame-ancestors'), `${what}: frame-ancestors`).toEqual(["'none'"]);
  expect(policy.get('base-uri'), `${what}: base-uri`).toEqual(["'self'"]);
  // No inline or foreign script, no eval.
  const scripts = [...(policy.get('script-src') ?? []), ...(policy.get('default-src') ?? [])].join(' ');
  expect(scripts, what).not.toMatch(/unsafe-inline|unsafe-eval|https?:|\*/);
  expect(res.headers['x-frame-options'], what).toBe('DENY');
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['referrer-policy'], what).toBe('no-referrer');
  expect(res.headers['strict-transport-security'], `${what}: no HSTS over plain HTTP`).toBeUndefined();
}

describe('security headers', () => {
  it('are on every HTML page of the web app', async () => {
    for (const url of ['/', '/login', '/customers', '/management/customers/123', '/pay/some-link-token']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expectCommonHeaders(res, url);
    }
  });

  it('are on the web app own script, which the policy allows', async () => {
    const res = await get('/boot.js');
    expect(res.statusCode).toBe(200);
    expectCommonHeaders(res, '/boot.js');
  });

  it('are on JSON answers, success and error alike', async () => {
    for (const [url, status] of [
      ['/api/health', 200],
      ['/api/v1/auth/me', 401],
      ['/api/v1/no-such-route', 404],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
      expectCommonHeaders(res, url);
    }
  });

  it('are on uploaded files, which are never sniffed and may be shown on a store domain', async () => {
    const res = await get('/uploads/products/photo.png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expectCommonHeaders(res, 'upload');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('allows what the built web app needs for styles, images and fonts', async () => {
    const policy = csp((await get('/')).headers['content-security-policy']);
    expect(policy.get('style-src')).toEqual(expect.arrayContaining(["'self'", "'unsafe-inline'"]));
    expect(policy.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
    expect(policy.get('font-src')).toEqual(expect.arrayContaining(["'self'", 'data:']));
    expect(policy.get('connect-src')).toEqual(["'self'"]);
  });

  it('sends HSTS only when the request came over HTTPS through the trusted proxy', async () => {
    const https = await get('/api/health', { 'x-forwarded-proto': 'https' });
    expect(https.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    const page = await get('/login', { 'x-forwarded-proto': 'https' });
    expect(page.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    expect((await get('/api/health', { 'x-forwarded-proto': 'http' })).headers['strict-transport-security']).toBeUndefined();
  });
});

describe('HSTS without a trusted proxy', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await buildTestApp();
  });
  afterAll(async () => {
    await plain?.close();
  });

  it('ignores X-Forwarded-Proto from an untrusted client', async () => {
    const res = await plain.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['content-security-policy']).toBeTruthy();
  });
});
