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

/** Connections whose named statements are in doubt: a pipeline that parsed some of them failed. */
const inDoubt = new WeakSet<object>();

const parsedOn = (connection: Connection, name: string) => connection.parsedStatements[name] !== undefined || connection.submittedNamedStatements[name] !== undefined;

/**
 * node-postgres's query, sending several statements: its result handling (one result per statement,
 * as for a multi-statement simple query) with messages of its own. A named statement not parsed on
 * the connection yet is parsed here; if the pipeline then fails, which of them the server kept is
 * unknown, so the connection is marked for discarding (`inDoubt`).
 */
class Pipeline extends (pg.Query as unknown as QueryClass) {
  private readonly parsing: string[] = [];
  private connection: Connection | null = null;

  constructor(
    readonly statements: Piped[],
    config: ResultConfig,
    done: (err: Error | null | undefined, results: QueryResult[]) => void,
  ) {
    super({ text: statements.map((s) => s.text).join(';\n'), rowMode: config.rowMode, types: config.types }, undefined, (err, res) => {
      if (this.connection) {
        for (const name of this.parsing) {
          if (err) {
            delete this.connection.submittedNamedStatements[name];
            inDoubt.add(this.connection);
          } else {
            this.connection.parsedStatements[name] = this.connection.submittedNamedStatements[name]!;
            delete this.connection.submittedNamedStatements[name];
          }
        }
      }
      done(err, err ? [] : Array.isArray(res) ? (res as QueryResult[]) : [res as QueryResult]);
    });
  }

  submit(connection: Connection): Error | null {
    this.connection = connection;
    let values: unknown[][];
    try {
      // Mapped before anything is written: a value that cannot be sent leaves nothing half-sent.
      values = this.statements.map((s) => (s.values ?? []).map((v) => prepareValue(v)));
    } catch (err) {
      return err as Error;
    }
    connection.stream.cork?.();
    try {
      this.statements.forEach((s, i) => {
        const name = s.name ?? '';
        if (!name || !parsedOn(connection, name)) {
          connection.parse({ text: s.text, name, types: [] });
          if (name) {
            connection.submittedNamedStatements[name] = s.text;
            this.parsing.push(name);
          }
        }
        connection.bind({ portal: '', statement: name, values: values[i]!, binary: false });
        connection.describe({ type: 'P', name: '' });
        connection.execute({ portal: '', rows: 0 });
      });
      connection.sync();
    } finally {
      connection.stream.uncork?.();
    }
    return null;
  }
}

/** What waits on a connection, and whether anything of its transaction went out yet. */
type Pending = { statements: Piped[]; sent: boolean };
/** Per connection in a tenant transaction: statements waiting to go out with the next one. */
const pendingOf = new WeakMap<pg.ClientBase, Pending>();

const baseQuery = (client: pg.ClientBase) => (Object.getPrototypeOf(client) as pg.ClientBase).query as (...args: unknown[]) => unknown;

/** Sends `statements` as one pipeline on `client` (after anything waiting to go out with them); answers one result per statement. */
export function sendTogether<R extends QueryResultRow = QueryResultRow>(client: pg.ClientBase, statements: Piped[], config: ResultConfig = {}): Promise<QueryResult<R>[]> {
  const pending = pendingOf.get(client);
  const ahead = pending?.statements.splice(0) ?? [];
  if (pending) pending.sent = true;
  return new Promise((resolve, reject) => {
    const all = [...ahead, ...statements];
    const pipeline = new Pipeline(all, config, (err, results) => (err ? reject(err) : resolve(results.slice(ahead.length) as QueryResult<R>[])));
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
 * A transaction on `client` whose opening statements wait for its first query and go with it (a
 * round trip less on every request). Until the transaction ends, every query on the client takes
 * along whatever waits to go out with it (`sendWithNext`). `end` sends the commit (with anything still
 * waiting) or the rollback, and answers whether the connection must be discarded.
 */
export function lazyTransaction(client: pg.PoolClient, opening: Piped[]): { end(commit: boolean): Promise<boolean> } {
  const pending: Pending = { statements: [...opening], sent: false };
  pendingOf.set(client, pending);
  const own = client as unknown as { query: (...args: unknown[]) => unknown };
  own.query = function query(config: unknown, values?: unknown, callback?: unknown) {
    // Nothing waiting, or a pipeline sendTogether assembled with what waited.
    if (pending.statements.length === 0 || config instanceof Pipeline) return baseQuery(client).call(client, config, values, callback);
    if (typeof callback === 'function' || typeof values === 'function' || (typeof config === 'object' && config !== null && 'submit' in config)) {
      throw new Error('lazyTransaction: only promise queries can run in a tenant transaction');
    }
    const c = (typeof config === 'string' ? { text: config } : config) as { text: string; name?: string; values?: unknown[]; rowMode?: 'array'; types?: unknown };
    const last: Piped = { text: c.text, name: c.name, values: (values as unknown[] | undefined) ?? c.values };
    return sendTogether(client, [last], { rowMode: c.rowMode, types: c.types }).then((r) => r[0]!);
  };
  return {
    async end(commit) {
      try {
        if (!commit) {
          // Whatever waited to go out is dropped with the transaction.
          pending.statements.length = 0;
          if (pending.sent) await baseQuery(client).call(client, 'rollback');
        } else if (pending.sent || pending.statements.length > opening.length) {
          await sendTogether(client, [{ text: 'commit' }]);
        }
        return inDoubt.has((client as unknown as { connection: object }).connection);
      } finally {
        pendingOf.delete(client);
        delete (own as { query?: unknown }).query;
      }
    },
  };
}
