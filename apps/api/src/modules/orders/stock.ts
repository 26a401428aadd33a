import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { fieldError } from '../../lib/errors';

/**
 * Product stock moved by orders (docs/orders.md "Stock"). Taking stock is one conditional UPDATE per
 * product or combination (`stock >= qty`), inside the order's transaction: PostgreSQL re-checks the
 * condition on the row a concurrent order just changed, so stock never goes below zero and of two
 * orders for the last unit exactly one gets it. A product with `unlimited_stock` keeps no count (its
 * combinations neither). Rows are touched in a fixed order (combinations, then products, by id) so two
 * orders with the same products never deadlock.
 */

export type StockLine = {
  /** Position in the request's `items` (errors name `items.N.quantity`). */
  index: number;
  productId: string | null;
  combinationId: string | null;
  /** The line was for a combination (its options snapshot), even if that combination is gone now. */
  hadCombination: boolean;
  quantity: number;
};

type Key = { kind: 'combination' | 'product'; id: string; index: number; quantity: number };

/** Lines grouped per combination or product (two lines of one product count together). */
function group(lines: readonly StockLine[]): Key[] {
  const byKey = new Map<string, Key>();
  for (const l of lines) {
    let kind: Key['kind'];
    let id: string;
    if (l.combinationId) {
      kind = 'combination';
      id = l.combinationId;
    } else if (l.productId && !l.hadCombination) {
      kind = 'product';
      id = l.productId;
    } else continue; // The product or its combination was deleted: nothing to count against.
    const k = `${kind}:${id}`;
    const cur = byKey.get(k);
    if (cur) cur.quantity += l.quantity;
    else byKey.set(k, { kind, id, index: l.index, quantity: l.quantity });
  }
  return [...byKey.values()].sort((a, b) => (a.kind === b.kind ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : a.kind === 'combination' ? -1 : 1));
}

type Row = Record<string, unknown>;
const rowsOf = (res: unknown): Row[] => (res as { rows: Row[] }).rows;

/** Takes the lines' quantities off the stock, or throws 422 `items.N.quantity` out_of_stock / insufficient_quantity {available}. */
export async function takeStock(tx: Tx, tenantId: string, lines: readonly StockLine[]): Promise<void> {
  for (const k of group(lines)) {
    const taken =
      k.kind === 'combination'
        ? await tx.execute(sql`
            update product_combinations c set stock = c.stock - ${k.quantity}
            from products p
            where c.tenant_id = ${tenantId} and c.id = ${k.id}
              and p.tenant_id = c.tenant_id and p.id = c.product_id
              and p.unlimited_stock = false and c.stock >= ${k.quantity}
            returning c.stock`)
        : await tx.execute(sql`
            update products set stock = stock - ${k.quantity}
            where tenant_id = ${tenantId} and id = ${k.id} and unlimited_stock = false and stock >= ${k.quantity}
            returning stock`);
    if (rowsOf(taken).length > 0) continue;
    // Not taken: unlimited (fine), or not enough left (say how many there are).
    const [current] = rowsOf(
      k.kind === 'combination'
        ? await tx.execute(sql`
            select c.stock, p.unlimited_stock from product_combinations c
            join products p on p.tenant_id = c.tenant_id and p.id = c.product_id
            where c.tenant_id = ${tenantId} and c.id = ${k.id}`)
        : await tx.execute(sql`select stock, unlimited_stock from products where tenant_id = ${tenantId} and id = ${k.id}`),
    );
    if (!current) throw fieldError(`items.${k.index}.${k.kind === 'combination' ? 'combination_id' : 'product_id'}`, 'not_exists');
    if (current.unlimited_stock === true) continue;
    const available = Math.max(0, Number(current.stock));
    throw available === 0 ? fieldError(`items.${k.index}.quantity`, 'out_of_stock') : fieldError(`items.${k.index}.quantity`, 'insufficient_quantity', { available });
  }
}

/** Puts the lines' quantities back (products now unlimited, and deleted products or combinations, are skipped). */
export async function giveBackStock(tx: Tx, tenantId: string, lines: readonly StockLine[]): Promise<void> {
  for (const k of group(lines)) {
    if (k.kind === 'combination') {
      await tx.execute(sql`
        update product_combinations c set stock = c.stock + ${k.quantity}
        from products p
        where c.tenant_id = ${tenantId} and c.id = ${k.id}
          and p.tenant_id = c.tenant_id and p.id = c.product_id and p.unlimited_stock = false`);
    } else {
      await tx.execute(sql`update products set stock = stock + ${k.quantity} where tenant_id = ${tenantId} and id = ${k.id} and unlimited_stock = false`);
    }
  }
}

/** The stock lines of stored order items (product lines only). */
export function stockLinesOf(items: readonly { type: string; productId: string | null; combinationId: string | null; options: Record<string, string> | null; quantity: number }[]): StockLine[] {
  return items
    .map((i, index) => ({ i, index }))
    .filter(({ i }) => i.type === 'product')
    .map(({ i, index }) => ({ index, productId: i.productId, combinationId: i.combinationId, hadCombination: i.options !== null, quantity: i.quantity }));
}
