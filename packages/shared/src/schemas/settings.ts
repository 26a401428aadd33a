import { z } from 'zod';
import { EMPLOYEE_BANDS, LOCALES } from '../constants';
import { isCurrencyCode } from '../currencies';
import { isValidIban, normalizeIban } from '../iban';
import { PHONE_COUNTRY_CODES } from '../phone';
import { nameField, optionalText, paginationMeta, text, timezoneField, uuidField } from './common';

/**
 * Business settings (spec §3 Company/store, Tax, Custom field, Bank account; §4 Booking status; §5):
 * request bodies the API validates and the web forms reuse, and the shapes the API answers with.
 */

const required = { error: 'required', abort: true } as const;

// ---------------------------------------------------------------- general

export const TIME_FORMATS = ['12', '24'] as const;
export type TimeFormat = (typeof TIME_FORMATS)[number];
/** Countries a business can be in: the markets of the phone table. */
export const SETTINGS_COUNTRIES = PHONE_COUNTRY_CODES;

export const generalSettingsBody = z.object({
  company_name: nameField(120),
  industries: z.array(z.number('required').int('invalid').positive('invalid')).min(1, 'min_items').max(10),
  number_of_employees: z.enum(EMPLOYEE_BANDS, 'required'),
  timezone: timezoneField,
  lang: z.enum(LOCALES, 'invalid'),
  currency: z
    .string()
    .trim()
    .min(1, required)
    .max(3)
    .refine((v) => /^[A-Za-z]{3}$/.test(v) && isCurrencyCode(v), 'invalid')
    .transform((v) => v.toUpperCase()),
  country: z.enum(SETTINGS_COUNTRIES as [string, ...string[]], 'invalid'),
  time_format: z.enum(TIME_FORMATS, 'invalid'),
  start_of_week: z.number('required').int('integer').min(0, 'gte').max(6, 'lte'),
});
export type GeneralSettingsBody = z.infer<typeof generalSettingsBody>;

export const generalSettingsSchema = z.object({
  company_name: z.string().nullable(),
  industries: z.array(z.number()),
  number_of_employees: z.string().nullable(),
  timezone: z.string(),
  lang: z.enum(LOCALES),
  currency: z.string(),
  country: z.string(),
  time_format: z.enum(TIME_FORMATS),
  start_of_week: z.number(),
  /** Whether amounts are already stored (a currency change then keeps the numbers as they are). */
  has_money: z.boolean(),
});
export type GeneralSettings = z.infer<typeof generalSettingsSchema>;

// ---------------------------------------------------------------- taxes

/** A percentage 0–100 with at most two decimals (15, 15.5, 12.75), stored in basis points. */
export const rateField = z
  .number('number')
  .min(0, 'gte')
  .max(100, 'lte')
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'two_decimals');

/** 15.5 → 1550 basis points. */
export const rateToBps = (rate: number) => Math.round(rate * 100);
export const bpsToRate = (bps: number) => bps / 100;

export const taxBody = z.object({ name: text(100), rate: rateField });
export type TaxBody = z.infer<typeof taxBody>;
export const taxSchema = z.object({ uuid: z.string(), name: z.string(), rate: z.number(), services_count: z.number() });
export type Tax = z.infer<typeof taxSchema>;

// ---------------------------------------------------------------- tags

export const hexColorField = z
  .string()
  .trim()
  .min(1, required)
  .regex(/^#[0-9A-Fa-f]{6}$/, 'hex_color')
  .transform((v) => v.toUpperCase());

export const tagBody = z.object({ name: text(60), color: hexColorField.nullable().optional() });
export type TagBody = z.infer<typeof tagBody>;
export const tagSchema = z.object({ uuid: z.string(), name: z.string(), color: z.string().nullable() });
export type Tag = z.infer<typeof tagSchema>;

// ---------------------------------------------------------------- cancellation reasons

export const REASON_TYPES = ['booking-cancel', 'invoice-refund', 'invoice-cancel'] as const;
export type ReasonType = (typeof REASON_TYPES)[number];

export const reasonBody = z.object({
  type: z.enum(REASON_TYPES, 'invalid'),
  reason: text(255),
  sort_order: z.number('number').int('integer').min(0, 'gte').max(100_000, 'lte').default(0),
});
export type ReasonBody = z.infer<typeof reasonBody>;
export const reasonsQuery = z.object({ type: z.enum(REASON_TYPES, 'invalid').optional() });
export const reasonSchema = z.object({ uuid: z.string(), type: z.enum(REASON_TYPES), reason: z.string(), sort_order: z.number() });
export type Reason = z.infer<typeof reasonSchema>;

// ---------------------------------------------------------------- custom fields

export const HTML_TAGS = ['text', 'textarea', 'number', 'date', 'select', 'file', 'location'] as const;
export type HtmlTag = (typeof HTML_TAGS)[number];
export const CUSTOM_FIELD_TARGETS = ['booking', 'customer'] as const;
export type CustomFieldTarget = (typeof CUSTOM_FIELD_TARGETS)[number];

export const customFieldBody = z
  .object({
    label: text(100),
    name_en: text(100),
    html_tag: z.enum(HTML_TAGS, 'invalid'),
    options: z
      .array(text(100))
      .max(100)
      .default([])
      .transform((o) => [...new Set(o)]),
    is_required: z.boolean('boolean').default(false),
    applies_to: z.enum(CUSTOM_FIELD_TARGETS, 'invalid'),
  })
  .superRefine((body, ctx) => {
    if (body.html_tag === 'select' && body.options.length === 0) ctx.addIssue({ code: 'custom', message: 'options_required', path: ['options'] });
  })
  // Only a list carries options.
  .transform((body) => ({ ...body, options: body.html_tag === 'select' ? body.options : [] }));
export type CustomFieldBody = z.input<typeof customFieldBody>;
export const customFieldsQuery = z.object({ applies_to: z.enum(CUSTOM_FIELD_TARGETS, 'invalid').optional() });
export const customFieldSchema = z.object({
  uuid: z.string(),
  label: z.string(),
  name_en: z.string(),
  html_tag: z.enum(HTML_TAGS),
  options: z.array(z.string()),
  is_required: z.boolean(),
  applies_to: z.enum(CUSTOM_FIELD_TARGETS),
});
export type CustomField = z.infer<typeof customFieldSchema>;

// ---------------------------------------------------------------- booking status labels

/** Booking statuses of spec §4 with their default names and colours. */
export const BOOKING_STATUSES = ['pending', 'confirmed', 'rejected', 'cancelled', 'completed', 'no-show', 'unapproved', 'unpaid'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const DEFAULT_STATUS_LABELS: Record<BookingStatus, { label_ar: string; label_en: string; color: string }> = {
  pending: { label_ar: 'قيد الانتظار', label_en: 'Pending', color: '#F59E0B' },
  confirmed: { label_ar: 'مؤكد', label_en: 'Confirmed', color: '#3B71FE' },
  rejected: { label_ar: 'مرفوض', label_en: 'Rejected', color: '#DC2626' },
  cancelled: { label_ar: 'ملغي', label_en: 'Cancelled', color: '#6B7280' },
  completed: { label_ar: 'مكتمل', label_en: 'Completed', color: '#16A34A' },
  'no-show': { label_ar: 'لم يحضر', label_en: 'No-show', color: '#9333EA' },
  unapproved: { label_ar: 'بانتظار الموافقة', label_en: 'Unapproved', color: '#0EA5E9' },
  unpaid: { label_ar: 'غير مدفوع', label_en: 'Unpaid', color: '#EA580C' },
};

export const isBookingStatus = (v: string): v is BookingStatus => (BOOKING_STATUSES as readonly string[]).includes(v);

export const statusParam = z.object({ status: z.string().max(40) });
export const statusLabelBody = z.object({ label_ar: text(60), label_en: text(60), color: hexColorField });
export type StatusLabelBody = z.infer<typeof statusLabelBody>;
export const statusLabelSchema = z.object({
  status: z.enum(BOOKING_STATUSES),
  label_ar: z.string(),
  label_en: z.string(),
  color: z.string(),
  is_default: z.boolean(),
});
export type StatusLabel = z.infer<typeof statusLabelSchema>;

// ---------------------------------------------------------------- payment methods and bank accounts

export const PAYMENT_METHODS = ['cash', 'card', 'bank_transfer', 'online'] as const;
export type PaymentMethodSlug = (typeof PAYMENT_METHODS)[number];
export const isPaymentMethod = (v: string): v is PaymentMethodSlug => (PAYMENT_METHODS as readonly string[]).includes(v);

export const slugParam = z.object({ slug: z.string().max(40) });
export const paymentMethodBody = z.object({ enabled: z.boolean('boolean') });
export const paymentMethodSchema = z.object({ slug: z.enum(PAYMENT_METHODS), enabled: z.boolean() });
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const bankAccountBody = z.object({
  beneficiary_name: text(120),
  bank_name: text(120),
  iban: z
    .string()
    .min(1, required)
    .max(60)
    .transform(normalizeIban)
    .refine((v) => v.length > 0, required)
    .refine(isValidIban, 'iban'),
  account_number: z
    .string()
    .trim()
    .min(1, required)
    .max(34)
    .regex(/^\d+$/, 'digits_only'),
  account_owner: text(120),
});
export type BankAccountBody = z.input<typeof bankAccountBody>;
export const bankAccountSchema = z.object({
  uuid: z.string(),
  beneficiary_name: z.string(),
  bank_name: z.string(),
  iban: z.string(),
  account_number: z.string(),
  account_owner: z.string(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

// ---------------------------------------------------------------- expense types and expenses

export const expenseTypeBody = z.object({ name: text(100) });
export type ExpenseTypeBody = z.infer<typeof expenseTypeBody>;
export const expenseTypeSchema = z.object({ uuid: z.string(), name: z.string(), expenses_count: z.number() });
export type ExpenseType = z.infer<typeof expenseTypeSchema>;

const dateField = z.iso.date('date');

export const expenseBody = z.object({
  expense_type_id: uuidField,
  /** Minor units of the business's currency. */
  amount: z.number('number').int('integer').positive('positive').max(1_000_000_000_000, 'lte'),
  spent_on: dateField,
  branch_id: uuidField.nullable().optional(),
  note: optionalText(1000).nullable().optional(),
});
export type ExpenseBody = z.infer<typeof expenseBody>;

export const expensesQuery = z
  .object({
    page: z.coerce.number().int('integer').min(1, 'gte').max(100_000).default(1),
    per_page: z.coerce.number().int('integer').min(1, 'gte').max(100, 'lte').default(25),
    from: dateField.optional(),
    to: dateField.optional(),
    expense_type_id: uuidField.optional(),
    branch_id: uuidField.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'time_range', path: ['to'] });
export type ExpensesQuery = z.infer<typeof expensesQuery>;

export const expenseSchema = z.object({
  uuid: z.string(),
  amount: z.number(),
  spent_on: z.string(),
  note: z.string().nullable(),
  expense_type: z.object({ uuid: z.string(), name: z.string() }),
  branch: z.object({ uuid: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type Expense = z.infer<typeof expenseSchema>;
export const expensesPage = z.object({ data: z.array(expenseSchema), meta: paginationMeta.extend({ total_amount: z.number() }) });
export type ExpensesPage = z.infer<typeof expensesPage>;


// ---------------------------------------------------------------- sales: the receipt's VAT number, checkout

/** A VAT registration number (spec §5 vat_id): 15 digits starting and ending with 3. */
export const VAT_NUMBER_PATTERN = /^3\d{13}3$/;

/**
 * `POST settings/sales`: the business's VAT registration number printed on every receipt (empty:
 * none), and whether Checkout offers "complete the visit" ticked.
 */
export const salesSettingsBody = z.object({
  vat_number: z
    .string('string')
    .trim()
    .max(15, 'vat_number')
    .refine((v) => v === '' || VAT_NUMBER_PATTERN.test(v), 'vat_number')
    .transform((v) => v || null)
    .nullable()
    .optional(),
  complete_visit_on_checkout: z.boolean('boolean').optional(),
});
export type SalesSettingsBody = z.input<typeof salesSettingsBody>;

export const salesSettingsSchema = z.object({ vat_number: z.string().nullable(), complete_visit_on_checkout: z.boolean() });
export type SalesSettings = z.infer<typeof salesSettingsSchema>;
