import { SUBDOMAIN_MAX, SUBDOMAIN_MIN } from '@app/shared/constants';
import { eq, sql } from 'drizzle-orm';
import { type Database, preparedOnce } from '../../db/client';
import { type StoreSettingsRow, storeSettings } from '../../db/schema/store';
import { tenants } from '../../db/schema/tenants';
import type { TenantRow } from '../auth/auth.repository';
import type { RouteGuard } from '../../plugins/request-context';

const SUBDOMAIN = new RegExp(`^[a-z]{${SUBDOMAIN_MIN},${SUBDOMAIN_MAX}}$`);

const storeBySubdomain = preparedOnce('store_by_subdomain', (db) =>
  db
    .select({ tenant: tenants, settings: storeSettings })
    .from(tenants)
    .leftJoin(storeSettings, eq(storeSettings.tenantId, tenants.id))
    .where(eq(tenants.subdomain, sql.placeholder('subdomain')))
    .limit(1),
);

/**
 * The business a store address names (its subdomain), with its store settings row (null: the
 * defaults), or null when no business has it. On the system connection, as a pay link's lookup: the
 * business is not known before it. The one way the store's pages, booking API and waitlist find it
 * (a statement built once: every request of a store starts here).
 */
export async function findStoreBySubdomain(db: Database, subdomain: string): Promise<{ tenant: TenantRow; settings: StoreSettingsRow | null } | null> {
  const sub = subdomain.toLowerCase();
  if (!SUBDOMAIN.test(sub)) return null;
  const [row] = await storeBySubdomain(db, { subdomain: sub });
  return row ?? null;
}

/**
 * The guard of a route for the store's visitors: public (the business is the address's), at most
 * `max` requests a minute from one address, and the kept sign-in contexts left alone (a visitor's
 * hold, code, booking, reschedule, cancel, payment link or waitlist entry changes no account,
 * business, role or token). Nor does such a write empty the seats remembered as taken: the store's
 * services forget their own business's when they free one (bookings/full-slots.ts).
 */
export const storeVisitorRoute = (max: number): RouteGuard & { rateLimit: { max: number; timeWindow: string } } => ({
  auth: 'public',
  globalParams: true,
  keepsSessions: true,
  rateLimit: { max, timeWindow: '1 minute' },
});
