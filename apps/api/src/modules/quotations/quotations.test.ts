import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { newCustomer, newProduct, newShop, type Shop } from '../orders/orders.fixtures';

/** Quotations (issue 16 §3): priced like an order, approved or rejected, converted into an order once. */

let t: TestApp;
let shop: Shop;
beforeAll(async () => {
  t = await buildTestApp();
  shop = await newShop(t);
});
afterAll(async () => {
  await t?.close();
});

describe('quotations', () => {
  it('prices the lines with VAT, lists them, and keeps pending / approved / rejected', async () => {
    const customer = await newCustomer(shop.client, 'Huda', 'Nasser');
    const product = await newProduct(shop.client, { price: 2500 });
    const res = await shop.client.post('quotations', {
      customer_id: customer,
      items: [
        { type: 'service', service_id: shop.serviceId },
        { type: 'product', product_id: product, quantity: 2 },
      ],
      notes: 'Bridal package',
      valid_until: '2031-01-31',
    });
    expect(res.statusCode, res.body).toBe(201);
    const q = res.json().data;
    expect(q).toMatchObject({ customer_name: 'Huda Nasser', status: 'pending', subtotal: 5000 + 5000, tax_amount: 1500, total: 11500, valid_until: '2031-01-31', order_id: null });
    expect(q.items.map((i: { name: string; quantity: number }) => i.quantity)).toEqual([1, 2]);
    const second = (await shop.client.post('quotations', { customer_name: 'Walk-in', items: [{ type: 'service', service_id: shop.serviceId }] })).json().data;
    expect(second.number).toBe(q.number + 1);

    const list = (await shop.client.get('quotations?status=pending')).json();
    expect(list.data.map((x: { id: string }) => x.id)).toEqual([second.id, q.id]);
    expect(list.meta).toMatchObject({ total: 2, current_page: 1 });

    const rejected = await shop.client.post(`quotations/${second.id}/status`, { status: 'rejected' });
    expect(rejected.json().data.status).toBe('rejected');
    expect((await shop.client.post(`quotations/${second.id}/status`, { status: 'approved' })).json().errors).toEqual({ status: ['The quotation is no longer pending'] });
    expect((await shop.client.put(`quotations/${second.id}`, { items: [{ type: 'service', service_id: shop.serviceId }] })).statusCode).toBe(422);
  });

  it('refuses bad lines under their field', async () => {
    const none = await shop.client.post('quotations', { items: [] });
    expect(none.json().errors).toEqual({ items: ['This field is required'] });
    const ghost = await shop.client.post('quotations', { items: [{ type: 'service', service_id: '00000000-0000-4000-8000-000000000000' }] });
    expect(ghost.statusCode).toBe(422);
    expect(Object.keys(ghost.json().errors)).toEqual(['items.0.service_id']);
  });

  it('converts an approved quotation into a confirmed order of its lines, once', async () => {
    const q = (await shop.client.post('quotations', { items: [{ type: 'service', service_id: shop.serviceId }] })).json().data;
    expect((await shop.client.post(`quotations/${q.id}/convert`)).json().message).toBe('Approve the quotation before converting it to an order');
    await shop.client.post(`quotations/${q.id}/status`, { status: 'approved' });
    const [a, b] = await Promise.all([shop.client.post(`quotations/${q.id}/convert`), shop.client.post(`quotations/${q.id}/convert`)]);
    const ok = [a, b].filter((r) => r.statusCode === 201);
    expect(ok).toHaveLength(1);
    expect([a, b].filter((r) => r.statusCode === 422)).toHaveLength(1);
    const order = ok[0]!.json().data;
    expect(order).toMatchObject({ status: 'confirmed', total: q.total });
    expect((await shop.client.get(`quotations/${q.id}`)).json().data.order_id).toBe(order.id);
    expect((await shop.client.request('DELETE', `quotations/${q.id}`)).statusCode).toBe(422);
  });
});
