import type { Locale } from '@app/shared/constants';
import { formatDay, formatTime, intlTag, type TimeFormat } from './format';

const pad = (n: number) => String(n).padStart(2, '0');

/** Arabic-Indic and Persian digits → Latin, so "٢٥/١١/٢٠٢٦" reads like "25/11/2026". */
const latinDigits = (text: string) => text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String((d.charCodeAt(0) & 0xf) % 10));

/** Month names of both languages, long and short ("November", "Nov", "Sept", "نوفمبر"), lower-cased → month 1–12. */
const MONTHS: ReadonlyMap<string, number> = (() => {
  const names = new Map<string, number>();
  for (const locale of ['ar', 'en'] as const)
    for (const month of ['long', 'short'] as const) {
      const f = new Intl.DateTimeFormat(intlTag(locale), { month, timeZone: 'UTC' });
      for (let m = 1; m <= 12; m++) names.set(f.format(new Date(Date.UTC(2000, m - 1, 15))).toLowerCase(), m);
    }
  return names;
})();

function day(y: number, m: number, d: number): string | null {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || y > 2200 || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${y}-${pad(m)}-${pad(d)}`;
}

/**
 * A date typed into a date field → "YYYY-MM-DD", or null when it is not (yet) a date. Accepts the
 * ISO form, day-first numbers ("25/11/2026", "25.11.2026"; never month-first: both our languages put
 * the day first) and the shown form with a month name in either language ("25 Nov 2026", "25 نوفمبر 2026").
 */
export function parseDayInput(text: string): string | null {
  const s = latinDigits(text).trim().replace(/\s+/g, ' ');
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  if (m) return day(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(s);
  if (m) return day(Number(m[3]), Number(m[2]), Number(m[1]));
  m = /^(\d{1,2}) ([^\d\s,]+),? (\d{4})$/u.exec(s);
  if (m) {
    const month = MONTHS.get(m[2]!.toLowerCase().replace(/\.$/, ''));
    return month ? day(Number(m[3]), month, Number(m[1])) : null;
  }
  return null;
}

/** "YYYY-MM-DD" (or a longer wall-clock value starting with it) as a date field shows it: "25 Nov 2026" / "25 نوفمبر 2026". */
export const showDayValue = (value: string, locale: Locale): string => formatDay(value.slice(0, 10), locale);

/** A wall-clock "YYYY-MM-DD HH:mm[:ss]" as a date-and-time field shows it: "25 Nov 2026, 02:30 pm" with the business's clock. */
export function showDateTimeValue(value: string, locale: Locale, timeFormat: TimeFormat): string {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})/.exec(value);
  if (!m) return value;
  const at = new Date(`${m[1]}T${m[2]}:${m[3]}:00Z`);
  return `${formatDay(m[1]!, locale)}${locale === 'ar' ? '، ' : ', '}${formatTime(at, locale, timeFormat, 'UTC')}`;
}
