import { idParam } from '@app/shared/schemas/access';
import {
  audienceCountBody,
  audienceCountSchema,
  campaignBody,
  campaignRecipientsPage,
  campaignRecipientsQuery,
  campaignSchema,
  campaignSendBody,
  campaignsPage,
  campaignsQuery,
} from '@app/shared/schemas/campaigns';
import { messageSchema } from '@app/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { campaigns } from '../../db/schema/marketing';
import { t } from '../../i18n/messages';
import { ctxOf, one, written } from '../../lib/http';
import type { RouteGuard } from '../../plugins/request-context';
import { createCampaignService } from './campaigns.service';

/**
 * Campaigns (issue 18 §2; spec §3 Campaign; key `marketing.campaigns`): drafts and schedules, the
 * audience's count before sending, sending now or at a time, cancelling part-way, and the result per
 * recipient (docs/marketing.md "Campaigns").
 */
export const campaignRoutes =
  ({ db }: { db: Database }): FastifyPluginAsyncZod =>
  async (app) => {
    const svc = createCampaignService({ db });
    const tags = ['campaigns'];
    const guard: RouteGuard = { permissions: ['marketing.campaigns'] };
    const byId: RouteGuard = { ...guard, resources: { id: campaigns } };

    app.get('/campaigns', { config: guard, schema: { tags, summary: 'The campaigns, newest first, with recipients per status', querystring: campaignsQuery, response: { 200: campaignsPage } } }, async (request) =>
      svc.list(ctxOf(request), request.query),
    );
    app.post(
      '/campaigns/audience-count',
      { config: guard, schema: { tags, summary: 'How many customers an audience reaches on a channel', body: audienceCountBody, response: { 200: one(audienceCountSchema) } } },
      async (request) => ({ data: await svc.audienceCount(ctxOf(request), request.body) }),
    );
    app.get('/campaigns/:id', { config: byId, schema: { tags, params: idParam, response: { 200: one(campaignSchema) } } }, async (request) => ({
      data: await svc.get(ctxOf(request), request.params.id),
    }));
    app.post('/campaigns', { config: guard, schema: { tags, summary: 'A draft or a scheduled campaign', body: campaignBody, response: { 201: written(campaignSchema) } } }, async (request, reply) =>
      reply.status(201).send({ message: t('created', request.locale), data: await svc.create(ctxOf(request), request.body) }),
    );
    app.put('/campaigns/:id', { config: byId, schema: { tags, summary: 'Change a draft or scheduled campaign', params: idParam, body: campaignBody, response: { 200: written(campaignSchema) } } }, async (request) => ({
      message: t('updated', request.locale),
      data: await svc.update(ctxOf(request), request.params.id, request.body),
    }));
    app.delete('/campaigns/:id', { config: byId, schema: { tags, summary: 'Delete a draft or scheduled campaign', params: idParam, response: { 200: messageSchema } } }, async (request) => {
      await svc.remove(ctxOf(request), request.params.id);
      return { message: t('deleted', request.locale) };
    });
    app.post(
      '/campaigns/:id/send',
      { config: byId, schema: { tags, summary: 'Send now, or at scheduled_at when it is in the future', params: idParam, body: campaignSendBody, response: { 200: written(campaignSchema) } } },
      async (request) => {
        const { campaign, started } = await svc.send(ctxOf(request), request.params.id, request.body?.scheduled_at);
        return { message: t(started ? 'campaign_started' : 'campaign_scheduled', request.locale), data: campaign };
      },
    );
    app.post('/campaigns/:id/cancel', { config: byId, schema: { tags, summary: 'Cancel: nothing more of it is sent', params: idParam, response: { 200: written(campaignSchema) } } }, async (request) => ({
      message: t('campaign_cancelled', request.locale),
      data: await svc.cancel(ctxOf(request), request.params.id),
    }));
    app.get(
      '/campaigns/:id/recipients',
      { config: byId, schema: { tags, summary: "The campaign's recipients and their results", params: idParam, querystring: campaignRecipientsQuery, response: { 200: campaignRecipientsPage } } },
      async (request) => svc.recipients(ctxOf(request), request.params.id, request.query),
    );
  };
