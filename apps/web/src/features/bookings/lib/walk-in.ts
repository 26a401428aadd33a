import { WALK_IN_GRACE_MINUTES } from '@app/shared/schemas/bookings';
import { zonedToUtc } from '@app/shared/scheduling/zoned';

/**
 * The booking drawer's three ways to set a start: a free slot of the engine, a walk-in (now), or a
 * visit that already happened (key `bookings.record_past`).
 */
export type VisitMode = 'slot' | 'walk_in' | 'past';

const STEP_MS = 5 * 60_000;

/**
 * "Now" for a walk-in: rounded down to 5 minutes. Every time zone's offset is a whole number of
 * quarter hours, so this is also the business clock's last 5-minute mark. The API accepts it up to
 * WALK_IN_GRACE_MINUTES after.
 */
export const walkInStart = (now: number = Date.now()): string => new Date(Math.floor(now / STEP_MS) * STEP_MS).toISOString();

/** Whether a walk-in start shown on screen is still accepted (else it is taken again at "now"). */
export const walkInFresh = (start: string, now: number = Date.now()): boolean => Date.parse(start) >= now - WALK_IN_GRACE_MINUTES * 60_000;

export type PastStart = { ok: true; start: string } | { ok: false; field: 'past_date' | 'past_time'; error: 'required' | 'future' };

/** A past visit's start from the business's local date and wall time: both given, and before `now`. */
export function pastStart(date: string, time: string, zone: string, now: number = Date.now()): PastStart {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return { ok: false, field: 'past_date', error: 'required' };
  if (!/^\d{2}:\d{2}$/.test(time)) return { ok: false, field: 'past_time', error: 'required' };
  const ms = zonedToUtc(date, time, zone);
  if (ms >= now) return { ok: false, field: 'past_time', error: 'future' };
  return { ok: true, start: new Date(ms).toISOString() };
}

/** The body's extra fields of a mode: the start and its flag. */
export function modeFields(mode: Exclude<VisitMode, 'slot'>, start: string): { start_time: string; walk_in?: true; recorded_after?: true } {
  return mode === 'walk_in' ? { start_time: start, walk_in: true } : { start_time: start, recorded_after: true };
}
