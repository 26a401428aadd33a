import { idParam } from '@app/shared/schemas/access';
import {
  categoryBody,
  categorySchema,
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGE_TYPES,
  PRODUCT_IMAGES_MAX,
  packageBody,
  packageSchema,
  productBody,
  productImageParams,
  productImageSchema,
  productSchema,
  productsPage,
  productsQuery,
  reorderBody,
  serviceBody,
  serviceMetricSchema,
  serviceProviderSchema,
  serviceProvidersBody,
  serviceSchema,
  servicesPage,
  servicesQuery,
  variantsBody,
} from '@app/shared/schemas/catalogue';
import { messageSchema } from '@app/shared/schemas/common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { categories, packages, productImages, products, services } from '../../db/schema/business';
import { t } from '../../i18n/messages';
import { type StorageAdapter, sniffImage } from '../../integrations/storage/storage.adapter';
import { AppError, fieldError, } from '../../lib/errors';
import type { RouteGuard } from '../../plugins/request-context';
import { createCategoryService } from './categories.service';
import { createPackageService } from './packages.service';
import { createProductService, type UploadedImage } from './products.service';
import { createServiceService } from './services.service';
import { BOOKING_DESK_KEYS } from '@app/shared/permissions';
import { crudRoutes, ctxOf, deskReadable, listOf, one, written } from '../../lib/http';



const MB = PRODUCT_IMAGE_MAX_BYTES / 1024 / 1024;
const tooLarge = () => fieldError('images', 'file_too_large', { max: MB });

/**
 * The `images` files of a multipart body, each checked by its first bytes (jpeg, png, webp) and its
 * size (2 MB); nothing is kept unless every file passes.
 */
async function readImages(request: FastifyRequest): Promise<UploadedImage[]> {
  if (!request.isMultipart()) throw fieldError('images', 'required');
  const files: UploadedImage[] = [];
  try {
    for await (const part of request.parts({ limits: { files: PRODUCT_IMAGES_MAX, fileSize: PRODUCT_IMAGE_MAX_BYTES, fields: 5 } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'images' && part.fieldname !== 'images[]') {
        part.file.resume();
        continue;
      }
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch {
        throw tooLarge();
      }
      if (part.file.truncated) throw tooLarge();
      const kind = sniffImage(bytes);
      if (!kind || !(PRODUCT_IMAGE_TYPES as readonly string[]).includes(kind.mime)) throw fieldError('images', 'file_type');
      files.push({ bytes, ext: kind.ext });
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw fieldError('images', 'max_items', { max: PRODUCT_IMAGES_MAX });
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    // A truncated or malformed multipart body is the client's fault, not a server error.
    throw fieldError('images', 'invalid');
  }
  if (files.length === 0) throw fieldError('images', 'required');
  return files;
}

/** The catalogue: categories, services (with providers and metrics), products, packages. */
export const catalogueRoutes =
  (deps: { db: Database; storage: StorageAdapter }): FastifyPluginAsyncZod =>
  async (app) => {
    const cats = createCategoryService(deps);
    const svc = createServiceService(deps);
    const prod = createProductService(deps);
    const pkg = createPackageService(deps);

    // ------------------------------------------------------------ categories: group services and products
    {
      const tags = ['categories'];
      const all: RouteGuard = { permissions: ['services', 'products'] };
      const byId: RouteGuard = { ...all, resources: { id: categories } };

      app.get('/categories', { config: all, schema: { tags, response: { 200: listOf(categorySchema) } } }, async (request) => ({
        data: await cats.list(ctxOf(request)),
      }));
      app.get('/categories/:id', { config: byId, schema: { tags, params: idParam, response: { 200: one(categorySchema) } } }, async (request) => ({
        data: await cats.get(ctxOf(request), request.params.id),
      }));
      app.post('/categories', { config: all, schema: { tags, body: categoryBody, response: { 201: written(categorySchema) } } }, async (request, reply) => {
        const data = await cats.create(ctxOf(request), request.body);
        return reply.status(201).send({ message: t('created', request.locale), data });
      });
      app.put(
        '/categories/reorder',
        { config: all, schema: { tags, summary: 'Sort order follows the order of ids', body: reorderBody, response: { 200: z.object({ message: z.string(), data: z.array(categorySchema) }) } } },
        async (request) => ({ message: t('reordered', request.locale), data: await cats.reorder(ctxOf(request), request.body.ids) }),
      );
      app.put('/categories/:id', { config: byId, schema: { tags, params: idParam, body: categoryBody, response: { 200: written(categorySchema) } } }, async (request) => ({
        message: t('updated', request.locale),
        data: await cats.update(ctxOf(request), request.params.id, request.body),
      }));
      app.delete('/categories/:id', { config: byId, schema: { tags, params: idParam, response: { 200: messageSchema } } }, async (request) => {
        await cats.remove(ctxOf(request), request.params.id);
        return { message: t('deleted', request.locale) };
      });
    }

    // ------------------------------------------------------------ services: services
    {
      const tags = ['services'];
      const all: RouteGuard = { permissions: ['services'] };
      const byId: RouteGuard = { ...all, resources: { id: services } };

      app.get('/services', { config: deskReadable(all), schema: { tags, querystring: servicesQuery, response: { 200: servicesPage } } }, async (request) =>
        svc.list(ctxOf(request), request.query),
      );
      app.get('/services/:id', { config: byId, schema: { tags, params: idParam, response: { 200: one(serviceSchema) } } }, async (request) => ({
        data: await svc.get(ctxOf(request), request.params.id),
      }));
      app.post('/services', { config: all, schema: { tags, body: serviceBody, response: { 201: written(serviceSchema) } } }, async (request, reply) => {
        const data = await svc.create(ctxOf(request), request.body);
        return reply.status(201).send({ message: t('created', request.locale), data });
      });
      app.put('/services/:id', { config: byId, schema: { tags, params: idParam, body: serviceBody, response: { 200: written(serviceSchema) } } }, async (request) => ({
        message: t('updated', request.locale),
        data: await svc.update(ctxOf(request), request.params.id, request.body),
      }));
      app.delete('/services/:id', { config: byId, schema: { tags, params: idParam, response: { 200: messageSchema } } }, async (request) => {
        await svc.remove(ctxOf(request), request.params.id);
        return { message: t('deleted', request.locale) };
      });
      app.get(
        '/services/:id/providers',
        { config: byId, schema: { tags, summary: 'Every provider, assigned to the service or not', params: idParam, response: { 200: listOf(serviceProviderSchema) } } },
        async (request) => ({ data: await svc.providers(ctxOf(request), request.params.id) }),
      );
      app.put(
        '/services/:id/providers',
        { config: byId, schema: { tags, params: idParam, body: serviceProvidersBody, response: { 200: z.object({ message: z.string(), data: z.array(serviceProviderSchema) }) } } },
        async (request) => ({
          message: t('assignment_updated', request.locale),
          data: await svc.assignProviders(ctxOf(request), request.params.id, request.body.provider_ids),
        }),
      );
      app.get(
        '/service-metrics',
        { config: all, schema: { tags, summary: 'Per service: price, duration, providers assigned, tax rate', response: { 200: listOf(serviceMetricSchema) } } },
        async (request) => ({ data: await svc.metrics(ctxOf(request)) }),
      );
    }

    // ------------------------------------------------------------ products: products
    {
      const tags = ['products'];
      const all: RouteGuard = { permissions: ['products'] };
      const byId: RouteGuard = { ...all, resources: { id: products } };
      const byImage: RouteGuard = { ...all, resources: { id: products, imageId: productImages } };
      const imagesResult = z.object({ message: z.string(), data: z.array(productImageSchema) });

      app.get('/products', { config: deskReadable(all), schema: { tags, querystring: productsQuery, response: { 200: productsPage } } }, async (request) =>
        prod.list(ctxOf(request), request.query),
      );
      app.get('/products/:id', { config: byId, schema: { tags, params: idParam, response: { 200: one(productSchema) } } }, async (request) => ({
        data: await prod.get(ctxOf(request), request.params.id),
      }));
      app.post('/products', { config: all, schema: { tags, body: productBody, response: { 201: written(productSchema) } } }, async (request, reply) => {
        const data = await prod.create(ctxOf(request), request.body);
        return reply.status(201).send({ message: t('created', request.locale), data });
      });
      app.put('/products/:id', { config: byId, schema: { tags, params: idParam, body: productBody, response: { 200: written(productSchema) } } }, async (request) => ({
        message: t('updated', request.locale),
        data: await prod.update(ctxOf(request), request.params.id, request.body),
      }));
      app.delete('/products/:id', { config: byId, schema: { tags, params: idParam, response: { 200: messageSchema } } }, async (request) => {
        await prod.remove(ctxOf(request), request.params.id);
        return { message: t('deleted', request.locale) };
      });
      app.put(
        '/products/:id/variants',
        { config: byId, schema: { tags, summary: 'Options and their combinations (own price and stock)', params: idParam, body: variantsBody, response: { 200: written(productSchema) } } },
        async (request) => ({ message: t('updated', request.locale), data: await prod.setVariants(ctxOf(request), request.params.id, request.body) }),
      );
      app.post(
        '/products/:id/images',
        {
          config: byId,
          schema: {
            tags,
            summary: `Upload images (multipart: images, jpeg/png/webp, ${MB} MB each, ${PRODUCT_IMAGES_MAX} a product)`,
            consumes: ['multipart/form-data'],
            params: idParam,
            response: { 201: imagesResult },
          },
        },
        async (request, reply) => {
          const files = await readImages(request);
          const data = await prod.addImages(ctxOf(request), request.params.id, files);
          return reply.status(201).send({ message: t('images_uploaded', request.locale), data });
        },
      );
      app.put(
        '/products/:id/images/:imageId/main',
        { config: byImage, schema: { tags, summary: 'Make this the main image', params: productImageParams, response: { 200: imagesResult } } },
        async (request) => ({ message: t('main_image_set', request.locale), data: await prod.setMainImage(ctxOf(request), request.params.id, request.params.imageId) }),
      );
      app.delete(
        '/products/:id/images/:imageId',
        { config: byImage, schema: { tags, params: productImageParams, response: { 200: imagesResult } } },
        async (request) => ({ message: t('deleted', request.locale), data: await prod.removeImage(ctxOf(request), request.params.id, request.params.imageId) }),
      );
    }

    // ------------------------------------------------------------ packages: packages plugin
    {
      const tags = ['packages'];
      const all: RouteGuard = { permissions: ['packages'], plugin: 'packages' };
      crudRoutes(app, { path: '/packages', tags, guard: all, readers: [...BOOKING_DESK_KEYS], table: packages, body: packageBody, item: packageSchema, service: pkg });
    }
  };
