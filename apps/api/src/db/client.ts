import { PGlite } from '@electric-sql/pglite';
import { createHash } from 'node:crypto';
import { Column, getTableColumns, getTableName, is, type Logger, Placeholder, SQL, type SQLWrapper, Subquery, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { NodePgSession, NodePgTransaction, drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgColumn, PgDialect, PgTable } from 'drizzle-orm/pg-core';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pg, { type QueryResultRow } from 'pg';
import { isPlannedOnce, lazyTransaction, planOnce, sendTogether, sendWithNext } from './pipeline';
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
    // A lost counter commit (a crash before it reached the disk) can only hand out a number no
    // committed row holds: any transaction that used the number flushed the log past it. Set at
    // connection start (a query from a 'connect' handler would race the pool's first query).
    const counterPool = new pg.Pool({ connectionString: opts.url, max: 2, options: '-c synchronous_commit=off' });
    counterPool.on('error', () => {});
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

/**
 * Rows of a query sent as a named prepared statement on PostgreSQL: the server parses and plans it
 * once per connection and reuses the plan (PostgreSQL's plan cache: custom plans for the first
 * runs, then a generic one when it costs no more). For the few statements whose planning costs more
 * than running them, on every booking (the availability inputs); anything else, and the embedded
 * database, goes through drizzle as usual. The name carries a hash of the text, so a query whose
 * text varies with its options gets one statement per variant.
 */
export async function preparedRows<T>(exec: Executor, name: string, query: SQL): Promise<T[]> {
  return (await preparedRowsTogether(exec, [{ name, query }]))[0] as T[];
}

/** The driver's client under a drizzle database or transaction: a pg pool or connection, or PGlite. */
const clientOf = (exec: Executor) => (exec as unknown as { session?: { client?: unknown } }).session?.client;

/**
 * preparedRows of several queries sent together (db/pipeline.ts): one write and one round trip on
 * PostgreSQL, each still its own statement with its own snapshot, run in order (a lock, then a read
 * that must see what was committed before the lock was granted); one after the other elsewhere.
 */
export async function preparedRowsTogether(exec: Executor, queries: readonly { name: string; query: SQL }[]): Promise<unknown[][]> {
  const dialect = (exec as unknown as { dialect?: PgDialect }).dialect;
  const client = clientOf(exec);
  if (dialect && client instanceof pg.Client) {
    const statements = queries.map(({ name, query }) => {
      const { sql: text, params } = dialect.sqlToQuery(query);
      return { name: statementName(name, text), text, values: params };
    });
    return (await sendTogether(client, statements)).map((r) => r.rows);
  }
  const out: unknown[][] = [];
  for (const { query } of queries) out.push(((await exec.execute(query)) as unknown as { rows: unknown[] }).rows);
  return out;
}

type KeptTogether = { statements: { name: string; text: string; params: Placeholder[] }[] } | null;
/** The statements of `keptRowsTogether`, by their shape; null where one held a value not bound. */
const keptTogether = new Map<string, KeptTogether>();

/**
 * preparedRowsTogether of statements whose text depends only on `shape` (the caller's word for which
 * parts its builder writes: its flags, never its values), every value bound in `binds`: the text is
 * worked out once for the shape and later requests only fill in their values (drizzle's writing out
 * of a statement, column by column, cost the dashboard more than its figures did). `build` still
 * runs on every request, to bind that request's values. A statement holding a value not bound is never
 * kept. Outside production each request's text (and which bound value each parameter takes) is worked
 * out again and must equal the kept one: a shape that leaves out something the text depends on fails
 * the tests at once. `once`: the statements are planned once for any business (db/pipeline.ts
 * `planOnce`); the shape must then tell apart the statements that may be. `bound`: every value is
 * bound in `binds` before the call and `build` binds none (it fails if it does), so in production a
 * kept shape does not run `build` at all: the request only fills in its values (the sidebar's
 * counters, asked on every page, spent a sixth of their API time building a statement they never
 * sent).
 */
export async function keptRowsTogether(
  exec: Executor,
  shape: string,
  binds: Binds,
  build: () => readonly { name: string; query: SQL }[],
  opts: { once?: boolean; bound?: boolean } = {},
): Promise<unknown[][]> {
  const once = opts.once ?? false;
  let built: readonly { name: string; query: SQL }[] | undefined;
  const queries = () => {
    if (built) return built;
    const before = binds.count;
    built = build();
    if (opts.bound && binds.count !== before) throw new Error(`keptRowsTogether(${shape}): build bound values of its own; bind them before`);
    return built;
  };
  const client = clientOf(exec);
  if (!(client instanceof pg.Client)) {
    const out: unknown[][] = [];
    for (const { query } of queries()) out.push(await rowsWith(exec, query, binds.values));
    return out;
  }
  const render = () =>
    queries().map(({ name, query }) => {
      const { sql: text, params } = dialectOf(exec).sqlToQuery(query);
      return { name: statementName(name, text), text, params };
    });
  const fill = (params: unknown[]) => params.map((p) => (is(p, Placeholder) ? binds.values[p.name] : p));
  let kept = keptTogether.get(shape);
  // Values bound inside `build` exist only once it has run.
  if (!opts.bound) queries();
  if (kept === undefined) {
    const statements = render();
    const whole = statements.every((st) => st.params.every((p) => is(p, Placeholder)));
    kept = whole ? { statements: statements.map((st) => ({ ...st, params: st.params as Placeholder[] })) } : null;
    keptTogether.set(shape, kept);
  } else if (kept && process.env.NODE_ENV !== 'production') {
    // The text and which value goes to each of its parameters.
    const texts = (list: readonly { text: string; params: unknown[] }[]) => list.map((st) => `${st.text}\u0001${st.params.map((p) => (p as Placeholder).name).join(',')}`).join('\u0000');
    if (texts(render()) !== texts(kept.statements)) {
      throw new Error(`keptRowsTogether: the shape ${shape} was kept with another text; the shape must name everything the text depends on`);
    }
  }
  // Marked on every use: the marks are a bounded set that may have been emptied since (planOnce).
  if (kept && once) for (const st of kept.statements) planOnce(st.name);
  // A shape whose text held a value not bound is written out each time, as preparedRowsTogether does.
  const statements = (kept ? kept.statements : render()).map((st) => ({ name: st.name, text: st.text, values: fill(st.params) }));
  return (await sendTogether(client, statements)).map((r) => r.rows);
}

/** How many shapes starting with `prefix` keptRowsTogether keeps written out, and how many held a value not bound (tests). */
export function keptTogetherShapes(prefix: string): { built: number; unbound: number } {
  let built = 0;
  let unbound = 0;
  for (const [shape, kept] of keptTogether) {
    if (!shape.startsWith(prefix)) continue;
    if (kept) built++;
    else unbound++;
  }
  return { built, unbound };
}

/** The rows of one insert, as drizzle's `insert(table).values(rows)` takes them (plain values, no SQL). */
export type InsertRows = { readonly table: PgTable; readonly rows: readonly Record<string, unknown>[] };

/** `rows` of `table`, typed as its inserts. */
export function rowsOf<T extends PgTable>(table: T, rows: T['$inferInsert'] | readonly T['$inferInsert'][]): InsertRows {
  return { table, rows: (Array.isArray(rows) ? rows : [rows]) as readonly Record<string, unknown>[] };
}

/** A table's name as SQL text (quoted), for statements built by hand. */
export const quotedTable = (table: PgTable) => `"${getTableName(table)}"`;

type InsertColumn = { key: string; quoted: string; column: PgColumn; fill: (() => unknown) | undefined };
const insertColumns = new WeakMap<PgTable, { quoted: string; columns: InsertColumn[] }>();

function insertColumnsOf(table: PgTable) {
  let found = insertColumns.get(table);
  if (!found) {
    const columns = Object.entries(getTableColumns(table))
      // As drizzle's insert: a column generated always is never written.
      .filter(([, c]) => c.generated === undefined || c.generated.type === 'byDefault')
      .map(([key, column]) => ({
        key,
        quoted: `"${column.name}"`,
        column,
        // What drizzle puts in a missing value's place before the column's SQL default.
        fill: column.defaultFn ?? (!column.default ? column.onUpdateFn : undefined),
      }));
    found = { quoted: quotedTable(table), columns };
    insertColumns.set(table, found);
  }
  return found;
}

/**
 * The text of a multi-row insert, its values appended to `params` (numbered after those already
 * there): what drizzle's insert builds, without building it. Its columns are those some row sets
 * (or that drizzle fills itself), in the table's order; a row without one gets its default. For the
 * writes of every booking, where drizzle's builder (column by column, value by value, through its
 * SQL tree) cost more of the API's time than the database took to run them.
 */
export function insertText({ table, rows }: InsertRows, params: unknown[]): string {
  const { quoted, columns } = insertColumnsOf(table);
  const used = columns.filter((c) => c.fill !== undefined || rows.some((r) => r[c.key] !== undefined));
  if (!used.length) throw new Error(`insertText: no row of ${quoted} sets a column`);
  let text = `insert into ${quoted} (${used.map((c) => c.quoted).join(', ')}) values `;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    text += i ? ', (' : '(';
    for (let j = 0; j < used.length; j++) {
      const c = used[j]!;
      if (j) text += ', ';
      const value = row[c.key] === undefined ? c.fill?.() : row[c.key];
      if (value === undefined) {
        text += 'default';
        continue;
      }
      const mapped = value === null || is(value, SQL) ? value : c.column.mapToDriverValue(value);
      if (is(mapped, SQL)) throw new Error(`insertText: ${quoted}.${c.quoted} takes plain values, not SQL`);
      params.push(mapped);
      text += `$${params.length}`;
    }
    text += ')';
  }
  return text;
}

/**
 * The name a hand-built statement is prepared under, or null to send it unnamed: only statements of a
 * few rows each are prepared, so that the shapes a connection keeps (one per row count and set of
 * columns) stay few; a longer one is parsed and planned each time.
 */
export function smallShape(base: string, ...rowCounts: number[]): string | null {
  return rowCounts.every((n) => n <= 4) ? base : null;
}

/**
 * Rows of a statement's text and parameters, in the caller's transaction: on PostgreSQL a named
 * prepared statement when `base` is given (named by a hash of its text: one per shape, parsed and
 * planned once a connection), else unnamed; on the embedded database a plain query.
 */
export async function textRows<T>(exec: Executor, base: string | null, text: string, params: unknown[]): Promise<T[]> {
  const client = clientOf(exec);
  if (client instanceof pg.Client || client instanceof pg.Pool) {
    const res = await client.query<T & QueryResultRow>(base ? { name: statementName(base, text), text, values: params } : { text, values: params });
    return res.rows;
  }
  const res = await (client as { query(text: string, params: unknown[]): Promise<{ rows: T[] }> }).query(text, params);
  return res.rows;
}

/**
 * Several inserts as one statement (each a data-modifying WITH of it): one round trip instead of one
 * an insert. Their rows must not need each other's generated values (ids are made by the caller);
 * foreign keys and triggers are checked once the statement has written them all.
 */
export async function insertTogether(exec: Executor, inserts: readonly InsertRows[], opts: { withNext?: boolean } = {}): Promise<void> {
  const parts = inserts.filter((i) => i.rows.length);
  if (!parts.length) return;
  const params: unknown[] = [];
  const text = `with ${parts.map((p, i) => `w${i} as (${insertText(p, params)})`).join(', ')} select 1`;
  // `withNext`: sent with the transaction's next statement (or its commit), which fails in its place
  // if the insert does; for a caller that reads next anyway and has nothing to catch of the insert's own.
  const base = smallShape('insert_together', ...parts.map((p) => p.rows.length));
  if (opts.withNext) await writeWithNext(exec, base, text, params);
  else await textRows(exec, base, text, params);
}

/**
 * A write whose answer nobody reads, sent with the transaction's next statement (or its commit) on
 * PostgreSQL (db/pipeline.ts): that statement fails in its place if it fails. At once elsewhere.
 */
export async function writeWithNext(exec: Executor, base: string | null, text: string, params: unknown[]): Promise<void> {
  if (sendWithNext(clientOf(exec), { name: base ? statementName(base, text) : undefined, text, values: params })) return;
  await textRows(exec, base, text, params);
}

const statementName = (base: string, text: string) => `${base}_${createHash('sha1').update(text).digest('hex').slice(0, 12)}`;

/** A drizzle select (with `sql.placeholder`s for its values) that can be run as a named prepared statement. */
type Preparable<P, R> = { toSQL(): { sql: string }; prepare(name: string): { execute(placeholders?: P): Promise<R> } };

/**
 * A drizzle select built once, with `sql.placeholder`s for its values, and run as a named prepared
 * statement in the caller's transaction: for the hot reads by key of every booking (its new rows),
 * whose building in drizzle (joins of wide tables, column by column) cost more of the API's time than
 * the database took to run them. On PostgreSQL the query prepared for the first connection serves
 * every later one with that one's connection in its place (node-postgres's prepared query holds
 * nothing else of its connection: its text, parameters and row mapping are the same everywhere); on
 * the embedded database it is built each time. `build` must take every per-call value from a
 * placeholder: anything else it captured would stay at its first value on PostgreSQL.
 */
export function preparedSelect<P extends Record<string, unknown>, R>(base: string, build: (exec: Executor) => Preparable<P, R>): (exec: Executor, values: P) => Promise<R> {
  let built: ReturnType<Preparable<P, R>['prepare']> | null = null;
  return (exec, values) => {
    const client = clientOf(exec);
    if (!(client instanceof pg.Client)) {
      const q = build(exec);
      return q.prepare(statementName(base, q.toSQL().sql)).execute(values);
    }
    if (!built) {
      const q = build(exec);
      const prepared = q.prepare(statementName(base, q.toSQL().sql));
      // Kept only if it holds its connection where it is swapped below (a drizzle upgrade could move it).
      if (!Object.hasOwn(prepared, 'client') || (prepared as unknown as { client?: unknown }).client !== client) {
        throw new Error('preparedSelect: the prepared query does not hold its connection as `client`');
      }
      built = prepared;
    }
    return (Object.create(built, { client: { value: client } }) as typeof built).execute(values);
  };
}

/**
 * A drizzle query run once as a named prepared statement (named by a hash of its text: one statement
 * per shape, parsed and planned once a connection, and PostgreSQL's plan cache keeps a generic plan
 * where it costs no more than a custom one), its rows mapped by drizzle as usual: for a list's page,
 * whose planning cost the database about as much as running it (the bookings' page 1.1–2 ms of
 * 3–4). Its values stay in the query; only its shape is kept. Built once: the name is set on the
 * prepared query drizzle made for it. On the embedded database, the query as it is.
 */
export async function asPrepared<R>(exec: Executor, base: string, query: PreparableQuery<R>, values?: Record<string, unknown>): Promise<R> {
  const prepared = query.prepare(base) as DrizzlePrepared<R>;
  const client = clientOf(exec);
  if (!(client instanceof pg.Client || client instanceof pg.Pool)) return prepared.execute(values);
  const { queryConfig, rawQueryConfig } = prepared;
  // Named where node-postgres's prepared query keeps the name it sends (a drizzle upgrade could move it).
  if (!queryConfig?.text || !rawQueryConfig) throw new Error('asPrepared: the prepared query does not hold its queryConfig');
  queryConfig.name = rawQueryConfig.name = statementName(base, queryConfig.text);
  return prepared.execute(values);
}

/** A drizzle query that can be prepared (a select), and what its prepared query holds. */
export type PreparableQuery<R> = { prepare(name: string): { execute(values?: Record<string, unknown>): Promise<R> }; execute(values?: Record<string, unknown>): Promise<R> };
type DrizzlePrepared<R> = {
  execute(values?: Record<string, unknown>): Promise<R>;
  queryString?: string;
  params?: unknown[];
  fields?: unknown;
  joinsNotNullableMap?: unknown;
  queryConfig?: { name?: string; text: string };
  rawQueryConfig?: { name?: string; text: string };
};
type DrizzleSession = {
  prepareQuery(query: { sql: string; params: unknown[] }, fields: unknown, name: string | undefined, arrayMode: boolean, mapRows?: RowsMapper): DrizzlePrepared<unknown>;
};
type RowsMapper = (rows: unknown[][]) => unknown[];
type SelectedField = { path: string[]; field: unknown };
type Decoder = { mapFromDriverValue(value: unknown): unknown };

/**
 * Drizzle's mapping of a select's rows (`mapResultRow`: each column decoded into its place, a joined
 * table's object null when the join found no row) worked out once for the select's fields: drizzle
 * works out each column's kind, decoder and place again for every row it maps (the orders page's API
 * CPU fell a fifth without that). Same rule: a nested object of one table's columns is null when its
 * first column is null and the join may find no row.
 */
export function rowsMapper(fields: readonly SelectedField[], joins: Record<string, boolean> | undefined): RowsMapper {
  const columns = fields.map(({ path, field }) => {
    // (`decoder` is drizzle's, internal to its SQL.)
    const decoderOf = (q: SQL) => (q as unknown as { decoder: Decoder }).decoder;
    const decoder: Decoder = is(field, Column) ? field : is(field, SQL) ? decoderOf(field) : is(field, Subquery) ? decoderOf(field._.sql as SQL) : decoderOf((field as SQL.Aliased).sql);
    return { path, last: path[path.length - 1]!, decoder };
  });
  const nullable: { key: string; index: number }[] = [];
  if (joins) {
    const first = new Map<string, { index: number; table: string; mixed: boolean }>();
    fields.forEach(({ path, field }, index) => {
      if (path.length !== 2 || !is(field, Column)) return;
      const table = getTableName(field.table);
      const seen = first.get(path[0]!);
      if (!seen) first.set(path[0]!, { index, table, mixed: false });
      else if (seen.table !== table) seen.mixed = true;
    });
    for (const [key, f] of first) if (!f.mixed && !joins[f.table]) nullable.push({ key, index: f.index });
  }
  return (rows) =>
    rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (let i = 0; i < columns.length; i++) {
        const c = columns[i]!;
        const raw = row[i];
        const value = raw === null ? null : c.decoder.mapFromDriverValue(raw);
        let node = out;
        for (let j = 0; j < c.path.length - 1; j++) {
          const key = c.path[j]!;
          node[key] ??= {};
          node = node[key] as Record<string, unknown>;
        }
        node[c.last] = value;
      }
      for (const n of nullable) if (row[n.index] === null) out[n.key] = null;
      return out;
    });
}
const sessionOf = (exec: Executor) => (exec as unknown as { session: DrizzleSession }).session;
const dialectOf = (exec: Executor) => (exec as unknown as { dialect: PgDialect }).dialect;

/**
 * The values of a statement built once for its shape (`runCompiled`): `v` hands back, in a value's
 * place, a placeholder named by the order it was bound in, and keeps the value. Typed as the value
 * it stands for, so that it goes where the value went (`eq(orders.status, v(status))`).
 */
export class Binds {
  readonly values: Record<string, unknown> = {};
  #count = 0;
  get count(): number {
    return this.#count;
  }
  readonly v = <T>(value: T): T => {
    if (is(value, SQL) || is(value, Placeholder)) throw new Error('Binds.v: a value, not SQL');
    const name = `v${this.#count++}`;
    this.values[name] = value;
    return sql.placeholder(name) as unknown as T;
  };
}

/**
 * A `v` for a builder that binds one value its caller has bound already (`placeholder`, from
 * `Binds.v(value)`): it answers that placeholder for that value and refuses any other, so a builder
 * run with values bound first (keptRowsTogether `bound`) cannot bind one of its own unnoticed.
 */
export function boundAs<V>(value: V, placeholder: V | undefined): <T>(x: T) => T {
  return <T>(x: T): T => {
    if (placeholder === undefined || (x as unknown) !== value) throw new Error('boundAs: a value not bound before');
    return placeholder as unknown as T;
  };
}

/**
 * Constant strings written into a statement's text as an SQL list (`'wait'`, `'a', 'b'` for `in (…)`),
 * not bound as values: a statement kept for its shape, or planned once for any business, holds only its
 * values' placeholders, and its generic plan then knows the constants (a status, a limit's list).
 */
export const constants = (...values: readonly string[]) => sql.raw(values.map((x) => `'${x.replace(/'/g, "''")}'`).join(', '));

/** A value written as itself: what a list's `where` binds with when it is given no `Binds` (its `v = inline` default), for the reads that are not a list's page. */
export const inline = <T>(value: T): T => value;

type Compiled = { query: { sql: string; params: unknown[] }; fields: unknown; mapRows: RowsMapper; name: string };
/**
 * Statements built once per shape, by name and shape (`runCompiled`); null where a shape held a value
 * not bound. The least recently used go first past COMPILED_MAX (a Map keeps its keys in the order
 * they were set; a statement used is set again), so that however many shapes callers ask for (pages
 * of any size times the filters' combinations), the ones in use stay.
 */
const compiled = new Map<string, Compiled | null>();
const COMPILED_MAX = 2000;

/** Statements kept under the caller's name for their text (`runCompiled` `view`), the least recently kept first. */
const viewed = new Map<string, Compiled>();
/** How many pages each base sent under a view's name without building anything (tests). */
const viewedSent = new Map<string, number>();
/** Pages of `base` sent under a view's name, nothing built (`runCompiled` `view`, production only; tests). */
export const sentByView = (base: string): number => viewedSent.get(base) ?? 0;
const placeholderNames = (c: Compiled) => c.query.params.map((p) => (p as Placeholder).name).join(',');

function keep(key: string, entry: Compiled | null) {
  compiled.delete(key);
  compiled.set(key, entry);
  if (compiled.size > COMPILED_MAX) compiled.delete(compiled.keys().next().value as string);
}

/**
 * A list page's select built by drizzle once for its shape, then only filled with each request's
 * values: building and writing out a wide select (the orders page: its thirty columns, subqueries
 * and joins) cost the API more than the database took to run it (about 0.6 of the orders page's
 * 2 ms). `shape` is the part of the statement that varies (the page's ids select: its filter, joins,
 * order and limit), written with every value bound in `binds`; the statement is kept under its text.
 * `build` makes the whole select from values bound before it is called and from the shape's parts:
 * whatever else it read would stay at its first value. A statement holding a value not bound (a page
 * by number's offset) is built each time, as before. `prepared`: sent as a named prepared statement
 * on PostgreSQL (asPrepared); `once`, and prepared: planned once for any business (db/pipeline.ts
 * `planOnce`), for a statement whose generic plan was measured as good as the one for its values.
 *
 * `view`: the caller's name for the statement's text (a list's default view, its page's direction
 * and size), every value bound in `binds` before the call and none by `shape` or `build` (they fail
 * if they do). In production a statement kept under that name is sent without building or writing
 * out anything: building the shape only to find its kept statement cost a list page about a fifth
 * of the API's time. Outside production the shape is built and written out on every request and
 * must find the statement kept under its name, so a name that leaves out something the text depends
 * on fails the tests at once.
 */
export async function runCompiled<R>(
  exec: Executor,
  base: string,
  shapeOf: SQLWrapper | (() => SQLWrapper),
  binds: Binds,
  build: () => PreparableQuery<R>,
  prepared: boolean,
  once = false,
  view?: string,
): Promise<R> {
  const named = view !== undefined && prepared ? `${base}\u0000${once ? 'o' : 'p'}\u0000${view}` : undefined;
  if (named !== undefined && process.env.NODE_ENV === 'production') {
    const found = viewed.get(named);
    if (found) {
      viewedSent.set(base, (viewedSent.get(base) ?? 0) + 1);
      if (once) planOnce(found.name);
      return sessionOf(exec).prepareQuery(found.query, found.fields, found.name, true, found.mapRows).execute(binds.values) as Promise<R>;
    }
  }
  const boundBefore = binds.count;
  const shape = typeof shapeOf === 'function' ? shapeOf() : shapeOf;
  if (named !== undefined && binds.count !== boundBefore) throw new Error(`runCompiled(${base}): the shape of a named view bound values of its own; bind them before`);
  const { sql: text, params } = dialectOf(exec).sqlToQuery(shape.getSQL());
  const direct = () => {
    const q = build();
    return prepared ? asPrepared(exec, base, q, binds.values) : q.execute(binds.values);
  };
  if (!params.every((p) => is(p, Placeholder))) {
    if (named !== undefined) throw new Error(`runCompiled(${base}): a named view's shape holds a value not bound`);
    return direct();
  }
  const key = `${base}\u0000${prepared ? (once ? 'o' : 'p') : 'u'}\u0000${text}\u0000${params.map((p) => (p as Placeholder).name).join(',')}`;
  let entry = compiled.get(key);
  if (entry !== undefined) keep(key, entry);
  if (entry === null) return direct();
  if (!entry) {
    const bound = binds.count;
    const q = build().prepare(base) as DrizzlePrepared<R>;
    if (binds.count !== bound) throw new Error(`runCompiled(${base}): build bound values of its own; bind them before`);
    if (q.queryString === undefined || !q.params || !q.fields) throw new Error(`runCompiled(${base}): the prepared query does not hold its text, parameters and fields`);
    const whole = q.params.every((p) => is(p, Placeholder));
    entry = whole
      ? {
          query: { sql: q.queryString, params: q.params },
          fields: q.fields,
          mapRows: rowsMapper(q.fields as SelectedField[], q.joinsNotNullableMap as Record<string, boolean> | undefined),
          name: statementName(base, q.queryString),
        }
      : null;
    keep(key, entry);
    if (!entry) {
      if (named !== undefined) throw new Error(`runCompiled(${base}): a named view's statement holds a value not bound`);
      return direct();
    }
  }
  if (named !== undefined) {
    const before = viewed.get(named);
    const same = (a: Compiled, b: Compiled) => a.query.sql === b.query.sql && placeholderNames(a) === placeholderNames(b);
    if (before && !same(before, entry)) throw new Error(`runCompiled(${base}): the view "${view}" names another statement; its name must say everything its text depends on`);
    viewed.delete(named);
    viewed.set(named, entry);
    if (viewed.size > COMPILED_MAX) viewed.delete(viewed.keys().next().value as string);
  }
  // Marked on every use: the marks are a bounded set that may have been emptied since (planOnce).
  if (prepared && once) planOnce(entry.name);
  return sessionOf(exec).prepareQuery(entry.query, entry.fields, prepared ? entry.name : undefined, true, entry.mapRows).execute(binds.values) as Promise<R>;
}

/** How many shapes of `base` are kept built (`once`: of those, planned once), and how many were found holding a value not bound (tests). */
export function compiledShapes(base: string): { built: number; unbound: number; once: number } {
  let built = 0;
  let unbound = 0;
  let once = 0;
  for (const [key, entry] of compiled) {
    if (!key.startsWith(`${base}\u0000`)) continue;
    if (entry) built++;
    else unbound++;
    if (entry && key.startsWith(`${base}\u0000o\u0000`) && isPlannedOnce(entry.name)) once++;
  }
  return { built, unbound, once };
}

/** The rows of a statement written with placeholders, filled with `values`. */
export async function rowsWith<T>(exec: Executor, query: SQL, values: Record<string, unknown>): Promise<T[]> {
  const res = (await sessionOf(exec).prepareQuery(dialectOf(exec).sqlToQuery(query), undefined, undefined, false).execute(values)) as unknown as { rows: T[] };
  return res.rows;
}

/**
 * A drizzle select on the system connection, built once per database with `sql.placeholder`s for its
 * values and run as a named prepared statement: for the lookups every request makes before it knows
 * its business (the token, the store by its subdomain), whose building in drizzle (a join of wide
 * tables, column by column) cost more than the database's work.
 */
export function preparedOnce<P extends Record<string, unknown>, R>(base: string, build: (db: Database) => Preparable<P, R>): (db: Database, placeholders: P) => Promise<R> {
  const built = new WeakMap<Database, { execute(placeholders?: P): Promise<R> }>();
  return (db, placeholders) => {
    let q = built.get(db);
    if (!q) {
      const query = build(db);
      q = query.prepare(statementName(base, query.toSQL().sql));
      built.set(db, q);
    }
    return q.execute(placeholders);
  };
}

/** The counter connections of a request transaction (PostgreSQL only). */
const counterPools = new WeakMap<Tx, pg.Pool>();

/** One caller's wish for numbers: how many of each counter, and where its answer goes. */
type NumberWish = { names: readonly string[]; counts: readonly number[]; resolve(taken: Map<string, number>): void; reject(err: unknown): void };
/** Per counter pool and business: the wishes waiting for the statement under way to end (the key absent when none is). */
const numberQueues = new WeakMap<pg.Pool, Map<string, NumberWish[]>>();

/**
 * Bumps some of a business's counters by `counts` on a connection of their own, in one committed
 * statement, and answers each counter's new value (the last of the caller's numbers); or null where
 * the transaction has no such connection (the embedded database, a system transaction):
 * lib/numbers.ts. One statement at a time per business: the callers that ask meanwhile are served
 * together by the next one, each its own consecutive numbers in the order they asked (a burst of a
 * business's bookings takes its numbers in a few statements, not one each).
 */
export async function takeNumbersOutside(tx: Tx, tenantId: string, names: readonly string[], counts: readonly number[]): Promise<Map<string, number> | null> {
  const pool = counterPools.get(tx);
  if (!pool) return null;
  let queues = numberQueues.get(pool);
  if (!queues) {
    queues = new Map();
    numberQueues.set(pool, queues);
  }
  const waiting = queues;
  return new Promise((resolve, reject) => {
    const wish = { names, counts, resolve, reject };
    const queue = waiting.get(tenantId);
    if (queue) queue.push(wish);
    else {
      waiting.set(tenantId, []);
      void takeTogether(pool, waiting, tenantId, [wish]);
    }
  });
}

async function takeTogether(pool: pg.Pool, queues: Map<string, NumberWish[]>, tenantId: string, wishes: NumberWish[]): Promise<void> {
  try {
    const totals = new Map<string, number>();
    for (const w of wishes) {
      w.names.forEach((n, i) => {
        totals.set(n, (totals.get(n) ?? 0) + w.counts[i]!);
      });
    }
    const res = await pool.query<{ name: string; value: number }>({
      name: 'take_numbers',
      text: `insert into tenant_counters (tenant_id, name, value) select $1, n, c from unnest($2::text[], $3::int[]) as u(n, c)
             on conflict (tenant_id, name) do update set value = tenant_counters.value + excluded.value returning name, value`,
      values: [tenantId, [...totals.keys()], [...totals.values()]],
    });
    // Each counter's value before the statement, then each wish's share in turn.
    const reached = new Map(res.rows.map((r) => [r.name, Number(r.value) - totals.get(r.name)!]));
    for (const w of wishes) {
      const mine = new Map<string, number>();
      w.names.forEach((n, i) => {
        const last = reached.get(n)! + w.counts[i]!;
        reached.set(n, last);
        mine.set(n, last);
      });
      w.resolve(mine);
    }
  } catch (err) {
    for (const w of wishes) w.reject(err);
  } finally {
    // Those who asked meanwhile go next, together; the business's queue ends when none did.
    const next = queues.get(tenantId) ?? [];
    if (!next.length) queues.delete(tenantId);
    else {
      queues.set(tenantId, []);
      void takeTogether(pool, queues, tenantId, next);
    }
  }
}
const tenantRunners = new WeakMap<Database, TenantRunner>();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * withTenant on PostgreSQL, two round trips shorter: drizzle's transaction sends BEGIN on its own and
 * the tenant context after it; here both wait and go out with the transaction's first statement, in
 * one write (db/pipeline.ts), then the same drizzle transaction object (savepoints included) runs
 * `fn` on the connection. Every request opens one of these, so a round trip here is a round trip on
 * every request.
 */
function pgTenantRunner(pool: pg.Pool, db: Database, counterPool: pg.Pool): TenantRunner {
  const internal = db as unknown as { dialect: PgDialect; session: { options: unknown } };
  const { dialect } = internal;
  const { options } = internal.session;
  return async (tenantId, fn) => {
    if (!UUID.test(tenantId)) throw new Error('withTenant: the tenant id is not a uuid');
    const client = await pool.connect();
    // Without the relational schema: building drizzle's relational query builders (one per table) for
    // every request's transaction cost more than anything the request then did with them (nothing:
    // the code uses the SQL-like builders only).
    const session = new NodePgSession(client, dialect, undefined, options as never);
    const tx = new NodePgTransaction(dialect, session, undefined) as unknown as Tx;
    counterPools.set(tx, counterPool);
    // The opening goes out with the transaction's first statement (db/pipeline.ts): if it fails, the
    // server skips that statement, so nothing ever runs outside the business's context.
    const enter = { text: ENTER_TENANT, values: [tenantId] };
    const txn = lazyTransaction(client, [{ text: 'begin' }, enter], { readOpening: [enter], onceOpening: [{ text: ENTER_TENANT_PLANNED_ONCE, values: [tenantId] }] });
    // As drizzle's own transaction: a client whose connection broke is not queryable, and the pool
    // drops it on release; so is one whose rollback failed.
    let lost: Error | undefined;
    try {
      const result = await fn(tx);
      await txn.end(true);
      return result;
    } catch (err) {
      await txn.end(false).catch((e: Error) => {
        lost = e;
      });
      throw err;
    } finally {
      client.release(lost);
    }
  };
}

/** The statement that scopes a transaction to one business (withTenant's opening, enterTenant). */
const ENTER_TENANT = `select set_config('app.tenant_id', $1, true), set_config('role', 'app_user', true)`;
/** ENTER_TENANT for reads that are all planned once (db/pipeline.ts `planOnce`): their generic plans, for the implicit transaction they end with. */
const ENTER_TENANT_PLANNED_ONCE = `select set_config('app.tenant_id', $1, true), set_config('role', 'app_user', true), set_config('plan_cache_mode', 'force_generic_plan', true)`;

/** Scopes the rest of an open transaction to one tenant, under row-level security. */
export async function enterTenant(tx: Tx, tenantId: string) {
  // One statement (a round trip less on every request): set_config('role', …, true) is SET LOCAL ROLE.
  await textRows(tx, null, ENTER_TENANT, [tenantId]);
}
