import type { Package, PackageBody } from '@app/shared/schemas/catalogue';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Database, type Executor, withTenant } from '../../db/client';
import { packageServices, packages, services } from '../../db/schema/business';
import { fieldError, notFound } from '../../lib/errors';
import { isForeignKeyViolation } from '../access/access.repository';
import type { AuthContext } from '../auth/auth.service';
import { assertIds } from './catalogue.lib';

type PackageRow = typeof packages.$inferSelect;

async function render(tx: Executor, tenantId: string, rows: PackageRow[]): Promise<Package[]> {
  if (rows.length === 0) return [];
  const items = await tx
    .select({ packageId: packageServices.packageId, id: services.id, name: services.name, quantity: packageServices.quantity })
    .from(packageServices)
    .innerJoin(services, and(eq(services.tenantId, packageServices.tenantId), eq(services.id, packageServices.serviceId)))
    .where(and(eq(packageServices.tenantId, tenantId), inArray(packageServices.packageId, rows.map((r) => r.id))))
    .orderBy(asc(services.sortOrder), asc(services.name));
  return rows.map((r) => ({
    uuid: r.id,
    name: r.name,
    description: r.description,
    price: Number(r.price),
    valid_days: r.validDays,
    max_available: r.maxAvailable,
    sort_order: r.sortOrder,
    services: items.filter((i) => i.packageId === r.id).map((i) => ({ uuid: i.id, name: i.name, quantity: i.quantity })),
    created_at: r.createdAt.toISOString(),
  }));
}

const columns = (body: PackageBody) => ({
  name: body.name,
  description: body.description || null,
  price: body.price,
  validDays: body.valid_days,
  maxAvailable: body.max_available,
  sortOrder: body.sort_order,
});

/** Service packages (packages plugin): services with quantities, price, valid days, how many can be sold. */
export function createPackageService({ db }: { db: Database }) {
  async function select(tx: Executor, tenantId: string, id?: string) {
    return tx
      .select()
      .from(packages)
      .where(id ? and(eq(packages.tenantId, tenantId), eq(packages.id, id)) : eq(packages.tenantId, tenantId))
      .orderBy(asc(packages.sortOrder), asc(packages.name), asc(packages.id));
  }

  async function one(tx: Executor, tenantId: string, id: string) {
    const [rendered] = await render(tx, tenantId, await select(tx, tenantId, id));
    if (!rendered) throw notFound();
    return rendered;
  }

  async function setServices(tx: Executor, tenantId: string, id: string, body: PackageBody) {
    await assertIds(tx, services, tenantId, body.services.map((s) => s.service_id), 'services');
    await tx.delete(packageServices).where(and(eq(packageServices.tenantId, tenantId), eq(packageServices.packageId, id)));
    await tx.insert(packageServices).values(body.services.map((s) => ({ tenantId, packageId: id, serviceId: s.service_id, quantity: s.quantity })));
  }

  /** A service deleted between the check and the insert. */
  const raced = (err: unknown): never => {
    if (isForeignKeyViolation(err)) throw fieldError('services', 'not_exists');
    throw err;
  };

  return {
    async list(ctx: AuthContext): Promise<Package[]> {
      return withTenant(db, ctx.tenantId, async (tx) => render(tx, ctx.tenantId, await select(tx, ctx.tenantId)));
    },

    async get(ctx: AuthContext, id: string) {
      return withTenant(db, ctx.tenantId, (tx) => one(tx, ctx.tenantId, id));
    },

    async create(ctx: AuthContext, body: PackageBody) {
      try {
        return await withTenant(db, ctx.tenantId, async (tx) => {
          const [row] = await tx
            .insert(packages)
            .values({ tenantId: ctx.tenantId, ...columns(body) })
            .returning({ id: packages.id });
          if (!row) throw new Error('package insert returned nothing');
          await setServices(tx, ctx.tenantId, row.id, body);
          return one(tx, ctx.tenantId, row.id);
        });
      } catch (err) {
        return raced(err);
      }
    },

    async update(ctx: AuthContext, id: string, body: PackageBody) {
      try {
        return await withTenant(db, ctx.tenantId, async (tx) => {
          const updated = await tx
            .update(packages)
            .set({ ...columns(body), updatedAt: sql`now()` })
            .where(and(eq(packages.tenantId, ctx.tenantId), eq(packages.id, id)))
            .returning({ id: packages.id });
          if (updated.length === 0) throw notFound();
          await setServices(tx, ctx.tenantId, id, body);
          return one(tx, ctx.tenantId, id);
        });
      } catch (err) {
        return raced(err);
      }
    },

    async remove(ctx: AuthContext, id: string) {
      await withTenant(db, ctx.tenantId, async (tx) => {
        const gone = await tx
          .delete(packages)
          .where(and(eq(packages.tenantId, ctx.tenantId), eq(packages.id, id)))
          .returning({ id: packages.id });
        if (gone.length === 0) throw notFound();
      });
    },
  };
}
