import * as drizzleOrm from 'drizzle-orm';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { rowsMapper } from './client';
import { customers } from './schema/customers';
import { orders } from './schema/sales';

/**
 * The lists' rows mapped by `rowsMapper` (worked out once for a select) are the rows drizzle's own
 * `mapResultRow` makes: every column decoded into its place, a left-joined table's object null when
 * the join found no row (its first column null), an inner-joined one never.
 */

// A database only to build statements: nothing is sent.
const db = drizzle(new pg.Pool({ max: 1 }));
const customer = { id: customers.id, firstName: customers.firstName, lastName: customers.lastName, phone: customers.phone };
const extra = { n: sql<number>`count(*)`.mapWith(Number), key: sql<string>`'k'`, at: orders.createdAt };

// Drizzle's own mapping: exported at run time, left out of its declarations.
const { mapResultRow } = drizzleOrm as unknown as { mapResultRow(fields: unknown, row: unknown[], joins: unknown): unknown };

type Prepared = { fields: { path: string[]; field: unknown }[]; joinsNotNullableMap?: Record<string, boolean> };
const preparedOf = (q: { prepare(name: string): unknown }) => q.prepare('t') as unknown as Prepared;

const orderColumns = Object.keys(getTableColumns(orders));
/** A raw row as node-postgres hands it over (text timestamps, numbers, JSON already parsed), or null columns. */
function rawRow(fields: Prepared['fields'], pick: (path: string[], i: number) => unknown) {
  return fields.map(({ path }, i) => pick(path, i));
}
const sample = (path: string[]) => {
  const last = path[path.length - 1]!;
  if (last === 'createdAt' || last === 'updatedAt' || last === 'at') return '2026-11-29 10:00:00.123456+00';
  if (last === 'n') return '7';
  if (last === 'fees') return [{ title: 'x', amount: 100 }];
  return `${path.join('.')}-value`;
};

describe('rowsMapper', () => {
  const cases = {
    'left join': preparedOf(
      db
        .select({ order: orders, customer, ...extra })
        .from(orders)
        .leftJoin(customers, and(eq(customers.tenantId, orders.tenantId), eq(customers.id, orders.customerId))),
    ),
    'inner join': preparedOf(
      db
        .select({ order: orders, customer, ...extra })
        .from(orders)
        .innerJoin(customers, and(eq(customers.tenantId, orders.tenantId), eq(customers.id, orders.customerId))),
    ),
    'one table': preparedOf(db.select({ order: orders, ...extra }).from(orders)),
  };

  it.each(Object.entries(cases))('%s: the same rows as drizzle maps', (_name, p) => {
    expect(p.fields.length).toBeGreaterThan(orderColumns.length);
    const rows = [
      rawRow(p.fields, (path) => sample(path)),
      // No customer: its columns all null.
      rawRow(p.fields, (path) => (path[0] === 'customer' ? null : sample(path))),
      // Its first column null, the others not: drizzle's rule looks at the first.
      rawRow(p.fields, (path) => (path[0] === 'customer' && path[1] === 'id' ? null : sample(path))),
      // Its first column set, the others null.
      rawRow(p.fields, (path) => (path[0] === 'customer' && path[1] !== 'id' ? null : sample(path))),
      // Every column null.
      rawRow(p.fields, () => null),
    ];
    const mine = rowsMapper(p.fields, p.joinsNotNullableMap)(rows);
    const theirs = rows.map((r) => mapResultRow(p.fields, r, p.joinsNotNullableMap));
    expect(mine).toEqual(theirs);
    expect((mine[0] as { at: Date }).at).toEqual(new Date('2026-11-29T10:00:00.123Z'));
    expect((mine[0] as { n: number }).n).toBe(7);
  });

  it('a left-joined customer not found is null; an inner-joined one stays an object', () => {
    const left = cases['left join'];
    const inner = cases['inner join'];
    const none = (p: Prepared) => rawRow(p.fields, (path) => (path[0] === 'customer' ? null : sample(path)));
    expect((rowsMapper(left.fields, left.joinsNotNullableMap)([none(left)])[0] as { customer: unknown }).customer).toBeNull();
    expect((rowsMapper(inner.fields, inner.joinsNotNullableMap)([none(inner)])[0] as { customer: unknown }).customer).toEqual({
      id: null,
      firstName: null,
      lastName: null,
      phone: null,
    });
  });
});
