/** Signing the demo owner in, through app.inject (a benchmark's own app) or over HTTP (a server it started). */
import type { App } from '../../apps/api/src/app';
import { DEMO } from '../../apps/api/src/db/seed';
import type { httpClient } from '../scale/load';

export async function injectSignIn(app: App): Promise<string> {
  const csrf = await app.inject({ method: 'GET', url: '/api/v1/csrf-cookie' });
  const cookie = csrf.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const xsrf = csrf.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: { cookie, 'x-xsrf-token': xsrf, 'accept-language': 'en' },
    payload: { email: DEMO.email, password: DEMO.password },
  });
  const token = login.json().data?.token as string | undefined;
  if (!token) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  return token;
}

/** A CSRF cookie and the header that repeats it, as a browser sends them with a POST (double submit). */
export async function httpCsrf(client: ReturnType<typeof httpClient>, headers: Record<string, string> = {}): Promise<{ cookie: string; 'x-xsrf-token': string }> {
  const csrf = await client.request('GET', '/api/v1/csrf-cookie', headers);
  const cookie = String(csrf.headers['set-cookie']?.[0] ?? '').split(';')[0]!;
  return { cookie, 'x-xsrf-token': decodeURIComponent(cookie.split('=')[1] ?? '') };
}

export async function httpSignIn(client: ReturnType<typeof httpClient>): Promise<string> {
  const res = await client.request('POST', '/api/v1/auth/login', await httpCsrf(client), { email: DEMO.email, password: DEMO.password });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${res.body}`);
  return (JSON.parse(res.body) as { data: { token: string } }).data.token;
}
