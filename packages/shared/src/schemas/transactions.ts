import { z } from 'zod';
import { TRANSACTION_STATUSES } from '../states/transaction';
import { optionalText, paginationMeta, uuidField } from './common';
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
});
export type RecordPaymentBody = z.input<typeof recordPaymentBody>;

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
  amount: z.number(),
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
export const transactionsPage = z.object({ data: z.array(transactionSchema), meta: paginationMeta });

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
});
export type PublicPayment = z.infer<typeof publicPaymentSchema>;

export const SIMULATED_OUTCOMES = ['paid', 'failed'] as const;
export const simulatePaymentBody = z.object({ outcome: z.enum(SIMULATED_OUTCOMES, 'invalid') });
export type SimulatePaymentBody = z.input<typeof simulatePaymentBody>;
