import { parseLocation } from '@/features/customers/lib/customer-form';
import type { CreateBookingBody } from '@app/shared/schemas/bookings';
import type { NewBookingStatus } from '@app/shared/states/booking';
import { parseOptionalMoney } from '@/features/orders/lib/money-input';

export type CustomFieldLike = { uuid: string; html_tag: string; is_required: boolean };

/** The booking drawer's values. `staff_id` is ANY_PROVIDER for "whoever is free". */
export type BookingFormValues = {
  branch_id: string | null;
  customer: { id: string; name: string; phone: string | null } | null;
  service_ids: string[];
  staff_id: string;
  date: string;
  /** The chosen slot's UTC start. */
  start_time: string | null;
  notes: string;
  custom_fields: Record<string, string | number>;
  /** confirmed, or pending (pencilled in, to be confirmed later). */
  status: NewBookingStatus;
  /** Home-service branches: the visit's transport fee as typed, in major units ("15.50"). */
  transport_fee: string;
};

export const ANY_PROVIDER = 'any';

/** Form paths server errors can land on. */
export const BOOKING_FORM_FIELDS = ['branch_id', 'customer', 'service_ids', 'staff_id', 'start_time', 'notes', 'status', 'transport_fee'] as const;

/**
 * The API's error fields → the form's paths: `customer_id` sits under the customer picker,
 * `service_ids.2` under the services, custom fields keep their dotted path.
 */
export function formPathOf(apiField: string): string {
  if (apiField === 'customer_id') return 'customer';
  if (apiField.startsWith('service_ids')) return 'service_ids';
  if (apiField === 'slot' || apiField === 'end_time') return 'start_time';
  if (apiField === 'transportation_fee_amount') return 'transport_fee';
  return apiField;
}

/** Custom field values for the API: empty ones left out, numbers as numbers, a location as { lat, lng }. */
export type CustomFieldValue = string | number | boolean | null | { lat: number; lng: number };

export function customFieldsBody(values: Record<string, string | number>, defs: readonly CustomFieldLike[]): Record<string, CustomFieldValue> {
  const out: Record<string, CustomFieldValue> = {};
  for (const d of defs) {
    const raw = values[d.uuid];
    if (raw === undefined || raw === '') continue;
    if (d.html_tag === 'location') out[d.uuid] = parseLocation(String(raw));
    else if (d.html_tag === 'number' && typeof raw === 'string' && raw.trim() !== '' && !Number.isNaN(Number(raw))) out[d.uuid] = Number(raw);
    else out[d.uuid] = raw;
  }
  return out;
}

/**
 * Form → `POST /bookings` body (call once the form validated: branch, customer and slot are set).
 * `homeService`: the branch visits the customer, so the typed transport fee (in `currency`) is sent.
 */
export function bookingBody(v: BookingFormValues, defs: readonly CustomFieldLike[], opts: { homeService?: boolean; currency?: string } = {}): CreateBookingBody {
  const custom = customFieldsBody(v.custom_fields, defs);
  const fee = opts.homeService ? parseOptionalMoney(v.transport_fee, opts.currency ?? 'SAR') : null;
  return {
    customer_id: v.customer?.id ?? null,
    branch_id: v.branch_id ?? '',
    staff_id: v.staff_id === ANY_PROVIDER ? null : v.staff_id,
    service_ids: v.service_ids,
    start_time: v.start_time ?? '',
    ...(v.notes.trim() ? { notes: v.notes.trim() } : {}),
    ...(Object.keys(custom).length ? { custom_fields: custom } : {}),
    ...(v.status === 'pending' ? { status: 'pending' as const } : {}),
    ...(fee?.ok && fee.value > 0 ? { transportation_fee_amount: fee.value } : {}),
    source: 'calendar',
  };
}

/** Required custom fields left empty, as form errors. */
export function missingCustomFields(values: Record<string, string | number>, defs: readonly CustomFieldLike[], message: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const d of defs) {
    const raw = values[d.uuid];
    if (d.is_required && (raw === undefined || String(raw).trim() === '')) out[`custom_fields.${d.uuid}`] = message;
  }
  return out;
}

/** `HH:mm` plus `minutes`, on a 24 h clock (the end of a visit shown beside its start). */
export function addClock(hhmm: string, minutes: number): string {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!m) return hhmm;
  const total = (((Number(m[1]) * 60 + Number(m[2]) + minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}
