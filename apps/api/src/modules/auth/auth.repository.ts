import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { userBranches } from '../../db/schema/access';
import { branches } from '../../db/schema/business';
import { industries, tenants } from '../../db/schema/tenants';
import { accessTokens, roles, users, verificationCodes } from '../../db/schema/users';

export type UserRow = typeof users.$inferSelect;
export type TenantRow = typeof tenants.$inferSelect;
export type RoleRow = typeof roles.$inferSelect;

/** Sign-in lookups run before a tenant is known: call them with the system connection. */
export async function findUserByLogin(exec: Executor, by: { email?: string; phone?: string }) {
  const where = by.email ? eq(users.email, by.email) : eq(users.phone, by.phone ?? '');
  const [row] = await exec.select().from(users).where(where).limit(1);
  return row ?? null;
}

export async function emailOrPhoneTaken(exec: Executor, email: string, phone: string) {
  const [byEmail] = await exec.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  const [byPhone] = await exec.select({ id: users.id }).from(users).where(eq(users.phone, phone)).limit(1);
  const [byPending] = await exec.select({ id: users.id }).from(users).where(eq(users.pendingEmail, email)).limit(1);
  return { email: Boolean(byEmail || byPending), phone: Boolean(byPhone) };
}

export async function findTokenContext(exec: Executor, tokenHash: string) {
  const [row] = await exec
    .select({ token: accessTokens, user: users, tenant: tenants, role: roles })
    .from(accessTokens)
    .innerJoin(users, and(eq(users.tenantId, accessTokens.tenantId), eq(users.id, accessTokens.userId)))
    .innerJoin(tenants, eq(tenants.id, accessTokens.tenantId))
    .leftJoin(roles, and(eq(roles.tenantId, users.tenantId), eq(roles.id, users.roleId)))
    .where(and(eq(accessTokens.tokenHash, tokenHash)))
    .limit(1);
  return row ?? null;
}

export async function touchToken(exec: Executor, tenantId: string, id: string) {
  await exec
    .update(accessTokens)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(accessTokens.tenantId, tenantId), eq(accessTokens.id, id)));
}

export async function insertToken(exec: Executor, values: typeof accessTokens.$inferInsert) {
  await exec.insert(accessTokens).values(values);
}

export async function deleteToken(exec: Executor, tenantId: string, id: string) {
  await exec.delete(accessTokens).where(and(eq(accessTokens.tenantId, tenantId), eq(accessTokens.id, id)));
}

export async function deleteUserTokens(exec: Executor, tenantId: string, userId: string) {
  await exec.delete(accessTokens).where(and(eq(accessTokens.tenantId, tenantId), eq(accessTokens.userId, userId)));
}

export async function updateUser(exec: Executor, tenantId: string, id: string, values: Partial<typeof users.$inferInsert>) {
  const [row] = await exec
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id)))
    .returning();
  return row ?? null;
}

/** Counts a failed sign-in; locks the account for `lockMinutes` at the `lockAfter`-th failure. */
export async function recordFailedLogin(exec: Executor, user: UserRow, lockAfter: number, lockMinutes: number) {
  const [row] = await exec
    .update(users)
    .set({
      failedLogins: sql`case when ${users.failedLogins} + 1 >= ${lockAfter} then 0 else ${users.failedLogins} + 1 end`,
      lockedUntil: sql`case when ${users.failedLogins} + 1 >= ${lockAfter} then now() + make_interval(mins => ${lockMinutes}) else ${users.lockedUntil} end`,
    })
    .where(and(eq(users.tenantId, user.tenantId), eq(users.id, user.id)))
    .returning({ lockedUntil: users.lockedUntil });
  return row?.lockedUntil ?? null;
}

export async function insertCode(exec: Executor, values: typeof verificationCodes.$inferInsert) {
  await exec.insert(verificationCodes).values(values);
}

/** The newest unused code of a purpose for a user. */
export async function latestCode(exec: Executor, tenantId: string, userId: string, purpose: string) {
  const [row] = await exec
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.tenantId, tenantId),
        eq(verificationCodes.userId, userId),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.consumedAt),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  return row ?? null;
}

/** A live link token by its hash (the link may be opened signed out, so no tenant yet). */
export async function findLiveCodeByHash(exec: Executor, codeHash: string, purposes: string[]) {
  const rows = await exec
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.codeHash, codeHash), isNull(verificationCodes.consumedAt), gt(verificationCodes.expiresAt, sql`now()`)))
    .limit(1);
  const row = rows[0];
  return row && purposes.includes(row.purpose) ? row : null;
}

export async function consumeCodes(exec: Executor, tenantId: string, userId: string, purpose: string) {
  await exec
    .update(verificationCodes)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(verificationCodes.tenantId, tenantId),
        eq(verificationCodes.userId, userId),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.consumedAt),
      ),
    );
}

export async function bumpCodeAttempts(exec: Executor, tenantId: string, id: string) {
  await exec
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(and(eq(verificationCodes.tenantId, tenantId), eq(verificationCodes.id, id)));
}

export async function industriesByIds(exec: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return exec.select().from(industries).where(inArray(industries.id, ids));
}

/**
 * The branches an account works in: the owner and a staff account with no branch assigned see every
 * branch; otherwise the branches it belongs to.
 */
export async function visibleBranches(exec: Executor, tenantId: string, user: { id: string; isOwner: boolean }) {
  const cols = { id: branches.id, name: branches.name, lat: branches.lat, lng: branches.lng, address: branches.address, isMain: branches.isMain };
  const all = await exec.select(cols).from(branches).where(eq(branches.tenantId, tenantId)).orderBy(desc(branches.isMain), branches.createdAt);
  if (user.isOwner) return all;
  const links = await exec
    .select({ branchId: userBranches.branchId })
    .from(userBranches)
    .where(and(eq(userBranches.tenantId, tenantId), eq(userBranches.userId, user.id)));
  if (links.length === 0) return all;
  const mine = new Set(links.map((l) => l.branchId));
  return all.filter((b) => mine.has(b.id));
}
