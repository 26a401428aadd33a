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
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DIST = path.join(ROOT, 'apps/web/dist');
const PORT = Number(process.env.BENCH_PORT ?? 3498);
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const OWNER = { email: 'owner@demo.khidma.test', password: 'Demo@12345' };
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
};

async function startServer(dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', NODE_ENV: 'development' },
    // The server's console (the demo's sign-in, local messages) is not the benchmark's; its errors are.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start in 120 s')), 120_000);
    const poll = setInterval(() => {
      fetch(`${BASE}/api/health`).then(
        (r) => {
          if (!r.ok) return;
          clearInterval(poll);
          clearTimeout(timer);
          resolve();
        },
        () => undefined,
      );
    }, 500);
    child.on('exit', (code) => {
      clearInterval(poll);
      reject(new Error(`server exited with ${code}`));
    });
  });
  return child;
}

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

/** The gzipped size of a built asset (the copy the build wrote, else gzipped here). */
function gzippedSize(url: string): number {
  const file = path.join(DIST, new URL(url).pathname);
  if (existsSync(`${file}.gz`)) return readFileSync(`${file}.gz`).length;
  return existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0;
}

type Run = { score: number; fcp: number; lcp: number; tbt: number; cls: number; si: number; jsSent: number; jsGzip: number; scripts: number; requests: number };

/**
 * One Lighthouse run in a Chromium of its own (nothing left over from the run before). Lighthouse
 * sometimes fails to record the trace (NO_NAVSTART) and says to run it again: it is, once.
 */
async function audit(url: string, retry = true): Promise<Run> {
  const chrome = await launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  let result: Awaited<ReturnType<typeof lighthouse>>;
  try {
    result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  } finally {
    chrome.kill();
  }
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (result.lhr.runtimeError && retry) return audit(url, false);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  type Request = { url: string; resourceType?: string; transferSize?: number };
  const requests = ((lhr.audits['network-requests']?.details as { items?: Request[] } | undefined)?.items ?? []).filter((r) => r.url.startsWith(BASE));
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    si: metric('speed-index'),
    jsSent: scripts.reduce((n, r) => n + (r.transferSize ?? 0), 0),
    jsGzip: scripts.reduce((n, r) => n + gzippedSize(r.url), 0),
    scripts: scripts.length,
    requests: requests.length,
  };
}

async function main() {
  if (!existsSync(path.join(DIST, 'index.html'))) throw new Error('build the web app first: npm run build');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'khidma-bench-lighthouse-'));
  const server = await startServer(dataDir);
  const pages = [
    { name: 'sign-in /login', url: `${BASE}/login` },
    { name: 'pay page /pay/<token>', url: `${BASE}${await paymentLinkPath()}` },
  ];
  const results: { name: string; runs: Run[] }[] = [];
  try {
    for (const p of pages) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(p.url));
      results.push({ name: p.name, runs });
    }
  } finally {
    server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const kb = (b: number) => `${(b / 1000).toFixed(1)} kB`;
  const ms = (v: number) => `${Math.round(v)} ms`;
  console.log(`\nLighthouse ${RUNS}× per page, mobile (simulated slow 4G, 4× CPU), Arabic; median of each figure`);
  const columns = ['page', 'score', 'FCP', 'LCP', 'TBT', 'CLS', 'Speed Index', 'JS sent', 'JS gzip', 'scripts', 'requests'];
  const widths = [24, 6, 9, 9, 8, 6, 12, 10, 10, 8, 9];
  console.log(columns.map((c, i) => (i ? c.padStart(widths[i] ?? 8) : c.padEnd(widths[i] ?? 8))).join(' '));
  for (const { name, runs } of results) {
    const m = (k: keyof Run) => median(runs.map((r) => r[k]));
    const cells = [name, String(m('score')), ms(m('fcp')), ms(m('lcp')), ms(m('tbt')), m('cls').toFixed(3), ms(m('si')), kb(m('jsSent')), kb(m('jsGzip')), String(m('scripts')), String(m('requests'))];
    console.log(cells.map((c, i) => (i ? c.padStart(widths[i] ?? 8) : c.padEnd(widths[i] ?? 8))).join(' '));
    console.log(`  scores of the runs: ${runs.map((r) => r.score).join(', ')}`);
  }
}

await main();
