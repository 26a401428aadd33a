import { idParam } from '@app/shared/schemas/access';
import { messageSchema } from '@app/shared/schemas/common';
import { quotationBody, quotationSchema, quotationStatusBody, quotationsPage, quotationsQuery } from '@app/shared/schemas/invoices';
import { orderSchema } from '@app/shared/schemas/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { quotations } from '../../db/schema/invoices';
import type { StorageAdapter } from '../../integrations/storage/storage.adapter';
import { t } from '../../i18n/messages';
import { ctxOf, one, written } from '../../lib/http';
import type { RouteGuard } from '../../plugins/request-context';
import { createQuotationService } from './quotations.service';

/** Quotations (issue 16 §3, `/sales/quotations`): the `quotations` key; converting also makes an order (`orders`). */
export const quotationRoutes =
  (deps: { db: Database; storage: StorageAdapter }): FastifyPluginAsyncZod =>
  async (app) => {
    const svc = createQuotationService(deps);
    const tags = ['quotations'];
    const all: RouteGuard = { permissions: ['quotations'] };
    const byId: RouteGuard = { ...all, resources: { id: quotations } };

    app.get('/quotations', { config: all, schema: { tags, querystring: quotationsQuery, response: { 200: quotationsPage } } }, async (request) => svc.list(ctxOf(request), request.query));

    app.post('/quotations', { config: all, schema: { tags, body: quotationBody, response: { 201: written(quotationSchema) } } }, async (request, reply) => {
      const data = await svc.create(ctxOf(request), request.body);
      return reply.status(201).send({ message: t('created', request.locale), data });
    });

    app.get('/quotations/:id', { config: byId, schema: { tags, params: idParam, response: { 200: one(quotationSchema) } } }, async (request) => ({
      data: await svc.get(ctxOf(request), request.params.id),
    }));

    app.put('/quotations/:id', { config: byId, schema: { tags, summary: 'Edit a pending quotation', params: idParam, body: quotationBody, response: { 200: written(quotationSchema) } } }, async (request) => ({
      message: t('updated', request.locale),
      data: await svc.update(ctxOf(request), request.params.id, request.body),
    }));

    app.post(
      '/quotations/:id/status',
      { config: byId, schema: { tags, summary: 'Approve or reject a pending quotation', params: idParam, body: quotationStatusBody, response: { 200: written(quotationSchema) } } },
      async (request) => ({ message: t('updated', request.locale), data: await svc.setStatus(ctxOf(request), request.params.id, request.body.status) }),
    );

    app.post(
      '/quotations/:id/convert',
      { config: { ...byId, permissions: ['quotations'] }, schema: { tags, summary: 'Make an order of an approved quotation (once)', params: idParam, response: { 201: written(orderSchema) } } },
      async (request, reply) => {
        const data = await svc.convert(ctxOf(request), request.params.id);
        return reply.status(201).send({ message: t('quotation_converted', request.locale), data });
      },
    );

    app.delete('/quotations/:id', { config: byId, schema: { tags, params: idParam, response: { 200: messageSchema } } }, async (request) => {
      await svc.remove(ctxOf(request), request.params.id);
      return { message: t('deleted', request.locale) };
    });
  };
