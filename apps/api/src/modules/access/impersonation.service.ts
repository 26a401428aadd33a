import { eq } from 'drizzle-orm';
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
      const [log] = await sys
        .insert(impersonationLogs)
        .values({
        impersonatorId: ctx.user.id,
        impersonatorTenantId: ctx.tenantId,
        targetUserId: target.id,
        targetTenantId: target.tenantId,
        reason: req.reason,
        ip: req.ip,
        userAgent: req.userAgent?.slice(0, 500) ?? null,
        })
        .returning({ id: impersonationLogs.id });
      if (!log) throw new Error('impersonation log insert returned nothing');
      await enterTenant(sys, target.tenantId);
      return auth.issueToken(sys, target.tenantId, target.id, ctx.user.id, log.id);
    });
  }

  /**
   * Ends the session: the impersonation token dies, the log closes, the support account gets a fresh
   * token. Two stops with one token: only the one whose delete removed the token gets a fresh one.
   */
  async function stop(ctx: AuthContext): Promise<string> {
    const impersonatorId = ctx.impersonatorId;
    if (!impersonatorId) throw new AppError(422, 'not_impersonating');
    const [support] = await db.select().from(users).where(eq(users.id, impersonatorId)).limit(1);
    const token = await db.transaction(async (sys) => {
      const ended = await authRepo.endImpersonation(sys, { tenantId: ctx.tenantId, tokenId: ctx.tokenId, userId: ctx.user.id, impersonatorId });
      // Another request ended it first: this one is signed out (and writes nothing).
      if (!ended) throw unauthenticated();
      // The support account may have lost its access meanwhile: the session still ends.
      if (support?.status !== 'active' || !support.canImp) return null;
      await enterTenant(sys, support.tenantId);
      return auth.issueToken(sys, support.tenantId, support.id);
    });
    if (!token) throw unauthenticated();
    return token;
  }

  return { start, stop };
}

export type ImpersonationService = ReturnType<typeof createImpersonationService>;
