import type { Locale } from '@app/shared/constants';
import { DEFAULT_ROLE_SLUGS, OWNER_ROLE, PERMISSION_KEYS } from '@app/shared/permissions';
import type { Role, RoleBody } from '@app/shared/schemas/access';
import { and, count, eq, inArray } from 'drizzle-orm';
import { type Database, type Executor, withTenant } from '../../db/client';
import { invitations } from '../../db/schema/access';
import { roles, users } from '../../db/schema/users';
import { AppError, forbidden } from '../../lib/errors';
import type { AuthContext } from '../auth/auth.service';
import { assertGrantable, holdsAll, isForeignKeyViolation, isUniqueViolation, type RoleRow, roleKeys, roleName } from './access.repository';

/** Latin letters and digits of a name, hyphenated; Arabic-only names fall back to `role`. */
export function slugify(name: string): string {
  const base = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return base || 'role';
}

/** The first of `base`, `base-2`, `base-3` … that is neither taken nor a default role's slug. */
export function freeSlug(base: string, taken: ReadonlySet<string>): string {
  const blocked = (s: string) => taken.has(s) || DEFAULT_ROLE_SLUGS.includes(s);
  if (!blocked(base)) return base;
  for (let i = 2; ; i++) {
    const candidate = `${base}-${i}`;
    if (!blocked(candidate)) return candidate;
  }
}

const defaultOrder = (slug: string) => {
  const i = DEFAULT_ROLE_SLUGS.indexOf(slug);
  return i === -1 ? DEFAULT_ROLE_SLUGS.length : i;
};

export function toRole(row: RoleRow, usersCount: number, locale: Locale): Role {
  return {
    uuid: row.id,
    slug: row.slug,
    name: roleName(row, locale),
    is_default: row.isDefault,
    // The owner holds every key, including keys added after the role was written.
    permissions: row.isDefault && row.slug === OWNER_ROLE.slug ? [...PERMISSION_KEYS] : row.permissions,
    users_count: usersCount,
    created_at: row.createdAt.toISOString(),
  };
}

async function usersCounts(tx: Executor, tenantId: string, roleIds: string[]) {
  if (roleIds.length === 0) return new Map<string, number>();
  const rows = await tx
    .select({ roleId: users.roleId, n: count() })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.roleId, roleIds)))
    .groupBy(users.roleId);
  return new Map(rows.map((r) => [r.roleId ?? '', Number(r.n)]));
}

/**
 * A caller other than the owner cannot touch the role they hold themselves (they would raise their
 * own keys), nor a role granting keys they lack (they would change a senior's rights): 403.
 */
function guardRoleChange(ctx: AuthContext, row: RoleRow) {
  if (ctx.user.isOwner) return;
  if (row.id === ctx.user.roleId) throw forbidden();
  if (!holdsAll(ctx.permissions, roleKeys(row))) throw forbidden();
}

export function createRolesService({ db }: { db: Database }) {
  async function render(tx: Executor, tenantId: string, row: RoleRow, locale: Locale) {
    const counts = await usersCounts(tx, tenantId, [row.id]);
    return toRole(row, counts.get(row.id) ?? 0, locale);
  }

  async function load(tx: Executor, tenantId: string, id: string) {
    const [row] = await tx
      .select()
      .from(roles)
      .where(and(eq(roles.tenantId, tenantId), eq(roles.id, id)))
      .limit(1);
    if (!row) throw new AppError(404, 'not_found');
    return row;
  }

  /** Default roles first (in their fixed order), then the business's own, oldest first. */
  async function list(ctx: AuthContext, locale: Locale): Promise<Role[]> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const rows = await tx.select().from(roles).where(eq(roles.tenantId, ctx.tenantId));
      const counts = await usersCounts(
        tx,
        ctx.tenantId,
        rows.map((r) => r.id),
      );
      rows.sort((a, b) => {
        if (a.isDefault !== b.isDefault) return a.isDefault ? -1 : 1;
        if (a.isDefault) return defaultOrder(a.slug) - defaultOrder(b.slug);
        return a.createdAt.getTime() - b.createdAt.getTime() || a.name.localeCompare(b.name);
      });
      return rows.map((r) => toRole(r, counts.get(r.id) ?? 0, locale));
    });
  }

  async function get(ctx: AuthContext, id: string, locale: Locale): Promise<Role> {
    return withTenant(db, ctx.tenantId, async (tx) => render(tx, ctx.tenantId, await load(tx, ctx.tenantId, id), locale));
  }

  async function create(ctx: AuthContext, body: RoleBody, locale: Locale): Promise<Role> {
    assertGrantable(ctx, body.permissions, 'permissions');
    // Two creations racing for one slug: the unique index decides, and the second try picks the next.
    for (let attempt = 0; ; attempt++) {
      try {
        return await withTenant(db, ctx.tenantId, async (tx) => {
          const taken = await tx.select({ slug: roles.slug }).from(roles).where(eq(roles.tenantId, ctx.tenantId));
          const slug = freeSlug(slugify(body.name), new Set(taken.map((r) => r.slug)));
          const [row] = await tx
            .insert(roles)
            .values({ tenantId: ctx.tenantId, slug, name: body.name, isDefault: false, permissions: body.permissions })
            .returning();
          if (!row) throw new Error('role insert returned nothing');
          return toRole(row, 0, locale);
        });
      } catch (err) {
        if (attempt < 3 && isUniqueViolation(err)) continue;
        throw err;
      }
    }
  }

  async function update(ctx: AuthContext, id: string, body: RoleBody, locale: Locale): Promise<Role> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const row = await load(tx, ctx.tenantId, id);
      if (row.isDefault) throw new AppError(422, 'role_default_fixed');
      guardRoleChange(ctx, row);
      assertGrantable(ctx, body.permissions, 'permissions');
      const [updated] = await tx
        .update(roles)
        .set({ name: body.name, permissions: body.permissions })
        .where(and(eq(roles.tenantId, ctx.tenantId), eq(roles.id, id)))
        .returning();
      if (!updated) throw new AppError(404, 'not_found');
      return render(tx, ctx.tenantId, updated, locale);
    });
  }

  async function remove(ctx: AuthContext, id: string) {
    try {
      await removeRow(ctx, id);
    } catch (err) {
      // A user given the role between the check and the delete: the foreign key refuses.
      if (isForeignKeyViolation(err)) throw new AppError(422, 'role_in_use');
      throw err;
    }
  }

  async function removeRow(ctx: AuthContext, id: string) {
    await withTenant(db, ctx.tenantId, async (tx) => {
      const row = await load(tx, ctx.tenantId, id);
      if (row.isDefault) throw new AppError(422, 'role_default_fixed');
      guardRoleChange(ctx, row);
      const [byUser] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.tenantId, ctx.tenantId), eq(users.roleId, id)))
        .limit(1);
      const [byInvitation] = await tx
        .select({ id: invitations.id })
        .from(invitations)
        .where(and(eq(invitations.tenantId, ctx.tenantId), eq(invitations.roleId, id), eq(invitations.status, 'sent')))
        .limit(1);
      if (byUser || byInvitation) throw new AppError(422, 'role_in_use');
      await tx.delete(roles).where(and(eq(roles.tenantId, ctx.tenantId), eq(roles.id, id)));
    });
  }

  return { list, get, create, update, remove };
}

export type RolesService = ReturnType<typeof createRolesService>;
