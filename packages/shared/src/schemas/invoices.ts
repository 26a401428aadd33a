import { z } from 'zod';
import { cursorField, keysetMeta, optionalText, text, uuidField } from './common';
import { VAT_NUMBER_PATTERN } from './settings';

/**
 * Invoices, credit notes and refunds, quotations (issue 16; spec §3 Invoice and Quotation, §4, §5).
 * Money is integer minor units of the document's currency.
 */

export const INVOICE_TYPES = ['tax', 'refund'] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];

/**
 * Templates (spec §3 invoice-templates): standard tax invoice (B2B: the buyer's VAT number, billing
 * name, country and address), simplified tax invoice (B2C) and standard invoice (trial: a plain
 * invoice of a business with no VAT number).
 */
export const INVOICE_TEMPLATES = ['standard', 'simplified', 'trial'] as const;
export type InvoiceTemplate = (typeof INVOICE_TEMPLATES)[number];

/** approved is shown with the order's payment (unpaid, partial, paid); cancelled and refunded have a credit note. */
export const INVOICE_STATUSES = ['approved', 'cancelled', 'refunded'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** What the tax authority made of a document (settings/syncedInvoices). */
export const ZATCA_STATUSES = ['not-submitted', 'pending', 'reported', 'cleared', 'rejected', 'not-required'] as const;
export type ZatcaStatus = (typeof ZATCA_STATUSES)[number];
export const ACCOUNTING_STATUSES = ['unsynced', 'synced', 'failed'] as const;

const nullableText = (max: number) =>
  optionalText(max)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null));

/** ISO 3166-1 alpha-2 (SA, AE …). */
const countryField = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'invalid');

/**
 * `POST orders/{id}/invoice`. A standard (B2B) invoice needs the buyer's VAT number (15 digits,
 * starting and ending with 3), billing name, country and address; the template defaults to standard
 * when a VAT number is given, else simplified (trial for a business without its own VAT number).
 */
export const issueInvoiceBody = z
  .object({
    template: z.enum(INVOICE_TEMPLATES, 'invalid').optional(),
    vat_id: z
      .string()
      .trim()
      .optional()
      .nullable()
      .transform((v) => v || null)
      .refine((v) => v === null || VAT_NUMBER_PATTERN.test(v), 'vat_number'),
    billing_name: nullableText(200),
    billing_country: countryField.nullable().optional(),
    /** The street and the rest of the national address (ZATCA asks them of a Saudi buyer: BR-KSA-63). */
    billing_address: nullableText(500),
    billing_building_number: z
      .string()
      .trim()
      .regex(/^\d{4}$/, 'invalid')
      .nullable()
      .optional()
      .or(z.literal('').transform(() => null)),
    billing_district: nullableText(127),
    billing_city: nullableText(127),
    billing_postal_code: z
      .string()
      .trim()
      .regex(/^\d{5}$/, 'invalid')
      .nullable()
      .optional()
      .or(z.literal('').transform(() => null)),
  })
  .superRefine((v, ctx) => {
    const standard = v.template === 'standard' || (v.template === undefined && v.vat_id);
    if (!standard) return;
    const need = (field: keyof typeof v) => {
      if (!v[field]) ctx.addIssue({ code: 'custom', path: [field], message: 'required' });
    };
    need('vat_id');
    need('billing_name');
    need('billing_country');
    need('billing_address');
    if (v.billing_country === 'SA') {
      need('billing_building_number');
      need('billing_district');
      need('billing_city');
      need('billing_postal_code');
    }
  });
export type IssueInvoiceBody = z.input<typeof issueInvoiceBody>;

export const invoiceTaxSchema = z.object({ name: z.string(), rate_bps: z.number(), amount: z.number() });
export const invoiceLineSchema = z.object({
  name: z.string(),
  type: z.string(),
  quantity: z.number(),
  unit_price: z.number(),
  subtotal: z.number(),
  discount: z.number(),
  net: z.number(),
  taxes: z.array(invoiceTaxSchema),
  tax: z.number(),
  total: z.number(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoiceSchema = z.object({
  id: z.string(),
  number: z.number(),
  type: z.enum(INVOICE_TYPES),
  template: z.enum(INVOICE_TEMPLATES),
  status: z.enum(INVOICE_STATUSES),
  /** A tax invoice: the order's payment (paid, unpaid, partially-paid); a credit note: refunded. */
  payment_status: z.string(),
  order_id: z.string(),
  order_number: z.number().nullable(),
  original_invoice: z.object({ id: z.string(), number: z.number(), issued_at: z.string() }).nullable(),
  credit_note: z.object({ id: z.string(), number: z.number() }).nullable(),
  currency: z.string(),
  subtotal: z.number(),
  discount_amount: z.number(),
  /** Total without VAT. */
  taxable_amount: z.number(),
  tax_amount: z.number(),
  /** Total with VAT: the document's amount. */
  total: z.number(),
  paid_amount: z.number(),
  lines: z.array(invoiceLineSchema),
  tax_groups: z.array(z.object({ name: z.string(), rate_bps: z.number(), taxable: z.number(), amount: z.number() })),
  seller: z.object({
    name: z.string(),
    vat_number: z.string().nullable(),
    commercial_registration: z.string().nullable(),
    address: z.string().nullable(),
    branch: z.string().nullable(),
  }),
  customer_name: z.string().nullable(),
  customer_phone: z.string().nullable(),
  billing_name: z.string().nullable(),
  billing_country: z.string().nullable(),
  billing_address: z.string().nullable(),
  billing_details: z.object({ building_number: z.string().nullable(), district: z.string().nullable(), city: z.string().nullable(), postal_code: z.string().nullable() }).nullable(),
  vat_id: z.string().nullable(),
  reason: z.string().nullable(),
  uuid: z.string(),
  /** Base64 TLV of the QR code (ZATCA tags 1–5; 6–9 once signed). Null for a trial invoice. */
  qr: z.string().nullable(),
  zatca_status: z.enum(ZATCA_STATUSES),
  accounting_status: z.enum(ACCOUNTING_STATUSES),
  wafeq_id: z.string().nullable(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  time_zone: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** `GET invoices/{id}/pdf`: the language whose labels lead (and set the direction). */
export const invoicePdfQuery = z.object({ lang: z.enum(['ar', 'en'], 'invalid').optional() });

export const invoicesQuery = z.object({
  type: z.enum(INVOICE_TYPES, 'invalid').optional(),
  order_id: uuidField.optional(),
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  per_page: z.coerce.number().int().min(1).max(100).optional().default(20),
  cursor: cursorField.optional(),
});
export const invoiceListItemSchema = invoiceSchema.pick({
  id: true,
  number: true,
  type: true,
  template: true,
  status: true,
  payment_status: true,
  order_id: true,
  order_number: true,
  original_invoice: true,
  currency: true,
  tax_amount: true,
  total: true,
  paid_amount: true,
  customer_name: true,
  reason: true,
  zatca_status: true,
  accounting_status: true,
  created_at: true,
  created_by: true,
});
export type InvoiceListItem = z.infer<typeof invoiceListItemSchema>;
export const invoicesPage = z.object({ data: z.array(invoiceListItemSchema), meta: keysetMeta });
/** `GET invoices/synced`: a list row with what the tax authority said of it and its counter (ICV). */
export const syncedInvoiceSchema = invoiceListItemSchema.extend({ zatca_errors: z.array(z.object({ code: z.string(), message: z.string() })).nullable(), icv: z.number().nullable() });
export type SyncedInvoice = z.infer<typeof syncedInvoiceSchema>;
export const syncedInvoicesPage = z.object({ data: z.array(syncedInvoiceSchema), meta: keysetMeta });

/** `GET orders/{id}/refund-items`: what the refund covers (the whole invoice) and what goes back (what was paid, by method). */
export const refundItemsSchema = z.object({
  invoice: z.object({ id: z.string(), number: z.number(), total: z.number() }).nullable(),
  items: z.array(invoiceLineSchema),
  refundable_amount: z.number(),
  payments: z.array(z.object({ payment_method: z.string(), amount: z.number() })),
  currency: z.string(),
});
export type RefundItems = z.infer<typeof refundItemsSchema>;

/** `POST orders/{id}/refund` (a reason of the invoice-refund list) and `POST invoices/{id}/cancel` (invoice-cancel list). */
export const refundBody = z.object({ reason_id: z.uuid({ error: (iss) => (iss.input === undefined || iss.input === null || iss.input === '' ? 'required' : 'invalid') }), note: nullableText(500) });
export type RefundBody = z.input<typeof refundBody>;

// ---------------------------------------------------------------- quotations

export const QUOTATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type QuotationStatus = (typeof QUOTATION_STATUSES)[number];

export const quotationItemInput = z.discriminatedUnion('type', [
  z.object({ type: z.literal('service'), service_id: uuidField, quantity: z.number().int('integer').min(1, 'min').max(1000).default(1) }),
  z.object({ type: z.literal('product'), product_id: uuidField, quantity: z.number().int('integer').min(1, 'min').max(1000).default(1) }),
]);
export const quotationBody = z.object({
  customer_id: uuidField.nullable().optional(),
  customer_name: nullableText(200),
  branch_id: uuidField.nullable().optional(),
  items: z.array(quotationItemInput, 'required').min(1, 'required').max(50),
  notes: nullableText(1000),
  valid_until: z.iso.date('invalid').nullable().optional(),
});
export type QuotationBody = z.input<typeof quotationBody>;
export const quotationStatusBody = z.object({ status: z.enum(['approved', 'rejected'], 'invalid') });

export const quotationSchema = z.object({
  id: z.string(),
  /** quotationNumber. */
  number: z.number(),
  customer_id: z.string().nullable(),
  customer_name: z.string().nullable(),
  branch_id: z.string().nullable(),
  currency: z.string(),
  items: z.array(z.object({ name: z.string(), type: z.string(), quantity: z.number(), unit_price: z.number(), net: z.number(), tax: z.number(), total: z.number() })),
  subtotal: z.number(),
  tax_amount: z.number(),
  /** totalAmount. */
  total: z.number(),
  notes: z.string().nullable(),
  status: z.enum(QUOTATION_STATUSES),
  valid_until: z.string().nullable(),
  order_id: z.string().nullable(),
  created_at: z.string(),
});
export type Quotation = z.infer<typeof quotationSchema>;
export const quotationsQuery = z.object({
  status: z.enum(QUOTATION_STATUSES, 'invalid').optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  per_page: z.coerce.number().int().min(1).max(100).optional().default(20),
});
export const quotationsPage = z.object({ data: z.array(quotationSchema), meta: z.object({ current_page: z.number(), per_page: z.number(), total: z.number(), last_page: z.number() }) });

// ---------------------------------------------------------------- e-invoicing (ZATCA)

export const ZATCA_ENVIRONMENTS = ['simulation', 'production'] as const;
export type ZatcaEnvironment = (typeof ZATCA_ENVIRONMENTS)[number];
export const ZATCA_INVOICE_TYPES = ['1100', '1000', '0100'] as const;
/** The portal's one-time password: 6 digits, valid one minute (spec §5). */
export const ZATCA_OTP_SECONDS = 60;

const cfgText = (max: number) => text(max);
const digits = (n: number) =>
  z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${n}}$`), 'invalid');

/**
 * `POST settings/invoicing` (spec §3 E-invoice configuration): what the unit's CSR carries. The
 * organization identifier is the business's VAT number (15 digits, 3…3); the commercial registration
 * 10 digits; the building number and postal code 4 and 5 digits (Saudi national address).
 */
export const invoicingSettingsBody = z.object({
  common_name: cfgText(64),
  commercial_registration_number: digits(10),
  organization_identifier: z.string().trim().regex(VAT_NUMBER_PATTERN, 'vat_number'),
  organization_unit_name: cfgText(64),
  organization_name: cfgText(64),
  street: cfgText(127),
  street_address: optionalText(127).optional(),
  building_number: digits(4),
  subdivision: cfgText(127),
  city: cfgText(127),
  postal_code: digits(5),
  invoice_type: z.enum(ZATCA_INVOICE_TYPES, 'invalid').default('1100'),
  industry: cfgText(64).default('Services'),
  environment: z.enum(ZATCA_ENVIRONMENTS, 'invalid').default('simulation'),
});
export type InvoicingSettingsBody = z.input<typeof invoicingSettingsBody>;

export const invoicingSettingsSchema = z.object({
  common_name: z.string(),
  commercial_registration_number: z.string(),
  organization_identifier: z.string(),
  organization_unit_name: z.string(),
  organization_name: z.string(),
  street: z.string(),
  street_address: z.string().nullable(),
  building_number: z.string(),
  subdivision: z.string(),
  city: z.string(),
  postal_code: z.string(),
  invoice_type: z.enum(ZATCA_INVOICE_TYPES),
  industry: z.string(),
  environment: z.enum(ZATCA_ENVIRONMENTS),
  /** not-connected, connected, failed. */
  status: z.enum(['not-connected', 'connected', 'failed']),
  connected_at: z.string().nullable(),
  last_error: z.string().nullable(),
  /** The chain: documents signed so far. */
  icv: z.number(),
});
export type InvoicingSettings = z.infer<typeof invoicingSettingsSchema>;

/** `POST zatca/connect { otp }`. */
export const zatcaConnectBody = z.object({ otp: digits(6) });

export const syncedInvoicesQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  per_page: z.coerce.number().int().min(1).max(100).optional().default(20),
  syncStatus: z.enum(ZATCA_STATUSES, 'invalid').optional(),
  /** The page next to a known one (its meta's `next_cursor` / `prev_cursor`), as the long lists take it. */
  cursor: cursorField.optional(),
});
