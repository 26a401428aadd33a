/**
 * What one successful booking costs at the scale dataset's size, alone: this process's CPU (the API
 * through app.inject) and the database server's CPU per booking, and the statements one sends.
 * The 50-provider burst of `bench:scale` is this cost times 200 on two cores.
 *
 *   npx tsx bench/scale/booking-cost.ts          (needs the dataset: run `npm run bench:scale` once)
 *   BENCH_COST_N=100 (default), BENCH_SHOW=1 prints the statements, BENCH_CPU_PROF=<dir> a CPU profile
 */
import { zonedToUtc } from '@app/shared/scheduling/zoned';
import pg from 'pg';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { openDatabase } from '../../apps/api/src/db/client';
import { DEMO } from '../../apps/api/src/db/seed';
import { injectSignIn } from '../lib/auth';
import { cpuNow } from '../lib/cpu';
import { startProfile } from '../lib/profile';
import { countStatements, statementsOf, statementsSent } from '../lib/statements';
import { burstPlace, databaseUrl } from './dataset';

const N = Number(process.env.BENCH_COST_N ?? 100);
const ZONE = 'Asia/Riyadh';
const url = databaseUrl(process.env.BENCH_SCALE_DB ?? 'khidma_scale');
const handle = await openDatabase({ url });
countStatements();

const pool = new pg.Pool({ connectionString: url, max: 2 });
const tenant = (await pool.query(`select id from tenants where subdomain = $1`, [DEMO.subdomain])).rows[0].id as string;
// A Sunday two months ahead, the bookings ten to noon: past the dataset's and the burst's.
const { day, providers, branchId, customers } = await burstPlace(pool, tenant, { daysAhead: 60, from: '10:00', to: '17:00', customers: N + 50, zone: ZONE });

const app = await buildApp({ config: { ...loadConfig({ NODE_ENV: 'production', WEB_DIST: 'off', LOG_LEVEL: 'warn', SUPPORT_PASSWORD: 'Bench-support-1', OUTBOX_WORKER: 'off' }), databaseUrl: url }, db: handle.db });
await app.ready();
const auth = { authorization: `Bearer ${await injectSignIn(app)}`, 'accept-language': 'ar' };
let k = 0;
const book = () => {
  const i = k++;
  const p = providers[i % providers.length]!;
  const start = new Date(zonedToUtc(day, `${String(10 + Math.floor(i / providers.length)).padStart(2, '0')}:00`, ZONE)).toISOString();
  return app.inject({ method: 'POST', url: '/api/v1/bookings', headers: auth, payload: { customer_id: customers[i], branch_id: branchId, staff_id: p.id, service_ids: [p.service_id], start_time: start } });
};
for (let i = 0; i < 20; i++) {
  const r = await book();
  if (r.statusCode !== 201) throw new Error(`warm-up: ${r.statusCode} ${r.body.slice(0, 300)}`);
}
if (process.env.BENCH_SHOW) {
  console.log(`one booking:\n  ${(await statementsOf(book)).join('\n  ')}`);
}
const stopProfile = await startProfile('booking');
const s0 = statementsSent();
const c0 = cpuNow(process.pid);
const t0 = performance.now();
for (let i = 0; i < N; i++) {
  const r = await book();
  if (r.statusCode !== 201) throw new Error(`booking: ${r.statusCode} ${r.body.slice(0, 300)}`);
}
const wall = performance.now() - t0;
const c1 = cpuNow(process.pid);
console.log(
  `one booking: API ${(((c1.api - c0.api) * 1000) / N).toFixed(2)} ms CPU, database ${(((c1.db - c0.db) * 1000) / N).toFixed(2)} ms CPU, ${(wall / N).toFixed(2)} ms wall, ${((statementsSent() - s0) / N).toFixed(1)} statements`,
);
await stopProfile();
await app.close();
await pool.end();
await handle.close();
process.exit(0);
