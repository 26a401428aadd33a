import { bigint, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';

/**
 * Invoices and credit notes (issue 16; spec §3 Invoice, §4). A document is a snapshot: its lines,
 * charges, VAT breakdown, seller and buyer are copied when it is issued and never change; later edits
 * of the catalogue, the customer or the business do not rewrite it. Money is integer minor units of
 * its currency.
 */

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });
const money = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/** What a document carries for phase two of Saudi e-invoicing: our invoices and the platform's subscription invoices alike. */
export const zatcaDocumentColumns = () => ({
  /** The document's UUID for the tax authority (KSA-1). */
  uuid: uuid('uuid').notNull().defaultRandom(),
  /** not-submitted, pending, reported, cleared, rejected, not-required (settings/invoicing). */
  zatcaStatus: text('zatca_status').notNull().default('not-submitted'),
  /** The signing device's counter (ICV) and the hash chain: this document's hash and the one before. */
  icv: integer('icv'),
  invoiceHash: text('invoice_hash'),
  previousHash: text('previous_hash'),
  /** The signed UBL XML as sent (kept for good, also when rejected). */
  xml: text('xml'),
  /** A standard invoice as ZATCA cleared it (its stamp added): the legal document, kept for good. */
  clearedXml: text('cleared_xml'),
  /** Phase-two QR (tags 1–9) once signed. */
  signedQr: text('signed_qr'),
  zatcaErrors: jsonb('zatca_errors').$type<{ code: string; message: string }[]>(),
  zatcaAttempts: integer('zatca_attempts').notNull().default(0),
  zatcaNextAttemptAt: timestamp('zatca_next_attempt_at', { withTimezone: true }),
  zatcaSubmittedAt: timestamp('zatca_submitted_at', { withTimezone: true }),
});

/** A signing unit (EGS) and the head of its chain: a business's (zatca_devices) or the platform's own (platform_zatca_unit). */
export const zatcaUnitColumns = () => ({
  id: uuid('id').notNull().defaultRandom(),
  commonName: text('common_name').notNull(),
  crNumber: text('cr_number').notNull(),
  organizationIdentifier: text('organization_identifier').notNull(),
  organizationUnitName: text('organization_unit_name').notNull(),
  organizationName: text('organization_name').notNull(),
  street: text('street').notNull(),
  streetAddress: text('street_address'),
  buildingNumber: text('building_number').notNull(),
  subdivision: text('subdivision').notNull(),
  city: text('city').notNull(),
  postalCode: text('postal_code').notNull(),
  /** Which documents the unit issues: 1100 standard and simplified, 1000 standard, 0100 simplified. */
  invoiceType: text('invoice_type').notNull().default('1100'),
  industry: text('industry').notNull().default('Services'),
  /** simulation (the local simulator, nothing leaves the machine) or production. */
  environment: text('environment').notNull().default('simulation'),
  /** not-connected, connected, failed. */
  status: text('status').notNull().default('not-connected'),
  privateKeyEnc: text('private_key_enc'),
  csr: text('csr'),
  complianceCertificate: text('compliance_certificate'),
  complianceSecretEnc: text('compliance_secret_enc'),
  productionCertificate: text('production_certificate'),
  productionSecretEnc: text('production_secret_enc'),
  lastError: text('last_error'),
  connectedAt: timestamp('connected_at', { withTimezone: true }),
  /** The chain's head: the last counter given and the last document's hash. */
  icv: integer('icv').notNull().default(0),
  lastHash: text('last_hash'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type InvoiceTax = { name: string; rate_bps: number; amount: number };
export type InvoiceLine = {
  name: string;
  /** service, product, package, fee, transport. */
  type: string;
  quantity: number;
  unit_price: number;
  /** quantity × unit price. */
  subtotal: number;
  /** The order's discount share. */
  discount: number;
  /** What the VAT is computed on (subtotal − discount). */
  net: number;
  taxes: InvoiceTax[];
  tax: number;
  total: number;
};
export type InvoiceTaxGroup = { name: string; rate_bps: number; taxable: number; amount: number };
export type InvoiceSeller = {
  name: string;
  vat_number: string | null;
  commercial_registration: string | null;
  address: string | null;
  branch: string | null;
};

export const invoices = pgTable(
  'invoices',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    /** Gapless per business, invoices and credit notes together (lib/numbers.ts). */
    number: integer('number').notNull(),
    /** tax (an invoice) or refund (a credit note). */
    type: text('type').notNull(),
    /** standard (B2B tax invoice), simplified (B2C tax invoice), trial (a plain invoice, no VAT number). */
    template: text('template').notNull(),
    /** approved (issued), cancelled or refunded (a credit note answers it); a credit note is approved. */
    status: text('status').notNull().default('approved'),
    /** No foreign key: a tax document outlives its order (kept through a data wipe, docs/decisions.md). */
    orderId: uuid('order_id').notNull(),
    /** A credit note's invoice. */
    originalInvoiceId: uuid('original_invoice_id'),
    branchId: uuid('branch_id'),
    customerId: uuid('customer_id'),
    currency: text('currency').notNull(),
    subtotal: money('subtotal'),
    discountAmount: money('discount_amount'),
    /** Total without VAT (BT-109). */
    taxableAmount: money('taxable_amount'),
    taxAmount: money('tax_amount'),
    /** Total with VAT (BT-112): the document's amount. */
    total: money('total'),
    /** An invoice: paid when issued; a credit note: the money returned with it. */
    paidAmount: money('paid_amount'),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    taxGroups: jsonb('tax_groups').$type<InvoiceTaxGroup[]>().notNull(),
    seller: jsonb('seller').$type<InvoiceSeller>().notNull(),
    customerName: text('customer_name'),
    customerPhone: text('customer_phone'),
    billingName: text('billing_name'),
    billingCountry: text('billing_country'),
    billingAddress: text('billing_address'),
    /** The rest of a B2B buyer's national address. */
    billingDetails: jsonb('billing_details').$type<{ building_number: string | null; district: string | null; city: string | null; postal_code: string | null }>(),
    vatId: text('vat_id'),
    /** A credit note's reason (invoice-refund or invoice-cancel list) and its text as chosen. */
    reasonId: uuid('reason_id'),
    reason: text('reason'),
    /** The order's status before it was invoiced (a cancelled invoice gives it back). */
    orderStatusBefore: text('order_status_before'),
    ...zatcaDocumentColumns(),
    /** unsynced, synced, failed (the accounting app). */
    accountingStatus: text('accounting_status').notNull().default('unsynced'),
    wafeqId: text('wafeq_id'),
    accountingAttempts: integer('accounting_attempts').notNull().default(0),
    accountingNextAttemptAt: timestamp('accounting_next_attempt_at', { withTimezone: true }),
    accountingError: text('accounting_error'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('invoices_tenant_number').on(t.tenantId, t.number),
    // One live tax invoice an order; a credit note answers one invoice once.
    unique('invoices_original').on(t.tenantId, t.originalInvoiceId),
    index('invoices_order').on(t.tenantId, t.orderId),
    // The refunds list (one type) and the documents of every type, each newest first.
    index('invoices_list').on(t.tenantId, t.type, t.issuedAt, t.number),
    index('invoices_issued').on(t.tenantId, t.issuedAt, t.number),
    unique('invoices_icv').on(t.tenantId, t.icv),
    foreignKey({ columns: [t.tenantId, t.originalInvoiceId], foreignColumns: [t.tenantId, t.id] }),
  ],
);
export type InvoiceRow = typeof invoices.$inferSelect;

/** Quotations (spec §3: quotationNumber, customerName, totalAmount, createdAt, status pending / approved / rejected). */
export type QuotationItem = { name: string; type: string; service_id: string | null; product_id: string | null; quantity: number; unit_price: number; taxes: { tax_id: string | null; name: string; rate_bps: number }[] };

export const quotations = pgTable(
  'quotations',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    number: integer('number').notNull(),
    customerId: uuid('customer_id'),
    customerName: text('customer_name'),
    branchId: uuid('branch_id'),
    currency: text('currency').notNull(),
    items: jsonb('items').$type<QuotationItem[]>().notNull(),
    subtotal: money('subtotal'),
    taxAmount: money('tax_amount'),
    total: money('total'),
    notes: text('notes'),
    /** pending, approved, rejected. */
    status: text('status').notNull().default('pending'),
    validUntil: text('valid_until'),
    /** The order it became. */
    orderId: uuid('order_id'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('quotations_tenant_number').on(t.tenantId, t.number),
    index('quotations_list').on(t.tenantId, t.createdAt, t.number),
  ],
);
export type QuotationRow = typeof quotations.$inferSelect;

/**
 * The business's e-invoicing unit (EGS) with ZATCA (spec §3 E-invoice configuration): the CSR's
 * fields, the environment, the keys and certificates (private key and secrets encrypted with the
 * server's key, lib/secret-box.ts) and the head of its hash chain (the last counter and hash).
 */
export const zatcaDevices = pgTable(
  'zatca_devices',
  {
    tenantId: tenantId(),
    ...zatcaUnitColumns(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), unique('zatca_devices_tenant').on(t.tenantId)],
);
export type ZatcaDeviceRow = typeof zatcaDevices.$inferSelect;
/** A unit, whoever owns it. */
export type ZatcaUnit = Omit<ZatcaDeviceRow, 'tenantId'>;

/** An accounting app the business connected (Wafeq): its API key sealed (lib/secret-box.ts). */
export const accountingApps = pgTable(
  'accounting_apps',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    /** wafeq. */
    app: text('app').notNull(),
    apiKeyEnc: text('api_key_enc').notNull(),
    /** The organisation the key belongs to, as the app named it. */
    organization: text('organization'),
    /** simulation (the local simulator) or production. */
    environment: text('environment').notNull().default('simulation'),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), unique('accounting_apps_app').on(t.tenantId, t.app)],
);
export type AccountingAppRow = typeof accountingApps.$inferSelect;
