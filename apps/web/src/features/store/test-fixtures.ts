/** Fixtures of the store panel's tests (imported by tests only). */
import { STORE_DEFAULTS, type StoreSettings } from '@app/shared/schemas/store';

export const settings = (over: Partial<StoreSettings> = {}): StoreSettings => ({
  store_name: 'Demo Salon',
  subdomain: 'demo',
  store_url: 'http://demo.khidma.localhost:3000',
  full_domain: 'demo.khidma.localhost',
  custom_domain: null,
  custom_domain_verified: false,
  custom_domain_token: null,
  status: 'active',
  maintenance_title: null,
  maintenance_body: null,
  description: null,
  primary_color: STORE_DEFAULTS.primary_color,
  secondary_color: STORE_DEFAULTS.secondary_color,
  background_color: STORE_DEFAULTS.background_color,
  logo: null,
  banner: null,
  favicon: null,
  layout: 'everything',
  social: { facebook: null, twitter: null, youtube: null, instagram: null, tiktok: null, linkedin: null, snapchat: null, email: null, whatsapp: null },
  contact_phone: null,
  contact_email: null,
  address: null,
  approve_bookings: false,
  change_notice_hours: 24,
  allow_reschedule: true,
  allow_cancel: true,
  require_phone_otp: true,
  show_prices: true,
  booking_window_days: 60,
  waitlist_enabled: true,
  ...over,
});

export const ALL_STORE_KEYS = ['store.settings', 'store.appearance', 'store.gallery', 'store.contacts', 'store.website_management', 'marketing.pages', 'marketing.booking_page', 'marketing.reviews'];
