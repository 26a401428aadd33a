import { describe, expect, it } from 'vitest';
import { addDays, LocalDay, localDateOf, localDates, localDayBounds, offsetAt, toWallMinutes, wallRangeEnd, weekdayOf, zonedToUtc } from './zoned';

const H = 3_600_000;
const M = 60_000;

/** Transitions of `zone` in `year`, found by scanning Intl offsets hour by hour (not from notes). */
function transitions(zone: string, year: number): { at: number; before: number; after: number }[] {
  const out: { at: number; before: number; after: number }[] = [];
  let prev = offsetAt(Date.UTC(year, 0, 1), zone);
  for (let t = Date.UTC(year, 0, 1) + H; t < Date.UTC(year + 1, 0, 1); t += H) {
    const o = offsetAt(t, zone);
    if (o !== prev) {
      let lo = t - H;
      let hi = t;
      while (hi - lo > M) {
        const mid = lo + Math.floor((hi - lo) / 2 / M) * M;
        if (offsetAt(mid, zone) === prev) lo = mid;
        else hi = mid;
      }
      out.push({ at: hi, before: prev, after: o });
      prev = o;
    }
  }
  return out;
}

describe('offsets and calendar helpers', () => {
  it('Asia/Riyadh is UTC+3 all year, without transitions', () => {
    expect(transitions('Asia/Riyadh', 2024)).toEqual([]);
    expect(offsetAt(Date.UTC(2024, 6, 1), 'Asia/Riyadh')).toBe(3 * H);
    expect(zonedToUtc('2024-03-10', '09:30', 'Asia/Riyadh')).toBe(Date.UTC(2024, 2, 10, 6, 30));
    expect(localDayBounds('2024-03-10', 'Asia/Riyadh')).toEqual([Date.UTC(2024, 2, 9, 21), Date.UTC(2024, 2, 10, 21)]);
  });

  it('iterates dates and weekdays', () => {
    expect(localDates('2024-02-27', '2024-03-02')).toEqual(['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01', '2024-03-02']);
    expect(localDates('2024-03-02', '2024-03-01')).toEqual([]);
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    // Every day from 1900 to 2100, and before the four-digit years, as the ISO date of its UTC midnight.
    const days = localDates('1900-01-01', '2100-12-31');
    expect(days).toEqual(Array.from({ length: 73_414 }, (_, i) => new Date(Date.UTC(1900, 0, 1 + i)).toISOString().slice(0, 10)));
    expect(addDays('1000-01-01', -1)).toBe('0999-12-31');
    expect(weekdayOf('2024-04-26')).toBe(5); // Friday
    expect(weekdayOf('2024-10-27')).toBe(0); // Sunday
    expect(() => weekdayOf('2024-02-30')).toThrow(RangeError);
    expect(() => zonedToUtc('2024-02-01', '25:00', 'Asia/Riyadh')).toThrow(RangeError);
    expect(() => zonedToUtc('2024-02-01', '10:00', 'Mars/Base')).toThrow(RangeError);
  });

  it('where a working-hours range ends: before its start is the next day, 00:00–00:00 all day, any other equal range empty', () => {
    const end = (from: string, to: string) => wallRangeEnd(toWallMinutes(from), toWallMinutes(to));
    expect(end('09:00', '17:00')).toBe(17 * 60);
    expect(end('16:00', '00:00')).toBe(24 * 60);
    expect(end('18:00', '02:00')).toBe(26 * 60);
    expect(end('20:16', '20:15')).toBe(44 * 60 + 15);
    expect(end('00:00', '00:00')).toBe(24 * 60);
    for (const t of ['00:01', '12:00', '20:16', '23:59']) expect(end(t, t), t).toBe(toWallMinutes(t)); // ends at its start: empty
  });

  it('local date of an instant across UTC midnight (Riyadh)', () => {
    expect(localDateOf(Date.UTC(2024, 0, 1, 22), 'Asia/Riyadh')).toBe('2024-01-02');
    expect(localDateOf(Date.UTC(2024, 0, 1, 20, 59), 'Asia/Riyadh')).toBe('2024-01-01');
  });
});

describe('Africa/Cairo 2024 (verified with Intl)', () => {
  const zone = 'Africa/Cairo';
  const [spring, fall] = transitions(zone, 2024);

  it('has a spring-forward on 26 April at 00:00 and a fall-back at the end of 31 October', () => {
    expect(spring && fall).toBeTruthy();
    expect(spring!.after - spring!.before).toBe(H);
    expect(localDateOf(spring!.at, zone)).toBe('2024-04-26');
    expect(new Date(spring!.at + spring!.before).toISOString()).toBe('2024-04-26T00:00:00.000Z'); // wall clock at the gap
    expect(fall!.before - fall!.after).toBe(H);
    expect(new Date(fall!.at + fall!.before).toISOString()).toBe('2024-11-01T00:00:00.000Z'); // 24:00 → 23:00
  });

  it('the gap day has 23 hours and starts at 01:00', () => {
    const [s, e] = localDayBounds('2024-04-26', zone);
    expect(e - s).toBe(23 * H);
    expect(s).toBe(spring!.at);
    expect(zonedToUtc('2024-04-26', '00:00', zone)).toBe(spring!.at);
    expect(zonedToUtc('2024-04-26', '00:30', zone)).toBe(spring!.at); // forward to the first valid instant
    expect(zonedToUtc('2024-04-26', '01:00', zone)).toBe(spring!.at);
    expect(zonedToUtc('2024-04-26', '09:00', zone)).toBe(Date.UTC(2024, 3, 26, 6));
    expect(zonedToUtc('2024-04-25', '23:59', zone)).toBe(Date.UTC(2024, 3, 25, 21, 59));
  });

  it('the fall-back day has 25 hours; ambiguous 23:30 takes the earlier instant', () => {
    const [s, e] = localDayBounds('2024-10-31', zone);
    expect(e - s).toBe(25 * H);
    expect(zonedToUtc('2024-10-31', '23:30', zone)).toBe(Date.UTC(2024, 9, 31, 20, 30)); // at +3
    expect(zonedToUtc('2024-11-01', '00:00', zone)).toBe(Date.UTC(2024, 9, 31, 22)); // at +2
    expect(zonedToUtc('2024-10-31', '09:00', zone)).toBe(Date.UTC(2024, 9, 31, 6));
    expect(zonedToUtc('2024-11-01', '09:00', zone)).toBe(Date.UTC(2024, 10, 1, 7));
  });
});

describe('Asia/Beirut 2024 (verified with Intl)', () => {
  const zone = 'Asia/Beirut';
  const [spring, fall] = transitions(zone, 2024);

  it('changes on the last Sundays of March and October at local midnight', () => {
    expect(localDateOf(spring!.at, zone)).toBe('2024-03-31');
    expect(weekdayOf('2024-03-31')).toBe(0);
    expect(new Date(spring!.at + spring!.before).toISOString()).toBe('2024-03-31T00:00:00.000Z');
    expect(new Date(fall!.at + fall!.before).toISOString()).toBe('2024-10-27T00:00:00.000Z');
    expect(new Date(fall!.at + fall!.after).toISOString()).toBe('2024-10-26T23:00:00.000Z');
  });

  it('Sunday 31 March has 23 hours, Saturday 26 October has 25', () => {
    const [s1, e1] = localDayBounds('2024-03-31', zone);
    expect(e1 - s1).toBe(23 * H);
    const [s2, e2] = localDayBounds('2024-10-26', zone);
    expect(e2 - s2).toBe(25 * H);
    const [s3, e3] = localDayBounds('2024-10-27', zone);
    expect(e3 - s3).toBe(24 * H);
    expect(zonedToUtc('2024-10-26', '23:15', zone)).toBe(Date.UTC(2024, 9, 26, 20, 15)); // earlier of two
  });
});

describe('LocalDay agrees with zonedToUtc', () => {
  it.each([
    ['Asia/Riyadh', '2024-04-26'],
    ['Africa/Cairo', '2024-04-26'],
    ['Africa/Cairo', '2024-10-31'],
    ['Asia/Beirut', '2024-03-31'],
    ['Asia/Beirut', '2024-10-26'],
    ['Asia/Beirut', '2024-10-27'],
  ])('%s %s: every minute of the day', (zone, date) => {
    const day = new LocalDay(date, zone);
    expect([day.start, day.end]).toEqual(localDayBounds(date, zone));
    for (let m = 0; m < 1440; m++) {
      const hhmm = `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
      expect(day.toUtc(m)).toBe(zonedToUtc(date, hhmm, zone));
    }
    expect(day.toUtc(1440)).toBe(day.end);
  });
});
