import type { Locale } from '@app/shared/constants';
import type { PermissionKey } from '@app/shared/permissions';
import { hasAnyPermission } from '@app/shared/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, forbidden, unauthenticated } from '../lib/errors';
import { pickLocale } from '../i18n/messages';
import { safeEqual } from '../lib/crypto';
import type { AuthContext } from '../modules/auth/auth.service';

/**
 * What a route needs before its handler runs. Secure by default: signed in, phone verified, business
 * profile complete, subscription live. Routes relax what they must (sign-in, onboarding).
 */
export type RouteGuard = {
  auth?: 'public' | 'user';
  permissions?: PermissionKey[];
  phoneVerified?: boolean;
  emailVerified?: boolean;
  profileCompleted?: boolean;
  subscription?: boolean;
};

declare module 'fastify' {
  interface FastifyContextConfig extends RouteGuard {}
  interface FastifyRequest {
    locale: Locale;
    auth: AuthContext | null;
  }
}

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice(7).trim();
  return token.length > 0 && token.length < 200 ? token : null;
}

/**
 * CSRF: a browser write must echo the XSRF cookie in X-XSRF-TOKEN. That covers every write without a
 * bearer token (sign-in, sign-up …) and every write that carries the cookie. A bearer-only client
 * (mobile app, integration) sends no cookie and cannot be forged cross-site, so it passes.
 */
function checkCsrf(request: FastifyRequest) {
  if (!WRITE_METHODS.has(request.method)) return;
  const cookie = request.cookies[XSRF_COOKIE];
  if (bearer(request) && !cookie) return;
  const header = request.headers[XSRF_HEADER];
  const sent = Array.isArray(header) ? header[0] : header;
  if (!cookie || !sent || !safeEqual(cookie, decodeURIComponent(sent))) {
    throw new AppError(419, 'csrf_mismatch');
  }
}

export type ResolveToken = (token: string) => Promise<AuthContext | null>;

export function registerRequestContext(app: FastifyInstance, resolveToken: ResolveToken) {
  app.decorateRequest('locale', 'ar');
  app.decorateRequest('auth', null);

  app.addHook('onRequest', async (request) => {
    request.locale = pickLocale(request.headers['accept-language']);
    checkCsrf(request);
    const token = bearer(request);
    request.auth = token ? await resolveToken(token) : null;
    const guard = request.routeOptions.config;
    if (!request.routeOptions.url || guard.auth === 'public') return;
    enforceGuard(request, guard);
  });
}

function enforceGuard(request: FastifyRequest, guard: RouteGuard) {
  const auth = request.auth;
  if (!auth) throw unauthenticated();
  if (guard.phoneVerified !== false && !auth.user.phoneVerifiedAt) throw forbidden('phone-verification', 'phone_verification');
  if (guard.emailVerified === true && !auth.user.emailVerifiedAt) throw forbidden('email-verification', 'email_verification');
  if (guard.profileCompleted !== false && !auth.profileCompleted) throw forbidden('profile-completion', 'profile_completion');
  if (guard.subscription !== false && auth.subscriptionEnded) throw new AppError(402, 'subscription_ended', { code: auth.tenant.subscriptionStatus ?? 'expired' });
  if (guard.permissions && !hasAnyPermission(auth.permissions, guard.permissions)) throw forbidden();
}
