import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { listMessages } from './outbox.service';

const message = z.object({
  id: z.string(),
  channel: z.string(),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  status: z.string(),
  provider: z.string().nullable(),
  created_at: z.string(),
});

/**
 * The local outbox, for a person finishing sign-up on a bare machine: registered only outside
 * production and only while no real SMS or e-mail provider is configured.
 */
export const devOutboxRoutes = (deps: { db: Database }): FastifyPluginAsyncZod => async (app) => {
  app.get(
    '/dev/outbox',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['dev'],
        querystring: z.object({ recipient: z.string().max(190).optional(), limit: z.coerce.number().int().min(1).max(200).default(50) }),
        response: { 200: z.object({ data: z.array(message) }) },
      },
    },
    async (request) => {
      const rows = await listMessages(deps.db, { recipient: request.query.recipient, limit: request.query.limit });
      return {
        data: rows.map((r) => ({
          id: r.id,
          channel: r.channel,
          recipient: r.recipient,
          subject: r.subject,
          body: r.body,
          status: r.status,
          provider: r.provider,
          created_at: r.createdAt.toISOString(),
        })),
      };
    },
  );
};
