import type { Locale } from '@app/shared/constants';
import { OFFER_CHANNELS, type OfferChannel, offerBody } from '@app/shared/schemas/offers';
import { isoToLocalInput, localInputToIso } from '@/features/orders/lib/dates';
import { bpsToPercentText } from '@/features/orders/lib/money-input';
import { discountValue } from './discount-value';
import { minorToInput } from '@/lib/format';
import { zodErrors } from '@/lib/zod-errors';
import type { Offer, OfferBody } from '../api/offers';

export const OFFER_TYPES = ['percentage', 'fixed'] as const;
export type OfferType = (typeof OFFER_TYPES)[number];
export { OFFER_CHANNELS, type OfferChannel };

/**
 * The offer form as typed: the amount as a person reads it (25 for 25 %, 10.5 for 10.50 in the
 * business's currency), the window as wall-clock "YYYY-MM-DDTHH:mm" in the business's time zone.
 */
export type OfferFormValues = {
  name: string;
  code: string;
  type: OfferType;
  value: string;
  start_at: string;
  end_at: string;
  channels: OfferChannel[];
  service_ids: string[];
  active: boolean;
};

/** The form's fields, where the server's 422 messages go (`amount` shows under `value`). */
export const OFFER_FORM_FIELDS = ['name', 'code', 'type', 'value', 'start_at', 'end_at', 'channels', 'service_ids', 'active'] as const;

/** The keys of `offers:errors` the form's own checks use. */
export type OfferErrorKey =
  | 'codeFormat'
  | 'valueRequired'
  | 'valueNumber'
  | 'valuePositive'
  | 'percentMax'
  | 'tooManyDecimals'
  | 'amountTooLarge'
  | 'startRequired'
  | 'endRequired'
  | 'endAfterStart'
  | 'channelsEmpty'
  | 'servicesEmpty';

/** A new offer: from now (to the minute) for a week, on both channels. */
export function emptyOfferValues(zone: string, now: number = Date.now()): OfferFormValues {
  const start = Math.floor(now / 60_000) * 60_000;
  return {
    name: '',
    code: '',
    type: 'percentage',
    value: '',
    start_at: isoToLocalInput(new Date(start).toISOString(), zone),
    end_at: isoToLocalInput(new Date(start + 7 * 86_400_000).toISOString(), zone),
    channels: ['webapp', 'booking_page'],
    service_ids: [],
    active: true,
  };
}

export function offerValues(offer: Offer, currency: string, zone: string): OfferFormValues {
  return {
    name: offer.name,
    code: offer.code ?? '',
    type: offer.type,
    value: offer.type === 'percentage' ? bpsToPercentText(offer.amount) : minorToInput(offer.amount, currency),
    start_at: isoToLocalInput(offer.start_at, zone),
    end_at: isoToLocalInput(offer.end_at, zone),
    channels: [...offer.channels],
    service_ids: [...offer.service_ids],
    active: offer.status === 'active',
  };
}


type Parsed = { body: OfferBody; errors: Record<string, string> };

/**
 * The form → `offerBody`: the code in capitals (empty: none), a percentage in basis points (25 →
 * 2500), a fixed amount in minor units of `currency`, the window's wall-clock times in `zone` as
 * instants; with the errors by field, worded by `message` (an `offers:errors` key's translation). The
 * shared schema checks last, in the UI language, whatever the form's own checks let through.
 */
export function offerRequest(values: OfferFormValues, message: (key: OfferErrorKey) => string, currency: string, zone: string, locale: Locale): Parsed {
  const errors: Record<string, string> = {};
  const code = values.code.trim().toUpperCase();
  if (code !== '' && !/^[A-Z0-9]+$/.test(code)) errors.code = message('codeFormat');

  const amount = discountValue(values.type, values.value, currency);
  if ('error' in amount) errors.value = message(amount.error);

  const start = localInputToIso(values.start_at, zone);
  const end = localInputToIso(values.end_at, zone);
  if (!start) errors.start_at = message('startRequired');
  if (!end) errors.end_at = message('endRequired');
  else if (start && Date.parse(end) <= Date.parse(start)) errors.end_at = message('endAfterStart');
  if (values.channels.length === 0) errors.channels = message('channelsEmpty');
  if (values.service_ids.length === 0) errors.service_ids = message('servicesEmpty');

  const body: OfferBody = {
    name: values.name.trim(),
    code: code === '' ? null : code,
    type: values.type,
    amount: 'amount' in amount ? amount.amount : 0,
    start_at: start ?? '',
    end_at: end ?? '',
    status: values.active ? 'active' : 'inactive',
    channels: OFFER_CHANNELS.filter((c) => values.channels.includes(c)),
    service_ids: values.service_ids,
  };
  for (const [path, text] of Object.entries(zodErrors(offerBody, body, locale))) {
    const field = formField(path);
    if (field) errors[field] ??= text;
  }
  return { body, errors };
}

/** An API field path → the form's field showing its message (`amount` → `value`, `service_ids.3` → `service_ids`). */
export function formField(path: string): string | null {
  const head = path.split('.')[0] ?? '';
  if (head === 'amount') return 'value';
  if (head === 'status') return 'active';
  return (OFFER_FORM_FIELDS as readonly string[]).includes(head) ? head : null;
}
