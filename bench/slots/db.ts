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
 *   BENCH_DB=<name>                    names the throw-away database
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freeSlots } from '@app/shared/scheduling/availability';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { openDatabase, withTenant } from '../../apps/api/src/db/client';
import { seedDemo } from '../../apps/api/src/db/seed';
import { loadSlotInputs, slotInputsQuery } from '../../apps/api/src/modules/bookings/bookings.repository';
import { createBookingService, engineInput } from '../../apps/api/src/modules/bookings/bookings.service';
import { injectSignIn } from '../lib/auth';
import { BENCH_ZONE as ZONE, seedBenchBranch } from '../lib/branch';
import { withThrowawayDatabase } from '../lib/pg';
import { median, timeIt } from '../lib/stats';

const PROVIDERS = 50;
const DAYS = 30;
const BOOKINGS = 10_000;
const RUNS = 21;

/** The demo business gets a bench branch, 2 services, 50 providers, days off, a block and 10,000 bookings (../lib/branch.ts). */
const seedBench = (db: Parameters<typeof seedBenchBranch>[0]) => seedBenchBranch(db, { providers: PROVIDERS, days: DAYS, bookings: BOOKINGS });

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
      const token = await injectSignIn(app);
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
      const staffIds = answer.data.reduce((n, d) => n + d.slots.reduce((m: number, s) => m + (s as { staff_ids: string[] }).staff_ids.length, 0), 0);
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

await withThrowawayDatabase(process.env.BENCH_DB || `khidma_bench_slots_${process.pid}`, run, { keep: process.argv.includes('--keep') });
