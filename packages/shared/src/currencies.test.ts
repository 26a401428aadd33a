import { describe, expect, it } from 'vitest';
import { CURRENCIES, currencyDigits, findCurrency, isCurrencyCode, MAIN_CURRENCIES } from './currencies';

describe('currency table', () => {
  it('holds about 150 currencies with unique three-letter codes and 0, 2 or 3 digits', () => {
    expect(CURRENCIES.length).toBeGreaterThanOrEqual(150);
    const codes = CURRENCIES.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const c of CURRENCIES) {
      expect(c.code).toMatch(/^[A-Z]{3}$/);
      expect([0, 2, 3]).toContain(c.decimalDigits);
      expect(c.rounding).toBeGreaterThanOrEqual(0);
      expect(c.name && c.nameAr && c.namePlural && c.symbol && c.symbolNative).toBeTruthy();
    }
  });

  it('has every currency of the main list', () => {
    for (const code of MAIN_CURRENCIES) expect(isCurrencyCode(code)).toBe(true);
  });

  it('knows the decimal digits', () => {
    expect(currencyDigits('KWD')).toBe(3);
    expect(currencyDigits('BHD')).toBe(3);
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('SAR')).toBe(2);
    expect(currencyDigits('sar')).toBe(2);
    expect(findCurrency('CHF')?.rounding).toBe(0.05);
    expect(isCurrencyCode('XXX')).toBe(false);
  });
});
