import type { ApiError } from './logic';
import { t } from './i18n';

/** What a call answers: its `data` (and the whole body), or the server's error (message in the business's language). */
export type Result<T> = { ok: true; status: number; data: T; body: Record<string, unknown> } | { ok: false; error: ApiError };

let language = 'ar';
export const setApiLanguage = (l: string) => {
  language = l;
};

const readXsrf = (): string | null => {
  const m = document.cookie.match(/(?:^|;\s*)XSRF-TOKEN=([^;]*)/);
  return m?.[1] ? decodeURIComponent(m[1]) : null;
};

let csrf: Promise<unknown> | null = null;
/** The XSRF cookie (once; again after a 419): every write echoes it in X-XSRF-TOKEN. */
function ensureCsrf(url: string, force = false): Promise<unknown> {
  if (!force && (csrf || readXsrf())) return csrf ?? Promise.resolve();
  const base = url.match(/^(.*?\/api\/v1)\//)?.[1] ?? '/api/v1';
  csrf = fetch(`${base}/csrf-cookie`, { credentials: 'same-origin' }).catch(() => undefined);
  return csrf;
}

/** A JSON call to the store's public API (no account: the business comes from the address). */
export async function call<T>(method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, retried = false): Promise<Result<T>> {
  let res: Response;
  try {
    const write = method !== 'GET';
    if (write) await ensureCsrf(url, retried);
    const xsrf = write ? readXsrf() : null;
    res = await fetch(url, {
      method,
      headers: {
        accept: 'application/json',
        'accept-language': language,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(xsrf ? { 'x-xsrf-token': xsrf } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    return { ok: false, error: { status: 0, message: t('network'), errors: {} } };
  }
  // The cookie expired or was never set: fetch it again and try once more.
  if (res.status === 419 && !retried) return call<T>(method, url, body, true);
  let json: Record<string, unknown> = {};
  try {
    json = (await res.json()) as Record<string, unknown>;
  } catch {
    // An empty or non-JSON answer (a 204, a proxy's page).
  }
  if (res.ok) return { ok: true, status: res.status, data: json.data as T, body: json };
  const errors = (json.errors && typeof json.errors === 'object' ? json.errors : {}) as Record<string, string[]>;
  return { ok: false, error: { status: res.status, message: typeof json.message === 'string' && json.message ? json.message : t('error'), errors } };
}

/** `?a=1&b=2` without the empty ones. */
export function query(params: Record<string, string | null | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  return q.toString();
}
