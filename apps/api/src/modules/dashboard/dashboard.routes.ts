import { count, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Database, withTenant } from '../../db/client';
import { branches, providers, services } from '../../db/schema/business';
import { unauthenticated } from '../../lib/errors';

const summary = z.object({
  data: z.object({ services_count: z.number(), providers_count: z.number(), branches_count: z.number() }),
});

/** What the dashboard can show so far: the catalogue the business set up at onboarding. */
export const dashboardRoutes = (deps: { db: Database }): FastifyPluginAsyncZod => async (app) => {
  app.get('/dashboard', { config: { self: true }, schema: { tags: ['dashboard'], response: { 200: summary } } }, async (request) => {
    const ctx = request.auth;
    if (!ctx) throw unauthenticated();
    return withTenant(deps.db, ctx.tenantId, async (tx) => {
      const [s] = await tx.select({ n: count() }).from(services).where(eq(services.tenantId, ctx.tenantId));
      const [p] = await tx.select({ n: count() }).from(providers).where(eq(providers.tenantId, ctx.tenantId));
      const [b] = await tx.select({ n: count() }).from(branches).where(eq(branches.tenantId, ctx.tenantId));
      return { data: { services_count: Number(s?.n ?? 0), providers_count: Number(p?.n ?? 0), branches_count: Number(b?.n ?? 0) } };
    });
  });
};
