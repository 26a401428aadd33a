/**
 * Bulk import benchmark (issue 4 §5, DESIGN §6): 10,000 customer rows as .xlsx and as .csv, imported
 * through the HTTP route (app.inject) on the embedded database, and on PostgreSQL when DATABASE_URL is
 * set (in a throw-away database of that server). Prints rows per second and the ratio of the import
 * time to the plain parse time of the same file, both measured in this run.
 *
 *   npx tsx bench/import/run.ts          (or: npm run bench:import)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { headerLabel, IMPORT_COLUMNS } from '@app/shared/schemas/import';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import pg from 'pg';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { type DbHandle, openDatabase } from '../../apps/api/src/db/client';
import { seedDemo } from '../../apps/api/src/db/seed';
import { readRows } from '../../apps/api/src/modules/import/import.files';
import { injectSignIn } from '../lib/auth';

const ROWS = 10_000;

function customerRows(block: number): string[][] {
  const out = [IMPORT_COLUMNS.customers.map(headerLabel)];
  for (let i = 0; i < ROWS; i++) {
    out.push([`عميل ${i}`, `الاختبار ${block}`, `05${block}${String(i).padStart(7, '0')}`, 'SA', `bench${block}-${i}@example.com`, 'الرياض، حي النخيل', i % 3 ? '' : 'ملاحظة']);
  }
  return out;
}

async function xlsxOf(data: string[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('customers');
  for (const r of data) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function multipart(name: string, data: Buffer) {
  const boundary = `----khidmabench${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function run(label: string, handle: DbHandle) {
  await handle.migrate();
  await seedDemo(handle.db);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'khidma-bench-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, WEB_DIST: 'off', LOG_LEVEL: 'warn' });
  const app = await buildApp({ config, db: handle.db });
  await app.ready();
  try {
    const token = await injectSignIn(app);

    console.log(`\n${label}: ${ROWS.toLocaleString('en')} customers per file`);
    console.log('  format  parse ms  import ms  rows/s   import ÷ parse');
    for (const [format, block] of [
      ['xlsx', 1],
      ['csv', 2],
    ] as const) {
      const data = customerRows(block);
      const bytes = format === 'xlsx' ? await xlsxOf(data) : Buffer.from(`\uFEFF${Papa.unparse(data)}`, 'utf8');
      const p0 = performance.now();
      await readRows(format, bytes);
      const parseMs = performance.now() - p0;
      const body = multipart(`customers.${format}`, bytes);
      const i0 = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/import/customers',
        headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType, 'accept-language': 'en' },
        payload: body.payload,
      });
      const importMs = performance.now() - i0;
      if (res.statusCode !== 201) throw new Error(`import failed: ${res.statusCode} ${res.body.slice(0, 500)}`);
      const perSecond = Math.round(ROWS / (importMs / 1000));
      console.log(
        `  ${format.padEnd(6)}  ${parseMs.toFixed(0).padStart(8)}  ${importMs.toFixed(0).padStart(9)}  ${String(perSecond).padStart(6)}   ${(importMs / parseMs).toFixed(2)}×`,
      );
    }
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const lite = await openDatabase({});
try {
  await run('embedded database (PGlite)', lite);
} finally {
  await lite.close();
}
await (async () => {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.log('\nPostgreSQL: skipped (set DATABASE_URL to include it)');
    return;
  }
  const name = `khidma_bench_${process.pid}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      await c.query(q);
    } finally {
      await c.end();
    }
  };
  await admin(`create database "${name}"`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const handle = await openDatabase({ url: target.toString() });
  try {
    await run('PostgreSQL', handle);
  } finally {
    await handle.close();
    await admin(`drop database if exists "${name}" with (force)`);
  }
})();
