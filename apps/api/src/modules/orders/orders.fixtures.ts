import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Client, TestApp } from '../../../test/helper';
import { rows } from '../../../test/helper';
import { newOwner, type Owner } from '../access/access.fixtures';

/**
 * Tests only: a business ready to take orders (the onboarding service and provider, the main branch,
 * a 15 % tax on the service and on products), products, and appointments written straight to the
 * database so the orders tests do not depend on the bookings API.
 */

export type Shop = Owner & { branchId: string; serviceId: string; providerId: string; taxId: string };

export async function newShop(t: TestApp): Promise<Shop> {
  const owner = await newOwner(t);
  const tenant = owner.tenantId;
  const [branch] = await rows<{ id: string }>(t.db, sql`select id from branches where tenant_id = ${tenant} and is_main`);
  const [service] = await rows<{ id: string }>(t.db, sql`select id from services where tenant_id = ${tenant} limit 1`);
  const [provider] = await rows<{ id: string }>(t.db, sql`select id from providers where tenant_id = ${tenant} limit 1`);
  if (!branch || !service || !provider) throw new Error('onboarding left no branch, service or provider');
  const tax = await owner.client.post('taxes', { name: 'VAT', rate: 15 });
  if (tax.statusCode !== 201) throw new Error(`tax: ${tax.body}`);
  const taxId = tax.json().data.uuid as string;
  await t.db.execute(sql`insert into service_taxes (tenant_id, service_id, tax_id) values (${tenant}, ${service.id}, ${taxId})`);
  // The provider offers the service (onboarding assigns it; make sure).
  await t.db.execute(sql`insert into provider_services (tenant_id, provider_id, service_id) values (${tenant}, ${provider.id}, ${service.id}) on conflict do nothing`);
  return { ...owner, branchId: branch.id, serviceId: service.id, providerId: provider.id, taxId };
}

export async function newProduct(c: Client, opts: { price?: number; stock?: number; unlimited?: boolean; name?: string } = {}): Promise<string> {
  const res = await c.post('products', { name: opts.name ?? `Product ${randomInt(1e9)}`, price: opts.price ?? 1000, stock: opts.stock ?? 10, unlimited_stock: opts.unlimited ?? false });
  if (res.statusCode !== 201) throw new Error(`product: ${res.body}`);
  return res.json().data.uuid;
}

/** A product with one option (Size S/M) and a combination per value; answers the product and combination ids. */
export async function newVariantProduct(c: Client, combos: { S: { price: number; stock: number }; M: { price: number; stock: number } }) {
  const product = await newProduct(c, { price: 999, stock: 0, name: `Shirt ${randomInt(1e9)}` });
  const res = await c.put(`products/${product}/variants`, {
    options: [{ name: 'Size', values: ['S', 'M'] }],
    combinations: [
      { options: { Size: 'S' }, price: combos.S.price, stock: combos.S.stock },
      { options: { Size: 'M' }, price: combos.M.price, stock: combos.M.stock },
    ],
  });
  if (res.statusCode !== 200) throw new Error(`variants: ${res.body}`);
  const list = res.json().data.combinations as { uuid: string; options: Record<string, string> }[];
  const id = (size: string) => list.find((x) => x.options.Size === size)!.uuid;
  return { product, S: id('S'), M: id('M') };
}

export async function newPackage(t: TestApp, tenantId: string, price = 20000): Promise<string> {
  const [row] = await rows<{ id: string }>(t.db, sql`insert into packages (tenant_id, name, price, valid_days) values (${tenantId}, 'Ten visits', ${price}, 30) returning id`);
  return row!.id;
}

export async function newCustomer(c: Client, first = 'Mona', last = 'Saleh', phone?: string): Promise<string> {
  const res = await c.post('customers', { first_name: first, last_name: last, ...(phone ? { phone, phone_country: 'SA' } : {}) });
  if (res.statusCode !== 201) throw new Error(`customer: ${res.body}`);
  return res.json().data.uuid;
}

/** An appointment on a service line, inserted directly (the bookings API is another module). */
export async function insertBooking(
  t: TestApp,
  tenantId: string,
  o: { orderId: string; itemId: string; providerId: string; customerId?: string | null; serviceId?: string | null; branchId?: string | null; status?: string; start?: Date },
): Promise<string> {
  const start = o.start ?? new Date(Date.now() + 86_400_000);
  const end = new Date(start.getTime() + 30 * 60_000);
  const [row] = await rows<{ id: string }>(
    t.db,
    sql`insert into bookings (tenant_id, number, order_id, order_item_id, branch_id, customer_id, provider_id, service_id, start_at, end_at, occupied_until, duration, status)
        values (${tenantId}, ${randomInt(1_000_000, 2_000_000_000)}, ${o.orderId}, ${o.itemId}, ${o.branchId ?? null}, ${o.customerId ?? null}, ${o.providerId}, ${o.serviceId ?? null},
                ${start.toISOString()}, ${end.toISOString()}, ${end.toISOString()}, 30, ${o.status ?? 'confirmed'})
        returning id`,
  );
  return row!.id;
}

export async function stockOf(t: TestApp, productId: string): Promise<number> {
  const [row] = await rows<{ stock: number }>(t.db, sql`select stock from products where id = ${productId}`);
  return Number(row?.stock);
}

export async function comboStockOf(t: TestApp, combinationId: string): Promise<number> {
  const [row] = await rows<{ stock: number }>(t.db, sql`select stock from product_combinations where id = ${combinationId}`);
  return Number(row?.stock);
}

export async function bookingStatuses(t: TestApp, orderId: string): Promise<string[]> {
  // In the order of their lines: rows written in the same millisecond tie on created_at (the embedded database's clock).
  const list = await rows<{ status: string }>(
    t.db,
    sql`select b.status from bookings b join order_items i on i.tenant_id = b.tenant_id and i.id = b.order_item_id where b.order_id = ${orderId} order by i.sort_order, b.created_at, b.id`,
  );
  return list.map((r) => r.status);
}
