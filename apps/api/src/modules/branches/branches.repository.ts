import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { invitations, userBranches } from '../../db/schema/access';
import { branches, providers, services } from '../../db/schema/business';
import { users } from '../../db/schema/users';

export type BranchRow = typeof branches.$inferSelect & { usersCount: number };

/** Staff accounts linked to the branch (user_branches); the owner, who sees all without rows, is not counted. */
const usersCount = sql<number>`(select count(*)::int from ${userBranches} where ${userBranches.tenantId} = ${branches.tenantId} and ${userBranches.branchId} = ${branches.id})`;

/** Main branch first, then in the order they were added. */
export async function listBranches(exec: Executor, tenantId: string): Promise<BranchRow[]> {
  const rows = await exec
    .select({ branch: branches, usersCount })
    .from(branches)
    .where(eq(branches.tenantId, tenantId))
    .orderBy(desc(branches.isMain), asc(branches.createdAt), asc(branches.id));
  return rows.map((r) => ({ ...r.branch, usersCount: Number(r.usersCount) }));
}

export async function findBranch(exec: Executor, tenantId: string, id: string): Promise<BranchRow | null> {
  const [row] = await exec
    .select({ branch: branches, usersCount })
    .from(branches)
    .where(and(eq(branches.tenantId, tenantId), eq(branches.id, id)))
    .limit(1);
  return row ? { ...row.branch, usersCount: Number(row.usersCount) } : null;
}

export async function hasMainBranch(exec: Executor, tenantId: string): Promise<boolean> {
  const [row] = await exec
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.tenantId, tenantId), eq(branches.isMain, true)))
    .limit(1);
  return Boolean(row);
}

export async function insertBranch(exec: Executor, values: typeof branches.$inferInsert) {
  const [row] = await exec.insert(branches).values(values).returning({ id: branches.id });
  if (!row) throw new Error('branch insert returned nothing');
  return row.id;
}

export async function updateBranch(exec: Executor, tenantId: string, id: string, values: Partial<typeof branches.$inferInsert>) {
  await exec
    .update(branches)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(branches.tenantId, tenantId), eq(branches.id, id)));
}

/** Whether services or providers still belong to the branch (their foreign keys forbid the delete). */
export async function branchInUse(exec: Executor, tenantId: string, id: string): Promise<boolean> {
  const [service] = await exec
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.tenantId, tenantId), eq(services.branchId, id)))
    .limit(1);
  if (service) return true;
  const [provider] = await exec
    .select({ id: providers.id })
    .from(providers)
    .where(and(eq(providers.tenantId, tenantId), eq(providers.branchId, id)))
    .limit(1);
  return Boolean(provider);
}

/**
 * Deletes a branch and what points at it without a foreign key: users' current branch and open
 * invitations' branch lists. user_branches rows go by cascade.
 */
export async function deleteBranch(exec: Executor, tenantId: string, id: string) {
  await exec
    .update(users)
    .set({ currentBranchId: null })
    .where(and(eq(users.tenantId, tenantId), eq(users.currentBranchId, id)));
  await exec
    .update(invitations)
    .set({ branchIds: sql`array_remove(${invitations.branchIds}, ${id}::uuid)` })
    .where(and(eq(invitations.tenantId, tenantId), sql`${id}::uuid = any(${invitations.branchIds})`));
  await exec.delete(branches).where(and(eq(branches.tenantId, tenantId), eq(branches.id, id)));
}

export async function setCurrentBranch(exec: Executor, tenantId: string, userId: string, branchId: string | null) {
  await exec
    .update(users)
    .set({ currentBranchId: branchId, updatedAt: sql`now()` })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
}
