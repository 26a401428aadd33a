import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { quoteIdent, templateUrl, urlFor } from './db-names';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite mode: a file holding the dump of a migrated database. */
    pgliteDump: string | null;
    /** PostgreSQL mode: the migrated template database each test file copies. */
    pgTemplate: string | null;
  }
}

async function maintenance<T>(baseUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: urlFor(baseUrl, 'postgres') });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Migrates once per run. PGlite: one in-memory database, dumped to a file that every test file
 * loads. PostgreSQL: a template database that every test file copies with CREATE DATABASE … TEMPLATE.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const { base, template } = templateUrl(url);
    await maintenance(url, async (c) => {
      const exists = await c.query('select 1 from pg_database where datname = $1', [base]);
      if (exists.rowCount === 0) await c.query(`create database ${quoteIdent(base)}`);
      await c.query(`drop database if exists ${quoteIdent(template)} with (force)`);
      await c.query(`create database ${quoteIdent(template)}`);
    });
    const handle = await openDatabase({ url: urlFor(url, template) });
    await handle.migrate();
    await handle.close();
    project.provide('pgliteDump', null);
    project.provide('pgTemplate', template);
    return async () => {
      await maintenance(url, (c) => c.query(`drop database if exists ${quoteIdent(template)} with (force)`));
    };
  }

  const dir = mkdtempSync(path.join(tmpdir(), 'khidma-test-db-'));
  const handle = await openDatabase({});
  await handle.migrate();
  const dump = await handle.dump?.();
  await handle.close();
  if (!dump) throw new Error('PGlite handle has no dump()');
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteDump', file);
  project.provide('pgTemplate', null);
  return () => rmSync(dir, { recursive: true, force: true });
}
