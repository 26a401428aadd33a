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
 * The local outbox. Registered only outside production while a channel has no real provider, and
 * even then readable by nobody but a platform operator (a support account with `can_imp`, outside an
 * impersonation session): the messages hold sign-up codes, reset and invitation links, so anyone else
 * reading them could take over any account. A person on a bare machine reads the codes on the
 * server's console instead (the local adapters print what they deliver).
 */
export const devOutboxRoutes = (deps: { db: Database; local: { sms: boolean; email: boolean } }): FastifyPluginAsyncZod => async (app) => {
  /** Which channels this server delivers locally (printed on its console): tells the sign-up screens what to say. Holds no message. */
  app.get(
    '/dev/local-delivery',
    {
      config: { auth: 'public' },
      schema: { tags: ['dev'], response: { 200: z.object({ data: z.object({ sms: z.boolean(), email: z.boolean() }) }) } },
    },
    async () => ({ data: deps.local }),
  );

  app.get(
    '/dev/outbox',
    {
      // The operator's own business may be anything (ended trial, unfinished profile): what it may read does not depend on it.
      config: { impersonator: true, subscription: false, profileCompleted: false },
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
