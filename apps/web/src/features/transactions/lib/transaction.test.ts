import { describe, expect, it } from 'vitest';
import { recordPaymentRequest } from '../api/transactions';
import { checkReceipt, normalizeAmount, parseAmount, receiptFileName, remainingText, validatePayment } from './transaction';

const file = (type: string, size = 10) => new File([new Uint8Array(size)], 'r', { type });

describe('payment amounts', () => {
  it('reads major units typed any way into minor units', () => {
    expect(normalizeAmount(' ١٢٫٥ ')).toBe('12.5');
    expect(parseAmount('12.5', 'SAR', 10_000)).toEqual({ ok: true, value: 1250 });
    expect(parseAmount('12,50', 'SAR', 10_000)).toEqual({ ok: true, value: 1250 });
    expect(parseAmount('1.250', 'KWD', 10_000)).toEqual({ ok: true, value: 1250 });
    expect(parseAmount('100', 'SAR', 10_000)).toEqual({ ok: true, value: 10_000 });
  });

  it('refuses empty, malformed, zero, too precise and more than what is left', () => {
    expect(parseAmount('', 'SAR', 100)).toEqual({ ok: false, error: 'required' });
    expect(parseAmount('abc', 'SAR', 100)).toEqual({ ok: false, error: 'invalid' });
    expect(parseAmount('0', 'SAR', 100)).toEqual({ ok: false, error: 'positive' });
    expect(parseAmount('-1', 'SAR', 100)).toEqual({ ok: false, error: 'positive' });
    expect(parseAmount('1.234', 'SAR', 100_000)).toEqual({ ok: false, error: 'too_many_decimals' });
    expect(parseAmount('1.01', 'SAR', 100)).toEqual({ ok: false, error: 'exceeds' });
  });

  it('starts the amount at what is left', () => {
    expect(remainingText(12_345, 'SAR')).toBe('123.45');
    expect(remainingText(500, 'IQD')).toBe('500');
  });
});

describe('receipts', () => {
  it('needs one for a bank transfer, of an accepted type and size', () => {
    expect(checkReceipt(null, 'bank_transfer')).toBe('receipt_required');
    expect(checkReceipt(null, 'cash')).toBeNull();
    expect(checkReceipt(file('image/webp'), 'bank_transfer')).toBe('receipt_type');
    expect(checkReceipt(file('application/pdf', 5 * 1024 * 1024 + 1), 'bank_transfer')).toBe('receipt_size');
    for (const type of ['image/jpeg', 'image/gif', 'image/png', 'application/pdf']) expect(checkReceipt(file(type), 'bank_transfer')).toBeNull();
  });

  it('names a download', () => {
    expect(receiptFileName('scan.png', 'image/png', 3)).toBe('scan.png');
    expect(receiptFileName(undefined, 'application/pdf', 3)).toBe('receipt-3.pdf');
  });
});

describe('the record-payment form', () => {
  const base = { payment_method: 'cash' as const, amount: '50', reference_no: '', bank_account_id: null, notes: '', receipt: null };
  it('validates every field', () => {
    expect(validatePayment(base, { currency: 'SAR', remaining: 5_000 })).toEqual({});
    expect(validatePayment({ ...base, payment_method: null, amount: '60' }, { currency: 'SAR', remaining: 5_000 })).toEqual({ payment_method: 'required', amount: 'exceeds' });
    expect(validatePayment({ ...base, payment_method: 'bank_transfer' }, { currency: 'SAR', remaining: 5_000 })).toEqual({ receipt: 'receipt_required' });
  });

  it('sends JSON, or multipart with the receipt', () => {
    expect(recordPaymentRequest({ payment_method: 'cash', amount: 100, reference_no: null, bank_account_id: null, notes: 'n', receipt: null })).toEqual({ payment_method: 'cash', amount: 100, notes: 'n' });
    const receipt = file('image/png');
    const body = recordPaymentRequest({ payment_method: 'bank_transfer', amount: 100, reference_no: 'R1', bank_account_id: 'b', notes: null, receipt });
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect(form.get('amount')).toBe('100');
    expect(form.get('reference_no')).toBe('R1');
    expect(form.get('bank_account_id')).toBe('b');
    expect(form.get('notes')).toBeNull();
    expect(form.get('receipt')).toBeInstanceOf(File);
  });
});
