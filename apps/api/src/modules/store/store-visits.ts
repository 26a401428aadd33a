import { localDateOf } from '@app/shared/scheduling/zoned';
import { sql } from 'drizzle-orm';
import { type Database, withTenant } from '../../db/client';
import { storeVisits } from '../../db/schema/store';
import { clock } from '../../lib/clock';

/**
 * Counts one visit of the business's store on today's local day (the business's time zone): the
 * analytics' denominator (`GET store/analytics`). One upsert, so concurrent visits all count. The
 * public store calls it once per page load of the store's home (not per API call).
 */
export async function recordStoreVisit(db: Database, tenantId: string, tenantTimezone: string, at: Date = clock.now()): Promise<void> {
  const day = localDateOf(at.getTime(), tenantTimezone);
  await withTenant(db, tenantId, (tx) =>
    tx
      .insert(storeVisits)
      .values({ tenantId, day, visits: 1 })
      .onConflictDoUpdate({ target: [storeVisits.tenantId, storeVisits.day], set: { visits: sql`${storeVisits.visits} + 1` } }),
  );
}
