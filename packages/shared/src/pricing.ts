import { percentOf } from './money';
import { chargeTaxOf, taxDocument } from './tax';

/**
 * Order pricing (DESIGN §4 Money): every amount is an integer in minor units. The order's discount
 * (a manual one or a coupon's, limited to the lines it applies to) is spread over those lines in
 * proportion to their subtotals (largest remainder, so the parts add up
 * exactly); fees and the transport fee are charges, taxed at the order's standard rate when any line
 * is taxed (a tip never) (`chargeTaxOf`); each tax is computed once on everything that carries it and shared out
 * to the lines and charges (`tax.ts`, ZATCA's rounding), so an invoice of the order has the same
 * totals. The server stores these figures; the screen shows them.
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
  /**
   * fixed: value in minor units; percentage: value in basis points (10 % = 1000). `lines`: which
   * lines it applies to (a coupon for some services or products), by index; absent: every line.
   */
  discount?: { type: DiscountType; value: number; lines?: readonly boolean[] | null } | null;
  /** `tip`: the customer's gratuity, never taxed and never on the invoice (docs/decisions.md). */
  fees?: readonly { title: string; amount: number; tip?: boolean }[];
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

/** A fee or the transport fee, with the tax it carries. */
export type PricedCharge = {
  key: string;
  title: string;
  amount: number;
  tip: boolean;
  taxes: { id: string | null; name: string; rateBps: number; amount: number }[];
  tax: number;
  total: number;
};

export type PricedOrder = {
  lines: PricedLine[];
  /** The fees in order, then the transport fee when there is one (key `transport`). */
  charges: PricedCharge[];
  /** Each tax once: its rate, what it was computed on and its amount (the document's VAT breakdown). */
  taxGroups: { id: string | null; name: string; rateBps: number; taxable: number; amount: number }[];
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
  // The discount is taken on, and spread over, the lines it applies to.
  const eligible = input.discount?.lines;
  const bases = eligible ? subtotals.map((s, i) => (eligible[i] ? s : 0)) : subtotals;
  const discount = discountAmount(
    bases.reduce((a, b) => a + b, 0),
    input.discount,
  );
  const shares = allocate(discount, bases);
  const chargeTax = chargeTaxOf(input.lines.map((l) => l.taxes));
  const chargeTaxes = chargeTax ? [chargeTax] : [];
  const fees = (input.fees ?? []).map((f, i) => ({ key: `fee-${i}`, title: f.title, amount: f.amount, tip: f.tip === true }));
  const transportFee = input.transportFee ?? 0;
  const chargesIn = transportFee ? [...fees, { key: 'transport', title: '', amount: transportFee, tip: false }] : fees;
  const taxed = taxDocument([
    ...input.lines.map((line, i) => ({ net: subtotals[i]! - shares[i]!, taxes: line.taxes })),
    ...chargesIn.map((c) => ({ net: c.amount, taxes: c.tip ? [] : chargeTaxes })),
  ]);
  const lines = input.lines.map((line, i): PricedLine => {
    const taxable = subtotals[i]! - shares[i]!;
    const taxes = line.taxes.map((t, j) => ({ ...t, amount: taxed.perAmount[i]![j]! }));
    const tax = taxes.reduce((a, t) => a + t.amount, 0);
    return { key: line.key, subtotal: subtotals[i]!, discount: shares[i]!, taxable, taxes, tax, total: taxable + tax };
  });
  const charges = chargesIn.map((c, k): PricedCharge => {
    const taxes = (c.tip ? [] : chargeTaxes).map((t, j) => ({ ...t, amount: taxed.perAmount[lines.length + k]![j]! }));
    const tax = taxes.reduce((a, t) => a + t.amount, 0);
    return { ...c, taxes, tax, total: c.amount + tax };
  });
  const tax = taxed.groups.reduce((a, g) => a + g.amount, 0);
  const feesTotal = fees.reduce((a, f) => a + f.amount, 0);
  return {
    lines,
    charges,
    taxGroups: taxed.groups,
    subtotal,
    discount,
    tax,
    fees: feesTotal,
    transportFee,
    total: subtotal - discount + tax + feesTotal + transportFee,
  };
}
