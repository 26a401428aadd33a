/**
 * Phone numbers with their country. We keep a pattern for the national mobile numbers of the markets
 * we serve and fall back to a length check elsewhere. Stored as E.164.
 */
type CountryPhone = { dial: string; mobile: RegExp; name: { ar: string; en: string } };

export const PHONE_COUNTRIES: Record<string, CountryPhone> = {
  SA: { dial: '966', mobile: /^5\d{8}$/, name: { ar: 'السعودية', en: 'Saudi Arabia' } },
  AE: { dial: '971', mobile: /^5\d{8}$/, name: { ar: 'الإمارات', en: 'United Arab Emirates' } },
  BH: { dial: '973', mobile: /^[36]\d{7}$/, name: { ar: 'البحرين', en: 'Bahrain' } },
  KW: { dial: '965', mobile: /^[569]\d{7}$/, name: { ar: 'الكويت', en: 'Kuwait' } },
  OM: { dial: '968', mobile: /^[79]\d{7}$/, name: { ar: 'عُمان', en: 'Oman' } },
  QA: { dial: '974', mobile: /^[3567]\d{7}$/, name: { ar: 'قطر', en: 'Qatar' } },
  EG: { dial: '20', mobile: /^1[0125]\d{8}$/, name: { ar: 'مصر', en: 'Egypt' } },
  JO: { dial: '962', mobile: /^7[789]\d{7}$/, name: { ar: 'الأردن', en: 'Jordan' } },
  IQ: { dial: '964', mobile: /^7\d{9}$/, name: { ar: 'العراق', en: 'Iraq' } },
  LB: { dial: '961', mobile: /^(3\d{6}|7[016]\d{6}|81\d{6})$/, name: { ar: 'لبنان', en: 'Lebanon' } },
  YE: { dial: '967', mobile: /^7\d{8}$/, name: { ar: 'اليمن', en: 'Yemen' } },
  SD: { dial: '249', mobile: /^[19]\d{8}$/, name: { ar: 'السودان', en: 'Sudan' } },
  SY: { dial: '963', mobile: /^9\d{8}$/, name: { ar: 'سوريا', en: 'Syria' } },
  MA: { dial: '212', mobile: /^[67]\d{8}$/, name: { ar: 'المغرب', en: 'Morocco' } },
  DZ: { dial: '213', mobile: /^[567]\d{8}$/, name: { ar: 'الجزائر', en: 'Algeria' } },
  TN: { dial: '216', mobile: /^[2459]\d{7}$/, name: { ar: 'تونس', en: 'Tunisia' } },
};

export const PHONE_COUNTRY_CODES = Object.keys(PHONE_COUNTRIES);

/** `text` with its Arabic-Indic (٠–٩) and Persian (۰–۹) digits written as 0–9: what a number typed on an Arabic keyboard means. */
export const westernDigits = (text: string): string =>
  text.replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0));

/** Strips spaces, dashes, dots and brackets, reads Arabic-Indic and Persian digits, drops a leading +dial code or trunk 0; returns the national number. */
function nationalDigits(raw: string, dial: string): string {
  let digits = westernDigits(raw.replace(/[\s\-().]/g, ''));
  if (digits.startsWith('+')) digits = digits.slice(1);
  if (digits.startsWith('00')) digits = digits.slice(2);
  if (digits.startsWith(dial) && digits.length > dial.length + 6) digits = digits.slice(dial.length);
  if (digits.startsWith('0')) digits = digits.slice(1);
  return digits;
}

/** The E.164 form of a mobile number in `country`, or null when it is not a valid one. */
export function normalizePhone(raw: string, country: string): string | null {
  const c = PHONE_COUNTRIES[country.toUpperCase()];
  if (!c) return null;
  const national = nationalDigits(raw, c.dial);
  if (!/^\d+$/.test(national) || !c.mobile.test(national)) return null;
  return `+${c.dial}${national}`;
}
