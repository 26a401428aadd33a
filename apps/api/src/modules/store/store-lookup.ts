import { SUBDOMAIN_MAX, SUBDOMAIN_MIN } from '@app/shared/constants';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type StoreSettingsRow, storeSettings } from '../../db/schema/store';
import { tenants } from '../../db/schema/tenants';
import type { TenantRow } from '../auth/auth.repository';

const SUBDOMAIN = new RegExp(`^[a-z]{${SUBDOMAIN_MIN},${SUBDOMAIN_MAX}}$`);

/**
 * The business a store address names (its subdomain), with its store settings row (null: the
 * defaults), or null when no business has it. On the system connection, as a pay link's lookup: the
 * business is not known before it. The one way the store's pages, booking API and waitlist find it.
 */
export async function findStoreBySubdomain(db: Database, subdomain: string): Promise<{ tenant: TenantRow; settings: StoreSettingsRow | null } | null> {
  const sub = subdomain.toLowerCase();
  if (!SUBDOMAIN.test(sub)) return null;
  const [row] = await db
    .select({ tenant: tenants, settings: storeSettings })
    .from(tenants)
    .leftJoin(storeSettings, eq(storeSettings.tenantId, tenants.id))
    .where(eq(tenants.subdomain, sub))
    .limit(1);
  return row ?? null;
}
