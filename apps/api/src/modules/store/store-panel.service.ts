import { normalizePhone, PHONE_COUNTRY_CODES } from '@app/shared/phone';
import { localDates, localDayBounds } from '@app/shared/scheduling/zoned';
import {
  type GalleryItem,
  STORE_ANALYTICS_MAX_DAYS,
  STORE_GALLERY_MAX,
  STORE_IMAGE_MAX_BYTES,
  STORE_IMAGE_TYPES,
  STORE_LOGO_MAX_BYTES,
  STORE_LOGO_MAX_PX,
  STORE_LOGO_TYPES,
  STORE_PAGES_MAX,
  STORE_SOCIAL_KEYS,
  type StoreAnalytics,
  type StoreImage,
  type StorePage,
  type StoreSettings,
  type storeAppearanceFields,
  type storeBookingBody,
  type storeContactsBody,
  type storeGeneralBody,
  type storePageBody,
} from '@app/shared/schemas/store';
import type { ValidationKey } from '@app/shared/validation';
import { and, asc, count, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Config } from '../../config';
import { type Database, type Tx, withTenant } from '../../db/client';
import { type StoreSettingsRow, type StoreSocial, storeGallery, storePages, storeSettings } from '../../db/schema/store';
import { tenants } from '../../db/schema/tenants';
import type { DnsAdapter } from '../../integrations/dns/dns.adapter';
import { type StorageAdapter, sniffImage } from '../../integrations/storage/storage.adapter';
import { AppError, fieldError, notFound } from '../../lib/errors';
import type { MessageKey } from '../../i18n/messages';
import { isUniqueViolation } from '../access/access.repository';
import type { AuthContext } from '../auth/auth.service';
import type { OnboardingService } from '../onboarding/onboarding.service';
import { imageSize } from './image-size';
import { invalidateStoreHosts } from './store-hosts';
import { storeRulesOf } from './store-rules';
import { storeUrlFor } from './store-links';

/**
 * The store panel (issue 19; spec §2 /store, §3 Company/store, §5): the business's store settings, its
 * look (colours, logo, banner, favicon), contacts, store URL and custom domain, gallery, custom pages
 * and the store's analytics. The public store reads what this writes (docs/decisions.md "The store
 * panel (issue 19)").
 */

type GeneralBody = z.output<typeof storeGeneralBody>;
type BookingBody = z.output<typeof storeBookingBody>;
type AppearanceBody = z.output<typeof storeAppearanceFields>;
type ContactsBody = z.output<typeof storeContactsBody>;
type PageBody = z.output<typeof storePageBody>;
type TenantRow = typeof tenants.$inferSelect;

/** An image the client sent, as the bytes arrived. */
export type StoreUpload = { bytes: Buffer; caption?: string | null };

/** The TXT record that proves a custom domain: `_khidma.<domain>`. */
export const customDomainRecord = (domain: string) => `_khidma.${domain}`;

const NO_FILE: Record<StoreImage, MessageKey> = { logo: 'change_logo_first', banner: 'change_banner_first', favicon: 'change_browser_icon_first' };

/** The 422 of an upload without a file (spec §5: saving the look without a change). */
export const noImageError = (kind: StoreImage | 'gallery') => fieldError('file', kind === 'gallery' ? 'required' : NO_FILE[kind]);

const MB = (bytes: number) => bytes / 1024 / 1024;

/**
 * Checks an image from its bytes, never from the client's word: its type (sniffed), its size, and for
 * the logo its pixels (at most 500×500, square). Answers the type to store it under.
 */
export function checkStoreImage(kind: StoreImage | 'gallery', bytes: Buffer): { mime: string; ext: string } {
  const sniffed = sniffImage(bytes);
  const logo = kind === 'logo';
  const types: readonly string[] = logo ? STORE_LOGO_TYPES : STORE_IMAGE_TYPES;
  if (!sniffed || !types.includes(sniffed.mime)) throw fieldError('file', 'file_type');
  const max = logo ? STORE_LOGO_MAX_BYTES : STORE_IMAGE_MAX_BYTES;
  if (bytes.length > max) throw logo ? fieldError('file', 'image_too_large_kb', { max: max / 1024 }) : fieldError('file', 'file_too_large', { max: MB(max) });
  const size = imageSize(bytes);
  // A known signature with a header we cannot read is not an image we can show.
  if (!size) throw fieldError('file', 'file_type');
  if (logo) {
    if (size.width > STORE_LOGO_MAX_PX || size.height > STORE_LOGO_MAX_PX) throw fieldError('file', 'logo_dimensions', { max: STORE_LOGO_MAX_PX });
    if (size.width !== size.height) throw fieldError('file', 'logo_square');
  }
  return sniffed;
}

const emailOk = (v: string) => z.email().safeParse(v).success;
const httpUrlOk = (v: string) => {
  if (!/^https?:\/\/[^\s]+$/i.test(v)) return false;
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.includes('.');
  } catch {
    return false;
  }
};

function toPage(row: typeof storePages.$inferSelect): StorePage {
  return {
    id: row.id,
    type: row.type as StorePage['type'],
    title: row.title,
    slug: row.slug,
    body: row.body,
    url: row.url,
    published: row.published,
    sort_order: row.sortOrder,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function toGalleryItem(row: typeof storeGallery.$inferSelect): GalleryItem {
  return { id: row.id, url: row.path, caption: row.caption, sort_order: row.sortOrder, created_at: row.createdAt.toISOString() };
}

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

export function createStorePanelService(deps: { db: Database; config: Config; storage: StorageAdapter; onboarding: OnboardingService; dns: DnsAdapter }) {
  const { db, config, storage, onboarding, dns } = deps;

  async function tenantOf(tx: Tx, tenantId: string): Promise<TenantRow> {
    const [row] = await tx.select().from(tenants).where(eq(tenants.id, tenantId)).limit(1);
    if (!row) throw notFound();
    return row;
  }

  /** The tenant's row, locked until the transaction ends: one writer at a time for counted collections. */
  async function lockTenant(tx: Tx, tenantId: string) {
    await tx.execute(sql`select id from tenants where id = ${tenantId} for update`);
  }

  async function settingsRow(tx: Tx, tenantId: string): Promise<StoreSettingsRow | null> {
    const [row] = await tx.select().from(storeSettings).where(eq(storeSettings.tenantId, tenantId)).limit(1);
    return row ?? null;
  }

  /** Writes some store settings, creating the business's row (with the defaults) on its first save. */
  async function upsertSettings(tx: Tx, tenantId: string, values: Partial<typeof storeSettings.$inferInsert>) {
    const set = { ...values, updatedAt: new Date() };
    await tx
      .insert(storeSettings)
      .values({ tenantId, ...set })
      .onConflictDoUpdate({ target: storeSettings.tenantId, set });
  }

  function toSettings(tenant: TenantRow, row: StoreSettingsRow | null): StoreSettings {
    const social = (row?.social ?? {}) as StoreSocial;
    const rules = storeRulesOf(row);
    return {
      store_name: tenant.storeName,
      subdomain: tenant.subdomain,
      store_url: tenant.subdomain ? storeUrlFor(tenant.subdomain) : null,
      full_domain: tenant.subdomain ? `${tenant.subdomain}.${config.storeDomain}` : null,
      custom_domain: tenant.customDomain,
      custom_domain_verified: Boolean(tenant.customDomain && tenant.customDomainVerifiedAt),
      custom_domain_token: tenant.customDomain ? tenant.customDomainToken : null,
      status: rules.status,
      maintenance_title: row?.maintenanceTitle ?? null,
      maintenance_body: row?.maintenanceBody ?? null,
      description: row?.description ?? null,
      primary_color: rules.primary_color,
      secondary_color: rules.secondary_color,
      background_color: rules.background_color,
      logo: tenant.logo,
      banner: row?.bannerPath ?? null,
      favicon: row?.faviconPath ?? null,
      layout: rules.layout,
      social: Object.fromEntries(STORE_SOCIAL_KEYS.map((k) => [k, social[k] ?? null])) as StoreSettings['social'],
      contact_phone: row?.contactPhone ?? null,
      contact_email: row?.contactEmail ?? null,
      address: row?.address ?? null,
      approve_bookings: rules.approve_bookings,
      change_notice_hours: rules.change_notice_hours,
      allow_reschedule: rules.allow_reschedule,
      allow_cancel: rules.allow_cancel,
      require_phone_otp: rules.require_phone_otp,
      show_prices: rules.show_prices,
      booking_window_days: rules.booking_window_days,
      waitlist_enabled: rules.waitlist_enabled,
    };
  }

  // One after the other: a transaction is one connection, which runs one query at a time.
  const readSettings = async (tx: Tx, tenantId: string) => toSettings(await tenantOf(tx, tenantId), await settingsRow(tx, tenantId));

  async function settings(ctx: AuthContext): Promise<StoreSettings> {
    return withTenant(db, ctx.tenantId, (tx) => readSettings(tx, ctx.tenantId));
  }

  /**
   * Name, description, status and the maintenance page. `suspended` is the platform's (a business
   * never sets it, and a suspended store stays suspended whatever its business sends).
   */
  async function saveGeneral(ctx: AuthContext, body: GeneralBody): Promise<StoreSettings> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const current = await settingsRow(tx, ctx.tenantId);
      const suspended = current?.status === 'suspended';
      if (suspended && body.status !== 'suspended') throw fieldError('status', 'store_suspended');
      if (!suspended && body.status === 'suspended') throw fieldError('status', 'store_suspend_platform');
      await tx.update(tenants).set({ storeName: body.store_name, updatedAt: new Date() }).where(eq(tenants.id, ctx.tenantId));
      await upsertSettings(tx, ctx.tenantId, {
        status: body.status,
        description: body.description?.trim() || null,
        maintenanceTitle: body.maintenance_title?.trim() || null,
        maintenanceBody: body.maintenance_body?.trim() || null,
      });
      return readSettings(tx, ctx.tenantId);
    });
  }

  async function saveBooking(ctx: AuthContext, body: BookingBody): Promise<StoreSettings> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      await upsertSettings(tx, ctx.tenantId, {
        layout: body.layout,
        approveBookings: body.approve_bookings,
        changeNoticeHours: body.change_notice_hours,
        allowReschedule: body.allow_reschedule,
        allowCancel: body.allow_cancel,
        requirePhoneOtp: body.require_phone_otp,
        showPrices: body.show_prices,
        bookingWindowDays: body.booking_window_days,
        waitlistEnabled: body.waitlist_enabled,
      });
      return readSettings(tx, ctx.tenantId);
    });
  }

  async function saveAppearance(ctx: AuthContext, body: AppearanceBody): Promise<StoreSettings> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      await upsertSettings(tx, ctx.tenantId, { primaryColor: body.primary_color, secondaryColor: body.secondary_color, backgroundColor: body.background_color });
      return readSettings(tx, ctx.tenantId);
    });
  }

  /** The stored path of one of the three images (the logo is the business's logo, `tenants.logo`). */
  const imagePath = (tenant: TenantRow, row: StoreSettingsRow | null, kind: StoreImage) =>
    kind === 'logo' ? tenant.logo : kind === 'banner' ? (row?.bannerPath ?? null) : (row?.faviconPath ?? null);

  async function writeImage(tx: Tx, tenantId: string, kind: StoreImage, path: string | null) {
    if (kind === 'logo') await tx.update(tenants).set({ logo: path, updatedAt: new Date() }).where(eq(tenants.id, tenantId));
    else await upsertSettings(tx, tenantId, kind === 'banner' ? { bannerPath: path } : { faviconPath: path });
  }

  /** Replaces the logo, banner or favicon; the previous file is removed once the new one is saved. */
  async function setImage(ctx: AuthContext, kind: StoreImage, upload: StoreUpload): Promise<StoreSettings> {
    const type = checkStoreImage(kind, upload.bytes);
    const url = await storage.put(`store/${ctx.tenantId}/${kind}-${randomUUID()}.${type.ext}`, upload.bytes);
    let previous: string | null = null;
    try {
      const data = await withTenant(db, ctx.tenantId, async (tx) => {
        previous = imagePath(await tenantOf(tx, ctx.tenantId), await settingsRow(tx, ctx.tenantId), kind);
        await writeImage(tx, ctx.tenantId, kind, url);
        return readSettings(tx, ctx.tenantId);
      });
      if (previous && previous !== url) await storage.remove(previous);
      return data;
    } catch (err) {
      await storage.remove(url);
      throw err;
    }
  }

  async function removeImage(ctx: AuthContext, kind: StoreImage): Promise<StoreSettings> {
    let previous: string | null = null;
    const data = await withTenant(db, ctx.tenantId, async (tx) => {
      previous = imagePath(await tenantOf(tx, ctx.tenantId), await settingsRow(tx, ctx.tenantId), kind);
      if (previous) await writeImage(tx, ctx.tenantId, kind, null);
      return readSettings(tx, ctx.tenantId);
    });
    if (previous) await storage.remove(previous);
    return data;
  }

  /**
   * The store's contacts, replaced as sent: the phone in E.164 (the business's country, or an
   * international number), the e-mail checked, each social link an http(s) address except WhatsApp
   * (a phone) and e-mail (an address). Every bad field is reported at once.
   */
  async function saveContacts(ctx: AuthContext, body: ContactsBody): Promise<StoreSettings> {
    const country = ctx.tenant.country || 'SA';
    const errors: Record<string, { key: ValidationKey | MessageKey }[]> = {};
    const bad = (field: string, key: ValidationKey) => {
      errors[field] = [{ key }];
    };
    const phoneOf = (field: string, raw: string | null | undefined) => {
      if (!raw?.trim()) return null;
      const e164 = normalizePhone(raw, country) ?? (raw.trim().startsWith('+') || raw.trim().startsWith('00') ? normalizeInternational(raw) : null);
      if (!e164) bad(field, 'phone');
      return e164;
    };
    const contactPhone = phoneOf('contact_phone', body.contact_phone);
    const contactEmail = body.contact_email?.trim() ? body.contact_email.trim().toLowerCase() : null;
    if (contactEmail && !emailOk(contactEmail)) bad('contact_email', 'email');
    const social: StoreSocial = {};
    for (const key of STORE_SOCIAL_KEYS) {
      const value = body.social?.[key]?.trim();
      if (!value) continue;
      if (key === 'whatsapp') {
        const e164 = phoneOf('social.whatsapp', value);
        if (e164) social.whatsapp = e164;
      } else if (key === 'email') {
        if (emailOk(value)) social.email = value.toLowerCase();
        else bad('social.email', 'email');
      } else if (httpUrlOk(value)) social[key] = value;
      else bad(`social.${key}`, 'url');
    }
    if (Object.keys(errors).length) throw new AppError(422, 'validation_failed', { fields: errors });
    return withTenant(db, ctx.tenantId, async (tx) => {
      await upsertSettings(tx, ctx.tenantId, { contactPhone, contactEmail, address: body.address?.trim() || null, social });
      return readSettings(tx, ctx.tenantId);
    });
  }

  /** A number given with its country code (+971…, 00971…): valid in one of the countries we know. */
  function normalizeInternational(raw: string): string | null {
    for (const c of PHONE_COUNTRY_CODES) {
      const e164 = normalizePhone(raw, c);
      if (e164) return e164;
    }
    return null;
  }

  /** Our own hosts, which no business may claim as its domain. */
  function ownHost(domain: string): boolean {
    const under = (base: string) => base !== '' && (domain === base || domain.endsWith(`.${base}`));
    let appHost = '';
    try {
      appHost = new URL(config.appUrl).hostname.toLowerCase();
    } catch {
      appHost = '';
    }
    return under(config.storeDomain.toLowerCase()) || under(appHost);
  }

  /**
   * Sets (or with null clears) the custom domain: a new one gets a new proof token and is unverified
   * until its TXT record is found. The same domain sent again changes nothing.
   */
  async function setCustomDomain(ctx: AuthContext, domain: string | null): Promise<StoreSettings> {
    if (domain) {
      if (ownHost(domain)) throw fieldError('custom_domain', 'custom_domain_not_allowed');
      // A domain another store has verified is theirs (the check runs on the system connection). An
      // unverified claim does not block it: whoever proves the domain first gets it.
      const [other] = await db
        .select({ id: tenants.id })
        .from(tenants)
        .where(and(eq(tenants.customDomain, domain), ne(tenants.id, ctx.tenantId), isNotNull(tenants.customDomainVerifiedAt)))
        .limit(1);
      if (other) throw fieldError('custom_domain', 'custom_domain_taken');
    }
    try {
      const { data, changed } = await withTenant(db, ctx.tenantId, async (tx) => {
        const tenant = await tenantOf(tx, ctx.tenantId);
        if (tenant.customDomain === domain) return { data: toSettings(tenant, await settingsRow(tx, ctx.tenantId)), changed: false };
        await tx
          .update(tenants)
          .set({ customDomain: domain, customDomainToken: domain ? `khidma-verify-${randomBytes(16).toString('hex')}` : null, customDomainVerifiedAt: null, updatedAt: new Date() })
          .where(eq(tenants.id, ctx.tenantId));
        return { data: await readSettings(tx, ctx.tenantId), changed: true };
      });
      if (changed) await invalidateStoreHosts();
      return data;
    } catch (err) {
      if (isUniqueViolation(err)) throw fieldError('custom_domain', 'custom_domain_taken');
      throw err;
    }
  }

  /** Looks up `_khidma.<domain>`: its token there verifies the domain; else a 422 naming the record to add. */
  async function verifyCustomDomain(ctx: AuthContext): Promise<StoreSettings> {
    const tenant = await withTenant(db, ctx.tenantId, (tx) => tenantOf(tx, ctx.tenantId));
    if (!tenant.customDomain || !tenant.customDomainToken) throw fieldError('custom_domain', 'required');
    const name = customDomainRecord(tenant.customDomain);
    const values = await dns.txt(name);
    if (!values.some((v) => v.trim() === tenant.customDomainToken)) {
      throw fieldError('custom_domain', 'custom_domain_unverified', { name, value: tenant.customDomainToken });
    }
    let data: StoreSettings;
    try {
      data = await withTenant(db, ctx.tenantId, async (tx) => {
        // Only if the domain is still the one checked (not changed meanwhile).
        await tx
          .update(tenants)
          .set({ customDomainVerifiedAt: sql`coalesce(${tenants.customDomainVerifiedAt}, now())`, updatedAt: new Date() })
          .where(and(eq(tenants.id, ctx.tenantId), eq(tenants.customDomain, tenant.customDomain ?? ''), eq(tenants.customDomainToken, tenant.customDomainToken ?? '')));
        return readSettings(tx, ctx.tenantId);
      });
    } catch (err) {
      // Another store proved it first (the unique index of verified domains).
      if (isUniqueViolation(err)) throw fieldError('custom_domain', 'custom_domain_taken');
      throw err;
    }
    // Proven ours: other stores' unverified claims of it are void.
    await db
      .update(tenants)
      .set({ customDomain: null, customDomainToken: null, updatedAt: new Date() })
      .where(and(eq(tenants.customDomain, tenant.customDomain), ne(tenants.id, ctx.tenantId), isNull(tenants.customDomainVerifiedAt)));
    await invalidateStoreHosts();
    return data;
  }

  async function checkSubdomain(ctx: AuthContext, subdomain: string) {
    const found = await onboarding.suggestSubdomains({ subdomain }, ctx.tenantId);
    return { subdomain, available: found.available, suggestions: found.suggestions };
  }

  /** Chooses the store URL: only while the business has none (fixed once chosen, spec §3). */
  async function updateSubdomain(ctx: AuthContext, subdomain: string): Promise<StoreSettings> {
    await onboarding.writeSubdomain(ctx, subdomain);
    return settings(ctx);
  }

  // ------------------------------------------------------------------ gallery

  async function listGallery(ctx: AuthContext): Promise<GalleryItem[]> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const rows = await tx.select().from(storeGallery).where(eq(storeGallery.tenantId, ctx.tenantId)).orderBy(asc(storeGallery.sortOrder), asc(storeGallery.createdAt), asc(storeGallery.id));
      return rows.map(toGalleryItem);
    });
  }

  /** Adds a picture at the end, up to STORE_GALLERY_MAX (counted under the business's lock). */
  async function addGalleryItem(ctx: AuthContext, upload: StoreUpload): Promise<GalleryItem> {
    const type = checkStoreImage('gallery', upload.bytes);
    const url = await storage.put(`store/${ctx.tenantId}/gallery-${randomUUID()}.${type.ext}`, upload.bytes);
    try {
      return await withTenant(db, ctx.tenantId, async (tx) => {
        await lockTenant(tx, ctx.tenantId);
        const [n] = await tx
          .select({ n: count(), last: sql<number | null>`max(${storeGallery.sortOrder})` })
          .from(storeGallery)
          .where(eq(storeGallery.tenantId, ctx.tenantId));
        if (Number(n?.n ?? 0) >= STORE_GALLERY_MAX) throw fieldError('file', 'gallery_full', { max: STORE_GALLERY_MAX });
        const [row] = await tx
          .insert(storeGallery)
          .values({ tenantId: ctx.tenantId, path: url, mime: type.mime, size: upload.bytes.length, caption: upload.caption?.trim() || null, sortOrder: n?.last == null ? 0 : Number(n.last) + 1 })
          .returning();
        if (!row) throw new Error('gallery insert failed');
        return toGalleryItem(row);
      });
    } catch (err) {
      await storage.remove(url);
      throw err;
    }
  }

  async function removeGalleryItem(ctx: AuthContext, id: string): Promise<void> {
    const [row] = await withTenant(db, ctx.tenantId, (tx) =>
      tx
        .delete(storeGallery)
        .where(and(eq(storeGallery.tenantId, ctx.tenantId), eq(storeGallery.id, id)))
        .returning({ path: storeGallery.path }),
    );
    if (!row) throw notFound();
    await storage.remove(row.path);
  }

  /** The pictures named first, in that order; the others keep their order after them. */
  async function orderGallery(ctx: AuthContext, ids: string[]): Promise<GalleryItem[]> {
    const seen = new Set<string>();
    ids.forEach((id, i) => {
      if (seen.has(id)) throw fieldError(`ids.${i}`, 'duplicate');
      seen.add(id);
    });
    await withTenant(db, ctx.tenantId, async (tx) => {
      await lockTenant(tx, ctx.tenantId);
      const rows = await tx.select({ id: storeGallery.id }).from(storeGallery).where(eq(storeGallery.tenantId, ctx.tenantId)).orderBy(asc(storeGallery.sortOrder), asc(storeGallery.createdAt), asc(storeGallery.id));
      const mine = new Set(rows.map((r) => r.id));
      ids.forEach((id, i) => {
        if (!mine.has(id)) throw fieldError(`ids.${i}`, 'not_exists');
      });
      const order = [...ids, ...rows.map((r) => r.id).filter((id) => !seen.has(id))];
      for (const [i, id] of order.entries()) {
        await tx.update(storeGallery).set({ sortOrder: i }).where(and(eq(storeGallery.tenantId, ctx.tenantId), eq(storeGallery.id, id)));
      }
    });
    return listGallery(ctx);
  }

  // ------------------------------------------------------------------ custom pages

  const pageValues = (b: PageBody) => ({
    type: b.type,
    title: b.title,
    slug: b.slug,
    body: b.type === 'content' ? (b.body?.trim() ?? null) : null,
    url: b.type === 'link' ? (b.url?.trim() ?? null) : null,
    published: b.published ?? true,
    sortOrder: b.sort_order ?? 0,
    updatedAt: new Date(),
  });

  /** Slugs are unique in the business whatever their case (`/p/About` and `/p/about` are one page to a visitor). */
  async function assertSlugFree(tx: Tx, tenantId: string, slug: string, exceptId: string | null) {
    const [hit] = await tx
      .select({ id: storePages.id })
      .from(storePages)
      .where(and(eq(storePages.tenantId, tenantId), sql`lower(${storePages.slug}) = lower(${slug})`, exceptId ? ne(storePages.id, exceptId) : undefined))
      .limit(1);
    if (hit) throw fieldError('slug', 'slug_taken');
  }

  const slugTaken = (err: unknown): never => {
    if (isUniqueViolation(err)) throw fieldError('slug', 'slug_taken');
    throw err;
  };

  const pages = {
    async list(ctx: AuthContext): Promise<StorePage[]> {
      return withTenant(db, ctx.tenantId, async (tx) => {
        const rows = await tx.select().from(storePages).where(eq(storePages.tenantId, ctx.tenantId)).orderBy(asc(storePages.sortOrder), asc(storePages.createdAt), asc(storePages.id));
        return rows.map(toPage);
      });
    },
    async get(ctx: AuthContext, id: string): Promise<StorePage> {
      return withTenant(db, ctx.tenantId, async (tx) => {
        const [row] = await tx.select().from(storePages).where(and(eq(storePages.tenantId, ctx.tenantId), eq(storePages.id, id)));
        if (!row) throw notFound();
        return toPage(row);
      });
    },
    async create(ctx: AuthContext, body: PageBody): Promise<StorePage> {
      return withTenant(db, ctx.tenantId, async (tx) => {
        await lockTenant(tx, ctx.tenantId);
        const [n] = await tx.select({ n: count() }).from(storePages).where(eq(storePages.tenantId, ctx.tenantId));
        if (Number(n?.n ?? 0) >= STORE_PAGES_MAX) throw new AppError(422, 'store_pages_full', { params: { max: STORE_PAGES_MAX } });
        await assertSlugFree(tx, ctx.tenantId, body.slug, null);
        const [row] = await tx
          .insert(storePages)
          .values({ tenantId: ctx.tenantId, ...pageValues(body) })
          .returning()
          .catch(slugTaken);
        if (!row) throw new Error('page insert failed');
        return toPage(row);
      });
    },
    async update(ctx: AuthContext, id: string, body: PageBody): Promise<StorePage> {
      return withTenant(db, ctx.tenantId, async (tx) => {
        await assertSlugFree(tx, ctx.tenantId, body.slug, id);
        const [row] = await tx
          .update(storePages)
          .set(pageValues(body))
          .where(and(eq(storePages.tenantId, ctx.tenantId), eq(storePages.id, id)))
          .returning()
          .catch(slugTaken);
        if (!row) throw notFound();
        return toPage(row);
      });
    },
    async remove(ctx: AuthContext, id: string): Promise<void> {
      const rows = await withTenant(db, ctx.tenantId, (tx) =>
        tx
          .delete(storePages)
          .where(and(eq(storePages.tenantId, ctx.tenantId), eq(storePages.id, id)))
          .returning({ id: storePages.id }),
      );
      if (!rows.length) throw notFound();
    },
  };

  // ------------------------------------------------------------------ analytics

  /**
   * Per local day of the business (its time zone), `from` to `to` included: the store's visits, the
   * bookings it brought (orders from the booking page created that day, placed — not drafts, not in
   * the trash — and not cancelled) and their ratio. Days without either are zeros.
   */
  async function analytics(ctx: AuthContext, query: { from: string; to: string }): Promise<StoreAnalytics> {
    if (query.from > query.to) throw fieldError('to', 'date_range');
    const dates = localDates(query.from, query.to);
    if (dates.length > STORE_ANALYTICS_MAX_DAYS) throw fieldError('to', 'analytics_range', { max: STORE_ANALYTICS_MAX_DAYS });
    const zone = ctx.tenant.timezone;
    const [lo] = localDayBounds(query.from, zone);
    const [, hi] = localDayBounds(query.to, zone);
    const { visits, bookings } = await withTenant(db, ctx.tenantId, async (tx) => {
      const visitRows = (await tx.execute(
        sql`select to_char(day, 'YYYY-MM-DD') as day, visits from store_visits where tenant_id = ${ctx.tenantId} and day >= ${query.from}::date and day <= ${query.to}::date`,
      )) as unknown as { rows: { day: string; visits: number | string }[] };
      const bookingRows = (await tx.execute(
        sql`select to_char(created_at at time zone ${zone}, 'YYYY-MM-DD') as day, count(*)::int as n from orders
            where tenant_id = ${ctx.tenantId} and source = 'booking-page' and not is_draft and deleted_at is null and status <> 'canceled'
              and created_at >= ${new Date(lo).toISOString()}::timestamptz and created_at < ${new Date(hi).toISOString()}::timestamptz
            group by 1`,
      )) as unknown as { rows: { day: string; n: number | string }[] };
      return {
        visits: new Map(visitRows.rows.map((r) => [r.day, Number(r.visits)])),
        bookings: new Map(bookingRows.rows.map((r) => [r.day, Number(r.n)])),
      };
    });
    const ratio = (b: number, v: number) => (v > 0 ? round4(b / v) : 0);
    const days = dates.map((date) => {
      const v = visits.get(date) ?? 0;
      const b = bookings.get(date) ?? 0;
      return { date, visits: v, bookings: b, conversion: ratio(b, v) };
    });
    const totalVisits = days.reduce((s, d) => s + d.visits, 0);
    const totalBookings = days.reduce((s, d) => s + d.bookings, 0);
    return { days, totals: { visits: totalVisits, bookings: totalBookings, conversion: ratio(totalBookings, totalVisits) } };
  }

  return {
    settings,
    saveGeneral,
    saveBooking,
    saveAppearance,
    setImage,
    removeImage,
    saveContacts,
    setCustomDomain,
    verifyCustomDomain,
    checkSubdomain,
    updateSubdomain,
    listGallery,
    addGalleryItem,
    removeGalleryItem,
    orderGallery,
    pages,
    analytics,
  };
}

export type StorePanelService = ReturnType<typeof createStorePanelService>;
