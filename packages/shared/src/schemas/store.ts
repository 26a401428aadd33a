import { z } from 'zod';
import { DEFAULT_COLORS } from '../constants';
import { optionalText, slugField, text, uuidField } from './common';
import { hexColorField } from './settings';
import { subdomainField } from './onboarding';

/**
 * The public booking store (issue 19; spec §2 /store, §3 Company/store, §4 Store, §5, §9). The panel
 * (`/store/*` in the dashboard) edits these; the store itself (`<subdomain>.$STORE_DOMAIN`, a verified
 * custom domain, or `/s/<subdomain>` on the main host) shows them.
 */

export const STORE_STATUSES = ['active', 'maintenance', 'suspended'] as const;
export type StoreStatus = (typeof STORE_STATUSES)[number];

/** Homepage layout options (spec §3), in the spec's order. */
export const STORE_LAYOUTS = [
  'categories_only',
  'categories_and_items',
  'items_only',
  'services_only',
  'services_and_items',
  'categories_and_services',
  'everything',
] as const;
export type StoreLayout = (typeof STORE_LAYOUTS)[number];

export const STORE_SOCIAL_KEYS = ['facebook', 'twitter', 'youtube', 'instagram', 'tiktok', 'linkedin', 'snapchat', 'email', 'whatsapp'] as const;
export type StoreSocialKey = (typeof STORE_SOCIAL_KEYS)[number];

export const STORE_PAGE_TYPES = ['content', 'link'] as const;
export type StorePageType = (typeof STORE_PAGE_TYPES)[number];

/** The three images of the store's look (spec §5): one each. */
export const STORE_IMAGES = ['logo', 'banner', 'favicon'] as const;
export type StoreImage = (typeof STORE_IMAGES)[number];

/** Logo: at most 500 KB, 500×500, square, JPG/PNG (spec §5, §9). */
export const STORE_LOGO_MAX_BYTES = 500 * 1024;
export const STORE_LOGO_MAX_PX = 500;
/** Banner and favicon, and each gallery picture: at most this size, JPG/PNG/WEBP (favicon PNG too). */
export const STORE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const STORE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const STORE_LOGO_TYPES = ['image/jpeg', 'image/png'] as const;
export const STORE_GALLERY_MAX = 30;
export const STORE_PAGES_MAX = 30;
export const STORE_PAGE_BODY_MAX = 20_000;
export const STORE_DESCRIPTION_MAX = 2000;

/** A seat is held for the visitor this long while they fill in their details. */
export const STORE_HOLD_MINUTES = 10;
/** A deposit's payment link (and the seat it keeps) lapses after this long unpaid. */
export const STORE_DEPOSIT_MINUTES = 30;
/** A confirmed phone stays confirmed for booking this long. */
export const STORE_PHONE_PROOF_MINUTES = 30;
/** A waitlist offer (and its hold) lasts this long. */
export const WAITLIST_OFFER_MINUTES = 30;
/** A phone may wait on a business's waitlist for at most this many days and visits at once. */
export const WAITLIST_PER_PHONE = 3;
/** The copy-link button shows "copied" this long (spec §5: 2 s feedback). */
export const COPY_FEEDBACK_MS = 2000;
/** The customer's own booking link is good until this many days after the visit. */
export const STORE_BOOKING_LINK_DAYS_AFTER = 7;
export const STORE_NOTICE_HOURS_MAX = 720;
export const STORE_WINDOW_DAYS_MAX = 365;

export const STORE_DEFAULTS = {
  status: 'active' as StoreStatus,
  primary_color: DEFAULT_COLORS.primary,
  secondary_color: DEFAULT_COLORS.secondary,
  background_color: DEFAULT_COLORS.background,
  layout: 'everything' as StoreLayout,
  approve_bookings: false,
  change_notice_hours: 24,
  allow_reschedule: true,
  allow_cancel: true,
  require_phone_otp: true,
  show_prices: true,
  booking_window_days: 60,
  waitlist_enabled: true,
};

const urlField = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), 'url');

// ------------------------------------------------------------------ the panel

export const storeSocialSchema = z.object(Object.fromEntries(STORE_SOCIAL_KEYS.map((k) => [k, z.string().nullable()])) as Record<StoreSocialKey, z.ZodNullable<z.ZodString>>);

/** `GET store/settings`: everything the panel's tabs show. */
export const storeSettingsSchema = z.object({
  store_name: z.string().nullable(),
  subdomain: z.string().nullable(),
  /** The store's address on the main host and on its subdomain (null until a subdomain is chosen). */
  store_url: z.string().nullable(),
  full_domain: z.string().nullable(),
  custom_domain: z.string().nullable(),
  custom_domain_verified: z.boolean(),
  /** The TXT record that proves the custom domain: `_khidma.<domain>` with this value. */
  custom_domain_token: z.string().nullable(),
  status: z.enum(STORE_STATUSES),
  maintenance_title: z.string().nullable(),
  maintenance_body: z.string().nullable(),
  description: z.string().nullable(),
  primary_color: z.string(),
  secondary_color: z.string(),
  background_color: z.string(),
  logo: z.string().nullable(),
  banner: z.string().nullable(),
  favicon: z.string().nullable(),
  layout: z.enum(STORE_LAYOUTS),
  social: storeSocialSchema,
  contact_phone: z.string().nullable(),
  contact_email: z.string().nullable(),
  address: z.string().nullable(),
  approve_bookings: z.boolean(),
  change_notice_hours: z.number().int(),
  allow_reschedule: z.boolean(),
  allow_cancel: z.boolean(),
  require_phone_otp: z.boolean(),
  show_prices: z.boolean(),
  booking_window_days: z.number().int(),
  waitlist_enabled: z.boolean(),
});
export type StoreSettings = z.infer<typeof storeSettingsSchema>;

/** `POST store/settings/general` (store.settings): name, description, status and maintenance page. */
export const storeGeneralBody = z
  .object({
    store_name: text(120),
    description: optionalText(STORE_DESCRIPTION_MAX).nullable().optional(),
    status: z.enum(STORE_STATUSES),
    maintenance_title: optionalText(200).nullable().optional(),
    maintenance_body: optionalText(2000).nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.status === 'maintenance' && !v.maintenance_title?.trim()) ctx.addIssue({ code: 'custom', message: 'required', path: ['maintenance_title'] });
  });
export type StoreGeneralBody = z.input<typeof storeGeneralBody>;

/** `POST store/settings/booking` (store.settings): how the store takes bookings. */
export const storeBookingBody = z.object({
  layout: z.enum(STORE_LAYOUTS),
  approve_bookings: z.boolean(),
  change_notice_hours: z.number().int().min(0).max(STORE_NOTICE_HOURS_MAX),
  allow_reschedule: z.boolean(),
  allow_cancel: z.boolean(),
  require_phone_otp: z.boolean(),
  show_prices: z.boolean(),
  booking_window_days: z.number().int().min(1).max(STORE_WINDOW_DAYS_MAX),
  waitlist_enabled: z.boolean(),
});
export type StoreBookingBody = z.input<typeof storeBookingBody>;

/**
 * `POST store/settings/appearance` (store.appearance; JSON): the colours. The images have their own
 * routes: `POST store/settings/images/:kind` (multipart, one `file`) and `DELETE …/images/:kind`.
 */
export const storeAppearanceFields = z.object({
  primary_color: hexColorField,
  secondary_color: hexColorField,
  background_color: hexColorField,
});
export type StoreAppearanceFields = z.input<typeof storeAppearanceFields>;

/** `POST store/settings/contacts` (store.contacts). */
export const storeContactsBody = z.object({
  contact_phone: z.string().trim().max(32).nullable().optional(),
  contact_email: z.string().trim().max(190).nullable().optional(),
  address: optionalText(300).nullable().optional(),
  social: z.object(Object.fromEntries(STORE_SOCIAL_KEYS.map((k) => [k, z.string().trim().max(300).nullable().optional()])) as Record<StoreSocialKey, z.ZodOptional<z.ZodNullable<z.ZodString>>>).optional(),
});
export type StoreContactsBody = z.input<typeof storeContactsBody>;

/** `POST store/settings/custom-domain` (store.website_management): set (or clear with null) the domain. */
export const customDomainBody = z.object({
  custom_domain: z
    .string()
    .trim()
    .toLowerCase()
    .max(190)
    .regex(/^(?=.{4,190}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,}$/, 'domain')
    .nullable(),
});

/** `POST settings/booking-page-settings/check-subdomain` and `update-subdomain`. */
export const subdomainBody = z.object({ subdomain: subdomainField });
export const subdomainCheckSchema = z.object({ subdomain: z.string().nullable(), available: z.boolean(), suggestions: z.array(z.string()) });
export type SubdomainCheck = z.infer<typeof subdomainCheckSchema>;

export const galleryItemSchema = z.object({ id: z.string(), url: z.string(), caption: z.string().nullable(), sort_order: z.number().int(), created_at: z.string() });
export type GalleryItem = z.infer<typeof galleryItemSchema>;
/** `POST gallery/order` (store.gallery): the pictures' ids in the order to show them (others keep theirs, after). */
export const galleryOrderBody = z.object({ ids: z.array(uuidField).min(1).max(STORE_GALLERY_MAX) });
/** `POST gallery` (multipart): the picture `file` and an optional `caption` field. */
export const STORE_CAPTION_MAX = 200;

export const storePageSchema = z.object({
  id: z.string(),
  type: z.enum(STORE_PAGE_TYPES),
  title: z.string(),
  slug: z.string(),
  body: z.string().nullable(),
  url: z.string().nullable(),
  published: z.boolean(),
  sort_order: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StorePage = z.infer<typeof storePageSchema>;

export const storePageBody = z
  .object({
    type: z.enum(STORE_PAGE_TYPES),
    title: text(120),
    slug: slugField,
    body: optionalText(STORE_PAGE_BODY_MAX).nullable().optional(),
    url: urlField.nullable().optional(),
    published: z.boolean().optional(),
    sort_order: z.number().int().min(0).max(10_000).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.type === 'content' && !v.body?.trim()) ctx.addIssue({ code: 'custom', message: 'required', path: ['body'] });
    if (v.type === 'link' && !v.url?.trim()) ctx.addIssue({ code: 'custom', message: 'required', path: ['url'] });
  });
export type StorePageBody = z.input<typeof storePageBody>;

/** `GET store/analytics?from&to` (days in the business's zone, at most 92). */
export const storeAnalyticsQuery = z.object({ from: z.iso.date('date'), to: z.iso.date('date') });
export const storeAnalyticsDay = z.object({ date: z.string(), visits: z.number().int(), bookings: z.number().int(), conversion: z.number() });
export const storeAnalyticsSchema = z.object({
  days: z.array(storeAnalyticsDay),
  totals: z.object({ visits: z.number().int(), bookings: z.number().int(), conversion: z.number() }),
});
export type StoreAnalytics = z.infer<typeof storeAnalyticsSchema>;
export const STORE_ANALYTICS_MAX_DAYS = 92;

// ------------------------------------------------------------------ the store's own API (public)

/** `GET /api/v1/store/:subdomain/slots?service_ids&staff_id&from&to`. */
export const storeSlotsQuery = z.object({
  service_ids: z.preprocess((v) => (typeof v === 'string' ? v.split(',') : v), z.array(uuidField).min(1).max(10)),
  staff_id: uuidField.optional(),
  branch_id: uuidField.optional(),
  from: z.iso.date('date'),
  to: z.iso.date('date'),
});

/** `POST /api/v1/store/:subdomain/holds`: hold a seat while the visitor fills in their details. */
export const storeHoldBody = z.object({
  service_ids: z.array(uuidField).min(1).max(10),
  staff_id: uuidField.nullable().optional(),
  branch_id: uuidField.optional(),
  start_time: z.iso.datetime({ offset: true, error: 'date' }),
  /** The visitor's previous hold, released in the same step (they picked another time). */
  replace_token: z.string().min(10).max(200).optional(),
});
/** `DELETE /api/v1/store/:subdomain/holds/:token`. */
export const storeHoldTokenParam = z.object({ subdomain: z.string().max(63), token: z.string().min(10).max(200) });
export const storeSubdomainParam = z.object({ subdomain: z.string().max(63) });
/** A code was sent: the next one may be asked for after `resend_seconds`. */
export const storeOtpSentSchema = z.object({ resend_seconds: z.number().int(), expires_in_minutes: z.number().int() });
/** The phone is confirmed: send `phone_proof` with the booking. */
export const storePhoneProofSchema = z.object({ phone_proof: z.string(), expires_at: z.string() });
/** At most this many seats held at once from one address (docs/decisions.md "Booking on the store"). */
export const STORE_HOLDS_PER_IP = 3;
/** Codes a phone may be sent by one store in 24 hours (a 4-digit code must not be guessed by asking again and again). */
export const STORE_OTP_DAILY_MAX = 10;
export const storeHoldSchema = z.object({ hold_token: z.string(), expires_at: z.string(), start_time: z.string(), staff_ids: z.array(z.string()) });
export type StoreHold = z.infer<typeof storeHoldSchema>;

/** `POST /api/v1/store/:subdomain/otp` then `/otp/verify` → a phone proof token. */
export const storeOtpBody = z.object({ phone: z.string().trim().min(1).max(32), phone_country: z.string().length(2).optional() });
export const storeOtpVerifyBody = storeOtpBody.extend({ code: z.string().trim().regex(/^\d{4}$/, 'otp') });

/** `POST /api/v1/store/:subdomain/bookings`: book the held seat. */
export const storeBookingRequest = z.object({
  hold_token: z.string().min(10).max(200),
  first_name: text(60),
  last_name: optionalText(60).optional(),
  phone: z.string().trim().min(1).max(32),
  phone_country: z.string().length(2).optional(),
  email: z.string().trim().max(190).optional(),
  /** From `/otp/verify`, when the store asks for the phone to be confirmed. */
  phone_proof: z.string().max(400).optional(),
  notes: optionalText(1000).optional(),
  coupon_code: z.string().trim().max(40).optional(),
  custom_fields: z.record(z.string(), z.unknown()).optional(),
  locale: z.enum(['ar', 'en']).optional(),
});
export type StoreBookingRequest = z.input<typeof storeBookingRequest>;

/** What the store answers once booked: where the visitor goes next. */
export const storeBookingResult = z.object({
  order_number: z.number().int(),
  status: z.string(),
  /** The deposit's payment page when one is due (the booking waits for it), else null. */
  payment_url: z.string().nullable(),
  deposit: z.number().int(),
  total: z.number().int(),
  currency: z.string(),
  /** The customer's own page (see, reschedule, cancel). */
  manage_url: z.string(),
});
export type StoreBookingResult = z.infer<typeof storeBookingResult>;

/** The customer's own page: `/api/v1/store/booking/:token` (GET), `/reschedule` and `/cancel` (POST). */
export const manageRescheduleBody = z.object({ start_time: z.iso.datetime({ offset: true, error: 'date' }) });
export const manageCancelBody = z.object({ reason: text(500) });

/** `POST /api/v1/store/:subdomain/waitlist`. */
export const waitlistBody = z.object({
  service_ids: z.array(uuidField).min(1).max(10),
  staff_id: uuidField.nullable().optional(),
  branch_id: uuidField.optional(),
  day: z.iso.date('date'),
  name: text(120),
  phone: z.string().trim().min(1).max(32),
  phone_country: z.string().length(2).optional(),
  email: z.string().trim().max(190).optional(),
  /** From `/otp/verify`, when the store asks for the phone to be confirmed. */
  phone_proof: z.string().max(400).optional(),
  locale: z.enum(['ar', 'en']).optional(),
});
export const WAITLIST_STATUSES = ['waiting', 'offered', 'booked', 'expired', 'cancelled'] as const;
/** What joining answers, a first join and a repeat alike (nothing of the entry: anyone may know a phone). */
export const waitlistJoinedSchema = z.object({ day: z.string(), status: z.literal('waiting') });
export type WaitlistJoined = z.infer<typeof waitlistJoinedSchema>;

// ------------------------------------------------------------------ the customer's own page (issue 19, H4b)

/** Why the customer may not change the visit through their link (null: they may). */
export const MANAGE_BLOCKED_REASONS = ['notice_passed', 'not_allowed', 'status'] as const;
export type ManageBlockedReason = (typeof MANAGE_BLOCKED_REASONS)[number];

/** `GET /api/v1/store/booking/:token`: the order as its customer sees it. */
export const manageBookingSchema = z.object({
  business: z.object({ name: z.string(), subdomain: z.string().nullable(), logo: z.string().nullable(), locale: z.enum(['ar', 'en']), currency: z.string(), timezone: z.string() }),
  order_number: z.number().int(),
  order_status: z.string(),
  branch_id: z.string().nullable(),
  /** The branch's zone: the visit's local times are read in it. */
  time_zone: z.string(),
  /** The provider the visit keeps when rescheduled (the customer chose them), else null: any. */
  staff_id: z.string().nullable(),
  visits: z.array(
    z.object({
      id: z.string(),
      service_id: z.string().nullable(),
      service_name: z.string().nullable(),
      provider_name: z.string().nullable(),
      start_time: z.string(),
      end_time: z.string(),
      status: z.string(),
    }),
  ),
  total: z.number().int(),
  paid_amount: z.number().int(),
  /** The visit's deposit (what its active appointments' services asked when booked) and what of it is still to pay. */
  deposit: z.number().int(),
  deposit_due: z.number().int(),
  payment_status: z.string(),
  /** An unexpired payment link of the order is open. */
  payment_link_open: z.boolean(),
  can_reschedule: z.boolean(),
  can_cancel: z.boolean(),
  reschedule_blocked: z.enum(MANAGE_BLOCKED_REASONS).nullable(),
  cancel_blocked: z.enum(MANAGE_BLOCKED_REASONS).nullable(),
  /** Changes are taken until this instant (change_notice_hours before the first visit); null: no active visit. */
  change_deadline: z.string().nullable(),
  change_notice_hours: z.number().int(),
});
export type ManageBooking = z.infer<typeof manageBookingSchema>;

/** `GET /api/v1/store/booking/:token/slots?from&to`. */
export const manageSlotsQuery = z.object({ from: z.iso.date('date'), to: z.iso.date('date') });

/** A waitlist entry as the customer (POST) and the dashboard (`GET waitlist`) see it. */
export const waitlistEntrySchema = z.object({
  id: z.string(),
  branch_id: z.string(),
  service_ids: z.array(z.string()),
  staff_id: z.string().nullable(),
  day: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  status: z.enum(WAITLIST_STATUSES),
  offered_at: z.string().nullable(),
  offer_expires_at: z.string().nullable(),
  order_id: z.string().nullable(),
  created_at: z.string(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

/** `GET /api/v1/waitlist?day&branch_id` (bookings). */
export const waitlistQuery = z.object({ day: z.iso.date('date').optional(), branch_id: uuidField.optional() });
