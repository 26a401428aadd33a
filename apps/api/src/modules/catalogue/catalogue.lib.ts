import { slugFromName } from '@app/shared/schemas/catalogue';
import { and, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { TenantTable } from '../../plugins/request-context';
import { fieldError } from '../../lib/errors';
import { isUniqueViolation, violatedConstraint } from '../access/access.repository';

/** `%text%` for ILIKE, with the user's % and _ taken literally. */
export const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type SluggedTable = TenantTable & { slug: TenantTable['id'] };

/** Every id names a row of the tenant's `table`, or a 422 `not_exists` on `field`. */
export async function assertIds(tx: Executor, table: TenantTable, tenantId: string, ids: readonly string[], field: string): Promise<void> {
  if (ids.length === 0) return;
  const found = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.tenantId, tenantId), inArray(table.id, [...ids])));
  if (new Set(found.map((r) => r.id as string)).size !== new Set(ids).size) throw fieldError(field, 'not_exists');
}

async function slugTaken(tx: Executor, table: SluggedTable, tenantId: string, slug: string, selfId?: string): Promise<boolean> {
  const conds: SQL[] = [eq(table.tenantId, tenantId), eq(table.slug, slug)];
  if (selfId) conds.push(ne(table.id, selfId));
  const [row] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(...conds))
    .limit(1);
  return Boolean(row);
}

/**
 * The slug to store. A given slug must be free in the tenant (422 `exists`). Without one, the row
 * keeps its slug (`current`), else one is made from a Latin name (with -2, -3 … when taken); a name
 * in other letters gives none, which is a 422 `required` where the slug is required.
 */
export async function resolveSlug(
  tx: Executor,
  table: SluggedTable,
  tenantId: string,
  opts: { given: string | null | undefined; name: string; current?: string | null; selfId?: string; required: boolean },
): Promise<string | null> {
  if (opts.given) {
    if (await slugTaken(tx, table, tenantId, opts.given, opts.selfId)) throw fieldError('slug', 'exists');
    return opts.given;
  }
  if (opts.current) return opts.current;
  const base = slugFromName(opts.name);
  if (!base) {
    if (opts.required) throw fieldError('slug', 'required');
    return null;
  }
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await slugTaken(tx, table, tenantId, candidate, opts.selfId))) return candidate;
  }
  throw fieldError('slug', 'exists');
}

/** A unique-slug race (two saves with one slug at once) is the same 422 as a taken slug. */
export function rethrowSlugRace(err: unknown): never {
  if (isUniqueViolation(err) && violatedConstraint(err).endsWith('_slug')) throw fieldError('slug', 'exists');
  throw err;
}
