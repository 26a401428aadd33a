/**
 * The Lighthouse harness of the benchmarks (../lighthouse/run.ts, ../store/run.ts): Lighthouse 12 with
 * its mobile defaults (a mid-range phone, simulated slow 4G, a 4× slower CPU) in a fresh system
 * Chromium per run (`/usr/bin/chromium`, never a downloaded one), and the JavaScript a page fetched
 * in its window, as sent and counted gzipped (the build's `.gz` copies).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ROOT } from './server';

export const DIST = path.join(ROOT, 'apps/web/dist');
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Where the server reads a built file from: the dashboard's build, or the store script's (served at `/store-assets/`). */
export function builtFile(url: string): string {
  const pathname = new URL(url).pathname;
  if (pathname.startsWith('/store-assets/')) return path.join(DIST, 'store', pathname.slice('/store-assets/'.length));
  return path.join(DIST, pathname);
}

/** The gzipped size of a built asset (the copy the build wrote, else gzipped here; 0 when not a built file). */
export function gzippedSize(url: string): number {
  const file = builtFile(url);
  if (existsSync(`${file}.gz`)) return readFileSync(`${file}.gz`).length;
  return existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0;
}

export type LighthouseRun = { score: number; fcp: number; lcp: number; tbt: number; cls: number; si: number; jsSent: number; jsGzip: number; scripts: number; requests: number; scriptUrls: string[] };

/**
 * One Lighthouse run in a Chromium of its own (nothing left over from the run before). Lighthouse
 * sometimes fails to record the trace (NO_NAVSTART) and says to run it again: it is, once.
 */
export async function audit(url: string, retry = true): Promise<LighthouseRun> {
  const base = new URL(url).origin;
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
  const requests = ((lhr.audits['network-requests']?.details as { items?: Request[] } | undefined)?.items ?? []).filter((r) => r.url.startsWith(base));
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
    scriptUrls: scripts.map((r) => new URL(r.url).pathname),
  };
}

/** `runs` audits of each page, one after the other. */
export async function auditPages(pages: { name: string; url: string }[], runs: number): Promise<{ name: string; runs: LighthouseRun[] }[]> {
  const results: { name: string; runs: LighthouseRun[] }[] = [];
  for (const p of pages) {
    const list: LighthouseRun[] = [];
    for (let i = 0; i < runs; i++) list.push(await audit(p.url));
    results.push({ name: p.name, runs: list });
  }
  return results;
}

const middle = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
};

/** The median of each figure over a page's runs. */
export function medianRun(runs: LighthouseRun[]): Omit<LighthouseRun, 'scriptUrls'> {
  const m = (k: Exclude<keyof LighthouseRun, 'scriptUrls'>) => middle(runs.map((r) => r[k]));
  return { score: m('score'), fcp: m('fcp'), lcp: m('lcp'), tbt: m('tbt'), cls: m('cls'), si: m('si'), jsSent: m('jsSent'), jsGzip: m('jsGzip'), scripts: m('scripts'), requests: m('requests') };
}

export function printLighthouse(results: { name: string; runs: LighthouseRun[] }[]) {
  const runs = results[0]?.runs.length ?? 0;
  const kb = (b: number) => `${(b / 1000).toFixed(1)} kB`;
  const ms = (v: number) => `${Math.round(v)} ms`;
  console.log(`\nLighthouse ${runs}× per page, mobile (simulated slow 4G, 4× CPU), Arabic; median of each figure`);
  const columns = ['page', 'score', 'FCP', 'LCP', 'TBT', 'CLS', 'Speed Index', 'JS sent', 'JS gzip', 'scripts', 'requests'];
  const widths = [24, 6, 9, 9, 8, 6, 12, 10, 10, 8, 9];
  console.log(columns.map((c, i) => (i ? c.padStart(widths[i] ?? 8) : c.padEnd(widths[i] ?? 8))).join(' '));
  for (const { name, runs: list } of results) {
    const m = medianRun(list);
    const cells = [name, String(m.score), ms(m.fcp), ms(m.lcp), ms(m.tbt), m.cls.toFixed(3), ms(m.si), kb(m.jsSent), kb(m.jsGzip), String(m.scripts), String(m.requests)];
    console.log(cells.map((c, i) => (i ? c.padStart(widths[i] ?? 8) : c.padEnd(widths[i] ?? 8))).join(' '));
    console.log(`  scores of the runs: ${list.map((r) => r.score).join(', ')}`);
  }
}
