/**
 * Statements sent to PostgreSQL together: one write to the socket and one round trip for several
 * statements of a transaction (the extended protocol's messages of each, then one Sync). The server
 * runs them in order, each with its own snapshot as if sent one by one; after an error it skips the
 * rest up to the Sync, so a statement never runs when one before it failed. On this machine a write
 * to the database's socket cost more of the API's time than anything a booking computes (a third of
 * its CPU in a burst), so a transaction's opening goes with its first statement, and a booking's
 * writes with the read that follows them (docs/decisions.md "Statements sent together").
 */
import { createRequire } from 'node:module';
import pg, { type QueryResult, type QueryResultRow } from 'pg';

/** One statement: its text, parameters and, when it is a named prepared statement, its name. */
export type Piped = { text: string; values?: readonly unknown[] | undefined; name?: string | undefined };

/** Row format and type parsers of a pipeline's results (a drizzle query's, when it ends one). */
type ResultConfig = { rowMode?: 'array' | undefined; types?: unknown };

type Connection = {
  stream: { cork?(): void; uncork?(): void };
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
  parse(msg: { text: string; name: string; types: number[] }): void;
  bind(msg: { portal: string; statement: string; values: unknown[]; binary: boolean }): void;
  describe(msg: { type: 'P'; name: string }): void;
  execute(msg: { portal: string; rows: number }): void;
  sync(): void;
};

type QueryInternals = { _results: QueryResult | QueryResult[]; callback: ((err: Error | null | undefined, res?: unknown) => void) | undefined };
type QueryClass = new (config: object, values: undefined, callback: (err: Error | null | undefined, res: unknown) => void) => QueryInternals;

const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as { prepareValue(value: unknown): unknown };
const parsedOn = (connection: Connection, name: string) => connection.parsedStatements[name] ?? connection.submittedNamedStatements[name];

/** A statement ready to go: its values already converted for the wire. */
type Ready = Piped & { wire: unknown[] };

/**
 * node-postgres's query, sending several statements: its result handling (one result per statement,
 * as for a multi-statement simple query) with messages of its own. A named statement not parsed on
 * the connection yet is parsed here; the server's ParseCompletes, which come in the order of the
 * Parses, say which it kept (a pipeline that fails part way keeps those parsed before the failure).
 */
class Pipeline extends (pg.Query as unknown as QueryClass) {
  /** The name of each Parse sent, in order ('' for an unnamed one). */
  private readonly parses: string[] = [];
  private connection: (Connection & { on(e: string, f: () => void): void; off(e: string, f: () => void): void }) | null = null;
  private readonly onParsed = () => {
    const name = this.parses.shift();
    const c = this.connection;
    if (!name || !c) return;
    c.parsedStatements[name] = c.submittedNamedStatements[name]!;
    delete c.submittedNamedStatements[name];
  };

  constructor(
    readonly statements: Ready[],
    config: ResultConfig,
    done: (err: Error | null | undefined, results: QueryResult[]) => void,
  ) {
    super({ text: statements.map((s) => s.text).join(';\n'), rowMode: config.rowMode, types: config.types }, undefined, (err, res) => {
      const c = this.connection;
      if (c) {
        c.off('parseComplete', this.onParsed);
        // Parses the server never reached (skipped after an error): not kept.
        for (const name of this.parses) if (name) delete c.submittedNamedStatements[name];
      }
      done(err, err ? [] : Array.isArray(res) ? (res as QueryResult[]) : [res as QueryResult]);
    });
  }

  submit(connection: NonNullable<Pipeline['connection']>): Error | null {
    for (const s of this.statements) {
      const before = s.name ? parsedOn(connection, s.name) : undefined;
      if (before !== undefined && before !== s.text) return new Error(`Prepared statements must be unique - '${s.name}' was used for a different statement`);
    }
    this.connection = connection;
    connection.on('parseComplete', this.onParsed);
    connection.stream.cork?.();
    try {
      for (const s of this.statements) {
        const name = s.name ?? '';
        if (!name || parsedOn(connection, name) === undefined) {
          connection.parse({ text: s.text, name, types: [] });
          this.parses.push(name);
          if (name) connection.submittedNamedStatements[name] = s.text;
        }
        connection.bind({ portal: '', statement: name, values: s.wire, binary: false });
        connection.describe({ type: 'P', name: '' });
        connection.execute({ portal: '', rows: 0 });
      }
      connection.sync();
    } finally {
      connection.stream.uncork?.();
    }
    return null;
  }
}

/**
 * What waits on a connection, whether anything of its transaction went out yet, and the error that
 * broke it: once a statement that carried waiting ones has failed (the opening among them, perhaps),
 * nothing more is sent in that transaction.
 */
type Pending = {
  statements: Piped[];
  /** The transaction's opening while it has not gone out (null once it has). */
  opening: Piped[] | null;
  /** What scopes a read sent before the opening has gone out, in a transaction of its own (null: none such). */
  readOpening: Piped[] | null;
  /** readOpening for reads that are all statements planned once (`planOnce`): it also asks for their generic plans. */
  onceOpening: Piped[] | null;
  broken: Error | null;
};

/**
 * The named statements planned once for any business (`planOnce`): PostgreSQL's generic plan of
 * each, made once per connection, is as good as the plan it would make for the business's values
 * (checked at the busy business's size and at a small one: docs/decisions.md "Prepared statements
 * planned once"). The server chooses by the plans' estimated costs; at a business of 100,000
 * customers it priced the plan for its values a little lower and so planned the statement again on
 * every run, which cost it as much as running it (the customers page: 0.4 of its 0.8 ms).
 */
const plannedOnce = new Set<string>();
const PLANNED_ONCE_MAX = 10_000;

/**
 * Marks a named statement as planned once (its generic plan asked for whenever it goes out as a read,
 * with reads all so marked). Callers mark a statement each time they send it: past PLANNED_ONCE_MAX
 * names the set starts again, and those still in use are marked again at their next run.
 */
export function planOnce(name: string) {
  if (plannedOnce.size >= PLANNED_ONCE_MAX && !plannedOnce.has(name)) plannedOnce.clear();
  plannedOnce.add(name);
}

/** Whether `name` is planned once (tests). */
export const isPlannedOnce = (name: string) => plannedOnce.has(name);
/** Per connection in a tenant transaction: statements waiting to go out with the next one. */
const pendingOf = new WeakMap<pg.ClientBase, Pending>();

const baseQuery = (client: pg.ClientBase) => (Object.getPrototypeOf(client) as pg.ClientBase).query as (...args: unknown[]) => unknown;

const brokenBy = (err: Error) => new Error(`the transaction stopped at an earlier failed statement: ${err.message}`, { cause: err });

/** Sends `statements` as one pipeline on `client` (after anything waiting to go out with them); answers one result per statement. */
export function sendTogether<R extends QueryResultRow = QueryResultRow>(client: pg.ClientBase, statements: Piped[], config: ResultConfig = {}): Promise<QueryResult<R>[]> {
  const pending = pendingOf.get(client);
  if (pending?.broken) return Promise.reject(brokenBy(pending.broken));
  // Before the transaction has begun, plain reads go out with the read opening alone, each an
  // implicit transaction that ends at its Sync (lazyTransaction); anything else takes the opening along.
  const reads = Boolean(pending?.readOpening) && pending!.statements.length === 0 && statements.length > 0 && statements.every((s) => isPlainRead(s.text));
  const once = reads && pending!.onceOpening !== null && statements.every((s) => s.name !== undefined && plannedOnce.has(s.name));
  const lead = !pending?.opening ? [] : once ? pending.onceOpening! : reads ? pending.readOpening! : pending.opening;
  let ready: Ready[];
  try {
    // Converted before anything is taken off the waiting list: a value that cannot be sent fails
    // this call alone, with what waits still waiting.
    ready = [...lead, ...(pending?.statements ?? []), ...statements].map((s) => ({ ...s, wire: (s.values ?? []).map((v) => prepareValue(v)) }));
  } catch (err) {
    return Promise.reject(err);
  }
  const ahead = lead.length + (pending?.statements.splice(0).length ?? 0);
  if (ready.length === 0) return Promise.resolve([]);
  if (pending && lead === pending.opening) pending.opening = null;
  return new Promise((resolve, reject) => {
    const pipeline = new Pipeline(ready, config, (err, results) => {
      if (!err) return resolve(results.slice(ahead) as QueryResult<R>[]);
      if (pending && ahead > 0) pending.broken = err;
      reject(err);
    });
    baseQuery(client).call(client, pipeline);
  });
}

/** Statements to send with the next one on `client` (a tenant transaction's connection), or false where nothing waits there (answered at once instead). */
export function sendWithNext(client: unknown, statement: Piped): boolean {
  const pending = client instanceof pg.Client ? pendingOf.get(client) : undefined;
  if (!pending) return false;
  pending.statements.push(statement);
  return true;
}

/**
 * A statement that only reads: a select that locks nothing and calls nothing known to write or to
 * change the session (sent before a transaction begins: lazyTransaction). Anything it does not
 * recognise as such counts as a write, which only costs the transaction it would have begun anyway.
 * Functions are told by name: the server's own that act (`pg_*` — advisory locks, notifications,
 * backend control —, `txid_*`, large objects, `setseed`, sequences, `set_config`, dblink) and this
 * schema's that write (`dash_*`, `app_secure_*`; a test checks every volatile function of the schema
 * against this list).
 */
export function isPlainRead(text: string): boolean {
  return PLAIN_READ.test(text) && !NOT_ONLY_READ.test(text);
}
const PLAIN_READ = /^\s*\(*\s*select\b/i;
const NOT_ONLY_READ =
  /\b(?:for\s+(?:no\s+key\s+)?update|for\s+(?:key\s+)?share|insert|update|delete|merge|into|lock|nextval|setval|set_config|setseed|pg_\w+|txid_\w+|lo_\w+|dblink\w*|dash_\w+|app_secure_\w+)\b/i;

/** Commands that begin, end or return to a savepoint: what waits goes out before them, on its own. */
const SAVEPOINT = /^\s*(savepoint|release|rollback\s+to)\b/i;

/**
 * A transaction on `client` whose opening statements wait for its first query and go with it (a
 * round trip less on every request). Until the transaction ends, every query on the client takes
 * along whatever waits to go out with it (`sendWithNext`), except a savepoint command, before which
 * what waits goes out alone (a failing write must not be skipped into a savepoint's rollback). `end`
 * sends the commit (with anything still waiting) or the rollback. With `readOpening`, nothing begins
 * until a statement that is not a plain read (`isPlainRead`): each plain read before it goes with
 * `readOpening` alone (the business's context, local to the implicit transaction that ends at the
 * read's Sync), so a request that only reads sends no begin and no commit. With `onceOpening` too,
 * reads that are all statements planned once (`planOnce`) go with it instead: `readOpening` that also
 * sets `plan_cache_mode` to `force_generic_plan`, local to their implicit transaction.
 */
export function lazyTransaction(client: pg.PoolClient, opening: Piped[], opts: { readOpening?: Piped[]; onceOpening?: Piped[] } = {}): { end(commit: boolean): Promise<void> } {
  const pending: Pending = {
    statements: [],
    opening: [...opening],
    readOpening: opts.readOpening ? [...opts.readOpening] : null,
    onceOpening: opts.readOpening && opts.onceOpening ? [...opts.onceOpening] : null,
    broken: null,
  };
  pendingOf.set(client, pending);
  const own = client as unknown as { query: (...args: unknown[]) => unknown };
  own.query = function query(config: unknown, values?: unknown, callback?: unknown) {
    if (typeof callback === 'function' || typeof values === 'function' || (typeof config === 'object' && config !== null && 'submit' in config && !(config instanceof Pipeline))) {
      throw new Error('lazyTransaction: only promise queries can run in a tenant transaction');
    }
    if (pending.broken) return Promise.reject(brokenBy(pending.broken));
    // Nothing waiting (the transaction begun), or a pipeline sendTogether assembled with what waited.
    if ((pending.statements.length === 0 && !pending.opening) || config instanceof Pipeline) return baseQuery(client).call(client, config, values);
    const c = (typeof config === 'string' ? { text: config } : config) as { text: string; name?: string; values?: unknown[]; rowMode?: 'array'; types?: unknown };
    if (SAVEPOINT.test(c.text)) return sendTogether(client, []).then(() => own.query(config, values));
    const last: Piped = { text: c.text, name: c.name, values: (values as unknown[] | undefined) ?? c.values };
    return sendTogether(client, [last], { rowMode: c.rowMode, types: c.types }).then((r) => r[0]!);
  };
  return {
    async end(commit) {
      try {
        const begun = pending.opening === null;
        if (!commit) {
          // Whatever waited to go out is dropped with the transaction.
          pending.statements.length = 0;
          if (begun) await baseQuery(client).call(client, 'rollback');
        } else if (begun || pending.statements.length > 0) {
          // Writes still waiting with the transaction not begun: the opening goes with them.
          await sendTogether(client, [{ text: 'commit' }]);
        }
        // Nothing begun and nothing waiting: only reads went out, each a transaction that ended at its
        // Sync. One of them may have failed (the later statements were refused): as a commit after a
        // failed statement in a transaction, this ends without an error, with nothing to undo.
      } finally {
        pendingOf.delete(client);
        delete (own as { query?: unknown }).query;
      }
    },
  };
}
