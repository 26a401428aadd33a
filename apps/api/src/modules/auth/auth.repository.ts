import { and, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Database, enterTenant, type Executor, preparedOnce, type Tx } from '../../db/client';
import { impersonationLogs, userBranches } from '../../db/schema/access';
import { branches, providers } from '../../db/schema/business';
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

const impersonator = alias(users, 'impersonator');

export type TokenContextRow = NonNullable<Awaited<ReturnType<typeof findTokenContext>>>;

/**
 * A token with its account, business and role; for an impersonation token also the support account
 * behind it (any business: system connection), whose loss of access ends the session. One statement,
 * built once and planned once per connection.
 */
const tokenContext = preparedOnce('token_context', (db) =>
  db
    .select({
      token: accessTokens,
      user: users,
      tenant: tenants,
      role: roles,
      impersonator: { id: impersonator.id, status: impersonator.status, canImp: impersonator.canImp },
      // The provider row linked to the account: the "own" of its data scope (access/scope.ts).
      providerId: sql<string | null>`(select ${providers.id} from ${providers} where ${providers.tenantId} = ${users.tenantId} and ${providers.userId} = ${users.id} limit 1)`,
    })
    .from(accessTokens)
    .innerJoin(users, and(eq(users.tenantId, accessTokens.tenantId), eq(users.id, accessTokens.userId)))
    .innerJoin(tenants, eq(tenants.id, accessTokens.tenantId))
    .leftJoin(roles, and(eq(roles.tenantId, users.tenantId), eq(roles.id, users.roleId)))
    .leftJoin(impersonator, eq(impersonator.id, accessTokens.impersonatorId))
    .where(eq(accessTokens.tokenHash, sql.placeholder('hash')))
    .limit(1),
);

/** Every request that is not served from the kept contexts (auth.service resolveToken). */
export async function findTokenContext(db: Database, tokenHash: string) {
  const [row] = await tokenContext(db, { hash: tokenHash });
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

/**
 * Ends an impersonation session inside the caller's system transaction: closes the token's
 * impersonation_logs row (as the system role: the request role has no grant on the log), then deletes
 * the token under the tenant's RLS context. Returns false when the token was already gone, or another
 * request deleted it first (a parallel stop or sign-out): only one caller wins.
 */
export async function endImpersonation(sys: Tx, s: { tenantId: string; tokenId: string; userId: string; impersonatorId: string }): Promise<boolean> {
  const [token] = await sys
    .select({ logId: accessTokens.impersonationLogId })
    .from(accessTokens)
    .where(and(eq(accessTokens.tenantId, s.tenantId), eq(accessTokens.id, s.tokenId)))
    .limit(1);
  if (!token) return false;
  // Tokens issued before the log id was stored: the newest open log of the pair.
  const latestOpen = sys
    .select({ id: impersonationLogs.id })
    .from(impersonationLogs)
    .where(and(eq(impersonationLogs.impersonatorId, s.impersonatorId), eq(impersonationLogs.targetUserId, s.userId), isNull(impersonationLogs.endedAt)))
    .orderBy(desc(impersonationLogs.startedAt))
    .limit(1);
  await sys
    .update(impersonationLogs)
    .set({ endedAt: sql`now()` })
    .where(and(token.logId ? eq(impersonationLogs.id, token.logId) : inArray(impersonationLogs.id, latestOpen), isNull(impersonationLogs.endedAt)));
  await enterTenant(sys, s.tenantId);
  const deleted = await sys
    .delete(accessTokens)
    .where(and(eq(accessTokens.tenantId, s.tenantId), eq(accessTokens.id, s.tokenId)))
    .returning({ id: accessTokens.id });
  return deleted.length > 0;
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

type AccountRef = { tenantId: string; id: string };
const account = (user: AccountRef) => and(eq(users.tenantId, user.tenantId), eq(users.id, user.id));

/**
 * Reserves a sign-in attempt before the password (or passcode) is checked, in one statement, so that
 * parallel attempts cannot all read the same stale count: returns the attempt's number since the last
 * success, or null when the account is locked — a lock in force, or `lockAfter` attempts already
 * counted (some still being checked). An ended lock starts a new count. System connection.
 */
export async function reserveLoginAttempt(exec: Executor, user: AccountRef, lockAfter: number): Promise<number | null> {
  const [row] = await exec
    .update(users)
    .set({
      failedLogins: sql`case when ${users.lockedUntil} is null then ${users.failedLogins} + 1 else 1 end`,
      lockedUntil: null,
    })
    .where(
      and(
        account(user),
        or(isNull(users.lockedUntil), lte(users.lockedUntil, sql`now()`)),
        or(isNotNull(users.lockedUntil), lt(users.failedLogins, lockAfter)),
      ),
    )
    .returning({ failedLogins: users.failedLogins });
  return row ? row.failedLogins : null;
}

/** Locks the account for `lockMinutes` from now (the attempt that used up the allowance failed). */
export async function lockAccount(exec: Executor, user: AccountRef, lockMinutes: number) {
  await exec
    .update(users)
    .set({ lockedUntil: sql`now() + make_interval(mins => ${lockMinutes})` })
    .where(account(user));
}

/**
 * After a refused reservation: the minutes left on the lock. An account with its attempts used up but
 * no lock yet (the last ones still being checked, or a check that never finished) is locked now.
 */
export async function lockMinutesLeft(exec: Executor, user: AccountRef, lockAfter: number, lockMinutes: number): Promise<number> {
  const [row] = await exec
    .update(users)
    .set({ lockedUntil: sql`case when ${users.lockedUntil} > now() then ${users.lockedUntil} else now() + make_interval(mins => ${lockMinutes}) end` })
    .where(and(account(user), or(gt(users.lockedUntil, sql`now()`), and(isNull(users.lockedUntil), gte(users.failedLogins, lockAfter)))))
    .returning({ lockedUntil: users.lockedUntil });
  const until = row?.lockedUntil?.getTime();
  return until ? Math.max(1, Math.ceil((until - Date.now()) / 60_000)) : lockMinutes;
}

/** A successful check: the count starts again. */
export async function clearFailedLogins(exec: Executor, user: AccountRef) {
  await exec.update(users).set({ failedLogins: 0, lockedUntil: null }).where(account(user));
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

/** Holds the account's row until the transaction ends: one writer at a time for what hangs off it. */
export async function lockUserRow(tx: Tx, user: AccountRef) {
  await tx.select({ id: users.id }).from(users).where(account(user)).for('update');
}

/** Uses up one live code (a single-use link): true for the one caller that claimed it. */
export async function claimCode(exec: Executor, tenantId: string, id: string): Promise<boolean> {
  const rows = await exec
    .update(verificationCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(verificationCodes.tenantId, tenantId), eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  return rows.length > 0;
}

/** A browser the account owner proved to hold (unlock link, password reset): its live trust row by the cookie's hash. */
export async function findTrustedDevice(exec: Executor, user: AccountRef, codeHash: string) {
  const [row] = await exec
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.tenantId, user.tenantId),
        eq(verificationCodes.userId, user.id),
        eq(verificationCodes.purpose, 'trusted_device'),
        eq(verificationCodes.codeHash, codeHash),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Counts a sign-in attempt on a trusted device before its password is checked (so parallel guesses
 * cannot outrun its limit); null once the device has used up its allowance or was revoked.
 */
export async function reserveDeviceAttempt(exec: Executor, tenantId: string, id: string, limit: number): Promise<number | null> {
  const [row] = await exec
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(and(eq(verificationCodes.tenantId, tenantId), eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt), lt(verificationCodes.attempts, limit)))
    .returning({ attempts: verificationCodes.attempts });
  return row ? row.attempts : null;
}

export async function resetCodeAttempts(exec: Executor, tenantId: string, id: string) {
  await exec.update(verificationCodes).set({ attempts: 0 }).where(and(eq(verificationCodes.tenantId, tenantId), eq(verificationCodes.id, id)));
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
 * The branches an account works in: the owner and an account given no branch (`all_branches`) see
 * every branch; any other account only the branches linked to it, possibly none (its last branch was
 * deleted: that never widens its access).
 */
export async function visibleBranches(exec: Executor, tenantId: string, user: { id: string; isOwner: boolean; allBranches: boolean }) {
  const cols = { id: branches.id, name: branches.name, lat: branches.lat, lng: branches.lng, address: branches.address, isMain: branches.isMain };
  const all = await exec.select(cols).from(branches).where(eq(branches.tenantId, tenantId)).orderBy(desc(branches.isMain), branches.createdAt);
  if (user.isOwner || user.allBranches) return all;
  const links = await exec
    .select({ branchId: userBranches.branchId })
    .from(userBranches)
    .where(and(eq(userBranches.tenantId, tenantId), eq(userBranches.userId, user.id)));
  const mine = new Set(links.map((l) => l.branchId));
  return all.filter((b) => mine.has(b.id));
}
