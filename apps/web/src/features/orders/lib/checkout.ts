import { minorToDecimalString, percentOf } from '@app/shared/money';
import { addDays, localDateOf, zonedToUtc } from '@app/shared/scheduling/zoned';
import type { FeeInput } from '@app/shared/schemas/orders';
import type { CheckoutBody, RecordedPaymentMethod } from '@app/shared/schemas/transactions';
import { type AmountError, checkReceipt, parseAmount, type ReceiptError } from '@/features/transactions/lib/transaction';

/**
 * The checkout drawer's arithmetic, kept apart from the screen so it is tested on its own. Amounts
 * are typed in major units ("12.50") and worked in integer minor units of the order's currency.
 */

/** One payment row of the drawer: a method, its amount and, for cash, what the customer handed over. */
export type PaymentDraft = {
  key: string;
  method: RecordedPaymentMethod;
  amount: string;
  /** Cash only: the amount received ("50"); empty: exactly the amount. */
  tendered: string;
  bank_account_id: string | null;
  reference: string;
  /** Bank transfer only: the transfer's receipt. */
  receipt: File | null;
};

let seq = 0;
export const newPaymentDraft = (method: RecordedPaymentMethod, amount: string): PaymentDraft => ({
  key: `pay-${++seq}`,
  method,
  amount,
  tendered: '',
  bank_account_id: null,
  reference: '',
  receipt: null,
});

/**
 * The appointments "Complete the visit" moves: confirmed ones starting before the end of today in
 * the business's time zone (the API's rule; later visits of the same order stay confirmed).
 */
export function visitsToComplete(items: readonly { booking: { status: string; start_time: string } | null }[], zone: string, now: number = Date.now()): number {
  const endOfToday = zonedToUtc(addDays(localDateOf(now, zone), 1), '00:00', zone);
  return items.filter((i) => i.booking?.status === 'confirmed' && Date.parse(i.booking.start_time) < endOfToday).length;
}

/** Quick tip buttons, in percent of the visit's value (the lines after discount, before tax). */
export const TIP_PERCENTS = [10, 15, 20] as const;

/** What a percentage tip is taken of: the lines' subtotal less the discount (no tax, no fees). */
export const tipBase = (order: { subtotal: number; discount: { amount: number } | null }) => Math.max(0, order.subtotal - (order.discount?.amount ?? 0));

/** `percent` % of `base`, rounded to the minor unit (half away from zero, as the pricing module). */
export const tipFor = (base: number, percent: number) => percentOf(base, Math.round(percent * 100));

/** The current tip of the order's fees (0: none). */
export const currentTip = (fees: readonly { value: number; tip: boolean }[]) => fees.filter((f) => f.tip).reduce((a, f) => a + f.value, 0);

/**
 * The order's fees with its tip replaced by `amount` (0 or null: no tip), for `update-details`. The
 * other fees are sent back unchanged.
 */
export function feesWithTip(fees: readonly { title: string; value: number; tip: boolean }[], amount: number | null, title: string): FeeInput[] {
  const others: FeeInput[] = fees.filter((f) => !f.tip).map((f) => ({ title: f.title, value: f.value }));
  return amount && amount > 0 ? [...others, { title, value: amount, tip: true }] : others;
}

/** A cash payment's change: what was handed over beyond the amount (never below 0). */
export const changeOf = (amount: number, tendered: number) => Math.max(0, tendered - amount);

/** What the rows other than `except` already take of `due` (rows that do not parse count as 0). */
export function allocated(rows: readonly PaymentDraft[], currency: string, except?: string): number {
  let sum = 0;
  for (const row of rows) {
    if (row.key === except) continue;
    const parsed = parseAmount(row.amount, currency, Number.MAX_SAFE_INTEGER);
    if (parsed.ok) sum += parsed.value;
  }
  return sum;
}

/** The amount a new row ("Add another method") starts with: what the other rows leave of `due`. */
export const nextRowAmount = (due: number, rows: readonly PaymentDraft[], currency: string) => minorToDecimalString(Math.max(0, due - allocated(rows, currency)), currency);

export type CheckoutError = AmountError | ReceiptError | 'tendered_below' | 'over_due' | 'nothing_due';

export type CheckoutPlan =
  | {
      ok: true;
      body: CheckoutBody;
      /** Receipts by payment index (bank transfers). */
      receipts: Map<number, File>;
      total: number;
      /** Change to hand back over all cash rows. */
      change: number;
      /** What stays unpaid after these payments. */
      left: number;
    }
  | { ok: false; errors: Record<string, CheckoutError>; total: number; change: number; left: number };

/**
 * Checks the rows against what is due and builds the request: each amount above 0; together at most
 * `due`; a cash row's amount received (when typed) at least its amount; a bank transfer with its
 * receipt. Errors are keyed `payments.N.amount|tendered_amount|receipt` (the API's paths) and
 * `payments` for the whole.
 */
export function planCheckout(rows: readonly PaymentDraft[], opts: { due: number; currency: string; completeVisit: boolean }): CheckoutPlan {
  const errors: Record<string, CheckoutError> = {};
  const payments: CheckoutBody['payments'] = [];
  const receipts = new Map<number, File>();
  let total = 0;
  let change = 0;
  rows.forEach((row, i) => {
    const at = `payments.${i}`;
    const amount = parseAmount(row.amount, opts.currency, Number.MAX_SAFE_INTEGER);
    if (!amount.ok) {
      errors[`${at}.amount`] = amount.error;
      return;
    }
    total += amount.value;
    const payment: CheckoutBody['payments'][number] = { payment_method: row.method, amount: amount.value };
    if (row.method === 'cash' && row.tendered.trim() !== '') {
      const tendered = parseAmount(row.tendered, opts.currency, Number.MAX_SAFE_INTEGER);
      if (!tendered.ok) errors[`${at}.tendered_amount`] = tendered.error;
      else if (tendered.value < amount.value) errors[`${at}.tendered_amount`] = 'tendered_below';
      else {
        payment.tendered_amount = tendered.value;
        change += changeOf(amount.value, tendered.value);
      }
    }
    if (row.method === 'bank_transfer') {
      const bad = checkReceipt(row.receipt, row.method);
      if (bad) errors[`${at}.receipt`] = bad;
      else if (row.receipt) receipts.set(i, row.receipt);
      if (row.bank_account_id) payment.bank_account_id = row.bank_account_id;
    }
    if (row.reference.trim()) payment.reference_no = row.reference.trim();
    payments.push(payment);
  });
  if (rows.length > 0 && opts.due === 0) errors.payments = 'nothing_due';
  else if (total > opts.due) errors.payments = 'over_due';
  const left = Math.max(0, opts.due - total);
  if (Object.keys(errors).length) return { ok: false, errors, total, change, left };
  return { ok: true, body: { payments, ...(opts.completeVisit ? { complete_bookings: true } : {}) }, receipts, total, change, left };
}

/** The request: JSON, or multipart (`payload` + `receipt.N`) when a bank transfer carries its receipt. */
export function checkoutRequest(body: CheckoutBody, receipts: ReadonlyMap<number, File>): CheckoutBody | FormData {
  if (receipts.size === 0) return body;
  const form = new FormData();
  form.append('payload', JSON.stringify(body));
  for (const [i, file] of receipts) form.append(`receipt.${i}`, file);
  return form;
}
