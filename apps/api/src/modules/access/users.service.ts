import { LOGIN_LOCK_AFTER_FAILURES, LOGIN_LOCK_MINUTES, type Locale, POS_LOGIN_MAX_PER_EMAIL_PER_MINUTE } from '@app/shared/constants';
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
import { type AuthContext, type AuthService, accountLocked } from '../auth/auth.service';
import * as authRepo from '../auth/auth.repository';
import * as providerRepo from '../providers/providers.repository';
import {
  assertGrantable,
  assertOutranks,
  assignableRole,
  checkBranches,
  emailTaken,
  findRoleBySlug,
  isForeignKeyViolation,
  isUniqueViolation,
  roleKeys,
  roleName,
  violatedConstraint,
} from './access.repository';
import { windowCounter } from './window-counter';
import { pageMeta } from '../../lib/http';

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
      all_branches: u.isOwner || u.allBranches,
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

/** Whether giving `branchIds` (empty: every branch) changes what the account has now. */
async function branchesChange(tx: Executor, tenantId: string, target: UserRow, branchIds: string[]): Promise<boolean> {
  if (branchIds.length === 0) return !target.allBranches;
  if (target.allBranches) return true;
  const linked = await tx
    .select({ id: userBranches.branchId })
    .from(userBranches)
    .where(and(eq(userBranches.tenantId, tenantId), eq(userBranches.userId, target.id)));
  const now = new Set(linked.map((l) => l.id));
  return now.size !== branchIds.length || branchIds.some((id) => !now.has(id));
}

/**
 * A row another request removed between our check and our write (a role, a branch, a provider):
 * the foreign key refuses, and the field that named it gets "does not exist".
 */
function mapForeignKey(err: unknown, fallbackField: string): never {
  if (!isForeignKeyViolation(err)) throw err;
  const constraint = violatedConstraint(err);
  const field = constraint.includes('role_id') ? 'role_id' : constraint.includes('branch_id') ? 'branch_ids' : fallbackField;
  throw fieldError(field, 'not_exists');
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
  const perEmail = windowCounter(POS_LOGIN_MAX_PER_EMAIL_PER_MINUTE, 60_000);

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
      // An explicit filter, else the branch chosen in the top bar: the accounts working there
      // (linked to it, or to every branch).
      const branchId = q.branch_id ?? ctx.user.currentBranchId;
      if (branchId) {
        const inBranch = tx
          .select({ id: userBranches.userId })
          .from(userBranches)
          .where(and(eq(userBranches.tenantId, ctx.tenantId), eq(userBranches.branchId, branchId)));
        const here = q.branch_id ? inArray(users.id, inBranch) : or(inArray(users.id, inBranch), eq(users.allBranches, true), eq(users.isOwner, true));
        if (here) conds.push(here);
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
        meta: pageMeta(q.page, q.per_page, n),
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
        assertGrantable(ctx, roleKeys(role), 'role_id');
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
            allBranches: branchIds.length === 0,
          })
          .returning();
        if (!row) throw new Error('user insert returned nothing');
        await setBranches(tx, ctx.tenantId, row.id, branchIds);
        return one(tx, ctx.tenantId, row, locale);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw fieldError('email', 'exists');
      mapForeignKey(err, 'branch_ids');
    }
  }

  async function update(ctx: AuthContext, id: string, body: UpdateUserBody, locale: Locale) {
    const passcodeHash = body.passcode !== undefined ? await hashPassword(body.passcode) : undefined;
    try {
      return await withTenant(db, ctx.tenantId, async (tx) => {
        const target = await loadUser(tx, ctx.tenantId, id);
        const roleChanges = body.role_id !== undefined && body.role_id !== target.roleId;
        if (roleChanges) {
          if (target.isOwner) throw new AppError(422, 'cannot_change_owner');
          // Nobody raises their own permissions.
          if (target.id === ctx.user.id) throw new AppError(422, 'cannot_change_self');
        }
        await assertOutranks(tx, ctx, target);
        const values: Partial<typeof users.$inferInsert> = {};
        if (body.name !== undefined) values.name = body.name;
        if (roleChanges) {
          if (body.role_id) {
            const role = await assignableRole(tx, ctx.tenantId, body.role_id);
            assertGrantable(ctx, roleKeys(role), 'role_id');
            values.roleId = role.id;
          } else values.roleId = null;
        }
        if (passcodeHash !== undefined) {
          if (target.type !== 'pos') throw fieldError('passcode', 'passcode_pos_only');
          values.passcodeHash = passcodeHash;
        }
        if (body.branch_ids !== undefined) {
          const branchIds = await checkBranches(tx, ctx.tenantId, body.branch_ids);
          // Nobody widens (or narrows) the branches they work in themselves.
          if (target.id === ctx.user.id && (await branchesChange(tx, ctx.tenantId, target, branchIds))) throw new AppError(422, 'cannot_change_self');
          await setBranches(tx, ctx.tenantId, target.id, branchIds);
          // No branch chosen: every branch; some chosen: only those, even after they are deleted.
          values.allBranches = branchIds.length === 0;
          // A current branch the account no longer belongs to is dropped.
          if (target.currentBranchId && branchIds.length > 0 && !branchIds.includes(target.currentBranchId)) values.currentBranchId = null;
        }
        const row = Object.keys(values).length ? await updateRow(tx, ctx.tenantId, target.id, values) : target;
        return one(tx, ctx.tenantId, row, locale);
      });
    } catch (err) {
      mapForeignKey(err, 'branch_ids');
    }
  }

  async function setStatus(ctx: AuthContext, id: string, status: 'active' | 'inactive', locale: Locale) {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const target = await loadUser(tx, ctx.tenantId, id);
      guardTarget(ctx, target);
      await assertOutranks(tx, ctx, target);
      const row = await updateRow(tx, ctx.tenantId, target.id, { status });
      // Signed out everywhere at once.
      if (status === 'inactive') await authRepo.deleteUserTokens(tx, ctx.tenantId, target.id);
      return one(tx, ctx.tenantId, row, locale);
    });
  }

  /** Links the account to a provider row (the given unlinked one, its own, or a new one) and makes it a provider. */
  async function convertToProvider(ctx: AuthContext, id: string, providerId: string | null | undefined, locale: Locale) {
    try {
      return await convertToProviderTx(ctx, id, providerId, locale);
    } catch (err) {
      // The provider row or the branch chosen for a new one was removed meanwhile.
      if (isForeignKeyViolation(err)) throw fieldError('provider_id', 'not_exists');
      throw err;
    }
  }

  async function convertToProviderTx(ctx: AuthContext, id: string, providerId: string | null | undefined, locale: Locale) {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const target = await loadUser(tx, ctx.tenantId, id);
      guardTarget(ctx, target);
      await assertOutranks(tx, ctx, target);
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
        // It starts with its branch's hours, as a provider created on the staff screen does.
        const workingHours = (await providerRepo.branchHours(tx, ctx.tenantId, main?.id ?? null)) ?? {};
        await providerRepo.insertProvider(tx, { tenantId: ctx.tenantId, name: target.name, branchId: main?.id ?? null, userId: target.id, workingHours });
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
      await assertOutranks(tx, ctx, target);
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
      await assertOutranks(tx, ctx, target);
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
      await assertOutranks(tx, ctx, target);
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
    try {
      return await withTenant(db, ctx.tenantId, async (tx) => {
        // First, in one statement: the caller stops being the owner only if they still are. A second
        // transfer racing this one waits on the row, then finds no owner to demote and gives up.
        const [demoted] = await tx
          .update(users)
          .set({ isOwner: false, updatedAt: sql`now()` })
          .where(and(eq(users.tenantId, ctx.tenantId), eq(users.id, ctx.user.id), eq(users.isOwner, true)))
          .returning({ id: users.id });
        if (!demoted) throw new AppError(409, 'ownership_changed');
        const target = await loadUser(tx, ctx.tenantId, id);
        if (target.id === ctx.user.id) throw new AppError(422, 'cannot_change_self');
        if (target.status !== 'active' || target.type === 'pos') throw new AppError(422, 'transfer_target_invalid');
        const ownerRole = await findRoleBySlug(tx, ctx.tenantId, OWNER_ROLE.slug);
        const adminRole = await findRoleBySlug(tx, ctx.tenantId, 'admin');
        if (!ownerRole || !adminRole) throw new Error('default roles missing');
        await updateRow(tx, ctx.tenantId, ctx.user.id, { roleId: adminRole.id });
        const row = await updateRow(tx, ctx.tenantId, target.id, { isOwner: true, roleId: ownerRole.id });
        return one(tx, ctx.tenantId, row, locale);
      });
    } catch (err) {
      // users_one_owner: another owner appeared meanwhile.
      if (isUniqueViolation(err)) throw new AppError(409, 'ownership_changed');
      throw err;
    }
  }

  /**
   * Cashier sign-in: an active POS account's e-mail and passcode, in a business with the POS plugin.
   * Passcodes are short, so besides the route's limit per address and e-mail there is a limit per
   * e-mail from all addresses together (this process's memory), and the account lock: each attempt
   * is counted in the database before the passcode is checked, so parallel guesses cannot outrun it.
   */
  async function posLogin(email: string, passcode: string): Promise<string> {
    const [found] = await db
      .select({ user: users, plugins: tenants.plugins })
      .from(users)
      .innerJoin(tenants, eq(tenants.id, users.tenantId))
      .where(and(eq(users.email, email), eq(users.type, 'pos')))
      .limit(1);
    const user = found?.user?.passcodeHash ? found.user : null;
    // A locked account says so at once (no passcode check, nothing counted).
    if (user?.lockedUntil && user.lockedUntil.getTime() > Date.now()) {
      throw accountLocked('email', Math.ceil((user.lockedUntil.getTime() - Date.now()) / 60_000));
    }
    const wait = perEmail.hit(email.toLowerCase());
    if (wait > 0) throw new AppError(429, 'too_many_requests', { params: { seconds: wait }, retryAfter: wait });
    if (!user?.passcodeHash) {
      // Same work as a real check, so timing does not tell which accounts exist.
      dummyHash ??= hashPassword('000000');
      await verifyPassword(await dummyHash, passcode);
      throw fieldError('email', 'pos_login_failed');
    }
    const attempt = await authRepo.reserveLoginAttempt(db, user, LOGIN_LOCK_AFTER_FAILURES);
    if (attempt === null) throw accountLocked('email', await authRepo.lockMinutesLeft(db, user, LOGIN_LOCK_AFTER_FAILURES, LOGIN_LOCK_MINUTES));
    if (!(await verifyPassword(user.passcodeHash, passcode))) {
      if (attempt >= LOGIN_LOCK_AFTER_FAILURES) {
        await authRepo.lockAccount(db, user, LOGIN_LOCK_MINUTES);
        throw accountLocked('email', LOGIN_LOCK_MINUTES);
      }
      throw fieldError('email', 'pos_login_failed');
    }
    await authRepo.clearFailedLogins(db, user);
    if (user.status !== 'active') throw fieldError('email', 'account_inactive');
    if (!found?.plugins.includes('pos')) throw new AppError(404, 'plugin_missing', { code: 'plugin-missing' });
    return withTenant(db, user.tenantId, (tx) => auth.issueToken(tx, user.tenantId, user.id));
  }

  return { list, get, createPos, update, setStatus, convertToProvider, convertToUser, setAppAccess, remove, transferOwnership, posLogin };
}

export type UsersService = ReturnType<typeof createUsersService>;
