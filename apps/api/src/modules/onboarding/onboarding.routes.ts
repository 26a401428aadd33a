import { messageSchema } from '@app/shared/schemas/common';
import {
  completeProfileBody,
  industrySchema,
  onboardingStatusSchema,
  suggestionQuery,
  tenantInfoBody,
  tenantProfileBody,
} from '@app/shared/schemas/onboarding';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthenticated } from '../../lib/errors';
import { t } from '../../i18n/messages';
import type { AuthService } from '../auth/auth.service';
import type { RouteGuard } from '../../plugins/request-context';
import type { OnboardingService } from './onboarding.service';

const statusResult = z.object({ data: onboardingStatusSchema });

export const onboardingRoutes = (deps: { onboarding: OnboardingService; auth: AuthService }): FastifyPluginAsyncZod =>
  async (app) => {
    const { onboarding } = deps;
    /** Onboarding happens after the phone is verified and before the profile is complete. */
    const config = { self: true, profileCompleted: false, subscription: false } as const;
    /** Setting the business up changes its general settings. */
    const write = { profileCompleted: false, subscription: false, permissions: ['settings.general_setting'], writes: true } as RouteGuard;
    const ctxOf = (request: { auth: import('../auth/auth.service').AuthContext | null }) => {
      if (!request.auth) throw unauthenticated();
      return request.auth;
    };

    app.get('/fetchIndustries', { config, schema: { tags: ['onboarding'], response: { 200: z.object({ data: z.array(industrySchema) }) } } }, async (request) => ({
      data: await onboarding.listIndustries(request.locale),
    }));

    app.get(
      '/auth/suggestion-domains',
      {
        config: { ...config, rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          tags: ['onboarding'],
          querystring: suggestionQuery,
          response: { 200: z.object({ data: z.object({ subdomain: z.string().nullable(), available: z.boolean(), suggestions: z.array(z.string()) }) }) },
        },
      },
      async (request) => ({ data: await onboarding.suggestSubdomains(request.query, ctxOf(request).tenantId) }),
    );

    app.get('/auth/onboarding-status', { config, schema: { tags: ['onboarding'], response: { 200: statusResult } } }, async (request) => ({
      data: await onboarding.status(ctxOf(request)),
    }));

    app.post('/auth/update-tenant-info', { config: write, schema: { tags: ['onboarding'], body: tenantInfoBody, response: { 200: messageSchema } } }, async (request) => {
      await onboarding.saveTenantInfo(ctxOf(request), request.body);
      return { message: t('saved', request.locale) };
    });

    app.post('/auth/update-tenant-profile', { config: write, schema: { tags: ['onboarding'], body: tenantProfileBody, response: { 200: messageSchema } } }, async (request) => {
      await onboarding.saveTenantProfile(ctxOf(request), request.body);
      return { message: t('saved', request.locale) };
    });

    app.post('/auth/complete-profile', { config: write, schema: { tags: ['onboarding'], body: completeProfileBody, response: { 200: messageSchema } } }, async (request) => {
      await onboarding.completeProfile(ctxOf(request), request.body);
      return { message: t('saved', request.locale) };
    });

    // The spec names a GET; a POST does the same for clients that keep GETs free of effects.
    const skip = async (request: { auth: import('../auth/auth.service').AuthContext | null; locale: 'ar' | 'en' }) => {
      await onboarding.skip(ctxOf(request));
      return { message: t('onboarding_skipped', request.locale) };
    };
    app.get('/auth/onboarding-skip', { config: write, schema: { tags: ['onboarding'], response: { 200: messageSchema } } }, skip);
    app.post('/auth/onboarding-skip', { config: write, schema: { tags: ['onboarding'], response: { 200: messageSchema } } }, skip);
  };
