import type { Category, CategoryBody } from '@app/shared/schemas/catalogue';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Database, type Executor, withTenant } from '../../db/client';
import { categories, products, services } from '../../db/schema/business';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { isForeignKeyViolation } from '../access/access.repository';
import type { AuthContext } from '../auth/auth.service';
import { resolveSlug, rethrowSlugRace } from './catalogue.lib';

const servicesCount = sql<number>`(select count(*)::int from ${services} where ${services.tenantId} = ${categories.tenantId} and ${services.categoryId} = ${categories.id})`;
const productsCount = sql<number>`(select count(*)::int from ${products} where ${products.tenantId} = ${categories.tenantId} and ${products.categoryId} = ${categories.id})`;

type Row = typeof categories.$inferSelect & { servicesCount: number; productsCount: number };

function toCategory(row: Row): Category {
  return {
    uuid: row.id,
    name: row.name,
    description: row.description,
    slug: row.slug,
    sort_order: row.sortOrder,
    services_count: Number(row.servicesCount),
    products_count: Number(row.productsCount),
    created_at: row.createdAt.toISOString(),
  };
}

async function select(tx: Executor, tenantId: string, id?: string): Promise<Row[]> {
  const rows = await tx
    .select({ c: categories, servicesCount, productsCount })
    .from(categories)
    .where(id ? and(eq(categories.tenantId, tenantId), eq(categories.id, id)) : eq(categories.tenantId, tenantId))
    .orderBy(asc(categories.sortOrder), asc(categories.createdAt), asc(categories.id));
  return rows.map((r) => ({ ...r.c, servicesCount: r.servicesCount, productsCount: r.productsCount }));
}

/** Categories group services and products (spec §3 Category): name, description, slug, sort order. */
export function createCategoryService({ db }: { db: Database }) {
  async function one(tx: Executor, tenantId: string, id: string) {
    const [row] = await select(tx, tenantId, id);
    if (!row) throw notFound();
    return toCategory(row);
  }

  return {
    async list(ctx: AuthContext): Promise<Category[]> {
      return (await withTenant(db, ctx.tenantId, (tx) => select(tx, ctx.tenantId))).map(toCategory);
    },

    async get(ctx: AuthContext, id: string): Promise<Category> {
      return withTenant(db, ctx.tenantId, (tx) => one(tx, ctx.tenantId, id));
    },

    async create(ctx: AuthContext, body: CategoryBody): Promise<Category> {
      try {
        return await withTenant(db, ctx.tenantId, async (tx) => {
          const slug = await resolveSlug(tx, categories, ctx.tenantId, { given: body.slug, name: body.name, fallback: 'category' });
          const [row] = await tx
            .insert(categories)
            .values({ tenantId: ctx.tenantId, name: body.name, description: body.description || null, slug, sortOrder: body.sort_order })
            .returning({ id: categories.id });
          if (!row) throw new Error('category insert returned nothing');
          return one(tx, ctx.tenantId, row.id);
        });
      } catch (err) {
        rethrowSlugRace(err);
      }
    },

    async update(ctx: AuthContext, id: string, body: CategoryBody): Promise<Category> {
      try {
        return await withTenant(db, ctx.tenantId, async (tx) => {
          const [current] = await select(tx, ctx.tenantId, id);
          if (!current) throw notFound();
          const slug = await resolveSlug(tx, categories, ctx.tenantId, { given: body.slug, name: body.name, current: current.slug, selfId: id, fallback: 'category' });
          await tx
            .update(categories)
            .set({ name: body.name, description: body.description || null, slug, sortOrder: body.sort_order, updatedAt: sql`now()` })
            .where(and(eq(categories.tenantId, ctx.tenantId), eq(categories.id, id)));
          return one(tx, ctx.tenantId, id);
        });
      } catch (err) {
        rethrowSlugRace(err);
      }
    },

    /** Sets the sort order to the position in `ids`, in one transaction; every id must be the tenant's. */
    async reorder(ctx: AuthContext, ids: string[]): Promise<Category[]> {
      return withTenant(db, ctx.tenantId, async (tx) => {
        const found = await tx
          .select({ id: categories.id })
          .from(categories)
          .where(and(eq(categories.tenantId, ctx.tenantId), inArray(categories.id, ids)));
        if (found.length !== ids.length) throw fieldError('ids', 'not_exists');
        for (const [i, id] of ids.entries()) {
          await tx
            .update(categories)
            .set({ sortOrder: i, updatedAt: sql`now()` })
            .where(and(eq(categories.tenantId, ctx.tenantId), eq(categories.id, id)));
        }
        return (await select(tx, ctx.tenantId)).map(toCategory);
      });
    },

    /** A category used by services or products stays (422 `category_in_use`); see docs/decisions.md. */
    async remove(ctx: AuthContext, id: string): Promise<void> {
      try {
        await withTenant(db, ctx.tenantId, async (tx) => {
          const [row] = await select(tx, ctx.tenantId, id);
          if (!row) throw notFound();
          if (Number(row.servicesCount) > 0 || Number(row.productsCount) > 0) throw new AppError(422, 'category_in_use');
          await tx.delete(categories).where(and(eq(categories.tenantId, ctx.tenantId), eq(categories.id, id)));
        });
      } catch (err) {
        if (isForeignKeyViolation(err)) throw new AppError(422, 'category_in_use');
        throw err;
      }
    },
  };
}
