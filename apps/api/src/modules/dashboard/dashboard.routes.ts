import { dashboardResponse } from '@app/shared/schemas/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { ctxOf, sendJsonText } from '../../lib/http';
import { createDashboardService } from './dashboard.service';

/**
 * The dashboard: the catalogue counts of onboarding, then today's appointments, the next bookings,
 * the latest orders, top services, order sources, sales and customers for the top bar's branch. Open
 * to every signed-in account; each section comes empty to an account without the keys of its screen.
 */
export const dashboardRoutes =
  (deps: { db: Database }): FastifyPluginAsyncZod =>
  async (app) => {
    const dashboard = createDashboardService(deps);
    // Written as text by the service (its lists' items as the database wrote them), sent as it comes:
    // the schema documents the answer, and a test holds the answer to it.
    app.get('/dashboard', { config: { self: true }, schema: { tags: ['dashboard'], response: { 200: dashboardResponse } } }, async (request, reply) =>
      sendJsonText(reply, await dashboard.summary(ctxOf(request))),
    );
  };
