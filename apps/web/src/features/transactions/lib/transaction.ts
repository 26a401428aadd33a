import { currencyDigits } from '@app/shared/currencies';
import { minorToDecimalString, toMinor } from '@app/shared/money';
import { RECEIPT_MAX_BYTES, type RecordedPaymentMethod } from '@app/shared/schemas/transactions';
import { RECEIPT_MIME_TYPES, type TransactionStatus } from '@app/shared/states/transaction';

/** Badge colours of the transaction statuses. */
export const STATUS_COLORS: Record<TransactionStatus, string> = {
  pending: 'gray',
  wait: 'orange',
  confirmed: 'green',
  refused: 'red',
};

export const RECEIPT_ACCEPT = RECEIPT_MIME_TYPES.join(',');

const ARABIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;

/** "١٢٫٥" / "12,5" / " 12.5 " → "12.5" (as typed on an Arabic keyboard). */
export function normalizeAmount(text: string): string {
  return text
    .trim()
    .replace(ARABIC_DIGITS, (d) => String(d.charCodeAt(0) & 0xf))
    .replace(/[\u066B,]/g, '.')
    .replace(/[\u066C\s]/g, '');
}

export type AmountError = 'required' | 'invalid' | 'too_many_decimals' | 'positive' | 'exceeds';
export type ParsedAmount = { ok: true; value: number } | { ok: false; error: AmountError };

/** An amount typed in major units → minor units: more than zero, at most `max` (what is left to pay). */
export function parseAmount(text: string, currency: string, max: number): ParsedAmount {
  const s = normalizeAmount(text);
  if (s === '') return { ok: false, error: 'required' };
  if (!/^-?\d+(\.\d+)?$/.test(s)) return { ok: false, error: 'invalid' };
  const decimals = s.split('.')[1]?.length ?? 0;
  if (decimals > currencyDigits(currency)) return { ok: false, error: 'too_many_decimals' };
  const minor = toMinor(s, currency);
  if (minor === null) return { ok: false, error: 'invalid' };
  if (minor <= 0) return { ok: false, error: 'positive' };
  if (minor > max) return { ok: false, error: 'exceeds' };
  return { ok: true, value: minor };
}

/** The amount field's starting text: what is left to pay, in major units. */
export const remainingText = (remaining: number, currency: string) => minorToDecimalString(remaining, currency);

export type ReceiptError = 'receipt_required' | 'receipt_type' | 'receipt_size';

/** A receipt picked in the form, checked before upload (the server checks the bytes again). */
export function checkReceipt(file: File | null, method: RecordedPaymentMethod | null): ReceiptError | null {
  if (!file) return method === 'bank_transfer' ? 'receipt_required' : null;
  if (!(RECEIPT_MIME_TYPES as readonly string[]).includes(file.type)) return 'receipt_type';
  if (file.size > RECEIPT_MAX_BYTES) return 'receipt_size';
  return null;
}

export type PaymentFormValues = {
  payment_method: RecordedPaymentMethod | null;
  amount: string;
  reference_no: string;
  bank_account_id: string | null;
  notes: string;
  receipt: File | null;
};

/** Form errors as translation keys of the `sales` namespace (`form.errors.*`), by field. */
export function validatePayment(values: PaymentFormValues, ctx: { currency: string; remaining: number }): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.payment_method) errors.payment_method = 'required';
  const amount = parseAmount(values.amount, ctx.currency, ctx.remaining);
  if (!amount.ok) errors.amount = amount.error;
  const receipt = checkReceipt(values.receipt, values.payment_method);
  if (receipt) errors.receipt = receipt;
  return errors;
}

/** The file name of a receipt download: the stored name, else one from its type. */
export function receiptFileName(name: string | undefined, mime: string, number: number): string {
  if (name) return name;
  const ext = mime === 'application/pdf' ? 'pdf' : (mime.split('/')[1] ?? 'bin');
  return `receipt-${number}.${ext}`;
}
