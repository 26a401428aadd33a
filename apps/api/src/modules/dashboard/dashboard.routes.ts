import { dashboardResponse } from '@app/shared/schemas/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { ctxOf } from '../../lib/http';
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
    app.get('/dashboard', { config: { self: true }, schema: { tags: ['dashboard'], response: { 200: dashboardResponse } } }, async (request) => ({
      data: await dashboard.summary(ctxOf(request)),
    }));
  };
