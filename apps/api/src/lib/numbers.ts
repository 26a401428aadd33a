import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { tenantCounters } from '../db/schema/sales';

export type CounterName = 'order' | 'booking' | 'transaction' | 'invoice';

/**
 * The next number people see (DESIGN §4): a per-tenant counter bumped inside the writing
 * transaction. The counter row stays locked until that transaction ends, so two writers never get
 * the same number, and a rolled-back transaction gives its number back (no gaps).
 */
export async function nextNumber(tx: Tx, tenantId: string, name: CounterName): Promise<number> {
  const [row] = await tx
    .insert(tenantCounters)
    .values({ tenantId, name, value: 1 })
    .onConflictDoUpdate({ target: [tenantCounters.tenantId, tenantCounters.name], set: { value: sql`${tenantCounters.value} + 1` } })
    .returning({ value: tenantCounters.value });
  return row!.value;
}
