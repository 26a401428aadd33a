import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { takeNumberOutside } from '../db/client';
import { tenantCounters } from '../db/schema/sales';

export type CounterName = 'order' | 'booking' | 'transaction' | 'invoice';

/**
 * The next number people see (DESIGN §4, issue 15): a per-tenant counter.
 *
 * Invoice numbers must have no gaps (ZATCA): the counter row is bumped inside the writing
 * transaction and stays locked until it ends, so a rolled-back invoice gives its number back. That
 * also makes a business's invoices queue behind each other, which they must.
 *
 * Order, booking and payment numbers only need to be unique and rising: on PostgreSQL they are
 * taken in a short transaction of their own on another connection (db/client.ts), so a business's
 * bookings do not wait for each other's commits; a transaction that fails afterwards leaves its
 * number unused (docs/decisions.md "Numbers without a queue"). On the embedded database, which
 * runs one transaction at a time anyway, they are taken like invoice numbers.
 */
export async function nextNumber(tx: Tx, tenantId: string, name: CounterName): Promise<number> {
  if (name !== 'invoice') {
    const outside = await takeNumberOutside(tx, tenantId, name);
    if (outside !== null) return outside;
  }
  const [row] = await tx
    .insert(tenantCounters)
    .values({ tenantId, name, value: 1 })
    .onConflictDoUpdate({ target: [tenantCounters.tenantId, tenantCounters.name], set: { value: sql`${tenantCounters.value} + 1` } })
    .returning({ value: tenantCounters.value });
  return row!.value;
}
