import { formatMoney } from '@app/shared/format';
import { describe, expect, it } from 'vitest';
import { lineIsRtl, visualRuns } from './pdf-text';

/** The runs of a line in the order they are drawn, left to right (rule L2 of the bidi algorithm). */
const order = (text: string, rtl: boolean) => visualRuns(text, rtl).map((r) => `${r.rtl ? 'R' : 'L'}:${r.text}`);

describe('visualRuns: mixed Arabic and Latin lines in visual order', () => {
  it('an Arabic line is one right-to-left run (fontkit shapes and reverses it whole)', () => {
    expect(order('فاتورة ضريبية', true)).toEqual(['R:فاتورة ضريبية']);
  });
  it('numbers inside Arabic stay left to right, and the run order flips', () => {
    expect(order('رقم الفاتورة #12', true)).toEqual(['L:12', 'R:رقم الفاتورة #']);
    // An amount as Intl writes it in Arabic (with its marks): the currency to the left of the number.
    expect(order(formatMoney(5000, 'ar', 'SAR'), true)).toEqual(['R: ر.س.', 'L:50.00']);
  });
  it('Latin in an Arabic line keeps its order; brackets around it are mirrored', () => {
    expect(order('محمد (VIP) لله', true)).toEqual(['R:( لله', 'L:VIP', 'R:محمد )']);
  });
  it('an English line with an Arabic name: the name is one run; a number after Arabic letters goes with them (rule W2), as a browser shows it', () => {
    expect(order('Buyer: شركة الأفق', false)).toEqual(['L:Buyer: ', 'R:شركة الأفق']);
    expect(order('Buyer: شركة الأفق 2', false)).toEqual(['L:Buyer: ', 'L:2', 'R:شركة الأفق ']);
  });
  it('drops the directional marks (they have no glyph) and turns narrow spaces into spaces', () => {
    expect(visualRuns('\u200f12:30\u202fPM\u200e', false).map((r) => r.text).join('')).toBe('12:30 PM');
    expect(order('', true)).toEqual([]);
  });

  it('reads a line’s own direction from its first strong character, like dir="auto" (digits alone: left to right)', () => {
    expect(lineIsRtl('+966509153452')).toBe(false);
    expect(lineIsRtl('#6')).toBe(false);
    expect(lineIsRtl('VAT 15%')).toBe(false);
    expect(lineIsRtl('ضريبة القيمة المضافة 15%')).toBe(true);
    expect(lineIsRtl(formatMoney(5000, 'ar', 'SAR'))).toBe(true);
    expect(lineIsRtl(formatMoney(5000, 'en', 'SAR'))).toBe(false);
    // A phone in an Arabic document: drawn left to right, its plus first.
    expect(visualRuns('+966509153452', lineIsRtl('+966509153452')).map((r) => r.text).join('')).toBe('+966509153452');
  });
});
