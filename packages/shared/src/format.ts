import { DEFAULT_CURRENCY, type Locale } from './constants';
import { currencyDigits } from './currencies';
import { minorToDecimalString, toMinor } from './money';

/**
 * Intl locale tags. Arabic keeps Latin digits and the Gregorian calendar everywhere (what Saudi
 * business software shows on receipts); the Hijri date is added beside it where dates matter.
 */
const TAGS: Record<Locale, string> = { ar: 'ar-SA-u-ca-gregory-nu-latn', en: 'en-GB' };
const HIJRI_TAGS: Record<Locale, string> = { ar: 'ar-SA-u-ca-islamic-umalqura-nu-latn', en: 'en-SA-u-ca-islamic-umalqura' };

export const intlTag = (locale: Locale): string => TAGS[locale];

/**
 * Building an Intl formatter costs far more than using one (the staff calendar labels hundreds of
 * cells a render), so each tag and options pair is built once and kept.
 */
const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.ListFormat>();
function cached<F extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.ListFormat>(kind: string, tag: string, options: object, make: () => F): F {
  const key = `${kind}|${tag}|${JSON.stringify(options)}`;
  let f = cache.get(key) as F | undefined;
  if (!f) {
    f = make();
    cache.set(key, f);
  }
  return f;
}
export const dateFormat = (tag: string, options: Intl.DateTimeFormatOptions = {}) => cached('d', tag, options, () => new Intl.DateTimeFormat(tag, options));
export const numberFormat = (tag: string, options: Intl.NumberFormatOptions = {}) => cached('n', tag, options, () => new Intl.NumberFormat(tag, options));
const listFormat = (tag: string, options: Intl.ListFormatOptions) => cached('l', tag, options, () => new Intl.ListFormat(tag, options));

export function formatNumber(value: number, locale: Locale): string {
  return numberFormat(TAGS[locale]).format(value);
}

/**
 * Money from minor units, with the currency's decimal digits from the shared table (SAR 2, KWD 3,
 * JPY 0), whatever Intl thinks of the currency.
 */
export function formatMoney(minor: number, locale: Locale, currency: string = DEFAULT_CURRENCY): string {
  const digits = currencyDigits(currency);
  const value = Number(minorToDecimalString(minor, currency));
  try {
    return numberFormat(TAGS[locale], { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
  } catch {
    // A code Intl does not know: the number with the code beside it.
    return `${numberFormat(TAGS[locale], { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value)} ${currency}`;
  }
}

/** An amount typed in a form (major units, "12.5") → minor units for the API; null when it has too many decimals. */
export function toMinorUnits(major: number | string, currency: string = DEFAULT_CURRENCY): number | null {
  return toMinor(major, currency);
}

/** Minor units → the text a money input shows ("12.50" in SAR, "1.250" in KWD). */
export function minorToInput(minor: number, currency: string = DEFAULT_CURRENCY): string {
  return minorToDecimalString(minor, currency);
}

export type TimeFormat = '12' | '24';

/** A time of day with the business's clock (12 h with AM/PM, or 24 h); `timeZone` defaults to the browser's. */
export function formatTime(value: string | Date, locale: Locale, timeFormat: TimeFormat, timeZone?: string): string {
  return dateFormat(TAGS[locale], {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: timeFormat === '24' ? 'h23' : 'h12',
    ...(timeZone ? { timeZone } : {}),
  }).format(typeof value === 'string' ? new Date(value) : value);
}

/** A wall-clock "HH:mm" (opening hours, slots) shown with the business's clock: "14:30" → "02:30 PM" or "14:30". */
export function formatClock(hhmm: string, locale: Locale, timeFormat: TimeFormat): string {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!m) return hhmm;
  return formatTime(new Date(Date.UTC(2000, 0, 1, Number(m[1]), Number(m[2]))), locale, timeFormat, 'UTC');
}

/**
 * A day spelled out the same way in both languages: "25 Nov 2026" / "25 نوفمبر 2026". Intl's
 * `dateStyle: 'medium'` gives Arabic a numeric "25/11/2026" (read as mm/dd by half the readers), so
 * every date goes through this shape instead.
 */
export const DAY_FORMAT: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const TIME_PARTS: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };

/** `dateStyle`/`timeStyle` → the explicit parts above (the two cannot be mixed with parts in Intl). */
function dateOptions(opts: Intl.DateTimeFormatOptions): Intl.DateTimeFormatOptions {
  const { dateStyle, timeStyle, ...rest } = opts;
  if (dateStyle !== 'medium' && dateStyle !== 'short') return opts;
  return { ...DAY_FORMAT, ...(timeStyle ? TIME_PARTS : {}), ...rest };
}

/** A date and time with the business's clock. */
export function formatDateTimeIn(value: string | Date, locale: Locale, timeFormat: TimeFormat, timeZone?: string): string {
  return dateFormat(TAGS[locale], {
    ...DAY_FORMAT,
    ...TIME_PARTS,
    hourCycle: timeFormat === '24' ? 'h23' : 'h12',
    ...(timeZone ? { timeZone } : {}),
  }).format(typeof value === 'string' ? new Date(value) : value);
}

export function formatDate(value: string | Date, locale: Locale, opts: Intl.DateTimeFormatOptions = DAY_FORMAT): string {
  return dateFormat(TAGS[locale], dateOptions(opts)).format(typeof value === 'string' ? new Date(value) : value);
}

/** A calendar day "YYYY-MM-DD" (no time, no zone) as `formatDate` shows it: "2026-11-25" → "25 Nov 2026". */
export function formatDay(ymd: string, locale: Locale, opts: Intl.DateTimeFormatOptions = DAY_FORMAT): string {
  return formatDate(`${ymd}T12:00:00Z`, locale, { ...opts, timeZone: 'UTC' });
}

export function formatDateTime(value: string | Date, locale: Locale): string {
  return formatDate(value, locale, { ...DAY_FORMAT, ...TIME_PARTS });
}

export function formatHijri(value: string | Date, locale: Locale): string {
  return dateFormat(HIJRI_TAGS[locale], { dateStyle: 'long' }).format(
    typeof value === 'string' ? new Date(value) : value,
  );
}

/** Names joined the way the language joins a list ("A, B and C" / "A وB وC"). */
export function formatList(items: readonly string[], locale: Locale): string {
  return listFormat(intlTag(locale), { style: 'long', type: 'conjunction' }).format(items);
}

/**
 * A plain enumeration without "and" (options, days, features): "A, B, C" in English, "A، B، C" in
 * Arabic. Intl's "unit" lists put a و before each Arabic item, so the separator is chosen here.
 */
export function joinList(items: readonly string[], locale: Locale): string {
  return items.join(locale === 'ar' ? '، ' : ', ');
}

/** 90 → "1 h 30 min" / "1 س 30 د" using Intl unit names. */
export function formatDuration(minutes: number, locale: Locale): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const unit = (value: number, u: 'hour' | 'minute') =>
    numberFormat(TAGS[locale], { style: 'unit', unit: u, unitDisplay: 'short' }).format(value);
  if (h && m) return `${unit(h, 'hour')} ${unit(m, 'minute')}`;
  return h ? unit(h, 'hour') : unit(m, 'minute');
}

const relativeFormats = new Map<Locale, Intl.RelativeTimeFormat>();
/**
 * How long ago (or until) a moment is, in words: "5 minutes ago" / "قبل 5 دقائق", "yesterday" /
 * "أمس"; past a week, the date itself (`formatDate`).
 */
export function formatRelative(value: string | Date, locale: Locale, now: number = Date.now()): string {
  const at = typeof value === 'string' ? new Date(value) : value;
  const seconds = Math.round((at.getTime() - now) / 1000);
  const abs = Math.abs(seconds);
  let f = relativeFormats.get(locale);
  if (!f) {
    f = new Intl.RelativeTimeFormat(TAGS[locale], { numeric: 'auto' });
    relativeFormats.set(locale, f);
  }
  if (abs < 45) return f.format(0, 'second');
  if (abs < 45 * 60) return f.format(Math.round(seconds / 60), 'minute');
  if (abs < 22 * 3600) return f.format(Math.round(seconds / 3600), 'hour');
  if (abs < 7 * 86_400) return f.format(Math.round(seconds / 86_400), 'day');
  return formatDate(at, locale);
}
