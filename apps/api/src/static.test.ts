import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper';

/** The web build as the server sends it: compressed copies chosen by Accept-Encoding, hashed assets cached for good. */
let t: TestApp;
let dist: string;
const html = `<!doctype html><html><head><script src="/boot.js"></script></head><body><div id="root"></div>${' '.repeat(2000)}</body></html>`;
const js = `export const a = ${JSON.stringify('x'.repeat(4000))};`;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'khidma-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  const put = (name: string, body: string) => {
    writeFileSync(path.join(dist, name), body);
    writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(body));
    writeFileSync(path.join(dist, `${name}.gz`), gzipSync(body));
  };
  put('index.html', html);
  put('assets/index-AbC123.js', js);
  writeFileSync(path.join(dist, 'boot.js'), 'document.documentElement.dir="rtl";');
  t = await buildTestApp({ env: { WEB_DIST: dist } });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) => t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('serving the web build', () => {
  it('sends the Brotli copy to a browser that takes it, gzip to one that takes only gzip, and the plain file otherwise', async () => {
    const br = await get('/assets/index-AbC123.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(js.length / 4);
    const gz = await get('/assets/index-AbC123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await get('/assets/index-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
  });

  it('lets a browser keep hashed assets for a year, and revalidate the page and boot script on every load', async () => {
    expect((await get('/assets/index-AbC123.js', 'br')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/', 'br')).headers['cache-control']).toBe('no-cache');
    expect((await get('/boot.js')).headers['cache-control']).toBe('no-cache');
    // A screen's address (the SPA fallback) is the same page, compressed and revalidated too.
    const deep = await get('/bookings?page=2', 'br');
    expect(deep.statusCode).toBe(200);
    expect(deep.headers['content-type']).toMatch(/text\/html/);
    expect(deep.headers['content-encoding']).toBe('br');
    expect(deep.headers['cache-control']).toBe('no-cache');
  });
});

describe('compressing the API answers', () => {
  it('sends a JSON answer over the threshold compressed to a client that takes it, and plain otherwise', async () => {
    // The API docs' document is a large JSON answer any visitor may fetch.
    const br = await get('/api/docs/json', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    const body = brotliDecompressSync(br.rawPayload).toString('utf8');
    expect(JSON.parse(body).openapi).toMatch(/^3\./);
    const gz = await get('/api/docs/json', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8')).openapi).toMatch(/^3\./);
    const plain = await get('/api/docs/json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().openapi).toMatch(/^3\./);
  });

  it('leaves a small answer as it is', async () => {
    const res = await get('/api/health', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ status: 'ok' });
  });
});
