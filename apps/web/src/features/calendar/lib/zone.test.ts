import { describe, expect, it } from 'vitest';
import { fcDateParts, fcDateToIso, isoToLocalInput, localInputToIso, todayIn, wallClock, wallToIso } from './zone';

describe('calendar zone helpers', () => {
  it('reads an instant as the wall clock of the zone, not the browser', () => {
    expect(wallClock('2025-03-01T06:30:00Z', 'Asia/Riyadh')).toEqual({ date: '2025-03-01', time: '09:30' });
    // Late evening UTC is already the next day in Riyadh.
    expect(wallClock('2025-03-01T22:15:00Z', 'Asia/Riyadh')).toEqual({ date: '2025-03-02', time: '01:15' });
    expect(wallClock('2025-03-01T22:15:00Z', 'UTC')).toEqual({ date: '2025-03-01', time: '22:15' });
  });

  it('turns a wall clock into the UTC instant, across DST changes', () => {
    expect(wallToIso('2025-03-01', '09:30', 'Asia/Riyadh')).toBe('2025-03-01T06:30:00.000Z');
    // Cairo: summer time (UTC+3) from the last Friday of April 2025.
    expect(wallToIso('2025-04-24', '10:00', 'Africa/Cairo')).toBe('2025-04-24T08:00:00.000Z');
    expect(wallToIso('2025-04-26', '10:00', 'Africa/Cairo')).toBe('2025-04-26T07:00:00.000Z');
    // Beirut's spring-forward gap (00:00 → 01:00 on 2025-03-30): 00:30 maps to the transition.
    expect(wallToIso('2025-03-30', '00:30', 'Asia/Beirut')).toBe('2025-03-29T22:00:00.000Z');
  });

  it('round-trips the datetime-local input', () => {
    expect(localInputToIso('2025-03-01T09:30', 'Asia/Riyadh')).toBe('2025-03-01T06:30:00.000Z');
    expect(isoToLocalInput('2025-03-01T06:30:00.000Z', 'Asia/Riyadh')).toBe('2025-03-01T09:30');
    expect(localInputToIso('', 'Asia/Riyadh')).toBeNull();
    expect(localInputToIso('2025-02-30T09:00', 'Asia/Riyadh')).toBeNull();
  });

  it("reads FullCalendar's date strings from their text", () => {
    expect(fcDateParts('2025-03-01T09:30:00+03:00')).toEqual({ date: '2025-03-01', time: '09:30' });
    expect(fcDateParts('2025-03-01')).toEqual({ date: '2025-03-01', time: null });
    expect(() => fcDateParts('tomorrow')).toThrow(RangeError);
    expect(fcDateToIso('2025-03-01T09:30:00+03:00', 'Asia/Riyadh')).toBe('2025-03-01T06:30:00.000Z');
    expect(fcDateToIso('2025-03-01T06:30:00Z', 'Asia/Riyadh')).toBe('2025-03-01T06:30:00.000Z');
    // A plain date is that day's midnight in the zone.
    expect(fcDateToIso('2025-03-01', 'Asia/Riyadh')).toBe('2025-02-28T21:00:00.000Z');
  });

  it("knows today's date in the zone", () => {
    expect(todayIn('Asia/Riyadh', Date.parse('2025-03-01T22:00:00Z'))).toBe('2025-03-02');
    expect(todayIn('America/New_York', Date.parse('2025-03-01T02:00:00Z'))).toBe('2025-02-28');
  });
});
