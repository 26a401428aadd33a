/**
 * A benchmark branch on the demo business (the demo must be seeded first): two services, `providers`
 * providers (every fifth serves two at once; half on a split shift; closed on Friday), the first
 * tenth of them off three days, a branch block of one day, and `bookings` bookings over the `days`
 * days from tomorrow (one in ten cancelled), all in `Asia/Riyadh`. Deterministic (a seeded PRNG).
 */
import { randomUUID } from 'node:crypto';
import { addDays, localDateOf, zonedToUtc } from '@app/shared/scheduling/zoned';
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/api/src/db/client';
import { branches, providers, providerServices, providerTimeOff, services } from '../../apps/api/src/db/schema/business';
import { customers } from '../../apps/api/src/db/schema/customers';
import { blockTimes, bookings, orderItems, orders } from '../../apps/api/src/db/schema/sales';
import { tenants } from '../../apps/api/src/db/schema/tenants';
import { DEMO } from '../../apps/api/src/db/seed';

export const BENCH_ZONE = 'Asia/Riyadh';
const BATCH = 1000;

/** Deterministic pseudo-random numbers (mulberry32), as bench/slots/engine.ts. */
function prng(start: number) {
  let seed = start;
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function insertBatches<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

/** The business's working week: every day but Friday. */
export const benchWeek = (ranges: [string, string][]) => Object.fromEntries(['0', '1', '2', '3', '4', '6'].map((d) => [d, ranges]));

export type BenchBranch = { tenantId: string; branchId: string; serviceIds: string[]; providerIds: string[]; customerId: string; from: string; to: string };

export async function seedBenchBranch(db: Database, opts: { providers: number; days: number; bookings: number }): Promise<BenchBranch> {
  const rand = prng(42);
  const [tenant] = await db.select({ id: tenants.id }).from(tenants).where(sql`${tenants.subdomain} = ${DEMO.subdomain}`);
  if (!tenant) throw new Error('demo tenant missing');
  const tenantId = tenant.id;
  const [branch] = await db
    .insert(branches)
    .values({ tenantId, name: 'Bench branch', timezone: BENCH_ZONE, workingHours: benchWeek([['09:00', '23:00']]) })
    .returning({ id: branches.id });
  const branchId = branch!.id;
  const svc = await db
    .insert(services)
    .values([
      { tenantId, name: 'Bench cut', price: 5000, duration: 45, bufferTime: 10, branchId },
      { tenantId, name: 'Bench colour', price: 8000, duration: 30, bufferTime: 5, branchId },
    ])
    .returning({ id: services.id });
  const serviceIds = svc.map((s) => s.id);
  const prov = await db
    .insert(providers)
    .values(
      Array.from({ length: opts.providers }, (_, i) => ({
        tenantId,
        name: `Bench provider ${String(i).padStart(2, '0')}`,
        branchId,
        sortOrder: i,
        clientsInSameTime: i % 5 === 0 ? 2 : 1,
        workingHours: i % 2 ? benchWeek([['09:00', '13:00'], ['16:00', '22:00']]) : benchWeek([['10:00', '20:00']]),
      })),
    )
    .returning({ id: providers.id });
  const providerIds = prov.map((p) => p.id);
  await db.insert(providerServices).values(providerIds.flatMap((providerId) => serviceIds.map((serviceId) => ({ tenantId, providerId, serviceId }))));

  const from = addDays(localDateOf(Date.now(), BENCH_ZONE), 1);
  const dates = Array.from({ length: opts.days }, (_, i) => addDays(from, i));
  await db.insert(providerTimeOff).values(providerIds.filter((_, i) => i % 10 === 0).map((providerId) => ({ tenantId, providerId, startDate: dates[9]!, endDate: dates[11]! })));
  await db.insert(blockTimes).values({ tenantId, branchId, providerId: null, startAt: new Date(zonedToUtc(dates[14]!, '00:00', BENCH_ZONE)), endAt: new Date(zonedToUtc(dates[15]!, '00:00', BENCH_ZONE)) });

  const [customer] = await db.insert(customers).values({ tenantId, firstName: 'Bench', lastName: 'Customer' }).returning({ id: customers.id });
  const orderRows: (typeof orders.$inferInsert)[] = [];
  const itemRows: (typeof orderItems.$inferInsert)[] = [];
  const bookingRows: (typeof bookings.$inferInsert)[] = [];
  for (let i = 0; i < opts.bookings; i++) {
    const orderId = randomUUID();
    const itemId = randomUUID();
    const date = dates[Math.floor(rand() * opts.days)]!;
    const start = zonedToUtc(date, '09:00', BENCH_ZONE) + Math.floor(rand() * 52) * 15 * 60_000;
    const duration = 30 + Math.floor(rand() * 4) * 15;
    const providerId = providerIds[Math.floor(rand() * opts.providers)]!;
    orderRows.push({ tenantId, id: orderId, number: 100_000 + i, branchId, customerId: customer!.id, providerId, currency: 'SAR', subtotal: 5000, total: 5000 });
    itemRows.push({ tenantId, id: itemId, orderId, type: 'service', serviceId: serviceIds[0]!, providerId, name: 'Bench cut', unitPrice: 5000, subtotal: 5000, total: 5000 });
    bookingRows.push({
      tenantId,
      number: 100_000 + i,
      orderId,
      orderItemId: itemId,
      branchId,
      customerId: customer!.id,
      providerId,
      serviceId: serviceIds[0]!,
      startAt: new Date(start),
      endAt: new Date(start + duration * 60_000),
      occupiedUntil: new Date(start + (duration + 10) * 60_000),
      duration,
      buffer: 10,
      price: 5000,
      totalPrice: 5000,
      // One in ten cancelled: stored, but not busy.
      status: i % 10 === 0 ? 'cancelled' : 'confirmed',
    });
  }
  await insertBatches(orderRows, (chunk) => db.insert(orders).values(chunk));
  await insertBatches(itemRows, (chunk) => db.insert(orderItems).values(chunk));
  await insertBatches(bookingRows, (chunk) => db.insert(bookings).values(chunk));
  await db.execute(sql`analyze`);
  return { tenantId, branchId, serviceIds, providerIds, customerId: customer!.id, from, to: dates[opts.days - 1]! };
}
