import { idParam } from '@app/shared/schemas/access';
import { messageSchema } from '@app/shared/schemas/common';
import {
  providerBody,
  providerDefaultHoursQuery,
  providerDefaultHoursSchema,
  providerSchema,
  providersQuery,
  timeOffBody,
  timeOffParams,
  timeOffSchema,
} from '@app/shared/schemas/providers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { providers as providersTable, providerTimeOff } from '../../db/schema/business';
import { t } from '../../i18n/messages';
import type { RouteGuard } from '../../plugins/request-context';
import { createProviderService } from './providers.service';
import { ctxOf, deskReadable, listOf, one, written } from '../../lib/http';



/** Providers (staff) and their time off — key `providers` (docs/providers-customers.md). */
export const providerRoutes = (deps: { db: Database }): FastifyPluginAsyncZod => async (app) => {
  const providers = createProviderService(deps);
  const tags = ['providers'];
  const all: RouteGuard = { permissions: ['providers'] };
  const byId: RouteGuard = { ...all, resources: { id: providersTable } };

  app.get('/providers', { config: deskReadable(all), schema: { tags, querystring: providersQuery, response: { 200: listOf(providerSchema) } } }, async (request) => ({
    data: await providers.list(ctxOf(request), request.query),
  }));

  // Static: matched before `/providers/:id`.
  app.get(
    '/providers/default-hours',
    { config: all, schema: { tags, summary: 'The working hours a new provider of the branch starts with', querystring: providerDefaultHoursQuery, response: { 200: one(providerDefaultHoursSchema) } } },
    async (request) => ({ data: await providers.defaultHours(ctxOf(request), request.query) }),
  );

  app.get('/providers/:id', { config: byId, schema: { tags, params: idParam, response: { 200: one(providerSchema) } } }, async (request) => ({
    data: await providers.get(ctxOf(request), request.params.id),
  }));

  app.post('/providers', { config: all, schema: { tags, body: providerBody, response: { 201: written(providerSchema) } } }, async (request, reply) => {
    const data = await providers.create(ctxOf(request), request.body);
    return reply.status(201).send({ message: t('created', request.locale), data });
  });

  app.put('/providers/:id', { config: byId, schema: { tags, params: idParam, body: providerBody, response: { 200: written(providerSchema) } } }, async (request) => ({
    message: t('updated', request.locale),
    data: await providers.update(ctxOf(request), request.params.id, request.body),
  }));

  app.delete('/providers/:id', { config: byId, schema: { tags, params: idParam, response: { 200: messageSchema } } }, async (request) => {
    await providers.remove(ctxOf(request), request.params.id);
    return { message: t('deleted', request.locale) };
  });

  app.get('/providers/:id/time-off', { config: byId, schema: { tags, params: idParam, response: { 200: listOf(timeOffSchema) } } }, async (request) => ({
    data: await providers.listTimeOff(ctxOf(request), request.params.id),
  }));

  app.post(
    '/providers/:id/time-off',
    { config: byId, schema: { tags, params: idParam, body: timeOffBody, response: { 201: written(timeOffSchema) } } },
    async (request, reply) => {
      const data = await providers.addTimeOff(ctxOf(request), request.params.id, request.body);
      return reply.status(201).send({ message: t('created', request.locale), data });
    },
  );

  app.delete(
    '/providers/:id/time-off/:timeOffId',
    { config: { ...all, resources: { id: providersTable, timeOffId: providerTimeOff } }, schema: { tags, params: timeOffParams, response: { 200: messageSchema } } },
    async (request) => {
      await providers.removeTimeOff(ctxOf(request), request.params.id, request.params.timeOffId);
      return { message: t('deleted', request.locale) };
    },
  );
};
