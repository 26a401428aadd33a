import { acceptInvitationBody, idParam, invitationBody, invitationPreview, invitationSchema } from '@app/shared/schemas/access';
import { authResult } from '@app/shared/schemas/auth';
import { messageSchema } from '@app/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invitations as invitationsTable } from '../../db/schema/access';
import { t } from '../../i18n/messages';
import type { RouteGuard } from '../../plugins/request-context';
import type { AuthService } from '../auth/auth.service';
import { requireAuth } from './access.routes';
import type { InvitationsService } from './invitations.service';

const written = z.object({ message: z.string(), data: invitationSchema });
const perIp = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

/** Invitations — `settings.users`; the link's preview and acceptance are public. */
export const invitationRoutes =
  ({ invitations, auth }: { invitations: InvitationsService; auth: AuthService }): FastifyPluginAsyncZod =>
  async (app) => {
    const guard: RouteGuard = { permissions: ['settings.users'] };
    const byId: RouteGuard = { permissions: ['settings.users'], resources: { id: invitationsTable } };
    const tags = ['invitations'];

    app.get('/invitations', { config: guard, schema: { tags, response: { 200: z.object({ data: z.array(invitationSchema) }) } } }, async (request) => ({
      data: await invitations.list(requireAuth(request), request.locale),
    }));

    app.post('/invitations', { config: { ...guard, ...perIp(30) }, schema: { tags, body: invitationBody, response: { 201: written } } }, async (request, reply) => {
      const data = await invitations.create(requireAuth(request), request.body, request.locale);
      return reply.status(201).send({ message: t('invitation_sent', request.locale), data });
    });

    app.post(
      '/invitations/:id/resend',
      { config: { ...byId, ...perIp(30) }, schema: { tags, params: idParam, response: { 200: written } } },
      async (request) => {
        const data = await invitations.resend(requireAuth(request), request.params.id, request.locale);
        return { message: t('invitation_sent', request.locale), data };
      },
    );

    app.delete('/invitations/:id', { config: byId, schema: { tags, params: idParam, response: { 200: messageSchema } } }, async (request) => {
      await invitations.remove(requireAuth(request), request.params.id);
      return { message: t('invitation_deleted', request.locale) };
    });

    app.get(
      '/auth/invitations/:token',
      {
        config: { auth: 'public', globalParams: true, ...perIp(30) },
        schema: { tags, params: z.object({ token: z.string().min(1).max(200) }), response: { 200: z.object({ data: invitationPreview }) } },
      },
      async (request) => ({ data: await invitations.preview(request.params.token, request.locale) }),
    );

    app.post(
      '/auth/accept-invitation',
      { config: { auth: 'public', ...perIp(10) }, schema: { tags, body: acceptInvitationBody, response: { 201: authResult } } },
      async (request, reply) => {
        const token = await invitations.accept(request.body, request.locale);
        return reply.status(201).send({ data: { user: await auth.freshInfo(token), token } });
      },
    );
  };
