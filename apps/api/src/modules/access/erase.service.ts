import { eq, getTableName } from 'drizzle-orm';
import { type Database, withTenant } from '../../db/client';
import { providerTeamMembers, providerTeams, supervisors } from '../../db/schema/access';
import { providerServices, providers, services } from '../../db/schema/business';
import { verifyPassword } from '../../lib/crypto';
import { fieldError } from '../../lib/errors';
import type { AuthContext } from '../auth/auth.service';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';

/**
 * "Delete the business's data" (spec §6, owner only): the catalogue and activity rows go, in an
 * order that respects foreign keys (children first). Every table with a tenant_id must be listed here
 * or in KEPT_TABLES: a test fails for a table in neither, so each new table forces a decision.
 */
type TenantRows = PgTable & { tenantId: AnyPgColumn };

export const WIPED: readonly TenantRows[] = [providerServices, providerTeamMembers, supervisors, providerTeams, services, providers];

export const WIPED_TABLES: readonly string[] = WIPED.map((table) => getTableName(table));

/** Accounts, roles, branches, settings and the message log stay. */
export const KEPT_TABLES: readonly string[] = [
  'tenants',
  'users',
  'roles',
  'access_tokens',
  'verification_codes',
  'branches',
  'user_branches',
  'invitations',
  'outbox_messages',
];

export function createEraseService({ db }: { db: Database }) {
  async function erase(ctx: AuthContext, password: string) {
    if (!(await verifyPassword(ctx.user.passwordHash, password))) throw fieldError('password', 'password_wrong');
    await withTenant(db, ctx.tenantId, async (tx) => {
      for (const table of WIPED) await tx.delete(table).where(eq(table.tenantId, ctx.tenantId));
    });
  }
  return { erase };
}
