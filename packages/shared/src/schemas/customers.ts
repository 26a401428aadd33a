import { z } from 'zod';
import { SEARCH_MIN_CHARS } from '../constants';
import { normalizePhone, PHONE_COUNTRY_CODES } from '../phone';
import { nameText, optionalText, cursorField, keysetMeta, paginationMeta, text, uuidField } from './common';
import { dateField } from './providers';

export const CUSTOMER_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const CUSTOMER_ATTACHMENT_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'application/pdf'] as const;
/**
 * Custom field kinds whose values the customer form takes: all of them. A location is `{ lat, lng }`;
 * a file is the uuid of one of the customer's attachments (uploaded on the customer page first).
 */
export const CUSTOMER_VALUE_TAGS = ['text', 'textarea', 'number', 'date', 'select', 'location', 'file'] as const;

const phoneCountry = z
  .string()
  .trim()
  .toUpperCase()
  .refine((v) => PHONE_COUNTRY_CODES.includes(v), 'invalid');

/** Optional text where an empty value means "none" (null). */
const nullableText = (max: number) =>
  optionalText(max)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null));

const customFieldValue = z.union([z.string().max(2000), z.number(), z.boolean(), z.null(), z.object({ lat: z.number(), lng: z.number() })]);

const customerFields = {
  first_name: nameText(80),
  last_name: nameText(80),
  /** A mobile number of `phone_country`; stored as E.164. Empty: none. */
  phone: z.string().trim().max(32).nullable().optional(),
  phone_country: phoneCountry.optional(),
  email: z
    .string()
    .trim()
    .max(190)
    .refine((v) => v === '' || z.email().safeParse(v).success, 'email')
    .transform((v) => v.toLowerCase() || null)
    .nullable()
    .optional(),
  address: nullableText(500),
  note: nullableText(2000),
  tag_ids: z.array(uuidField).max(50, 'max_items').optional(),
  /** The customer asked for no marketing: campaigns never reach them (issue 18 §2). */
  marketing_opt_out: z.boolean('boolean').optional(),
  /** Values keyed by the custom field's uuid (definitions that apply to customers). */
  custom_fields: z.record(z.string().max(64), customFieldValue).optional(),
};

function checkPhone(v: { phone?: string | null | undefined; phone_country?: string | undefined }, ctx: z.RefinementCtx) {
  if (v.phone && !normalizePhone(v.phone, v.phone_country ?? 'SA')) ctx.addIssue({ code: 'custom', message: 'phone', path: ['phone'] });
}

export const customerBody = z.object(customerFields).superRefine(checkPhone);
export type CustomerBody = z.input<typeof customerBody>;
export type CustomerBodyParsed = z.infer<typeof customerBody>;

/** PATCH: only the fields sent change; `tag_ids` and `custom_fields` replace the whole set when sent. */
export const customerPatch = z.object(customerFields).partial().superRefine(checkPhone);
export type CustomerPatch = z.infer<typeof customerPatch>;

export const customersQuery = z.object({
  page: z.coerce.number().int('integer').min(1, 'gte').max(100_000).default(1),
  per_page: z.coerce.number().int('integer').min(1, 'gte').max(100, 'lte').default(25),
  /** The page next to a known one (its meta's `next_cursor` or `prev_cursor`); `page` then only labels it. */
  cursor: cursorField.optional(),
  search: optionalText(100).optional(),
  tag_id: uuidField.optional(),
  blocked: z.enum(['true', 'false'], 'invalid').optional(),
  created_from: dateField.optional(),
  created_to: dateField.optional(),
});
export type CustomersQuery = z.infer<typeof customersQuery>;

/** The top bar's search: name, phone or e-mail, from SEARCH_MIN_CHARS characters. */
export const customerSearchQuery = z.object({
  search: z.string().trim().min(SEARCH_MIN_CHARS, 'search_min').max(100),
  page: z.coerce.number().int('integer').min(1, 'gte').max(100_000).default(1),
});

const tagRef = z.object({ uuid: z.string(), name: z.string(), color: z.string().nullable() });

export const customerSchema = z.object({
  uuid: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  phone_country: z.string(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  note: z.string().nullable(),
  blocked: z.boolean(),
  blocked_at: z.string().nullable(),
  /** Opted out of marketing (campaigns), and since when. */
  marketing_opt_out: z.boolean(),
  marketing_opt_out_at: z.string().nullable(),
  tag_ids: z.array(z.string()),
  tags: z.array(tagRef),
  custom_fields: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;

export const customersPage = z.object({ data: z.array(customerSchema), meta: keysetMeta });

/** Spec §3 "Customer search item". */
export const customerSearchItem = z.object({ uuid: z.string(), first_name: z.string(), last_name: z.string(), phone: z.string().nullable() });
export type CustomerSearchItem = z.infer<typeof customerSearchItem>;
export const customerSearchPage = z.object({ data: z.array(customerSearchItem), meta: paginationMeta });

/** Block (true) or unblock (false); without a body the flag toggles. */
export const blockBody = z.object({ blocked: z.boolean('boolean').optional() }).optional();

export const noteBody = z.object({ body: text(2000) });
export type NoteBody = z.infer<typeof noteBody>;
export const noteSchema = z.object({
  uuid: z.string(),
  body: z.string(),
  author: z.object({ uuid: z.string(), name: z.string() }).nullable(),
  /** The caller may delete it (own note, or customer_notes_show_all). */
  can_delete: z.boolean(),
  created_at: z.string(),
});
export type CustomerNote = z.infer<typeof noteSchema>;
export const noteParams = z.object({ id: uuidField, noteId: uuidField });

export const attachmentSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  mime: z.string(),
  size: z.number(),
  url: z.string(),
  created_at: z.string(),
});
export type CustomerAttachment = z.infer<typeof attachmentSchema>;

/** A customer's name as every screen and document shows it: first and last, either may be missing. */
export const customerFullName = (first: string | null | undefined, last: string | null | undefined): string => `${first ?? ''} ${last ?? ''}`.trim();
