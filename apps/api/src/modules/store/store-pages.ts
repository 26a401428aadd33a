import type { Locale } from '@app/shared/constants';
import { currencyDigits } from '@app/shared/currencies';
import { localDateOf } from '@app/shared/scheduling/zoned';
import { STORE_DEFAULTS, STORE_LAYOUTS } from '@app/shared/schemas/store';
import { and, asc, avg, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';
import { type Database, type Tx, withTenant } from '../../db/client';
import { branches, categories, packages, productImages, products, providerServices, providers, services } from '../../db/schema/business';
import { customFields } from '../../db/schema/customers';
import { reviews } from '../../db/schema/marketing';
import { slotHolds, type StoreSettingsRow, storeGallery, storePages, storeSettings } from '../../db/schema/store';
import type { tenants } from '../../db/schema/tenants';
import { sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { clock } from '../../lib/clock';
import type { RouteGuard } from '../../plugins/request-context';
import {
  type HomeData,
  renderBook,
  renderContentPage,
  renderHome,
  renderLeaving,
  renderMaintenance,
  renderManage,
  renderNoStore,
  renderStoreNotFound,
  renderUnavailable,
  type StoreChrome,
  externalUrl,
} from './store-html';
import { zoneOf } from '../bookings/bookings.service';
import { findStoreBySubdomain } from './store-lookup';
import { storeRulesOf } from './store-rules';
import { depositOf, storeServicesWhere } from './store-services';
import { readBookingToken } from './store-links';
import { recordStoreVisit } from './store-visits';

/**
 * The public store's pages, rendered on the server (docs/decisions.md "The public store pages (issue
 * 19)"): `/s/:subdomain` (home), `/book`, `/p/:slug` (a custom page), `/b/:token` (the customer's
 * booking page). A store host (`<subdomain>.$STORE_DOMAIN`, a verified custom domain) reaches the
 * same routes through the rewrite of store-hosts.ts. The business is the one the subdomain names;
 * its rows are read under its tenant (withTenant), after the one lookup by subdomain.
 */

type TenantRow = Pick<
  typeof tenants.$inferSelect,
  'id' | 'name' | 'storeName' | 'subdomain' | 'logo' | 'currency' | 'timezone' | 'country' | 'locale' | 'plugins' | 'customDomain' | 'customDomainVerifiedAt'
>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Not a visit: search engines, link previews and audits. */
const NOT_A_VISITOR = /bot|crawl|spider|slurp|lighthouse|facebookexternalhit|whatsapp|preview|monitor/i;
const MAINTENANCE_RETRY_SECONDS = 3600;

type Assets = { js: string; css: string[] } | null;

/** The store script's files from the Vite manifest of its build (kept once found; looked for again at most every 10 s while missing). */
export function storeAssetsReader(webDist: string | undefined): () => Assets {
  let found: Assets = null;
  let lastTry = 0;
  return () => {
    if (found || !webDist) return found;
    const now = Date.now();
    if (now - lastTry < 10_000 && lastTry) return null;
    lastTry = now;
    try {
      const manifest = JSON.parse(readFileSync(path.join(webDist, 'store', '.vite', 'manifest.json'), 'utf8')) as Record<string, { file?: string; css?: string[] }>;
      const entry = manifest['src/store/main.ts'];
      if (entry?.file) found = { js: entry.file, css: entry.css ?? [] };
    } catch {
      found = null;
    }
    return found;
  };
}

const settingsOf = (row: StoreSettingsRow | undefined) => {
  const rules = storeRulesOf(row);
  return {
    status: rules.status,
    layout: STORE_LAYOUTS.includes(rules.layout) ? rules.layout : STORE_DEFAULTS.layout,
    primary: rules.primary_color,
    secondary: rules.secondary_color,
    background: rules.background_color,
    showPrices: rules.show_prices,
    rules,
    row,
  };
};

type Store = {
  tenant: TenantRow;
  settings: ReturnType<typeof settingsOf>;
  chrome: StoreChrome;
};

export const storePageRoutes =
  (deps: { db: Database; config: Config }) =>
  async (app: FastifyInstance): Promise<void> => {
    const { db, config } = deps;
    const assets = storeAssetsReader(config.webDist);
    const guard: RouteGuard & { rateLimit: { max: number; timeWindow: string } } = { auth: 'public', globalParams: true, rateLimit: { max: 120, timeWindow: '1 minute' } };

    const localeOf = (request: FastifyRequest, tenantLocale: string | null): { locale: Locale; langParam: Locale | null } => {
      const q = (request.query ?? {}) as Record<string, unknown>;
      const lang = q.lang === 'ar' || q.lang === 'en' ? q.lang : null;
      return { locale: lang ?? (tenantLocale === 'en' ? 'en' : 'ar'), langParam: lang };
    };

    async function findTenant(subdomain: string): Promise<TenantRow | null> {
      return (await findStoreBySubdomain(db, subdomain))?.tenant ?? null;
    }

    /** The store a request names, and the chrome of its pages; null when there is none. */
    async function loadStore(request: FastifyRequest, subdomain: string, tx: Tx, tenant: TenantRow): Promise<Store> {
      const [row] = await tx.select().from(storeSettings).where(eq(storeSettings.tenantId, tenant.id)).limit(1);
      const pages = await tx
        .select({ title: storePages.title, slug: storePages.slug, type: storePages.type, url: storePages.url })
        .from(storePages)
        .where(and(eq(storePages.tenantId, tenant.id), eq(storePages.published, true)))
        .orderBy(asc(storePages.sortOrder), asc(storePages.createdAt));
      const settings = settingsOf(row);
      const { locale, langParam } = localeOf(request, tenant.locale);
      // Rewritten from a store host: its pages live at its root.
      const base = request.url !== request.originalUrl ? '' : `/s/${subdomain}`;
      const canonicalBase = tenant.customDomain && tenant.customDomainVerifiedAt ? `https://${tenant.customDomain}` : `${config.appUrl}/s/${subdomain}`;
      const chrome: StoreChrome = {
        locale,
        langParam,
        base,
        canonicalBase,
        subdomain,
        name: tenant.storeName?.trim() || tenant.name?.trim() || subdomain,
        description: row?.description ?? null,
        logo: tenant.logo,
        banner: row?.bannerPath ?? null,
        favicon: row?.faviconPath ?? null,
        colors: { primary: settings.primary, secondary: settings.secondary, background: settings.background },
        phone: row?.contactPhone ?? null,
        email: row?.contactEmail ?? null,
        address: row?.address ?? null,
        social: row?.social ?? {},
        currency: tenant.currency,
        showPrices: settings.showPrices,
        pages,
        assets: assets(),
      };
      return { tenant, settings, chrome };
    }

    function sendHtml(request: FastifyRequest, reply: FastifyReply, status: number, html: string) {
      reply.header('content-type', 'text/html; charset=utf-8');
      reply.header('cache-control', 'no-cache');
      if (status === 200) {
        const etag = `W/"${createHash('sha1').update(html).digest('base64url')}"`;
        reply.header('etag', etag);
        if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      } else {
        reply.header('x-robots-tag', 'noindex');
      }
      return reply.status(status).send(html);
    }

    /**
     * Runs a page of the store `subdomain`: unknown → the 404 page; maintenance → its page (503),
     * suspended → "unavailable" (503), except for the pages that stay open (`open`: the customer's
     * own booking page).
     */
    async function page(
      request: FastifyRequest,
      reply: FastifyReply,
      subdomain: string,
      render: (store: Store, tx: Tx) => Promise<{ status: number; html: string }>,
      opts: { open?: boolean } = {},
    ) {
      const tenant = await findTenant(subdomain);
      if (!tenant) return sendHtml(request, reply, 404, renderNoStore(localeOf(request, null).locale));
      const out = await withTenant(db, tenant.id, async (tx) => {
        const store = await loadStore(request, subdomain, tx, tenant);
        if (!opts.open && store.settings.status === 'maintenance') {
          reply.header('retry-after', String(MAINTENANCE_RETRY_SECONDS));
          return { status: 503, html: renderMaintenance(store.chrome, store.settings.row?.maintenanceTitle ?? null, store.settings.row?.maintenanceBody ?? null) };
        }
        if (!opts.open && store.settings.status === 'suspended') return { status: 503, html: renderUnavailable(store.chrome) };
        return render(store, tx);
      });
      return sendHtml(request, reply, out.status, out.html);
    }

    type P = { subdomain: string };

    // ------------------------------------------------------------ home
    app.get<{ Params: P }>('/s/:subdomain', { config: guard }, async (request, reply) =>
      page(request, reply, request.params.subdomain, async (store, tx) => {
        const q = (request.query ?? {}) as Record<string, unknown>;
        const categoryId = typeof q.category === 'string' && UUID.test(q.category) ? q.category : null;
        const home = await homeData(tx, store, categoryId);
        if (categoryId && !home.category) return { status: 404, html: renderStoreNotFound(store.chrome) };
        if (request.method === 'GET' && !NOT_A_VISITOR.test(String(request.headers['user-agent'] ?? ''))) {
          // Counting never fails the page (its own transaction, after this one's reads).
          const { id, timezone } = store.tenant;
          setImmediate(() => void recordStoreVisit(db, id, timezone).catch((err) => request.log.warn({ err }, 'store visit not counted')));
        }
        return { status: 200, html: renderHome(store.chrome, home) };
      }),
    );

    // ------------------------------------------------------------ booking
    app.get<{ Params: P }>('/s/:subdomain/book', { config: guard }, async (request, reply) =>
      page(request, reply, request.params.subdomain, async (store, tx) => {
        const q = (request.query ?? {}) as Record<string, unknown>;
        const wanted = (Array.isArray(q.service) ? q.service : [q.service]).filter((v): v is string => typeof v === 'string' && UUID.test(v));
        const hold = typeof q.hold === 'string' && /^[A-Za-z0-9_-]{10,200}$/.test(q.hold) ? q.hold : null;
        const data = await storeData(tx, store);
        const known = new Set(data.services.map((s) => s.id));
        const preselect = { service_ids: [...new Set(wanted)].filter((id) => known.has(id)), hold_token: hold, hold: hold ? await heldSeat(tx, store.tenant.id, hold) : null };
        return { status: 200, html: renderBook(store.chrome, { ...data, preselect }) };
      }),
    );

    // ------------------------------------------------------------ the customer's booking page
    app.get<{ Params: P & { token: string } }>('/s/:subdomain/b/:token', { config: guard }, async (request, reply) =>
      page(
        request,
        reply,
        request.params.subdomain,
        async (store, tx) => {
          let kind: 'link_invalid' | 'link_expired' | null = null;
          try {
            const read = readBookingToken(request.params.token);
            if (read.tenantId !== store.tenant.id) kind = 'link_invalid';
          } catch (err) {
            if (!(err instanceof AppError)) throw err;
            kind = err.status === 410 ? 'link_expired' : 'link_invalid';
          }
          if (kind) return { status: kind === 'link_expired' ? 410 : 404, html: renderStoreNotFound(store.chrome, kind) };
          const data = await storeData(tx, store);
          return { status: 200, html: renderManage(store.chrome, request.params.token, { ...data, preselect: { service_ids: [], hold_token: null, hold: null } }) };
        },
        // A customer sees, moves or cancels their booking whatever the store's status.
        { open: true },
      ),
    );

    // ------------------------------------------------------------ custom pages
    app.get<{ Params: P & { slug: string } }>('/s/:subdomain/p/:slug', { config: guard }, async (request, reply) =>
      page(request, reply, request.params.subdomain, async (store, tx) => {
        const slug = request.params.slug;
        const [row] = /^[A-Za-z0-9_-]{1,120}$/.test(slug)
          ? await tx
              .select()
              .from(storePages)
              .where(and(eq(storePages.tenantId, store.tenant.id), eq(storePages.slug, slug), eq(storePages.published, true)))
              .limit(1)
          : [];
        if (!row) return { status: 404, html: renderStoreNotFound(store.chrome) };
        if (row.type === 'link') {
          // Never a redirect (our address would lend itself to any link): a page saying where it leads.
          const url = externalUrl(row.url);
          if (url) return { status: 200, html: renderLeaving(store.chrome, { title: row.title, url }) };
          return { status: 404, html: renderStoreNotFound(store.chrome) };
        }
        return { status: 200, html: renderContentPage(store.chrome, row) };
      }),
    );

    // ------------------------------------------------------------ the store's favicon, robots
    app.get<{ Params: P }>('/s/:subdomain/favicon.ico', { config: guard }, async (request, reply) => {
      const tenant = await findTenant(request.params.subdomain);
      if (!tenant) return reply.status(404).send();
      const [row] = await withTenant(db, tenant.id, (tx) => tx.select({ favicon: storeSettings.faviconPath }).from(storeSettings).where(eq(storeSettings.tenantId, tenant.id)));
      const icon = row?.favicon ?? tenant.logo;
      if (!icon?.startsWith('/uploads/')) return reply.status(404).send();
      return reply.header('cache-control', 'public, max-age=3600').redirect(icon, 302);
    });

    app.get<{ Params: P }>('/s/:subdomain/robots.txt', { config: guard }, async (_request, reply) => {
      // Read at a store host's root (`/robots.txt` is rewritten here): the customers' own pages stay out of search.
      reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600');
      return 'User-agent: *\nDisallow: /b/\n';
    });

    // ------------------------------------------------------------ anything else under a store
    app.get<{ Params: P & { '*': string } }>('/s/:subdomain/*', { config: guard }, async (request, reply) => {
      // `/s/demo/` is the home page.
      if (request.params['*'] === '' && request.url === request.originalUrl) {
        const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
        return reply.redirect(`/s/${encodeURIComponent(request.params.subdomain)}${query}`, 301);
      }
      return page(request, reply, request.params.subdomain, async (store) => ({ status: 404, html: renderStoreNotFound(store.chrome) }));
    });
  };

// ------------------------------------------------------------------ reads


async function homeData(tx: Tx, store: Store, categoryId: string | null): Promise<HomeData> {
  const tenantId = store.tenant.id;
  const svc = await tx
    .select({
      id: services.id,
      name: services.name,
      description: services.description,
      visibility: services.metadataVisibility,
      duration: services.duration,
      price: services.price,
      categoryId: services.categoryId,
    })
    .from(services)
    .where(storeServicesWhere(tenantId))
    .orderBy(asc(services.sortOrder), asc(services.name));
  const prods = await tx
    .select({ id: products.id, name: products.name, price: products.price, categoryId: products.categoryId })
    .from(products)
    .where(eq(products.tenantId, tenantId))
    .orderBy(asc(products.sortOrder), asc(products.name))
    .limit(60);
  const images = prods.length
    ? await tx
        .select({ productId: productImages.productId, path: productImages.path })
        .from(productImages)
        .where(and(eq(productImages.tenantId, tenantId), inArray(productImages.productId, prods.map((p) => p.id))))
        .orderBy(desc(productImages.isMain), asc(productImages.sortOrder), asc(productImages.createdAt))
    : [];
  const firstImage = new Map<string, string>();
  for (const i of images) if (!firstImage.has(i.productId)) firstImage.set(i.productId, i.path);
  const pkgs = store.tenant.plugins.includes('packages')
    ? await tx
        .select({ id: packages.id, name: packages.name, description: packages.description, price: packages.price })
        .from(packages)
        .where(eq(packages.tenantId, tenantId))
        .orderBy(asc(packages.sortOrder), asc(packages.name))
        .limit(60)
    : [];
  const cats = await tx
    .select({ id: categories.id, name: categories.name, description: categories.description })
    .from(categories)
    .where(eq(categories.tenantId, tenantId))
    .orderBy(asc(categories.sortOrder), asc(categories.name));
  const serviceCount = new Map<string, number>();
  for (const s of svc) if (s.categoryId) serviceCount.set(s.categoryId, (serviceCount.get(s.categoryId) ?? 0) + 1);
  const withProducts = new Set(prods.map((p) => p.categoryId).filter(Boolean));
  const shownCats = cats.filter((c) => serviceCount.has(c.id) || withProducts.has(c.id));
  const category = categoryId ? (shownCats.find((c) => c.id === categoryId) ?? null) : null;

  const [agg] = await tx
    .select({ n: count(), avg: avg(reviews.rating) })
    .from(reviews)
    .where(and(eq(reviews.tenantId, tenantId), eq(reviews.status, 'approved')));
  const latest = await tx
    .select({ by_name: reviews.byName, rating: reviews.rating, body: reviews.body, reply: reviews.reply, createdAt: reviews.createdAt })
    .from(reviews)
    .where(and(eq(reviews.tenantId, tenantId), eq(reviews.status, 'approved')))
    .orderBy(desc(reviews.createdAt))
    .limit(6);
  const gallery = await tx
    .select({ url: storeGallery.path, caption: storeGallery.caption })
    .from(storeGallery)
    .where(eq(storeGallery.tenantId, tenantId))
    .orderBy(asc(storeGallery.sortOrder), asc(storeGallery.createdAt));

  const inCategory = <T extends { categoryId: string | null }>(xs: T[]) => (category ? xs.filter((x) => x.categoryId === category.id) : xs);
  const count_ = Number(agg?.n ?? 0);
  return {
    layout: store.settings.layout,
    category,
    categories: shownCats.map((c) => ({ ...c, services: serviceCount.get(c.id) ?? 0 })),
    // The description shows on the store's pages for `both` and `web_only` (spec metadata visibility).
    services: inCategory(svc).map((s) => ({ ...s, price: Number(s.price), description: s.visibility === 'bookingpage_only' ? null : s.description })),
    products: inCategory(prods).map((p) => ({ ...p, price: Number(p.price), image: firstImage.get(p.id) ?? null })),
    packages: category ? [] : pkgs.map((p) => ({ ...p, price: Number(p.price) })),
    reviews: latest.map((r) => ({ by_name: r.by_name, rating: r.rating, body: r.body, reply: r.reply, created_at: r.createdAt.toISOString() })),
    rating: count_ > 0 ? { count: count_, average: Number(agg?.avg ?? 0) } : null,
    gallery,
  };
}

/**
 * The seat a waitlist offer's link (`/book?hold=<token>`) holds, read by the token's hash within this
 * business and while it lasts; null: expired or unknown (the script then says so and books as usual).
 */
async function heldSeat(tx: Tx, tenantId: string, token: string) {
  const [row] = await tx
    .select({ startAt: slotHolds.startAt, expiresAt: slotHolds.expiresAt, serviceIds: slotHolds.serviceIds, staffId: slotHolds.staffId, providerIds: slotHolds.providerIds, branchId: slotHolds.branchId })
    .from(slotHolds)
    .where(and(eq(slotHolds.tenantId, tenantId), eq(slotHolds.tokenHash, sha256(token)), gt(slotHolds.expiresAt, sql`now()`)))
    .limit(1);
  if (!row) return null;
  return {
    token,
    start_time: row.startAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    service_ids: row.serviceIds,
    staff_id: row.staffId,
    staff_ids: row.providerIds,
    branch_id: row.branchId,
  };
}

/** `#store-data` of the booking pages: the contract with the store script (docs/decisions.md). */
async function storeData(tx: Tx, store: Store) {
  const { tenant, chrome } = store;
  const { rules } = store.settings;
  const svc = await tx
    .select({
      id: services.id,
      name: services.name,
      description: services.description,
      visibility: services.metadataVisibility,
      duration: services.duration,
      price: services.price,
      depositEnabled: services.depositEnabled,
      depositAmount: services.depositAmount,
      categoryId: services.categoryId,
      branchId: services.branchId,
    })
    .from(services)
    .where(storeServicesWhere(tenant.id))
    .orderBy(asc(services.sortOrder), asc(services.name));
  const ids = new Set(svc.map((s) => s.id));
  const branchRows = await tx
    .select({ id: branches.id, name: branches.name, timezone: branches.timezone })
    .from(branches)
    .where(eq(branches.tenantId, tenant.id))
    .orderBy(desc(branches.isMain), asc(branches.name));
  const provs = await tx
    .select({ id: providers.id, name: providers.name, branchId: providers.branchId })
    .from(providers)
    .where(eq(providers.tenantId, tenant.id))
    .orderBy(asc(providers.sortOrder), asc(providers.name));
  const offered = await tx.select({ providerId: providerServices.providerId, serviceId: providerServices.serviceId }).from(providerServices).where(eq(providerServices.tenantId, tenant.id));
  const byProvider = new Map<string, string[]>();
  for (const o of offered) if (ids.has(o.serviceId)) byProvider.set(o.providerId, [...(byProvider.get(o.providerId) ?? []), o.serviceId]);
  const fields = await tx
    .select()
    .from(customFields)
    .where(and(eq(customFields.tenantId, tenant.id), eq(customFields.appliesTo, 'booking')))
    .orderBy(asc(customFields.sortOrder), asc(customFields.createdAt));
  return {
    subdomain: chrome.subdomain,
    base: chrome.base,
    api: `/api/v1/store/${chrome.subdomain}`,
    locale: chrome.locale,
    dir: chrome.locale === 'ar' ? 'rtl' : 'ltr',
    currency: tenant.currency,
    currency_decimals: currencyDigits(tenant.currency),
    /** The business's zone; a branch's own (its slots, its holds) is in `branches`. */
    timezone: tenant.timezone,
    today: localDateOf(clock.now().getTime(), tenant.timezone),
    /** The default phone country of the forms (the business's country). */
    country: tenant.country || 'SA',
    settings: {
      require_phone_otp: rules.require_phone_otp,
      waitlist_enabled: rules.waitlist_enabled,
      show_prices: rules.show_prices,
      booking_window_days: rules.booking_window_days,
      allow_reschedule: rules.allow_reschedule,
      allow_cancel: rules.allow_cancel,
      change_notice_hours: rules.change_notice_hours,
    },
    // Main branch first (the one the server books in when none is chosen), each with its own zone and day.
    branches: branchRows.map((b) => {
      const zone = zoneOf(b.timezone, tenant.timezone);
      return { id: b.id, name: b.name, timezone: zone, today: localDateOf(clock.now().getTime(), zone) };
    }),
    services: svc.map((s) => ({
      id: s.id,
      name: s.name,
      // In the booking flow the description shows for `both` and `bookingpage_only`.
      description: s.visibility === 'web_only' ? null : s.description,
      duration: s.duration,
      price: Number(s.price),
      deposit: depositOf(s),
      category_id: s.categoryId,
      branch_id: s.branchId,
    })),
    providers: provs.filter((p) => byProvider.has(p.id)).map((p) => ({ id: p.id, name: p.name, branch_id: p.branchId, service_ids: byProvider.get(p.id) ?? [] })),
    // Keyed by id as bookings store the values (`custom_fields: { <id>: value }`).
    custom_fields: fields.map((f) => ({ id: f.id, label: f.label, name_en: f.nameEn, html_tag: f.htmlTag, options: f.options, is_required: f.isRequired })),
  };
}
