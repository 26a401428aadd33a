import { addDays } from '@app/shared/scheduling/zoned';

/** A day "YYYY-MM-DD" moved by `days` (the shared calendar arithmetic). */
export { addDays };

/** Today in the business's time zone, "YYYY-MM-DD". */
export function todayIn(timeZone: string | undefined, now: Date = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

/** The default range: the last 30 days, today included. */
export function lastDays(today: string, days = 30): { from: string; to: string } {
  return { from: addDays(today, -(days - 1)), to: today };
}

/** Days between two "YYYY-MM-DD", both counted. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}
