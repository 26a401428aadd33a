import { isPaymentMethod, PAYMENT_METHODS, type PaymentMethodSlug } from '../schemas/settings';
import type { BookingPaymentStatus } from './booking';
import { checkTransition, defineTransitions, isOneOf, type TransitionError, type TransitionMap, terminalStatuses } from './machine';

/**
 * Transactions (payments on an order) of spec §3–4: statuses, transitions, how a payment starts and
 * the payment status an order (and its bookings) derive from what was paid. The payment methods are
 * the list the settings switch on and off (`schemas/settings`), re-exported here.
 */
export { isPaymentMethod, PAYMENT_METHODS, type PaymentMethodSlug };

export const TRANSACTION_STATUSES = ['pending', 'confirmed', 'refused', 'wait'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
export const isTransactionStatus = (v: unknown): v is TransactionStatus => isOneOf(TRANSACTION_STATUSES, v);

export const TRANSACTION_TRANSITIONS: TransitionMap<TransactionStatus> = defineTransitions(TRANSACTION_STATUSES, {
  // Started, outcome not known yet (an online payment at the gateway, a payment link): the gateway
  // confirms or refuses it, or a bank-transfer receipt is attached and it waits for review.
  pending: ['confirmed', 'refused', 'wait'],
  // A receipt under review (spec §4): an operator approves (confirmed) or rejects (refused) it.
  wait: ['confirmed', 'refused'],
  // Final. Money back goes through the order's refund (credit note), not by un-confirming a payment;
  // a refused payment is recorded again as a new transaction.
  confirmed: [],
  refused: [],
});

export const TERMINAL_TRANSACTION_STATUSES = terminalStatuses(TRANSACTION_STATUSES, TRANSACTION_TRANSITIONS);

/** Moves only a person with the transaction permission may make (approve or reject a receipt). */
export const requiresOperator = (from: unknown, to: unknown): boolean => from === 'wait' && (to === 'confirmed' || to === 'refused');

export const canTransition = (from: string, to: string): boolean => checkTransition(TRANSACTION_STATUSES, TRANSACTION_TRANSITIONS, from, to) === null;

/** null when allowed, else the error code. */
export const assertTransition = (from: string, to: string): TransitionError | null => checkTransition(TRANSACTION_STATUSES, TRANSACTION_TRANSITIONS, from, to);

/**
 * The status a payment is recorded with: cash and card taken by staff at the desk are confirmed at
 * once; a bank transfer comes with its receipt and waits for review; an online payment is pending
 * until the gateway answers.
 */
export const INITIAL_TRANSACTION_STATUS: Readonly<Record<PaymentMethodSlug, TransactionStatus>> = Object.freeze({
  cash: 'confirmed',
  card: 'confirmed',
  bank_transfer: 'wait',
  online: 'pending',
});

/** Only confirmed transactions count towards what an order has been paid. */
export const countsAsPaid = (status: unknown): boolean => status === 'confirmed';

/** Bank-transfer receipt files (spec §5). */
export const RECEIPT_MIME_TYPES = Object.freeze(['image/jpeg', 'image/gif', 'image/png', 'application/pdf'] as const);

function assertAmounts(total: number, paid: number): void {
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError(`total must be a non-negative integer of minor units, got ${total}`);
  if (!Number.isSafeInteger(paid) || paid < 0) throw new RangeError(`paid must be a non-negative integer of minor units, got ${paid}`);
}

/**
 * Payment status from the total and the confirmed payments, both in integer minor units. Nothing owed
 * (a total of 0, a free visit) is paid; paying more than the total is paid (the surplus is the
 * refund's business, not a status). Non-integers and negatives are programming errors and throw.
 */
export function paymentStatus(total: number, paid: number): BookingPaymentStatus {
  assertAmounts(total, paid);
  if (paid >= total) return 'paid';
  return paid === 0 ? 'unpaid' : 'partially-paid';
}

/** What is left to pay, never below 0. */
export function remainingAmount(total: number, paid: number): number {
  assertAmounts(total, paid);
  return Math.max(0, total - paid);
}
