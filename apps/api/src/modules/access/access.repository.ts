import type { Locale } from '@app/shared/constants';
import { DEFAULT_ROLES, isPermissionKey, OWNER_ROLE, PERMISSION_KEYS } from '@app/shared/permissions';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { branches } from '../../db/schema/business';
import { roles, users } from '../../db/schema/users';
import { fieldError, forbidden } from '../../lib/errors';
import type { AuthContext } from '../auth/auth.service';

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

/** The keys a role grants: the owner's role every key (whatever its stored list says), no role none. */
export function roleKeys(role: Pick<RoleRow, 'slug' | 'isDefault' | 'permissions'> | null): readonly string[] {
  if (!role) return [];
  if (role.isDefault && role.slug === OWNER_ROLE.slug) return PERMISSION_KEYS;
  return role.permissions.filter(isPermissionKey);
}

/** True when every one of `keys` is among `held`. */
export function holdsAll(held: readonly string[], keys: readonly string[]): boolean {
  const set = new Set(held);
  return keys.every((k) => set.has(k));
}

/**
 * Nobody hands out keys they do not hold: a caller other than the owner may only grant (in a role, or
 * by giving an account a role) keys of their own. 422 on `field` otherwise.
 */
export function assertGrantable(ctx: AuthContext, keys: readonly string[], field: string) {
  if (ctx.user.isOwner) return;
  if (!holdsAll(ctx.permissions, keys)) throw fieldError(field, 'permissions_not_held');
}

/**
 * A caller other than the owner acts only on accounts whose every key they hold themselves (peers
 * and juniors, never seniors or the owner). 403 otherwise.
 */
export async function assertOutranks(tx: Executor, ctx: AuthContext, target: { isOwner: boolean; roleId: string | null }) {
  if (ctx.user.isOwner) return;
  const keys = target.isOwner ? PERMISSION_KEYS : roleKeys(target.roleId ? await findRole(tx, ctx.tenantId, target.roleId) : null);
  if (!holdsAll(ctx.permissions, keys)) throw forbidden();
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

/** The constraint a PostgreSQL error names, from either driver ('' when none). */
export function violatedConstraint(err: unknown): string {
  const e = err as { constraint?: string; cause?: { constraint?: string } };
  return e?.constraint ?? e?.cause?.constraint ?? '';
}
