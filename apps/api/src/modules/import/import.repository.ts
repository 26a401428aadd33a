import type { ImportRowError } from '@app/shared/schemas/import';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor, Tx } from '../../db/client';
import { branches, categories, products, services } from '../../db/schema/business';
import { customers } from '../../db/schema/customers';
import { importJobs } from '../../db/schema/settings';

export type JobRow = typeof importJobs.$inferSelect;

export async function insertJob(tx: Executor, values: typeof importJobs.$inferInsert) {
  await tx.insert(importJobs).values(values);
}

export async function findJob(tx: Executor, tenantId: string, id: string): Promise<JobRow | null> {
  const [row] = await tx
    .select()
    .from(importJobs)
    .where(and(eq(importJobs.tenantId, tenantId), eq(importJobs.id, id)));
  return row ?? null;
}

export async function finishJob(
  tx: Executor,
  tenantId: string,
  id: string,
  values: { status: string; processedRows: number; errors?: ImportRowError[] },
) {
  await tx
    .update(importJobs)
    .set({ ...values, finishedAt: new Date() })
    .where(and(eq(importJobs.tenantId, tenantId), eq(importJobs.id, id)));
}

export async function setJobStatus(tx: Executor, tenantId: string, id: string, status: string) {
  await tx
    .update(importJobs)
    .set({ status })
    .where(and(eq(importJobs.tenantId, tenantId), eq(importJobs.id, id)));
}

/** What rows of a file may name or collide with, read once per import. */
export async function loadCategories(tx: Tx, tenantId: string) {
  return tx.select({ id: categories.id, name: categories.name, slug: categories.slug }).from(categories).where(eq(categories.tenantId, tenantId));
}

export async function loadServices(tx: Tx, tenantId: string) {
  return tx.select({ id: services.id, name: services.name, slug: services.slug }).from(services).where(eq(services.tenantId, tenantId));
}

export async function loadProductSlugs(tx: Tx, tenantId: string): Promise<string[]> {
  const found = await tx
    .select({ slug: products.slug })
    .from(products)
    .where(and(eq(products.tenantId, tenantId), isNotNull(products.slug)));
  return found.map((f) => f.slug as string);
}

export async function loadBranches(tx: Tx, tenantId: string) {
  return tx
    .select({ id: branches.id, name: branches.name, isMain: branches.isMain, workingHours: branches.workingHours })
    .from(branches)
    .where(eq(branches.tenantId, tenantId));
}

/** The phones among `phones` that customers of the tenant already have. */
export async function existingPhones(tx: Tx, tenantId: string, phones: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < phones.length; i += 5000) {
    const chunk = phones.slice(i, i + 5000);
    const hits = await tx
      .select({ phone: customers.phone })
      .from(customers)
      .where(and(eq(customers.tenantId, tenantId), inArray(customers.phone, chunk)));
    for (const h of hits) if (h.phone) found.add(h.phone);
  }
  return found;
}

/** Multi-row inserts, `size` rows per statement; `after` runs after each statement with the rows written so far. */
export async function insertBatched<T extends PgTable>(
  tx: Tx,
  table: T,
  values: T['$inferInsert'][],
  size: number,
  after?: (written: number) => void,
) {
  for (let i = 0; i < values.length; i += size) {
    await tx.insert(table).values(values.slice(i, i + size));
    after?.(Math.min(i + size, values.length));
  }
}
