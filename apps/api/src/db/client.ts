import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import * as schema from './schema/index';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the database or a transaction: repositories accept both. */
export type Executor = Database | Tx;

export type DbHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory, to start other instances from (tests). */
  dump?(): Promise<Blob>;
};

export const migrationsFolder = path.join(import.meta.dirname, 'migrations');

export type OpenOptions = {
  /** PostgreSQL URL; without it, PGlite. */
  url?: string | undefined;
  /** PGlite data directory; without it, in memory. */
  dataDir?: string | undefined;
  /** PGlite: start from a dumped data directory. */
  loadDataDir?: Blob | undefined;
};

export async function openDatabase(opts: OpenOptions): Promise<DbHandle> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: Number(process.env.DATABASE_POOL_MAX ?? 10) });
    // An idle client the server closes (restart, failover, a dropped database) emits 'error' on the
    // pool; unhandled, that would crash the process. The pool discards the client and opens a new one.
    pool.on('error', (err: Error & { code?: string }) => {
      if (err.code !== '57P01') console.warn(`database: idle connection lost (${err.code ?? err.message})`);
    });
    // bigint columns come back as strings by default; ours are minor units well inside 2^53.
    pg.types.setTypeParser(20, (v) => Number(v));
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const client = new PGlite({ dataDir: opts.dataDir, loadDataDir: opts.loadDataDir });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    close: () => client.close(),
    dump: () => client.dumpDataDir('none') as Promise<Blob>,
  };
}

/**
 * Runs `fn` in a transaction scoped to one tenant: app.tenant_id is set for the transaction and the
 * queries run as app_user, so row-level security hides every other tenant's rows.
 */
export async function withTenant<T>(db: Database, tenantId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await enterTenant(tx, tenantId);
    return fn(tx);
  });
}

/** Scopes the rest of an open transaction to one tenant, under row-level security. */
export async function enterTenant(tx: Tx, tenantId: string) {
  await tx.execute(sql`select set_config('app.tenant_id', ${tenantId}, true)`);
  await tx.execute(sql`set local role app_user`);
}
