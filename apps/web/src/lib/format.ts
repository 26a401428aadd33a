import { DEFAULT_CURRENCY, type Locale } from '@app/shared/constants';

/**
 * Intl locale tags. Arabic keeps Latin digits and the Gregorian calendar everywhere (what Saudi
 * business software shows on receipts); the Hijri date is added beside it where dates matter.
 */
const TAGS: Record<Locale, string> = { ar: 'ar-SA-u-ca-gregory-nu-latn', en: 'en-GB' };
const HIJRI_TAGS: Record<Locale, string> = { ar: 'ar-SA-u-ca-islamic-umalqura-nu-latn', en: 'en-SA-u-ca-islamic-umalqura' };

export const intlTag = (locale: Locale): string => TAGS[locale];

export function formatNumber(value: number, locale: Locale): string {
  return new Intl.NumberFormat(TAGS[locale]).format(value);
}

/** Money from minor units (halalas for SAR); SAR shows 2 decimals. */
export function formatMoney(minor: number, locale: Locale, currency: string = DEFAULT_CURRENCY): string {
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return new Intl.NumberFormat(TAGS[locale], {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(minor / 10 ** digits);
}

/** Riyals typed in a form → halalas for the API (avoids 19.99 * 100 = 1998.9999). */
export function toMinorUnits(major: number): number {
  return Math.round(major * 100);
}

export function formatDate(value: string | Date, locale: Locale, opts: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string {
  return new Intl.DateTimeFormat(TAGS[locale], opts).format(typeof value === 'string' ? new Date(value) : value);
}

export function formatDateTime(value: string | Date, locale: Locale): string {
  return formatDate(value, locale, { dateStyle: 'medium', timeStyle: 'short' });
}

export function formatHijri(value: string | Date, locale: Locale): string {
  return new Intl.DateTimeFormat(HIJRI_TAGS[locale], { dateStyle: 'long' }).format(
    typeof value === 'string' ? new Date(value) : value,
  );
}

/** 90 → "1 h 30 min" / "1 س 30 د" using Intl unit names. */
export function formatDuration(minutes: number, locale: Locale): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const unit = (value: number, u: 'hour' | 'minute') =>
    new Intl.NumberFormat(TAGS[locale], { style: 'unit', unit: u, unitDisplay: 'short' }).format(value);
  if (h && m) return `${unit(h, 'hour')} ${unit(m, 'minute')}`;
  return h ? unit(h, 'hour') : unit(m, 'minute');
}
