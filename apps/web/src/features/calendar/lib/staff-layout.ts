import { type Interval, intersect, normalize, subtract } from '@app/shared/scheduling/intervals';
import { addDays, naiveMidnight, toWallMinutes, wallRangeEnd, weekdayOf } from '@app/shared/scheduling/zoned';
import type { WorkingHoursLike } from './hours';
import { wallClock } from './zone';

/**
 * The layout math of the staff day view (one column per provider): minutes of the shown day ↔
 * pixels, side-by-side lanes for overlapping events, the snapped time of a click or a drop, and the
 * hours a provider works that day (the rest is shaded). Minutes count from the local midnight of the
 * shown day in the business's zone (wall clock), so 10:30 is 630 whatever the browser's zone.
 */

/** Minutes between the times a click or a drop snaps to (the slot step of `GET /bookings/slots`). */
export const SNAP_MINUTES = 15;
export const DAY_MINUTES = 1440;

/** The part of the day the grid shows, in minutes from local midnight: [start, end). */
export type DayWindow = { start: number; end: number };

const pad = (n: number) => String(n).padStart(2, '0');

/** 630 → "10:30" (minutes within the day; 1440 → "24:00"). */
export const minutesToClock = (m: number): string => `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;

/**
 * Where an instant falls on the wall clock of `date` in `zone`: minutes from that day's midnight,
 * below 0 for the day before and past 1440 for the day after (so an event running past midnight is
 * cut at the day's end, not wrapped).
 */
export function minutesOnDay(instant: string | number | Date, date: string, zone: string): number {
  const wall = wallClock(instant, zone);
  const days = Math.round((naiveMidnight(wall.date) - naiveMidnight(date)) / 86_400_000);
  return days * DAY_MINUTES + toWallMinutes(wall.time);
}

/** Top and height (px) of [start, end) minutes in the window, cut to the window; null when outside it. */
export function boxOf(start: number, end: number, window: DayWindow, pxPerMinute: number): { top: number; height: number } | null {
  const s = Math.max(start, window.start);
  const e = Math.min(end, window.end);
  if (e <= s) return null;
  return { top: (s - window.start) * pxPerMinute, height: (e - s) * pxPerMinute };
}

/** Rounds minutes to the step: down (a click takes the slot it is in) or to the nearest (a drag). */
export function snap(minutes: number, step = SNAP_MINUTES, mode: 'floor' | 'round' = 'floor'): number {
  return (mode === 'floor' ? Math.floor(minutes / step) : Math.round(minutes / step)) * step;
}

/** A click at `y` px from the column's top → the start of the slot clicked, inside the window. */
export function minuteAt(y: number, window: DayWindow, pxPerMinute: number, step = SNAP_MINUTES): number {
  const raw = window.start + y / pxPerMinute;
  return Math.min(Math.max(snap(raw, step, 'floor'), window.start), Math.max(window.start, window.end - step));
}

/**
 * A dragged event's new start: where the pointer is (minutes) less where it took hold of the event,
 * to the nearest step, kept inside the window as long as the event fits there.
 */
export function dropStart(pointerMinute: number, grabOffset: number, duration: number, window: DayWindow, step = SNAP_MINUTES): number {
  const start = snap(pointerMinute - grabOffset, step, 'round');
  const earliest = Math.ceil(window.start / step) * step;
  const latest = Math.max(earliest, snap(window.end - Math.max(duration, step), step, 'floor'));
  return Math.min(Math.max(start, earliest), latest);
}

/** The column under a pointer's x: the index of the rect holding it, else the nearest one (or -1 with none). */
export function columnAt(x: number, rects: readonly { left: number; right: number }[]): number {
  let best = -1;
  let bestDistance = Number.POSITIVE_INFINITY;
  rects.forEach((r, i) => {
    const distance = x < r.left ? r.left - x : x >= r.right ? x - r.right + 1 : 0;
    if (distance < bestDistance) {
      best = i;
      bestDistance = distance;
    }
  });
  return best;
}

/** A drop: the provider and time a dragged booking goes to, or null when it is where it was. */
export function dropMove(from: { staffId: string; start: number }, to: { staffId: string; start: number }): { staffId: string; start: number; reassigned: boolean } | null {
  if (from.staffId === to.staffId && from.start === to.start) return null;
  return { staffId: to.staffId, start: to.start, reassigned: from.staffId !== to.staffId };
}

/** An event as laid out in its column: lane (0 at the inline start) of `lanes`, spanning `span` lanes. */
export type Placed<T> = { item: T; start: number; end: number; lane: number; lanes: number; span: number };

/**
 * Column-packing of a provider's events: events that overlap (directly or through others) form a
 * group and share its width side by side, each in the first lane free at its start, so none hides
 * another; an event whose lanes to the inline end are free for its whole time widens into them.
 * Events shorter than `minLength` minutes take that much room (a 5-minute booking stays clickable).
 */
export function packLanes<T>(events: readonly { item: T; start: number; end: number }[], minLength = 0): Placed<T>[] {
  const sorted = [...events].map((e) => ({ ...e, shown: Math.max(e.end, e.start + minLength) })).sort((a, b) => a.start - b.start || b.shown - a.shown);
  const out: Placed<T>[] = [];
  let group: (Placed<T> & { shown: number })[] = [];
  let laneEnds: number[] = [];
  let groupEnd = Number.NEGATIVE_INFINITY;

  const flush = () => {
    const lanes = laneEnds.length;
    for (const p of group) {
      let span = 1;
      while (p.lane + span < lanes && !group.some((o) => o.lane === p.lane + span && o.start < p.shown && p.start < o.shown)) span++;
      out.push({ item: p.item, start: p.start, end: p.end, lane: p.lane, lanes, span });
    }
    group = [];
    laneEnds = [];
  };

  for (const e of sorted) {
    if (e.start >= groupEnd) {
      flush();
      groupEnd = Number.NEGATIVE_INFINITY;
    }
    let lane = laneEnds.findIndex((end) => end <= e.start);
    if (lane === -1) {
      lane = laneEnds.length;
      laneEnds.push(e.shown);
    } else laneEnds[lane] = e.shown;
    group.push({ item: e.item, start: e.start, end: e.end, lane, lanes: 0, span: 1, shown: e.shown });
    groupEnd = Math.max(groupEnd, e.shown);
  }
  flush();
  return out;
}

/** Working ranges of a weekly schedule that touch `date`, in that day's minutes (a night range of the day before included). */
function rangesOn(hours: WorkingHoursLike, date: string, dayOff: (date: string) => boolean): Interval[] {
  const out: Interval[] = [];
  const add = (day: string, shift: number) => {
    if (dayOff(day)) return;
    for (const [from, to] of hours[String(weekdayOf(day))] ?? []) {
      const s = toWallMinutes(from);
      const e = wallRangeEnd(s, toWallMinutes(to));
      if (e > s) out.push([s + shift, e + shift]);
    }
  };
  add(addDays(date, -1), -DAY_MINUTES);
  add(date, 0);
  return normalize(out.map(([s, e]) => [Math.max(s, 0), Math.min(e, DAY_MINUTES)] as const));
}

export type TimeOffLike = { start_date: string; end_date: string };

/** Whether `date` is one of the days off. */
export const isDayOff = (timeOff: readonly TimeOffLike[], date: string): boolean => timeOff.some((t) => t.start_date <= date && date <= t.end_date);

/**
 * The minutes of `date` a provider works, as the availability engine counts them: its own hours
 * inside the branch's (when known), less its days off (a day off takes that day's ranges, including
 * one running past its midnight).
 */
export function workingMinutes(date: string, provider: WorkingHoursLike, branch: WorkingHoursLike | null | undefined, timeOff: readonly TimeOffLike[]): Interval[] {
  const own = rangesOn(provider, date, (d) => isDayOff(timeOff, d));
  return branch ? intersect(own, rangesOn(branch, date, () => false)) : own;
}

/** The parts of the window outside the working minutes (shaded). */
export function offMinutes(work: readonly Interval[], window: DayWindow): Interval[] {
  return subtract([[window.start, window.end]], normalize(work));
}

/**
 * The hours the grid shows: the calendar's usual hours (`slotMinTime`…`slotMaxTime`, from the
 * opening hours) widened to whole hours around any event outside them.
 */
export function dayWindow(base: { slotMinTime: string; slotMaxTime: string }, events: readonly { start: number; end: number }[]): DayWindow {
  let start = toWallMinutes(base.slotMinTime);
  let end = base.slotMaxTime.startsWith('24') ? DAY_MINUTES : toWallMinutes(base.slotMaxTime);
  for (const e of events) {
    if (e.end <= 0 || e.start >= DAY_MINUTES) continue;
    start = Math.min(start, Math.floor(Math.max(e.start, 0) / 60) * 60);
    end = Math.max(end, Math.ceil(Math.min(e.end, DAY_MINUTES) / 60) * 60);
  }
  if (end <= start) return { start: 0, end: DAY_MINUTES };
  return { start, end };
}
