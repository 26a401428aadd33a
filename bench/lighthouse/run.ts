/**
 * Lighthouse on the pages a visitor opens first (issue 15 §6): the sign-in page and a customer's
 * payment link, in Arabic (the default), with Lighthouse's mobile settings (a mid-range phone, simulated
 * slow 4G and a 4× slower CPU). Prints, for each page, the median of a few runs of the performance
 * score and its metrics, and the JavaScript the page fetched in Lighthouse's window: as sent (Brotli,
 * headers included) and counted gzipped (the build's `.gz` copies). Not a test: a shared machine is
 * noisy, and the simulation still runs the page on this CPU.
 *
 *   npm run build && npm run bench:lighthouse      (or: npx tsx bench/lighthouse/run.ts)
 *
 * It builds nothing: it serves `apps/web/dist` from a server it starts on a fresh embedded database
 * (the seeded demo business), creates a payment link for one of the demo's unpaid orders as the demo
 * owner, and runs each audit in a fresh system Chromium (`/usr/bin/chromium`, never a downloaded one).
 * `BENCH_PORT` (default 3498) and `BENCH_RUNS` (default 3) change the port and the number of runs.
 * `-- --store` adds the demo's booking store (`/s/demo` and `/s/demo/book`), `-- --store-only` runs
 * just those (bench/store/run.ts runs them too, with the store's other figures). The harness itself
 * is ../lib/lighthouse.ts.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { auditPages, DIST, printLighthouse } from '../lib/lighthouse';
import { startDemoServer, stopApi } from '../lib/server';

const PORT = Number(process.env.BENCH_PORT ?? 3498);
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const OWNER = { email: 'owner@demo.khidma.test', password: 'Demo@12345' };
const args = process.argv.slice(2);

/** Signs the demo owner in through the API and creates a payment link for an unpaid order: its path. */
async function paymentLinkPath(): Promise<string> {
  const csrf = await fetch(`${BASE}/api/v1/csrf-cookie`);
  const cookie = csrf.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? '');
  const login = await fetch(`${BASE}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-xsrf-token': xsrf },
    body: JSON.stringify(OWNER),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const orders = await fetch(`${BASE}/api/v1/orders?payment_status=unpaid&per_page=50`, { headers });
  type Order = { id: string; remaining_amount: number; customer: { phone: string | null; email: string | null } | null };
  const list = ((await orders.json()) as { data: Order[] }).data;
  // A link goes to the customer by SMS and e-mail: the order's customer needs both.
  const order = list.find((o) => o.remaining_amount > 0 && o.customer?.phone && o.customer.email);
  if (!order) throw new Error('no unpaid demo order with a customer who has a phone and an e-mail');
  const link = await fetch(`${BASE}/api/v1/orders/${order.id}/payment-link`, { method: 'POST', headers, body: '{}' });
  if (!link.ok) throw new Error(`payment link: ${link.status} ${await link.text()}`);
  return new URL(((await link.json()) as { data: { url: string } }).data.url).pathname;
}

async function main() {
  if (!existsSync(path.join(DIST, 'index.html'))) throw new Error('build the web app first: npm run build');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'khidma-bench-lighthouse-'));
  const server = await startDemoServer(dataDir, PORT);
  try {
    const store = [
      { name: 'store /s/demo', url: `${BASE}/s/demo` },
      { name: 'store /s/demo/book', url: `${BASE}/s/demo/book` },
    ];
    const pages = args.includes('--store-only')
      ? store
      : [
          { name: 'sign-in /login', url: `${BASE}/login` },
          { name: 'pay page /pay/<token>', url: `${BASE}${await paymentLinkPath()}` },
          ...(args.includes('--store') ? store : []),
        ];
    printLighthouse(await auditPages(pages, RUNS));
  } finally {
    await stopApi(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
