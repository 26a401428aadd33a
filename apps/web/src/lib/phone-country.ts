import { PHONE_COUNTRIES } from '@app/shared/phone';

/** The country whose dial code starts an international number (+971…, 00971…), else `fallback`. */
export function guessPhoneCountry(raw: string, fallback = 'SA'): string {
  const digits = raw.replace(/[\s\-()]/g, '');
  const intl = digits.startsWith('+') ? digits.slice(1) : digits.startsWith('00') ? digits.slice(2) : null;
  if (!intl) return fallback;
  const match = Object.entries(PHONE_COUNTRIES)
    .filter(([, c]) => intl.startsWith(c.dial))
    .sort(([, a], [, b]) => b.dial.length - a.dial.length)[0];
  return match ? match[0] : fallback;
}
