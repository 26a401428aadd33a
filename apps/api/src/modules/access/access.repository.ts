import type { Locale } from '@app/shared/constants';
import { DEFAULT_ROLES, OWNER_ROLE } from '@app/shared/permissions';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { branches } from '../../db/schema/business';
import { roles, users } from '../../db/schema/users';
import { fieldError } from '../../lib/errors';

export type RoleRow = typeof roles.$inferSelect;

/** A default role's name in the reader's language (stored names are in the language of sign-up). */
export function roleName(role: Pick<RoleRow, 'slug' | 'name' | 'isDefault'>, locale: Locale): string {
  if (!role.isDefault) return role.name;
  return DEFAULT_ROLES.find((r) => r.slug === role.slug)?.name[locale] ?? role.name;
}

/** True when an account (or a pending e-mail change) already uses the address. System connection. */
export async function emailTaken(exec: Executor, email: string): Promise<boolean> {
  const [row] = await exec
    .select({ id: users.id })
    .from(users)
    .where(or(eq(users.email, email), eq(users.pendingEmail, email)))
    .limit(1);
  return Boolean(row);
}

export async function findRole(tx: Executor, tenantId: string, id: string) {
  const [row] = await tx
    .select()
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.id, id)))
    .limit(1);
  return row ?? null;
}

export async function findRoleBySlug(tx: Executor, tenantId: string, slug: string) {
  const [row] = await tx
    .select()
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.slug, slug)))
    .limit(1);
  return row ?? null;
}

/**
 * A role a staff account may be given: one of the tenant's, and not the owner role (that one moves
 * only with a transfer of ownership). 422 on `role_id` otherwise.
 */
export async function assignableRole(tx: Executor, tenantId: string, id: string) {
  const role = await findRole(tx, tenantId, id);
  if (!role) throw fieldError('role_id', 'not_exists');
  if (role.isDefault && role.slug === OWNER_ROLE.slug) throw fieldError('role_id', 'role_owner_reserved');
  return role;
}

/** Every id must be a branch of the tenant (422 on `branch_ids`); returns them without repeats. */
export async function checkBranches(tx: Executor, tenantId: string, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await tx
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.tenantId, tenantId), inArray(branches.id, unique)));
  if (found.length !== unique.length) throw fieldError('branch_ids', 'not_exists');
  return unique;
}

/** The ids that are branches of the tenant, others dropped (an invitation's branches may be gone). */
export async function existingBranches(tx: Executor, tenantId: string, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await tx
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.tenantId, tenantId), inArray(branches.id, unique)));
  const ok = new Set(found.map((f) => f.id));
  return unique.filter((id) => ok.has(id));
}

/** A PostgreSQL unique violation, from either driver. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** A PostgreSQL foreign key violation, from either driver. */
export function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23503' || e?.cause?.code === '23503';
}
