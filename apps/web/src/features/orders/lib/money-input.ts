import { toMinor } from '@app/shared/money';
import { currencyDigits } from '@app/shared/currencies';

/**
 * Amounts typed in the order screens (discount, fees, transport fee) are major units ("12.50"); the
 * API takes integer minor units, and a percentage discount in basis points (12.5 % → 1250). Arabic
 * digits and a decimal comma are accepted as typed on an Arabic keyboard.
 */

const ARABIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;

/** "١٢٫٥" / "12,5" / " 12.5 " → "12.5". */
export function normalizeNumber(text: string): string {
  return text
    .trim()
    .replace(ARABIC_DIGITS, (d) => String(d.charCodeAt(0) & 0xf))
    .replace(/[\u066B,]/g, '.')
    .replace(/[\u066C\s]/g, '');
}

export type Parsed = { ok: true; value: number } | { ok: false; error: 'required' | 'invalid' | 'too_many_decimals' | 'negative' | 'too_large' };

/** A money amount typed in major units → minor units of the currency; zero allowed, negative not. */
export function parseMoney(text: string, currency: string): Parsed {
  const s = normalizeNumber(text);
  if (s === '') return { ok: false, error: 'required' };
  if (/^-/.test(s)) return { ok: false, error: 'negative' };
  if (!/^\d+(\.\d+)?$/.test(s)) return { ok: false, error: 'invalid' };
  const minor = toMinor(s, currency);
  if (minor === null) {
    const decimals = s.split('.')[1]?.length ?? 0;
    return { ok: false, error: decimals > currencyDigits(currency) ? 'too_many_decimals' : 'too_large' };
  }
  return { ok: true, value: minor };
}

/** An optional amount: empty is zero. */
export function parseOptionalMoney(text: string, currency: string): Parsed {
  return normalizeNumber(text) === '' ? { ok: true, value: 0 } : parseMoney(text, currency);
}

/** A percentage typed as "12.5" → basis points (1250): more than 0, at most 100, two decimals at most. */
export function parsePercent(text: string): Parsed {
  const s = normalizeNumber(text);
  if (s === '') return { ok: false, error: 'required' };
  if (/^-/.test(s)) return { ok: false, error: 'negative' };
  const m = /^(\d+)(?:\.(\d+))?$/.exec(s);
  if (!m) return { ok: false, error: 'invalid' };
  const frac = m[2] ?? '';
  if (frac.length > 2) return { ok: false, error: 'too_many_decimals' };
  const bps = Number(m[1]) * 100 + Number(frac.padEnd(2, '0') || '0');
  if (bps > 10_000) return { ok: false, error: 'too_large' };
  if (bps === 0) return { ok: false, error: 'invalid' };
  return { ok: true, value: bps };
}

/** Basis points → the text a percentage input shows: 1250 → "12.5", 1000 → "10". */
export function bpsToPercentText(bps: number): string {
  const whole = Math.floor(bps / 100);
  const frac = String(bps % 100).padStart(2, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : String(whole);
}

export type DiscountKind = 'fixed' | 'percentage';

/** The discount form → the API body (`PUT discount`): fixed in minor units, percentage in basis points; a fixed zero is refused. */
export type DiscountResult = { ok: true; body: { type: DiscountKind; value: number } } | { ok: false; error: string };

export function discountBody(type: DiscountKind, text: string, currency: string): DiscountResult {
  const parsed = type === 'fixed' ? parseMoney(text, currency) : parsePercent(text);
  if (!parsed.ok) return { ok: false, error: parsed.error };
  if (parsed.value <= 0) return { ok: false, error: 'invalid' };
  return { ok: true, body: { type, value: parsed.value } };
}

/** A fee row as typed; `tip` marks the customer's tip (added at checkout) and is kept through an edit. */
export type FeeDraft = { title: string; value: string; tip?: boolean };

/**
 * The fee rows → the API's `fees` (title, value in minor units). Blank rows are dropped; a row with
 * a title and no valid value (or the reverse) reports an error under `fees.N.title|value`.
 */
export function feesBody(rows: readonly FeeDraft[], currency: string): { fees: { title: string; value: number; tip?: boolean }[]; errors: Record<string, string> } {
  const fees: { title: string; value: number; tip?: boolean }[] = [];
  const errors: Record<string, string> = {};
  rows.forEach((row, i) => {
    const title = row.title.trim();
    const amountText = normalizeNumber(row.value);
    if (!title && !amountText) return;
    if (!title) errors[`fees.${i}.title`] = 'required';
    const parsed = parseMoney(row.value, currency);
    if (!parsed.ok) errors[`fees.${i}.value`] = parsed.error;
    else if (title) fees.push({ title, value: parsed.value, ...(row.tip ? { tip: true } : {}) });
  });
  return { fees, errors };
}
