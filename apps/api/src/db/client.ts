import { PGlite } from '@electric-sql/pglite';
import { type Logger, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { NodePgSession, NodePgTransaction, drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDialect } from 'drizzle-orm/pg-core';
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
  /** Sees every statement drizzle sends (tests read the plans of the lists' queries). */
  logger?: Logger | undefined;
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
    const db = drizzlePg(pool, { schema, ...(opts.logger ? { logger: opts.logger } : {}) }) as unknown as Database;
    tenantRunners.set(db, pgTenantRunner(pool, db));
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
  const db = drizzlePglite(client, { schema, ...(opts.logger ? { logger: opts.logger } : {}) }) as unknown as Database;
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
  const runner = tenantRunners.get(db);
  if (runner) return runner(tenantId, fn) as Promise<T>;
  return db.transaction(async (tx) => {
    await enterTenant(tx, tenantId);
    return fn(tx);
  });
}

type TenantRunner = (tenantId: string, fn: (tx: Tx) => Promise<unknown>) => Promise<unknown>;
const tenantRunners = new WeakMap<Database, TenantRunner>();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * withTenant on PostgreSQL, a round trip shorter: drizzle's transaction sends BEGIN on its own and
 * the tenant context after it; here both go in one simple-protocol message, then the same drizzle
 * transaction object (savepoints included) runs `fn` on the connection. Every request opens one of
 * these, so a round trip here is a round trip on every request. The simple protocol takes no
 * parameters: the tenant id is written into the text, and only ever a uuid (checked here; it comes
 * from our own token row).
 */
function pgTenantRunner(pool: pg.Pool, db: Database): TenantRunner {
  const internal = db as unknown as { dialect: PgDialect; session: { schema: unknown; options: unknown } };
  const { dialect } = internal;
  const { schema: relations, options } = internal.session;
  return async (tenantId, fn) => {
    if (!UUID.test(tenantId)) throw new Error('withTenant: the tenant id is not a uuid');
    const client = await pool.connect();
    const session = new NodePgSession(client, dialect, relations as never, options as never);
    const tx = new NodePgTransaction(dialect, session, relations as never) as unknown as Tx;
    // As drizzle's own transaction: a client whose connection broke is not queryable, and the pool drops it on release.
    try {
      await client.query(`begin; select set_config('app.tenant_id', '${tenantId}', true), set_config('role', 'app_user', true)`);
      try {
        const result = await fn(tx);
        await client.query('commit');
        return result;
      } catch (err) {
        await client.query('rollback').catch(() => {});
        throw err;
      }
    } finally {
      client.release();
    }
  };
}

/** Scopes the rest of an open transaction to one tenant, under row-level security. */
export async function enterTenant(tx: Tx, tenantId: string) {
  // One statement (a round trip less on every request): set_config('role', …, true) is SET LOCAL ROLE.
  await tx.execute(sql`select set_config('app.tenant_id', ${tenantId}, true), set_config('role', 'app_user', true)`);
}
