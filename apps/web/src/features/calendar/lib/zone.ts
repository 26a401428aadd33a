import { localDateOf, offsetAt, zonedToUtc } from '@app/shared/scheduling/zoned';

/**
 * Times on the calendar are wall-clock times of the business's zone (the branch's, else the
 * tenant's), whatever the browser's zone. FullCalendar 7 takes the named zone itself (its `timeZone`
 * option, through the temporal-polyfill it depends on), so events go in as UTC ISO strings and come
 * back as ISO strings with the zone's offset; these helpers convert between those and the form
 * fields (a `YYYY-MM-DD` date, an `HH:mm` time) with the shared `Intl`-only zone code.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** The wall-clock date and time of an instant in `zone`: `{ date: '2025-03-01', time: '09:30' }`. */
export function wallClock(instant: string | number | Date, zone: string): { date: string; time: string } {
  const ms = instant instanceof Date ? instant.getTime() : typeof instant === 'number' ? instant : Date.parse(instant);
  const local = new Date(ms + offsetAt(ms, zone));
  return { date: localDateOf(ms, zone), time: `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}` };
}

/** A wall-clock date and `HH:mm` in `zone` → the UTC ISO string the API takes. */
export function wallToIso(date: string, time: string, zone: string): string {
  return new Date(zonedToUtc(date, time, zone)).toISOString();
}

/** An `<input type="datetime-local">` value (`YYYY-MM-DDTHH:mm`, wall clock in `zone`) → UTC ISO; null when incomplete. */
export function localInputToIso(value: string, zone: string): string | null {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(value);
  if (!m?.[1] || !m[2]) return null;
  try {
    return wallToIso(m[1], m[2], zone);
  } catch {
    return null;
  }
}

/** UTC instant → the `datetime-local` input's value in `zone`. */
export function isoToLocalInput(instant: string | number | Date, zone: string): string {
  const { date, time } = wallClock(instant, zone);
  return `${date}T${time}`;
}

/**
 * A date string FullCalendar hands out (`2025-03-01`, or `2025-03-01T09:30:00+03:00` in the
 * calendar's zone) → its wall-clock parts, read from the text itself so no browser zone gets in.
 */
export function fcDateParts(dateStr: string): { date: string; time: string | null } {
  const m = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2}))?/.exec(dateStr);
  if (!m?.[1]) throw new RangeError(`not a date: ${dateStr}`);
  return { date: m[1], time: m[2] ?? null };
}

/** A FullCalendar date string with an offset (or a plain date taken in `zone`) → UTC ISO. */
export function fcDateToIso(dateStr: string, zone: string): string {
  if (/T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(dateStr)) return new Date(dateStr).toISOString();
  const { date, time } = fcDateParts(dateStr);
  return wallToIso(date, time ?? '00:00', zone);
}

/** Today's date in `zone`. */
export const todayIn = (zone: string, now: number = Date.now()): string => localDateOf(now, zone);
