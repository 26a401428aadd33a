import {
  appAccessBody,
  convertToProviderBody,
  createPosUserBody,
  idParam,
  passwordConfirmBody,
  staffUserSchema,
  updateUserBody,
  usersPage,
  usersQuery,
} from '@app/shared/schemas/access';
import { messageSchema } from '@app/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { users as usersTable } from '../../db/schema/users';
import { t } from '../../i18n/messages';
import type { RouteGuard } from '../../plugins/request-context';
import { requireAuth } from './access.routes';
import type { createEraseService } from './erase.service';
import type { UsersService } from './users.service';

const one = z.object({ data: staffUserSchema });
const written = z.object({ message: z.string(), data: staffUserSchema });
/** Password checks are throttled per client address. */
const perIp = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

/** Users — `settings.users`; transfer of ownership and the data wipe — the owner only. */
export const userRoutes =
  ({ users, erase }: { users: UsersService; erase: ReturnType<typeof createEraseService> }): FastifyPluginAsyncZod =>
  async (app) => {
    const guard: RouteGuard = { permissions: ['settings.users'] };
    const byId: RouteGuard = { permissions: ['settings.users'], resources: { id: usersTable } };
    const tags = ['users'];

    app.get('/users', { config: guard, schema: { tags, querystring: usersQuery, response: { 200: usersPage } } }, async (request) =>
      users.list(requireAuth(request), request.query, request.locale),
    );

    app.get('/users/:id', { config: byId, schema: { tags, params: idParam, response: { 200: one } } }, async (request) => ({
      data: await users.get(requireAuth(request), request.params.id, request.locale),
    }));

    app.post(
      '/users',
      { config: { ...guard, plugin: 'pos' }, schema: { tags, summary: 'Create a POS (cashier) account', body: createPosUserBody, response: { 201: written } } },
      async (request, reply) => {
        const data = await users.createPos(requireAuth(request), request.body, request.locale);
        return reply.status(201).send({ message: t('created', request.locale), data });
      },
    );

    app.put('/users/:id', { config: byId, schema: { tags, params: idParam, body: updateUserBody, response: { 200: written } } }, async (request) => {
      const data = await users.update(requireAuth(request), request.params.id, request.body, request.locale);
      return { message: t('updated', request.locale), data };
    });

    app.post('/users/:id/activate', { config: byId, schema: { tags, params: idParam, response: { 200: written } } }, async (request) => {
      const data = await users.setStatus(requireAuth(request), request.params.id, 'active', request.locale);
      return { message: t('activated', request.locale), data };
    });

    app.post('/users/:id/deactivate', { config: byId, schema: { tags, params: idParam, response: { 200: written } } }, async (request) => {
      const data = await users.setStatus(requireAuth(request), request.params.id, 'inactive', request.locale);
      return { message: t('deactivated', request.locale), data };
    });

    app.post(
      '/users/:id/convert-to-provider',
      { config: byId, schema: { tags, params: idParam, body: convertToProviderBody.nullish(), response: { 200: written } } },
      async (request) => {
        const data = await users.convertToProvider(requireAuth(request), request.params.id, request.body?.provider_id, request.locale);
        return { message: t('user_converted', request.locale), data };
      },
    );

    app.post('/users/:id/convert-to-user', { config: byId, schema: { tags, params: idParam, response: { 200: written } } }, async (request) => {
      const data = await users.convertToUser(requireAuth(request), request.params.id, request.locale);
      return { message: t('user_converted', request.locale), data };
    });

    app.put('/users/:id/app-access', { config: byId, schema: { tags, params: idParam, body: appAccessBody, response: { 200: written } } }, async (request) => {
      const data = await users.setAppAccess(requireAuth(request), request.params.id, request.body.enabled, request.locale);
      return { message: t('updated', request.locale), data };
    });

    app.delete('/users/:id', { config: byId, schema: { tags, params: idParam, response: { 200: messageSchema } } }, async (request) => {
      await users.remove(requireAuth(request), request.params.id);
      return { message: t('deleted', request.locale) };
    });

    app.post(
      '/users/:id/transfer-ownership',
      {
        config: { ownerOnly: true, permissions: ['settings.users'], resources: { id: usersTable }, ...perIp(10) },
        schema: { tags, params: idParam, body: passwordConfirmBody, response: { 200: written } },
      },
      async (request) => {
        const data = await users.transferOwnership(requireAuth(request), request.params.id, request.body.password, request.locale);
        return { message: t('ownership_transferred', request.locale), data };
      },
    );

    app.post(
      '/erase-data',
      {
        config: { ownerOnly: true, permissions: ['settings.deleting_data'], ...perIp(10) },
        schema: { tags: ['settings'], summary: "Delete the business's catalogue and activity data", body: passwordConfirmBody, response: { 200: messageSchema } },
      },
      async (request) => {
        await erase.erase(requireAuth(request), request.body.password);
        return { message: t('data_erased', request.locale) };
      },
    );
  };
