import { describe, expect, it } from 'vitest';
import { allocated, changeOf, checkoutRequest, currentTip, feesWithTip, newPaymentDraft, nextRowAmount, type PaymentDraft, planCheckout, tipBase, tipFor, visitsToComplete } from './checkout';

const row = (method: PaymentDraft['method'], amount: string, extra: Partial<PaymentDraft> = {}): PaymentDraft => ({ ...newPaymentDraft(method, amount), ...extra });
const pdf = () => new File(['%PDF-1.4'], 'transfer.pdf', { type: 'application/pdf' });

describe('change and split math', () => {
  it('gives change only above the amount', () => {
    expect(changeOf(15_000, 20_000)).toBe(5_000);
    expect(changeOf(15_000, 15_000)).toBe(0);
    expect(changeOf(15_000, 10_000)).toBe(0);
  });

  it('starts a new row with what the others leave of the amount due, never below zero', () => {
    const rows = [row('cash', '50'), row('card', 'oops')];
    expect(allocated(rows, 'SAR')).toBe(5_000);
    expect(nextRowAmount(11_500, rows, 'SAR')).toBe('65.00');
    expect(nextRowAmount(4_000, rows, 'SAR')).toBe('0.00');
    expect(nextRowAmount(1_250, [], 'KWD')).toBe('1.250');
    expect(allocated(rows, 'SAR', rows[0]!.key)).toBe(0);
  });

  it('plans cash with the amount received and card: the body, the change, nothing left', () => {
    const plan = planCheckout([row('cash', '50', { tendered: '100' }), row('card', '65.00', { reference: ' POS-1 ' })], { due: 11_500, currency: 'SAR', completeVisit: true });
    expect(plan).toMatchObject({ ok: true, total: 11_500, change: 5_000, left: 0 });
    if (!plan.ok) throw new Error('not ok');
    expect(plan.body).toEqual({
      payments: [
        { payment_method: 'cash', amount: 5_000, tendered_amount: 10_000 },
        { payment_method: 'card', amount: 6_500, reference_no: 'POS-1' },
      ],
      complete_bookings: true,
    });
    expect(plan.receipts.size).toBe(0);
  });

  it('accepts Arabic digits and a decimal comma, and leaves the rest unpaid for later', () => {
    const plan = planCheckout([row('cash', '٢٠٫٥')], { due: 5_000, currency: 'SAR', completeVisit: false });
    expect(plan).toMatchObject({ ok: true, total: 2_050, left: 2_950 });
    if (plan.ok) expect(plan.body).toEqual({ payments: [{ payment_method: 'cash', amount: 2_050 }] });
  });

  it('refuses more than is due, an amount received below the amount, and bad amounts, by field', () => {
    const over = planCheckout([row('cash', '60'), row('card', '60')], { due: 11_500, currency: 'SAR', completeVisit: false });
    expect(over).toMatchObject({ ok: false, errors: { payments: 'over_due' }, total: 12_000 });
    const short = planCheckout([row('cash', '50', { tendered: '40' })], { due: 11_500, currency: 'SAR', completeVisit: false });
    expect(short).toMatchObject({ ok: false, errors: { 'payments.0.tendered_amount': 'tendered_below' } });
    const bad = planCheckout([row('card', ''), row('cash', '0'), row('cash', '1.234')], { due: 11_500, currency: 'SAR', completeVisit: false });
    expect(bad).toMatchObject({ ok: false, errors: { 'payments.0.amount': 'required', 'payments.1.amount': 'positive', 'payments.2.amount': 'too_many_decimals' } });
    const paid = planCheckout([row('cash', '1')], { due: 0, currency: 'SAR', completeVisit: true });
    expect(paid).toMatchObject({ ok: false, errors: { payments: 'nothing_due' } });
  });

  it('completes a paid visit with no payment rows', () => {
    expect(planCheckout([], { due: 0, currency: 'SAR', completeVisit: true })).toMatchObject({ ok: true, body: { payments: [], complete_bookings: true } });
  });

  it('needs a receipt for a bank transfer and sends it as multipart by index', () => {
    const missing = planCheckout([row('card', '10'), row('bank_transfer', '20')], { due: 5_000, currency: 'SAR', completeVisit: false });
    expect(missing).toMatchObject({ ok: false, errors: { 'payments.1.receipt': 'receipt_required' } });
    const plan = planCheckout([row('card', '10'), row('bank_transfer', '20', { receipt: pdf(), bank_account_id: 'acc-1' })], { due: 5_000, currency: 'SAR', completeVisit: false });
    if (!plan.ok) throw new Error('not ok');
    expect(plan.body.payments[1]).toEqual({ payment_method: 'bank_transfer', amount: 2_000, bank_account_id: 'acc-1' });
    const req = checkoutRequest(plan.body, plan.receipts);
    expect(req).toBeInstanceOf(FormData);
    const form = req as FormData;
    expect(JSON.parse(String(form.get('payload')))).toEqual(plan.body);
    expect((form.get('receipt.1') as File).name).toBe('transfer.pdf');
    expect(checkoutRequest({ payments: [] }, new Map())).toEqual({ payments: [] });
  });
});

describe('tips', () => {
  const order = { subtotal: 20_000, discount: { amount: 2_000 } };

  it('takes a percentage of the lines after discount, rounded to the minor unit', () => {
    expect(tipBase(order)).toBe(18_000);
    expect(tipFor(18_000, 10)).toBe(1_800);
    expect(tipFor(18_000, 15)).toBe(2_700);
    expect(tipFor(333, 15)).toBe(50);
    expect(tipBase({ subtotal: 1_000, discount: null })).toBe(1_000);
  });

  it('replaces the tip among the fees and keeps the others', () => {
    const fees = [
      { title: 'Towel', value: 200, tip: false },
      { title: 'Tip', value: 500, tip: true },
    ];
    expect(currentTip(fees)).toBe(500);
    expect(feesWithTip(fees, 1_800, 'إكرامية')).toEqual([
      { title: 'Towel', value: 200 },
      { title: 'إكرامية', value: 1_800, tip: true },
    ]);
    expect(feesWithTip(fees, null, 'Tip')).toEqual([{ title: 'Towel', value: 200 }]);
    expect(feesWithTip(fees, 0, 'Tip')).toEqual([{ title: 'Towel', value: 200 }]);
  });
});

describe('visits to complete', () => {
  it('counts the confirmed appointments of today (business clock) and before', () => {
    const now = Date.parse('2030-05-01T18:00:00.000Z'); // 21:00 in Riyadh
    const item = (status: string, start: string) => ({ booking: { status, start_time: start } });
    const items = [
      item('confirmed', '2030-05-01T20:30:00.000Z'), // 23:30 today
      item('confirmed', '2030-04-29T09:00:00.000Z'),
      item('confirmed', '2030-05-01T21:00:00.000Z'), // 00:00 tomorrow
      item('pending', '2030-05-01T10:00:00.000Z'),
      { booking: null },
    ];
    expect(visitsToComplete(items, 'Asia/Riyadh', now)).toBe(2);
  });
});
