import { describe, expect, it } from 'vitest';
import { addLine, emptyOrderForm, estimate, type LineDraft, lineErrors, QUANTITY_MAX, toItemInput, toOrderBody } from './order-form';

const line = (over: Partial<LineDraft> = {}): LineDraft => ({
  key: 'l1',
  type: 'service',
  ref_id: 'svc-1',
  combination_id: null,
  quantity: 1,
  name: 'Cut',
  unit_price: 5000,
  ...over,
});

describe('toItemInput', () => {
  it('builds the API item of each kind', () => {
    expect(toItemInput(line())).toEqual({ type: 'service', service_id: 'svc-1', quantity: 1 });
    expect(toItemInput(line({ type: 'product', ref_id: 'p', combination_id: 'c', quantity: 3 }))).toEqual({ type: 'product', product_id: 'p', combination_id: 'c', quantity: 3 });
    expect(toItemInput(line({ type: 'package', ref_id: 'pk', quantity: 2 }))).toEqual({ type: 'package', package_id: 'pk', quantity: 2 });
  });

  it('keeps the quantity a whole number in range', () => {
    expect(toItemInput(line({ quantity: 0 }))).toMatchObject({ quantity: 1 });
    expect(toItemInput(line({ quantity: 2.7 }))).toMatchObject({ quantity: 2 });
    expect(toItemInput(line({ quantity: 1e6 }))).toMatchObject({ quantity: QUANTITY_MAX });
  });
});

describe('addLine', () => {
  it('adds to the quantity of the same item and combination instead of a second line', () => {
    const a = line({ type: 'product', ref_id: 'p', combination_id: 'red', quantity: 1 });
    const lines = addLine([a], { ...a, key: 'l2', quantity: 2 });
    expect(lines).toHaveLength(1);
    expect(lines[0]?.quantity).toBe(3);
    expect(addLine(lines, { ...a, key: 'l3', combination_id: 'blue' })).toHaveLength(2);
  });
});

describe('toOrderBody', () => {
  it('sends waiting-review only when chosen', () => {
    const out = toOrderBody({ ...emptyOrderForm(), lines: [line()], status: 'waiting-review' }, 'SAR', false);
    expect(out.ok && out.body.status).toBe('waiting-review');
    const plain = toOrderBody({ ...emptyOrderForm(), lines: [line()] }, 'SAR', false);
    expect(plain.ok && 'status' in plain.body).toBe(false);
  });

  it('builds the POST /orders body in minor units', () => {
    const v = {
      ...emptyOrderForm(),
      customer: { id: 'cus', name: 'Sara' },
      lines: [line(), line({ key: 'l2', type: 'product', ref_id: 'p', quantity: 2 })],
      discount_type: 'percentage' as const,
      discount_value: '10',
      fees: [{ title: 'Delivery', value: '15' }],
      transport_fee: '7.5',
      notes: '  by the door ',
    };
    expect(toOrderBody(v, 'SAR', false)).toEqual({
      ok: true,
      body: {
        customer_id: 'cus',
        is_draft: false,
        items: [
          { type: 'service', service_id: 'svc-1', quantity: 1 },
          { type: 'product', product_id: 'p', combination_id: null, quantity: 2 },
        ],
        discount: { type: 'percentage', value: 1000 },
        fees: [{ title: 'Delivery', value: 1500 }],
        transport_fee: 750,
        notes: 'by the door',
      },
    });
  });

  it('a guest draft with no discount', () => {
    const out = toOrderBody({ ...emptyOrderForm(), lines: [line()] }, 'SAR', true);
    expect(out).toMatchObject({ ok: true, body: { customer_id: null, is_draft: true, discount: null, fees: [], transport_fee: 0, notes: null } });
  });

  it('reports every problem before anything is sent', () => {
    const out = toOrderBody({ ...emptyOrderForm(), discount_type: 'fixed', discount_value: '1.234', transport_fee: '-1', fees: [{ title: '', value: '3' }] }, 'SAR', false);
    expect(out).toEqual({ ok: false, errors: { items: 'no_items', discount_value: 'too_many_decimals', transport_fee: 'negative', 'fees.0.title': 'required' } });
  });
});

describe('estimate', () => {
  it('items less the discount plus fees and transport (taxes are the server’s)', () => {
    const v = { ...emptyOrderForm(), lines: [line({ quantity: 2 })], discount_type: 'fixed' as const, discount_value: '20', fees: [{ title: 'x', value: '5' }], transport_fee: '10' };
    expect(estimate(v, 'SAR')).toEqual({ subtotal: 10_000, discount: 2000, extras: 1500, total: 9500 });
  });

  it('caps a fixed discount at the subtotal and ignores an invalid one', () => {
    expect(estimate({ ...emptyOrderForm(), lines: [line()], discount_type: 'fixed', discount_value: '999' }, 'SAR').discount).toBe(5000);
    expect(estimate({ ...emptyOrderForm(), lines: [line()], discount_type: 'fixed', discount_value: 'x' }, 'SAR').discount).toBe(0);
  });
});

describe('lineErrors', () => {
  it('puts items.N.* errors under the Nth line', () => {
    const lines = [line(), line({ key: 'l2' })];
    expect(lineErrors({ 'items.1.quantity': 'Only 2 left', customer_id: 'x' }, lines)).toEqual({ l2: 'Only 2 left' });
    expect(lineErrors({ 'items.5.quantity': 'x' }, lines)).toEqual({});
  });
});
