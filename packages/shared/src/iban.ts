/**
 * IBAN checks (ISO 13616): country code, two check digits, then the national account; the whole
 * number, rearranged and read as digits (A = 10 … Z = 35), leaves 1 when divided by 97. Spaces are
 * ignored and letters are upper-cased.
 */

/** Lengths of the countries we know; others are 15–34 characters. */
export const IBAN_LENGTHS: Record<string, number> = {
  SA: 24,
  AE: 23,
  BH: 22,
  KW: 30,
  OM: 23,
  QA: 29,
  EG: 29,
  JO: 30,
  IQ: 23,
  LB: 28,
  TN: 24,
  SD: 18,
  PS: 29,
  TR: 26,
  PK: 24,
  GB: 22,
  DE: 22,
  FR: 27,
};

/** Spaces removed, upper-cased. */
export function normalizeIban(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase();
}

/** Remainder of the rearranged IBAN divided by 97, computed piece by piece (no big integers). */
function mod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of rearranged) {
    const value = ch >= 'A' && ch <= 'Z' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const digit of value) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest;
}

export function isValidIban(raw: string): boolean {
  const iban = normalizeIban(raw);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const country = iban.slice(0, 2);
  const length = IBAN_LENGTHS[country];
  if (length !== undefined ? iban.length !== length : iban.length < 15 || iban.length > 34) return false;
  // Saudi IBANs: SA, 2 check digits, a 2-digit bank code, 18 account characters (24 in all).
  if (country === 'SA' && !/^SA\d{4}[A-Z0-9]{18}$/.test(iban)) return false;
  return mod97(iban) === 1;
}
