import { idParam, roleBody, roleSchema } from '@app/shared/schemas/access';
import { messageSchema } from '@app/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { roles as rolesTable } from '../../db/schema/users';
import { t } from '../../i18n/messages';
import type { RouteGuard } from '../../plugins/request-context';
import { requireAuth } from './access.routes';
import type { RolesService } from './roles.service';

const one = z.object({ data: roleSchema });
const written = z.object({ message: z.string(), data: roleSchema });

/** Roles — `settings.roles` (the list also for `settings.users`: the users screen picks roles from it). */
export const roleRoutes =
  ({ roles }: { roles: RolesService }): FastifyPluginAsyncZod =>
  async (app) => {
    const guard: RouteGuard = { permissions: ['settings.roles'] };
    const byId: RouteGuard = { permissions: ['settings.roles'], resources: { id: rolesTable } };
    const tags = ['roles'];

    app.get(
      '/roles',
      { config: { permissions: ['settings.roles', 'settings.users'] }, schema: { tags, response: { 200: z.object({ data: z.array(roleSchema) }) } } },
      async (request) => ({ data: await roles.list(requireAuth(request), request.locale) }),
    );

    app.get('/roles/:id', { config: byId, schema: { tags, params: idParam, response: { 200: one } } }, async (request) => ({
      data: await roles.get(requireAuth(request), request.params.id, request.locale),
    }));

    app.post('/roles', { config: guard, schema: { tags, body: roleBody, response: { 201: written } } }, async (request, reply) => {
      const data = await roles.create(requireAuth(request), request.body, request.locale);
      return reply.status(201).send({ message: t('created', request.locale), data });
    });

    app.put('/roles/:id', { config: byId, schema: { tags, params: idParam, body: roleBody, response: { 200: written } } }, async (request) => {
      const data = await roles.update(requireAuth(request), request.params.id, request.body, request.locale);
      return { message: t('updated', request.locale), data };
    });

    app.delete('/roles/:id', { config: byId, schema: { tags, params: idParam, response: { 200: messageSchema } } }, async (request) => {
      await roles.remove(requireAuth(request), request.params.id);
      return { message: t('deleted', request.locale) };
    });
  };
