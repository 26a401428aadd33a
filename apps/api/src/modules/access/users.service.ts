import { LOGIN_LOCK_AFTER_FAILURES, LOGIN_LOCK_MINUTES, type Locale } from '@app/shared/constants';
import { OWNER_ROLE } from '@app/shared/permissions';
import type { CreatePosUserBody, StaffUser, UpdateUserBody, UsersQuery } from '@app/shared/schemas/access';
import { and, asc, count, desc, eq, ilike, inArray, isNull, max, or, type SQL, sql } from 'drizzle-orm';
import { type Database, type Executor, type Tx, withTenant } from '../../db/client';
import { userBranches } from '../../db/schema/access';
import { branches, providers } from '../../db/schema/business';
import { tenants } from '../../db/schema/tenants';
import { accessTokens, roles, users } from '../../db/schema/users';
import { hashPassword, randomToken, verifyPassword } from '../../lib/crypto';
import { AppError, fieldError, forbidden, notFound } from '../../lib/errors';
import type { AuthContext, AuthService } from '../auth/auth.service';
import * as authRepo from '../auth/auth.repository';
import { assignableRole, checkBranches, emailTaken, findRoleBySlug, isUniqueViolation, roleName } from './access.repository';

export type UserRow = typeof users.$inferSelect;

/** `%` and `_` typed in a search box are literal characters. */
const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Renders accounts with their role, branches, provider row and last activity (inside withTenant). */
export async function renderUsers(tx: Executor, tenantId: string, rows: UserRow[], locale: Locale): Promise<StaffUser[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const roleIds = [...new Set(rows.map((r) => r.roleId).filter((x): x is string => x !== null))];
  const roleRows = roleIds.length ? await tx.select().from(roles).where(and(eq(roles.tenantId, tenantId), inArray(roles.id, roleIds))) : [];
  const branchRows = await tx
    .select({ userId: userBranches.userId, id: branches.id, name: branches.name })
    .from(userBranches)
    .innerJoin(branches, and(eq(branches.tenantId, userBranches.tenantId), eq(branches.id, userBranches.branchId)))
    .where(and(eq(userBranches.tenantId, tenantId), inArray(userBranches.userId, ids)))
    .orderBy(desc(branches.isMain), asc(branches.createdAt), asc(branches.id));
  const providerRows = await tx
    .select({ userId: providers.userId, id: providers.id, name: providers.name })
    .from(providers)
    .where(and(eq(providers.tenantId, tenantId), inArray(providers.userId, ids)))
    .orderBy(asc(providers.createdAt));
  const activity = await tx
    .select({ userId: accessTokens.userId, last: max(accessTokens.lastUsedAt) })
    .from(accessTokens)
    .where(and(eq(accessTokens.tenantId, tenantId), inArray(accessTokens.userId, ids)))
    .groupBy(accessTokens.userId);
  const roleById = new Map(roleRows.map((r) => [r.id, r]));
  const lastById = new Map(activity.map((a) => [a.userId, a.last]));
  return rows.map((u) => {
    const role = u.roleId ? roleById.get(u.roleId) : undefined;
    const provider = providerRows.find((p) => p.userId === u.id);
    const last = lastById.get(u.id);
    return {
      uuid: u.id,
      name: u.name,
      email: u.email,
      phone: u.phone,
      type: u.type as StaffUser['type'],
      status: u.status as StaffUser['status'],
      is_owner: u.isOwner,
      role: role ? { uuid: role.id, slug: role.slug, name: roleName(role, locale) } : null,
      branches: branchRows.filter((b) => b.userId === u.id).map((b) => ({ uuid: b.id, name: b.name })),
      provider: provider ? { uuid: provider.id, name: provider.name } : null,
      app_access: u.appAccess,
      has_passcode: u.passcodeHash !== null,
      last_active_at: last ? new Date(last).toISOString() : null,
      created_at: u.createdAt.toISOString(),
    };
  });
}

async function loadUser(tx: Executor, tenantId: string, id: string): Promise<UserRow> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

async function setBranches(tx: Tx, tenantId: string, userId: string, branchIds: string[]) {
  await tx.delete(userBranches).where(and(eq(userBranches.tenantId, tenantId), eq(userBranches.userId, userId)));
  if (branchIds.length) await tx.insert(userBranches).values(branchIds.map((branchId) => ({ tenantId, userId, branchId })));
}

async function updateRow(tx: Executor, tenantId: string, id: string, values: Partial<typeof users.$inferInsert>) {
  const [row] = await tx
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id)))
    .returning();
  if (!row) throw notFound();
  return row;
}

/** The owner and the caller cannot be deactivated, deleted or converted. */
function guardTarget(ctx: AuthContext, target: UserRow) {
  if (target.isOwner) throw new AppError(422, 'cannot_change_owner');
  if (target.id === ctx.user.id) throw new AppError(422, 'cannot_change_self');
}

export function createUsersService({ db, auth }: { db: Database; auth: AuthService }) {
  let dummyHash: Promise<string> | undefined;

  async function one(tx: Executor, tenantId: string, row: UserRow, locale: Locale): Promise<StaffUser> {
    const [rendered] = await renderUsers(tx, tenantId, [row], locale);
    if (!rendered) throw notFound();
    return rendered;
  }

  async function list(ctx: AuthContext, q: UsersQuery, locale: Locale) {
    const conds: SQL[] = [eq(users.tenantId, ctx.tenantId)];
    if (q.search) {
      const p = likePattern(q.search);
      const hit = or(ilike(users.name, p), ilike(users.email, p), ilike(users.phone, p));
      if (hit) conds.push(hit);
    }
    if (q.status) conds.push(eq(users.status, q.status));
    if (q.type) conds.push(eq(users.type, q.type));
    if (q.role_id) conds.push(eq(users.roleId, q.role_id));
    return withTenant(db, ctx.tenantId, async (tx) => {
      if (q.branch_id) {
        const inBranch = tx
          .select({ id: userBranches.userId })
          .from(userBranches)
          .where(and(eq(userBranches.tenantId, ctx.tenantId), eq(userBranches.branchId, q.branch_id)));
        conds.push(inArray(users.id, inBranch));
      }
      const where = and(...conds);
      const [total] = await tx.select({ n: count() }).from(users).where(where);
      const rows = await tx
        .select()
        .from(users)
        .where(where)
        .orderBy(desc(users.isOwner), asc(users.createdAt), asc(users.id))
        .limit(q.per_page)
        .offset((q.page - 1) * q.per_page);
      const n = Number(total?.n ?? 0);
      return {
        data: await renderUsers(tx, ctx.tenantId, rows, locale),
        meta: { current_page: q.page, per_page: q.per_page, total: n, last_page: Math.max(1, Math.ceil(n / q.per_page)) },
      };
    });
  }

  async function get(ctx: AuthContext, id: string, locale: Locale) {
    return withTenant(db, ctx.tenantId, async (tx) => one(tx, ctx.tenantId, await loadUser(tx, ctx.tenantId, id), locale));
  }

  /** A POS (cashier-device) account: e-mail and passcode, no usable password, no phone. */
  async function createPos(ctx: AuthContext, body: CreatePosUserBody, locale: Locale) {
    if (await emailTaken(db, body.email)) throw fieldError('email', 'exists');
    const passcodeHash = await hashPassword(body.passcode);
    const passwordHash = await hashPassword(randomToken(32));
    try {
      return await withTenant(db, ctx.tenantId, async (tx) => {
        const branchIds = await checkBranches(tx, ctx.tenantId, body.branch_ids);
        const role = body.role_id ? await assignableRole(tx, ctx.tenantId, body.role_id) : await findRoleBySlug(tx, ctx.tenantId, 'cashier');
        const [row] = await tx
          .insert(users)
          .values({
            tenantId: ctx.tenantId,
            name: body.name,
            email: body.email,
            phone: null,
            passwordHash,
            passcodeHash,
            type: 'pos',
            locale,
            roleId: role?.id ?? null,
          })
          .returning();
        if (!row) throw new Error('user insert returned nothing');
        await setBranches(tx, ctx.tenantId, row.id, branchIds);
        return one(tx, ctx.tenantId, row, locale);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw fieldError('email', 'exists');
      throw err;
    }
  }

  async function update(ctx: AuthContext, id: string, body: UpdateUserBody, locale: Locale) {
    const passcodeHash = body.passcode !== undefined ? await hashPassword(body.passcode) : undefined;
    return withTenant(db, ctx.tenantId, async (tx) => {
      const target = await loadUser(tx, ctx.tenantId, id);
      const values: Partial<typeof users.$inferInsert> = {};
      if (body.name !== undefined) values.name = body.name;
      if (body.role_id !== undefined && body.role_id !== target.roleId) {
        if (target.isOwner) throw new AppError(422, 'cannot_change_owner');
        // Nobody raises their own permissions.
        if (target.id === ctx.user.id) throw new AppError(422, 'cannot_change_self');
        values.roleId = body.role_id === null ? null : (await assignableRole(tx, ctx.tenantId, body.role_id)).id;
      }
      if (passcodeHash !== undefined) {
        if (target.type !== 'pos') throw fieldError('passcode', 'passcode_pos_only');
        values.passcodeHash = passcodeHash;
      }
      if (body.branch_ids !== undefined) {
        await setBranches(tx, ctx.tenantId, target.id, await checkBranches(tx, ctx.tenantId, body.branch_ids));
        // A current branch the account no longer belongs to is dropped.
        if (target.currentBranchId && body.branch_ids.length > 0 && !body.branch_ids.includes(target.currentBranchId)) values.currentBranchId = null;
      }
      const row = Object.keys(values).length ? await updateRow(tx, ctx.tenantId, target.id, values) : target;
      return one(tx, ctx.tenantId, row, locale);
    });
  }

  async function setStatus(ctx: AuthContext, id: string, status: 'active' | 'inactive', locale: Locale) {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const target = await loadUser(tx, ctx.tenantId, id);
      guardTarget(ctx, target);
      const row = await updateRow(tx, ctx.tenantId, target.id, { status });
      // Signed out everywhere at once.
      if (status === 'inactive') await authRepo.deleteUserTokens(tx, ctx.tenantId, target.id);
      return one(tx, ctx.tenantId, row, locale);
    });
  }

  /** Links the account to a provider row (the given unlinked one, its own, or a new one) and makes it a provider. */
  async function convertToProvider(ctx: AuthContext, id: string, providerId: string | null | undefined, locale: Locale) {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const target = await loadUser(tx, ctx.tenantId, id);
      guardTarget(ctx, target);
      if (target.type === 'pos') throw new AppError(422, 'user_is_pos');
      const [linked] = await tx
        .select({ id: providers.id })
        .from(providers)
        .where(and(eq(providers.tenantId, ctx.tenantId), eq(providers.userId, target.id)))
        .limit(1);
      if (providerId && providerId !== linked?.id) {
        const [chosen] = await tx
          .select({ id: providers.id, userId: providers.userId })
          .from(providers)
          .where(and(eq(providers.tenantId, ctx.tenantId), eq(providers.id, providerId)))
          .limit(1);
        if (!chosen) throw fieldError('provider_id', 'not_exists');
        if (chosen.userId) throw fieldError('provider_id', 'exists');
        if (linked) await tx.update(providers).set({ userId: null }).where(and(eq(providers.tenantId, ctx.tenantId), eq(providers.id, linked.id)));
        await tx
          .update(providers)
          .set({ userId: target.id })
          .where(and(eq(providers.tenantId, ctx.tenantId), eq(providers.id, chosen.id), isNull(providers.userId)));
      } else if (!linked) {
        const [first] = await tx
          .select({ id: branches.id })
          .from(userBranches)
          .innerJoin(branches, and(eq(branches.tenantId, userBranches.tenantId), eq(branches.id, userBranches.branchId)))
          .where(and(eq(userBranches.tenantId, ctx.tenantId), eq(userBranches.userId, target.id)))
          .orderBy(desc(branches.isMain), asc(branches.createdAt))
          .limit(1);
        const [main] = first
          ? [first]
          : await tx
              .select({ id: branches.id })
              .from(branches)
              .where(eq(branches.tenantId, ctx.tenantId))
              .orderBy(desc(branches.isMain), asc(branches.createdAt))
              .limit(1);
        await tx.insert(providers).values({ tenantId: ctx.tenantId, name: target.name, branchId: main?.id ?? null, userId: target.id });
      }
      const row = await updateRow(tx, ctx.tenantId, target.id, { type: 'provider' });
      return one(tx, ctx.tenantId, row, locale);
    });
  }

  /** Back to a plain staff account; the provider row stays (its bookings keep their provider) without a user. */
  async function convertToUser(ctx: AuthContext, id: string, locale: Locale) {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const target = await loadUser(tx, ctx.tenantId, id);
      guardTarget(ctx, target);
      if (target.type === 'pos') throw new AppError(422, 'user_is_pos');
      await tx
        .update(providers)
        .set({ userId: null })
        .where(and(eq(providers.tenantId, ctx.tenantId), eq(providers.userId, target.id)));
      const row = await updateRow(tx, ctx.tenantId, target.id, { type: 'user' });
      return one(tx, ctx.tenantId, row, locale);
    });
  }

  async function setAppAccess(ctx: AuthContext, id: string, enabled: boolean, locale: Locale) {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const target = await loadUser(tx, ctx.tenantId, id);
      if (target.type !== 'provider') throw new AppError(422, 'not_a_provider');
      const row = await updateRow(tx, ctx.tenantId, target.id, { appAccess: enabled });
      return one(tx, ctx.tenantId, row, locale);
    });
  }

  /** Deletes an account; its provider row stays without a user. The owner must transfer ownership first. */
  async function remove(ctx: AuthContext, id: string) {
    await withTenant(db, ctx.tenantId, async (tx) => {
      const target = await loadUser(tx, ctx.tenantId, id);
      if (target.isOwner) {
        if (target.id === ctx.user.id) throw new AppError(422, 'transfer_owner_first');
        throw forbidden('owner-only', 'owner_only');
      }
      if (target.id === ctx.user.id) throw new AppError(422, 'cannot_change_self');
      await tx
        .update(providers)
        .set({ userId: null })
        .where(and(eq(providers.tenantId, ctx.tenantId), eq(providers.userId, target.id)));
      await tx.delete(users).where(and(eq(users.tenantId, ctx.tenantId), eq(users.id, target.id)));
    });
  }

  /** The target becomes the owner (owner role); the caller, the old owner, gets the admin role. */
  async function transferOwnership(ctx: AuthContext, id: string, password: string, locale: Locale) {
    if (!(await verifyPassword(ctx.user.passwordHash, password))) throw fieldError('password', 'password_wrong');
    return withTenant(db, ctx.tenantId, async (tx) => {
      const target = await loadUser(tx, ctx.tenantId, id);
      if (target.id === ctx.user.id) throw new AppError(422, 'cannot_change_self');
      if (target.status !== 'active' || target.type === 'pos') throw new AppError(422, 'transfer_target_invalid');
      const ownerRole = await findRoleBySlug(tx, ctx.tenantId, OWNER_ROLE.slug);
      const adminRole = await findRoleBySlug(tx, ctx.tenantId, 'admin');
      if (!ownerRole || !adminRole) throw new Error('default roles missing');
      await updateRow(tx, ctx.tenantId, ctx.user.id, { isOwner: false, roleId: adminRole.id });
      const row = await updateRow(tx, ctx.tenantId, target.id, { isOwner: true, roleId: ownerRole.id });
      return one(tx, ctx.tenantId, row, locale);
    });
  }

  /** Cashier sign-in: an active POS account's e-mail and passcode, in a business with the POS plugin. */
  async function posLogin(email: string, passcode: string): Promise<string> {
    const [found] = await db
      .select({ user: users, plugins: tenants.plugins })
      .from(users)
      .innerJoin(tenants, eq(tenants.id, users.tenantId))
      .where(and(eq(users.email, email), eq(users.type, 'pos')))
      .limit(1);
    const user = found?.user;
    if (!user?.passcodeHash) {
      // Same work as a real check, so timing does not tell which accounts exist.
      dummyHash ??= hashPassword('000000');
      await verifyPassword(await dummyHash, passcode);
      throw fieldError('email', 'pos_login_failed');
    }
    if (user.lockedUntil && user.lockedUntil.getTime() > Date.now()) {
      const minutes = Math.ceil((user.lockedUntil.getTime() - Date.now()) / 60_000);
      throw new AppError(422, 'account_locked', { code: 'account-locked', params: { minutes }, fields: { email: [{ key: 'account_locked', params: { minutes } }] } });
    }
    if (!(await verifyPassword(user.passcodeHash, passcode))) {
      // Passcodes are short: the same lock as passwords.
      const lockedUntil = await authRepo.recordFailedLogin(db, user, LOGIN_LOCK_AFTER_FAILURES, LOGIN_LOCK_MINUTES);
      if (lockedUntil && lockedUntil.getTime() > Date.now()) {
        throw new AppError(422, 'account_locked', {
          code: 'account-locked',
          params: { minutes: LOGIN_LOCK_MINUTES },
          fields: { email: [{ key: 'account_locked', params: { minutes: LOGIN_LOCK_MINUTES } }] },
        });
      }
      throw fieldError('email', 'pos_login_failed');
    }
    if (user.status !== 'active') throw fieldError('email', 'account_inactive');
    if (!found?.plugins.includes('pos')) throw new AppError(404, 'plugin_missing', { code: 'plugin-missing' });
    return withTenant(db, user.tenantId, async (tx) => {
      await authRepo.updateUser(tx, user.tenantId, user.id, { failedLogins: 0, lockedUntil: null });
      return auth.issueToken(tx, user.tenantId, user.id);
    });
  }

  return { list, get, createPos, update, setStatus, convertToProvider, convertToUser, setAppAccess, remove, transferOwnership, posLogin };
}

export type UsersService = ReturnType<typeof createUsersService>;
