import type { Database } from '../../db/client';
import { withTenant } from '../../db/client';
import { orderItems, type OrderRow } from '../../db/schema/sales';
import { createOrderRow, recalculateOrder } from '../orders/order-core';

/**
 * Tests only: an order of `total` minor units (one untaxed line), straight through the order core,
 * so payment tests do not depend on the orders API.
 */
export async function seedOrder(
  db: Database,
  tenantId: string,
  opts: { total: number; currency?: string; customerId?: string | null; branchId?: string | null; providerId?: string | null; isDraft?: boolean },
): Promise<OrderRow> {
  return withTenant(db, tenantId, async (tx) => {
    const order = await createOrderRow(tx, tenantId, {
      currency: opts.currency ?? 'SAR',
      customerId: opts.customerId ?? null,
      branchId: opts.branchId ?? null,
      providerId: opts.providerId ?? null,
      isDraft: opts.isDraft ?? false,
    });
    await tx.insert(orderItems).values({ tenantId, orderId: order.id, type: 'product', name: 'Fixture line', quantity: 1, unitPrice: opts.total, taxes: [] });
    return recalculateOrder(tx, tenantId, order.id);
  });
}
