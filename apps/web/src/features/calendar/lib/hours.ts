import { toWallMinutes, wallRangeEnd } from '@app/shared/scheduling/zoned';
/** Working hours as the API stores them: weekday ('0' Sunday … '6' Saturday) → [from, to] wall-clock ranges. */
export type WorkingHoursLike = Partial<Record<string, readonly (readonly [string, string])[]>>;

export type CalendarHours = {
  /** FullCalendar `businessHours`: the rest of the day is shaded. */
  businessHours: { daysOfWeek: number[]; startTime: string; endTime: string }[];
  /** The time grid runs from an hour before the earliest opening to an hour after the latest closing. */
  slotMinTime: string;
  slotMaxTime: string;
  /** Where the day view opens: the earliest opening. */
  scrollTime: string;
};

const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;

/**
 * A range as the calendar's days see it: a range ending before its start runs past midnight (until
 * 24:00 that day, then from 00:00 the next day); 00:00–00:00 is the whole day; any other range ending
 * where it starts is empty (the schema refuses it; old data may hold one) and shows nothing.
 */
function dayParts(day: number, from: string, to: string): { day: number; from: string; to: string; tail?: true }[] {
  const start = toWallMinutes(from);
  const end = wallRangeEnd(start, toWallMinutes(to));
  if (end <= start) return [];
  if (end <= 1440) return [{ day, from, to: end === 1440 ? '24:00' : to }];
  const parts: { day: number; from: string; to: string; tail?: true }[] = [{ day, from, to: '24:00' }];
  parts.push({ day: (day + 1) % 7, from: '00:00', to, tail: true });
  return parts;
}

/**
 * The calendar's visible hours from a branch's working hours (all branches' for "every branch":
 * their union bounds the grid, and no shading since the branches differ). The whole day when none
 * are known, opening on 08:00.
 */
export function calendarHours(list: readonly (WorkingHoursLike | null | undefined)[]): CalendarHours {
  const known = list.filter((h): h is WorkingHoursLike => Boolean(h));
  const ranges = known.flatMap((h) => Object.entries(h).flatMap(([day, rs]) => (rs ?? []).flatMap(([from, to]) => dayParts(Number(day), from, to))));
  if (!ranges.length) return { businessHours: [], slotMinTime: '00:00:00', slotMaxTime: '24:00:00', scrollTime: '08:00:00' };
  const min = Math.min(...ranges.map((r) => toWallMinutes(r.from)));
  const max = Math.max(...ranges.map((r) => toWallMinutes(r.to)));
  const floorHour = (m: number) => Math.max(0, Math.floor(m / 60) * 60 - 60);
  const ceilHour = (m: number) => Math.min(1440, Math.ceil(m / 60) * 60 + 60);
  return {
    businessHours: known.length === 1 ? ranges.map((r) => ({ daysOfWeek: [r.day], startTime: r.from, endTime: r.to })) : [],
    slotMinTime: clock(floorHour(min)),
    slotMaxTime: clock(ceilHour(max)),
    // Where the day's work starts: a night shift's small hours are not where the day opens.
    scrollTime: clock(Math.floor(Math.min(...ranges.filter((r) => !r.tail).map((r) => toWallMinutes(r.from))) / 60) * 60),
  };
}
