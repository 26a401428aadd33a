/**
 * Availability benchmark on PostgreSQL (issue 5 §1, DESIGN §6): a branch with 50 providers, 30 days
 * and 10,000 existing bookings (plus days off and a branch block). Measures, over RUNS runs each:
 *   - the whole availability request: `GET /api/v1/bookings/slots` through app.inject (token check,
 *     the tenant transaction, the one input query, the engine, the JSON answer), any provider, a visit
 *     of two services over 30 days;
 *   - just fetching its inputs: the same tenant transaction with only `loadSlotInputs`;
 *   - computing the answer from those inputs (the service's checks, the engine, the API shape; no
 *     database), and the engine alone;
 * and prints the medians and the ratios request ÷ fetch and compute ÷ fetch. The computation must
 * not dominate; the rest of the request is the token check and writing the JSON answer (every slot
 * lists its free providers: with 50 providers that is most of the bytes).
 *
 * It runs in a throw-away database it creates (and drops) on the server of DATABASE_URL, or of
 * postgres://postgres@127.0.0.1:5432/postgres when that is unset.
 *
 *   npm run bench:slots            (or: npx tsx bench/slots/db.ts)
 *   npm run bench:slots -- --explain   also prints the plan of the input query
 *   npm run bench:slots -- --keep      keeps the database (to experiment with; drop it yourself)
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freeSlots } from '@app/shared/scheduling/availability';
import { addDays, localDateOf, zonedToUtc } from '@app/shared/scheduling/zoned';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { type Database, openDatabase, withTenant } from '../../apps/api/src/db/client';
import { branches, providers, providerServices, providerTimeOff, services } from '../../apps/api/src/db/schema/business';
import { customers } from '../../apps/api/src/db/schema/customers';
import { blockTimes, bookings, orderItems, orders } from '../../apps/api/src/db/schema/sales';
import { tenants } from '../../apps/api/src/db/schema/tenants';
import { DEMO, seedDemo } from '../../apps/api/src/db/seed';
import { loadSlotInputs, slotInputsQuery } from '../../apps/api/src/modules/bookings/bookings.repository';
import { createBookingService, engineInput } from '../../apps/api/src/modules/bookings/bookings.service';

const PROVIDERS = 50;
const DAYS = 30;
const BOOKINGS = 10_000;
const RUNS = 21;
const ZONE = 'Asia/Riyadh';
const BATCH = 1000;

// Deterministic pseudo-random numbers (mulberry32), as bench/slots/engine.ts.
let seed = 42;
const rand = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

async function timeIt(runs: number, fn: () => Promise<unknown> | unknown): Promise<number[]> {
  await fn(); // warm-up (JIT, connection, plan cache)
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out;
}

async function insertBatches<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

/** The demo business gets a bench branch, 2 services, 50 providers, days off, a block and 10,000 bookings. */
async function seedBench(db: Database) {
  const [tenant] = await db.select({ id: tenants.id }).from(tenants).where(sql`${tenants.subdomain} = ${DEMO.subdomain}`);
  if (!tenant) throw new Error('demo tenant missing');
  const tenantId = tenant.id;
  const week = (ranges: [string, string][]) => Object.fromEntries(['0', '1', '2', '3', '4', '6'].map((d) => [d, ranges])); // closed Friday
  const [branch] = await db
    .insert(branches)
    .values({ tenantId, name: 'Bench branch', timezone: ZONE, workingHours: week([['09:00', '23:00']]) })
    .returning({ id: branches.id });
  const branchId = branch!.id;
  const svc = await db
    .insert(services)
    .values([
      { tenantId, name: 'Bench cut', price: 5000, duration: 45, bufferTime: 10, branchId },
      { tenantId, name: 'Bench colour', price: 8000, duration: 30, bufferTime: 5, branchId },
    ])
    .returning({ id: services.id });
  const serviceIds = svc.map((s) => s.id);
  const prov = await db
    .insert(providers)
    .values(
      Array.from({ length: PROVIDERS }, (_, i) => ({
        tenantId,
        name: `Bench provider ${String(i).padStart(2, '0')}`,
        branchId,
        sortOrder: i,
        clientsInSameTime: i % 5 === 0 ? 2 : 1,
        workingHours: i % 2 ? week([['09:00', '13:00'], ['16:00', '22:00']]) : week([['10:00', '20:00']]),
      })),
    )
    .returning({ id: providers.id });
  const providerIds = prov.map((p) => p.id);
  await db.insert(providerServices).values(providerIds.flatMap((providerId) => serviceIds.map((serviceId) => ({ tenantId, providerId, serviceId }))));

  const from = addDays(localDateOf(Date.now(), ZONE), 1);
  const dates = Array.from({ length: DAYS }, (_, i) => addDays(from, i));
  await db.insert(providerTimeOff).values(providerIds.filter((_, i) => i % 10 === 0).map((providerId) => ({ tenantId, providerId, startDate: dates[9]!, endDate: dates[11]! })));
  await db.insert(blockTimes).values({ tenantId, branchId, providerId: null, startAt: new Date(zonedToUtc(dates[14]!, '00:00', ZONE)), endAt: new Date(zonedToUtc(dates[15]!, '00:00', ZONE)) });

  const [customer] = await db.insert(customers).values({ tenantId, firstName: 'Bench', lastName: 'Customer' }).returning({ id: customers.id });
  const orderRows: (typeof orders.$inferInsert)[] = [];
  const itemRows: (typeof orderItems.$inferInsert)[] = [];
  const bookingRows: (typeof bookings.$inferInsert)[] = [];
  for (let i = 0; i < BOOKINGS; i++) {
    const orderId = randomUUID();
    const itemId = randomUUID();
    const date = dates[Math.floor(rand() * DAYS)]!;
    const start = zonedToUtc(date, '09:00', ZONE) + Math.floor(rand() * 52) * 15 * 60_000;
    const duration = 30 + Math.floor(rand() * 4) * 15;
    const providerId = providerIds[Math.floor(rand() * PROVIDERS)]!;
    orderRows.push({ tenantId, id: orderId, number: 100_000 + i, branchId, customerId: customer!.id, providerId, currency: 'SAR', subtotal: 5000, total: 5000 });
    itemRows.push({ tenantId, id: itemId, orderId, type: 'service', serviceId: serviceIds[0]!, providerId, name: 'Bench cut', unitPrice: 5000, subtotal: 5000, total: 5000 });
    bookingRows.push({
      tenantId,
      number: 100_000 + i,
      orderId,
      orderItemId: itemId,
      branchId,
      customerId: customer!.id,
      providerId,
      serviceId: serviceIds[0]!,
      startAt: new Date(start),
      endAt: new Date(start + duration * 60_000),
      occupiedUntil: new Date(start + (duration + 10) * 60_000),
      duration,
      buffer: 10,
      price: 5000,
      totalPrice: 5000,
      // One in ten cancelled: stored, but not busy.
      status: i % 10 === 0 ? 'cancelled' : 'confirmed',
    });
  }
  await insertBatches(orderRows, (chunk) => db.insert(orders).values(chunk));
  await insertBatches(itemRows, (chunk) => db.insert(orderItems).values(chunk));
  await insertBatches(bookingRows, (chunk) => db.insert(bookings).values(chunk));
  await db.execute(sql`analyze`);
  return { tenantId, branchId, serviceIds, from, to: dates[DAYS - 1]! };
}

async function run(url: string) {
  const handle = await openDatabase({ url });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'khidma-bench-slots-'));
  try {
    await handle.migrate();
    await seedDemo(handle.db);
    const s0 = performance.now();
    const bench = await seedBench(handle.db);
    console.log(`seeded ${PROVIDERS} providers × ${DAYS} days, ${BOOKINGS.toLocaleString('en')} bookings in ${((performance.now() - s0) / 1000).toFixed(1)} s`);

    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, WEB_DIST: 'off', LOG_LEVEL: 'warn' });
    const app = await buildApp({ config, db: handle.db });
    await app.ready();
    try {
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
      const q = new URLSearchParams({ branch_id: bench.branchId, service_ids: bench.serviceIds.join(','), from: bench.from, to: bench.to });
      const request = async () => {
        const res = await app.inject({ method: 'GET', url: `/api/v1/bookings/slots?${q}`, headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' } });
        if (res.statusCode !== 200) throw new Error(`slots failed: ${res.statusCode} ${res.body.slice(0, 300)}`);
        return res;
      };
      const inputsQuery = { branchId: bench.branchId, serviceIds: bench.serviceIds, from: bench.from, to: bench.to, tenantTimezone: ZONE };
      const fetch = () => withTenant(handle.db, bench.tenantId, (tx) => loadSlotInputs(tx, bench.tenantId, inputsQuery));

      const answer = (await request()).json() as { data: { slots: unknown[] }[] };
      const inputs = await fetch();
      const visit = [
        { id: bench.serviceIds[0]!, duration: 45, buffer: 10 },
        { id: bench.serviceIds[1]!, duration: 30, buffer: 5 },
      ];
      const engineOnly = () => freeSlots(engineInput(inputs, { zone: ZONE, from: bench.from, to: bench.to, now: Date.now(), visit }));
      const service = createBookingService({ db: handle.db, config });
      const slotsQuery = { branch_id: bench.branchId, service_ids: bench.serviceIds, from: bench.from, to: bench.to };
      const computeOnly = () => service.computeSlots(inputs, slotsQuery, ZONE, Date.now());

      const requestMs = median(await timeIt(RUNS, request));
      const fetchMs = median(await timeIt(RUNS, fetch));
      const computeMs = median(await timeIt(RUNS, computeOnly));
      const engineMs = median(await timeIt(RUNS, engineOnly));
      const slotCount = answer.data.reduce((n, d) => n + d.slots.length, 0);
      const staffIds = answer.data.reduce((n, d) => n + d.slots.reduce((m, s) => m + (s as { staff_ids: string[] }).staff_ids.length, 0), 0);
      const bytes = (await request()).body.length;
      console.log(`input rows: ${inputs.providers.length} providers, ${inputs.bookings.length} active bookings, ${inputs.blocks.length} blocks, ${inputs.timeOff.length} days off`);
      console.log(`answer: ${slotCount} slot starts over ${answer.data.length} days, ${staffIds} staff ids, ${Math.round(bytes / 1024)} KB of JSON`);
      console.log(`median of ${RUNS} runs:`);
      console.log(`  whole request (GET /bookings/slots)          ${requestMs.toFixed(2).padStart(8)} ms`);
      console.log(`  fetching its inputs (tx + 1 query)           ${fetchMs.toFixed(2).padStart(8)} ms`);
      console.log(`  computing the answer (checks, engine, shape) ${computeMs.toFixed(2).padStart(8)} ms`);
      console.log(`    of which the engine (freeSlots)            ${engineMs.toFixed(2).padStart(8)} ms`);
      console.log(`  request ÷ fetch                              ${(requestMs / fetchMs).toFixed(2).padStart(8)}×`);
      console.log(`  compute ÷ fetch                              ${(computeMs / fetchMs).toFixed(2).padStart(8)}×`);

      if (process.argv.includes('--explain')) {
        const plan = await withTenant(handle.db, bench.tenantId, (tx) => tx.execute(sql`explain (analyze, buffers) ${slotInputsQuery(bench.tenantId, inputsQuery)}`));
        console.log((plan as unknown as { rows: { 'QUERY PLAN': string }[] }).rows.map((r) => r['QUERY PLAN']).join('\n'));
      }
    } finally {
      await app.close();
    }
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const server = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `khidma_bench_slots_${process.pid}`;
const admin = async (q: string) => {
  const c = new pg.Client({ connectionString: server });
  await c.connect();
  try {
    await c.query(q);
  } finally {
    await c.end();
  }
};
await admin(`create database "${name}"`);
try {
  const target = new URL(server);
  target.pathname = `/${name}`;
  console.log(`PostgreSQL: throw-away database ${name}`);
  await run(target.toString());
} finally {
  if (process.argv.includes('--keep')) console.log(`kept database ${name}`);
  else await admin(`drop database if exists "${name}" with (force)`);
}
