import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import type { UserInfo } from '@app/shared/schemas/auth';
import { type Logger, type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { expect, inject } from 'vitest';
import type { ZodObject } from 'zod';
import { type App, buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type Database, type DbHandle, openDatabase } from '../src/db/client';
import { quoteIdent, urlFor } from './db-names';

export type TestDb = { handle: DbHandle; db: Database; close(): Promise<void> };

/** A database of its own for one test file, already migrated (a PGlite dump or a template copy). */
export async function openTestDb(opts: { logger?: Logger } = {}): Promise<TestDb> {
  const url = process.env.DATABASE_URL;
  const template = inject('pgTemplate');
  if (url && template) {
    const name = `khidma_t_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = async (q: string) => {
      const c = new pg.Client({ connectionString: urlFor(url, 'postgres') });
      await c.connect();
      try {
        await c.query(q);
      } finally {
        await c.end();
      }
    };
    // Two files copying the template at the same instant can collide ("source database is being accessed").
    for (let attempt = 0; ; attempt++) {
      try {
        await admin(`create database ${quoteIdent(name)} template ${quoteIdent(template)}`);
        break;
      } catch (err) {
        if (attempt >= 20) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
    const handle = await openDatabase({ url: urlFor(url, name), logger: opts.logger });
    return {
      handle,
      db: handle.db,
      close: async () => {
        await handle.close();
        await admin(`drop database if exists ${quoteIdent(name)} with (force)`);
      },
    };
  }
  const file = inject('pgliteDump');
  if (!file) throw new Error('global setup did not provide a database');
  const bytes = readFileSync(file);
  const handle = await openDatabase({ loadDataDir: new Blob([bytes]), logger: opts.logger });
  return { handle, db: handle.db, close: () => handle.close() };
}

/** Rows of a raw query, on either driver. */
export async function rows<T = Record<string, unknown>>(db: Database, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

export type TestApp = {
  app: App;
  db: Database;
  config: Config;
  handle: DbHandle;
  dataDir: string;
  close(): Promise<void>;
};

export type BuildOptions = {
  env?: Record<string, string>;
  logStream?: { write(msg: string): void };
  /** Sees every statement the app's database sends. */
  logger?: Logger;
};

/** The whole API on this file's database, with a temporary data directory and no web build. */
export async function buildTestApp(opts: BuildOptions = {}): Promise<TestApp> {
  const testDb = await openTestDb(opts.logger ? { logger: opts.logger } : {});
  const dataDir = mkdtempSync(path.join(tmpdir(), 'khidma-test-data-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, WEB_DIST: 'off', ...opts.env });
  const app = await buildApp({ config, db: testDb.db, ...(opts.logStream ? { logStream: opts.logStream } : {}) });
  await app.ready();
  return {
    app,
    db: testDb.db,
    config,
    handle: testDb.handle,
    dataDir,
    close: async () => {
      await app.close();
      await testDb.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type InjectOptions = {
  body?: unknown;
  payload?: string | Buffer;
  headers?: Record<string, string>;
  token?: string | null;
  /** Skip the CSRF cookie and header (bearer-only client). */
  noCsrf?: boolean;
  lang?: string;
  query?: Record<string, string>;
  ip?: string;
};

export const randomIp = () => `10.${randomInt(0, 255)}.${randomInt(0, 255)}.${randomInt(1, 255)}`;

/**
 * A browser-like client: keeps cookies, fetches the XSRF cookie before its first write and echoes
 * it in X-XSRF-TOKEN; sends the bearer token once it has one. Each client has its own address, so
 * per-IP throttles of one test do not spill into another.
 */
export class Client {
  cookies: Record<string, string> = {};
  token: string | null = null;
  ip = randomIp();
  lang: string | undefined = 'en';

  constructor(readonly app: App) {}

  async csrf(): Promise<string> {
    const res = await this.app.inject({ method: 'GET', url: '/api/v1/csrf-cookie', remoteAddress: this.ip, headers: this.cookieHeader() });
    for (const c of res.cookies) this.cookies[c.name] = c.value;
    const value = this.cookies['XSRF-TOKEN'];
    if (!value) throw new Error('no XSRF cookie');
    return value;
  }

  cookieHeader(): Record<string, string> {
    const entries = Object.entries(this.cookies);
    return entries.length ? { cookie: entries.map(([k, v]) => `${k}=${v}`).join('; ') } : {};
  }

  async request(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, opts: InjectOptions = {}) {
    const headers: Record<string, string> = {};
    const lang = opts.lang ?? this.lang;
    if (lang) headers['accept-language'] = lang;
    const token = opts.token === undefined ? this.token : opts.token;
    if (token) headers.authorization = `Bearer ${token}`;
    if (!opts.noCsrf) {
      if (method !== 'GET' && !this.cookies['XSRF-TOKEN']) await this.csrf();
      Object.assign(headers, this.cookieHeader());
      const xsrf = this.cookies['XSRF-TOKEN'];
      if (method !== 'GET' && xsrf) headers['x-xsrf-token'] = xsrf;
    }
    Object.assign(headers, opts.headers);
    const fullUrl = url.startsWith('/') ? url : `/api/v1/${url}`;
    const res = await this.app.inject({
      method,
      url: fullUrl,
      headers,
      remoteAddress: opts.ip ?? this.ip,
      ...(opts.query ? { query: opts.query } : {}),
      ...(opts.payload !== undefined ? { payload: opts.payload } : opts.body !== undefined ? { payload: opts.body as object } : {}),
    });
    for (const c of res.cookies) this.cookies[c.name] = c.value;
    return res;
  }

  get(url: string, opts?: InjectOptions) {
    return this.request('GET', url, opts);
  }
  post(url: string, body?: unknown, opts?: InjectOptions) {
    return this.request('POST', url, { ...opts, body });
  }
  put(url: string, body?: unknown, opts?: InjectOptions) {
    return this.request('PUT', url, { ...opts, body });
  }
}

const uniq = () => `${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;
export const randomSaMobile = () => `5${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
export const randomLetters = (n = 12) => Array.from({ length: n }, () => String.fromCharCode(97 + randomInt(0, 26))).join('');

export type RegisterInput = {
  name: string;
  email: string;
  phone: string;
  phone_country: string;
  password: string;
  password_confirmation: string;
  locale?: string;
};

export const validRegistration = (overrides: Partial<RegisterInput> = {}): RegisterInput => {
  const password = overrides.password ?? 'Secret#12345';
  return {
    name: 'Test Owner',
    email: `owner-${uniq()}@test.example`,
    phone: randomSaMobile(),
    phone_country: 'SA',
    password,
    password_confirmation: password,
    ...overrides,
  };
};

export type RegisteredUser = {
  client: Client;
  token: string;
  input: RegisterInput;
  /** E.164 form of the phone, as stored and as the SMS recipient. */
  phoneE164: string;
  user: UserInfo;
};

/** Signs a new owner (and tenant) up through the API. */
export async function registerUser(app: App, overrides: Partial<RegisterInput> = {}): Promise<RegisteredUser> {
  const client = new Client(app);
  const input = validRegistration(overrides);
  const res = await client.post('auth/register', input);
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const json = res.json();
  client.token = json.data.token;
  return { client, token: json.data.token, input, phoneE164: json.data.user.phone, user: json.data.user };
}

/** Latest message of a channel to a recipient, straight from the outbox table. */
export async function latestMessage(db: Database, channel: 'sms' | 'email', recipient: string) {
  const [row] = await rows<{ id: string; body: string; subject: string | null; created_at: Date }>(
    db,
    sql`select id, body, subject, created_at from outbox_messages where channel = ${channel} and recipient = ${recipient} order by created_at desc, id desc limit 1`,
  );
  return row ?? null;
}

export async function countMessages(db: Database, channel: 'sms' | 'email', recipient: string): Promise<number> {
  const [row] = await rows<{ n: number | string }>(db, sql`select count(*)::int as n from outbox_messages where channel = ${channel} and recipient = ${recipient}`);
  return Number(row?.n ?? 0);
}

/** The 4-digit code of the latest SMS to `phone` (E.164). */
export async function readOtp(db: Database, phone: string): Promise<string> {
  const msg = await latestMessage(db, 'sms', phone);
  const code = msg?.body.match(/\d{4}/)?.[0];
  if (!code) throw new Error(`no OTP SMS for ${phone}`);
  return code;
}

/** The `token` of the link in the latest e-mail to `email`. */
export async function readMailToken(db: Database, email: string): Promise<string> {
  const msg = await latestMessage(db, 'email', email);
  const token = msg?.body.match(/[?&]token=([^&\s]+)/)?.[1];
  if (!token) throw new Error(`no link e-mail for ${email}`);
  return decodeURIComponent(token);
}

export async function verifyPhone(db: Database, user: RegisteredUser) {
  const code = await readOtp(db, user.phoneE164);
  const res = await user.client.post('auth/verify-otp', { code });
  if (res.statusCode !== 200) throw new Error(`verify-otp failed: ${res.statusCode} ${res.body}`);
  return res;
}

export async function industryId(db: Database, slug: string): Promise<number> {
  const [row] = await rows<{ id: number }>(db, sql`select id from industries where slug = ${slug}`);
  if (!row) throw new Error(`no industry ${slug}`);
  return Number(row.id);
}

export const tenantInfo = (overrides: Record<string, unknown> = {}) => ({
  activity_name: 'Lamsa Beauty',
  store_name: 'Lamsa Store',
  subdomain: randomLetters(14),
  ...overrides,
});

export const tenantProfile = (industry: number, overrides: Record<string, unknown> = {}) => ({
  industries: [industry],
  system_type: 'booking_management',
  service_types: ['on_site'],
  features: ['bookings'],
  owner_role: 'owner',
  number_of_employees: '1-5',
  ...overrides,
});

export const completeProfile = (overrides: Record<string, unknown> = {}) => ({
  working_days: [0, 1, 2],
  opens_at: '09:00',
  closes_at: '21:00',
  service: { name: 'Haircut', price: 5000, duration: 30 },
  provider: { name: 'Sara Ahmad' },
  ...overrides,
});

async function expectOk(res: { statusCode: number; body: string }, what: string) {
  if (res.statusCode !== 200) throw new Error(`${what} failed: ${res.statusCode} ${res.body}`);
}

/** Completes the three onboarding steps (the phone must be verified). */
export async function onboard(db: Database, user: RegisteredUser, overrides: { info?: Record<string, unknown> } = {}) {
  const c = user.client;
  const info = tenantInfo(overrides.info);
  await expectOk(await c.post('auth/update-tenant-info', info), 'update-tenant-info');
  await expectOk(await c.post('auth/update-tenant-profile', tenantProfile(await industryId(db, 'salon'))), 'update-tenant-profile');
  await expectOk(await c.post('auth/complete-profile', completeProfile()), 'complete-profile');
  return info;
}

/** Registered, phone verified, onboarded: a user who reaches the dashboard. */
export async function readyUser(t: TestApp, overrides: Partial<RegisterInput> = {}) {
  const user = await registerUser(t.app, overrides);
  await verifyPhone(t.db, user);
  const info = await onboard(t.db, user);
  return { ...user, subdomain: info.subdomain as string };
}

/** A request as a bare bearer client (no cookies, no CSRF). */
export function injectAs(app: App, token: string | null, opts: { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; body?: unknown; headers?: Record<string, string>; ip?: string }) {
  return app.inject({
    method: opts.method ?? 'GET',
    url: opts.url.startsWith('/') ? opts.url : `/api/v1/${opts.url}`,
    headers: { 'accept-language': 'en', ...(token ? { authorization: `Bearer ${token}` } : {}), ...opts.headers },
    remoteAddress: opts.ip ?? randomIp(),
    ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
  });
}

type Row = Record<string, unknown> & { id?: string; uuid?: string };

/**
 * A list page whose rows the database wrote as JSON text (lib/http.ts sendJsonText): a 200 of JSON,
 * the whole body to the page's zod `schema` (its top level strict), and each row (those `keep`
 * keeps) equal, key for key and in the same order, to `own(row)`: what the record's own read
 * answers. Returns the checked rows' ids, in order.
 */
export async function expectRowsAsOwn(
  res: { statusCode: number; headers: Record<string, unknown>; body: string; json(): unknown },
  schema: ZodObject,
  own: (row: Row) => Promise<Row>,
  keep: (row: Row) => boolean = () => true,
): Promise<string[]> {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  const body = res.json() as { data: Row[] };
  expect(schema.strict().safeParse(body).error).toBeUndefined();
  const ids: string[] = [];
  for (const row of body.data.filter(keep)) {
    const expected = await own(row);
    expect(row).toEqual(expected);
    expect(Object.keys(row)).toEqual(Object.keys(expected));
    ids.push(String(row.id ?? row.uuid));
  }
  return ids;
}
