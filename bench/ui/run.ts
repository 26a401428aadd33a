/**
 * What a receptionist feels (issue 14 §7): the built web app on the embedded database with the seeded
 * demo business, driven in Chromium. Prints, for each step, the median of a few runs in milliseconds
 * and its ratio to the target (target ÷ measured: above 1 is inside the target). Not a test: shared
 * machines are noisy; read the ratios, not single numbers.
 *
 *   npm run build && npx tsx bench/ui/run.ts      (or: npm run bench:ui)
 *
 * Steps:
 *  - cold sign-in: a browser with an empty cache opens /login, signs in and waits for the dashboard's
 *    figures (target 1.5 s, the full-load target);
 *  - each list and the calendar, from a click in the sidebar to its first row or event (target 500 ms);
 *  - a full reload of the bookings and orders lists to their first row (target 1.5 s);
 *  - customer search in the booking drawer, from the request (after the typing pause) to the first
 *    answer shown (target 300 ms).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PORT = Number(process.env.BENCH_PORT ?? 3497);
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const EMAIL = 'owner@demo.khidma.test';
const PASSWORD = 'Demo@12345';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
};

async function startServer(dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOGIN_RATE_LIMIT: '1000', NODE_ENV: 'development' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start in 120 s')), 120_000);
    const onData = (b: Buffer) => {
      if (/listening/i.test(b.toString())) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return child;
}

/** The first data row of a list (table at desktop) or the first event of the calendar. */
const firstItem = (page: Page) =>
  page.locator('[data-testid^="booking-row-"], [data-testid^="order-row-"], [data-testid^="customer-row-"], [data-testid^="transaction-row-"], [data-testid^="staff-event-"], .fc-event').first();

async function signIn(page: Page) {
  await page.goto(`${BASE}/login`);
  await page.locator('input[type="email"], input[name="email"]').first().fill(EMAIL);
  await page.locator('input[type="password"]').first().fill(PASSWORD);
  const t0 = Date.now();
  await page.locator('form button[type="submit"]').first().click();
  await page.waitForURL(/\/dashboard/);
  await page.getByTestId('dashboard-greeting').waitFor();
  await page.locator('[data-testid^="stat-"], [data-testid$="-card"]').first().waitFor();
  return Date.now() - t0;
}

type Row = { step: string; ms: number; target: number };

async function main() {
  if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) throw new Error('build the web app first: npm run build');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'khidma-bench-ui-'));
  const server = await startServer(dataDir);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const results = new Map<string, { target: number; runs: number[] }>();
  const record = (step: string, target: number, ms: number) => {
    const r = results.get(step) ?? { target, runs: [] };
    r.runs.push(ms);
    results.set(step, r);
  };
  try {
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'ar' });
      const page = await context.newPage();
      record('cold sign-in to dashboard', 1500, await signIn(page));

      for (const [nav, label] of [
        ['calendar', 'calendar'],
        ['bookings', 'bookings list'],
        ['orders', 'orders list'],
        ['management/customers', 'customers list'],
        ['sales/transactions', 'transactions list'],
      ] as const) {
        const link = page.getByTestId(`nav-${nav}`);
        if (!(await link.count())) continue;
        const t0 = Date.now();
        await link.first().click();
        await page.waitForURL(new RegExp(`/${nav}`));
        await firstItem(page).waitFor();
        record(`${label}: click to first row`, 500, Date.now() - t0);
      }

      for (const nav of ['bookings', 'orders']) {
        await page.goto(`${BASE}/${nav}`);
        await firstItem(page).waitFor();
        const t0 = Date.now();
        await page.reload();
        await firstItem(page).waitFor();
        record(`${nav}: full reload to first row`, 1500, Date.now() - t0);
      }

      await page.goto(`${BASE}/bookings`);
      await page.getByTestId('bookings-new').click();
      const search = page.getByTestId('booking-customer-search');
      await search.waitFor();
      const asked = page.waitForRequest((r) => r.url().includes('customers_search'));
      await search.fill('نور');
      await asked;
      const t0 = Date.now();
      await page.getByTestId('booking-customer-option').first().waitFor();
      record('customer search: request to answer shown', 300, Date.now() - t0);
      await context.close();
    }
  } finally {
    await browser.close();
    server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const rows: Row[] = [...results.entries()].map(([step, r]) => ({ step, ms: median(r.runs), target: r.target }));
  console.log(`\nUI timings on the embedded database, seeded demo, Chromium 1440 px; median of ${RUNS} runs`);
  console.log('step'.padEnd(44), 'median ms'.padStart(10), 'target'.padStart(8), 'target÷median'.padStart(15));
  for (const r of rows) console.log(r.step.padEnd(44), String(r.ms).padStart(10), String(r.target).padStart(8), (r.target / r.ms).toFixed(2).padStart(15));
}

await main();
