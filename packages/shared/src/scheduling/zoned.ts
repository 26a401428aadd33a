/**
 * Local wall-clock time in an IANA time zone ↔ UTC epoch milliseconds, with `Intl` only.
 *
 * Rules (DESIGN §4 "Time"):
 * - a wall time that does not exist (spring-forward gap) maps forward to the first valid instant,
 *   i.e. the transition instant itself (00:30 in a 00:00 → 01:00 gap becomes 01:00 new time);
 * - an ambiguous wall time (fall-back overlap) takes the earlier of its two instants.
 *
 * A zone is assumed to change its offset at most once within a local day (true of every zone in the
 * tz database since 1970).
 */

/** A local calendar date `YYYY-MM-DD`. */
export type LocalDate = string;

const MINUTE = 60_000;
const DAY = 86_400_000;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^([01]\d|2[0-4]):([0-5]\d)$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    // Throws RangeError on an unknown zone.
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

/**
 * Offsets already computed, by zone and whole second (an offset is a function of both: `Intl` answers
 * to the second). The engine asks for the same instants again and again (a day's bounds, its
 * segments), and one `formatToParts` costs more than the rest of the arithmetic; cleared when large.
 */
const offsets = new Map<string, Map<number, number>>();
const OFFSETS_MAX = 20_000;
let offsetsSize = 0;

/** Offset of `zone` from UTC at the instant `utcMs`, in milliseconds (local = utc + offset). */
export function offsetAt(utcMs: number, zone: string): number {
  const second = Math.floor(utcMs / 1000);
  let known = offsets.get(zone);
  const hit = known?.get(second);
  if (hit !== undefined) return hit;
  const offset = computeOffset(utcMs, zone);
  if (offsetsSize >= OFFSETS_MAX) {
    offsets.clear();
    offsetsSize = 0;
    known = undefined;
  }
  if (!known) {
    known = new Map();
    offsets.set(zone, known);
  }
  known.set(second, offset);
  offsetsSize++;
  return offset;
}

function computeOffset(utcMs: number, zone: string): number {
  const parts = formatter(zone).formatToParts(utcMs);
  let y = 0;
  let mo = 0;
  let d = 0;
  let h = 0;
  let mi = 0;
  let s = 0;
  for (const p of parts) {
    if (p.type === 'year') y = Number(p.value);
    else if (p.type === 'month') mo = Number(p.value);
    else if (p.type === 'day') d = Number(p.value);
    else if (p.type === 'hour') h = Number(p.value);
    else if (p.type === 'minute') mi = Number(p.value);
    else if (p.type === 'second') s = Number(p.value);
  }
  const local = Date.UTC(y, mo - 1, d, h === 24 ? 0 : h, mi, s) + (h === 24 ? DAY : 0);
  const floored = utcMs - (((utcMs % 1000) + 1000) % 1000);
  return local - floored;
}

/** Parses `YYYY-MM-DD`; throws RangeError when it is not a real calendar date. */
export function parseLocalDate(date: LocalDate): { year: number; month: number; day: number } {
  const m = DATE_RE.exec(date);
  if (m) {
    const year = Number(m[1]);
    const month = Number(m[2]);
    const day = Number(m[3]);
    const check = new Date(Date.UTC(year, month - 1, day));
    if (check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day) return { year, month, day };
  }
  throw new RangeError(`invalid local date: ${date}`);
}

/** Minutes since local midnight of `"HH:MM"` (`"24:00"` allowed as the end of the day). */
export function parseWallTime(hhmm: string): number {
  const m = TIME_RE.exec(hhmm);
  const minutes = m ? Number(m[1]) * 60 + Number(m[2]) : -1;
  if (minutes < 0 || minutes > 1440) throw new RangeError(`invalid wall time: ${hhmm}`);
  return minutes;
}

/** "HH:MM" → minutes from midnight, without checks (for times a schema or `parseWallTime` already validated). */
export const toWallMinutes = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Where a working-hours range ends, in minutes from the midnight of the day it starts on: a range
 * whose end is before its start runs past midnight (`18:00–02:00` ends at 26:00 = 1560), and
 * `00:00–00:00` is the whole day (1440). Any other range ending where it starts is empty (ends at
 * its start). The one rule the engine, the schema and the screens share.
 */
export function wallRangeEnd(from: number, to: number): number {
  return to < from || (from === 0 && to === 0) ? to + 1440 : to;
}

/** The local date as if it were UTC midnight (the "naive" epoch of its midnight). */
export function naiveMidnight(date: LocalDate): number {
  const { year, month, day } = parseLocalDate(date);
  return Date.UTC(year, month - 1, day);
}

function formatNaive(ms: number): LocalDate {
  const d = new Date(ms);
  const year = d.getUTCFullYear();
  // Written from its parts: a quarter of what `toISOString` took (the dashboard writes sixty dates a request, a week's slots many more).
  if (year < 1000 || year > 9999) return d.toISOString().slice(0, 10);
  const month = d.getUTCMonth() + 1;
  const day = d.getUTCDate();
  return `${year}-${month < 10 ? '0' : ''}${month}-${day < 10 ? '0' : ''}${day}`;
}

/** `date` plus `days` calendar days. */
export function addDays(date: LocalDate, days: number): LocalDate {
  return formatNaive(naiveMidnight(date) + days * DAY);
}

/** Weekday of a local date, 0 Sunday … 6 Saturday (the keys of `workingHoursField`). */
export function weekdayOf(date: LocalDate): number {
  return new Date(naiveMidnight(date)).getUTCDay();
}

/** The local dates from `from` to `to`, both inclusive (empty when `to` < `from`). */
export function localDates(from: LocalDate, to: LocalDate): LocalDate[] {
  const out: LocalDate[] = [];
  const end = naiveMidnight(to);
  for (let t = naiveMidnight(from); t <= end; t += DAY) out.push(formatNaive(t));
  return out;
}

/** The local date (in `zone`) of the instant `utcMs`. */
export function localDateOf(utcMs: number, zone: string): LocalDate {
  return formatNaive(utcMs + offsetAt(utcMs, zone));
}

/** First instant in (lo, hi] whose offset differs from the offset at lo (offsets must differ). */
function findTransition(lo: number, hi: number, zone: string): number {
  const before = offsetAt(lo, zone);
  let a = lo;
  let b = hi;
  while (b - a > 1) {
    const mid = a + Math.floor((b - a) / 2);
    if (offsetAt(mid, zone) === before) a = mid;
    else b = mid;
  }
  return b;
}

/** Converts naive local milliseconds (wall clock as if UTC) to the UTC instant, with the gap/overlap rules. */
function naiveToUtc(naive: number, zone: string): number {
  const oBefore = offsetAt(naive - DAY, zone);
  const oAfter = offsetAt(naive + DAY, zone);
  let best = Number.POSITIVE_INFINITY;
  for (const o of oBefore === oAfter ? [oBefore] : [oBefore, oAfter]) {
    const t = naive - o;
    if (offsetAt(t, zone) === o && t < best) best = t;
  }
  if (best !== Number.POSITIVE_INFINITY) return best;
  if (oBefore === oAfter) {
    // Offset changed and changed back within two days; resolve with the offset at the instant itself.
    return naive - offsetAt(naive - oBefore, zone);
  }
  // In a gap: the first valid instant is the transition, between the two candidates.
  const lo = Math.min(naive - oBefore, naive - oAfter);
  const hi = Math.max(naive - oBefore, naive - oAfter);
  return findTransition(lo, hi, zone);
}

/** UTC epoch ms of the wall-clock time `hhmm` on local date `date` in `zone`. */
export function zonedToUtc(date: LocalDate, hhmm: string, zone: string): number {
  return naiveToUtc(naiveMidnight(date) + parseWallTime(hhmm) * MINUTE, zone);
}

/** [startUtc, endUtc) of a local calendar day: 24 h, or 23 h / 25 h on DST change days. */
export function localDayBounds(date: LocalDate, zone: string): [number, number] {
  const mid = naiveMidnight(date);
  return [naiveToUtc(mid, zone), naiveToUtc(mid + DAY, zone)];
}

/** A stretch of a local day with one UTC offset. */
export interface OffsetSegment {
  from: number;
  to: number;
  offset: number;
}

/**
 * A local day resolved once: its UTC bounds and its constant-offset segments (one, or two on a DST
 * change day). Wall-clock minutes then convert to UTC with integer arithmetic only.
 */
export class LocalDay {
  readonly date: LocalDate;
  readonly weekday: number;
  readonly start: number;
  readonly end: number;
  /** Naive epoch of local midnight (wall clock as if UTC). */
  readonly naive: number;
  readonly segments: readonly OffsetSegment[];

  constructor(date: LocalDate, zone: string) {
    this.date = date;
    this.naive = naiveMidnight(date);
    this.weekday = new Date(this.naive).getUTCDay();
    [this.start, this.end] = localDayBounds(date, zone);
    const o1 = offsetAt(this.start, zone);
    const o2 = offsetAt(this.end - 1, zone);
    if (o1 === o2) this.segments = [{ from: this.start, to: this.end, offset: o1 }];
    else {
      const t = findTransition(this.start, this.end - 1, zone);
      this.segments = [
        { from: this.start, to: t, offset: o1 },
        { from: t, to: this.end, offset: o2 },
      ];
    }
  }

  /** UTC instant of `minutes` after local midnight (0 … 1440), same rules as `zonedToUtc`. */
  toUtc(minutes: number): number {
    if (minutes >= 1440) return this.end;
    const naive = this.naive + minutes * MINUTE;
    for (const s of this.segments) {
      const t = naive - s.offset;
      if (t >= s.from && t < s.to) return t; // segments are in UTC order: the first match is the earlier
    }
    // A gap: the first instant whose wall clock is past `naive`.
    for (const s of this.segments) if (s.from + s.offset > naive) return s.from;
    return this.end;
  }
}
