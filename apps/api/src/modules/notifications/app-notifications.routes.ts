import { idParam } from '@app/shared/schemas/access';
import { appNotificationRead, appNotificationsPage, seenModuleParam } from '@app/shared/schemas/app-notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Database, withTenant } from '../../db/client';
import { appNotifications } from '../../db/schema/notifications';
import { t } from '../../i18n/messages';
import { ctxOf, one, written } from '../../lib/http';
import { createAppNotificationService } from './app-notifications';
import { markSeen } from './unread';

/**
 * The bell (issue 18 §1, spec §4): any signed-in account, and it sees, reads and clears only its own
 * notes (`self`: no key needed; a note of another account is a 404). The counters themselves are
 * `GET load-unread-modules-counts` (orders.routes.ts, notifications/unread.ts); `POST unread/{module}/seen`
 * is the orders or payments list telling the counters the account has looked.
 */
export const appNotificationRoutes =
  ({ db }: { db: Database }): FastifyPluginAsyncZod =>
  async (app) => {
    const svc = createAppNotificationService({ db });
    const tags = ['notifications'];

    app.get(
      '/app-notifications',
      { config: { self: true }, schema: { tags, summary: "The account's bell: its notes, newest first, and how many (up to 100)", response: { 200: appNotificationsPage } } },
      async (request) => svc.list(ctxOf(request), request.locale),
    );

    app.put(
      '/app-notification/:id',
      {
        config: { self: true, resources: { id: appNotifications } },
        schema: { tags, summary: 'Read a note: it is removed; answers the url to open', params: idParam, response: { 200: one(appNotificationRead) } },
      },
      async (request) => ({ data: await svc.read(ctxOf(request), request.params.id) }),
    );

    app.delete(
      '/app-notifications',
      { config: { self: true }, schema: { tags, summary: 'Mark every note of the account read (removes them)', response: { 200: written(z.object({ count: z.number() })) } } },
      async (request) => ({ message: t('notes_read', request.locale), data: { count: await svc.readAll(ctxOf(request)) } }),
    );

    app.post(
      '/unread/:module/seen',
      {
        config: { self: true, globalParams: true },
        schema: { tags, summary: 'The account opened the orders or payments list: what came before is no longer unread for it', params: seenModuleParam },
      },
      async (request, reply) => {
        const ctx = ctxOf(request);
        await withTenant(db, ctx.tenantId, (tx) => markSeen(tx, ctx, request.params.module));
        return reply.status(204).send();
      },
    );
  };
