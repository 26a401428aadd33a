import type { Locale } from '@app/shared/constants';
import { DEFAULT_ROLES, OWNER_ROLE } from '@app/shared/permissions';
import type { Tx } from '../../db/client';
import { roles } from '../../db/schema/users';

/**
 * Writes the fixed roles of a new business (owner, admin, receptionist, accountant, cashier,
 * provider) and returns the owner role. Run inside the tenant's transaction.
 */
export async function createDefaultRoles(tx: Tx, tenantId: string, locale: Locale) {
  const rows = await tx
    .insert(roles)
    .values(DEFAULT_ROLES.map((r) => ({ tenantId, slug: r.slug, name: r.name[locale], isDefault: true, permissions: [...r.permissions] })))
    .returning();
  const owner = rows.find((r) => r.slug === OWNER_ROLE.slug);
  if (!owner) throw new Error('owner role not created');
  return owner;
}
