import { z } from 'zod';
import { TRANSACTION_STATUSES } from '../states/transaction';
import { optionalText, cursorField, keysetMeta, uuidField } from './common';
import { dateField } from './providers';
import { PAYMENT_METHODS } from './settings';

/**
 * Payments on an order (issue 5 §5, spec §3–4 Transaction): recording one, the list and one
 * transaction, approve / reject of a bank-transfer receipt, the trash, payment links and the public
 * pay page. Money is integer minor units of the order's currency.
 */

/** Methods staff record by hand. `online` payments only come from the payment gateway (a payment link). */
export const RECORDED_PAYMENT_METHODS = ['cash', 'card', 'bank_transfer'] as const;
export type RecordedPaymentMethod = (typeof RECORDED_PAYMENT_METHODS)[number];

/** A bank-transfer receipt: jpeg, gif, png or pdf (told by its bytes), at most 5 MB. */
export const RECEIPT_MAX_BYTES = 5 * 1024 * 1024;
/** How long a payment link stays payable. */
export const PAYMENT_LINK_TTL_HOURS = 72;

/** Optional text where empty means none (null). Multipart forms send empty strings for blank fields. */
const nullableText = (max: number) =>
  optionalText(max)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null));

export const amountField = z
  .number('number')
  .int('integer')
  .positive('positive')
  .max(Number.MAX_SAFE_INTEGER, 'invalid');

/**
 * `POST /orders/:id/transactions`: JSON, or multipart with the same fields (as text) and the file
 * `receipt` (required for a bank transfer).
 */
export const recordPaymentBody = z.object({
  payment_method: z.enum(RECORDED_PAYMENT_METHODS, 'invalid'),
  /** Minor units, at most what is left to pay. */
  amount: amountField,
  reference_no: nullableText(100),
  bank_account_id: uuidField.nullable().optional(),
  notes: nullableText(1000),
  /** Cash only: what the customer handed over (at least `amount`); the change due is the difference. */
  tendered_amount: amountField.nullable().optional(),
});
export type RecordPaymentBody = z.input<typeof recordPaymentBody>;

/** The most payment rows of one checkout (split across methods). */
export const CHECKOUT_PAYMENTS_MAX = 5;

/** One payment of a checkout: as a recorded payment, without notes. */
export const checkoutPaymentInput = z.object({
  payment_method: z.enum(RECORDED_PAYMENT_METHODS, 'invalid'),
  amount: amountField,
  tendered_amount: amountField.nullable().optional(),
  bank_account_id: uuidField.nullable().optional(),
  reference_no: nullableText(100),
});
export type CheckoutPaymentInput = z.input<typeof checkoutPaymentInput>;

/**
 * `POST /orders/:id/checkout`: every payment at once (split across methods), in one transaction with
 * the order locked; together they pay at most what is left. JSON, or multipart with this body as the
 * JSON text of the field `payload` and each bank transfer's receipt as the file `receipt.N` (N: the
 * payment's index). `complete_bookings`: the order's confirmed appointments of today (and before)
 * become completed.
 */
export const checkoutBody = z.object({
  payments: z.array(checkoutPaymentInput, 'array').max(CHECKOUT_PAYMENTS_MAX, 'max_items'),
  complete_bookings: z.boolean('boolean').optional(),
  notes: nullableText(1000),
});
export type CheckoutBody = z.input<typeof checkoutBody>;
export type CheckoutBodyParsed = z.output<typeof checkoutBody>;

export const rejectTransactionBody = z.object({ reason: nullableText(500) }).optional();
export type RejectTransactionBody = z.input<typeof rejectTransactionBody>;

export const transactionAttachmentSchema = z.object({ name: z.string(), mime: z.string(), url: z.string() });

export const transactionSchema = z.object({
  id: z.string(),
  number: z.number(),
  order_id: z.string(),
  order_number: z.number().nullable(),
  customer_id: z.string().nullable(),
  customer: z.object({ id: z.string(), name: z.string() }).nullable(),
  branch_id: z.string().nullable(),
  /** created_at. */
  date: z.string(),
  payment_method: z.enum(PAYMENT_METHODS),
  /** payment, or refund: money given back with a credit note (`invoice_id`), by the method it was paid. */
  kind: z.enum(['payment', 'refund']),
  invoice_id: z.string().nullable(),
  amount: z.number(),
  /** Cash handed over (null: not recorded); `change_due` = tendered − amount. */
  tendered_amount: z.number().nullable(),
  change_due: z.number(),
  currency: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  /** The receipt, served only by `GET /transactions/:id/receipt` (private). */
  attachments: z.array(transactionAttachmentSchema),
  payment_gateway_id: z.string().nullable(),
  reference_no: z.string().nullable(),
  bank_account_id: z.string().nullable(),
  notes: z.string().nullable(),
  refusal_reason: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  read_at: z.string().nullable(),
  deleted_at: z.string().nullable(),
  created_at: z.string(),
});
export type Transaction = z.infer<typeof transactionSchema>;

const flag = z.enum(['1', '0', 'true', 'false'], 'invalid').transform((v) => v === '1' || v === 'true');

export const transactionsQuery = z.object({
  page: z.coerce.number().int('integer').min(1, 'gte').max(100_000).default(1),
  per_page: z.coerce.number().int('integer').min(1, 'gte').max(100, 'lte').default(25),
  /** The page next to a known one (its meta's `next_cursor` or `prev_cursor`); `page` then only labels it. */
  cursor: cursorField.optional(),
  status: z.enum(TRANSACTION_STATUSES, 'invalid').optional(),
  payment_method: z.enum(PAYMENT_METHODS, 'invalid').optional(),
  order_id: uuidField.optional(),
  customer_id: uuidField.optional(),
  /** Defaults to the account's current branch (the top bar's switch); none means every branch. */
  branch_id: uuidField.optional(),
  /** The business's local days, inclusive. */
  from: dateField.optional(),
  to: dateField.optional(),
  /** Transaction number, order number, customer name or phone. */
  search: optionalText(100).optional(),
  /** Only the trash (1) or only live transactions (default). */
  trashed: flag.optional(),
});
export type TransactionsQuery = z.input<typeof transactionsQuery>;
export const transactionsPage = z.object({ data: z.array(transactionSchema), meta: keysetMeta });

/** What the record-payment form offers: the enabled methods staff record, and the bank accounts. */
export const paymentOptionsSchema = z.object({
  methods: z.array(z.enum(RECORDED_PAYMENT_METHODS)),
  bank_accounts: z.array(z.object({ id: z.string(), bank_name: z.string(), beneficiary_name: z.string(), iban: z.string() })),
});
export type PaymentOptions = z.infer<typeof paymentOptionsSchema>;

export const paymentLinkSchema = z.object({ url: z.string(), expires_at: z.string(), amount: z.number() });
export type PaymentLink = z.infer<typeof paymentLinkSchema>;

// ---------------------------------------------------------------- the public pay page

export const PAYMENT_LINK_STATUSES = ['open', 'paid', 'failed', 'expired'] as const;
export type PaymentLinkStatus = (typeof PAYMENT_LINK_STATUSES)[number];

export const payTokenParam = z.object({ token: z.string().min(1).max(200) });

export const publicPaymentSchema = z.object({
  business: z.string(),
  order_number: z.number(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(PAYMENT_LINK_STATUSES),
  expires_at: z.string(),
  /** A visit booked on the store: the customer's own page to go back to (see, reschedule, cancel). */
  booking_url: z.string().nullable(),
});
export type PublicPayment = z.infer<typeof publicPaymentSchema>;

export const SIMULATED_OUTCOMES = ['paid', 'failed'] as const;
export const simulatePaymentBody = z.object({ outcome: z.enum(SIMULATED_OUTCOMES, 'invalid') });
export type SimulatePaymentBody = z.input<typeof simulatePaymentBody>;

// ---------------------------------------------------------------- checkout result and the receipt

export const checkoutResultSchema = z.object({
  order_id: z.string(),
  total: z.number(),
  paid_amount: z.number(),
  remaining_amount: z.number(),
  payment_status: z.string(),
  /** The payments just recorded, in the order sent. */
  transactions: z.array(transactionSchema),
  /** Change to hand back: the sum over the cash payments of tendered − amount. */
  change_due: z.number(),
  /** Appointments moved to completed. */
  completed_booking_ids: z.array(z.string()),
});
export type CheckoutResult = z.infer<typeof checkoutResultSchema>;

export const RECEIPT_SIZES = ['a4', '80mm'] as const;
export type ReceiptSize = (typeof RECEIPT_SIZES)[number];

const receiptMoney = z.number();
/**
 * `GET /orders/:id/receipt`: what a printed receipt shows, in minor units of `currency`; times are
 * ISO instants, shown in `time_zone`. Only for an order with a confirmed payment.
 */
export const receiptSchema = z.object({
  business: z.object({ name: z.string(), vat_number: z.string().nullable(), logo: z.string().nullable() }),
  /** The order's live invoice (issue 16): its number and QR (base64 TLV; null for a plain invoice). */
  invoice: z.object({ id: z.string(), number: z.number(), qr: z.string().nullable() }).nullable(),
  branch: z.object({ name: z.string(), address: z.string().nullable() }).nullable(),
  time_zone: z.string(),
  currency: z.string(),
  /** The business's own language: the receipt's default. */
  locale: z.enum(['ar', 'en']),
  order: z.object({
    id: z.string(),
    number: z.number(),
    date: z.string(),
    status: z.string(),
    payment_status: z.string(),
  }),
  customer: z.object({ name: z.string(), phone: z.string().nullable() }).nullable(),
  items: z.array(
    z.object({
      name: z.string(),
      type: z.string(),
      quantity: z.number(),
      unit_price: receiptMoney,
      subtotal: receiptMoney,
      discount_amount: receiptMoney,
      tax_amount: receiptMoney,
      total: receiptMoney,
    }),
  ),
  subtotal: receiptMoney,
  discount: z.object({ type: z.enum(['fixed', 'percentage']), value: z.number(), amount: receiptMoney }).nullable(),
  /** Tax per rate, summed over the lines. */
  taxes: z.array(z.object({ name: z.string(), rate_bps: z.number(), amount: receiptMoney })),
  tax_amount: receiptMoney,
  fees: z.array(z.object({ title: z.string(), amount: receiptMoney })),
  tip: receiptMoney,
  transport_fee: receiptMoney,
  total: receiptMoney,
  paid_amount: receiptMoney,
  remaining_amount: receiptMoney,
  /** Confirmed payments, oldest first. */
  payments: z.array(
    z.object({
      number: z.number(),
      date: z.string(),
      payment_method: z.enum(PAYMENT_METHODS),
      amount: receiptMoney,
      tendered_amount: receiptMoney.nullable(),
      change_due: receiptMoney,
    }),
  ),
  /** Bank transfers waiting for review (not counted as paid yet). */
  pending_amount: receiptMoney,
  printed_at: z.string(),
});
export type Receipt = z.infer<typeof receiptSchema>;
