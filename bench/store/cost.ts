/**
 * What one refused attempt at a full slot costs the API, alone (no burst, no contention): the CPU
 * time of this process per request and the statements it sends, for the dashboard's booking and the
 * store's hold, through app.inject on PostgreSQL. The burst of `bench:store` is this cost times 200
 * on one process, so this is where to look when its p95 moves.
 *
 *   npx tsx bench/store/cost.ts                  (BENCH_COST_N requests of each kind, default 300)
 *   BENCH_CPU_PROF=/tmp/prof npx tsx bench/store/cost.ts   also writes a CPU profile of the measured part
 *   BENCH_DB=name BENCH_KEEP=1                   keeps (and reuses) the database between runs
 *   BENCH_SHOW=1                                 prints the statements one request of each kind sends
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, localDateOf, zonedToUtc } from '@app/shared/scheduling/zoned';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { openDatabase } from '../../apps/api/src/db/client';
import { providers } from '../../apps/api/src/db/schema/business';
import { customers } from '../../apps/api/src/db/schema/customers';
import { DEMO, seedDemo } from '../../apps/api/src/db/seed';
import { forgetFullSlots } from '../../apps/api/src/modules/bookings/full-slots';
import { injectSignIn } from '../lib/auth';
import { BENCH_ZONE as ZONE, seedBenchBranch } from '../lib/branch';
import { adminQuery, pgServer } from '../lib/pg';
import { startProfile } from '../lib/profile';
import { countStatements, statementsOf, statementsSent } from '../lib/statements';

const N = Number(process.env.BENCH_COST_N ?? 300);
const NAME = process.env.BENCH_DB || `khidma_bench_cost_${process.pid}`;
const KEEP = process.env.BENCH_KEEP === '1';
const CAPACITY = 3;

const exists = (await adminQuery(`select 1 from pg_database where datname = '${NAME}'`)).rowCount === 1;
if (!exists) await adminQuery(`create database "${NAME}"`);
const url = Object.assign(new URL(pgServer()), { pathname: `/${NAME}` }).toString();
const handle = await openDatabase({ url });
countStatements();

try {
  if (!exists) {
    await handle.migrate();
    await seedDemo(handle.db);
    await seedBenchBranch(handle.db, { providers: 20, days: 31, bookings: 4000 });
  }
  // The bench branch, its first provider and a store service of theirs (also on a kept database).
  const lookup = new pg.Client({ connectionString: url });
  await lookup.connect();
  const first = async <T>(text: string, values: unknown[]) => (await lookup.query(text, values)).rows[0] as T;
  const bench = await first<{ tenant: string; branch: string }>(
    `select t.id as tenant, b.id as branch from tenants t join branches b on b.tenant_id = t.id where t.subdomain = $1 order by b.created_at desc limit 1`,
    [DEMO.subdomain],
  );
  const staff = await first<{ id: string }>(`select p.id from providers p where p.tenant_id = $1 and p.branch_id = $2 order by p.created_at, p.id limit 1`, [bench.tenant, bench.branch]);
  const svc = await first<{ id: string }>(
    `select s.id from services s join provider_services ps on ps.service_id = s.id and ps.tenant_id = s.tenant_id where s.tenant_id = $1 and ps.provider_id = $2 and s.display_on_booking_page order by s.created_at limit 1`,
    [bench.tenant, staff.id],
  );
  await lookup.end();
  const p0 = staff.id;
  const service = svc.id;
  await handle.db.update(providers).set({ clientsInSameTime: CAPACITY }).where(and(eq(providers.tenantId, bench.tenant), eq(providers.id, p0)));
  const [customer] = await handle.db.insert(customers).values({ tenantId: bench.tenant, firstName: 'Cost', lastName: 'Bench' }).returning({ id: customers.id });

  const dataDir = mkdtempSync(path.join(tmpdir(), 'khidma-bench-cost-'));
  const app = await buildApp({ config: loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, WEB_DIST: 'off', LOG_LEVEL: 'warn', TRUST_PROXY: 'true', SUPPORT_PASSWORD: 'Bench-support-1' }), db: handle.db });
  await app.ready();
  const token = await injectSignIn(app);
  const auth = { authorization: `Bearer ${token}`, 'accept-language': 'ar' };
  let ip = 0;
  const visitor = async () => {
    ip++;
    const address = `10.9.${(ip >> 8) & 255}.${ip & 255}`;
    const csrf = await app.inject({ method: 'GET', url: '/api/v1/csrf-cookie', remoteAddress: address });
    const c = csrf.cookies.find((k) => k.name === 'XSRF-TOKEN')!;
    return { address, headers: { 'accept-language': 'ar', cookie: `${c.name}=${c.value}`, 'x-xsrf-token': c.value } };
  };
  // The first time still free on a Sunday 40 days ahead or later (a kept database keeps the last runs'
  // bookings), filled to its capacity.
  let day = addDays(localDateOf(Date.now(), ZONE), 40);
  let slot = '';
  const book = () =>
    app.inject({ method: 'POST', url: '/api/v1/bookings', headers: auth, remoteAddress: '10.255.0.1', payload: { customer_id: customer!.id, branch_id: bench.branch, staff_id: p0, service_ids: [service], start_time: slot } });
  const ok = (r: { statusCode: number }) => r.statusCode === 200 || r.statusCode === 201;
  for (let tries = 0; !slot; tries++) {
    if (tries > 20 * 32) throw new Error('no free time found: drop the kept database');
    const m = 10 * 60 + (tries % 32) * 15;
    if (tries > 0 && tries % 32 === 0) day = addDays(day, 7);
    while (new Date(`${day}T12:00:00Z`).getUTCDay() !== 0) day = addDays(day, 1);
    slot = new Date(zonedToUtc(day, `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`, ZONE)).toISOString();
    if (!ok(await book())) {
      slot = '';
      continue;
    }
    for (let i = 1; i < CAPACITY; i++) {
      const r = await book();
      if (!ok(r)) throw new Error(`filling the slot: ${r.statusCode} ${r.body.slice(0, 300)}`);
    }
  }
  const visitors = await Promise.all(Array.from({ length: N + 20 }, () => visitor()));
  const hold = (k: number) => {
    const v = visitors[k]!;
    return app.inject({ method: 'POST', url: `/api/v1/store/${DEMO.subdomain}/holds`, headers: v.headers, remoteAddress: v.address, payload: { service_ids: [service], staff_id: p0, branch_id: bench.branch, start_time: slot } });
  };
  // Warm-up: both paths compiled and their caches filled.
  for (let i = 0; i < 20; i++) {
    const a = await book();
    const b = await hold(N + i);
    if (a.statusCode !== 422 || b.statusCode !== 422) throw new Error(`expected refusals: ${a.statusCode} ${b.statusCode} ${a.body.slice(0, 200)} ${b.body.slice(0, 200)}`);
  }
  // BENCH_SHOW=1: the statements one request of each kind sends.
  if (process.env.BENCH_SHOW) {
    for (const [name, fn] of [['refused dashboard booking', () => book()], ['refused store hold', () => hold(N + 19)]] as const) {
      console.log(`${name}:\n  ${(await statementsOf(fn)).join('\n  ')}`);
    }
  }
  const stopProfile = await startProfile('cost');
  const measure = async (name: string, fn: (i: number) => Promise<{ statusCode: number }>) => {
    const s0 = statementsSent();
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < N; i++) {
      const r = await fn(i);
      if (r.statusCode !== 422) throw new Error(`${name}: expected 422, got ${r.statusCode}`);
    }
    const wall = performance.now() - t0;
    const c = process.cpuUsage(c0);
    console.log(
      `${name.padEnd(28)} ${((c.user + c.system) / 1000 / N).toFixed(2)} ms CPU a request (user ${(c.user / 1000 / N).toFixed(2)}, system ${(c.system / 1000 / N).toFixed(2)}), ` +
        `${(wall / N).toFixed(2)} ms wall, ${((statementsSent() - s0) / N).toFixed(1)} statements`,
    );
  };
  // Each refusal read from the database (what was just refused forgotten first), then from memory.
  const fresh = <T>(fn: () => T) => {
    forgetFullSlots();
    return fn();
  };
  await measure('refused booking, database', () => fresh(book));
  await measure('refused hold, database', (i) => fresh(() => hold(i)));
  await measure('refused booking, memory', () => book());
  await measure('refused hold, memory', (i) => hold(i));
  await stopProfile();
  await app.close();
} finally {
  await handle.close();
  if (!KEEP) await adminQuery(`drop database if exists "${NAME}" with (force)`);
}
process.exit(0);
