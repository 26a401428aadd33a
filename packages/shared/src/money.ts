import { currencyDigits } from './currencies';

/**
 * Money in integer minor units (DESIGN §4): halalas for SAR, fils (1/1000) for KWD, whole units for
 * IQD. Conversions go through strings, never floating-point arithmetic on amounts.
 */

/** "12.5" or 12.5 in SAR → 1250; refuses more decimals than the currency has (null). */
export function toMinor(major: string | number, currency: string): number | null {
  const digits = currencyDigits(currency);
  const text = typeof major === 'number' ? major.toFixed(Math.min(digits + 2, 20)).replace(/0+$/, '').replace(/\.$/, '') : major.trim();
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return null;
  const [, sign, whole = '0', frac = ''] = m;
  if (frac.length > digits) return null;
  const minor = Number(whole) * 10 ** digits + Number(frac.padEnd(digits, '0') || '0');
  if (!Number.isSafeInteger(minor)) return null;
  return sign ? -minor : minor;
}

/** 1250 in SAR → "12.50"; in KWD 1250 → "1.250"; in IQD 1250 → "1250". */
export function minorToDecimalString(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  if (digits === 0) return String(minor);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const unit = 10 ** digits;
  return `${sign}${Math.floor(abs / unit)}.${String(abs % unit).padStart(digits, '0')}`;
}

/** 1250 in SAR → 12.5 (for display and inputs only, never for arithmetic on stored amounts). */
export function fromMinor(minor: number, currency: string): number {
  return Number(minorToDecimalString(minor, currency));
}

/** A percentage of an amount, rounded half away from zero to a minor unit; rate in basis points (15 % = 1500). */
export function percentOf(minor: number, rateBps: number): number {
  const raw = (minor * rateBps) / 10_000;
  return Math.sign(raw) * Math.round(Math.abs(raw));
}
