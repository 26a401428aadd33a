import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate, discountAmount, priceOrder } from './pricing';
import { withSeed } from './testing/property';

const vat = [{ id: 't', name: 'VAT', rateBps: 1500 }];

describe('priceOrder', () => {
  it('taxes the lines, and the fees and transport fee at the standard rate once a line is taxed', () => {
    const r = priceOrder({
      lines: [
        { key: 'a', unitPrice: 10000, quantity: 1, taxes: vat },
        { key: 'b', unitPrice: 333, quantity: 3, taxes: [] },
      ],
      fees: [{ title: 'Service', amount: 500 }],
      transportFee: 2000,
    });
    expect(r.subtotal).toBe(10999);
    expect(r.lines[0]).toMatchObject({ subtotal: 10000, discount: 0, tax: 1500, total: 11500 });
    expect(r.lines[1]).toMatchObject({ subtotal: 999, tax: 0, total: 999 });
    expect(r.charges.map((c) => [c.key, c.amount, c.tax])).toEqual([
      ['fee-0', 500, 75],
      ['transport', 2000, 300],
    ]);
    expect(r.total).toBe(10999 + 1500 + 500 + 75 + 2000 + 300);
  });

  it('leaves the charges untaxed when no line is taxed', () => {
    const r = priceOrder({ lines: [{ key: 'a', unitPrice: 999, quantity: 1, taxes: [] }], fees: [{ title: 'Tip', amount: 100 }], transportFee: 300 });
    expect(r.tax).toBe(0);
    expect(r.total).toBe(1399);
  });

  it('spreads a percentage discount over the lines before tax', () => {
    const r = priceOrder({
      lines: [
        { key: 'a', unitPrice: 10000, quantity: 1, taxes: vat },
        { key: 'b', unitPrice: 5000, quantity: 2, taxes: vat },
      ],
      discount: { type: 'percentage', value: 1000 },
    });
    expect(r.discount).toBe(2000);
    expect(r.lines.map((l) => l.discount)).toEqual([1000, 1000]);
    expect(r.tax).toBe(1350 + 1350);
    expect(r.total).toBe(20000 - 2000 + 2700);
  });

  it('takes a discount limited to some lines (a coupon for a service) on those lines only, capped at them', () => {
    const lines = [
      { key: 'a', unitPrice: 10000, quantity: 1, taxes: vat },
      { key: 'b', unitPrice: 5000, quantity: 2, taxes: vat },
      { key: 'c', unitPrice: 3000, quantity: 1, taxes: vat },
    ];
    const pct = priceOrder({ lines, discount: { type: 'percentage', value: 2000, lines: [false, true, true] } });
    expect(pct.discount).toBe(2600);
    expect(pct.lines.map((l) => l.discount)).toEqual([0, 2000, 600]);
    const fixed = priceOrder({ lines, discount: { type: 'fixed', value: 50_000, lines: [false, false, true] } });
    expect(fixed.discount).toBe(3000);
    expect(fixed.lines.map((l) => l.discount)).toEqual([0, 0, 3000]);
    expect(priceOrder({ lines, discount: { type: 'fixed', value: 500, lines: [false, false, false] } }).discount).toBe(0);
  });

  it('caps a fixed discount at the subtotal', () => {
    expect(discountAmount(500, { type: 'fixed', value: 900 })).toBe(500);
    expect(discountAmount(500, { type: 'percentage', value: 20000 })).toBe(500);
    expect(discountAmount(0, { type: 'fixed', value: 900 })).toBe(0);
  });

  it('allocates exactly, whatever the weights', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.array(fc.nat(100_000), { minLength: 1, maxLength: 12 }), (amount, weights) => {
        const parts = allocate(amount, weights);
        const total = weights.reduce((a, b) => a + b, 0);
        if (total === 0) return parts.every((p) => p === 0);
        return parts.reduce((a, b) => a + b, 0) === amount && parts.every((p) => Number.isInteger(p) && p >= 0);
      }),
      withSeed(),
    );
  });

  it('keeps totals consistent: lines add up to the order, never negative', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ unitPrice: fc.nat(1_000_000), quantity: fc.integer({ min: 1, max: 20 }), rate: fc.constantFrom(0, 500, 1500) }), { minLength: 1, maxLength: 8 }),
        fc.option(fc.record({ type: fc.constantFrom('fixed' as const, 'percentage' as const), value: fc.nat(2_000_000) })),
        (rows, discount) => {
          const r = priceOrder({
            lines: rows.map((x, i) => ({ key: String(i), unitPrice: x.unitPrice, quantity: x.quantity, taxes: x.rate ? [{ id: null, name: 't', rateBps: x.rate }] : [] })),
            discount,
          });
          const sum = r.lines.reduce((a, l) => a + l.total, 0);
          return sum === r.total && r.lines.every((l) => l.taxable >= 0 && l.total >= 0) && r.lines.reduce((a, l) => a + l.discount, 0) === r.discount;
        },
      ),
      withSeed(),
    );
  });
});
