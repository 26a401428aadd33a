import { addDays, localDateOf, offsetAt, zonedToUtc } from '@app/shared/scheduling/zoned';

/** Today's date (YYYY-MM-DD) in the business's time zone. */
export const todayIn = (zone: string, now: number = Date.now()): string => localDateOf(now, zone);

export { addDays };

/** An instant → the value of a `datetime-local` input ("2025-03-01T14:30") on the business's wall clock. */
export function isoToLocalInput(iso: string | null, zone: string): string {
  if (!iso) return '';
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  const naive = new Date(ms + offsetAt(ms, zone));
  return naive.toISOString().slice(0, 16);
}

/** A `datetime-local` value on the business's wall clock → the ISO instant for the API; '' → null. */
export function localInputToIso(value: string, zone: string): string | null {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(value.trim());
  if (!m) return null;
  return new Date(zonedToUtc(m[1]!, m[2]!, zone)).toISOString();
}
