import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { type Database, enterTenant } from '../../db/client';
import { impersonationLogs } from '../../db/schema/access';
import { users } from '../../db/schema/users';
import { AppError, fieldError, unauthenticated } from '../../lib/errors';
import type { AuthContext, AuthService } from '../auth/auth.service';
import * as authRepo from '../auth/auth.repository';

export type ImpersonationRequest = { email: string; reason: string; ip: string | null; userAgent: string | null };

/**
 * Support staff (`can_imp`) sign in as a customer's account to help them (spec §6). Every session is
 * logged in impersonation_logs, which only the system connection can read or write: the log row and
 * the token are written in one transaction, the log first (as the system role), then the token under
 * the target tenant's RLS context.
 */
export function createImpersonationService({ db, auth }: { db: Database; auth: AuthService }) {
  async function start(ctx: AuthContext, req: ImpersonationRequest): Promise<string> {
    const [target] = await db.select().from(users).where(eq(users.email, req.email)).limit(1);
    if (target?.status !== 'active' || target.id === ctx.user.id) throw fieldError('email', 'impersonation_target');
    return db.transaction(async (sys) => {
      await sys.insert(impersonationLogs).values({
        impersonatorId: ctx.user.id,
        impersonatorTenantId: ctx.tenantId,
        targetUserId: target.id,
        targetTenantId: target.tenantId,
        reason: req.reason,
        ip: req.ip,
        userAgent: req.userAgent?.slice(0, 500) ?? null,
      });
      await enterTenant(sys, target.tenantId);
      return auth.issueToken(sys, target.tenantId, target.id, ctx.user.id);
    });
  }

  /** Ends the session: the impersonation token dies, the log closes, the support account gets a fresh token. */
  async function stop(ctx: AuthContext): Promise<string> {
    const impersonatorId = ctx.impersonatorId;
    if (!impersonatorId) throw new AppError(422, 'not_impersonating');
    const [support] = await db.select().from(users).where(eq(users.id, impersonatorId)).limit(1);
    const token = await db.transaction(async (sys) => {
      const [open] = await sys
        .select({ id: impersonationLogs.id })
        .from(impersonationLogs)
        .where(and(eq(impersonationLogs.impersonatorId, impersonatorId), eq(impersonationLogs.targetUserId, ctx.user.id), isNull(impersonationLogs.endedAt)))
        .orderBy(desc(impersonationLogs.startedAt))
        .limit(1);
      if (open) await sys.update(impersonationLogs).set({ endedAt: sql`now()` }).where(eq(impersonationLogs.id, open.id));
      await enterTenant(sys, ctx.tenantId);
      await authRepo.deleteToken(sys, ctx.tenantId, ctx.tokenId);
      // The support account may have lost its access meanwhile: the session still ends.
      if (support?.status !== 'active') return null;
      await enterTenant(sys, support.tenantId);
      return auth.issueToken(sys, support.tenantId, support.id);
    });
    if (!token) throw unauthenticated();
    return token;
  }

  return { start, stop };
}

export type ImpersonationService = ReturnType<typeof createImpersonationService>;
