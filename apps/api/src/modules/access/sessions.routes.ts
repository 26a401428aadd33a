import { LOGIN_MAX_PER_MINUTE } from '@app/shared/constants';
import { impersonateBody, impersonationResult, posLoginBody } from '@app/shared/schemas/access';
import { authResult } from '@app/shared/schemas/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { t } from '../../i18n/messages';
import type { AuthService } from '../auth/auth.service';
import { requireAuth } from './access.routes';
import type { ImpersonationService } from './impersonation.service';
import type { UsersService } from './users.service';

/** POS sign-in and impersonation. */
export const sessionRoutes =
  ({ users, impersonation, auth }: { users: UsersService; impersonation: ImpersonationService; auth: AuthService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/auth/pos-login',
      {
        config: {
          auth: 'public',
          rateLimit: {
            max: LOGIN_MAX_PER_MINUTE,
            timeWindow: '1 minute',
            // After parsing, so the key can name the account asked for.
            hook: 'preHandler',
            keyGenerator: (req: FastifyRequest) => {
              const body = (req.body ?? {}) as { email?: unknown };
              return `pos-login:${req.ip}:${String(body.email ?? '').toLowerCase().slice(0, 190)}`;
            },
          },
        },
        schema: { tags: ['auth'], summary: 'Cashier sign-in with e-mail and passcode', body: posLoginBody, response: { 200: authResult } },
      },
      async (request) => {
        const token = await users.posLogin(request.body.email, request.body.passcode);
        return { data: { user: await auth.freshInfo(token), token } };
      },
    );

    app.post(
      '/auth/impersonate',
      {
        config: { impersonator: true, profileCompleted: false, subscription: false, rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: { tags: ['auth'], summary: 'Support staff: sign in as an account', body: impersonateBody, response: { 200: impersonationResult } },
      },
      async (request) => {
        const agent = request.headers['user-agent'];
        const token = await impersonation.start(requireAuth(request), {
          email: request.body.email,
          reason: request.body.reason,
          ip: request.ip ?? null,
          userAgent: typeof agent === 'string' ? agent : null,
        });
        return { message: t('impersonation_started', request.locale), data: { token } };
      },
    );

    app.delete(
      '/auth/stop-impersonation',
      {
        config: { self: true, profileCompleted: false, subscription: false, phoneVerified: false },
        schema: { tags: ['auth'], summary: 'End an impersonation: a fresh token of the support account', response: { 200: impersonationResult } },
      },
      async (request) => {
        const token = await impersonation.stop(requireAuth(request));
        return { message: t('impersonation_ended', request.locale), data: { token } };
      },
    );
  };
