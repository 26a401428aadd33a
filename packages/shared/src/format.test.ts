import { describe, expect, it } from 'vitest';
import { formatClock, formatDate, formatDateTimeIn, formatDay, formatList, formatMoney, formatTime, joinList, minorToInput, toMinorUnits } from './format';

describe('money formatting follows the currency digits', () => {
  it('shows 2 decimals for SAR, 3 for KWD, none for JPY', () => {
    expect(formatMoney(1250, 'en', 'SAR')).toMatch(/12\.50/);
    expect(formatMoney(1250, 'en', 'KWD')).toMatch(/1\.250/);
    expect(formatMoney(1250, 'en', 'JPY')).toMatch(/1,250/);
    expect(formatMoney(1250, 'en', 'JPY')).not.toMatch(/\./);
    expect(formatMoney(1250, 'ar', 'KWD')).toMatch(/1\.250/);
  });

  it('converts typed amounts to minor units and back', () => {
    expect(toMinorUnits('19.99', 'SAR')).toBe(1999);
    expect(toMinorUnits('1.5', 'KWD')).toBe(1500);
    expect(toMinorUnits('1.2345', 'KWD')).toBeNull();
    expect(minorToInput(1500, 'KWD')).toBe('1.500');
  });
});

describe('time formatting follows the 12/24 h setting', () => {
  it('shows a wall clock either way', () => {
    expect(formatClock('14:30', 'en', '24')).toBe('14:30');
    expect(formatClock('14:30', 'en', '12').toLowerCase()).toMatch(/02:30\s?pm/);
    expect(formatTime('2025-01-01T09:05:00Z', 'en', '24', 'UTC')).toBe('09:05');
  });
});

describe('lists of names', () => {
  it('join the way each language joins them', () => {
    expect(formatList(['Sara', 'Omar', 'Lina'], 'en')).toBe('Sara, Omar and Lina');
    expect(formatList(['سارة', 'عمر'], 'ar')).toBe('سارة وعمر');
    expect(formatList(['Sara'], 'en')).toBe('Sara');
  });
});

describe('amounts read as one word in either language', () => {
  it('puts the symbol where each language puts it, with a no-break space inside', () => {
    expect(formatMoney(25000, 'en', 'SAR')).toBe('SAR\u00a0250.00');
    const ar = formatMoney(25000, 'ar', 'SAR');
    expect(ar).toContain('250.00');
    expect(ar).toContain('ر.س.');
    // No ordinary space: nothing for a line to break at between the number and the symbol.
    expect(ar).not.toMatch(/ /);
    expect(formatMoney(1000000, 'en', 'SAR')).toBe('SAR\u00a010,000.00');
  });

  it('keeps Latin digits in Arabic and falls back to the code for an unknown currency', () => {
    expect(formatMoney(1999, 'ar', 'SAR')).not.toMatch(/[\u0660-\u0669]/);
    expect(formatMoney(1250, 'en', 'XYZ')).toContain('XYZ');
  });
});

describe('dates spell the month out in both languages', () => {
  const at = '2026-11-25T12:00:00Z';
  it('never shows a numeric day/month that could be read the wrong way round', () => {
    expect(formatDate(at, 'en', { dateStyle: 'medium', timeZone: 'UTC' })).toBe('25 Nov 2026');
    expect(formatDate(at, 'ar', { dateStyle: 'medium', timeZone: 'UTC' })).toBe('25 نوفمبر 2026');
    expect(formatDate(at, 'ar')).not.toMatch(/\d+\/\d+/);
    expect(formatDay('2026-03-01', 'en')).toBe('1 Mar 2026');
  });

  it('adds the time with the business clock', () => {
    expect(formatDateTimeIn(at, 'en', '24', 'UTC')).toBe('25 Nov 2026, 12:00');
    expect(formatDateTimeIn(at, 'ar', '12', 'Asia/Riyadh')).toMatch(/^25 نوفمبر 2026، 03:00 م$/);
  });
});

describe('plain enumerations', () => {
  it('use the comma of the language, never the other one', () => {
    expect(joinList(['Cut', 'Colour', 'Nails'], 'en')).toBe('Cut, Colour, Nails');
    expect(joinList(['قص', 'صبغة'], 'ar')).toBe('قص، صبغة');
    expect(joinList(['قص', 'صبغة'], 'en')).not.toContain('،');
    expect(joinList([], 'en')).toBe('');
  });
});
