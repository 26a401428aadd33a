import { idParam } from '@app/shared/schemas/access';
import { keysetPageQuery, messageSchema } from '@app/shared/schemas/common';
import {
  addItemsBody,
  changeOrderStatusBody,
  detailsBody,
  discountBody,
  locationBody,
  metaDataBody,
  noteBody,
  ORDER_IMAGE_MAX_BYTES,
  ORDER_IMAGE_TYPES,
  ORDER_IMAGES_MAX,
  orderBody,
  orderCustomerParams,
  orderImageParams,
  orderImageSchema,
  orderItemParams,
  orderLogSchema,
  orderParams,
  orderSchema,
  ordersPage,
  orderStatusCountsSchema,
  orderStatusQuery,
  ordersQuery,
  orderUpdateBody,
  unreadCountsSchema,
} from '@app/shared/schemas/orders';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { orderImages, orderItems, orders } from '../../db/schema/sales';
import { t } from '../../i18n/messages';
import { type StorageAdapter, sniffImage } from '../../integrations/storage/storage.adapter';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { ctxOf, listOf, one, sendJsonText, written } from '../../lib/http';
import type { RouteGuard } from '../../plugins/request-context';
import { createOrderService, type UploadedImage } from './orders.service';
import { applyCouponBody } from '@app/shared/schemas/marketing';

const MB = ORDER_IMAGE_MAX_BYTES / 1024 / 1024;
const tooLarge = () => fieldError('images', 'file_too_large', { max: MB });

/** The `images` files of a multipart body, each told by its first bytes (jpeg, png, webp), 2 MB each; one bad file stores none. */
async function readImages(request: FastifyRequest): Promise<UploadedImage[]> {
  if (!request.isMultipart()) throw fieldError('images', 'required');
  const files: UploadedImage[] = [];
  try {
    for await (const part of request.parts({ limits: { files: ORDER_IMAGES_MAX, fileSize: ORDER_IMAGE_MAX_BYTES, fields: 5 } })) {
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
      if (!kind || !(ORDER_IMAGE_TYPES as readonly string[]).includes(kind.mime)) throw fieldError('images', 'file_type');
      files.push({ bytes, ext: kind.ext, mime: kind.mime });
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw fieldError('images', 'max_items', { max: ORDER_IMAGES_MAX });
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    // A truncated or malformed multipart body is the client's fault, not a server error.
    throw fieldError('images', 'invalid');
  }
  if (files.length === 0) throw fieldError('images', 'required');
  return files;
}

/** Orders (docs/orders.md) — key `orders`; a provider account sees only the orders assigned to it. */
export const orderRoutes =
  (deps: { db: Database; storage: StorageAdapter }): FastifyPluginAsyncZod =>
  async (app) => {
    const svc = createOrderService(deps);
    const { storage } = deps;
    const tags = ['orders'];
    const all: RouteGuard = { permissions: ['orders'] };
    const byId: RouteGuard = { ...all, resources: { id: orders } };
    const orderResult = written(orderSchema);

    app.get(
      '/load-orders-status',
      { config: all, schema: { tags, summary: 'Placed orders by status, and how many drafts and trashed orders', querystring: orderStatusQuery, response: { 200: orderStatusCountsSchema } } },
      async (request) => svc.statusCounts(ctxOf(request), request.query.branch_id),
    );

    app.get(
      '/load-unread-modules-counts',
      { config: { self: true }, schema: { tags, summary: 'Sidebar badges: unread orders and transactions the account may see', response: { 200: one(unreadCountsSchema) } } },
      async (request) => ({ data: await svc.unreadCounts(ctxOf(request)) }),
    );

    // The lists' orders are JSON text the database made (orders.repository listOrders), written out as they come.
    app.get('/orders', { config: all, schema: { tags, querystring: ordersQuery, response: { 200: ordersPage } } }, async (request, reply) =>
      sendJsonText(reply, await svc.list(ctxOf(request), request.query)),
    );

    // The customer page's orders tab (spec §7 customers/{id}/orders); another business's customer is a 404.
    app.get(
      '/customers/:id/orders',
      {
        config: { ...all, resources: { id: customers } },
        schema: { tags, summary: "A customer's placed orders of every branch, newest first", params: idParam, querystring: keysetPageQuery, response: { 200: ordersPage } },
      },
      async (request, reply) => sendJsonText(reply, await svc.customerOrders(ctxOf(request), request.params.id, request.query)),
    );

    app.post('/orders', { config: all, schema: { tags, body: orderBody, response: { 201: orderResult } } }, async (request, reply) => {
      const data = await svc.create(ctxOf(request), request.body);
      return reply.status(201).send({ message: t('created', request.locale), data });
    });

    app.get('/orders/:id', { config: byId, schema: { tags, summary: 'One order (marks it read)', params: orderParams, response: { 200: one(orderSchema) } } }, async (request) => ({
      data: await svc.get(ctxOf(request), request.params.id),
    }));

    app.get('/orders/:id/logs', { config: byId, schema: { tags, params: orderParams, response: { 200: listOf(orderLogSchema) } } }, async (request) => ({
      data: await svc.logs(ctxOf(request), request.params.id),
    }));

    app.put(
      '/orders/:id',
      { config: byId, schema: { tags, summary: 'Edit; new items replace the lines and delete the appointments', params: orderParams, body: orderUpdateBody, response: { 200: orderResult } } },
      async (request) => ({ message: t('updated', request.locale), data: await svc.update(ctxOf(request), request.params.id, request.body) }),
    );

    app.post('/orders/:id/items', { config: byId, schema: { tags, params: orderParams, body: addItemsBody, response: { 201: orderResult } } }, async (request, reply) => {
      const data = await svc.addItems(ctxOf(request), request.params.id, request.body.items);
      return reply.status(201).send({ message: t('created', request.locale), data });
    });

    app.put('/orders/:id/discount', { config: byId, schema: { tags, params: orderParams, body: discountBody, response: { 200: orderResult } } }, async (request) => ({
      message: t('updated', request.locale),
      data: await svc.setDiscount(ctxOf(request), request.params.id, request.body),
    }));

    app.delete('/orders/:id/undiscount', { config: byId, schema: { tags, params: orderParams, response: { 200: orderResult } } }, async (request) => ({
      message: t('updated', request.locale),
      data: await svc.setDiscount(ctxOf(request), request.params.id, null),
    }));

    // A coupon (issue 18 §2): one use of it per order, taken and given back under the coupon's lock.
    app.put('/orders/:id/coupon', { config: byId, schema: { tags, summary: "Apply a coupon by its code: the order's discount becomes the coupon's", params: orderParams, body: applyCouponBody, response: { 200: orderResult } } }, async (request) => ({
      message: t('updated', request.locale),
      data: await svc.applyCoupon(ctxOf(request), request.params.id, request.body.code),
    }));

    app.delete('/orders/:id/coupon', { config: byId, schema: { tags, summary: 'Remove the coupon and its discount; its use is given back', params: orderParams, response: { 200: orderResult } } }, async (request) => ({
      message: t('updated', request.locale),
      data: await svc.removeCoupon(ctxOf(request), request.params.id),
    }));

    app.post(
      '/orders/:id/change-status',
      { config: byId, schema: { tags, params: orderParams, body: changeOrderStatusBody, response: { 200: orderResult } } },
      async (request) => ({ message: t('order_status_changed', request.locale), data: await svc.changeStatus(ctxOf(request), request.params.id, request.body) }),
    );

    app.post('/orders/:id/update-meta-data', { config: byId, schema: { tags, params: orderParams, body: metaDataBody, response: { 200: orderResult } } }, async (request) => ({
      message: t('updated', request.locale),
      data: await svc.updateMeta(ctxOf(request), request.params.id, request.body.meta_data),
    }));

    app.post('/orders/:id/update-note', { config: byId, schema: { tags, params: orderParams, body: noteBody, response: { 200: orderResult } } }, async (request) => ({
      message: t('updated', request.locale),
      data: await svc.updateNote(ctxOf(request), request.params.id, request.body.notes),
    }));

    app.post('/orders/:id/edit-location', { config: byId, schema: { tags, params: orderParams, body: locationBody, response: { 200: orderResult } } }, async (request) => ({
      message: t('updated', request.locale),
      data: await svc.editLocation(ctxOf(request), request.params.id, request.body),
    }));

    app.put(
      '/orders/:id/update-customer/:customerId',
      { config: { ...all, resources: { id: orders, customerId: customers } }, schema: { tags, params: orderCustomerParams, response: { 200: orderResult } } },
      async (request) => ({ message: t('updated', request.locale), data: await svc.updateCustomer(ctxOf(request), request.params.id, request.params.customerId) }),
    );

    app.post('/orders/:id/update-details', { config: byId, schema: { tags, params: orderParams, body: detailsBody, response: { 200: orderResult } } }, async (request) => ({
      message: t('updated', request.locale),
      data: await svc.updateDetails(ctxOf(request), request.params.id, request.body),
    }));

    // ------------------------------------------------------------ trash
    app.delete('/orders/:id', { config: byId, schema: { tags, summary: 'To the trash (its appointments are deleted)', params: orderParams, response: { 200: messageSchema } } }, async (request) => {
      await svc.trash(ctxOf(request), request.params.id);
      return { message: t('order_trashed', request.locale) };
    });

    app.post('/orders/:id/restore', { config: byId, schema: { tags, params: orderParams, response: { 200: orderResult } } }, async (request) => ({
      message: t('order_restored', request.locale),
      data: await svc.restore(ctxOf(request), request.params.id),
    }));

    app.delete('/orders/:id/force', { config: byId, schema: { tags, summary: 'Delete for good (only from the trash)', params: orderParams, response: { 200: messageSchema } } }, async (request) => {
      const files = await svc.forceDelete(ctxOf(request), request.params.id);
      await Promise.all(files.map((f) => storage.remove(f)));
      return { message: t('deleted', request.locale) };
    });

    app.delete(
      '/orders/:id/:itemId',
      { config: { ...all, resources: { id: orders, itemId: orderItems } }, schema: { tags, summary: 'Remove one line (its appointment goes with it)', params: orderItemParams, response: { 200: orderResult } } },
      async (request) => ({ message: t('deleted', request.locale), data: await svc.removeItem(ctxOf(request), request.params.id, request.params.itemId) }),
    );

    // ------------------------------------------------------------ images (private)
    const byImage: RouteGuard = { ...all, resources: { id: orders, imageId: orderImages } };
    const imagesResult = z.object({ message: z.string(), data: z.array(orderImageSchema) });

    app.post(
      '/orders/:id/images',
      {
        config: byId,
        schema: {
          tags,
          summary: `Upload images (multipart: images, jpeg/png/webp, ${MB} MB each, ${ORDER_IMAGES_MAX} an order)`,
          consumes: ['multipart/form-data'],
          params: orderParams,
          response: { 201: imagesResult },
        },
      },
      async (request, reply) => {
        const files = await readImages(request);
        const data = await svc.addImages(ctxOf(request), request.params.id, files);
        return reply.status(201).send({ message: t('images_uploaded', request.locale), data });
      },
    );

    app.get(
      '/orders/:id/images/:imageId',
      { config: byImage, schema: { tags, summary: 'The image file (private: only through this route)', params: orderImageParams } },
      async (request, reply) => {
        const img = await svc.imageFile(ctxOf(request), request.params.id, request.params.imageId);
        const bytes = await storage.read(img.path);
        if (!bytes) throw notFound();
        return reply.header('content-type', img.mime).header('x-content-type-options', 'nosniff').header('cache-control', 'private, no-store').send(bytes);
      },
    );

    app.delete('/orders/:id/images/:imageId', { config: byImage, schema: { tags, params: orderImageParams, response: { 200: imagesResult } } }, async (request) => ({
      message: t('deleted', request.locale),
      data: await svc.removeImage(ctxOf(request), request.params.id, request.params.imageId),
    }));
  };
