import { PROVIDER_COLORS } from '@app/shared/constants';
import { and, asc, eq, ilike, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { branches, providers, providerServices, providerTimeOff, services } from '../../db/schema/business';
import { bookings, orders } from '../../db/schema/sales';
import { users } from '../../db/schema/users';

export type ProviderRow = typeof providers.$inferSelect & {
  branchName: string | null;
  userName: string | null;
  userEmail: string | null;
};

export const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const selection = {
  provider: providers,
  branchName: branches.name,
  userName: users.name,
  userEmail: users.email,
};

function base(exec: Executor) {
  return exec
    .select(selection)
    .from(providers)
    .leftJoin(branches, and(eq(branches.tenantId, providers.tenantId), eq(branches.id, providers.branchId)))
    .leftJoin(users, and(eq(users.tenantId, providers.tenantId), eq(users.id, providers.userId)));
}

const flat = (r: { provider: typeof providers.$inferSelect; branchName: string | null; userName: string | null; userEmail: string | null }): ProviderRow => ({
  ...r.provider,
  branchName: r.branchName,
  userName: r.userName,
  userEmail: r.userEmail,
});

/** By sort order, then name. `branchId`: the branch's providers and those without a branch. */
export async function listProviders(exec: Executor, tenantId: string, f: { search?: string | undefined; branchId?: string | null; exactBranch?: boolean }) {
  const conds: SQL[] = [eq(providers.tenantId, tenantId)];
  if (f.search) {
    const hit = or(ilike(providers.name, likePattern(f.search)), ilike(providers.label, likePattern(f.search)));
    if (hit) conds.push(hit);
  }
  if (f.branchId) {
    const here = f.exactBranch ? eq(providers.branchId, f.branchId) : or(eq(providers.branchId, f.branchId), isNull(providers.branchId));
    if (here) conds.push(here);
  }
  const rows = await base(exec)
    .where(and(...conds))
    .orderBy(asc(providers.sortOrder), asc(providers.name), asc(providers.id));
  return rows.map(flat);
}

export async function findProvider(exec: Executor, tenantId: string, id: string): Promise<ProviderRow | null> {
  const [row] = await base(exec)
    .where(and(eq(providers.tenantId, tenantId), eq(providers.id, id)))
    .limit(1);
  return row ? flat(row) : null;
}

/** The services assigned to the given providers, by name. */
export async function servicesOf(exec: Executor, tenantId: string, providerIds: string[]) {
  if (!providerIds.length) return [];
  return exec
    .select({ providerId: providerServices.providerId, id: services.id, name: services.name })
    .from(providerServices)
    .innerJoin(services, and(eq(services.tenantId, providerServices.tenantId), eq(services.id, providerServices.serviceId)))
    .where(and(eq(providerServices.tenantId, tenantId), inArray(providerServices.providerId, providerIds)))
    .orderBy(asc(services.name), asc(services.id));
}

/** Which of `ids` are services of the tenant. */
export async function existingServices(exec: Executor, tenantId: string, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await exec
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.tenantId, tenantId), inArray(services.id, ids)));
  return new Set(rows.map((r) => r.id));
}

export async function branchExists(exec: Executor, tenantId: string, id: string): Promise<boolean> {
  const [row] = await exec
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.tenantId, tenantId), eq(branches.id, id)))
    .limit(1);
  return Boolean(row);
}

/**
 * The working hours a new provider starts with: its branch's, or the main branch's when it has none
 * (the hours onboarding set); `null` when that branch does not exist.
 */
export async function branchHours(exec: Executor, tenantId: string, branchId: string | null) {
  const [row] = await exec
    .select({ workingHours: branches.workingHours })
    .from(branches)
    .where(and(eq(branches.tenantId, tenantId), branchId ? eq(branches.id, branchId) : eq(branches.isMain, true)))
    .limit(1);
  return row?.workingHours ?? null;
}

export async function findUser(exec: Executor, tenantId: string, id: string) {
  const [row] = await exec
    .select({ id: users.id, type: users.type, isOwner: users.isOwner, roleId: users.roleId })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id)))
    .limit(1);
  return row ?? null;
}

/** Another provider already linked to the account (locks it, so two saves cannot both link it). */
export async function providerOfUser(exec: Executor, tenantId: string, userId: string, exceptProviderId: string | null) {
  const conds = [eq(providers.tenantId, tenantId), eq(providers.userId, userId)];
  if (exceptProviderId) conds.push(ne(providers.id, exceptProviderId));
  const [row] = await exec
    .select({ id: providers.id })
    .from(providers)
    .where(and(...conds))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** Locks the account row: two providers saved at once with the same account wait for each other. */
export async function lockUser(exec: Executor, tenantId: string, userId: string) {
  await exec.execute(sql`select 1 from ${users} where ${users.tenantId} = ${tenantId} and ${users.id} = ${userId} for update`);
}

/** How many providers the business has (the next one's palette colour). */
export async function countProviders(exec: Executor, tenantId: string): Promise<number> {
  const [row] = await exec.select({ n: sql<number>`count(*)::int` }).from(providers).where(eq(providers.tenantId, tenantId));
  return row?.n ?? 0;
}

/** Inserts a provider; without a colour it gets the next one of the palette. */
export async function insertProvider(exec: Executor, values: typeof providers.$inferInsert) {
  const color = values.color ?? PROVIDER_COLORS[(await countProviders(exec, values.tenantId)) % PROVIDER_COLORS.length];
  const [row] = await exec
    .insert(providers)
    .values({ ...values, color })
    .returning({ id: providers.id });
  if (!row) throw new Error('provider insert returned nothing');
  return row.id;
}

export async function updateProvider(exec: Executor, tenantId: string, id: string, values: Partial<typeof providers.$inferInsert>) {
  const res = await exec
    .update(providers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(providers.tenantId, tenantId), eq(providers.id, id)))
    .returning({ id: providers.id });
  return res.length > 0;
}

export async function replaceServices(exec: Executor, tenantId: string, providerId: string, serviceIds: string[]) {
  await exec.delete(providerServices).where(and(eq(providerServices.tenantId, tenantId), eq(providerServices.providerId, providerId)));
  if (serviceIds.length) await exec.insert(providerServices).values(serviceIds.map((serviceId) => ({ tenantId, providerId, serviceId })));
}

/**
 * Before deleting a provider, in the lock order every booking write uses (providers → orders →
 * bookings): the provider row (no booking can be made or moved for it meanwhile), then the orders of
 * its appointments, sorted by id (no status change or payment touches them meanwhile). Answers the
 * appointments, which the delete then cascades; null when the provider does not exist.
 */
export async function lockForDelete(exec: Executor, tenantId: string, providerId: string) {
  const [row] = await exec
    .select({ id: providers.id })
    .from(providers)
    .where(and(eq(providers.tenantId, tenantId), eq(providers.id, providerId)))
    .for('update');
  if (!row) return null;
  const list = await exec
    .select({ id: bookings.id, number: bookings.number, status: bookings.status, orderId: bookings.orderId })
    .from(bookings)
    .where(and(eq(bookings.tenantId, tenantId), eq(bookings.providerId, providerId)))
    .orderBy(bookings.number);
  const orderIds = [...new Set(list.map((b) => b.orderId))].sort();
  if (orderIds.length) {
    await exec
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.tenantId, tenantId), inArray(orders.id, orderIds)))
      .orderBy(orders.id)
      .for('update');
  }
  return list;
}

export async function deleteProvider(exec: Executor, tenantId: string, id: string) {
  const res = await exec
    .delete(providers)
    .where(and(eq(providers.tenantId, tenantId), eq(providers.id, id)))
    .returning({ id: providers.id });
  return res.length > 0;
}

export async function listTimeOff(exec: Executor, tenantId: string, providerId: string) {
  return exec
    .select()
    .from(providerTimeOff)
    .where(and(eq(providerTimeOff.tenantId, tenantId), eq(providerTimeOff.providerId, providerId)))
    .orderBy(asc(providerTimeOff.startDate), asc(providerTimeOff.createdAt));
}

export async function insertTimeOff(exec: Executor, values: typeof providerTimeOff.$inferInsert) {
  const [row] = await exec.insert(providerTimeOff).values(values).returning();
  if (!row) throw new Error('time off insert returned nothing');
  return row;
}

export async function deleteTimeOff(exec: Executor, tenantId: string, providerId: string, id: string) {
  const res = await exec
    .delete(providerTimeOff)
    .where(and(eq(providerTimeOff.tenantId, tenantId), eq(providerTimeOff.providerId, providerId), eq(providerTimeOff.id, id)))
    .returning({ id: providerTimeOff.id });
  return res.length > 0;
}
