/**
 * The availability engine (issue 5 §1): free slots of one visit (one or more consecutive services)
 * at a branch, per provider or "any provider", over a range of local dates. Pure: the caller loads
 * hours, time off, blocks and bookings and passes them in.
 *
 * Each local day is resolved to UTC once (`LocalDay`: bounds and constant-offset segments, so DST
 * days have 23 or 25 hours); working hours become UTC intervals, and everything after that is
 * integer interval arithmetic.
 *
 * Assignment types (docs/decisions.md "Assignment types"):
 * - single: one provider does the whole visit; a slot lists every provider free for the whole
 *   [start, end) and offering every requested service, and the caller picks one.
 * - team: like single, and every member of the provider's crew (the other providers of its provider
 *   teams) must be free for the whole visit too: they work it together.
 * - multiple: under "any provider", a visit of several services nobody can do whole may be split
 *   between providers of type multiple, one per service, back to back (`Slot.split`).
 */
import { type Interval, intersect, normalize, saturated, subtract } from './intervals';
import { addDays, type LocalDate, LocalDay, localDates, parseWallTime, wallRangeEnd } from './zoned';

const MINUTE = 60_000;
/** Longest range of dates one call may cover. */
export const MAX_RANGE_DAYS = 400;

/** Wall-clock ranges per weekday "0" (Sunday) … "6"; structurally the `WorkingHours` of schemas/common. */
export type WeeklyHours = Partial<Record<string, readonly (readonly [string, string])[]>>;

export interface VisitService {
  id: string;
  /** Minutes. */
  duration: number;
  /** Minutes after the service (cleaning, preparation); counted in the visit. */
  buffer?: number;
}

export type Assignment = 'single' | 'multiple' | 'team';

export interface ProviderAvailability {
  id: string;
  /** Default single. */
  assignment?: Assignment;
  /** Team providers: the providers who work every visit with this one (they must be in `providers`). */
  crew?: readonly string[];
  hours: WeeklyHours;
  /** How many bookings may overlap at any instant; below 1 the provider is never free. */
  clientsInSameTime: number;
  /** Days off, local dates inclusive. */
  timeOff?: readonly { startDate: LocalDate; endDate: LocalDate }[];
  serviceIds: readonly string[];
}

export interface BlockTime {
  /** null: the whole branch. */
  providerId: string | null;
  start: number;
  end: number;
}

export interface ExistingBooking {
  providerId: string;
  start: number;
  /** Includes the booking's buffer. */
  end: number;
}

export interface FreeSlotsInput {
  /** IANA time zone of the branch. */
  zone: string;
  from: LocalDate;
  /** Inclusive. */
  to: LocalDate;
  /** Epoch ms; no slot starts before it. */
  now: number;
  /** Minutes between slot starts on the local grid (from local midnight); default 15. */
  slotStep?: number;
  services: readonly VisitService[];
  branchHours: WeeklyHours;
  providers: readonly ProviderAvailability[];
  blocks?: readonly BlockTime[];
  bookings?: readonly ExistingBooking[];
  /** A specific provider; otherwise any provider. */
  providerId?: string;
}

export interface Slot {
  start: number;
  end: number;
  /** Providers free for the whole slot (with their crew) and offering all the services, in input order. */
  providerIds: string[];
  /**
   * Only when `providerIds` is empty: one provider of type multiple per service of the visit (the first
   * free one in input order), each free for its own service's part of the visit.
   */
  split?: string[];
}

export interface DaySlots {
  date: LocalDate;
  slots: Slot[];
}

/** Total length of a visit in minutes: every service's duration plus its buffer, the last one included. */
export function visitMinutes(services: readonly VisitService[]): number {
  let total = 0;
  for (const s of services) total += s.duration + (s.buffer ?? 0);
  return total;
}

/**
 * Normalized minute ranges per weekday 0…6, in minutes from that day's local midnight. A range that
 * ends before its start runs past midnight (`["20:00", "02:00"]` is 20:00 to 02:00 the next day), so
 * its end is past 1440 (`wallRangeEnd`).
 */
function weekMinutes(hours: WeeklyHours): Interval[][] {
  const out: Interval[][] = [];
  for (let d = 0; d < 7; d++) {
    const ranges = hours[String(d)] ?? [];
    out.push(
      normalize(
        ranges.map(([s, e]) => {
          const from = parseWallTime(s);
          return [from, wallRangeEnd(from, parseWallTime(e))] as const;
        }),
      ),
    );
  }
  return out;
}

/**
 * The UTC intervals of weekly `week` over the local days of `window` (consecutive), a day's ranges
 * that run past midnight ending on the next local day. `skip`: days that do not work (a time off).
 */
function workOf(week: Interval[][], window: readonly LocalDay[], zone: string, skip?: (day: LocalDay) => boolean): Interval[] {
  const out: Interval[] = [];
  for (let i = 0; i < window.length; i++) {
    const day = window[i]!;
    if (skip?.(day)) continue;
    for (const [s, e] of week[day.weekday]!) {
      const a = day.toUtc(s);
      const b = e <= 1440 ? day.toUtc(e) : (window[i + 1] ?? new LocalDay(addDays(day.date, 1), zone)).toUtc(e - 1440);
      if (b > a) out.push([a, b]);
    }
  }
  return normalize(out);
}

function pushTo(map: Map<string, Interval[]>, key: string, value: Interval): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function checkInput(input: FreeSlotsInput, step: number, total: number, days: number): void {
  if (!Number.isInteger(step) || step < 1 || step > 1440) throw new RangeError('slotStep must be an integer between 1 and 1440');
  if (input.services.length === 0) throw new RangeError('at least one service is required');
  for (const s of input.services) {
    if (!Number.isInteger(s.duration) || s.duration < 1) throw new RangeError(`invalid duration of service ${s.id}`);
    if (s.buffer !== undefined && (!Number.isInteger(s.buffer) || s.buffer < 0)) throw new RangeError(`invalid buffer of service ${s.id}`);
  }
  if (total > 1440) throw new RangeError('a visit cannot last more than a day');
  if (days > MAX_RANGE_DAYS) throw new RangeError(`at most ${MAX_RANGE_DAYS} days per request`);
  if (!Number.isFinite(input.now)) throw new RangeError('invalid now');
}

/** Calls `fn` for every instant in [lo, hi] of `day` whose local wall clock is on the `stepMs` grid. */
function eachGridStart(day: LocalDay, lo: number, hi: number, stepMs: number, fn: (t: number) => void): void {
  for (const seg of day.segments) {
    const a = Math.max(lo, seg.from);
    const b = Math.min(hi, seg.to - 1);
    if (b < a) continue;
    // First instant ≥ a whose local wall clock is on the grid.
    const r = (((a + seg.offset - day.naive) % stepMs) + stepMs) % stepMs;
    for (let t = r === 0 ? a : a + stepMs - r; t <= b; t += stepMs) fn(t);
  }
}

/** Free slots per local date from `input.from` to `input.to` (a day without slots has an empty list). */
export function freeSlots(input: FreeSlotsInput): DaySlots[] {
  const step = input.slotStep ?? 15;
  const total = visitMinutes(input.services);
  const dates = localDates(input.from, input.to);
  checkInput(input, step, total, dates.length);
  if (dates.length === 0) return [];

  const stepMs = step * MINUTE;
  const totalMs = total * MINUTE;
  const zone = input.zone;
  const days = dates.map((d) => new LocalDay(d, zone));
  // Working time is computed over the requested days plus one on each side: the day before may work
  // past midnight into the first day, and a visit late on the last day may run into the next one.
  const window = [new LocalDay(addDays(dates[0]!, -1), zone), ...days, new LocalDay(addDays(dates[dates.length - 1]!, 1), zone)];
  const rangeStart = window[0]!.start;
  const rangeEnd = window[window.length - 1]!.end;
  const overlapsRange = (s: number, e: number) => e > s && s < rangeEnd && e > rangeStart;
  const now = input.now;

  const branchWork = workOf(weekMinutes(input.branchHours), window, zone);
  const serviceIds = input.services.map((s) => s.id);
  const byId = new Map(input.providers.map((p) => [p.id, p]));
  const able = (p: ProviderAvailability) => p.clientsInSameTime >= 1;
  const whole = input.providers.filter(
    (p) => (input.providerId === undefined || p.id === input.providerId) && able(p) && serviceIds.every((id) => p.serviceIds.includes(id)),
  );
  // Split visits: "any provider", several services, providers of type multiple offering some of them.
  const splitters =
    input.providerId === undefined && input.services.length > 1
      ? input.providers.filter((p) => p.assignment === 'multiple' && able(p) && serviceIds.some((id) => p.serviceIds.includes(id)))
      : [];

  // Every provider whose free time may be needed: the candidates, their crews, the splitters.
  const wanted = new Set<string>();
  for (const p of whole) {
    wanted.add(p.id);
    if (p.assignment === 'team') for (const c of p.crew ?? []) wanted.add(c);
  }
  for (const p of splitters) wanted.add(p.id);

  // One pass over bookings and blocks, grouped by provider and clipped to the range.
  const bookingsOf = new Map<string, Interval[]>();
  for (const b of input.bookings ?? []) {
    if (!wanted.has(b.providerId) || !overlapsRange(b.start, b.end)) continue;
    pushTo(bookingsOf, b.providerId, [b.start, b.end]);
  }
  const branchBlocks: Interval[] = [];
  const blocksOf = new Map<string, Interval[]>();
  for (const b of input.blocks ?? []) {
    if (!overlapsRange(b.start, b.end)) continue;
    if (b.providerId === null) {
      branchBlocks.push([b.start, b.end]);
      continue;
    }
    if (!wanted.has(b.providerId)) continue;
    pushTo(blocksOf, b.providerId, [b.start, b.end]);
  }

  /** The provider's free intervals over the window (inside its and the branch's hours), computed once. */
  const freeCache = new Map<string, Interval[]>();
  const freeOf = (id: string): Interval[] => {
    const cached = freeCache.get(id);
    if (cached) return cached;
    const p = byId.get(id);
    if (!p || !able(p)) {
      freeCache.set(id, []); // an unknown or unavailable crew member: never free
      return [];
    }
    const busy = normalize([...saturated(bookingsOf.get(p.id) ?? [], Math.floor(p.clientsInSameTime)), ...branchBlocks, ...(blocksOf.get(p.id) ?? [])]);
    const timeOff = p.timeOff ?? [];
    // A day off takes that day's working ranges, including a range that runs past its midnight.
    const off = (day: LocalDay) => timeOff.some((t) => t.startDate <= day.date && day.date <= t.endDate);
    const free = subtract(intersect(branchWork, workOf(weekMinutes(p.hours), window, zone, off)), busy);
    freeCache.set(id, free);
    return free;
  };

  /**
   * Calls `fn(dayIndex, t)` for every grid start `t` of the requested days, not before now, such that
   * [t + offset, t + offset + length] lies inside one of the (sorted, disjoint) `free` intervals. A
   * start belongs to the local day it falls on; its visit may run on past midnight.
   */
  const eachStart = (free: readonly Interval[], offset: number, length: number, fn: (di: number, t: number) => void) => {
    let di = 0;
    for (const [a, b] of free) {
      const lo = Math.max(a - offset, now);
      const hi = b - offset - length;
      if (hi < lo) continue;
      while (di < days.length && days[di]!.end <= lo) di++;
      for (let dj = di; dj < days.length && days[dj]!.start <= hi; dj++) eachGridStart(days[dj]!, lo, hi, stepMs, (t) => fn(dj, t));
    }
  };

  const slotMaps = days.map(() => new Map<number, string[]>());

  for (const p of whole) {
    let free = freeOf(p.id);
    if (p.assignment === 'team') for (const c of p.crew ?? []) if (c !== p.id) free = intersect(free, freeOf(c));
    eachStart(free, 0, totalMs, (di, t) => {
      const map = slotMaps[di]!;
      const ids = map.get(t);
      if (ids) ids.push(p.id);
      else map.set(t, [p.id]);
    });
  }

  const splitMaps = days.map(() => new Map<number, string[]>());
  if (splitters.length > 0) {
    // Each service's part of the visit: its offset from the visit start and its length (with buffer).
    const parts: { offset: number; length: number }[] = [];
    let offset = 0;
    for (const s of input.services) {
      const length = (s.duration + (s.buffer ?? 0)) * MINUTE;
      parts.push({ offset, length });
      offset += length;
    }
    // cover[day][i]: visit start → the first splitter free for the part of service i.
    const cover = days.map(() => parts.map(() => new Map<number, string>()));
    for (const p of splitters) {
      const free = freeOf(p.id);
      input.services.forEach((s, i) => {
        if (!p.serviceIds.includes(s.id)) return;
        const { offset: off, length } = parts[i]!;
        eachStart(free, off, length, (di, t) => {
          const map = cover[di]![i]!;
          if (!map.has(t)) map.set(t, p.id);
        });
      });
    }
    for (let di = 0; di < days.length; di++) {
      const whole = slotMaps[di]!;
      const split = splitMaps[di]!;
      const byPart = cover[di]!;
      for (const [t, first] of byPart[0]!) {
        if (whole.has(t)) continue;
        const ids = [first];
        for (let i = 1; i < parts.length; i++) {
          const id = byPart[i]!.get(t);
          if (id === undefined) break;
          ids.push(id);
        }
        if (ids.length === parts.length) split.set(t, ids);
      }
    }
  }

  return days.map((day, di) => {
    const map = slotMaps[di]!;
    const split = splitMaps[di]!;
    const starts = [...map.keys(), ...split.keys()].sort((x, y) => x - y);
    return {
      date: day.date,
      slots: starts.map((start) => {
        const ids = map.get(start);
        return ids ? { start, end: start + totalMs, providerIds: ids } : { start, end: start + totalMs, providerIds: [], split: split.get(start)! };
      }),
    };
  });
}
