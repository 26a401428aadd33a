import type { Customer, CustomerBody } from '@app/shared/schemas/customers';
import { CUSTOMER_VALUE_TAGS } from '@app/shared/schemas/customers';

export type CustomFieldLike = { uuid: string; html_tag: string; is_required: boolean; options: string[] };

/** The customer form's values; custom field values as the inputs hold them (text, number or ''). */
export type CustomerFormValues = {
  first_name: string;
  last_name: string;
  phone: string;
  phone_country: string;
  email: string;
  address: string;
  note: string;
  tag_ids: string[];
  /** Opted out of marketing: campaigns never reach the customer. */
  marketing_opt_out: boolean;
  custom_fields: Record<string, string | number>;
};

export const CUSTOMER_FORM_FIELDS = ['first_name', 'last_name', 'phone', 'phone_country', 'email', 'address', 'note', 'tag_ids'] as const;

/** Custom fields the form collects (every kind; a location as "lat, lng" text, a file as one of the customer's attachments). */
export const collectedFields = <T extends CustomFieldLike>(defs: readonly T[]): T[] =>
  defs.filter((d) => (CUSTOMER_VALUE_TAGS as readonly string[]).includes(d.html_tag));

export function emptyCustomerForm(country = 'SA'): CustomerFormValues {
  return { first_name: '', last_name: '', phone: '', phone_country: country, email: '', address: '', note: '', tag_ids: [], marketing_opt_out: false, custom_fields: {} };
}

/** A stored E.164 number shown as the national number of its country (+966501234567 → 501234567). */
export function nationalNumber(phone: string | null, dial: string | undefined): string {
  if (!phone) return '';
  return dial && phone.startsWith(`+${dial}`) ? phone.slice(dial.length + 1) : phone;
}

export function customerToForm(c: Customer, dial: string | undefined): CustomerFormValues {
  const custom: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(c.custom_fields)) {
    if (typeof v === 'string' || typeof v === 'number') custom[k] = v;
    else if (isLocation(v)) custom[k] = `${v.lat}, ${v.lng}`;
  }
  return {
    first_name: c.first_name,
    last_name: c.last_name,
    phone: nationalNumber(c.phone, dial),
    phone_country: c.phone_country,
    email: c.email ?? '',
    address: c.address ?? '',
    note: c.note ?? '',
    tag_ids: c.tag_ids,
    marketing_opt_out: c.marketing_opt_out,
    custom_fields: custom,
  };
}

const isLocation = (v: unknown): v is { lat: number; lng: number } =>
  typeof v === 'object' && v !== null && typeof (v as { lat?: unknown }).lat === 'number' && typeof (v as { lng?: unknown }).lng === 'number';

/** "24.7136, 46.6753" → { lat, lng }; anything else stays text (the API answers "invalid" on it). */
export function parseLocation(text: string): { lat: number; lng: number } | string {
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*[,،]\s*(-?\d+(?:\.\d+)?)\s*$/.exec(text);
  return m ? { lat: Number(m[1]), lng: Number(m[2]) } : text;
}

/** Form → API body: empty values are "none"; only the collected custom fields, numbers as numbers. */
export function formToCustomerBody(v: CustomerFormValues, defs: readonly CustomFieldLike[]): CustomerBody {
  const custom: Record<string, string | number | null | { lat: number; lng: number }> = {};
  for (const d of collectedFields(defs)) {
    const raw = v.custom_fields[d.uuid];
    if (raw === undefined || raw === '') continue;
    if (d.html_tag === 'location') custom[d.uuid] = parseLocation(String(raw));
    else custom[d.uuid] = d.html_tag === 'number' && typeof raw === 'string' && raw.trim() !== '' && !Number.isNaN(Number(raw)) ? Number(raw) : raw;
  }
  return {
    first_name: v.first_name,
    last_name: v.last_name,
    phone: v.phone.trim() || null,
    phone_country: v.phone_country,
    email: v.email.trim() || null,
    address: v.address,
    note: v.note,
    tag_ids: v.tag_ids,
    marketing_opt_out: v.marketing_opt_out,
    custom_fields: custom,
  };
}

/** Required collected custom fields left empty, as form errors (`custom_fields.<uuid>`). */
export function missingRequired(v: CustomerFormValues, defs: readonly CustomFieldLike[], message: string, creating = false): Record<string, string> {
  const out: Record<string, string> = {};
  for (const d of collectedFields(defs)) {
    // A new customer has no attachments yet: its file fields are filled in once it exists.
    if (creating && d.html_tag === 'file') continue;
    const raw = v.custom_fields[d.uuid];
    if (d.is_required && (raw === undefined || String(raw).trim() === '')) out[`custom_fields.${d.uuid}`] = message;
  }
  return out;
}

/** "Khalid Omar", or the phone when there is no name. */
export const customerName = (c: { first_name: string; last_name: string }) => `${c.first_name} ${c.last_name}`.trim();
