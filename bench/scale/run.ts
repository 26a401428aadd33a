/**
 * Issue 15 at a busy business's size, on PostgreSQL: the dataset of ./dataset.ts (1,000 businesses,
 * about 1,000,000 orders; the demo business with 100,000 orders, 90,000 bookings, 20,000 customers
 * and 52 providers), the API started as its own process, and a load from this one at 50 connections.
 *
 * For each read it prints requests a second, p50 and p99, and the same for the endpoint's own SQL:
 * the statements one request sends in steady state (captured from the API built in this process,
 * after a first request: its sign-in context kept, the transaction included) replayed through the
 * same driver (`pg`, prepared statements under the API's names) with the same pool size and the same
 * 50 callers, and the ratio API ÷ SQL; what a request cost each process in CPU (the API, the
 * database, this load) on both sides; and the p50 of the API one request at a time (what a user
 * waits when nothing is queued in front). Then two bursts of bookings: 200 at once spread over 50
 * providers, and 200 at once on one slot of a provider who serves three at a time (exactly three
 * must win). Not a test: one run's ratios on a shared machine; read them as such.
 *
 *   npm run bench:scale                       builds the dataset once (about 2 minutes), then measures
 *   npm run bench:scale -- --rebuild          builds the dataset again
 *   npm run bench:scale -- --only orders,dashboard   some scenarios only
 *   npm run bench:scale -- --explain          only times each statement of each read (EXPLAIN ANALYZE; --plans prints the plans)
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=50 DATABASE_POOL_MAX=10 tune the run
 *   BENCH_CPU_PROF=/tmp/prof  writes the API process's CPU profile there (node --cpu-prof)
 *   BENCH_SHOW=1              prints the statements captured for each read (batch number, then the statement as JSON)
 *
 * DATABASE_URL names the server (default postgres://postgres@127.0.0.1:5432); the dataset lives in
 * the database `khidma_scale` (BENCH_SCALE_DB) there and is kept for the next run.
 */
import { addDays, localDateOf, zonedToUtc } from '@app/shared/scheduling/zoned';
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { openDatabase } from '../../apps/api/src/db/client';
import { type Piped, sendTogether } from '../../apps/api/src/db/pipeline';
import { DEMO } from '../../apps/api/src/db/seed';
import { httpSignIn } from '../lib/auth';
import { cpuNow, cpuSpent } from '../lib/cpu';
import { startApi, stopApi } from '../lib/server';
import { burstPlace, CAPACITY, CAPACITY_PROVIDER, describe, ensureDataset } from './dataset';
import { burst, httpClient, type Stats, sustained } from './load';

const DB_NAME = process.env.BENCH_SCALE_DB ?? 'khidma_scale';
const PORT = Number(process.env.BENCH_PORT ?? 3499);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const POOL = Number(process.env.DATABASE_POOL_MAX ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const WARMUP_MS = 2000;
const BURST = 200;
const ZONE = 'Asia/Riyadh';
const args = process.argv.slice(2);
const only = args.includes('--only') ? new Set(args[args.indexOf('--only') + 1]!.split(',')) : null;

type Row = { name: string; api: Stats; sql?: Stats; alone?: Stats; bytes?: number };
const rows: Row[] = [];

const fmt = (n: number, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : '–');

// ------------------------------------------------------------------ capturing an endpoint's SQL

/** A statement as the API sent it, its name too where the API prepared it (the replay prepares it alike); `batch` numbers those it sent together (db/pipeline.ts), which the replay sends together too. */
type Statement = { text: string; name?: string; values?: unknown[]; rowMode?: string; types?: unknown; batch?: number };
let batches = 0;
let recording: Statement[] | null = null;
const clientProto = pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown };
const originalQuery = clientProto.query;
clientProto.query = function (this: unknown, ...a: unknown[]) {
  if (recording) {
    const [config, values] = a;
    if (typeof config === 'string') recording.push({ text: config, ...(Array.isArray(values) ? { values } : {}) });
    else if (config && typeof config === 'object' && Array.isArray((config as { statements?: unknown }).statements)) {
      const batch = ++batches;
      for (const st of (config as { statements: Piped[] }).statements) recording.push({ text: st.text, ...(st.name ? { name: st.name } : {}), ...(st.values ? { values: [...st.values] } : {}), batch });
    } else if (config && typeof config === 'object' && 'text' in config) {
      const c = config as Statement;
      const v = c.values ?? (Array.isArray(values) ? values : undefined);
      recording.push({ text: c.text, ...(c.name ? { name: c.name } : {}), ...(v ? { values: v } : {}), ...(c.rowMode ? { rowMode: c.rowMode } : {}), ...(c.types ? { types: c.types } : {}) });
    }
  }
  return originalQuery.apply(this, a);
};

async function captureSql(inject: () => Promise<{ statusCode: number }>): Promise<Statement[]> {
  // As the server under load runs it: its sign-in context kept (AUTH_CACHE_SECONDS), its statements prepared.
  await inject();
  recording = [];
  const res = await inject();
  const out = recording;
  recording = null;
  if (res.statusCode >= 400) throw new Error(`capture: the request answered ${res.statusCode}`);
  // The token's last-used stamp is written once a minute, not on every request: leave it out.
  return out.filter((s) => !/update "access_tokens"/i.test(s.text));
}

/** The round trips a request's statements take: one per batch sent together, one for each of the rest. */
const roundTrips = (statements: Statement[]) => new Set(statements.map((s, i) => s.batch ?? `single ${i}`)).size;

let replayFailed = false;
/** The statements of one request, replayed on one connection of `pool`. */
async function replay(pool: pg.Pool, statements: Statement[]): Promise<boolean> {
  const c = await pool.connect();
  try {
    for (let i = 0; i < statements.length; ) {
      const s = statements[i]!;
      if (s.batch === undefined) {
        await c.query({ ...s } as pg.QueryConfig);
        i++;
        continue;
      }
      // Sent together as the API sent them: one write, one round trip.
      let end = i;
      while (end < statements.length && statements[end]!.batch === s.batch) end++;
      await sendTogether(c, statements.slice(i, end));
      i = end;
    }
    return true;
  } catch (err) {
    if (!replayFailed) console.error('replay failed:', (err as Error).message);
    replayFailed = true;
    await c.query('rollback').catch(() => {});
    return false;
  } finally {
    c.release();
  }
}

// ------------------------------------------------------------------ the server

function startServer(url: string): Promise<ChildProcess> {
  return startApi({
    port: PORT,
    // BENCH_API_ARGS: more flags for the API's node only (a V8 setting tried against the load's own process left alone).
    nodeArgs: [...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []), ...(process.env.BENCH_API_ARGS?.split(/\s+/).filter(Boolean) ?? [])],
    env: {
      DATABASE_URL: url,
      DATABASE_POOL_MAX: String(POOL),
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      LOGIN_RATE_LIMIT: '1000',
      OUTBOX_WORKER: 'off',
      NODE_ENV: 'production',
      SUPPORT_PASSWORD: 'Bench-support-1',
      WEB_DIST: 'off',
    },
  });
}

// ------------------------------------------------------------------ scenarios

type Read = { name: string; path: string };

async function main() {
  const url = await ensureDataset(DB_NAME, { rebuild: args.includes('--rebuild') });
  const counts = await describe(url);
  console.log(
    `dataset: ${counts.tenants} businesses, ${counts.orders} orders, ${counts.bookings} bookings; the demo: ${counts.demo_orders} orders, ${counts.demo_bookings} bookings, ${counts.demo_customers} customers, ${counts.demo_transactions} payments, ${counts.demo_providers} providers`,
  );
  console.log(`load: ${CONNECTIONS} connections, ${SECONDS} s each after a ${WARMUP_MS / 1000} s warm-up; API and SQL pools of ${POOL}`);

  const server = await startServer(url);
  const serverPid = server.pid!;
  const client = httpClient(`http://127.0.0.1:${PORT}`, CONNECTIONS);
  const sqlPool = new pg.Pool({ connectionString: url, max: POOL });
  // The in-process API only captures statements; its pool is small and idle otherwise.
  process.env.DATABASE_URL = url;
  const handle = await openDatabase({ url });
  const app = await buildApp({ config: { ...loadConfig(), databaseUrl: url, logLevel: 'silent', webDist: undefined }, db: handle.db });
  try {
    const token = await httpSignIn(client);
    const auth = { authorization: `Bearer ${token}`, 'accept-language': 'ar', 'accept-encoding': 'gzip, br' };
    const tenant = (await sqlPool.query(`select id from tenants where subdomain = $1`, [DEMO.subdomain])).rows[0].id as string;

    const today = localDateOf(Date.now(), ZONE);
    const weekStart = addDays(today, -((new Date(`${today}T12:00:00Z`).getUTCDay() + 7) % 7));
    const week = { start: new Date(zonedToUtc(weekStart, '00:00', ZONE)).toISOString(), end: new Date(zonedToUtc(addDays(weekStart, 7), '00:00', ZONE)).toISOString() };

    const reads: Read[] = [
      { name: 'orders p1', path: '/api/v1/orders?page=1&per_page=25' },
      ...(await deepPaths(client, auth, 'orders')),
      { name: 'bookings p1', path: '/api/v1/bookings?page=1&per_page=25' },
      ...(await deepPaths(client, auth, 'bookings')),
      { name: 'customers p1', path: '/api/v1/customers?page=1&per_page=25' },
      ...(await deepPaths(client, auth, 'customers')),
      { name: 'transactions p1', path: '/api/v1/transactions?page=1&per_page=25' },
      ...(await deepPaths(client, auth, 'transactions')),
      { name: 'invoices p1', path: '/api/v1/invoices?page=1&per_page=25' },
      ...(await deepPaths(client, auth, 'invoices')),
      { name: 'refunds p1', path: '/api/v1/refunds?page=1&per_page=25' },
      // The settings page of what ZATCA made of each document (the list's paging, its answer beside each row).
      { name: 'synced p1', path: '/api/v1/invoices/synced?page=1&per_page=25' },
      ...(await deepPaths(client, auth, 'invoices/synced')),
      { name: 'dashboard', path: '/api/v1/dashboard' },
      // What every signed-in page and the orders list ask for beside their own data.
      { name: 'badges', path: '/api/v1/load-unread-modules-counts' },
      { name: 'orders-tabs', path: '/api/v1/load-orders-status' },
      { name: 'calendar week', path: `/api/v1/calendar/events?start=${encodeURIComponent(week.start)}&end=${encodeURIComponent(week.end)}` },
    ];

    for (const r of reads) {
      const key = r.name.split(' ')[0]!;
      if (only && !only.has(key) && !only.has(r.name)) continue;
      const probe = await client.request('GET', r.path, auth);
      if (probe.status !== 200) throw new Error(`${r.name}: ${probe.status} ${probe.body.slice(0, 300)}`);
      const statements = await captureSql(() => app.inject({ method: 'GET', url: r.path, headers: auth }));
      if (process.env.BENCH_SHOW) for (const s of statements) console.log(s.batch ?? '-', JSON.stringify(s));
      if (args.includes('--explain')) {
        await explainStatements(sqlPool, r.name, statements);
        continue;
      }
      const c0 = cpuNow(serverPid);
      const api = await sustained({ connections: CONNECTIONS, warmupMs: WARMUP_MS, durationMs: SECONDS * 1000 }, async () => {
        const res = await client.request('GET', r.path, auth);
        return res.status === 200;
      });
      const c1 = cpuNow(serverPid);
      const sql = await sustained({ connections: CONNECTIONS, warmupMs: WARMUP_MS, durationMs: SECONDS * 1000 }, () => replay(sqlPool, statements));
      const c2 = cpuNow(serverPid);
      // And one request at a time: what a single user waits, with nothing queued in front of it.
      const alone = await sustained({ connections: 1, warmupMs: 500, durationMs: 2000 }, async () => (await client.request('GET', r.path, auth)).status === 200);
      const bytes = probe.bytes;
      const plainBytes = Buffer.byteLength(probe.body);
      rows.push({ name: r.name, api, sql, alone, bytes });
      console.log(
        `${r.name.padEnd(20)} API ${fmt(api.rps).padStart(6)} req/s  p50 ${fmt(api.p50, 1).padStart(7)} ms  p99 ${fmt(api.p99, 1).padStart(7)} ms${api.errors ? `  (${api.errors} errors)` : ''}` +
          ` | SQL (${statements.length} statements, ${roundTrips(statements)} trips) ${fmt(sql.rps).padStart(6)} req/s  p50 ${fmt(sql.p50, 1).padStart(6)} ms  p99 ${fmt(sql.p99, 1).padStart(6)} ms` +
          ` | API÷SQL ${fmt(api.rps / sql.rps, 2)} | alone p50 ${fmt(alone.p50, 1)} ms | answer ${fmt(plainBytes / 1024, 1)} kB, ${fmt(bytes / 1024, 1)} kB sent`,
      );
      // What a request cost each process, about (the warm-up's requests counted at the measured rate).
      const per = (cpuS: number, rps: number) => fmt((cpuS * 1000) / (rps * (WARMUP_MS / 1000 + SECONDS)), 2);
      console.log(
        `${''.padEnd(20)} CPU ms a request: API ${per(c1.api - c0.api, api.rps)}, database ${per(c1.db - c0.db, api.rps)}, load ${per(c1.load - c0.load, api.rps)}` +
          ` | SQL: database ${per(c2.db - c1.db, sql.rps)}, load ${per(c2.load - c1.load, sql.rps)}`,
      );
    }

    if (!only || only.has('bookings-burst')) await bursts(client, auth, sqlPool, tenant, serverPid);
  } finally {
    client.close();
    await app.close();
    await handle.close();
    await sqlPool.end();
    await stopApi(server);
  }
}

/**
 * The 500th page of a list as the web app reaches it: with the cursor of the page before (walking
 * 499 pages through the API would take a while, so page 499 is asked for by offset once, and its
 * `next_cursor` taken), and, for comparison, by offset alone.
 */
async function deepPaths(client: ReturnType<typeof httpClient>, auth: Record<string, string>, list: string): Promise<Read[]> {
  const res = await client.request('GET', `/api/v1/${list}?page=499&per_page=25`, auth);
  const next = (JSON.parse(res.body) as { meta: { next_cursor?: string | null } }).meta.next_cursor;
  return [
    ...(next ? [{ name: `${list} p500`, path: `/api/v1/${list}?page=500&per_page=25&cursor=${next}` }] : []),
    { name: `${list} p500-offset`, path: `/api/v1/${list}?page=500&per_page=25` },
  ];
}

async function bursts(client: ReturnType<typeof httpClient>, auth: Record<string, string>, pool: pg.Pool, tenant: string, serverPid: number) {
  // A Sunday past the dataset's bookings (they reach 31 days ahead); the burst books four hours from 13:00.
  const { day, providers, branchId, customers } = await burstPlace(pool, tenant, { daysAhead: 45, from: '13:00', to: '17:00', customers: BURST, zone: ZONE });

  const post = (body: Record<string, unknown>) => client.request('POST', '/api/v1/bookings', auth, body);
  const refusals = new Set<string>();

  // A server that has been up a while: its booking code compiled, its connections made. Fifty
  // bookings a week later, ten at a time, before the measured bursts.
  const warmDay = addDays(day, 14);
  for (let k = 0; k < 50; k += 10) {
    await Promise.all(
      Array.from({ length: 10 }, (_, j) => {
        const p = providers[(k + j) % providers.length]!;
        return post({ customer_id: customers[k + j], branch_id: branchId, staff_id: p.id, service_ids: [p.service_id], start_time: new Date(zonedToUtc(warmDay, '13:00', ZONE)).toISOString() });
      }),
    );
  }

  // 200 at once over 50 providers: four each, an hour apart, from 13:00.
  const cpu0 = cpuNow(serverPid);
  const spread = await burst(BURST, async (i) => {
    const p = providers[i % providers.length]!;
    const start = new Date(zonedToUtc(day, `${String(13 + Math.floor(i / providers.length)).padStart(2, '0')}:00`, ZONE)).toISOString();
    const res = await post({ customer_id: customers[i], branch_id: branchId, staff_id: p.id, service_ids: [p.service_id], start_time: start });
    if (res.status !== 201) refusals.add(`${p.name}: ${res.status} ${res.body.slice(0, 200)}`);
    return res.status;
  });
  const spreadOk = spread.results.filter((s) => s === 201).length;
  console.log(
    `bookings burst, ${BURST} over ${providers.length} providers: ${spreadOk} booked, p50 ${fmt(spread.latencies.p50)} ms, p95 ${fmt(spread.latencies.p95)} ms, p99 ${fmt(spread.latencies.p99)} ms, all in ${fmt(spread.wallMs)} ms (${fmt((BURST / spread.wallMs) * 1000)} a second)` +
      (spreadOk === BURST ? '' : `; statuses ${JSON.stringify(count(spread.results))}; ${[...refusals].join(' | ')}`) +
      `; ${cpuSpent(cpu0, cpuNow(serverPid))}`,
  );

  // 200 at once on one slot of the provider who serves three at once.
  const cap = providers.find((p) => p.name === CAPACITY_PROVIDER) ?? providers[0]!;
  const slot = new Date(zonedToUtc(addDays(day, 7), '11:00', ZONE)).toISOString();
  const cpu1 = cpuNow(serverPid);
  const one = await burst(BURST, async (i) => {
    const res = await post({ customer_id: customers[i], branch_id: branchId, staff_id: cap.id, service_ids: [cap.service_id], start_time: slot });
    return res.status;
  });
  const won = one.results.filter((s) => s === 201).length;
  console.log(
    `bookings burst, ${BURST} on one slot (capacity ${CAPACITY}): ${won} booked${won === CAPACITY ? ' (exactly the capacity)' : ' — WRONG'}, p50 ${fmt(one.latencies.p50)} ms, p95 ${fmt(one.latencies.p95)} ms, p99 ${fmt(one.latencies.p99)} ms; statuses ${JSON.stringify(count(one.results))}; ${cpuSpent(cpu1, cpuNow(serverPid))}`,
  );
  rows.push({ name: 'burst 200/50 providers', api: spread.latencies }, { name: 'burst 200/one slot', api: one.latencies });
}

function count(xs: number[]): Record<number, number> {
  const m: Record<number, number> = {};
  for (const x of xs) m[x] = (m[x] ?? 0) + 1;
  return m;
}

/**
 * `--explain`: each statement an endpoint sends, run once more under EXPLAIN ANALYZE in the same
 * transaction (as the API runs it: tenant context, row-level security), with its time and plan.
 */
async function explainStatements(pool: pg.Pool, name: string, statements: Statement[]) {
  const c = await pool.connect();
  try {
    console.log(`\n-- ${name}`);
    for (const st of statements) {
      const text = st.text.trim();
      if (!/^(select|with)/i.test(text) || /set_config/.test(text)) {
        await c.query({ text: st.text, ...(st.values ? { values: st.values } : {}) } as pg.QueryConfig);
        continue;
      }
      const res = await c.query({ text: `explain (analyze, buffers) ${st.text}`, ...(st.values ? { values: st.values } : {}) } as pg.QueryConfig);
      const lines = res.rows.map((r) => String(r['QUERY PLAN']));
      const time = lines.find((l) => l.startsWith('Execution Time'));
      console.log(`${time?.padEnd(30)} ${text.replace(/\s+/g, ' ').slice(0, 110)}`);
      if (args.includes('--plans')) console.log(lines.map((l) => `    ${l}`).join('\n'));
    }
  } finally {
    await c.query('rollback').catch(() => {});
    c.release();
  }
}

await main();
process.exit(0);
