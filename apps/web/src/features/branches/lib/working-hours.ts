import { WEEKDAYS } from '@app/shared/constants';
import { toWallMinutes, wallRangeEnd } from '@app/shared/scheduling/zoned';

/** One opening range as the form edits it ("HH:MM" strings, possibly blank while typing). */
export type RangeForm = { from: string; to: string };
/** One weekday in the form: open or closed, with one or more ranges. */
export type DayForm = { open: boolean; ranges: RangeForm[] };
/** The API shape: weekday ("0" Sunday … "6" Saturday) → list of [from, to]; a missing day is closed. */
export type WorkingHoursApi = Partial<Record<string, [string, string][]>>;

export const DEFAULT_RANGE: RangeForm = { from: '09:00', to: '17:00' };

/** A closed day keeps one range ready so opening it again shows sensible times. */
const closedDay = (): DayForm => ({ open: false, ranges: [{ ...DEFAULT_RANGE }] });

/** Sunday to Thursday 09:00–17:00: the usual working week for a new branch. */
export function defaultWeek(): DayForm[] {
  return WEEKDAYS.map((d) => (d <= 4 ? { open: true, ranges: [{ ...DEFAULT_RANGE }] } : closedDay()));
}

/** "9:00:00" or "09:00" → "09:00". */
const hhmm = (v: string) => {
  const m = /^(\d{1,2}):(\d{2})/.exec(v.trim());
  return m ? `${m[1]!.padStart(2, '0')}:${m[2]}` : v.trim();
};

/** API → form: every weekday present, days without ranges closed. */
export function hoursToForm(hours: WorkingHoursApi | null | undefined): DayForm[] {
  return WEEKDAYS.map((d) => {
    const ranges = hours?.[String(d)] ?? [];
    return ranges.length ? { open: true, ranges: ranges.map(([from, to]) => ({ from: hhmm(from), to: hhmm(to) })) } : closedDay();
  });
}

/** Form → API: only open days, their ranges sorted by start; closed days are left out. */
export function formToHours(days: readonly DayForm[]): Record<string, [string, string][]> {
  const out: Record<string, [string, string][]> = {};
  days.forEach((day, i) => {
    if (!day.open || !day.ranges.length) return;
    out[String(i)] = day.ranges.map((r) => [hhmm(r.from), hhmm(r.to)] as [string, string]).sort((a, b) => a[0].localeCompare(b[0]));
  });
  return out;
}

/** The range to add after the last one: starts where it ends, an hour long, capped at 23:59. */
export function nextRange(ranges: readonly RangeForm[]): RangeForm {
  const last = ranges[ranges.length - 1];
  if (!last || !/^\d{2}:\d{2}$/.test(last.to) || runsPastMidnight(last)) return { ...DEFAULT_RANGE };
  const start = toWallMinutes(last.to);
  const end = Math.min(start + 60, 23 * 60 + 59);
  const fmt = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  return start >= end ? { ...DEFAULT_RANGE } : { from: fmt(start), to: fmt(end) };
}

/**
 * A range whose end is before its start runs past midnight into the next day (a night shift);
 * 00:00–00:00 is the whole day. Any other range ending where it starts is not (it is empty, and the
 * shared schema refuses it with `time_range_empty`), nor are blank or half-typed times.
 */
export function runsPastMidnight(range: RangeForm): boolean {
  if (!/^\d{2}:\d{2}$/.test(range.from) || !/^\d{2}:\d{2}$/.test(range.to)) return false;
  return wallRangeEnd(toWallMinutes(range.from), toWallMinutes(range.to)) >= 1440;
}

/**
 * "Copy to all days": every weekday opens with a copy of day `from`'s ranges, days off included (the
 * user switches the ones that stay closed off afterwards; a closed day would otherwise keep stale
 * ranges hidden behind its switch). An unknown day changes nothing.
 */
export function copyDayToAll(days: readonly DayForm[], from: number): DayForm[] {
  const source = days[from];
  if (!source) return [...days];
  return days.map(() => ({ open: true, ranges: source.ranges.map((r) => ({ ...r })) }));
}
