import { z } from 'zod';
import { DISCOUNT_TYPES } from '../pricing';
import { nameField, optionalText, pageQuery, paginationMeta, uuidField } from './common';

/**
 * A business's coupons (issue 18 §2; spec §3 Coupon, §5): a code customers give, a fixed amount
 * (minor units) or a percentage (basis points, 10 % = 1000), valid from `start_date` through
 * `end_date` (days in the business's time zone), at most `usage_limit` orders in all and
 * `usage_limit_per_user` per customer, for every line or only some services and products.
 */

export const COUPON_STATUSES = ['active', 'inactive'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];

/** Letters and digits only, no spaces (spec §5); kept upper case, unique in the business. */
export const couponCodeField = z
  .string()
  .trim()
  .min(1, { error: 'required', abort: true })
  .max(40)
  .regex(/^[A-Za-z0-9]+$/, 'coupon_code')
  .transform((c) => c.toUpperCase());

const dateField = z.iso.date('date');
const limitField = z.number().int('integer').min(1, 'gte').max(1_000_000).nullable().default(null);

export const couponBody = z
  .object({
    code: couponCodeField,
    name: nameField(120),
    description: optionalText(1000).nullable().optional(),
    discount_type: z.enum(DISCOUNT_TYPES, 'invalid'),
    /** fixed: minor units; percentage: basis points (at most 10000). */
    discount_amount: z.number().int('integer').min(1, 'gte').max(100_000_000),
    start_date: dateField.nullable().default(null),
    end_date: dateField.nullable().default(null),
    usage_limit: limitField,
    usage_limit_per_user: limitField,
    status: z.enum(COUPON_STATUSES, 'invalid').default('active'),
    /** Empty both: every line of the order. */
    service_ids: z.array(uuidField).max(500).default([]),
    product_ids: z.array(uuidField).max(500).default([]),
  })
  .superRefine((b, ctx) => {
    if (b.discount_type === 'percentage' && b.discount_amount > 10_000)
      ctx.addIssue({ code: 'too_big', maximum: 10_000, inclusive: true, origin: 'number', path: ['discount_amount'], input: b.discount_amount });
    if (b.start_date && b.end_date && b.end_date < b.start_date) ctx.addIssue({ code: 'custom', message: 'date_range', path: ['end_date'], input: b.end_date });
    if (b.usage_limit !== null && b.usage_limit_per_user !== null && b.usage_limit_per_user > b.usage_limit)
      ctx.addIssue({ code: 'too_big', maximum: b.usage_limit, inclusive: true, origin: 'number', path: ['usage_limit_per_user'], input: b.usage_limit_per_user });
  });
export type CouponBody = z.input<typeof couponBody>;

export const couponSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  discount_type: z.enum(DISCOUNT_TYPES),
  discount_amount: z.number(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  usage_limit: z.number().nullable(),
  usage_limit_per_user: z.number().nullable(),
  status: z.enum(COUPON_STATUSES),
  service_ids: z.array(z.string()),
  product_ids: z.array(z.string()),
  /** Orders holding it now (a cancelled order or a removed coupon gives its use back). */
  uses: z.number(),
  created_at: z.string(),
});
export type Coupon = z.infer<typeof couponSchema>;

export const couponListQuery = pageQuery.extend({ status: z.enum(COUPON_STATUSES, 'invalid').optional() });
export const couponPage = z.object({ data: z.array(couponSchema), meta: paginationMeta });

/** `PUT orders/{id}/coupon { code }`. */
export const applyCouponBody = z.object({ code: couponCodeField });
