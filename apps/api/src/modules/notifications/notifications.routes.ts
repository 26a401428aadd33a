import { idParam } from '@app/shared/schemas/access';
import { notificationSchema, notificationsPage, notificationsQuery, templateBody, templateSchema } from '@app/shared/schemas/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { notifications, notificationTemplates } from '../../db/schema/notifications';
import { orders } from '../../db/schema/sales';
import { t } from '../../i18n/messages';
import { crudRoutes, ctxOf, listOf, written } from '../../lib/http';
import type { RouteGuard } from '../../plugins/request-context';
import { createNotificationService } from './notifications.service';

/**
 * Notifications (issue 18 §1; spec §7): templates (`settings.notifications`), the log
 * (`notifications`, the last 7 days by default) with resend, and an order's messages (its readers).
 */
export const notificationRoutes =
  ({ db }: { db: Database }): FastifyPluginAsyncZod =>
  async (app) => {
    const svc = createNotificationService({ db });
    const settings: RouteGuard = { permissions: ['settings.notifications'] };
    crudRoutes(app, { path: '/templates', tags: ['notifications'], guard: settings, table: notificationTemplates, body: templateBody, item: templateSchema, service: svc.templates });

    app.post(
      '/templates/:id/toggle',
      {
        config: { ...settings, resources: { id: notificationTemplates } },
        schema: { tags: ['notifications'], summary: 'Switch a template on or off', params: idParam, body: z.object({ status: z.enum(['active', 'inactive'], 'invalid') }), response: { 200: written(templateSchema) } },
      },
      async (request) => ({ message: t('updated', request.locale), data: await svc.templates.toggle(ctxOf(request), request.params.id, request.body.status) }),
    );

    const readers: RouteGuard = { permissions: ['notifications'] };
    app.get('/notifications', { config: readers, schema: { tags: ['notifications'], summary: 'The messages sent, newest first (the last 7 days by default)', querystring: notificationsQuery, response: { 200: notificationsPage } } }, async (request) =>
      svc.log(ctxOf(request), request.query),
    );

    app.post(
      '/notifications/:id/resend',
      { config: { ...readers, resources: { id: notifications } }, schema: { tags: ['notifications'], summary: 'Send a logged message again (a new message)', params: idParam, response: { 201: written(notificationSchema) } } },
      async (request, reply) => reply.status(201).send({ message: t('notification_queued', request.locale), data: await svc.resend(ctxOf(request), request.params.id) }),
    );

    app.get(
      '/orders/:id/notifications',
      { config: { permissions: ['orders'], resources: { id: orders } }, schema: { tags: ['notifications'], summary: "The order's messages", params: idParam, response: { 200: listOf(notificationSchema) } } },
      async (request) => ({ data: await svc.ofOrder(ctxOf(request), request.params.id) }),
    );
  };
