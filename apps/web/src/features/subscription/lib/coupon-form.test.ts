import { describe, expect, it } from 'vitest';
import { type CouponFormValues, couponRequest, couponValues, emptyCouponValues } from './coupon-form';

const form = (over: Partial<CouponFormValues>): CouponFormValues => ({ ...emptyCouponValues(), code: 'eid', ...over });
const request = (over: Partial<CouponFormValues>) => couponRequest(form(over), (key) => key, 'en');

describe('couponRequest', () => {
  it('sends a percentage in basis points and a fixed amount in halalas, typed with either keyboard', () => {
    expect(request({ value: '25' }).body).toEqual({ code: 'EID', type: 'percentage', value: 2500, max_redemptions: null, expires_on: null, active: true });
    expect(request({ value: '12.5' }).body.value).toBe(1250);
    expect(request({ value: '٢٥' }).body.value).toBe(2500);
    expect(request({ type: 'fixed', value: '10,5', max_redemptions: '٣', expires_on: '2026-12-31' }).body).toMatchObject({ type: 'fixed', value: 1050, max_redemptions: 3, expires_on: '2026-12-31' });
  });

  it('names what is wrong by the translation key', () => {
    expect(request({ code: ' ', value: '' }).errors).toEqual({ code: 'codeRequired', value: 'valueRequired' });
    expect(request({ code: 'has space', value: '0' }).errors).toEqual({ code: 'codeFormat', value: 'valuePositive' });
    expect(request({ value: '100.01' }).errors).toEqual({ value: 'percentMax' });
    expect(request({ value: '12.345' }).errors).toEqual({ value: 'percentDecimals' });
    expect(request({ type: 'fixed', value: '10.505' }).errors).toEqual({ value: 'amountDecimals' });
    expect(request({ value: 'abc', max_redemptions: '0' }).errors).toEqual({ value: 'valueNumber', max_redemptions: 'maxUses' });
    expect(request({ value: '100' }).errors).toEqual({});
  });

  it('shows a saved coupon as typed', () => {
    expect(couponValues({ id: 'c1', code: 'RAMADAN25', type: 'percentage', value: 1250, max_redemptions: 5, redemptions: 1, expires_on: '2026-03-31', active: true })).toEqual({
      code: 'RAMADAN25',
      type: 'percentage',
      value: '12.5',
      max_redemptions: '5',
      expires_on: '2026-03-31',
      active: true,
    });
    expect(couponValues({ id: 'c2', code: 'TEN', type: 'fixed', value: 1000, max_redemptions: null, redemptions: 0, expires_on: null, active: false }).value).toBe('10.00');
  });
});
