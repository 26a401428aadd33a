import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * A timestamp as ISO 8601 text in UTC to the millisecond, written as `Date.toISOString` writes it,
 * straight from the database (for answers the database shapes, which skip the Date round trip).
 */
export const isoText = (col: AnyColumn | SQL): SQL<string> => sql<string>`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * `col` (a timestamp) on the local days [from, to] of `timeZone` (YYYY-MM-DD, either left out: open
 * on that side), the lists' date filters. The days' bounds are worked out by the database, so the
 * condition stays on the column (its index) and a day of 23 or 25 hours is what the zone says. Values
 * through `v` (a list page's `Binds`).
 */
export function onLocalDays(col: AnyColumn, range: { from?: string | undefined; to?: string | undefined }, timeZone: string, v: <T>(value: T) => T = (x) => x): SQL[] {
  const out: SQL[] = [];
  if (range.from) out.push(sql`${col} >= (${v(range.from)}::date)::timestamp at time zone ${v(timeZone)}`);
  if (range.to) out.push(sql`${col} < (${v(range.to)}::date + 1)::timestamp at time zone ${v(timeZone)}`);
  return out;
}
