import { assertWithinPlan } from '../subscription/billing.service';
import type { Branch, BranchBody } from '@app/shared/schemas/access';
import type { UserInfo } from '@app/shared/schemas/auth';
import { type Database, withTenant } from '../../db/client';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { isForeignKeyViolation } from '../access/access.repository';
import { visibleBranches } from '../auth/auth.repository';
import type { AuthContext, AuthService } from '../auth/auth.service';
import * as repo from './branches.repository';

export function toBranch(row: repo.BranchRow): Branch {
  return {
    uuid: row.id,
    name: row.name,
    type: row.type as Branch['type'],
    address: row.address,
    location: row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null,
    timezone: row.timezone,
    working_hours: row.workingHours,
    is_main: row.isMain,
    users_count: row.usersCount,
    created_at: row.createdAt.toISOString(),
  };
}

/** Body → columns. On an update, an address or location left out stays as it is; null clears it. */
function columns(body: BranchBody) {
  return {
    name: body.name,
    type: body.type,
    timezone: body.timezone,
    workingHours: body.working_hours,
    ...(body.address !== undefined ? { address: body.address || null } : {}),
    ...(body.location !== undefined ? { lat: body.location?.lat ?? null, lng: body.location?.lng ?? null } : {}),
  };
}

export function createBranchService(deps: { db: Database; auth: AuthService }) {
  const { db, auth } = deps;

  async function list(ctx: AuthContext): Promise<Branch[]> {
    const rows = await withTenant(db, ctx.tenantId, (tx) => repo.listBranches(tx, ctx.tenantId));
    return rows.map(toBranch);
  }

  async function get(ctx: AuthContext, id: string): Promise<Branch> {
    const row = await withTenant(db, ctx.tenantId, (tx) => repo.findBranch(tx, ctx.tenantId, id));
    if (!row) throw notFound();
    return toBranch(row);
  }

  /** A business without a main branch (onboarding skipped) gets its first branch as the main one. */
  async function create(ctx: AuthContext, body: BranchBody): Promise<Branch> {
    const row = await withTenant(db, ctx.tenantId, async (tx) => {
      await assertWithinPlan(tx, ctx.tenant, 'branches');
      const isMain = !(await repo.hasMainBranch(tx, ctx.tenantId));
      const id = await repo.insertBranch(tx, { tenantId: ctx.tenantId, ...columns(body), isMain });
      return repo.findBranch(tx, ctx.tenantId, id);
    });
    if (!row) throw new Error('created branch missing');
    return toBranch(row);
  }

  async function update(ctx: AuthContext, id: string, body: BranchBody): Promise<Branch> {
    const row = await withTenant(db, ctx.tenantId, async (tx) => {
      await repo.updateBranch(tx, ctx.tenantId, id, columns(body));
      return repo.findBranch(tx, ctx.tenantId, id);
    });
    if (!row) throw notFound();
    return toBranch(row);
  }

  async function remove(ctx: AuthContext, id: string) {
    try {
      await withTenant(db, ctx.tenantId, async (tx) => {
        const row = await repo.findBranch(tx, ctx.tenantId, id);
        if (!row) throw notFound();
        if (row.isMain) throw new AppError(422, 'branch_main');
        if (await repo.branchInUse(tx, ctx.tenantId, id)) throw new AppError(422, 'branch_in_use');
        await repo.deleteBranch(tx, ctx.tenantId, id);
      });
    } catch (err) {
      // A service or provider given the branch between the check and the delete: the foreign key refuses.
      if (isForeignKeyViolation(err)) throw new AppError(422, 'branch_in_use');
      throw err;
    }
  }

  /** The top bar's branch switch: one of the branches the account works in, or null for all of them. */
  async function switchCurrent(ctx: AuthContext, branchId: string | null): Promise<UserInfo> {
    await withTenant(db, ctx.tenantId, async (tx) => {
      if (branchId !== null) {
        const allowed = await visibleBranches(tx, ctx.tenantId, ctx.user);
        if (!allowed.some((b) => b.id === branchId)) throw fieldError('branch_id', 'branch_not_allowed');
      }
      await repo.setCurrentBranch(tx, ctx.tenantId, ctx.user.id, branchId);
    });
    return auth.userInfo({ ...ctx, user: { ...ctx.user, currentBranchId: branchId } });
  }

  return { list, get, create, update, remove, switchCurrent };
}

export type BranchService = ReturnType<typeof createBranchService>;
