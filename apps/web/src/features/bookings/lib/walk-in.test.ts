import { describe, expect, it } from 'vitest';
import { modeFields, pastStart, walkInFresh, walkInStart } from './walk-in';

const at = (iso: string) => Date.parse(iso);

describe('walk-in start', () => {
  it('rounds now down to 5 minutes', () => {
    expect(walkInStart(at('2030-05-01T10:34:59.999Z'))).toBe('2030-05-01T10:30:00.000Z');
    expect(walkInStart(at('2030-05-01T10:35:00.000Z'))).toBe('2030-05-01T10:35:00.000Z');
  });

  it('stays acceptable for the API grace, then is taken again', () => {
    expect(walkInFresh('2030-05-01T10:30:00.000Z', at('2030-05-01T10:44:00.000Z'))).toBe(true);
    expect(walkInFresh('2030-05-01T10:30:00.000Z', at('2030-05-01T10:46:00.000Z'))).toBe(false);
  });
});

describe('past visit start', () => {
  const now = at('2030-05-01T12:00:00.000Z'); // 15:00 in Riyadh

  it('reads the business wall clock and must be before now', () => {
    expect(pastStart('2030-05-01', '14:30', 'Asia/Riyadh', now)).toEqual({ ok: true, start: '2030-05-01T11:30:00.000Z' });
    expect(pastStart('2030-05-01', '15:00', 'Asia/Riyadh', now)).toEqual({ ok: false, field: 'past_time', error: 'future' });
    expect(pastStart('2030-04-30', '23:00', 'Asia/Riyadh', now)).toEqual({ ok: true, start: '2030-04-30T20:00:00.000Z' });
  });

  it('needs a date and a time', () => {
    expect(pastStart('', '10:00', 'Asia/Riyadh', now)).toMatchObject({ ok: false, field: 'past_date' });
    expect(pastStart('2030-05-01', '', 'Asia/Riyadh', now)).toMatchObject({ ok: false, field: 'past_time' });
  });

  it('flags the request by mode', () => {
    expect(modeFields('walk_in', 'x')).toEqual({ start_time: 'x', walk_in: true });
    expect(modeFields('past', 'x')).toEqual({ start_time: 'x', recorded_after: true });
  });
});
