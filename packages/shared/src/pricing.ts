import { percentOf } from './money';

/**
 * Order pricing (DESIGN §4 Money): every amount is an integer in minor units. The order's discount
 * is spread over the lines in proportion to their subtotals (largest remainder, so the parts add up
 * exactly), each line's taxes are computed on what is left of it and rounded per line, then fees and
 * the transport fee (not taxed) are added. The server stores these figures; the screen shows them.
 */

export type DiscountType = 'fixed' | 'percentage';
export const DISCOUNT_TYPES = ['fixed', 'percentage'] as const;

export type PricingLine = {
  key: string;
  unitPrice: number;
  quantity: number;
  /** Tax rates in basis points (15 % = 1500), each computed on the discounted line. */
  taxes: readonly { id: string | null; name: string; rateBps: number }[];
};

export type PricingInput = {
  lines: readonly PricingLine[];
  /** fixed: value in minor units; percentage: value in basis points (10 % = 1000). */
  discount?: { type: DiscountType; value: number } | null;
  fees?: readonly { title: string; amount: number }[];
  transportFee?: number;
};

export type PricedLine = {
  key: string;
  subtotal: number;
  discount: number;
  taxable: number;
  taxes: { id: string | null; name: string; rateBps: number; amount: number }[];
  tax: number;
  total: number;
};

export type PricedOrder = {
  lines: PricedLine[];
  subtotal: number;
  discount: number;
  tax: number;
  fees: number;
  transportFee: number;
  total: number;
};

/** The discount on a subtotal: a fixed amount is capped at the subtotal, a percentage is rounded. */
export function discountAmount(subtotal: number, discount: PricingInput['discount']): number {
  if (!discount || subtotal <= 0) return 0;
  const raw = discount.type === 'fixed' ? discount.value : percentOf(subtotal, Math.min(discount.value, 10_000));
  return Math.max(0, Math.min(subtotal, raw));
}

/** Splits `amount` over `weights` in proportion, by largest remainder: the parts sum to `amount`. */
export function allocate(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  if (total <= 0 || amount === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (amount * w) / total);
  const parts = exact.map(Math.floor);
  let left = amount - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) parts[order[k]![1]]! += 1;
  return parts;
}

export function priceOrder(input: PricingInput): PricedOrder {
  const subtotals = input.lines.map((l) => l.unitPrice * l.quantity);
  const subtotal = subtotals.reduce((a, b) => a + b, 0);
  const discount = discountAmount(subtotal, input.discount);
  const shares = allocate(discount, subtotals);
  const lines = input.lines.map((line, i): PricedLine => {
    const lineSubtotal = subtotals[i]!;
    const lineDiscount = shares[i]!;
    const taxable = lineSubtotal - lineDiscount;
    const taxes = line.taxes.map((t) => ({ ...t, amount: percentOf(taxable, t.rateBps) }));
    const tax = taxes.reduce((a, t) => a + t.amount, 0);
    return { key: line.key, subtotal: lineSubtotal, discount: lineDiscount, taxable, taxes, tax, total: taxable + tax };
  });
  const tax = lines.reduce((a, l) => a + l.tax, 0);
  const fees = (input.fees ?? []).reduce((a, f) => a + f.amount, 0);
  const transportFee = input.transportFee ?? 0;
  return { lines, subtotal, discount, tax, fees, transportFee, total: subtotal - discount + tax + fees + transportFee };
}
