import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, query } from './api';

afterEach(() => {
  vi.unstubAllGlobals();
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays the server's Set-Cookie (jsdom has no Cookie Store)
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('the store API client', () => {
  it('echoes the XSRF cookie on writes, fetching it first, and retries once after a 419', async () => {
    const seen: { url: string; xsrf: string | null }[] = [];
    let n = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const headers = (init.headers ?? {}) as Record<string, string>;
        seen.push({ url, xsrf: headers['x-xsrf-token'] ?? null });
        if (url === '/api/v1/csrf-cookie') {
          // biome-ignore lint/suspicious/noDocumentCookie: as above
          document.cookie = `XSRF-TOKEN=tok%3D${++n}; path=/`;
          return new Response(null, { status: 204 });
        }
        if (headers['x-xsrf-token'] !== 'tok=2') return new Response(JSON.stringify({ message: 'expired' }), { status: 419 });
        return new Response(JSON.stringify({ data: { ok: true } }), { status: 201 });
      }),
    );
    const res = await call<{ ok: boolean }>('POST', '/api/v1/store/demo/holds', { a: 1 });
    expect(res).toMatchObject({ ok: true, status: 201, data: { ok: true } });
    expect(seen).toEqual([
      { url: '/api/v1/csrf-cookie', xsrf: null },
      { url: '/api/v1/store/demo/holds', xsrf: 'tok=1' },
      { url: '/api/v1/csrf-cookie', xsrf: null },
      { url: '/api/v1/store/demo/holds', xsrf: 'tok=2' },
    ]);
  });

  it('answers the server’s message and field errors, or a network message', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ message: 'الرقم غير صحيح', errors: { phone: ['الرقم غير صحيح'] } }), { status: 422 })));
    expect(await call('GET', '/api/v1/store/demo/slots')).toEqual({ ok: false, error: { status: 422, message: 'الرقم غير صحيح', errors: { phone: ['الرقم غير صحيح'] } } });
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    const res = await call('GET', '/x');
    expect(res.ok).toBe(false);
    expect(!res.ok && res.error.status).toBe(0);
  });

  it('leaves empty parameters out of a query', () => {
    expect(query({ a: 'x,y', b: null, c: '', d: '2' })).toBe('a=x%2Cy&d=2');
  });
});
