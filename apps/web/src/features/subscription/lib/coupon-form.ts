import type { Locale } from '@app/shared/constants';
import { operatorCouponBody } from '@app/shared/schemas/subscription';
import { minorToInput, toMinorUnits } from '@/lib/format';
import { zodErrors } from '@/lib/zod-errors';
import type { CouponBody, OperatorCoupon } from '../api/operator';
import { normalize } from './plan-form';

/** Coupons are for plans, priced in riyals. */
export const COUPON_CURRENCY = 'SAR';
export const COUPON_TYPES = ['percentage', 'fixed'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];

/**
 * The coupon form as typed: the value as a person reads it (25 for 25%, 10.5 for SAR 10.50), the
 * uses as text (empty: no limit), the last day "YYYY-MM-DD" (empty: no end).
 */
export type CouponFormValues = {
  code: string;
  type: CouponType;
  value: string;
  max_redemptions: string;
  expires_on: string;
  active: boolean;
};

/** The keys of `operator.coupons.errors` the form's own checks use. */
export type CouponErrorKey = 'codeRequired' | 'codeFormat' | 'valueRequired' | 'valueNumber' | 'valuePositive' | 'percentMax' | 'percentDecimals' | 'amountDecimals' | 'maxUses' | 'date';

export function emptyCouponValues(): CouponFormValues {
  return { code: '', type: 'percentage', value: '', max_redemptions: '', expires_on: '', active: true };
}

/** 2500 basis points → "25", 1250 → "12.5"; 1000 halalas → "10.00". */
export function couponValueInput(type: CouponType, value: number): string {
  return type === 'percentage' ? String(value / 100) : minorToInput(value, COUPON_CURRENCY);
}

export function couponValues(coupon: OperatorCoupon): CouponFormValues {
  return {
    code: coupon.code,
    type: coupon.type,
    value: couponValueInput(coupon.type, coupon.value),
    max_redemptions: coupon.max_redemptions === null ? '' : String(coupon.max_redemptions),
    expires_on: coupon.expires_on ?? '',
    active: coupon.active,
  };
}

type Parsed = { body: CouponBody; errors: Record<string, string> };

/**
 * The form → `operatorCouponBody`: a percentage in basis points (25 → 2500, two decimals at most),
 * a fixed amount in halalas (10.5 → 1050), no limit and no end as null; with the errors by field,
 * worded by `message` (the translation of an `operator.coupons.errors` key). The shared schema
 * checks last, in the UI language, whatever the form's own checks let through.
 */
export function couponRequest(values: CouponFormValues, message: (key: CouponErrorKey) => string, locale: Locale): Parsed {
  const errors: Record<string, string> = {};
  const code = values.code.trim().toUpperCase();
  if (code === '') errors.code = message('codeRequired');
  else if (!/^[A-Z0-9]+$/.test(code)) errors.code = message('codeFormat');

  let value = 0;
  const text = normalize(values.value);
  if (text === '') errors.value = message('valueRequired');
  else if (!/^\d+(\.\d+)?$/.test(text)) errors.value = message('valueNumber');
  else if (Number(text) <= 0) errors.value = message('valuePositive');
  else if (values.type === 'percentage') {
    if (Number(text) > 100) errors.value = message('percentMax');
    else if (!/^\d+(\.\d{1,2})?$/.test(text)) errors.value = message('percentDecimals');
    else value = Math.round(Number(text) * 100);
  } else {
    const minor = toMinorUnits(text, COUPON_CURRENCY);
    if (minor === null) errors.value = message('amountDecimals');
    else if (minor <= 0) errors.value = message('valuePositive');
    else value = minor;
  }

  let maxRedemptions: number | null = null;
  const uses = normalize(values.max_redemptions);
  if (uses !== '') {
    if (/^\d+$/.test(uses) && Number(uses) >= 1) maxRedemptions = Number(uses);
    else errors.max_redemptions = message('maxUses');
  }

  const expires = values.expires_on.trim();
  if (expires !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(expires)) errors.expires_on = message('date');

  const body: CouponBody = { code, type: values.type, value, max_redemptions: maxRedemptions, expires_on: expires === '' ? null : expires, active: values.active };
  if (Object.keys(errors).length === 0) for (const [field, text] of Object.entries(zodErrors(operatorCouponBody, body, locale))) errors[field] ??= text;
  return { body, errors };
}
