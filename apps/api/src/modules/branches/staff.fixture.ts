import { randomBytes } from 'node:crypto';
import type { PermissionKey } from '@app/shared/permissions';
import type { Database } from '../../db/client';
import { userBranches } from '../../db/schema/access';
import { accessTokens, roles, users } from '../../db/schema/users';
import { randomToken, sha256 } from '../../lib/crypto';

/**
 * Tests only: a staff account of a tenant with a custom role holding `permissions`, linked to
 * `branchIds` (none: every branch), and a bearer token for it; written straight to the database so these tests do not
 * depend on the invitation flow.
 */
export async function staffAccount(db: Database, tenantId: string, opts: { permissions?: PermissionKey[]; branchIds?: string[]; type?: 'user' | 'provider' | 'pos' } = {}) {
  const tag = randomBytes(5).toString('hex');
  const [role] = await db
    .insert(roles)
    .values({ tenantId, slug: `custom-${tag}`, name: `Custom ${tag}`, permissions: opts.permissions ?? [] })
    .returning({ id: roles.id });
  const [user] = await db
    .insert(users)
    .values({
      tenantId,
      name: `Staff ${tag}`,
      email: `staff-${tag}@test.example`,
      passwordHash: 'not-used',
      roleId: role?.id,
      type: opts.type ?? 'user',
      // Given branches: only those; none: every branch (as the users API sets it).
      allBranches: !opts.branchIds?.length,
    })
    .returning({ id: users.id });
  if (!role || !user) throw new Error('staff insert returned nothing');
  if (opts.branchIds?.length) await db.insert(userBranches).values(opts.branchIds.map((branchId) => ({ tenantId, userId: user.id, branchId })));
  const token = randomToken();
  await db.insert(accessTokens).values({ tenantId, userId: user.id, tokenHash: sha256(token) });
  return { userId: user.id, roleId: role.id, token };
}
