import { describe, expect, it } from 'vitest';
import { parseDayInput, showDateTimeValue, showDayValue } from './date-input';

describe('typed dates', () => {
  it('read ISO, day-first numbers and the shown form in either language', () => {
    expect(parseDayInput('2030-03-12')).toBe('2030-03-12');
    expect(parseDayInput('12/3/2030')).toBe('2030-03-12');
    expect(parseDayInput('12.03.2030')).toBe('2030-03-12');
    expect(parseDayInput('١٢/٠٣/٢٠٣٠')).toBe('2030-03-12');
    expect(parseDayInput('25 Nov 2026')).toBe('2026-11-25');
    expect(parseDayInput('25 november 2026')).toBe('2026-11-25');
    expect(parseDayInput('25 نوفمبر 2026')).toBe('2026-11-25');
  });

  it('refuse what is not a day (yet)', () => {
    expect(parseDayInput('')).toBeNull();
    expect(parseDayInput('2030-02-30')).toBeNull();
    expect(parseDayInput('13/13/2030')).toBeNull();
    expect(parseDayInput('25 Nov')).toBeNull();
    expect(parseDayInput('25 Foo 2026')).toBeNull();
  });
});

describe('date field values are shown like every other date', () => {
  it('spells the month in the UI language', () => {
    expect(showDayValue('2026-11-25', 'en')).toBe('25 Nov 2026');
    expect(showDayValue('2026-11-25 00:00:00', 'ar')).toBe('25 نوفمبر 2026');
  });

  it('adds the wall-clock time with the business clock', () => {
    expect(showDateTimeValue('2026-11-25 14:30:00', 'en', '24')).toBe('25 Nov 2026, 14:30');
    expect(showDateTimeValue('2026-11-25T14:30', 'ar', '12')).toBe('25 نوفمبر 2026، 02:30 م');
  });
});
