import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';

/** A select of the rows to count (`select 1 from … where …`), limitable and usable as a subquery. */
export type Countable = { limit(n: number): SQL.Aliased | object };

/**
 * How many rows `rows` selects, counting no further than `limit`, as a scalar subquery: a list's
 * total past which it says "more than" (LIST_COUNT_CAP) costs at most that many index entries,
 * however many rows there are, and rides along in the page's own statement.
 */
export function countExpr(rows: Countable, limit: number): SQL<number> {
  return sql<number>`(select count(*)::int from (${rows.limit(limit)}) counted)`;
}

/** The same count as its own statement. */
export async function countUpTo(exec: Executor, rows: Countable, limit: number): Promise<number> {
  const res = (await exec.execute(sql`select ${countExpr(rows, limit)} as n`)) as unknown as { rows: { n: number | string }[] };
  return Number(res.rows[0]?.n ?? 0);
}
