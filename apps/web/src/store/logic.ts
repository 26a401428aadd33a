/**
 * The pure parts of the store script: what the page's data looks like, the booking steps, sums,
 * providers for a choice of services, the days shown and the slots grouped by part of the day, and
 * the formatters (money in minor units, times in the zone of the branch booked in).
 */

export type StoreService = { id: string; name: string; description?: string | null; duration: number; price: number; deposit: number; category_id?: string | null; branch_id?: string | null };
export type StoreProvider = { id: string; name: string; branch_id?: string | null; service_ids: string[] };
export type StoreCustomField = { id?: string; uuid?: string; label: string; name_en?: string; html_tag: string; options?: string[]; is_required?: boolean };
export type StoreSettingsData = {
  require_phone_otp: boolean;
  waitlist_enabled: boolean;
  show_prices: boolean;
  booking_window_days: number;
  allow_reschedule: boolean;
  allow_cancel: boolean;
  change_notice_hours: number;
};
export type StoreData = {
  subdomain: string;
  base: string;
  api: string;
  locale: string;
  dir?: string;
  currency: string;
  currency_decimals: number;
  /** The business's zone and day; each branch has its own (the one its slots and holds are in). */
  timezone: string;
  today: string;
  /** The business's country: the phone numbers' default country. */
  country?: string;
  settings: StoreSettingsData;
  /** Main branch first. */
  branches: StoreBranch[];
  services: StoreService[];
  providers: StoreProvider[];
  custom_fields?: StoreCustomField[];
  /** `hold_token`: the `?hold=` of a waitlist offer's link; `hold`: its seat while held (null: expired or unknown). */
  preselect?: { service_ids?: string[]; hold_token?: string | null; hold?: PreselectedHold | null } | null;
};
export type StoreBranch = { id: string; name: string; timezone?: string; today?: string };
export type PreselectedHold = { token: string; start_time: string; expires_at: string; service_ids: string[]; staff_id: string | null; staff_ids?: string[]; branch_id?: string | null };

/** The phone numbers' country: the business's, else Saudi Arabia. */
export const phoneCountry = (data: Pick<StoreData, 'country'>): string => (data.country && /^[A-Z]{2}$/.test(data.country) ? data.country : 'SA');

/**
 * The branch a choice is booked in, as the server picks it: the chosen one, else the services' one
 * branch, else the main one (the first).
 */
export function branchOf(data: Pick<StoreData, 'branches' | 'services'>, branchId: string | null, serviceIds: string[]): StoreBranch | null {
  if (branchId) return data.branches.find((b) => b.id === branchId) ?? null;
  const own = new Set(serviceIds.map((id) => data.services.find((s) => s.id === id)?.branch_id).filter((b): b is string => Boolean(b)));
  if (own.size === 1) {
    const [only] = own;
    const b = data.branches.find((x) => x.id === only);
    if (b) return b;
  }
  return data.branches[0] ?? null;
}

/** The zone a choice's times are in: its branch's, else the business's. */
export const zoneOf = (data: Pick<StoreData, 'branches' | 'services' | 'timezone'>, branchId: string | null, serviceIds: string[]): string =>
  branchOf(data, branchId, serviceIds)?.timezone || data.timezone;

/** Today in a choice's branch (the server's day there), else the business's. */
export const todayOf = (data: Pick<StoreData, 'branches' | 'services' | 'today'>, branchId: string | null, serviceIds: string[]): string =>
  branchOf(data, branchId, serviceIds)?.today || data.today;
export type Slot = { start_time: string; end_time: string; slot: string; staff_ids: string[]; split_staff_ids?: string[] | null };
export type DaySlots = { date: string; slots: Slot[] };

// ------------------------------------------------------------------ steps

export const STEPS = ['services', 'provider', 'date', 'time', 'details', 'done'] as const;
export type Step = (typeof STEPS)[number];

export type BookingState = {
  step: Step;
  branchId: string | null;
  serviceIds: string[];
  /** null: any provider. */
  staffId: string | null;
  date: string | null;
  hold: { token: string; expiresAt: string; startTime: string; staffIds: string[] } | null;
};

export const initialState = (serviceIds: string[] = [], branchId: string | null = null): BookingState => ({ step: 'services', branchId, serviceIds, staffId: null, date: null, hold: null });

/** Whether the visitor may leave `state.step` forwards. */
export function canContinue(state: BookingState): boolean {
  switch (state.step) {
    case 'services':
      return state.serviceIds.length > 0;
    case 'provider':
      return true;
    case 'date':
      return state.date !== null;
    case 'time':
      return state.hold !== null;
    default:
      return false;
  }
}

/** The step after the current one, when the current one is complete (else the same step). */
export function forward(state: BookingState): BookingState {
  if (!canContinue(state)) return state;
  const i = STEPS.indexOf(state.step);
  return { ...state, step: STEPS[Math.min(i + 1, STEPS.length - 1)] as Step };
}

/** One step back; what was chosen in later steps is kept only while it still fits. */
export function backward(state: BookingState): BookingState {
  const i = STEPS.indexOf(state.step);
  if (i <= 0 || state.step === 'done') return state;
  return { ...state, step: STEPS[i - 1] as Step };
}

/** Changing the services (or the branch) clears the provider when they no longer offer them all, and the day and hold. */
export function withServices(state: BookingState, serviceIds: string[], providers: StoreProvider[]): BookingState {
  const staffOk = state.staffId === null || providersFor(providers, serviceIds, state.branchId).some((p) => p.id === state.staffId);
  return { ...state, serviceIds, staffId: staffOk ? state.staffId : null, date: null, hold: null };
}

export function toggle(ids: string[], id: string): string[] {
  return ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id];
}

// ------------------------------------------------------------------ the choice

export function servicesFor(services: StoreService[], branchId: string | null): StoreService[] {
  return branchId ? services.filter((s) => !s.branch_id || s.branch_id === branchId) : services;
}

/** Providers who offer every chosen service (in the branch, when one is chosen). */
export function providersFor(providers: StoreProvider[], serviceIds: string[], branchId: string | null): StoreProvider[] {
  return providers.filter((p) => (!branchId || !p.branch_id || p.branch_id === branchId) && serviceIds.every((id) => p.service_ids.includes(id)));
}

/** Price, deposit and duration of the chosen services (integer minor units and minutes). */
export function totals(services: StoreService[], serviceIds: string[]): { price: number; deposit: number; duration: number } {
  let price = 0;
  let deposit = 0;
  let duration = 0;
  for (const id of serviceIds) {
    const s = services.find((x) => x.id === id);
    if (!s) continue;
    price += s.price;
    deposit += s.deposit;
    duration += s.duration;
  }
  return { price, deposit, duration };
}

// ------------------------------------------------------------------ days and slots

/** `YYYY-MM-DD` plus `n` days (calendar arithmetic, no time zone involved). */
export function addDays(date: string, n: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The last day that can be booked: `today` plus the window, less one. */
export const lastDay = (today: string, windowDays: number): string => addDays(today, Math.max(1, windowDays) - 1);

/** The days of the page starting at `from` (`count` of them), never past `last`. */
export function pageOfDays(from: string, count: number, last: string): string[] {
  const days: string[] = [];
  for (let i = 0; i < count; i++) {
    const d = addDays(from, i);
    if (d > last) break;
    days.push(d);
  }
  return days;
}

/** from..to (inclusive) cut into ranges of at most `max` days: one slots call each. */
export function rangeChunks(from: string, to: string, max = 31): [string, string][] {
  const out: [string, string][] = [];
  let start = from;
  while (start <= to) {
    const end = addDays(start, max - 1);
    const stop = end < to ? end : to;
    out.push([start, stop]);
    start = addDays(stop, 1);
  }
  return out;
}

export type Period = 'morning' | 'afternoon' | 'evening';

/** Slots by part of the day (from their local `HH:mm`): before 12, before 17, after. */
export function groupSlots(slots: Slot[]): { period: Period; slots: Slot[] }[] {
  const groups: Record<Period, Slot[]> = { morning: [], afternoon: [], evening: [] };
  for (const s of slots) {
    const hour = Number(s.slot.slice(0, 2));
    groups[hour < 12 ? 'morning' : hour < 17 ? 'afternoon' : 'evening'].push(s);
  }
  return (['morning', 'afternoon', 'evening'] as Period[]).filter((p) => groups[p].length > 0).map((period) => ({ period, slots: groups[period] }));
}

/** Seconds left until `expiresAt` (never below 0). */
export const secondsLeft = (expiresAt: string, now: number = Date.now()): number => Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1000));

/** 125 → "2:05". */
export const clockText = (seconds: number): string => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

// ------------------------------------------------------------------ formatting

/** Arabic with Latin digits and the Gregorian calendar (as the dashboard's formatters). */
export const intlTag = (locale: string): string => (locale === 'en' ? 'en-GB' : 'ar-SA-u-ca-gregory-nu-latn');

/** Minor units → "12.50" without floating point arithmetic on the amount. */
export function minorToDecimal(minor: number, decimals: number): string {
  if (decimals <= 0) return String(minor);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const unit = 10 ** decimals;
  return `${sign}${Math.floor(abs / unit)}.${String(abs % unit).padStart(decimals, '0')}`;
}

/** Money in minor units with the currency's digits (from the page's data, not a currency table). */
export function formatMoney(minor: number, currency: string, decimals: number, locale: string): string {
  const value = Number(minorToDecimal(minor, decimals));
  try {
    return new Intl.NumberFormat(intlTag(locale), { style: 'currency', currency, minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value);
  } catch {
    return `${new Intl.NumberFormat(intlTag(locale), { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value)} ${currency}`;
  }
}

/** A `YYYY-MM-DD` day's label parts (weekday, day, month) in the page's language. */
export function dayParts(date: string, locale: string): { weekday: string; day: string; month: string } {
  const d = new Date(`${date}T12:00:00Z`);
  const f = (o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(intlTag(locale), { timeZone: 'UTC', ...o }).format(d);
  return { weekday: f({ weekday: 'short' }), day: f({ day: 'numeric' }), month: f({ month: 'short' }) };
}

export function formatDay(date: string, locale: string): string {
  return new Intl.DateTimeFormat(intlTag(locale), { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(`${date}T12:00:00Z`));
}

/** An instant's wall time in `zone` (the branch's). */
export function formatTime(iso: string, zone: string, locale: string): string {
  return new Intl.DateTimeFormat(intlTag(locale), { timeZone: zone, hour: locale === 'en' ? '2-digit' : 'numeric', minute: '2-digit' }).format(new Date(iso));
}

export function formatDateTime(iso: string, zone: string, locale: string): string {
  return new Intl.DateTimeFormat(intlTag(locale), { timeZone: zone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: locale === 'en' ? '2-digit' : 'numeric', minute: '2-digit' }).format(new Date(iso));
}

/** The local day (`YYYY-MM-DD`) of an instant in `zone`. */
export const localDay = (iso: string, zone: string): string => new Date(iso).toLocaleDateString('en-CA', { timeZone: zone });

/** A server error's text for each field, and the one for the whole form. */
export type ApiError = { status: number; message: string; errors: Record<string, string[]> };
export function fieldMessages(err: ApiError, fields: string[]): { byField: Record<string, string>; top: string | null } {
  const byField: Record<string, string> = {};
  for (const [k, v] of Object.entries(err.errors)) if (fields.includes(k) && v[0]) byField[k] = v[0];
  const unplaced = Object.keys(err.errors).filter((k) => !fields.includes(k));
  const top = Object.keys(byField).length === 0 || unplaced.length > 0 ? err.message : null;
  return { byField, top };
}
