import { type APIRequestContext, type APIResponse, expect, type Page } from '@playwright/test';
import { SUPPORT_PASSWORD } from './operator';

/** The demo business's owner (seeded on the embedded database). */
export const OWNER = { email: 'owner@demo.khidma.test', password: 'Demo@12345' } as const;

/** Signs in through the sign-in page; lands on the dashboard. */
export async function signIn(page: Page, email: string = OWNER.email, password: string = OWNER.password): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * The API as the signed-in account of `page` (its bearer token only: no cookie, so no XSRF header is
 * needed), answering `data` of a 2xx and failing the test on anything else.
 */
export async function apiAs(page: Page, request: APIRequestContext) {
  const token = await page.evaluate(() => (globalThis as unknown as { localStorage: { getItem(k: string): string | null } }).localStorage.getItem('authToken'));
  expect(token, 'signed in').toBeTruthy();
  const headers = { authorization: `Bearer ${token}`, 'accept-language': 'ar' };
  const data = async <T>(res: APIResponse): Promise<T> => {
    expect(res.status(), await res.text()).toBeLessThan(300);
    return ((await res.json()) as { data: T }).data;
  };
  return {
    get: async <T>(path: string) => data<T>(await request.get(`/api/v1/${path}`, { headers })),
    post: async <T>(path: string, body: unknown) => data<T>(await request.post(`/api/v1/${path}`, { headers, data: body })),
    put: async <T>(path: string, body: unknown) => data<T>(await request.put(`/api/v1/${path}`, { headers, data: body })),
  };
}

/** The local date at least `days` after today in `zone` that is not a Friday (the demo branch is closed then), and how many days ahead it is. */
export function openDayAhead(days: number, zone = 'Asia/Riyadh'): { date: string; offset: number } {
  for (let offset = days; ; offset++) {
    const date = new Date(Date.now() + offset * 86_400_000).toLocaleDateString('en-CA', { timeZone: zone });
    if (new Date(`${date}T12:00:00Z`).getUTCDay() !== 5) return { date, offset };
  }
}

/** The platform operator (the seeded support account): the only account that may read the local outbox. */
export const OPERATOR = { email: 'support@demo.khidma.test', password: SUPPORT_PASSWORD } as const;

let operatorToken: string | undefined;

/** Signs the operator in through the API (XSRF cookie, then sign-in) once per run. */
async function operatorBearer(request: APIRequestContext): Promise<string> {
  if (operatorToken) return operatorToken;
  await request.get('/api/v1/csrf-cookie');
  const xsrf = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await request.post('/api/v1/auth/login', { data: OPERATOR, headers: { 'x-xsrf-token': decodeURIComponent(xsrf) } });
  expect(res.status(), await res.text()).toBe(200);
  operatorToken = ((await res.json()) as { data: { token: string } }).data.token;
  return operatorToken;
}

export type OutboxMessage = { channel: 'sms' | 'email'; recipient: string; subject: string | null; body: string };

/**
 * Waits for a message to `recipient` in the local outbox, read as the platform operator (nobody else
 * may: the messages hold sign-in codes and links), and returns what `pick` finds in it.
 */
export async function fromOutbox<T>(request: APIRequestContext, recipient: string, pick: (messages: OutboxMessage[]) => T | undefined): Promise<T> {
  const token = await operatorBearer(request);
  for (let i = 0; i < 40; i++) {
    const res = await request.get(`/api/v1/dev/outbox?recipient=${encodeURIComponent(recipient)}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status(), await res.text()).toBe(200);
    const found = pick(((await res.json()) as { data: OutboxMessage[] }).data);
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`nothing for ${recipient} in the outbox`);
}

/** The path and query of the first link to `pathname` in the newest matching e-mail. */
export const linkIn = (pathname: string) => (messages: OutboxMessage[]) => {
  for (const m of messages.filter((x) => x.channel === 'email')) {
    const link = m.body.match(new RegExp(`https?://\\S+${pathname}\\?token=\\S+`))?.[0];
    if (link) {
      const url = new URL(link);
      return url.pathname + url.search;
    }
  }
  return undefined;
};

/** The API as the platform operator (the support account), answering `data` of a 2xx. */
export async function asOperator(request: APIRequestContext) {
  const token = await operatorBearer(request);
  const xsrf = decodeURIComponent((await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  const headers = { authorization: `Bearer ${token}`, 'accept-language': 'en', 'x-xsrf-token': xsrf };
  return {
    post: async <T>(path: string, body: unknown): Promise<T> => {
      const res = await request.post(`/api/v1/${path}`, { headers, data: body });
      expect(res.status(), await res.text()).toBeLessThan(300);
      return ((await res.json()) as { data: T }).data;
    },
  };
}

/**
 * A new business signed up through the API, its phone verified with the code from the outbox and
 * its onboarding skipped: ready to sign in, on its free trial.
 */
export async function newBusiness(request: APIRequestContext) {
  const n = String(Date.now()).slice(-8);
  const account = { name: 'منيرة الاختبار', email: `sub-${n}@example.com`, phone: `5${n}`, phone_country: 'SA', password: 'Secret@1234', password_confirmation: 'Secret@1234' };
  await request.get('/api/v1/csrf-cookie');
  const xsrf = decodeURIComponent((await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  const reg = await request.post('/api/v1/auth/register', { data: account, headers: { 'x-xsrf-token': xsrf } });
  expect(reg.status(), await reg.text()).toBe(201);
  const { token, user } = ((await reg.json()) as { data: { token: string; user: { tenant: { uuid: string } } } }).data;
  const headers = { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf };
  const code = await fromOutbox(request, `+966${account.phone}`, (messages) => messages.find((m) => m.channel === 'sms')?.body.match(/\b(\d{4})\b/)?.[1]);
  const verified = await request.post('/api/v1/auth/verify-otp', { data: { code }, headers });
  expect(verified.status(), await verified.text()).toBe(200);
  const letters = Array.from(n, (d) => String.fromCharCode(97 + Number(d))).join('');
  const info = await request.post('/api/v1/auth/update-tenant-info', { data: { activity_name: 'صالون منيرة', store_name: 'منيرة', subdomain: `sub${letters}` }, headers });
  expect(info.status(), await info.text()).toBe(200);
  const skipped = await request.post('/api/v1/auth/onboarding-skip', { headers });
  expect(skipped.status(), await skipped.text()).toBe(200);
  return { email: account.email, password: account.password, tenantId: user.tenant.uuid };
}
