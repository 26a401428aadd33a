import { subscriptionSchema } from '@app/shared/schemas/subscription';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { ctxOf, one, written } from '../../lib/http';
import type { RouteGuard } from '../../plugins/request-context';
import { createSubscriptionService } from './subscription.service';

/**
 * The business's subscription (spec §4, §7 "Subscription"). Both routes answer while the trial or
 * the plan has ended (`subscription: false`): they are the way out of the 402 every other business
 * route answers then.
 */
export const subscriptionRoutes = (deps: { db: Database }): FastifyPluginAsyncZod => async (app) => {
  const subscription = createSubscriptionService(deps);
  const tags = ['subscription'];
  const config: RouteGuard = { permissions: ['settings.subscriptions'], subscription: false };

  app.get('/subscription', { config, schema: { tags, summary: 'The current subscription or trial', response: { 200: one(subscriptionSchema) } } }, async (request) => ({
    data: subscription.current(ctxOf(request)),
  }));

  // GET (and "trail") as the spec names it; the bearer token, never a cookie, authenticates it.
  app.get(
    '/subscription/extend-trail',
    { config: { ...config, writes: true }, schema: { tags, summary: 'Extend the free trial once (no subscription status yet); 422 when already extended or subscribed', response: { 200: written(subscriptionSchema) } } },
    async (request) => subscription.extendTrial(ctxOf(request), request.locale),
  );
};
