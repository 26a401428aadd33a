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
    // The counters' own connections (lib/numbers.ts): a number is taken and committed there in one
    // statement, so no request holds a business's counter until its own commit.
    const counterPool = new pg.Pool({ connectionString: opts.url, max: 2 });
    counterPool.on('error', () => {});
    // A lost counter commit (a crash before it reached the disk) can only hand out a number no
    // committed row holds: any transaction that used the number flushed the log past it.
    counterPool.on('connect', (c) => void c.query('set synchronous_commit = off').catch(() => {}));
    tenantRunners.set(db, pgTenantRunner(pool, db, counterPool));
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
      close: async () => {
        await counterPool.end();
        await pool.end();
      },
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
/** The counter connections of a request transaction (PostgreSQL only). */
const counterPools = new WeakMap<Tx, pg.Pool>();

/**
 * The next value of a business's counter, taken and committed on a connection of its own, or null
 * where the transaction has none (the embedded database, a system transaction): lib/numbers.ts.
 */
export async function takeNumberOutside(tx: Tx, tenantId: string, name: string): Promise<number | null> {
  const pool = counterPools.get(tx);
  if (!pool) return null;
  const res = await pool.query<{ value: number }>(
    `insert into tenant_counters (tenant_id, name, value) values ($1, $2, 1)
     on conflict (tenant_id, name) do update set value = tenant_counters.value + 1 returning value`,
    [tenantId, name],
  );
  return Number(res.rows[0]!.value);
}
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
function pgTenantRunner(pool: pg.Pool, db: Database, counterPool: pg.Pool): TenantRunner {
  const internal = db as unknown as { dialect: PgDialect; session: { schema: unknown; options: unknown } };
  const { dialect } = internal;
  const { schema: relations, options } = internal.session;
  return async (tenantId, fn) => {
    if (!UUID.test(tenantId)) throw new Error('withTenant: the tenant id is not a uuid');
    const client = await pool.connect();
    const session = new NodePgSession(client, dialect, relations as never, options as never);
    const tx = new NodePgTransaction(dialect, session, relations as never) as unknown as Tx;
    counterPools.set(tx, counterPool);
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
