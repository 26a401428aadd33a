import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { takeNumbersOutside } from '../db/client';
import { tenantCounters } from '../db/schema/sales';

export type CounterName = 'order' | 'booking' | 'transaction' | 'invoice' | 'quotation';

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
  if (name === 'invoice') {
    const [row] = await tx
      .insert(tenantCounters)
      .values({ tenantId, name, value: 1 })
      .onConflictDoUpdate({ target: [tenantCounters.tenantId, tenantCounters.name], set: { value: sql`${tenantCounters.value} + 1` } })
      .returning({ value: tenantCounters.value });
    return row!.value;
  }
  return (await reserveNumbers(tx, tenantId, { [name]: 1 }))[name]!;
}

/**
 * Several numbers at once, in one statement: `count` consecutive numbers of each counter (an order
 * and its bookings); answers the first of each. Not for invoice numbers (nextNumber keeps them
 * gapless, in the transaction).
 */
export async function reserveNumbers(tx: Tx, tenantId: string, wants: Partial<Record<Exclude<CounterName, 'invoice'>, number>>): Promise<Partial<Record<CounterName, number>>> {
  const names = Object.keys(wants) as Exclude<CounterName, 'invoice'>[];
  const counts = names.map((n) => wants[n]!);
  const taken = (await takeNumbersOutside(tx, tenantId, names, counts)) ?? (await takeNumbersInside(tx, tenantId, names, counts));
  return Object.fromEntries(names.map((n) => [n, taken.get(n)! - wants[n]! + 1]));
}

/** The embedded database (one transaction at a time): the counters bumped in the transaction. */
async function takeNumbersInside(tx: Tx, tenantId: string, names: string[], counts: number[]): Promise<Map<string, number>> {
  const rows = await tx
    .insert(tenantCounters)
    .values(names.map((name, i) => ({ tenantId, name, value: counts[i]! })))
    .onConflictDoUpdate({ target: [tenantCounters.tenantId, tenantCounters.name], set: { value: sql`${tenantCounters.value} + excluded.value` } })
    .returning({ name: tenantCounters.name, value: tenantCounters.value });
  return new Map(rows.map((r) => [r.name, r.value]));
}
