import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsWith } from '../db/client';

/**
 * A limit written into the statement rather than sent as a parameter: a prepared statement's generic
 * plan then knows how many rows it reads (with a parameter PostgreSQL guesses a tenth of the table,
 * and may sort the whole list where an index gives its first rows). Only whole numbers the server
 * chose or checked reach it.
 */
export function literalLimit(n: number): number {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`literalLimit: ${n} is not a row count`);
  return sql.raw(String(n)) as unknown as number;
}

/** A select of the rows to count (`select 1 from … where …`), limitable and usable as a subquery. */
export type Countable = { limit(n: number): SQL.Aliased | object };

/**
 * How many rows `rows` selects, counting no further than `limit`, as a scalar subquery: a list's
 * total past which it says "more than" (LIST_COUNT_CAP) costs at most that many index entries,
 * however many rows there are, and rides along in the page's own statement.
 */
export function countExpr(rows: Countable, limit: number): SQL<number> {
  return sql<number>`(select count(*)::int from (${rows.limit(literalLimit(limit))}) counted)`;
}

/** The same count as its own statement. */
export async function countUpTo(exec: Executor, rows: Countable, limit: number, values: Record<string, unknown> = {}): Promise<number> {
  const [row] = await rowsWith<{ n: number | string }>(exec, sql`select ${countExpr(rows, limit)} as n`, values);
  return Number(row?.n ?? 0);
}
