/**
 * The booking store (issue 19): what its pages cost a phone, how fast it answers a month of slots, and
 * how it holds up when many people want the same seat. Prints figures and ratios from one run; not a
 * test (a shared 2-core machine is noisy: read the ratios).
 *
 *   npm run build && npm run bench:store            (or: npx tsx bench/store/run.ts)
 *   npm run bench:store -- --only pages,slots,burst  some parts only
 *
 * a) pages: the server on a fresh embedded database (the seeded demo and its store) serving the build;
 *    in Chromium (`/usr/bin/chromium`), `/s/demo` and `/s/demo/book` in Arabic at 360 px with an empty
 *    cache until the network is idle: the JavaScript fetched, counted gzipped (the build's `.gz`
 *    copies), and whether any of the dashboard's chunks (`apps/web/dist/assets`) was fetched (none
 *    should be). Then Lighthouse mobile (its defaults) on both pages, BENCH_RUNS times (default 3), with
 *    the harness of `bench:lighthouse` (../lib/lighthouse.ts). Targets: at most 100 kB of JavaScript
 *    gzipped, performance at least 95, LCP under 2 s.
 * b) slots: in a throw-away PostgreSQL database, the demo with a branch of 20 providers and 4,000
 *    bookings over the next 31 days (../lib/branch.ts, as bench:slots builds its 50), the median over
 *    21 runs of `GET /api/v1/store/demo/slots` for those 31 days and two services (through app.inject,
 *    each from its own address), against the target of 50 ms, and its ratio to the dashboard's
 *    `GET /api/v1/bookings/slots` for the same query; and whether both answer the same slots.
 * c) burst: the same database shape, the API started as its own process on it (as bench:scale does);
 *    200 attempts at once at ONE slot of a provider who serves 3 at a time, half the dashboard's
 *    `POST /api/v1/bookings` (signed in as the owner), half the store's `POST /api/v1/store/demo/holds`
 *    (the hold is where the store takes its seat; each visitor from an address of its own, the server
 *    trusting X-Forwarded-For): exactly 3 must win. Prints p50 and p95 of the refused and of all, and
 *    the ratio to one uncontended booking (and hold) made alone. Target: p95 under 500 ms.
 *
 * DATABASE_URL names the PostgreSQL server (default postgres://postgres@127.0.0.1:5432); BENCH_DB
 * names the throw-away databases' prefix; BENCH_PORT (default 3495) the pages' server, +1 the burst's;
 * BENCH_CPU_PROF=<dir> writes the burst API process's CPU profile there (node --cpu-prof).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, localDateOf, zonedToUtc } from '@app/shared/scheduling/zoned';
import { chromium } from '@playwright/test';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { openDatabase } from '../../apps/api/src/db/client';
import { providers } from '../../apps/api/src/db/schema/business';
import { customers } from '../../apps/api/src/db/schema/customers';
import { DEMO, seedDemo } from '../../apps/api/src/db/seed';
import { httpCsrf, httpSignIn, injectSignIn } from '../lib/auth';
import { cpuNow, cpuSpent } from '../lib/cpu';
import { BENCH_ZONE as ZONE, type BenchBranch, seedBenchBranch } from '../lib/branch';
import { auditPages, DIST, gzippedSize, type LighthouseRun, medianRun, printLighthouse } from '../lib/lighthouse';
import { withThrowawayDatabase } from '../lib/pg';
import { startApi, startDemoServer, stopApi } from '../lib/server';
import { median, tally, timeIt } from '../lib/stats';
import { burst, httpClient, percentile } from '../scale/load';

const args = process.argv.slice(2);
const only = args.includes('--only') ? new Set(args[args.indexOf('--only') + 1]!.split(',')) : null;
const wants = (part: string) => !only || only.has(part);
const PORT = Number(process.env.BENCH_PORT ?? 3495);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const DB_PREFIX = process.env.BENCH_DB || `khidma_bench_store_${process.pid}`;

const SUB = DEMO.subdomain;

const TARGET = { jsGzip: 100_000, score: 95, lcp: 2000, slotsP50: 50, burstP95: 500 };
const PROVIDERS = 20;
const DAYS = 31;
const BOOKINGS = 4_000;
const SLOT_RUNS = 21;
const BURST = 200;
const CAPACITY = 3;

const fmt = (n: number, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : '–');
const kB = (b: number) => `${(b / 1000).toFixed(1)} kB`;
const verdict = (ok: boolean) => (ok ? 'within the target' : 'MISSES the target');
const summary: string[] = [];

// ------------------------------------------------------------------ a) the pages

type Loaded = { scripts: { path: string; gzip: number }[]; dashboardChunks: string[]; status: number };

/** A page in a fresh Chromium context (empty cache) at 360 px, until the network is idle: the scripts it fetched. */
async function load(browser: Awaited<ReturnType<typeof chromium.launch>>, url: string): Promise<Loaded> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'ar-SA', deviceScaleFactor: 2, isMobile: true });
  const page = await context.newPage();
  const scripts: string[] = [];
  const all: string[] = [];
  page.on('request', (r) => {
    all.push(r.url());
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  const res = await page.goto(url, { waitUntil: 'networkidle' });
  // A moment more for anything fetched late (an idle preload).
  await page.waitForTimeout(2500);
  await context.close();
  const origin = new URL(url).origin;
  const own = (u: string) => u.startsWith(origin);
  return {
    status: res?.status() ?? 0,
    scripts: scripts.filter(own).map((u) => ({ path: new URL(u).pathname, gzip: gzippedSize(u) })),
    dashboardChunks: all.filter(own).map((u) => new URL(u).pathname).filter((p) => p.startsWith('/assets/')),
  };
}

async function pagesPart() {
  if (!existsSync(path.join(DIST, 'index.html'))) throw new Error('build the web app first: npm run build');
  if (!existsSync(path.join(DIST, 'store/.vite/manifest.json'))) console.warn('note: apps/web/dist/store has no manifest: the store pages are served without their script');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'khidma-bench-store-'));
  const server = await startDemoServer(dataDir, PORT);
  const base = `http://127.0.0.1:${PORT}`;
  const pages = [
    { name: 'store /s/demo', url: `${base}/s/${SUB}` },
    { name: 'store /s/demo/book', url: `${base}/s/${SUB}/book` },
  ];
  try {
    console.log('\na) The store\'s pages: JavaScript to show the page (Chromium, 360 px, empty cache, until the network is idle)');
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'] });
    try {
      for (const p of pages) {
        const l = await load(browser, p.url);
        const total = l.scripts.reduce((n, s) => n + s.gzip, 0);
        console.log(
          `  ${p.name.padEnd(20)} HTTP ${l.status}, ${l.scripts.length} scripts, ${kB(total)} gzipped (target ≤ ${kB(TARGET.jsGzip)}: ${verdict(total <= TARGET.jsGzip)}), ` +
            `dashboard chunks fetched: ${l.dashboardChunks.length}${l.dashboardChunks.length ? ` — ${l.dashboardChunks.slice(0, 5).join(', ')}` : ' (none)'}`,
        );
        for (const s of l.scripts) console.log(`      ${s.path} ${kB(s.gzip)}`);
        summary.push(`${p.name}: ${kB(total)} JS gzipped in ${l.scripts.length} scripts, ${l.dashboardChunks.length} dashboard chunks`);
      }
    } finally {
      await browser.close();
    }
    const results = await auditPages(pages, RUNS);
    printLighthouse(results);
    for (const { name, runs } of results) {
      const m = medianRun(runs);
      const dashboard = new Set(runs.flatMap((r: LighthouseRun) => r.scriptUrls.filter((u) => u.startsWith('/assets/'))));
      console.log(
        `  ${name}: performance ${m.score} (target ≥ ${TARGET.score}: ${verdict(m.score >= TARGET.score)}), LCP ${fmt(m.lcp)} ms (target < ${TARGET.lcp}: ${verdict(m.lcp < TARGET.lcp)}), ` +
          `JS ${kB(m.jsGzip)} gzipped; dashboard scripts in Lighthouse's window: ${dashboard.size}`,
      );
      summary.push(`${name}: Lighthouse ${m.score}, FCP ${fmt(m.fcp)} ms, LCP ${fmt(m.lcp)} ms, TBT ${fmt(m.tbt)} ms, CLS ${m.cls.toFixed(3)}, JS ${kB(m.jsGzip)} gzipped`);
    }
  } finally {
    await stopApi(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ------------------------------------------------------------------ b) a month of slots

/** The demo seeded, with the bench branch (20 providers, 31 days, 4,000 bookings). */
async function prepare(url: string): Promise<BenchBranch> {
  const handle = await openDatabase({ url });
  try {
    await handle.migrate();
    await seedDemo(handle.db);
    const s0 = performance.now();
    const bench = await seedBenchBranch(handle.db, { providers: PROVIDERS, days: DAYS, bookings: BOOKINGS });
    console.log(`  seeded ${PROVIDERS} providers × ${DAYS} days, ${BOOKINGS.toLocaleString('en')} bookings in ${((performance.now() - s0) / 1000).toFixed(1)} s`);
    return bench;
  } finally {
    await handle.close();
  }
}

let ip = 0;
/** A visitor's address of its own (rate limits and hold limits are per address). */
const nextIp = () => {
  ip++;
  return `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;
};

async function slotsPart(url: string, bench: BenchBranch) {
  console.log(`\nb) A month of slots on the store (PostgreSQL, ${PROVIDERS} providers, ${DAYS} days, app.inject)`);
  {
    const handle = await openDatabase({ url });
    const dataDir = mkdtempSync(path.join(tmpdir(), 'khidma-bench-store-slots-'));
    const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, WEB_DIST: 'off', LOG_LEVEL: 'warn' }), db: handle.db });
    try {
      await app.ready();
      const token = await injectSignIn(app);
      const query = new URLSearchParams({ branch_id: bench.branchId, service_ids: bench.serviceIds.join(','), from: bench.from, to: bench.to });
      const get = async (url: string, headers: Record<string, string> = {}) => {
        const res = await app.inject({ method: 'GET', url, headers: { 'accept-language': 'ar', ...headers }, remoteAddress: nextIp() });
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
        return res;
      };
      const store = () => get(`/api/v1/store/${SUB}/slots?${query}`);
      const dashboard = () => get(`/api/v1/bookings/slots?${query}`, { authorization: `Bearer ${token}` });
      const a = (await store()).json() as { data: { date: string; slots: unknown[] }[] };
      const b = (await dashboard()).json() as { data: { date: string; slots: unknown[] }[] };
      const starts = (x: typeof a) => x.data.reduce((n, d) => n + d.slots.length, 0);
      const same = JSON.stringify(a.data) === JSON.stringify(b.data);
      const storeMs = median(await timeIt(SLOT_RUNS, store));
      const dashboardMs = median(await timeIt(SLOT_RUNS, dashboard));
      console.log(`  answer: ${starts(a)} slot starts over ${a.data.length} days (the dashboard's: ${starts(b)} over ${b.data.length}; ${same ? 'the same slots' : 'DIFFERENT slots'})`);
      console.log(`  median of ${SLOT_RUNS} runs:`);
      console.log(`    GET /api/v1/store/${SUB}/slots    ${fmt(storeMs, 2).padStart(8)} ms  (target ${TARGET.slotsP50} ms: ${verdict(storeMs <= TARGET.slotsP50)}; target ÷ median ${fmt(TARGET.slotsP50 / storeMs, 2)})`);
      console.log(`    GET /api/v1/bookings/slots      ${fmt(dashboardMs, 2).padStart(8)} ms`);
      console.log(`    store ÷ dashboard               ${fmt(storeMs / dashboardMs, 2).padStart(8)}×`);
      summary.push(`store slots, 31 days × 20 providers: p50 ${fmt(storeMs, 1)} ms (dashboard ${fmt(dashboardMs, 1)} ms, ratio ${fmt(storeMs / dashboardMs, 2)}), ${same ? 'same slots' : 'different slots'}`);
    } finally {
      await app.close();
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

// ------------------------------------------------------------------ c) the burst

async function burstPart(url: string, bench: BenchBranch) {
  console.log(`\nc) ${BURST} at once at one slot of capacity ${CAPACITY}: half the dashboard's bookings, half the store's holds (PostgreSQL, the API as its own process, HTTP)`);
  {
    // The burst's provider serves CAPACITY at once; the dashboard's half books for customers of its own.
    const handle = await openDatabase({ url });
    let customerIds: string[];
    try {
      await handle.db.update(providers).set({ clientsInSameTime: CAPACITY }).where(and(eq(providers.tenantId, bench.tenantId), eq(providers.id, bench.providerIds[0]!)));
      const rows = await handle.db
        .insert(customers)
        .values(Array.from({ length: BURST / 2 + 20 }, (_, i) => ({ tenantId: bench.tenantId, firstName: 'Burst', lastName: `Customer ${i}` })))
        .returning({ id: customers.id });
      customerIds = rows.map((r) => r.id);
      await handle.db.execute(sql`analyze`);
    } finally {
      await handle.close();
    }
    const port = PORT + 1;
    const server = await startApi({
      port,
      nodeArgs: process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [],
      env: {
        DATABASE_URL: url,
        LOG_LEVEL: 'warn',
        LOGIN_RATE_LIMIT: '1000',
        OUTBOX_WORKER: 'off',
        NODE_ENV: 'production',
        SUPPORT_PASSWORD: 'Bench-support-1',
        WEB_DIST: 'off',
        TRUST_PROXY: 'true',
      },
    });
    const client = httpClient(`http://127.0.0.1:${port}`, BURST);
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    try {
      const token = await httpSignIn(client);
      const auth = { authorization: `Bearer ${token}`, 'accept-language': 'ar', 'x-forwarded-for': '10.255.0.1' };
      // Each visitor from an address of its own, with the CSRF cookie its browser fetched on the page.
      const visitor = async () => {
        const address = { 'x-forwarded-for': nextIp() };
        return { 'accept-language': 'ar', ...address, ...(await httpCsrf(client, address)) };
      };
      const today = localDateOf(Date.now(), ZONE);
      // Past the seeded bookings (31 days) and inside the store's window (60 days): a Sunday.
      let day = addDays(today, 40);
      while (new Date(`${day}T12:00:00Z`).getUTCDay() !== 0) day = addDays(day, 1);
      const at = (d: string, hhmm: string) => new Date(zonedToUtc(d, hhmm, ZONE)).toISOString();
      const p0 = bench.providerIds[0]!;
      const service = bench.serviceIds[0]!;
      const book = (customer: string, staff: string, start: string) =>
        client.request('POST', '/api/v1/bookings', auth, { customer_id: customer, branch_id: bench.branchId, staff_id: staff, service_ids: [service], start_time: start });
      const hold = (headers: Record<string, string>, staff: string, start: string) =>
        client.request('POST', `/api/v1/store/${SUB}/holds`, headers, { service_ids: [service], staff_id: staff, branch_id: bench.branchId, start_time: start });

      // A server that has run a while, and the uncontended cost: bookings and holds one at a time, each on a free slot.
      const alone = { booking: [] as number[], hold: [] as number[] };
      const ok = (s: number) => s === 200 || s === 201;
      const other = bench.providerIds.filter((_, i) => i > 0 && i % 2 === 0);
      for (let k = 0; k < 16; k++) {
        const d = addDays(day, 1 + Math.floor(k / 8));
        const staff = other[k % other.length]!;
        const start = at(d, `${String(10 + (k % 8)).padStart(2, '0')}:00`);
        const t0 = performance.now();
        const b = await book(customerIds[BURST / 2 + (k % 20)]!, staff, start);
        if (!ok(b.status)) throw new Error(`uncontended booking: ${b.status} ${b.body.slice(0, 300)}`);
        if (k >= 4) alone.booking.push(performance.now() - t0);
        const headers = await visitor();
        const t1 = performance.now();
        const h = await hold(headers, staff, at(addDays(d, 2), `${String(10 + (k % 8)).padStart(2, '0')}:00`));
        if (!ok(h.status)) throw new Error(`uncontended hold: ${h.status} ${h.body.slice(0, 300)}`);
        if (k >= 4) alone.hold.push(performance.now() - t1);
      }
      const aloneBooking = median(alone.booking);
      const aloneHold = median(alone.hold);

      const slot = at(day, '11:00');
      const kinds: ('dashboard' | 'store')[] = Array.from({ length: BURST }, (_, i) => (i % 2 ? 'store' : 'dashboard'));
      const visitors = await Promise.all(kinds.map((k) => (k === 'store' ? visitor() : Promise.resolve(auth))));
      const cpu0 = cpuNow(server.pid!);
      const result = await burst(BURST, async (i) => {
        const t0 = performance.now();
        const res = kinds[i] === 'dashboard' ? await book(customerIds[i >> 1]!, p0, slot) : await hold(visitors[i]!, p0, slot);
        return { status: res.status, ms: performance.now() - t0, kind: kinds[i]!, body: ok(res.status) ? '' : res.body.slice(0, 160) };
      });
      const cpu = cpuSpent(cpu0, cpuNow(server.pid!));
      const won = result.results.filter((r) => ok(r.status));
      const refused = result.results.filter((r) => !ok(r.status));
      const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
      const all = sorted(result.results.map((r) => r.ms));
      const ref = sorted(refused.map((r) => r.ms));
      const taken = await pool.query(
        `select (select count(*)::int from bookings where tenant_id = $1 and provider_id = $2 and start_at = $3 and status not in ('cancelled', 'rejected')) as booked,
                (select count(*)::int from slot_hold_times where tenant_id = $1 and provider_id = $2 and start_at = $3 and expires_at > now()) as held`,
        [bench.tenantId, p0, slot],
      );
      const seats = taken.rows[0] as { booked: number; held: number };
      const reasons = tally(refused.map((r) => `${r.kind} ${r.status} ${(/"code":"([^"]+)"/.exec(r.body) ?? /"message":"([^"]{0,40})/.exec(r.body))?.[1] ?? ''}`.trim()));
      console.log(
        `  ${won.length} won (${won.filter((r) => r.kind === 'dashboard').length} bookings, ${won.filter((r) => r.kind === 'store').length} holds)` +
          `${won.length === CAPACITY ? ' — exactly the capacity' : ' — WRONG: not the capacity'}; in the database: ${seats.booked} booked + ${seats.held} held`,
      );
      console.log(`  refused: ${JSON.stringify(reasons)}`);
      console.log(`  all:     p50 ${fmt(percentile(all, 0.5))} ms, p95 ${fmt(percentile(all, 0.95))} ms, p99 ${fmt(percentile(all, 0.99))} ms, the whole burst in ${fmt(result.wallMs)} ms, ${cpu} (target p95 < ${TARGET.burstP95} ms: ${verdict(percentile(all, 0.95) < TARGET.burstP95)})`);
      console.log(`  refused: p50 ${fmt(percentile(ref, 0.5))} ms, p95 ${fmt(percentile(ref, 0.95))} ms`);
      for (const kind of ['dashboard', 'store'] as const) {
        const xs = sorted(result.results.filter((r) => r.kind === kind).map((r) => r.ms));
        console.log(`    ${kind === 'dashboard' ? 'dashboard bookings' : 'store holds       '}: p50 ${fmt(percentile(xs, 0.5))} ms, p95 ${fmt(percentile(xs, 0.95))} ms`);
      }
      console.log(`  alone (median of ${alone.booking.length}): one booking ${fmt(aloneBooking, 1)} ms, one hold ${fmt(aloneHold, 1)} ms`);
      console.log(`  burst p95 ÷ one booking alone ${fmt(percentile(all, 0.95) / aloneBooking, 1)}×; refused p50 ÷ one booking alone ${fmt(percentile(ref, 0.5) / aloneBooking, 1)}×`);
      summary.push(
        `burst ${BURST} at one slot (capacity ${CAPACITY}): ${won.length} won; all p50 ${fmt(percentile(all, 0.5))} ms, p95 ${fmt(percentile(all, 0.95))} ms; refused p50 ${fmt(percentile(ref, 0.5))} ms, p95 ${fmt(percentile(ref, 0.95))} ms; one booking alone ${fmt(aloneBooking, 1)} ms, one hold ${fmt(aloneHold, 1)} ms`,
      );
    } finally {
      client.close();
      await pool.end();
      await stopApi(server);
    }
  }
}

/** The machine's load when a part starts and ends (the figures of a busy machine are not a quiet one's). */
const load1 = () => `load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`;
summary.push(`at the start: ${load1()}`);
if (wants('pages')) await pagesPart();
if (wants('slots') || wants('burst')) {
  await withThrowawayDatabase(DB_PREFIX, async (url) => {
    console.log('\nThe demo with a branch of 20 providers, in a throw-away PostgreSQL database');
    const bench = await prepare(url);
    if (wants('slots')) await slotsPart(url, bench);
    if (wants('burst')) await burstPart(url, bench);
  });
}
summary.push(`at the end: ${load1()}`);
console.log('\nSummary');
for (const line of summary) console.log(`  ${line}`);
process.exit(0);
