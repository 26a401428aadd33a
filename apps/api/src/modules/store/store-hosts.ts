import { RESERVED_SUBDOMAINS } from '@app/shared/schemas/onboarding';
import { and, isNotNull } from 'drizzle-orm';
import type { IncomingMessage } from 'node:http';
import type { Database } from '../../db/client';
import { tenants } from '../../db/schema/tenants';

/**
 * Which business a visitor's host names (docs/decisions.md "The public store pages").
 *
 * A store is reached on `<subdomain>.$STORE_DOMAIN`, on its verified custom domain, or at
 * `/s/<subdomain>/…` on the main host. The first two are rewritten, before routing, to the third
 * (Fastify's `rewriteUrl`), so one set of routes serves all three and the business always comes from
 * the host itself, never from a query. The rewrite always prefixes: `/s/other` on demo's host becomes
 * `/s/demo/s/other`, a 404 of demo's store, so one store's host never shows another's.
 *
 * Left alone on a store host: the API (`/api/`), the web build's and the store script's files
 * (`/assets/`, `/store-assets/`) and uploads (`/uploads/`), which the page itself loads from its own
 * host. `/favicon.ico` and `/robots.txt` are the store's own (rewritten too).
 *
 * Custom domains are looked up in a map kept in memory (the rewrite is synchronous): loaded when the
 * server starts, refreshed every minute, and at once by `invalidateStoreHosts()` after a business
 * changes its subdomain or custom domain (or a domain is verified).
 */

/** Paths a store host passes through unchanged. */
const PASS_THROUGH = ['/api/', '/assets/', '/store-assets/', '/uploads/'];
/** Reserved names are ours (`app.`, `www.`, `api.` …), never a store; the seeded demo store excepted. */
const NOT_STORES = new Set(RESERVED_SUBDOMAINS.filter((s) => s !== 'demo'));
const REFRESH_MS = 60_000;

export type StoreHosts = {
  /** The URL to route for a raw request (its own URL when it is not a store host's). */
  rewrite(req: Pick<IncomingMessage, 'url' | 'headers'>): string;
  /** The subdomain a host serves (a store subdomain or a verified custom domain), else null. */
  subdomainOf(host: string | undefined): string | null;
  /** Reloads the custom domains now. */
  refresh(): Promise<void>;
  start(): Promise<void>;
  stop(): void;
};

const live = new Set<StoreHosts>();

/**
 * Forget the custom domains kept in memory and load them again (every running app of this process):
 * call after a change of a business's subdomain or custom domain, or a domain's verification.
 */
export async function invalidateStoreHosts(): Promise<void> {
  await Promise.all([...live].map((h) => h.refresh().catch(() => {})));
}

/** The host name of a request, lower case, without port (the forwarded host behind a trusted proxy). */
export function hostOf(headers: IncomingMessage['headers'], trustProxy: boolean): string | undefined {
  const forwarded = trustProxy ? headers['x-forwarded-host'] : undefined;
  const raw = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0] ?? headers.host;
  if (!raw) return undefined;
  const host = raw.trim().toLowerCase();
  // [::1]:3000, example.com:443
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d+$/, '').replace(/\.$/, '');
}

export function createStoreHosts(deps: { db: Database; storeDomain: string; appUrl: string; trustProxy: boolean }): StoreHosts {
  const storeDomain = deps.storeDomain.toLowerCase().replace(/^\.+|\.+$/g, '');
  let appHost: string | null = null;
  try {
    appHost = new URL(deps.appUrl).hostname.toLowerCase();
  } catch {
    appHost = null;
  }
  const suffix = `.${storeDomain}`;
  let domains = new Map<string, string>();
  let timer: NodeJS.Timeout | null = null;

  function subdomainOf(host: string | undefined): string | null {
    if (!host || host === appHost) return null;
    if (storeDomain && host.endsWith(suffix)) {
      const sub = host.slice(0, -suffix.length);
      return /^[a-z]{3,20}$/.test(sub) && !NOT_STORES.has(sub) ? sub : null;
    }
    return domains.get(host) ?? null;
  }

  const self: StoreHosts = {
    subdomainOf,
    rewrite(req) {
      const url = req.url ?? '/';
      const sub = subdomainOf(hostOf(req.headers, deps.trustProxy));
      if (!sub || PASS_THROUGH.some((p) => url.startsWith(p))) return url;
      // `/` → `/s/demo`, `/book?x` → `/s/demo/book?x`; anything else (a full URL, `*`) is no path of a store.
      if (!url.startsWith('/')) return url;
      return url === '/' || url.startsWith('/?') ? `/s/${sub}${url.slice(1)}` : `/s/${sub}${url}`;
    },
    async refresh() {
      const rows = await deps.db
        .select({ domain: tenants.customDomain, subdomain: tenants.subdomain })
        .from(tenants)
        .where(and(isNotNull(tenants.customDomain), isNotNull(tenants.customDomainVerifiedAt), isNotNull(tenants.subdomain)));
      const next = new Map<string, string>();
      for (const r of rows) if (r.domain && r.subdomain) next.set(r.domain.toLowerCase(), r.subdomain);
      domains = next;
    },
    async start() {
      live.add(self);
      await self.refresh();
      timer = setInterval(() => void self.refresh().catch(() => {}), REFRESH_MS);
      timer.unref();
    },
    stop() {
      live.delete(self);
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
  return self;
}
