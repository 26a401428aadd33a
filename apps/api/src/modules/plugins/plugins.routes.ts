import { pluginSchema, pluginSlugParam } from '@app/shared/schemas/access';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { t } from '../../i18n/messages';
import { notFound, } from '../../lib/errors';
import type { RouteGuard } from '../../plugins/request-context';
import type { AuthService } from '../auth/auth.service';
import { createPluginService, isPluginSlug } from './plugins.service';
import { ctxOf } from '../../lib/http';

export type ModuleDeps = { db: Database; auth: AuthService; config: Config };


/** An unknown slug names no plugin: 404, before the params schema would answer 422. */
async function knownSlug(request: FastifyRequest) {
  if (!isPluginSlug((request.params as { id?: unknown } | undefined)?.id)) throw notFound();
}

/** Plugins: list, install, uninstall (docs/access-control.md). */
export const pluginRoutes = (deps: ModuleDeps): FastifyPluginAsyncZod => async (app) => {
  const plugins = createPluginService(deps);
  const tags = ['plugins'];
  const config: RouteGuard = { permissions: ['plugins'] };
  const bySlug: RouteGuard = { ...config, globalParams: true };
  const written = z.object({ message: z.string(), data: pluginSchema });

  app.get('/plugins', { config, schema: { tags, response: { 200: z.object({ data: z.array(pluginSchema) }) } } }, async (request) => ({
    data: plugins.list(ctxOf(request), request.locale),
  }));

  app.put(
    '/plugins/:id/install',
    { config: bySlug, preValidation: knownSlug, schema: { tags, params: pluginSlugParam, response: { 200: written } } },
    async (request) => ({
      message: t('installed', request.locale),
      data: await plugins.install(ctxOf(request), request.params.id, request.locale),
    }),
  );

  app.delete(
    '/plugins/:id/uninstall',
    { config: bySlug, preValidation: knownSlug, schema: { tags, params: pluginSlugParam, response: { 200: written } } },
    async (request) => ({
      message: t('uninstalled', request.locale),
      data: await plugins.uninstall(ctxOf(request), request.params.id, request.locale),
    }),
  );
};
