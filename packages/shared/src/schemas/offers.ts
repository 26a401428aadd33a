import { z } from 'zod';
import { percentOf } from '../money';
import { DISCOUNT_TYPES } from '../pricing';
import { nameField, uuidField } from './common';

/**
 * A business's offers (issue 18 §2; spec §3 Offer): a price cut on some services while the offer is
 * active — status `active` and `start_at` ≤ now < `end_at` — on the channels it names: `webapp` (orders
 * and bookings made in the dashboard) and `booking_page` (the public store). `fixed` takes `amount`
 * minor units off the unit price, `percentage` takes `amount` basis points (10 % = 1000). Offers change
 * the line's unit price before any discount; a coupon or manual discount is then taken on the offered
 * price; two offers on one service: the larger cut wins; never below zero (docs/decisions.md "Offers").
 */

export const OFFER_STATUSES = ['active', 'inactive'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
export const OFFER_CHANNELS = ['booking_page', 'webapp'] as const;
export type OfferChannel = (typeof OFFER_CHANNELS)[number];

/** Optional; letters and digits only, kept upper case, unique in the business. Empty: none. */
export const offerCodeField = z
  .string()
  .trim()
  .max(40)
  .regex(/^[A-Za-z0-9]*$/, 'offer_code')
  .transform((c) => (c === '' ? null : c.toUpperCase()));

const instant = z.iso.datetime({ offset: true, error: 'date' });

export const offerBody = z
  .object({
    name: nameField(120),
    code: offerCodeField.nullable().default(null),
    type: z.enum(DISCOUNT_TYPES, 'invalid'),
    /** fixed: minor units off the unit price (more than 0); percentage: basis points (1 to 10000). */
    amount: z.number('number').int('integer').min(1, 'positive').max(100_000_000),
    start_at: instant,
    end_at: instant,
    status: z.enum(OFFER_STATUSES, 'invalid').default('active'),
    channels: z.array(z.enum(OFFER_CHANNELS, 'invalid')).min(1, 'offer_channels').max(10),
    /** At least one; each a service of the business (checked by the server: `not_exists`). */
    service_ids: z.array(uuidField).min(1, 'offer_services').max(500),
  })
  .superRefine((b, ctx) => {
    if (b.type === 'percentage' && b.amount > 10_000) ctx.addIssue({ code: 'custom', message: 'offer_percent_max', path: ['amount'], input: b.amount });
    if (Date.parse(b.end_at) <= Date.parse(b.start_at)) ctx.addIssue({ code: 'custom', message: 'time_range', path: ['end_at'], input: b.end_at });
  })
  .transform((b) => ({ ...b, channels: [...new Set(b.channels)], service_ids: [...new Set(b.service_ids)] }));
export type OfferBody = z.input<typeof offerBody>;
export type OfferBodyParsed = z.output<typeof offerBody>;

export const offerSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string().nullable(),
  type: z.enum(DISCOUNT_TYPES),
  amount: z.number(),
  start_at: z.string(),
  end_at: z.string(),
  status: z.enum(OFFER_STATUSES),
  channels: z.array(z.enum(OFFER_CHANNELS)),
  service_ids: z.array(z.string()),
  /** Whether it changes prices now: active, and start_at ≤ now < end_at. */
  running: z.boolean(),
  created_at: z.string(),
});
export type Offer = z.infer<typeof offerSchema>;

/** `GET offers?status=&active=&channel=`: `active=true` keeps those running now (`running`), `false` the rest. */
export const offerListQuery = z.object({
  status: z.enum(OFFER_STATUSES, 'invalid').optional(),
  active: z.enum(['true', 'false'], 'invalid').transform((v) => v === 'true').optional(),
  channel: z.enum(OFFER_CHANNELS, 'invalid').optional(),
});
export type OfferListQuery = z.input<typeof offerListQuery>;

/** `POST offers/{id}/toggle { status }`: the status to set; absent: switch it over. */
export const offerToggleBody = z.object({ status: z.enum(OFFER_STATUSES, 'invalid').optional() }).nullish();

/** The offer on one service line: its price before and after, and which offer made it. */
export type OfferPrice = { offerId: string; offerName: string; originalPrice: number; price: number };

/** The unit price an offer makes of `price` (never below zero). */
export function offeredPrice(price: number, offer: { type: 'fixed' | 'percentage'; amount: number }): number {
  const cut = offer.type === 'fixed' ? offer.amount : percentOf(price, Math.min(offer.amount, 10_000));
  return Math.max(0, price - cut);
}

/**
 * The best of the offers covering one service at `price`: the one making the lowest price (the
 * larger reduction wins; equal cuts: the first given). Null when none lowers it.
 */
export function bestOffer<O extends { id: string; name: string; type: 'fixed' | 'percentage'; amount: number }>(price: number, offers: readonly O[]): OfferPrice | null {
  let best: OfferPrice | null = null;
  for (const o of offers) {
    const p = offeredPrice(price, o);
    if (p < price && (best === null || p < best.price)) best = { offerId: o.id, offerName: o.name, originalPrice: price, price: p };
  }
  return best;
}

/** `GET offers/prices`: the dashboard's (`webapp`) offered unit prices now, one row per service an offer lowers. */
export const offerPriceSchema = z.object({
  service_id: z.string(),
  offer_id: z.string(),
  offer_name: z.string(),
  original_price: z.number(),
  price: z.number(),
});
export type OfferPriceRow = z.infer<typeof offerPriceSchema>;
