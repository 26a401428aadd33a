/** Business constants of spec §9 that both the API and the web read. */
export const LOCALES = ['ar', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ar';
export const RTL_LOCALES: readonly Locale[] = ['ar'];

export const STORAGE_KEYS = { token: 'authToken', locale: 'selected-locale', sidebar: 'sidebar-collapsed' } as const;

/** Free trial length; spec §9 says 7 in most texts and 14 once; see docs/decisions.md. */
export const TRIAL_DAYS = 7;
/** Days one trial extension adds (once per business, GET subscription/extend-trail); see docs/decisions.md. */
export const TRIAL_EXTENSION_DAYS = 7;
/** The web reloads the page this long after a trial extension (spec: "reloads the page after 3 seconds"). */
export const TRIAL_EXTENSION_RELOAD_MS = 3000;
/** After a product checkout the browser goes to the payment page after this long (spec §7: one second; a plan's checkout goes at once). */
export const PRODUCT_CHECKOUT_REDIRECT_MS = 1000;
export const OTP_LENGTH = 4;
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_SECONDS = 60;
export const PASSWORD_MIN = 8;
export const NAME_MIN_EXCLUSIVE = 3;
export const SUBDOMAIN_MIN = 3;
export const SUBDOMAIN_MAX = 20;
export const RATE_LIMIT_WAIT_SECONDS = 30;
export const LOGIN_MAX_PER_MINUTE = 5;
export const LOGIN_LOCK_AFTER_FAILURES = 10;
export const LOGIN_LOCK_MINUTES = 15;
/** The unlock link e-mailed when an account locks: single use, valid this long. */
export const UNLOCK_LINK_HOURS = 24;
/** At most one unlock e-mail in this many minutes, however often an attacker locks the account. */
export const UNLOCK_MAIL_EVERY_MINUTES = 60;
/** A browser that opened an unlock link or reset the password is trusted this long: the lock does not apply to it. */
export const TRUSTED_DEVICE_DAYS = 30;
/** POS sign-in: attempts a minute for one e-mail from all addresses together (the per-address limit is LOGIN_MAX_PER_MINUTE). */
export const POS_LOGIN_MAX_PER_EMAIL_PER_MINUTE = 10;
export const TOAST_MS = 5000;
export const SEARCH_DEBOUNCE_MS = 500;
export const SEARCH_MIN_CHARS = 3;
export const PROFILE_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const PROFILE_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const DEFAULT_CURRENCY = 'SAR';
export const DEFAULT_TIMEZONE = 'Asia/Riyadh';
export const DEFAULT_COLORS = { primary: '#3B71FE', secondary: '#6DC8F9', background: '#FFFFFF' } as const;
export const EMPLOYEE_BANDS = ['1-5', '6-10', '11-20', '21-50', '50+'] as const;
export const OWNER_ROLES = ['owner', 'ceo', 'marketing_manager', 'customer_service'] as const;
export const SYSTEM_TYPES = ['booking_management', 'booking_website'] as const;
export const SERVICE_TYPES = ['home_service', 'on_site', 'online'] as const;
export const FEATURES = ['bookings', 'orders', 'invoices', 'pos', 'store', 'marketing', 'reports', 'packages'] as const;
/** Onboarding levels of spec §4: recorded as `completed_level` after each step. */
export const ONBOARDING_LEVEL = { registered: 2, tenantInfo: 3, tenantProfile: 4, completeProfile: 5 } as const;
/** Weekdays as JavaScript numbers them: 0 Sunday … 6 Saturday. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/** Installable plugins of spec §7 (`GET plugins`); routes tied to one answer 404 while it is missing. */
export const PLUGINS = ['pos', 'commission', 'packages', 'boundaries'] as const;
export type PluginSlug = (typeof PLUGINS)[number];
/** Account types of spec §3 User: dashboard user, provider (mobile app only), POS (cashier only). */
export const USER_TYPES = ['user', 'provider', 'pos'] as const;
export type UserType = (typeof USER_TYPES)[number];
export const USER_STATUSES = ['active', 'inactive'] as const;
export const INVITATION_STATUSES = ['sent', 'accepted', 'deleted'] as const;
export const INVITATION_TTL_DAYS = 7;
export const BRANCH_TYPES = ['on-site', 'online', 'home-service'] as const;
export const SUPERVISOR_STATUSES = ['active', 'inactive'] as const;
/** A POS account's passcode: digits only. */
export const PASSCODE_MIN = 4;
export const PASSCODE_MAX = 6;
export const IMPERSONATION_REASON_MAX = 500;
/** An impersonation token expires this long after it is issued. */
export const IMPERSONATION_TTL_MINUTES = 120;

/**
 * Staff-calendar colours handed out in turn to providers that have none (sort order); the same list
 * backfilled existing providers in migration 0008. Each is dark enough for white text.
 */
export const PROVIDER_COLORS = ['#3B71FE', '#E8590C', '#2F9E44', '#AE3EC9', '#1098AD', '#F08C00', '#D6336C', '#5C7CFA', '#0CA678', '#845EF7'] as const;
