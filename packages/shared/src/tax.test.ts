import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceOrder } from './pricing';
import { apportionTax, chargeTaxOf, divRound, taxDocument } from './tax';
import { withSeed } from './testing/property';

const vat = { id: 'vat', name: 'VAT', rateBps: 1500 };

describe('divRound', () => {
  it('rounds halves away from zero', () => {
    expect([divRound(15, 10), divRound(14, 10), divRound(-15, 10), divRound(-14, 10), divRound(0, 10)]).toEqual([2, 1, -2, -1, 0]);
  });
});

describe('apportionTax', () => {
  it('computes the category once: 4.54, not the 4.56 of summed line roundings (ksa_compliance #288)', () => {
    // Four lines of 0.10 SAR (VAT 0.015 each, 0.02 rounded alone) and one of 29.87 (VAT 4.4805).
    const nets = [10, 10, 10, 10, 2987];
    const alone = nets.map((n) => divRound(n * 1500, 10_000)).reduce((a, b) => a + b, 0);
    expect(alone).toBe(456);
    const { total, shares } = apportionTax(nets, 1500);
    expect(total).toBe(454);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(454);
    expect(shares).toEqual([1, 1, 2, 2, 448]);
  });

  it('shares add up to round(Σ net × rate) and each stays within a minor unit of its exact tax', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 50_000_000 }), { minLength: 1, maxLength: 40 }), fc.constantFrom(0, 500, 1000, 1500, 1234), (nets, rate) => {
        const { total, shares } = apportionTax(nets, rate);
        if (total !== divRound(nets.reduce((a, b) => a + b, 0) * rate, 10_000)) return false;
        if (shares.reduce((a, b) => a + b, 0) !== total) return false;
        return shares.every((s, i) => Math.abs(s * 10_000 - nets[i]! * rate) < 10_000);
      }),
      withSeed(),
    );
  });
});

describe('taxDocument', () => {
  it('keeps one group per tax and gives every amount its share', () => {
    const r = taxDocument([
      { net: 1000, taxes: [vat] },
      { net: 333, taxes: [vat, { id: 'm', name: 'Municipal', rateBps: 500 }] },
      { net: 50, taxes: [] },
    ]);
    expect(r.groups).toEqual([
      { ...vat, taxable: 1333, amount: 200 },
      { id: 'm', name: 'Municipal', rateBps: 500, taxable: 333, amount: 17 },
    ]);
    expect(r.perAmount).toEqual([[150], [50, 17], []]);
  });
});

describe('chargeTaxOf', () => {
  it('is the highest tax the lines carry, none when nothing is taxed', () => {
    expect(chargeTaxOf([[], []])).toBeNull();
    expect(chargeTaxOf([[{ id: 'a', name: 'A', rateBps: 500 }], [vat]])).toEqual(vat);
  });
});

describe('an order priced for ZATCA (BR-CO-14, BR-CO-15, BR-S-09, BR-KSA-51)', () => {
  it('holds for any lines, discount and charges', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ unitPrice: fc.nat(2_000_000), quantity: fc.integer({ min: 1, max: 30 }), rate: fc.constantFrom(0, 500, 1500) }), { minLength: 1, maxLength: 25 }),
        fc.option(fc.record({ type: fc.constantFrom('fixed' as const, 'percentage' as const), value: fc.nat(3_000_000) })),
        fc.array(fc.nat(100_000), { maxLength: 3 }),
        fc.nat(50_000),
        (rows, discount, fees, transportFee) => {
          const r = priceOrder({
            lines: rows.map((x, i) => ({ key: String(i), unitPrice: x.unitPrice, quantity: x.quantity, taxes: x.rate ? [{ id: `t${x.rate}`, name: `t${x.rate}`, rateBps: x.rate }] : [] })),
            discount,
            fees: fees.map((amount, i) => ({ title: `fee ${i}`, amount })),
            transportFee,
          });
          // BR-CO-14: the document's VAT is the sum of its categories.
          if (r.tax !== r.taxGroups.reduce((a, g) => a + g.amount, 0)) return false;
          // BR-S-09: each category's VAT is its taxable amount × rate, rounded once.
          if (!r.taxGroups.every((g) => g.amount === divRound(g.taxable * g.rateBps, 10_000))) return false;
          // Each category's taxable amount is the nets that carry it.
          const items = [...r.lines.map((l) => ({ net: l.taxable, taxes: l.taxes })), ...r.charges.map((c) => ({ net: c.amount, taxes: c.taxes }))];
          for (const g of r.taxGroups) {
            const carrying = items.filter((x) => x.taxes.some((t) => t.id === g.id && t.rateBps === g.rateBps));
            if (carrying.reduce((a, x) => a + x.net, 0) !== g.taxable) return false;
            const shares = carrying.map((x) => x.taxes.find((t) => t.id === g.id)!.amount);
            if (shares.reduce((a, b) => a + b, 0) !== g.amount) return false;
          }
          // BR-KSA-51 and each line within a minor unit of its own exact VAT.
          if (!r.lines.every((l) => l.total === l.taxable + l.tax && l.taxes.every((t) => Math.abs(t.amount * 10_000 - l.taxable * t.rateBps) < 10_000))) return false;
          // BR-CO-15: the total with VAT is the total without plus the VAT, and the lines and charges add up to it.
          const without = r.subtotal - r.discount + r.fees + r.transportFee;
          if (r.total !== without + r.tax) return false;
          return r.lines.reduce((a, l) => a + l.total, 0) + r.charges.reduce((a, c) => a + c.total, 0) === r.total;
        },
      ),
      withSeed(),
    );
  });
});
