import type { Service, ServiceBody, ServiceMetric, ServiceProvider, ServicesQuery } from '@app/shared/schemas/catalogue';
import { and, asc, count, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type Database, type Executor, withTenant } from '../../db/client';
import { branches, categories, packageServices, providers, providerServices, services, serviceTaxes, taxes } from '../../db/schema/business';
import { AppError, notFound } from '../../lib/errors';
import { isForeignKeyViolation } from '../access/access.repository';
import type { AuthContext } from '../auth/auth.service';
import { assertIds, likePattern, resolveSlug, rethrowSlugRace } from './catalogue.lib';
import { pageMeta } from '../../lib/http';

type ServiceRow = typeof services.$inferSelect;

const providersCount = sql<number>`(select count(*)::int from ${providerServices} where ${providerServices.tenantId} = ${services.tenantId} and ${providerServices.serviceId} = ${services.id})`;

/** Rates are stored in basis points; the API speaks percentages (1500 → 15). */
export const bpsToPercent = (bps: number) => bps / 100;

/** Services with their category, branch, taxes and provider count (inside withTenant). */
async function render(tx: Executor, tenantId: string, rows: (ServiceRow & { providersCount: number })[]): Promise<Service[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const catIds = [...new Set(rows.map((r) => r.categoryId).filter((x): x is string => x !== null))];
  const branchIds = [...new Set(rows.map((r) => r.branchId).filter((x): x is string => x !== null))];
  const cats = catIds.length
    ? await tx
        .select({ id: categories.id, name: categories.name })
        .from(categories)
        .where(and(eq(categories.tenantId, tenantId), inArray(categories.id, catIds)))
    : [];
  const brs = branchIds.length
    ? await tx
        .select({ id: branches.id, name: branches.name })
        .from(branches)
        .where(and(eq(branches.tenantId, tenantId), inArray(branches.id, branchIds)))
    : [];
  const taxRows = await tx
    .select({ serviceId: serviceTaxes.serviceId, id: taxes.id, name: taxes.name, rateBps: taxes.rateBps })
    .from(serviceTaxes)
    .innerJoin(taxes, and(eq(taxes.tenantId, serviceTaxes.tenantId), eq(taxes.id, serviceTaxes.taxId)))
    .where(and(eq(serviceTaxes.tenantId, tenantId), inArray(serviceTaxes.serviceId, ids)))
    .orderBy(asc(taxes.name));
  const ref = (list: { id: string; name: string }[], id: string | null) => {
    const hit = id ? list.find((x) => x.id === id) : undefined;
    return hit ? { uuid: hit.id, name: hit.name } : null;
  };
  return rows.map((r) => {
    const own = taxRows.filter((x) => x.serviceId === r.id);
    return {
      uuid: r.id,
      name: r.name,
      slug: r.slug,
      description: r.description,
      category_id: r.categoryId,
      category: ref(cats, r.categoryId),
      price: Number(r.price),
      duration: r.duration,
      buffer_time: r.bufferTime,
      deposit_enabled: r.depositEnabled,
      deposit_amount: Number(r.depositAmount),
      sort_order: r.sortOrder,
      display_on_booking_page: r.displayOnBookingPage,
      is_public: r.isPublic,
      branch_id: r.branchId,
      branch: ref(brs, r.branchId),
      metadata_visibility: r.metadataVisibility as Service['metadata_visibility'],
      tax_ids: own.map((x) => x.id),
      taxes: own.map((x) => ({ uuid: x.id, name: x.name, rate: bpsToPercent(x.rateBps) })),
      providers_count: Number(r.providersCount),
      created_at: r.createdAt.toISOString(),
    };
  });
}

async function selectRows(tx: Executor, where: SQL | undefined, page?: { limit: number; offset: number }) {
  const q = tx
    .select({ s: services, providersCount })
    .from(services)
    .where(where)
    .orderBy(asc(services.sortOrder), asc(services.name), asc(services.id));
  const rows = page ? await q.limit(page.limit).offset(page.offset) : await q;
  return rows.map((r) => ({ ...r.s, providersCount: Number(r.providersCount) }));
}

/** Body → columns; the deposit amount is kept only while the deposit is on. */
function columns(body: ServiceBody) {
  return {
    name: body.name,
    categoryId: body.category_id,
    price: body.price,
    duration: body.duration,
    bufferTime: body.buffer_time,
    depositEnabled: body.deposit_enabled,
    depositAmount: body.deposit_enabled ? body.deposit_amount : 0,
    sortOrder: body.sort_order,
    displayOnBookingPage: body.display_on_booking_page,
    isPublic: body.is_public,
    branchId: body.branch_id ?? null,
    description: body.description || null,
    metadataVisibility: body.metadata_visibility,
  };
}

/** The list's branch scope: an explicit filter, else the top bar's branch (its services and those of no branch). */
function branchScope(ctx: AuthContext, explicit: string | undefined): SQL | undefined {
  if (explicit) return eq(services.branchId, explicit);
  const current = ctx.user.currentBranchId;
  return current ? or(eq(services.branchId, current), isNull(services.branchId)) : undefined;
}

export function createServiceService({ db }: { db: Database }) {
  async function one(tx: Executor, tenantId: string, id: string): Promise<Service> {
    const [row] = await selectRows(tx, and(eq(services.tenantId, tenantId), eq(services.id, id)));
    if (!row) throw notFound();
    const [rendered] = await render(tx, tenantId, [row]);
    if (!rendered) throw notFound();
    return rendered;
  }

  /** Ids of the body are the tenant's rows (422 `not_exists` on the field). */
  async function checkRefs(tx: Executor, tenantId: string, body: ServiceBody) {
    await assertIds(tx, categories, tenantId, [body.category_id], 'category_id');
    if (body.branch_id) await assertIds(tx, branches, tenantId, [body.branch_id], 'branch_id');
    await assertIds(tx, taxes, tenantId, body.tax_ids, 'tax_ids');
  }

  async function setTaxes(tx: Executor, tenantId: string, id: string, taxIds: string[]) {
    await tx.delete(serviceTaxes).where(and(eq(serviceTaxes.tenantId, tenantId), eq(serviceTaxes.serviceId, id)));
    if (taxIds.length) await tx.insert(serviceTaxes).values(taxIds.map((taxId) => ({ tenantId, serviceId: id, taxId })));
  }

  /** The service's providers become exactly `providerIds`; every id must be the tenant's provider (422 `provider_ids`). */
  async function setProviders(tx: Executor, tenantId: string, id: string, providerIds: string[]) {
    await assertIds(tx, providers, tenantId, providerIds, 'provider_ids');
    await tx.delete(providerServices).where(and(eq(providerServices.tenantId, tenantId), eq(providerServices.serviceId, id)));
    if (providerIds.length) await tx.insert(providerServices).values(providerIds.map((providerId) => ({ tenantId, providerId, serviceId: id })));
  }

  /** A category, branch or tax deleted between the check and the write: the foreign key refuses. */
  function raced(err: unknown): never {
    if (isForeignKeyViolation(err)) throw new AppError(422, 'validation_failed', { fields: { category_id: [{ key: 'not_exists' }] } });
    rethrowSlugRace(err);
  }

  return {
    async list(ctx: AuthContext, q: ServicesQuery) {
      const conds: SQL[] = [eq(services.tenantId, ctx.tenantId)];
      if (q.search) {
        const p = likePattern(q.search);
        const hit = or(ilike(services.name, p), ilike(services.slug, p));
        if (hit) conds.push(hit);
      }
      if (q.category_id) conds.push(eq(services.categoryId, q.category_id));
      const scope = branchScope(ctx, q.branch_id);
      if (scope) conds.push(scope);
      const where = and(...conds);
      return withTenant(db, ctx.tenantId, async (tx) => {
        const [total] = await tx.select({ n: count() }).from(services).where(where);
        const rows = await selectRows(tx, where, { limit: q.per_page, offset: (q.page - 1) * q.per_page });
        const n = Number(total?.n ?? 0);
        return {
          data: await render(tx, ctx.tenantId, rows),
          meta: pageMeta(q.page, q.per_page, n),
        };
      });
    },

    async get(ctx: AuthContext, id: string) {
      return withTenant(db, ctx.tenantId, (tx) => one(tx, ctx.tenantId, id));
    },

    async create(ctx: AuthContext, body: ServiceBody) {
      try {
        return await withTenant(db, ctx.tenantId, async (tx) => {
          await checkRefs(tx, ctx.tenantId, body);
          const slug = await resolveSlug(tx, services, ctx.tenantId, { given: body.slug, name: body.name, fallback: 'service' });
          const [row] = await tx
            .insert(services)
            .values({ tenantId: ctx.tenantId, ...columns(body), slug })
            .returning({ id: services.id });
          if (!row) throw new Error('service insert returned nothing');
          await setTaxes(tx, ctx.tenantId, row.id, body.tax_ids);
          if (body.provider_ids) await setProviders(tx, ctx.tenantId, row.id, body.provider_ids);
          return one(tx, ctx.tenantId, row.id);
        });
      } catch (err) {
        raced(err);
      }
    },

    async update(ctx: AuthContext, id: string, body: ServiceBody) {
      try {
        return await withTenant(db, ctx.tenantId, async (tx) => {
          const [current] = await tx
            .select({ slug: services.slug })
            .from(services)
            .where(and(eq(services.tenantId, ctx.tenantId), eq(services.id, id)));
          if (!current) throw notFound();
          await checkRefs(tx, ctx.tenantId, body);
          const slug = await resolveSlug(tx, services, ctx.tenantId, { given: body.slug, name: body.name, current: current.slug, selfId: id, fallback: 'service' });
          await tx
            .update(services)
            .set({ ...columns(body), slug, updatedAt: sql`now()` })
            .where(and(eq(services.tenantId, ctx.tenantId), eq(services.id, id)));
          await setTaxes(tx, ctx.tenantId, id, body.tax_ids);
          if (body.provider_ids) await setProviders(tx, ctx.tenantId, id, body.provider_ids);
          return one(tx, ctx.tenantId, id);
        });
      } catch (err) {
        raced(err);
      }
    },

    /** Provider assignments and taxes go with the service; a service in a package stays (422 `service_in_use`). */
    async remove(ctx: AuthContext, id: string) {
      try {
        await withTenant(db, ctx.tenantId, async (tx) => {
          const [inPackage] = await tx
            .select({ id: packageServices.packageId })
            .from(packageServices)
            .where(and(eq(packageServices.tenantId, ctx.tenantId), eq(packageServices.serviceId, id)))
            .limit(1);
          if (inPackage) throw new AppError(422, 'service_in_use');
          const gone = await tx
            .delete(services)
            .where(and(eq(services.tenantId, ctx.tenantId), eq(services.id, id)))
            .returning({ id: services.id });
          if (gone.length === 0) throw notFound();
        });
      } catch (err) {
        if (isForeignKeyViolation(err)) throw new AppError(422, 'service_in_use');
        throw err;
      }
    },

    /** Every provider of the business, assigned to the service or not (spec §4). */
    async providers(ctx: AuthContext, id: string): Promise<ServiceProvider[]> {
      return withTenant(db, ctx.tenantId, async (tx) => {
        await one(tx, ctx.tenantId, id);
        const rows = await tx
          .select({ id: providers.id, name: providers.name, label: providers.label, branchId: providers.branchId, branchName: branches.name, assigned: providerServices.serviceId })
          .from(providers)
          .leftJoin(branches, and(eq(branches.tenantId, providers.tenantId), eq(branches.id, providers.branchId)))
          .leftJoin(
            providerServices,
            and(eq(providerServices.tenantId, providers.tenantId), eq(providerServices.providerId, providers.id), eq(providerServices.serviceId, id)),
          )
          .where(eq(providers.tenantId, ctx.tenantId))
          .orderBy(asc(providers.sortOrder), asc(providers.name), asc(providers.id));
        return rows.map((r) => ({
          uuid: r.id,
          name: r.name,
          label: r.label,
          branch: r.branchId && r.branchName ? { uuid: r.branchId, name: r.branchName } : null,
          assigned: r.assigned !== null,
        }));
      });
    },

    /** The service's providers become exactly `providerIds`; every id must be the tenant's provider. */
    async assignProviders(ctx: AuthContext, id: string, providerIds: string[]) {
      const run = () =>
        withTenant(db, ctx.tenantId, async (tx) => {
          await one(tx, ctx.tenantId, id);
          await setProviders(tx, ctx.tenantId, id, providerIds);
        });
      try {
        await run();
      } catch (err) {
        // A provider deleted between the check and the insert.
        if (isForeignKeyViolation(err)) throw new AppError(422, 'validation_failed', { fields: { provider_ids: [{ key: 'not_exists' }] } });
        throw err;
      }
      return this.providers(ctx, id);
    },

    /** What the catalogue can say of each service today (no bookings yet): price, time, providers, taxes. */
    async metrics(ctx: AuthContext): Promise<ServiceMetric[]> {
      return withTenant(db, ctx.tenantId, async (tx) => {
        const rows = await render(tx, ctx.tenantId, await selectRows(tx, and(eq(services.tenantId, ctx.tenantId), branchScope(ctx, undefined))));
        return rows.map((s) => ({
          uuid: s.uuid,
          name: s.name,
          category: s.category,
          price: s.price,
          duration: s.duration,
          buffer_time: s.buffer_time,
          providers_count: s.providers_count,
          tax_rate: Math.round(s.taxes.reduce((sum, x) => sum + x.rate, 0) * 100) / 100,
          is_public: s.is_public,
          created_at: s.created_at,
        }));
      });
    },
  };
}
