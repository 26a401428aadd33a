import type { Locale } from '@app/shared/constants';
import { couponBody } from '@app/shared/schemas/marketing';
import { bpsToPercentText, normalizeNumber } from '@/features/orders/lib/money-input';
import { discountValue } from './discount-value';
import { minorToInput } from '@/lib/format';
import { zodErrors } from '@/lib/zod-errors';
import type { Coupon, CouponBody } from '../api/coupons';

export const COUPON_TYPES = ['percentage', 'fixed'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];
export const COUPON_SCOPES = ['all', 'some'] as const;
export type CouponScope = (typeof COUPON_SCOPES)[number];

/**
 * The coupon form as typed: the value as a person reads it (25 for 25 %, 10.5 for 10.50 in the
 * business's currency), the limits as text (empty: unlimited), the days "YYYY-MM-DD" (empty: none),
 * and whether it covers every line or only the chosen services and products.
 */
export type CouponFormValues = {
  code: string;
  name: string;
  description: string;
  discount_type: CouponType;
  value: string;
  start_date: string;
  end_date: string;
  usage_limit: string;
  usage_limit_per_user: string;
  scope: CouponScope;
  service_ids: string[];
  product_ids: string[];
  active: boolean;
};

/** The form's fields, where the server's 422 messages go (`discount_amount` shows under `value`). */
export const COUPON_FORM_FIELDS = ['code', 'name', 'description', 'discount_type', 'value', 'start_date', 'end_date', 'usage_limit', 'usage_limit_per_user', 'service_ids', 'product_ids', 'active'] as const;

/** The keys of `marketing:coupons.errors` the form's own checks use. */
export type CouponErrorKey =
  | 'codeRequired'
  | 'codeFormat'
  | 'valueRequired'
  | 'valueNumber'
  | 'valuePositive'
  | 'percentMax'
  | 'tooManyDecimals'
  | 'amountTooLarge'
  | 'limit'
  | 'perCustomerOverTotal'
  | 'dateRange'
  | 'scopeEmpty';

export function emptyCouponValues(): CouponFormValues {
  return {
    code: '',
    name: '',
    description: '',
    discount_type: 'percentage',
    value: '',
    start_date: '',
    end_date: '',
    usage_limit: '',
    usage_limit_per_user: '',
    scope: 'all',
    service_ids: [],
    product_ids: [],
    active: true,
  };
}

/** 2500 basis points → "25", 1250 → "12.5"; 1050 halalas → "10.50". */
export function couponValueInput(type: CouponType, amount: number, currency: string): string {
  return type === 'percentage' ? bpsToPercentText(amount) : minorToInput(amount, currency);
}

export function couponValues(coupon: Coupon, currency: string): CouponFormValues {
  const some = coupon.service_ids.length > 0 || coupon.product_ids.length > 0;
  return {
    code: coupon.code,
    name: coupon.name,
    description: coupon.description ?? '',
    discount_type: coupon.discount_type,
    value: couponValueInput(coupon.discount_type, coupon.discount_amount, currency),
    start_date: coupon.start_date ?? '',
    end_date: coupon.end_date ?? '',
    usage_limit: coupon.usage_limit === null ? '' : String(coupon.usage_limit),
    usage_limit_per_user: coupon.usage_limit_per_user === null ? '' : String(coupon.usage_limit_per_user),
    scope: some ? 'some' : 'all',
    service_ids: [...coupon.service_ids],
    product_ids: [...coupon.product_ids],
    active: coupon.status === 'active',
  };
}


/** A limit typed: empty is unlimited (null); else a whole number of 1 or more. */
function limitOf(text: string): number | null | undefined {
  const s = normalizeNumber(text);
  if (s === '') return null;
  return /^\d+$/.test(s) && Number(s) >= 1 && Number(s) <= 1_000_000 ? Number(s) : undefined;
}

type Parsed = { body: CouponBody; errors: Record<string, string> };

/**
 * The form → `couponBody`: the code in capitals, a percentage in basis points (25 → 2500, two
 * decimals at most, 100 at most), a fixed amount in minor units of `currency` (10.5 → 1050), empty
 * limits and days as null, "every service and product" as two empty lists; with the errors by field,
 * worded by `message` (the translation of a `marketing:coupons.errors` key). The shared schema checks
 * last, in the UI language, whatever the form's own checks let through.
 */
export function couponRequest(values: CouponFormValues, message: (key: CouponErrorKey) => string, currency: string, locale: Locale): Parsed {
  const errors: Record<string, string> = {};
  const code = values.code.trim().toUpperCase();
  if (code === '') errors.code = message('codeRequired');
  else if (!/^[A-Z0-9]+$/.test(code)) errors.code = message('codeFormat');

  const discount = discountValue(values.discount_type, values.value, currency);
  if ('error' in discount) errors.value = message(discount.error);

  const usageLimit = limitOf(values.usage_limit);
  if (usageLimit === undefined) errors.usage_limit = message('limit');
  const perUser = limitOf(values.usage_limit_per_user);
  if (perUser === undefined) errors.usage_limit_per_user = message('limit');
  else if (perUser !== null && usageLimit != null && perUser > usageLimit) errors.usage_limit_per_user = message('perCustomerOverTotal');

  const start = values.start_date.trim();
  const end = values.end_date.trim();
  if (start && end && end < start) errors.end_date = message('dateRange');

  const some = values.scope === 'some';
  if (some && values.service_ids.length === 0 && values.product_ids.length === 0) errors.service_ids = message('scopeEmpty');

  const description = values.description.trim();
  const body: CouponBody = {
    code,
    name: values.name.trim(),
    description: description === '' ? null : description,
    discount_type: values.discount_type,
    discount_amount: 'amount' in discount ? discount.amount : 0,
    start_date: start === '' ? null : start,
    end_date: end === '' ? null : end,
    usage_limit: usageLimit ?? null,
    usage_limit_per_user: perUser ?? null,
    status: values.active ? 'active' : 'inactive',
    service_ids: some ? values.service_ids : [],
    product_ids: some ? values.product_ids : [],
  };
  for (const [path, text] of Object.entries(zodErrors(couponBody, body, locale))) {
    const field = formField(path);
    if (field) errors[field] ??= text;
  }
  return { body, errors };
}

/** An API field path → the form's field showing its message (`discount_amount` → `value`, `service_ids.3` → `service_ids`). */
export function formField(path: string): string | null {
  const head = path.split('.')[0] ?? '';
  if (head === 'discount_amount') return 'value';
  if (head === 'status') return 'active';
  return (COUPON_FORM_FIELDS as readonly string[]).includes(head) ? head : null;
}
