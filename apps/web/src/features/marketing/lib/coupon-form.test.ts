import { describe, expect, it } from 'vitest';
import type { Coupon } from '../api/coupons';
import { type CouponFormValues, couponRequest, couponValues, emptyCouponValues, formField } from './coupon-form';

const message = (key: string) => key;
const values = (over: Partial<CouponFormValues> = {}): CouponFormValues => ({ ...emptyCouponValues(), code: 'eid25', name: 'Eid offer', value: '25', ...over });
const request = (over: Partial<CouponFormValues> = {}, currency = 'SAR') => couponRequest(values(over), message, currency, 'en');

describe('couponRequest', () => {
  it('sends a percentage in basis points and the code in capitals', () => {
    expect(request().errors).toEqual({});
    expect(request().body).toMatchObject({ code: 'EID25', discount_type: 'percentage', discount_amount: 2500, status: 'active', service_ids: [], product_ids: [] });
    expect(request({ value: '12.5' }).body.discount_amount).toBe(1250);
    expect(request({ value: '١٠٠' }).body.discount_amount).toBe(10_000);
  });

  it('sends a fixed amount in the currency’s minor units', () => {
    expect(request({ discount_type: 'fixed', value: '10.5' }).body.discount_amount).toBe(1050);
    expect(request({ discount_type: 'fixed', value: '1.250' }, 'KWD').body.discount_amount).toBe(1250);
    expect(request({ discount_type: 'fixed', value: '1.255' }).errors.value).toBe('tooManyDecimals');
  });

  it('says what is wrong with the discount', () => {
    expect(request({ value: '' }).errors.value).toBe('valueRequired');
    expect(request({ value: 'abc' }).errors.value).toBe('valueNumber');
    expect(request({ value: '0' }).errors.value).toBe('valuePositive');
    expect(request({ discount_type: 'fixed', value: '0' }).errors.value).toBe('valuePositive');
    expect(request({ value: '100.5' }).errors.value).toBe('percentMax');
    expect(request({ value: '12.345' }).errors.value).toBe('tooManyDecimals');
  });

  it('checks the code, the limits, the days and the scope', () => {
    expect(request({ code: '  ' }).errors.code).toBe('codeRequired');
    expect(request({ code: 'EID 25' }).errors.code).toBe('codeFormat');
    expect(request({ usage_limit: '0' }).errors.usage_limit).toBe('limit');
    expect(request({ usage_limit: '1.5' }).errors.usage_limit).toBe('limit');
    expect(request({ usage_limit: '5', usage_limit_per_user: '6' }).errors.usage_limit_per_user).toBe('perCustomerOverTotal');
    expect(request({ usage_limit: '5', usage_limit_per_user: '2' }).body).toMatchObject({ usage_limit: 5, usage_limit_per_user: 2 });
    expect(request({ start_date: '2026-03-10', end_date: '2026-03-01' }).errors.end_date).toBe('dateRange');
    expect(request({ scope: 'some' }).errors.service_ids).toBe('scopeEmpty');
    // The chosen lists go only when the coupon covers some lines.
    expect(request({ scope: 'all', service_ids: ['a'] }).body.service_ids).toEqual([]);
  });

  it('leaves the name to the shared schema, in the UI language', () => {
    expect(request({ name: '' }).errors.name).toBeTruthy();
    expect(couponRequest(values({ name: '' }), message, 'SAR', 'ar').errors.name).not.toBe(request({ name: '' }).errors.name);
  });
});

describe('couponValues', () => {
  it('fills the form from a coupon, and sends it back unchanged', () => {
    const coupon: Coupon = {
      id: 'c1',
      code: 'WELCOME10',
      name: 'Welcome',
      description: 'New customers',
      discount_type: 'fixed',
      discount_amount: 1050,
      start_date: '2026-03-01',
      end_date: null,
      usage_limit: 100,
      usage_limit_per_user: null,
      status: 'inactive',
      service_ids: [],
      product_ids: ['0b6e1c1e-0000-4000-8000-000000000003'],
      uses: 4,
      created_at: '2026-02-20T09:00:00.000Z',
    };
    const form = couponValues(coupon, 'SAR');
    expect(form).toMatchObject({ value: '10.50', scope: 'some', active: false, usage_limit: '100', usage_limit_per_user: '', end_date: '' });
    const { body, errors } = couponRequest(form, message, 'SAR', 'en');
    expect(errors).toEqual({});
    const { id: _id, uses: _uses, created_at: _created, ...sent } = coupon;
    expect(body).toEqual(sent);
  });
});

describe('formField', () => {
  it('puts the API’s fields under the form’s', () => {
    expect(formField('discount_amount')).toBe('value');
    expect(formField('service_ids.2')).toBe('service_ids');
    expect(formField('status')).toBe('active');
    expect(formField('plan_limit')).toBeNull();
  });
});
