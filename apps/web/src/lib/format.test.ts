import { describe, expect, it } from 'vitest';
import { formatClock, formatList, formatMoney, formatTime, minorToInput, toMinorUnits } from './format';

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
