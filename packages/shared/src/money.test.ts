import { describe, expect, it } from 'vitest';
import { fromMinor, minorToDecimalString, percentOf, toMinor } from './money';

describe('money in minor units', () => {
  it('converts with the currency digits', () => {
    expect(toMinor('12.5', 'SAR')).toBe(1250);
    expect(toMinor(12.5, 'SAR')).toBe(1250);
    expect(toMinor('1.250', 'KWD')).toBe(1250);
    expect(toMinor('1250', 'IQD')).toBe(1250);
    expect(toMinor('0.1', 'SAR')).toBe(10);
    expect(toMinor(0.1 + 0.2, 'SAR')).toBe(30);
  });
  it('refuses more decimals than the currency has, and junk', () => {
    expect(toMinor('1.234', 'SAR')).toBeNull();
    expect(toMinor('1.5', 'IQD')).toBeNull();
    expect(toMinor('abc', 'SAR')).toBeNull();
    expect(toMinor('1e5', 'SAR')).toBeNull();
  });
  it('formats back', () => {
    expect(minorToDecimalString(1250, 'SAR')).toBe('12.50');
    expect(minorToDecimalString(5, 'KWD')).toBe('0.005');
    expect(minorToDecimalString(-1250, 'SAR')).toBe('-12.50');
    expect(minorToDecimalString(1250, 'IQD')).toBe('1250');
    expect(fromMinor(1250, 'SAR')).toBe(12.5);
  });
  it('takes a percentage rounded half away from zero', () => {
    expect(percentOf(1000, 1500)).toBe(150);
    expect(percentOf(333, 1500)).toBe(50);
    expect(percentOf(-333, 1500)).toBe(-50);
  });
});
