import { sql } from 'drizzle-orm';
import { boolean, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { branches, providers } from './business';
import { customers } from './customers';
import { orders } from './sales';
import { tenants } from './tenants';

/**
 * The public booking store (issue 19): the business's store settings and look, its gallery, its
 * custom pages, the seats held for visitors while they fill in their details, the phone codes they
 * confirm, the waitlist of full days and the store's daily visits. The subdomain and the custom
 * domain live on `tenants` (they are looked up before the tenant is known).
 */

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export type StoreSocial = Partial<Record<'facebook' | 'twitter' | 'youtube' | 'instagram' | 'tiktok' | 'linkedin' | 'snapchat' | 'email' | 'whatsapp', string>>;

/** One row a business (created on first save; absent: the defaults of packages/shared/src/schemas/store.ts). */
export const storeSettings = pgTable('store_settings', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  /** active, maintenance, suspended (spec §4 Store). */
  status: text('status').notNull().default('active'),
  maintenanceTitle: text('maintenance_title'),
  maintenanceBody: text('maintenance_body'),
  description: text('description'),
  primaryColor: text('primary_color').notNull().default('#3B71FE'),
  secondaryColor: text('secondary_color').notNull().default('#6DC8F9'),
  backgroundColor: text('background_color').notNull().default('#FFFFFF'),
  /** Public upload paths (`/uploads/store/<tenant>/…`); the logo is `tenants.logo`. */
  bannerPath: text('banner_path'),
  faviconPath: text('favicon_path'),
  /** One of STORE_LAYOUTS. */
  layout: text('layout').notNull().default('everything'),
  social: jsonb('social').$type<StoreSocial>().notNull().default({}),
  contactPhone: text('contact_phone'),
  contactEmail: text('contact_email'),
  address: text('address'),
  /** Bookings made on the store arrive `unapproved` and wait for the business. */
  approveBookings: boolean('approve_bookings').notNull().default(false),
  /** A customer may cancel or reschedule through their link up to this many hours before the visit. */
  changeNoticeHours: integer('change_notice_hours').notNull().default(24),
  allowReschedule: boolean('allow_reschedule').notNull().default(true),
  allowCancel: boolean('allow_cancel').notNull().default(true),
  /** Whether the visitor confirms their phone with a code before booking. */
  requirePhoneOtp: boolean('require_phone_otp').notNull().default(true),
  showPrices: boolean('show_prices').notNull().default(true),
  /** How far ahead the store offers days. */
  bookingWindowDays: integer('booking_window_days').notNull().default(60),
  waitlistEnabled: boolean('waitlist_enabled').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type StoreSettingsRow = typeof storeSettings.$inferSelect;

export const storeGallery = pgTable(
  'store_gallery',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    path: text('path').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    caption: text('caption'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('store_gallery_order').on(t.tenantId, t.sortOrder, t.createdAt)],
);

/** A page of the store's menu: its own content (type content) or a link elsewhere (type link). */
export const storePages = pgTable(
  'store_pages',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    /** content, link. */
    type: text('type').notNull(),
    title: text('title').notNull(),
    /** English letters, digits, underscore, hyphen (spec §5 slug); the page's address `/p/<slug>`. */
    slug: text('slug').notNull(),
    /** content: the text (plain, paragraphs by blank lines). */
    body: text('body'),
    /** link: where it goes (https). */
    url: text('url'),
    published: boolean('published').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), unique('store_pages_slug').on(t.tenantId, t.slug)],
);

/**
 * A seat held for a visitor while they fill in their details (cal.com's reservation): the visit they
 * picked, the providers it was given, until `expires_at`. The availability query counts its
 * `slot_hold_times` as busy (except for the holder's own request), under the same provider lock as a
 * booking, so a held seat cannot be sold twice; an expired hold simply stops counting.
 */
export const slotHolds = pgTable(
  'slot_holds',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    /** sha256 of the token the visitor's browser keeps. */
    tokenHash: text('token_hash').notNull(),
    branchId: uuid('branch_id').notNull(),
    serviceIds: uuid('service_ids').array().notNull(),
    /** The provider asked for; null: any. */
    staffId: uuid('staff_id'),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    /** The provider each service was given (in the visit's order). */
    providerIds: uuid('provider_ids').array().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** A waitlist offer's hold: the entry it was offered to. */
    waitlistId: uuid('waitlist_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('slot_holds_token').on(t.tokenHash),
    index('slot_holds_expiry').on(t.expiresAt),
    foreignKey({ columns: [t.tenantId, t.branchId], foreignColumns: [branches.tenantId, branches.id] }).onDelete('cascade'),
  ],
);

/** The busy time of a hold, one row a provider and service (the crew's too), read like bookings. */
export const slotHoldTimes = pgTable(
  'slot_hold_times',
  {
    tenantId: tenantId(),
    holdId: uuid('hold_id').notNull(),
    providerId: uuid('provider_id').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    occupiedUntil: timestamp('occupied_until', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.holdId, t.providerId, t.startAt] }),
    index('slot_hold_times_provider_time').on(t.tenantId, t.providerId, t.startAt),
    foreignKey({ columns: [t.tenantId, t.holdId], foreignColumns: [slotHolds.tenantId, slotHolds.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.providerId], foreignColumns: [providers.tenantId, providers.id] }).onDelete('cascade'),
  ],
);

/** A code sent to a store visitor's phone; confirming it proves the phone for STORE_PHONE_PROOF_MINUTES. */
export const storeOtps = pgTable(
  'store_otps',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    /** E.164. */
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('store_otps_phone').on(t.tenantId, t.phone, t.createdAt)],
);

/**
 * A customer waiting for a seat on a full day. When a seat of that day frees (a cancellation or a
 * move), the first waiting entry is offered it with a hold and a message (status offered); the offer
 * lapses with its hold and passes to the next.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    branchId: uuid('branch_id').notNull(),
    serviceIds: uuid('service_ids').array().notNull(),
    staffId: uuid('staff_id'),
    /** The local day wanted (the branch's time zone). */
    day: date('day').notNull(),
    customerId: uuid('customer_id'),
    name: text('name').notNull(),
    /** E.164. */
    phone: text('phone').notNull(),
    email: text('email'),
    locale: text('locale').notNull().default('ar'),
    /** waiting, offered, booked, expired, cancelled. */
    status: text('status').notNull().default('waiting'),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    holdId: uuid('hold_id'),
    orderId: uuid('order_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('waitlist_day').on(t.tenantId, t.branchId, t.day, t.status, t.createdAt),
    index('waitlist_offers').on(t.offerExpiresAt).where(sql`${t.status} = 'offered'`),
    foreignKey({ columns: [t.tenantId, t.branchId], foreignColumns: [branches.tenantId, branches.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.customerId], foreignColumns: [customers.tenantId, customers.id] }).onDelete('set null'),
    foreignKey({ columns: [t.tenantId, t.orderId], foreignColumns: [orders.tenantId, orders.id] }).onDelete('set null'),
  ],
);

/** The store's visits a day (the business's local day): the analytics' denominator. */
export const storeVisits = pgTable(
  'store_visits',
  {
    tenantId: tenantId(),
    day: date('day').notNull(),
    visits: integer('visits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day] })],
);
