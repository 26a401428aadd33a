import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * A timestamp as ISO 8601 text in UTC to the millisecond, written as `Date.toISOString` writes it,
 * straight from the database (for answers the database shapes, which skip the Date round trip).
 */
export const isoText = (col: AnyColumn | SQL): SQL<string> => sql<string>`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
