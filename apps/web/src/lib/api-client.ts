import type { Locale } from '@app/shared/constants';
import { notifications } from '@mantine/notifications';
import { currentLocale, i18n } from './i18n';
import { clearSession, getToken } from './storage';

export const API_BASE = '/api/v1';
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export type ApiErrorBody = {
  message?: string;
  code?: string;
  errors?: Record<string, string[]>;
  retry_after?: number;
  /** 422 on a unique value: the existing record that holds it (a duplicate customer phone). */
  conflict?: ApiConflict;
};

export type ApiConflict = { field: string; customer: { uuid: string; name: string } };

/** A failed call. `status` 0 means the network failed; `fieldErrors` holds 422 messages by field. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly fieldErrors: Record<string, string>;
  readonly retryAfter: number | undefined;
  readonly conflict: ApiConflict | undefined;

  constructor(status: number, body: ApiErrorBody, fieldErrors: Record<string, string> = {}) {
    super(body.message ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code;
    this.fieldErrors = fieldErrors;
    this.retryAfter = body.retry_after;
    this.conflict = body.conflict;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/** Several messages on one field read as alternatives: "أ أو ب" / "a or b" (spec §5). */
export function joinFieldErrors(errors: Record<string, string[]> | undefined, locale: Locale): Record<string, string> {
  const joiner = locale === 'ar' ? ' أو ' : ' or ';
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors ?? {})) {
    if (messages.length) out[field] = messages.join(joiner);
  }
  return out;
}

export type ErrorAction = {
  clearSession?: boolean;
  redirect?: string;
  /** `id`: one toast at a time for it (several calls failing together show one). */
  toast?: { message: string; color: 'red' | 'yellow'; id?: string };
  abortOthers?: boolean;
  fieldErrors?: Record<string, string>;
};

export const SUBSCRIPTIONS_PATH = '/settings/subscriptions';
export const PLANS_PATH = `${SUBSCRIPTIONS_PATH}/plans`;
export const RENEW_PATH = `${SUBSCRIPTIONS_PATH}/current-plan?renewNow=true`;
/** The local payment gateway's page for a subscription charge (`/subscription-checkout/{charge}`). */
export const SUBSCRIPTION_CHECKOUT_PATH = '/subscription-checkout';
/**
 * Pages that work while the subscription has ended: the subscription pages (the way out), the
 * payment on its way (the local gateway's page, the outcome pages) and the profile (name, password,
 * language, sign-out). The API answers their own calls; a 402 there comes from the shell around them
 * (sidebar counters …) and changes nothing.
 */
const REACHABLE_WHEN_ENDED = [SUBSCRIPTIONS_PATH, SUBSCRIPTION_CHECKOUT_PATH, '/payment-success', '/payment-failure', '/profile'];
const within = (pathname: string, base: string) => pathname === base || pathname.startsWith(`${base}/`);

/**
 * Spec §8 in one place: what the app does for a failed response. Pure (apart from reading the
 * translations), so the whole catalogue is unit-tested.
 */
export function errorAction(status: number, body: ApiErrorBody, ctx: { pathname: string; locale: Locale }): ErrorAction {
  const t = i18n.getFixedT(ctx.locale, 'common');
  const serverOr = (key: string) => body.message || t(key);
  switch (true) {
    case status === 0:
      return { toast: { message: t('errors.network'), color: 'red' } };
    case status === 401 || status === 419:
      return { clearSession: true, redirect: '/login' };
    case status === 402: {
      // Already where the user can act (or on the profile): no redirect loop, no toast every poll,
      // and no aborting the page's own calls.
      if (REACHABLE_WHEN_ENDED.some((base) => within(ctx.pathname, base))) return {};
      return {
        abortOthers: true,
        toast: { message: t('errors.subscriptionEnded'), color: 'red', id: 'subscription-ended' },
        redirect: body.code === 'past_due' ? RENEW_PATH : PLANS_PATH,
      };
    }
    case status === 403 && body.code === 'email-verification':
      return { redirect: '/verify-your-email', toast: { message: serverOr('errors.emailVerification'), color: 'yellow' } };
    case status === 403 && body.code === 'profile-completion':
      return { redirect: '/onboarding', toast: { message: serverOr('errors.profileCompletion'), color: 'yellow' } };
    case status === 403 && body.code === 'phone-verification':
      return { redirect: '/verify-otp' };
    case status === 403:
      return { toast: { message: serverOr('errors.generic'), color: 'red' } };
    case status === 404:
      return { toast: { message: t('errors.notFound'), color: 'red' } };
    case status === 422: {
      const fieldErrors = joinFieldErrors(body.errors, ctx.locale);
      // A plan's limit reached (spec §8): its first message, as a toast wherever the form is.
      const planLimit = body.errors?.['plan_limit']?.[0];
      return { fieldErrors, ...(planLimit ? { toast: { message: planLimit, color: 'yellow' as const } } : {}) };
    }
    case status === 429:
      return { toast: { message: t('errors.tooManyRequests', { seconds: body.retry_after ?? 30 }), color: 'red' } };
    default:
      return { toast: { message: serverOr('errors.generic'), color: 'red' } };
  }
}

type Navigate = (to: string) => void | Promise<void>;
let navigateTo: Navigate = (to) => window.location.assign(to);
let onSessionCleared: () => void = () => {};

/** The app hands in the router's navigate and what to drop on sign-out (the query cache). */
export function configureApiClient(opts: { navigate: Navigate; onSessionCleared: () => void }): void {
  navigateTo = opts.navigate;
  onSessionCleared = opts.onSessionCleared;
}

export function toast(message: string, color: 'red' | 'yellow' | 'green' | 'blue' = 'green', id?: string): void {
  notifications.show({ message, color, autoClose: 5000, withBorder: true, ...(id ? { id } : {}) });
}

function runAction(action: ErrorAction): void {
  if (action.abortOthers) for (const c of inFlight) c.abort();
  if (action.toast) toast(action.toast.message, action.toast.color, action.toast.id);
  if (action.clearSession) clearSession();
  // Signed-in pages read the cached user: navigate away before the cache is dropped.
  const navigated = action.redirect ? navigateTo(action.redirect) : undefined;
  if (action.clearSession) void Promise.resolve(navigated).then(onSessionCleared);
}

function readCookie(name: string): string | null {
  const match = document.cookie.split('; ').find((c) => c.startsWith(name + '='));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

let csrfPromise: Promise<void> | null = null;
/** Fetches the XSRF-TOKEN cookie once; writes send it back as the X-XSRF-TOKEN header. */
export function ensureCsrf(force = false): Promise<void> {
  if (!csrfPromise || force) {
    csrfPromise = fetch(`${API_BASE}/csrf-cookie`, { credentials: 'include' })
      .then(() => undefined)
      .catch(() => {
        csrfPromise = null;
      });
  }
  return csrfPromise;
}

const inFlight = new Set<AbortController>();

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined | null>;
  signal?: AbortSignal;
  /** The caller shows the failure itself (a public link's own error page): no spec §8 toast or redirect. */
  quiet?: boolean;
};

function buildUrl(path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return `${API_BASE}/${path.replace(/^\//, '')}${qs ? `?${qs}` : ''}`;
}

async function send(path: string, opts: RequestOptions): Promise<Response> {
  const method = opts.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLocale() };
  const token = getToken();
  if (token) headers['Authorization'] = `Bearer ${token}`;
  if (WRITE_METHODS.has(method)) {
    if (!readCookie('XSRF-TOKEN')) await ensureCsrf(true);
    const xsrf = readCookie('XSRF-TOKEN');
    if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  }
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onAbort);
  inFlight.add(controller);
  try {
    return await fetch(buildUrl(path, opts.query), { method, headers, body, credentials: 'include', signal: controller.signal });
  } finally {
    inFlight.delete(controller);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}

/** A file from the API (a private download): the bytes, with the spec §8 handling on failure. */
export async function apiBlob(path: string): Promise<Blob> {
  const res = await send(path.replace(/^\/api\/v1\//, ''), {});
  if (res.ok) return res.blob();
  let body: ApiErrorBody = {};
  try {
    body = (await res.json()) as ApiErrorBody;
  } catch {
    body = {};
  }
  const action = errorAction(res.status, body, { pathname: window.location.pathname, locale: currentLocale() });
  runAction(action);
  throw new ApiError(res.status, body, action.fieldErrors);
}

/** Saves a private API file under its name (object URL, revoked afterwards). */
export async function downloadFile(path: string, name: string): Promise<void> {
  const url = URL.createObjectURL(await apiBlob(path));
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 30_000);
  }
}

/**
 * One call to the API. On failure it runs the spec §8 action (toast, redirect, sign-out) and throws
 * an ApiError; forms read `fieldErrors` from it.
 */
export async function apiRequest<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  let res: Response;
  try {
    res = await send(path, opts);
    // A stale CSRF cookie answers 419: refresh it and try once more before signing out.
    if (res.status === 419) {
      await ensureCsrf(true);
      res = await send(path, opts);
    }
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    const error = new ApiError(0, { message: i18n.t('common:errors.network') });
    if (!opts.quiet) runAction(errorAction(0, {}, { pathname: window.location.pathname, locale: currentLocale() }));
    throw error;
  }
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (res.ok) return json as T;
  const body = (json && typeof json === 'object' ? json : {}) as ApiErrorBody;
  const action = errorAction(res.status, body, { pathname: window.location.pathname, locale: currentLocale() });
  if (!opts.quiet) runAction(action);
  throw new ApiError(res.status, body, action.fieldErrors);
}

export const api = {
  get: <T>(path: string, query?: RequestOptions['query'], signal?: AbortSignal) => apiRequest<T>(path, { query, signal }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body: body ?? {} }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
};
