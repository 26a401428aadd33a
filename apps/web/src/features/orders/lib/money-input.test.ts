import { describe, expect, it } from 'vitest';
import { bpsToPercentText, discountBody, feesBody, normalizeNumber, parseMoney, parseOptionalMoney, parsePercent } from './money-input';

describe('normalizeNumber', () => {
  it('reads Arabic-Indic digits, the Arabic decimal separator and a decimal comma', () => {
    expect(normalizeNumber('١٢٫٥')).toBe('12.5');
    expect(normalizeNumber('۱۲٫۵۰')).toBe('12.50');
    expect(normalizeNumber(' 12,5 ')).toBe('12.5');
  });
});

describe('parseMoney: major units typed → minor units', () => {
  it('uses the currency digits (SAR 2, KWD 3, IQD 0)', () => {
    expect(parseMoney('12.5', 'SAR')).toEqual({ ok: true, value: 1250 });
    expect(parseMoney('12', 'SAR')).toEqual({ ok: true, value: 1200 });
    expect(parseMoney('1.250', 'KWD')).toEqual({ ok: true, value: 1250 });
    expect(parseMoney('1250', 'IQD')).toEqual({ ok: true, value: 1250 });
    expect(parseMoney('٠٫٠١', 'SAR')).toEqual({ ok: true, value: 1 });
  });

  it('refuses more decimals than the currency has, negatives, text and nothing', () => {
    expect(parseMoney('1.234', 'SAR')).toEqual({ ok: false, error: 'too_many_decimals' });
    expect(parseMoney('1.5', 'IQD')).toEqual({ ok: false, error: 'too_many_decimals' });
    expect(parseMoney('-3', 'SAR')).toEqual({ ok: false, error: 'negative' });
    expect(parseMoney('abc', 'SAR')).toEqual({ ok: false, error: 'invalid' });
    expect(parseMoney('1e3', 'SAR')).toEqual({ ok: false, error: 'invalid' });
    expect(parseMoney('', 'SAR')).toEqual({ ok: false, error: 'required' });
    expect(parseMoney('99999999999999999', 'SAR')).toEqual({ ok: false, error: 'too_large' });
  });

  it('an optional amount left empty is zero', () => {
    expect(parseOptionalMoney('  ', 'SAR')).toEqual({ ok: true, value: 0 });
    expect(parseOptionalMoney('7.5', 'SAR')).toEqual({ ok: true, value: 750 });
  });
});

describe('percentages in basis points', () => {
  it('parses up to two decimals, more than 0 and at most 100', () => {
    expect(parsePercent('10')).toEqual({ ok: true, value: 1000 });
    expect(parsePercent('12.5')).toEqual({ ok: true, value: 1250 });
    expect(parsePercent('0.01')).toEqual({ ok: true, value: 1 });
    expect(parsePercent('100')).toEqual({ ok: true, value: 10_000 });
    expect(parsePercent('100.01')).toEqual({ ok: false, error: 'too_large' });
    expect(parsePercent('0')).toEqual({ ok: false, error: 'invalid' });
    expect(parsePercent('1.234')).toEqual({ ok: false, error: 'too_many_decimals' });
  });

  it('shows basis points back as the typed percentage', () => {
    expect(bpsToPercentText(1250)).toBe('12.5');
    expect(bpsToPercentText(1000)).toBe('10');
    expect(bpsToPercentText(5)).toBe('0.05');
    expect(bpsToPercentText(10_000)).toBe('100');
    for (const bps of [1, 99, 1250, 3333, 10_000]) expect(parsePercent(bpsToPercentText(bps))).toEqual({ ok: true, value: bps });
  });
});

describe('discountBody', () => {
  it('fixed in minor units, percentage in basis points', () => {
    expect(discountBody('fixed', '15.75', 'SAR')).toEqual({ ok: true, body: { type: 'fixed', value: 1575 } });
    expect(discountBody('percentage', '15', 'SAR')).toEqual({ ok: true, body: { type: 'percentage', value: 1500 } });
  });

  it('refuses a zero or missing discount', () => {
    expect(discountBody('fixed', '0', 'SAR')).toEqual({ ok: false, error: 'invalid' });
    expect(discountBody('fixed', '', 'SAR')).toEqual({ ok: false, error: 'required' });
  });
});

describe('feesBody', () => {
  it('drops blank rows and converts the amounts', () => {
    expect(
      feesBody(
        [
          { title: ' Delivery ', value: '10' },
          { title: '', value: '' },
          { title: 'Wrap', value: '2.5' },
        ],
        'SAR',
      ),
    ).toEqual({ fees: [{ title: 'Delivery', value: 1000 }, { title: 'Wrap', value: 250 }], errors: {} });
  });

  it('reports a row with a title and no valid amount, or the reverse, by its position', () => {
    const out = feesBody(
      [
        { title: 'Delivery', value: 'x' },
        { title: '', value: '5' },
      ],
      'SAR',
    );
    expect(out.errors).toEqual({ 'fees.0.value': 'invalid', 'fees.1.title': 'required' });
    expect(out.fees).toEqual([]);
  });
});
