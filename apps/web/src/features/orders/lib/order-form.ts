import { discountAmount } from '@app/shared/pricing';
import { ORDER_ITEM_QUANTITY_MAX } from '@app/shared/schemas/orders';
import type { ItemInput, ItemType, OrderBody } from '../api/types';
import { type DiscountKind, discountBody, type FeeDraft, feesBody, parseOptionalMoney } from './money-input';
import type { OrderInitialStatus } from '@app/shared/states/order';

/** One line being put together in the order form (before the server prices it). */
export type LineDraft = {
  key: string;
  type: ItemType;
  /** The service, product or package id. */
  ref_id: string;
  combination_id: string | null;
  quantity: number;
  /** Shown in the form; the server snapshots its own. */
  name: string;
  /** Catalogue price in minor units, for the estimate only. */
  unit_price: number;
};

/** The most of one line (the API's limit). */
export const QUANTITY_MAX = ORDER_ITEM_QUANTITY_MAX;

/** A line → the API's item input. */
export function toItemInput(line: LineDraft): ItemInput {
  const quantity = Math.max(1, Math.min(QUANTITY_MAX, Math.trunc(line.quantity) || 1));
  if (line.type === 'service') return { type: 'service', service_id: line.ref_id, quantity };
  if (line.type === 'package') return { type: 'package', package_id: line.ref_id, quantity };
  return { type: 'product', product_id: line.ref_id, combination_id: line.combination_id, quantity };
}

/** Adding a line that is already there (same item and combination) adds to its quantity instead. */
export function addLine(lines: readonly LineDraft[], line: LineDraft): LineDraft[] {
  const same = lines.findIndex((l) => l.type === line.type && l.ref_id === line.ref_id && l.combination_id === line.combination_id);
  if (same === -1) return [...lines, line];
  return lines.map((l, i) => (i === same ? { ...l, quantity: Math.min(QUANTITY_MAX, l.quantity + line.quantity) } : l));
}

export type OrderFormValues = {
  customer: { id: string; name: string } | null;
  lines: LineDraft[];
  discount_type: 'none' | DiscountKind;
  discount_value: string;
  fees: FeeDraft[];
  transport_fee: string;
  notes: string;
  /** Placed confirmed, or waiting for review (a look first). */
  status: OrderInitialStatus;
};

export const emptyOrderForm = (): OrderFormValues => ({
  customer: null,
  lines: [],
  discount_type: 'none',
  discount_value: '',
  fees: [],
  transport_fee: '',
  notes: '',
  status: 'confirmed',
});

/** Form paths that may carry an error (server 422 field names map onto them). */
export const ORDER_FORM_FIELDS = ['customer_id', 'items', 'discount_value', 'transport_fee', 'notes'] as const;

/**
 * The form → `POST /orders` body, or the errors (error codes by form path: `items`,
 * `discount_value`, `fees.N.title|value`, `transport_fee`) the form shows before sending anything.
 */
export function toOrderBody(v: OrderFormValues, currency: string, isDraft: boolean): { ok: true; body: OrderBody } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  if (v.lines.length === 0) errors['items'] = 'no_items';
  let discount: OrderBody['discount'] = null;
  if (v.discount_type !== 'none') {
    const d = discountBody(v.discount_type, v.discount_value, currency);
    if (d.ok) discount = d.body;
    else errors['discount_value'] = d.error;
  }
  const fees = feesBody(v.fees, currency);
  Object.assign(errors, fees.errors);
  const transport = parseOptionalMoney(v.transport_fee, currency);
  if (!transport.ok) errors['transport_fee'] = transport.error;
  if (Object.keys(errors).length) return { ok: false, errors };
  const notes = v.notes.trim();
  return {
    ok: true,
    body: {
      customer_id: v.customer?.id ?? null,
      is_draft: isDraft,
      items: v.lines.map(toItemInput),
      discount,
      fees: fees.fees,
      transport_fee: transport.ok ? transport.value : 0,
      notes: notes || null,
      ...(v.status === 'waiting-review' ? { status: 'waiting-review' as const } : {}),
    },
  };
}

/** A rough total before the server prices the order (taxes left out): items less the discount, plus fees and transport. */
export function estimate(v: OrderFormValues, currency: string): { subtotal: number; discount: number; extras: number; total: number } {
  const subtotal = v.lines.reduce((sum, l) => sum + l.unit_price * l.quantity, 0);
  let discount = 0;
  if (v.discount_type !== 'none') {
    const d = discountBody(v.discount_type, v.discount_value, currency);
    if (d.ok) discount = discountAmount(subtotal, d.body);
  }
  const fees = feesBody(v.fees, currency).fees.reduce((sum, f) => sum + f.value, 0);
  const transport = parseOptionalMoney(v.transport_fee, currency);
  const extras = fees + (transport.ok ? transport.value : 0);
  return { subtotal, discount, extras, total: subtotal - discount + extras };
}

/** Item errors from a 422 (`items.0.quantity` …) → the line's key, so they show under that line. */
export function lineErrors(fieldErrors: Record<string, string>, lines: readonly LineDraft[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(fieldErrors)) {
    const m = /^items\.(\d+)(?:\.|$)/.exec(field);
    const line = m ? lines[Number(m[1])] : undefined;
    if (line && !out[line.key]) out[line.key] = message;
  }
  return out;
}
