import { z } from 'zod';
import { DISCOUNT_TYPES } from '../pricing';
import { BOOKING_SOURCES } from '../states/booking';
import { ORDER_INITIAL_STATUSES, ORDER_STATUSES } from '../states/order';
import { PRICE_MAX } from './catalogue';
import { optionalText, cursorField, keysetMeta, text, uuidField } from './common';
import { dateField } from './providers';

/**
 * Orders (spec §3 Order, §4 Order, §7 Orders; docs/orders.md): the request bodies the API validates
 * and the web forms reuse, and the shapes the API answers with. Money is integer minor units of the
 * order's currency; a percentage discount is in basis points (10 % = 1000); times are ISO-8601 UTC.
 */

export const ORDER_ITEMS_MAX = 50;
export const ORDER_ITEM_QUANTITY_MAX = 999;
export const ORDER_FEES_MAX = 10;
export const ORDER_FEE_TITLE_MAX = 100;
export const ORDER_NOTES_MAX = 2000;
export const ORDER_IMAGES_MAX = 10;
export const ORDER_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const ORDER_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** The serialized `meta_data` object, at most this many characters. */
export const ORDER_META_MAX_CHARS = 10_000;
export const ORDER_SOURCES = BOOKING_SOURCES;
export const ORDER_PAYMENT_STATUSES = ['paid', 'unpaid', 'partially-paid'] as const;
export const ORDER_ITEM_TYPES = ['service', 'product', 'package'] as const;
export type OrderItemType = (typeof ORDER_ITEM_TYPES)[number];
/** 100 % in basis points. */
export const DISCOUNT_PERCENT_MAX = 10_000;
/** A PIN code the customer gives on pick-up: 4 to 6 digits. */
export const PIN_CODE_PATTERN = /^\d{4,6}$/;

const int = () => z.number('number').int('integer');
/** A missing number is "required", anything else not a number "must be a number". */
const requiredInt = () => z.number({ error: (iss) => (iss.input === undefined ? 'required' : 'number') }).int('integer');
const quantityField = requiredInt().min(1, 'gte').max(ORDER_ITEM_QUANTITY_MAX, 'lte');
const moneyField = int().min(0, 'gte').max(PRICE_MAX, 'lte');
/** An optional id where empty text (an unset select) counts as none. */
const optionalId = z.preprocess((v) => (v === '' ? null : v), uuidField.nullable().optional());
/** A required id: missing is "required", anything else not an id is "invalid". */
const requiredId = z.uuid({ error: (iss) => (iss.input === undefined || iss.input === null || iss.input === '' ? 'required' : 'invalid') });
const nullableText = (max: number) =>
  optionalText(max)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null));

// ---------------------------------------------------------------- request bodies

/** One line to add: a service (with an optional provider), a product (a combination when it has options) or a package. */
export const orderItemInput = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('service'), service_id: requiredId, staff_id: optionalId, quantity: quantityField.default(1) }),
    z.object({ type: z.literal('product'), product_id: requiredId, combination_id: optionalId, quantity: quantityField }),
    z.object({ type: z.literal('package'), package_id: requiredId, quantity: quantityField.default(1) }),
  ],
  { error: 'invalid' },
);
export type OrderItemInput = z.input<typeof orderItemInput>;
export type OrderItemParsed = z.infer<typeof orderItemInput>;

/** fixed: `value` in minor units (1 … PRICE_MAX, capped at the subtotal); percentage: basis points 1 … 10000. */
export const discountBody = z
  .object({ type: z.enum(DISCOUNT_TYPES, 'invalid'), value: int().min(1, 'gte') })
  .superRefine((v, ctx) => {
    const max = v.type === 'percentage' ? DISCOUNT_PERCENT_MAX : PRICE_MAX;
    if (v.value > max) ctx.addIssue({ code: 'too_big', origin: 'number', maximum: max, inclusive: true, message: 'lte', input: v.value, path: ['value'] });
  });
export type DiscountBody = z.infer<typeof discountBody>;

/**
 * A fee of the order as the API reads and answers it (spec §3: title, value; `value` in minor units).
 * Stored and priced as `{ title, amount }` (`pricing.ts`): the transform maps it once, here.
 * `tip: true` marks the customer's tip (added at checkout): a fee like the others (untaxed, in the
 * total), at most one an order, named "Tip" on receipts whatever its title (docs/decisions.md).
 */
export const feeInput = z
  .object({ title: text(ORDER_FEE_TITLE_MAX), value: moneyField, tip: z.boolean('boolean').optional() })
  .transform((f) => ({ title: f.title, amount: f.value, ...(f.tip ? { tip: true as const } : {}) }));
export type FeeInput = z.input<typeof feeInput>;
export const feesField = z
  .array(feeInput)
  .max(ORDER_FEES_MAX, 'max_items')
  .superRefine((fees, ctx) => {
    const tips = fees.flatMap((f, i) => (f.tip ? [i] : []));
    for (const i of tips.slice(1)) ctx.addIssue({ code: 'custom', message: 'duplicate', path: [i, 'tip'] });
  });

export const pinCodeField = z.string().trim().regex(/^\d*$/, 'digits_only').min(4, 'min_length').max(6, 'max_length');
export const locationBody = z.object({
  address: nullableText(500),
  lat: z.number('number').min(-90, 'latitude').max(90, 'latitude').nullable().optional(),
  lng: z.number('number').min(-180, 'longitude').max(180, 'longitude').nullable().optional(),
});
export type LocationBody = z.infer<typeof locationBody>;

const isoTime = z.iso.datetime({ offset: true, error: 'date' });

const orderFields = {
  /** null: a guest order (no appointments). */
  customer_id: optionalId,
  branch_id: optionalId,
  /** The provider the order is assigned to; default: the first service line's provider. */
  staff_id: optionalId,
  source: z.enum(ORDER_SOURCES, 'invalid').optional(),
  /** A draft holds no stock, no appointment and no payment until it is placed (is_draft false). */
  is_draft: z.boolean('boolean').optional(),
  items: z.array(orderItemInput).max(ORDER_ITEMS_MAX, 'max_items'),
  discount: discountBody.nullable().optional(),
  fees: feesField.optional(),
  transport_fee: moneyField.optional(),
  notes: nullableText(ORDER_NOTES_MAX),
  pin_code: pinCodeField.nullable().optional(),
  receive_time: isoTime.nullable().optional(),
  location: locationBody.nullable().optional(),
};

/** `POST orders`. A placed order (not a draft) needs at least one item (422 `items: order_empty`). */
export const orderBody = z.object({
  ...orderFields,
  items: orderFields.items.default([]),
  /** confirmed (left out), or waiting-review: placed to be looked at first (`ORDER_INITIAL_STATUSES`). */
  status: z.enum(ORDER_INITIAL_STATUSES, 'invalid').optional(),
});
export type OrderBody = z.input<typeof orderBody>;
export type OrderBodyParsed = z.infer<typeof orderBody>;

/**
 * `PUT orders/:id`: the same fields; those left out stay as they are. `items` sent replace every
 * line (and delete the order's appointments) unless they are the same lines as now.
 */
export const orderUpdateBody = z.object({ ...orderFields, items: orderFields.items.optional() });
export type OrderUpdateBody = z.input<typeof orderUpdateBody>;
export type OrderUpdateParsed = z.infer<typeof orderUpdateBody>;

export const addItemsBody = z.object({ items: z.array(orderItemInput).min(1, 'min_items').max(ORDER_ITEMS_MAX, 'max_items') });
export type AddItemsBody = z.infer<typeof addItemsBody>;

/** `POST orders/:id/change-status`. Cancelling an order with active appointments needs a booking-cancel reason. */
export const changeOrderStatusBody = z.object({
  status: z.enum(ORDER_STATUSES, 'invalid'),
  cancellation_reason_id: optionalId,
  note: nullableText(500),
});
export type ChangeOrderStatusBody = z.infer<typeof changeOrderStatusBody>;

export const metaDataBody = z.object({
  meta_data: z
    .record(z.string().max(100), z.unknown())
    .refine((v) => JSON.stringify(v).length <= ORDER_META_MAX_CHARS, 'invalid')
    .refine((v) => !JSON.stringify(v).includes('\\u0000'), 'invalid'),
});
export type MetaDataBody = z.infer<typeof metaDataBody>;

export const noteBody = z.object({ notes: nullableText(ORDER_NOTES_MAX) });
export type OrderNoteBody = z.infer<typeof noteBody>;

/** `POST orders/:id/update-details`: fields left out stay as they are; null clears. */
export const detailsBody = z.object({
  pin_code: pinCodeField.nullable().optional(),
  receive_time: isoTime.nullable().optional(),
  fees: feesField.optional(),
  transport_fee: moneyField.optional(),
});
export type DetailsBody = z.infer<typeof detailsBody>;

const flag = z.enum(['1', '0', 'true', 'false'], 'invalid').transform((v) => v === '1' || v === 'true');

export const ordersQuery = z.object({
  page: z.coerce.number().int('integer').min(1, 'gte').max(100_000).default(1),
  per_page: z.coerce.number().int('integer').min(1, 'gte').max(100, 'lte').default(25),
  /** The page next to a known one (its meta's `next_cursor` or `prev_cursor`); `page` then only labels it. */
  cursor: cursorField.optional(),
  /** Order number, or the customer's name or phone. */
  search: optionalText(100).optional(),
  status: z.enum(ORDER_STATUSES, 'invalid').optional(),
  payment_status: z.enum(ORDER_PAYMENT_STATUSES, 'invalid').optional(),
  source: z.enum(ORDER_SOURCES, 'invalid').optional(),
  customer_id: uuidField.optional(),
  /** Default: the top bar's branch (none chosen: every branch). */
  branch_id: uuidField.optional(),
  /** Local days of the business (its time zone), both inclusive. */
  from: dateField.optional(),
  to: dateField.optional(),
  /** Only drafts (otherwise drafts are left out). */
  drafts: flag.optional(),
  /** Only the trash (otherwise trashed orders are left out). */
  trashed: flag.optional(),
});
export type OrdersQuery = z.infer<typeof ordersQuery>;

export const orderStatusQuery = z.object({ branch_id: uuidField.optional() });

export const orderParams = z.object({ id: uuidField });
export const orderItemParams = z.object({ id: uuidField, itemId: uuidField });
export const orderImageParams = z.object({ id: uuidField, imageId: uuidField });
export const orderCustomerParams = z.object({ id: uuidField, customerId: uuidField });

// ---------------------------------------------------------------- responses

export const bookingLiteSchema = z.object({
  id: z.string(),
  booking_number: z.number(),
  start_time: z.string(),
  end_time: z.string(),
  status: z.string(),
  staff_id: z.string().nullable(),
});
export type BookingLite = z.infer<typeof bookingLiteSchema>;

export const lineTaxSchema = z.object({ tax_id: z.string().nullable(), name: z.string(), rate_bps: z.number(), amount: z.number() });

export const orderItemSchema = z.object({
  id: z.string(),
  type: z.enum(ORDER_ITEM_TYPES),
  service_id: z.string().nullable(),
  product_id: z.string().nullable(),
  combination_id: z.string().nullable(),
  package_id: z.string().nullable(),
  staff_id: z.string().nullable(),
  /** The name when added (a product with its option values). */
  name: z.string(),
  options: z.record(z.string(), z.string()).nullable(),
  quantity: z.number(),
  unit_price: z.number(),
  subtotal: z.number(),
  discount_amount: z.number(),
  tax_amount: z.number(),
  total: z.number(),
  taxes: z.array(lineTaxSchema),
  /** The appointment of a service line (null: none yet, or it was deleted by an edit). */
  booking: bookingLiteSchema.nullable(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const orderCustomerSchema = z.object({ id: z.string(), name: z.string(), phone: z.string().nullable(), email: z.string().nullable() });
export const orderImageSchema = z.object({ id: z.string(), url: z.string(), mime: z.string(), size: z.number() });
export type OrderImage = z.infer<typeof orderImageSchema>;

const orderCommon = {
  id: z.string(),
  number: z.number(),
  /** created_at. */
  date: z.string(),
  status: z.enum(ORDER_STATUSES),
  source: z.string(),
  is_draft: z.boolean(),
  branch_id: z.string().nullable(),
  customer_id: z.string().nullable(),
  customer: orderCustomerSchema.nullable(),
  staff_id: z.string().nullable(),
  discount: z.object({ type: z.enum(DISCOUNT_TYPES), value: z.number(), amount: z.number() }).nullable(),
  coupon_code: z.string().nullable(),
  /** The order holds a use of its coupon now (false: none, or given back when it was cancelled). */
  coupon_applied: z.boolean(),
  /** `tip`: the customer's tip (one at most). */
  fees: z.array(z.object({ title: z.string(), value: z.number(), tip: z.boolean() })),
  fees_amount: z.number(),
  transport_fee: z.number(),
  subtotal: z.number(),
  tax_amount: z.number(),
  total: z.number(),
  paid_amount: z.number(),
  remaining_amount: z.number(),
  payment_status: z.string(),
  invoice_status: z.string(),
  currency: z.string(),
  notes: z.string().nullable(),
  pin_code: z.string().nullable(),
  receive_time: z.string().nullable(),
  location: z.object({ address: z.string().nullable(), lat: z.number().nullable(), lng: z.number().nullable() }).nullable(),
  meta_data: z.record(z.string(), z.unknown()),
  read_at: z.string().nullable(),
  deleted_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  items_count: z.number(),
  bookings_count: z.number(),
};

/** One order with its lines and images (`GET orders/:id` and every write). */
export const orderSchema = z.object({
  ...orderCommon,
  items: z.array(orderItemSchema),
  /** Private files: each url is an authorized route of the API (fetch it with the token). */
  images: z.array(orderImageSchema),
});
export type Order = z.infer<typeof orderSchema>;

/** An order in the list: everything but the lines and images. */
export const orderSummarySchema = z.object(orderCommon);
export type OrderSummary = z.infer<typeof orderSummarySchema>;
export const ordersPage = z.object({ data: z.array(orderSummarySchema), meta: keysetMeta });

export const orderLogSchema = z.object({
  id: z.string(),
  /** created, updated, items, discount, status, customer, note, meta, location, details, image, trash, restore … */
  action: z.string(),
  changes: z.record(z.string(), z.unknown()),
  user: z.object({ id: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type OrderLog = z.infer<typeof orderLogSchema>;

export const orderStatusCountsSchema = z.object({
  data: z.array(z.object({ status: z.enum(ORDER_STATUSES), count: z.number() })),
  meta: z.object({ drafts: z.number(), trashed: z.number() }),
});
export type OrderStatusCounts = z.infer<typeof orderStatusCountsSchema>;

export const unreadCountsSchema = z.object({
  orders: z.number(),
  transactions: z.number(),
  notifications: z.number(),
  comments: z.number(),
  reviews: z.number(),
});
export type UnreadCounts = z.infer<typeof unreadCountsSchema>;
