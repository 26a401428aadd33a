import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { customers } from '../db/schema/customers';
import { countExpr, literalLimit } from './count';
import { sql } from 'drizzle-orm';

const dialect = new PgDialect();

describe('literalLimit', () => {
  it('writes the limit into the statement, not as a parameter', () => {
    const q = dialect.sqlToQuery(countExpr({ limit: (n: number) => sql`select 1 from ${customers} limit ${n}` }, 1001));
    expect(q.sql).toContain('limit 1001');
    expect(q.params).toEqual([]);
  });

  it('refuses what is not a row count', () => {
    for (const bad of [1.5, -1, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60]) expect(() => literalLimit(bad)).toThrow(/not a row count/);
    expect(() => literalLimit(0)).not.toThrow();
  });
});
