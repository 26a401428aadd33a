import type { Locale, PluginSlug } from '@app/shared/constants';
import type { PermissionKey } from '@app/shared/permissions';
import { hasAnyPermission, POS_PERMISSIONS } from '@app/shared/permissions';
import { and, eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Database, withTenant } from '../db/client';
import { AppError, forbidden, notFound, unauthenticated } from '../lib/errors';
import { pickLocale } from '../i18n/messages';
import { safeEqual } from '../lib/crypto';
import { type AuthContext, needsPhoneVerification } from '../modules/auth/auth.service';
import { forgetFullSlots } from '../modules/bookings/full-slots';

/** A tenant-owned table whose rows a path parameter names. */
export type TenantTable = PgTable & { tenantId: AnyPgColumn; id: AnyPgColumn };

/**
 * What a route needs before its handler runs, declared in the route's `config` and enforced here in
 * one place. Secure by default: signed in, phone verified, business profile complete, subscription
 * live. Routes relax what they must (sign-in, onboarding). The security suite reads these
 * declarations from the route table and tests every route against them.
 */
export type RouteGuard = {
  auth?: 'public' | 'user';
  /** The user needs one of these keys (spec §6); the owner holds all. */
  permissions?: PermissionKey[];
  /** Open to any signed-in account, on purpose (own profile, sign-out …): no permission key. */
  self?: boolean;
  /** The tenant must have installed this plugin, or the route answers 404 `plugin-missing`. */
  plugin?: PluginSlug;
  /** Only the account owner (spec §6: delete the owner, transfer ownership, wipe data). */
  ownerOnly?: boolean;
  /** Support staff with `can_imp`, outside an impersonation session. */
  impersonator?: boolean;
  /** Path parameters naming rows of the caller's tenant: a missing row (or another tenant's) is a 404 before validation. */
  resources?: Record<string, TenantTable>;
  /** Path parameters that are not tenant rows (plugin slugs, link tokens); the suite skips them. */
  globalParams?: boolean;
  /** A server-to-server callback (a payment gateway's webhook) that proves itself with its own secret: no browser, so no CSRF cookie. Public only. */
  webhook?: boolean;
  /** A `self` route a POS (cashier-device) account may use too: its own session and profile. */
  pos?: boolean;
  /** A GET that changes state (the spec names a few): the signed-in contexts it may touch are read again after it, as after a write. */
  writes?: boolean;
  /**
   * A write that cannot change what any token stands for (an account, a business, a role, a token):
   * the store's visitors holding seats, asking for codes, booking; the dashboard's new booking. The
   * kept sign-in contexts stay (a write otherwise forgets its business's, or all of them without one).
   */
  keepsSessions?: boolean;
  phoneVerified?: boolean;
  emailVerified?: boolean;
  profileCompleted?: boolean;
  subscription?: boolean;
};

/** One registered route, as the security suite and the docs see it. */
export type RouteEntry = {
  method: string;
  url: string;
  config: RouteGuard;
  /** The route's zod schemas (the security suite derives garbage bodies and queries from them). */
  body: unknown;
  querystring: unknown;
  hasParams: boolean;
  multipart: boolean;
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
export type Sessions = { resolveToken: ResolveToken; afterWrite(ctx: AuthContext | null): void };

export function registerRequestContext(app: FastifyInstance, sessions: Sessions, db: Database) {
  const { resolveToken } = sessions;
  app.decorateRequest('locale', 'ar');
  app.decorateRequest('auth', null);

  app.addHook('onRequest', async (request) => {
    request.locale = pickLocale(request.headers['accept-language']);
    if (!request.routeOptions.config?.webhook) checkCsrf(request);
    const token = bearer(request);
    request.auth = token ? await resolveToken(token) : null;
    const guard = request.routeOptions.config;
    if (!request.routeOptions.url || guard.auth === 'public') return;
    enforceGuard(request, guard);
  });

  // A write may change what a token stands for (its user, role, business): the kept contexts it
  // could touch are read again next time. Before the answer goes out, so the caller's next request
  // never sees the old one. The business a write is of is the signed-in caller's, never on a public
  // route (a dashboard token sent along to a pay page says nothing of whose data it wrote).
  app.addHook('onSend', async (request, reply) => {
    const config = request.routeOptions.config;
    if (!WRITE_METHODS.has(request.method) && !config.writes) return;
    const caller = config.auth === 'public' ? null : request.auth;
    const status = reply.statusCode;
    // A write that went through may have freed a seat: the seats just found taken are asked again
    // (its business's; all of them for a write of no known business). The store's visitors' routes
    // say it themselves, for their own business, when they free one (release, replace, reschedule,
    // cancel): anyone may call them, so they must not empty everyone's.
    if (status < 400 && !(config.auth === 'public' && config.keepsSessions)) forgetFullSlots(caller?.tenantId);
    if (config.keepsSessions) return;
    // A signed-in write refused as invalid or conflicting (4xx) changed nothing (its transaction rolled
    // back): a burst of refused bookings does not send every next request back to the token lookup.
    // 401 and 403 are not among them: an account's access may have ended on the way (stopping an
    // impersonation commits, then answers 401).
    if (caller && status >= 400 && status < 500 && status !== 401 && status !== 403) return;
    sessions.afterWrite(caller);
  });

  // Before body validation, so another tenant's id is a 404 whatever the body holds.
  app.addHook('preValidation', async (request) => {
    const resources = request.routeOptions.config.resources;
    const auth = request.auth;
    if (!resources) return;
    // Rows belong to a tenant; without a signed-in account there is none to look in.
    if (!auth) throw notFound();
    const params = (request.params ?? {}) as Record<string, string | undefined>;
    for (const [param, table] of Object.entries(resources)) {
      const value = params[param];
      if (!value || !UUID.test(value)) throw notFound();
      const found = await withTenant(db, auth.tenantId, (tx) =>
        tx.select({ id: table.id }).from(table).where(and(eq(table.tenantId, auth.tenantId), eq(table.id, value))).limit(1),
      );
      if (found.length === 0) throw notFound();
    }
  });
}

/**
 * Refuses, when the route is registered (so the server does not start), an API route that would be
 * open by omission: a non-public route naming no permission key and not declared open on purpose,
 * or a path parameter naming no table. The security suite tests the same declarations at runtime.
 */
export function assertDeclared(entry: Pick<RouteEntry, 'method' | 'url' | 'config'>) {
  const { config, url, method } = entry;
  if (config.webhook && config.auth !== 'public') throw new Error(`${method} ${url}: only a public route may skip CSRF as a webhook`);
  if (config.auth === 'public') return;
  const where = `${method} ${url}`;
  if (!(config.permissions && config.permissions.length > 0) && !config.self && !config.impersonator) {
    throw new Error(`${where}: a signed-in route must declare permissions, self or impersonator`);
  }
  const params = [...url.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
  if (!config.globalParams && params.some((p) => !config.resources?.[p])) {
    throw new Error(`${where}: every path parameter must name its table in resources (or the route declares globalParams)`);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when the route may be used by a POS (cashier-device) account. */
function posMayUse(guard: RouteGuard): boolean {
  if (!guard.permissions || guard.permissions.length === 0) return Boolean(guard.self && guard.pos);
  return guard.permissions.some((k) => POS_PERMISSIONS.includes(k));
}

function enforceGuard(request: FastifyRequest, guard: RouteGuard) {
  const auth = request.auth;
  if (!auth) throw unauthenticated();
  if (guard.phoneVerified !== false && needsPhoneVerification(auth.user)) throw forbidden('phone-verification', 'phone_verification');
  if (guard.emailVerified === true && !auth.user.emailVerifiedAt) throw forbidden('email-verification', 'email_verification');
  if (guard.profileCompleted !== false && !auth.profileCompleted) throw forbidden('profile-completion', 'profile_completion');
  if (guard.subscription !== false && auth.subscriptionEnded) throw new AppError(402, 'subscription_ended', { code: auth.tenant.subscriptionStatus ?? 'expired' });
  if (guard.plugin && !auth.tenant.plugins.includes(guard.plugin)) throw new AppError(404, 'plugin_missing', { code: 'plugin-missing' });
  if (auth.user.type === 'pos' && !posMayUse(guard)) throw forbidden('pos-only', 'pos_only');
  if (guard.permissions && !hasAnyPermission(auth.permissions, guard.permissions)) throw forbidden();
  if (guard.ownerOnly && !auth.user.isOwner) throw forbidden('owner-only', 'owner_only');
  if (guard.impersonator && (!auth.user.canImp || auth.impersonatorId)) {
    throw forbidden(auth.impersonatorId ? 'impersonation-nested' : undefined, auth.impersonatorId ? 'impersonation_nested' : 'forbidden');
  }
}
