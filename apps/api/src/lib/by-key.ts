import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, SelectedFields, SubqueryWithSelection } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import { literalLimit } from './count';

/**
 * The row of `table` (its `fields`) whose key the outer row holds (`outer`: its business and the id
 * it points at), as a lateral subquery named `as`, to join with `leftJoinLateral(…, sql`true`)`: a
 * look-up by key a row at a time, which a read's generic plan keeps so for any business (joined, a
 * generic plan may read a business's every customer or order to match a page of 26).
 */
export function byKeyLateral<T extends PgTable & { tenantId: AnyPgColumn; id: AnyPgColumn }, S extends SelectedFields, A extends string>(
  exec: Executor,
  table: T,
  fields: S,
  outer: { tenantId: AnyPgColumn; id: AnyPgColumn },
  as: A,
): SubqueryWithSelection<S, A> {
  const q = exec
    .select(fields)
    .from(table as PgTable)
    .where(and(eq(table.tenantId, outer.tenantId), eq(table.id, outer.id)))
    // Written into the text, not a parameter: a statement built once for its shape holds only its values' placeholders.
    .limit(literalLimit(1));
  // (drizzle cannot follow a generic selection through its builder: the subquery is typed here.)
  return (q as unknown as { as(alias: A): SubqueryWithSelection<S, A> }).as(as);
}

/**
 * One column of the row of its table whose key the outer row holds (`outer`: its business and the
 * id it points at), as a scalar subquery (null when there is none): a look-up by key a row at a time,
 * which no plan turns into a join. The looked-up table is aliased, so the outer row's columns stay
 * its own even where drizzle writes them unqualified.
 */
export function byKeyValue<C extends AnyPgColumn>(column: C, outer: { tenantId: AnyPgColumn | SQL; id: AnyPgColumn | SQL }): SQL<C['_']['data'] | null> {
  return sql<C['_']['data'] | null>`(select k.${sql.identifier(column.name)} from ${column.table} k where k.tenant_id = ${outer.tenantId} and k.id = ${outer.id})`;
}
