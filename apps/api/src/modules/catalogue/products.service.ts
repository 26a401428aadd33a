import { PRODUCT_IMAGES_MAX, type Product, type ProductBody, type ProductImage, type ProductsQuery, type VariantsBody } from '@app/shared/schemas/catalogue';
import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { type Database, type Executor, withTenant } from '../../db/client';
import { categories, productCombinations, productImages, productOptions, products } from '../../db/schema/business';
import type { StorageAdapter } from '../../integrations/storage/storage.adapter';
import { fieldError, notFound } from '../../lib/errors';
import { isForeignKeyViolation } from '../access/access.repository';
import type { AuthContext } from '../auth/auth.service';
import { assertIds, likePattern, resolveSlug, rethrowSlugRace } from './catalogue.lib';
import { pageMeta } from '../../lib/http';

type ProductRow = typeof products.$inferSelect;

/** The main image first, then the additional ones in the order they were added. */
const imageOrder = [desc(productImages.isMain), asc(productImages.sortOrder), asc(productImages.createdAt), asc(productImages.id)];

async function imagesOf(tx: Executor, tenantId: string, productIds: string[]) {
  if (productIds.length === 0) return [];
  return tx
    .select()
    .from(productImages)
    .where(and(eq(productImages.tenantId, tenantId), inArray(productImages.productId, productIds)))
    .orderBy(...imageOrder);
}

const toImage = (r: typeof productImages.$inferSelect): ProductImage => ({ uuid: r.id, url: r.path, is_main: r.isMain });

async function render(tx: Executor, tenantId: string, rows: ProductRow[]): Promise<Product[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const catIds = [...new Set(rows.map((r) => r.categoryId).filter((x): x is string => x !== null))];
  const cats = catIds.length
    ? await tx
        .select({ id: categories.id, name: categories.name })
        .from(categories)
        .where(and(eq(categories.tenantId, tenantId), inArray(categories.id, catIds)))
    : [];
  const images = await imagesOf(tx, tenantId, ids);
  const options = await tx
    .select()
    .from(productOptions)
    .where(and(eq(productOptions.tenantId, tenantId), inArray(productOptions.productId, ids)))
    .orderBy(asc(productOptions.sortOrder), asc(productOptions.id));
  const combos = await tx
    .select()
    .from(productCombinations)
    .where(and(eq(productCombinations.tenantId, tenantId), inArray(productCombinations.productId, ids)))
    .orderBy(asc(productCombinations.id));
  return rows.map((r) => {
    const cat = cats.find((c) => c.id === r.categoryId);
    const own = options.filter((o) => o.productId === r.id);
    const order = own.map((o) => o.name);
    const key = (c: Record<string, string>) => order.map((n) => c[n] ?? '').join('\u0000');
    return {
      uuid: r.id,
      name: r.name,
      slug: r.slug,
      description: r.description,
      category_id: r.categoryId,
      category: cat ? { uuid: cat.id, name: cat.name } : null,
      price: Number(r.price),
      stock: r.stock,
      unlimited_stock: r.unlimitedStock,
      sort_order: r.sortOrder,
      images: images.filter((i) => i.productId === r.id).map(toImage),
      options: own.map((o) => ({ name: o.name, values: o.values })),
      // In the options' order (S-Red, S-Blue, M-Red …), as the grid shows them.
      combinations: combos
        .filter((c) => c.productId === r.id)
        .sort((a, b) => {
          const ia = own.map((o) => o.values.indexOf(a.options[o.name] ?? ''));
          const ib = own.map((o) => o.values.indexOf(b.options[o.name] ?? ''));
          for (let i = 0; i < ia.length; i++) if ((ia[i] ?? 0) !== (ib[i] ?? 0)) return (ia[i] ?? 0) - (ib[i] ?? 0);
          return key(a.options).localeCompare(key(b.options));
        })
        .map((c) => ({ uuid: c.id, options: c.options, price: Number(c.price), stock: c.stock })),
      created_at: r.createdAt.toISOString(),
    };
  });
}

function columns(body: ProductBody) {
  return {
    name: body.name,
    description: body.description || null,
    categoryId: body.category_id ?? null,
    price: body.price,
    // An unlimited product keeps no count.
    stock: body.unlimited_stock ? 0 : body.stock,
    unlimitedStock: body.unlimited_stock,
    sortOrder: body.sort_order,
  };
}


/** Row lock on the product for the rest of the transaction (image count and main image checks). */
async function lockProduct(tx: Executor, tenantId: string, id: string) {
  await tx.execute(sql`select 1 from products where tenant_id = ${tenantId} and id = ${id} for update`);
}

export type UploadedImage = { bytes: Buffer; ext: string };

/** Products (spec §3 Product): stock or unlimited stock, images (main first), options and combinations. */
export function createProductService({ db, storage }: { db: Database; storage: StorageAdapter }) {
  async function one(tx: Executor, tenantId: string, id: string): Promise<Product> {
    const [row] = await tx
      .select()
      .from(products)
      .where(and(eq(products.tenantId, tenantId), eq(products.id, id)));
    if (!row) throw notFound();
    const [rendered] = await render(tx, tenantId, [row]);
    if (!rendered) throw notFound();
    return rendered;
  }

  function raced(err: unknown): never {
    if (isForeignKeyViolation(err)) throw fieldError('category_id', 'not_exists');
    rethrowSlugRace(err);
  }

  return {
    async list(ctx: AuthContext, q: ProductsQuery) {
      const conds: SQL[] = [eq(products.tenantId, ctx.tenantId)];
      if (q.search) {
        const p = likePattern(q.search);
        const hit = or(ilike(products.name, p), ilike(products.slug, p));
        if (hit) conds.push(hit);
      }
      if (q.category_id) conds.push(eq(products.categoryId, q.category_id));
      const where = and(...conds);
      return withTenant(db, ctx.tenantId, async (tx) => {
        const [total] = await tx.select({ n: count() }).from(products).where(where);
        const rows = await tx
          .select()
          .from(products)
          .where(where)
          .orderBy(asc(products.sortOrder), asc(products.name), asc(products.id))
          .limit(q.per_page)
          .offset((q.page - 1) * q.per_page);
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

    async create(ctx: AuthContext, body: ProductBody) {
      try {
        return await withTenant(db, ctx.tenantId, async (tx) => {
          if (body.category_id) await assertIds(tx, categories, ctx.tenantId, [body.category_id], 'category_id');
          const slug = await resolveSlug(tx, products, ctx.tenantId, { given: body.slug, name: body.name, fallback: 'product' });
          const [row] = await tx
            .insert(products)
            .values({ tenantId: ctx.tenantId, ...columns(body), slug })
            .returning({ id: products.id });
          if (!row) throw new Error('product insert returned nothing');
          return one(tx, ctx.tenantId, row.id);
        });
      } catch (err) {
        raced(err);
      }
    },

    async update(ctx: AuthContext, id: string, body: ProductBody) {
      try {
        return await withTenant(db, ctx.tenantId, async (tx) => {
          const [current] = await tx
            .select({ slug: products.slug })
            .from(products)
            .where(and(eq(products.tenantId, ctx.tenantId), eq(products.id, id)));
          if (!current) throw notFound();
          if (body.category_id) await assertIds(tx, categories, ctx.tenantId, [body.category_id], 'category_id');
          const slug = await resolveSlug(tx, products, ctx.tenantId, { given: body.slug, name: body.name, current: current.slug, selfId: id, fallback: 'product' });
          await tx
            .update(products)
            .set({ ...columns(body), slug, updatedAt: sql`now()` })
            .where(and(eq(products.tenantId, ctx.tenantId), eq(products.id, id)));
          return one(tx, ctx.tenantId, id);
        });
      } catch (err) {
        raced(err);
      }
    },

    /** Images, options and combinations go with the product; the image files are removed afterwards. */
    async remove(ctx: AuthContext, id: string) {
      const paths = await withTenant(db, ctx.tenantId, async (tx) => {
        const images = await imagesOf(tx, ctx.tenantId, [id]);
        const gone = await tx
          .delete(products)
          .where(and(eq(products.tenantId, ctx.tenantId), eq(products.id, id)))
          .returning({ id: products.id });
        if (gone.length === 0) throw notFound();
        return images.map((i) => i.path);
      });
      for (const p of paths) await storage.remove(p);
    },

    /** Options and combinations replace the product's, in one transaction (the body is already validated). */
    async setVariants(ctx: AuthContext, id: string, body: VariantsBody) {
      return withTenant(db, ctx.tenantId, async (tx) => {
        await one(tx, ctx.tenantId, id);
        await tx.delete(productOptions).where(and(eq(productOptions.tenantId, ctx.tenantId), eq(productOptions.productId, id)));
        await tx.delete(productCombinations).where(and(eq(productCombinations.tenantId, ctx.tenantId), eq(productCombinations.productId, id)));
        if (body.options.length) {
          await tx.insert(productOptions).values(body.options.map((o, i) => ({ tenantId: ctx.tenantId, productId: id, name: o.name, values: o.values, sortOrder: i })));
        }
        if (body.combinations.length) {
          await tx
            .insert(productCombinations)
            .values(body.combinations.map((c) => ({ tenantId: ctx.tenantId, productId: id, options: c.options, price: c.price, stock: c.stock })));
        }
        return one(tx, ctx.tenantId, id);
      });
    },

    /**
     * Stores already checked images (type and size) and lists the product's images. A product has
     * at most PRODUCT_IMAGES_MAX; the first image it gets is the main one.
     */
    async addImages(ctx: AuthContext, id: string, files: UploadedImage[]): Promise<ProductImage[]> {
      const existing = await withTenant(db, ctx.tenantId, async (tx) => {
        await one(tx, ctx.tenantId, id);
        return imagesOf(tx, ctx.tenantId, [id]);
      });
      if (existing.length + files.length > PRODUCT_IMAGES_MAX) throw fieldError('images', 'max_items', { max: PRODUCT_IMAGES_MAX });
      const stored: string[] = [];
      for (const f of files) stored.push(await storage.put(`products/${ctx.tenantId}/${id}/${crypto.randomUUID()}.${f.ext}`, f.bytes));
      try {
        return await withTenant(db, ctx.tenantId, async (tx) => {
          // One image change of a product at a time: the count and the main image stay right under parallel uploads.
          await lockProduct(tx, ctx.tenantId, id);
          const [{ n, top } = { n: 0, top: 0 }] = await tx
            .select({ n: count(), top: sql<number>`coalesce(max(${productImages.sortOrder}), -1)::int` })
            .from(productImages)
            .where(and(eq(productImages.tenantId, ctx.tenantId), eq(productImages.productId, id)));
          if (Number(n) + stored.length > PRODUCT_IMAGES_MAX) throw fieldError('images', 'max_items', { max: PRODUCT_IMAGES_MAX });
          const [main] = await tx
            .select({ id: productImages.id })
            .from(productImages)
            .where(and(eq(productImages.tenantId, ctx.tenantId), eq(productImages.productId, id), eq(productImages.isMain, true)))
            .limit(1);
          const hasMain = Boolean(main);
          await tx.insert(productImages).values(
            stored.map((path, i) => ({ tenantId: ctx.tenantId, productId: id, path, isMain: !hasMain && i === 0, sortOrder: Number(top) + 1 + i })),
          );
          return (await imagesOf(tx, ctx.tenantId, [id])).map(toImage);
        });
      } catch (err) {
        for (const p of stored) await storage.remove(p);
        if (isForeignKeyViolation(err)) throw notFound();
        throw err;
      }
    },

    /** Makes one image the main one; the others become additional. */
    async setMainImage(ctx: AuthContext, id: string, imageId: string): Promise<ProductImage[]> {
      return withTenant(db, ctx.tenantId, async (tx) => {
        await lockProduct(tx, ctx.tenantId, id);
        const images = await imagesOf(tx, ctx.tenantId, [id]);
        if (!images.some((i) => i.id === imageId)) throw notFound();
        await tx
          .update(productImages)
          .set({ isMain: false })
          .where(and(eq(productImages.tenantId, ctx.tenantId), eq(productImages.productId, id), ne(productImages.id, imageId)));
        await tx
          .update(productImages)
          .set({ isMain: true })
          .where(and(eq(productImages.tenantId, ctx.tenantId), eq(productImages.id, imageId)));
        return (await imagesOf(tx, ctx.tenantId, [id])).map(toImage);
      });
    },

    /** Deletes an image; when it was the main one, the next image becomes main. */
    async removeImage(ctx: AuthContext, id: string, imageId: string): Promise<ProductImage[]> {
      const { path, list } = await withTenant(db, ctx.tenantId, async (tx) => {
        await lockProduct(tx, ctx.tenantId, id);
        const images = await imagesOf(tx, ctx.tenantId, [id]);
        const target = images.find((i) => i.id === imageId);
        if (!target) throw notFound();
        await tx.delete(productImages).where(and(eq(productImages.tenantId, ctx.tenantId), eq(productImages.id, imageId)));
        const next = images.find((i) => i.id !== imageId);
        if (target.isMain && next) {
          await tx
            .update(productImages)
            .set({ isMain: true })
            .where(and(eq(productImages.tenantId, ctx.tenantId), eq(productImages.id, next.id)));
        }
        return { path: target.path, list: (await imagesOf(tx, ctx.tenantId, [id])).map(toImage) };
      });
      await storage.remove(path);
      return list;
    },
  };
}

