import { sql } from 'drizzle-orm';
import { invoiceListItemSchema, invoicesPage } from '@app/shared/schemas/invoices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, injectAs, rows, type TestApp } from '../../../test/helper';
import { staffAccount } from '../branches/staff.fixture';
import { compiledShapes } from '../../db/client';
import { decodeTlv } from '../../integrations/zatca/tlv';
import { newCustomer, newProduct, newShop, type Shop } from '../orders/orders.fixtures';

/**
 * Invoices, credit notes and refunds (issue 16 §1–2): issuing an order's invoice (templates, the
 * buyer's details for B2B, the seller's VAT number), the lock it puts on the order, gapless numbers,
 * the QR's tags, what a refund covers and gives back by method, and a cancellation's credit note.
 */

let t: TestApp;
let shop: Shop;
let refundReason: string;
let cancelReason: string;
let bookingReason: string;
const POSTGRES = Boolean(process.env.DATABASE_URL);

beforeAll(async () => {
  t = await buildTestApp();
  shop = await newShop(t);
  refundReason = (await shop.client.post('reasons', { type: 'invoice-refund', reason: 'Customer unhappy' })).json().data.uuid;
  cancelReason = (await shop.client.post('reasons', { type: 'invoice-cancel', reason: 'Wrong details' })).json().data.uuid;
  bookingReason = (await shop.client.post('reasons', { type: 'booking-cancel', reason: 'Called' })).json().data.uuid;
  expect((await shop.client.post('settings/sales', { vat_number: '311111111111113' })).statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

const service = () => ({ type: 'service', service_id: shop.serviceId });

async function place(body: Record<string, unknown> = {}) {
  const res = await shop.client.post('orders', { customer_id: null, items: [service()], ...body });
  if (res.statusCode !== 201) throw new Error(`order: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

async function pay(orderId: string, method: 'cash' | 'card', amount: number) {
  const res = await shop.client.post(`orders/${orderId}/transactions`, { payment_method: method, amount });
  if (res.statusCode !== 201) throw new Error(`pay: ${res.statusCode} ${res.body}`);
}

const invoice = (orderId: string, body: Record<string, unknown> = {}) => shop.client.post(`orders/${orderId}/invoice`, body);

describe('POST /orders/:id/invoice', () => {
  it('issues a simplified tax invoice for a paid order: the order’s totals, its lines and taxed fees, no tip, a QR of tags 1–5', async () => {
    const customer = await newCustomer(shop.client, 'Reem', 'Fahad');
    const product = await newProduct(shop.client, { price: 333 });
    const order = await place({
      customer_id: customer,
      items: [service(), { type: 'product', product_id: product, quantity: 3 }],
      fees: [{ title: 'Wrapping', value: 500 }],
      transport_fee: 1000,
    });
    const tip = await shop.client.post(`orders/${order.id}/update-details`, { fees: [{ title: 'Wrapping', value: 500 }, { title: 'Tip', value: 700, tip: true }] });
    const full = tip.json().data;
    await pay(order.id, 'cash', full.total);

    const res = await invoice(order.id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('The invoice was issued');
    const inv = res.json().data;
    expect(inv).toMatchObject({ type: 'tax', template: 'simplified', status: 'approved', payment_status: 'paid', order_id: order.id, customer_name: 'Reem Fahad', currency: 'SAR' });
    expect(inv.seller).toMatchObject({ vat_number: '311111111111113' });
    // The order's lines, then the fee and the transport fee; the tip is not part of the supply.
    expect(inv.lines.map((l: { type: string }) => l.type)).toEqual(['service', 'product', 'fee', 'transport']);
    expect(inv.total).toBe(full.total - 700);
    expect(inv.tax_amount).toBe(full.tax_amount);
    expect(inv.lines.reduce((a: number, l: { total: number }) => a + l.total, 0)).toBe(inv.total);
    expect(inv.taxable_amount + inv.tax_amount).toBe(inv.total);
    expect(inv.tax_groups).toEqual([{ name: 'VAT', rate_bps: 1500, taxable: inv.taxable_amount, amount: inv.tax_amount }]);
    // The QR: seller, VAT number, the time with its zone, the totals with the currency's digits.
    const tags = decodeTlv(Buffer.from(inv.qr, 'base64'));
    expect(tags.get(2)!.toString()).toBe('311111111111113');
    expect(tags.get(3)!.toString()).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(tags.get(4)!.toString()).toBe((inv.total / 100).toFixed(2));
    expect(tags.get(5)!.toString()).toBe((inv.tax_amount / 100).toFixed(2));

    // The printed receipt gains the invoice's number and QR.
    const receipt = (await shop.client.get(`orders/${order.id}/receipt`)).json().data;
    expect(receipt.invoice).toEqual({ id: inv.id, number: inv.number, qr: inv.qr });

    // The order is invoiced and locked: no edits, no trash.
    const after = (await shop.client.get(`orders/${order.id}`)).json().data;
    expect(after).toMatchObject({ status: 'invoiced', invoice_status: 'invoiced' });
    expect((await shop.client.post(`orders/${order.id}/update-note`, { notes: 'x' })).statusCode).toBe(422);
    expect((await shop.client.request('DELETE', `orders/${order.id}`)).statusCode).toBe(422);
    // One invoice an order.
    const again = await invoice(order.id);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.status).toEqual(['This order is already invoiced']);
    // It is read back as issued, and listed.
    expect((await shop.client.get(`invoices/${inv.id}`)).json().data).toEqual(inv);
    const listed = (await shop.client.get(`invoices?order_id=${order.id}`)).json();
    expect(listed.data).toHaveLength(1);
    expect(listed.data[0]).toMatchObject({ id: inv.id, number: inv.number, order_number: order.number, total: inv.total });
  });

  it('issues a standard (B2B) invoice with the buyer’s VAT number, billing name, country and address; refuses a wrong VAT number', async () => {
    const order = await place();
    const missing = await invoice(order.id, { template: 'standard' });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['billing_address', 'billing_country', 'billing_name', 'vat_id']);
    // A Saudi buyer's national address is asked whole (ZATCA's BR-KSA-63).
    const partial = await invoice(order.id, { vat_id: '300000000000003', billing_name: 'Acme', billing_country: 'SA', billing_address: 'Olaya St' });
    expect(Object.keys(partial.json().errors).sort()).toEqual(['billing_building_number', 'billing_city', 'billing_district', 'billing_postal_code']);
    for (const vat of ['300000000000002', '12345', '3000000000000003', '30000000000000a']) {
      const bad = await invoice(order.id, { vat_id: vat, billing_name: 'Acme', billing_country: 'AE', billing_address: 'Dubai' });
      expect(bad.statusCode, vat).toBe(422);
      expect(bad.json().errors).toEqual({ vat_id: ['The VAT number is 15 digits starting and ending with 3'] });
    }
    const ok = await invoice(order.id, {
      vat_id: '300000000000003',
      billing_name: 'شركة الأفق',
      billing_country: 'sa',
      billing_address: 'طريق الملك فهد',
      billing_building_number: '1234',
      billing_district: 'العليا',
      billing_city: 'الرياض',
      billing_postal_code: '12214',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data).toMatchObject({
      template: 'standard',
      vat_id: '300000000000003',
      billing_name: 'شركة الأفق',
      billing_country: 'SA',
      billing_details: { building_number: '1234', district: 'العليا', city: 'الرياض', postal_code: '12214' },
      payment_status: 'unpaid',
    });
  });

  it('refuses drafts, canceled orders, and a tax invoice without the business’s VAT number (a plain invoice then)', async () => {
    const draft = await place({ is_draft: true });
    expect((await invoice(draft.id)).json().errors).toEqual({ status: ['This order is a draft: save it as an order first'] });
    const canceled = await place();
    await shop.client.post(`orders/${canceled.id}/change-status`, { status: 'canceled' });
    expect((await invoice(canceled.id)).json().errors.status).toEqual(['An order that is canceled cannot be invoiced']);

    await shop.client.post('settings/sales', { vat_number: '' });
    try {
      const order = await place();
      const tax = await invoice(order.id, { template: 'simplified' });
      expect(tax.json().errors).toEqual({ template: ["Add the business's VAT number in the sales settings to issue a tax invoice"] });
      const plain = await invoice(order.id);
      expect(plain.statusCode).toBe(201);
      expect(plain.json().data).toMatchObject({ template: 'trial', qr: null, zatca_status: 'not-required' });
      expect(plain.json().data.seller.vat_number).toBeNull();
    } finally {
      await shop.client.post('settings/sales', { vat_number: '311111111111113' });
    }
  });
});

describe('refunds and credit notes', () => {
  it('GET refund-items is empty before an invoice ("no refundable items"), then covers the whole invoice and what was paid', async () => {
    const order = await place();
    expect((await shop.client.get(`orders/${order.id}/refund-items`)).json().data).toEqual({ invoice: null, items: [], refundable_amount: 0, payments: [], currency: 'SAR' });
    const none = await shop.client.post(`orders/${order.id}/refund`, { reason_id: refundReason });
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe('No refundable items');

    await pay(order.id, 'cash', 2000);
    await pay(order.id, 'card', 1000);
    const inv = (await invoice(order.id)).json().data;
    const items = (await shop.client.get(`orders/${order.id}/refund-items`)).json().data;
    expect(items).toMatchObject({ invoice: { id: inv.id, number: inv.number, total: inv.total }, refundable_amount: 3000 });
    expect(items.items).toEqual(inv.lines);
    expect(items.payments).toEqual([
      { payment_method: 'cash', amount: 2000 },
      { payment_method: 'card', amount: 1000 },
    ]);
  });

  it('refunds the whole invoice with a reason: a credit note, the money back by the methods paid, the order refunded', async () => {
    const order = await place();
    await pay(order.id, 'cash', 2000);
    await pay(order.id, 'card', 1000);
    const inv = (await invoice(order.id)).json().data;

    expect((await shop.client.post(`orders/${order.id}/refund`, {})).json().errors).toEqual({ reason_id: ['This field is required'] });
    expect((await shop.client.post(`orders/${order.id}/refund`, { reason_id: bookingReason })).json().errors).toEqual({ reason_id: ['Choose a reason from the list'] });
    expect((await shop.client.post(`orders/${order.id}/refund`, { reason_id: cancelReason })).json().errors).toEqual({ reason_id: ['Choose a reason from the list'] });

    const res = await shop.client.post(`orders/${order.id}/refund`, { reason_id: refundReason, note: 'Came back next day' });
    expect(res.statusCode, res.body).toBe(201);
    const note = res.json().data;
    expect(note).toMatchObject({
      type: 'refund',
      template: inv.template,
      payment_status: 'refunded',
      original_invoice: { id: inv.id, number: inv.number },
      total: inv.total,
      tax_amount: inv.tax_amount,
      paid_amount: 3000,
      reason: 'Customer unhappy — Came back next day',
    });
    expect(note.number).toBe(inv.number + 1);
    expect(note.lines).toEqual(inv.lines);
    expect((await shop.client.get(`invoices/${inv.id}`)).json().data).toMatchObject({ status: 'refunded', credit_note: { id: note.id, number: note.number } });

    const after = (await shop.client.get(`orders/${order.id}`)).json().data;
    expect(after).toMatchObject({ status: 'refunded', paid_amount: 0 });
    const refunds = await rows<{ payment_method: string; amount: number; kind: string; invoice_id: string }>(
      t.db,
      sql`select payment_method, amount::int as amount, kind, invoice_id from transactions where order_id = ${order.id} and kind = 'refund' order by number`,
    );
    expect(refunds).toEqual([
      { payment_method: 'cash', amount: 2000, kind: 'refund', invoice_id: note.id },
      { payment_method: 'card', amount: 1000, kind: 'refund', invoice_id: note.id },
    ]);
    // Nothing is left to refund, and GET refunds lists the credit note.
    expect((await shop.client.get(`orders/${order.id}/refund-items`)).json().data.invoice).toBeNull();
    expect((await shop.client.post(`orders/${order.id}/refund`, { reason_id: refundReason })).json().message).toBe('No refundable items');
    const list = (await shop.client.get('refunds')).json().data;
    expect(list.every((x: { type: string }) => x.type === 'refund')).toBe(true);
    expect(list.map((x: { id: string }) => x.id)).toContain(note.id);
    // The list's row (read by key: its order, original and issuer) says what the document says.
    const row = list.find((x: { id: string }) => x.id === note.id);
    const doc = (await shop.client.get(`invoices/${note.id}`)).json().data;
    expect(row.original_invoice).toEqual({ id: inv.id, number: inv.number, issued_at: inv.created_at });
    expect(row).toEqual(Object.fromEntries(Object.keys(row).map((k) => [k, k === 'customer_name' ? (doc.billing_name ?? doc.customer_name) : doc[k]])));
  });

  it('cancels an invoice with an invoice-cancel reason: its credit note, nothing paid back, the order editable and invoiced anew', async () => {
    const order = await place();
    await pay(order.id, 'cash', 1000);
    const first = (await invoice(order.id)).json().data;
    expect((await shop.client.post(`invoices/${first.id}/cancel`, { reason_id: refundReason })).json().errors).toEqual({ reason_id: ['Choose a reason from the list'] });
    const res = await shop.client.post(`invoices/${first.id}/cancel`, { reason_id: cancelReason });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ type: 'refund', paid_amount: 0, reason: 'Wrong details', original_invoice: { id: first.id } });
    expect((await shop.client.get(`orders/${order.id}`)).json().data).toMatchObject({ status: 'confirmed', invoice_status: 'not-invoiced', paid_amount: 1000 });
    expect((await shop.client.post(`orders/${order.id}/update-note`, { notes: 'Fixed the name' })).statusCode).toBe(200);
    expect((await shop.client.post(`invoices/${first.id}/cancel`, { reason_id: cancelReason })).json().errors).toEqual({ invoice: ['This invoice cannot be cancelled'] });
    const second = await invoice(order.id);
    expect(second.statusCode).toBe(201);
    expect(second.json().data.number).toBe(first.number + 2);
  });
});

describe('invoice numbers', () => {
  it('are gapless per business, invoices and credit notes together, under 20 requests at once', async () => {
    const orders = await Promise.all(Array.from({ length: 20 }, () => place()));
    const before = await rows<{ n: number }>(t.db, sql`select coalesce(max(number), 0)::int as n from invoices where tenant_id = ${shop.tenantId}`);
    // Every order twice: exactly one of each pair wins.
    const results = await Promise.all([...orders, ...orders].map((o) => invoice(o.id)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(20);
    expect(results.filter((r) => r.statusCode === 422)).toHaveLength(20);
    const numbers = results
      .filter((r) => r.statusCode === 201)
      .map((r) => r.json().data.number as number)
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => before[0]!.n + 1 + i));
    const all = await rows<{ number: number }>(t.db, sql`select number from invoices where tenant_id = ${shop.tenantId} order by number`);
    expect(all.map((r) => r.number)).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
    if (POSTGRES) console.log('[invoices] 20 concurrent invoice requests on PostgreSQL: gapless');
  });

  it('lists by pages: a page asked for by number is the page its cursor reaches, row for row', async () => {
    const first = (await shop.client.get('invoices?per_page=3')).json();
    expect(first.data).toHaveLength(3);
    const byCursor = (await shop.client.get(`invoices?per_page=3&page=2&cursor=${first.meta.next_cursor}`)).json();
    const byNumber = (await shop.client.get('invoices?per_page=3&page=2')).json();
    expect(byNumber.data).toHaveLength(3);
    expect(byNumber.data).toEqual(byCursor.data);
    expect(byNumber.meta.total).toBe(first.meta.total);
    // The first page and the one by cursor are built once for their shape (db/client.ts runCompiled): every value bound.
    expect(compiledShapes('invoices_page')).toMatchObject({ unbound: 0 });
    expect(compiledShapes('invoices_page').built).toBeGreaterThanOrEqual(2);
  });

  it('the lists answer exactly what their schema says, each row as the document’s own page says it', async () => {
    // The pages are written as text, not checked on their way out. A paid invoice with a billing
    // name and a refunded one with its credit note, so every kind of row is there.
    const billed = await place({ customer_id: await newCustomer(shop.client, 'هند', 'العتيبي') });
    await pay(billed.id, 'card', billed.total);
    expect((await invoice(billed.id, { billing_name: 'مؤسسة هند' })).statusCode).toBe(201);
    const refunded = await place();
    await pay(refunded.id, 'cash', refunded.total);
    expect((await invoice(refunded.id)).statusCode).toBe(201);
    expect((await shop.client.post(`orders/${refunded.id}/refund`, { reason_id: refundReason })).statusCode).toBe(201);
    for (const path of ['invoices?per_page=50', 'refunds?per_page=50']) {
      const res = await shop.client.get(path);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body = res.json();
      // Nothing the schema leaves out (parsing strips what it does not name), nothing of the wrong kind.
      expect(invoicesPage.parse(body)).toEqual(body);
      expect(body.data.length).toBeGreaterThanOrEqual(path.startsWith('refunds') ? 1 : 3);
      for (const item of body.data) {
        const own = (await shop.client.get(`invoices/${item.id}`)).json().data;
        // A row names the buyer as billed, where there is a billing name (the document keeps both).
        expect(item).toEqual({ ...invoiceListItemSchema.parse(own), customer_name: own.billing_name ?? own.customer_name });
      }
    }
    const refunds = (await shop.client.get('refunds?per_page=50')).json().data;
    expect(refunds.every((r: { type: string }) => r.type === 'refund')).toBe(true);
    // A credit note names its original invoice.
    expect(refunds.some((r: { original_invoice: unknown }) => r.original_invoice !== null)).toBe(true);
  });

  it('downloads as an A4 PDF in either language: attachment named by its number, the title in the lead language; a credit note too', async () => {
    const customer = await newCustomer(shop.client, 'ريم', 'الشمري');
    const order = await place({ customer_id: customer });
    await pay(order.id, 'card', order.total);
    const issued = await invoice(order.id, {
      vat_id: '300000000000003',
      billing_name: 'شركة الريم للتجارة',
      billing_country: 'SA',
      billing_address: 'طريق الملك فهد',
      billing_building_number: '1234',
      billing_district: 'العليا',
      billing_city: 'الرياض',
      billing_postal_code: '12214',
    });
    expect(issued.statusCode, issued.body).toBe(201);
    const inv = issued.json().data;
    for (const lang of ['ar', 'en'] as const) {
      const res = await shop.client.get(`invoices/${inv.id}/pdf?lang=${lang}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="invoice-${inv.number}.pdf"`);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const pdf = res.rawPayload;
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf.subarray(-6).toString()).toContain('%%EOF');
      const text = pdf.toString('latin1');
      expect(text).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
      // Both weights of the one font family are embedded (subsets), nothing else.
      expect(text.match(/\/FontName \/[A-Z]{6}\+IBMPlexSansArabic-(Regular|Bold)/g)?.length).toBe(2);
      if (lang === 'en') expect(text).toContain(`(Tax invoice #${inv.number})`);
      else expect(text).toContain('(\xfe\xff'); // the Arabic title, as UTF-16
    }
    if (process.env.PDF_OUT) (await import('node:fs')).writeFileSync(`${process.env.PDF_OUT}/invoice-ar.pdf`, (await shop.client.get(`invoices/${inv.id}/pdf?lang=ar`)).rawPayload);
    const note = (await shop.client.post(`orders/${order.id}/refund`, { reason_id: refundReason })).json().data;
    const res = await shop.client.get(`invoices/${note.id}/pdf`, { headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="credit-note-${note.number}.pdf"`);
    expect(res.rawPayload.toString('latin1')).toContain(`(Credit note #${note.number})`);
    if (process.env.PDF_OUT) (await import('node:fs')).writeFileSync(`${process.env.PDF_OUT}/credit-en.pdf`, res.rawPayload);
    expect((await shop.client.get(`invoices/${inv.id}/pdf?lang=fr`)).statusCode).toBe(422);
  });

  it('another business’s order or invoice is a 404', async () => {
    const other = await newShop(t);
    const theirs = await other.client.post('orders', { customer_id: null, items: [{ type: 'service', service_id: other.serviceId }] });
    expect((await invoice(theirs.json().data.id)).statusCode).toBe(404);
    const mine = await place();
    await pay(mine.id, 'cash', mine.total);
    const inv = (await invoice(mine.id)).json().data;
    expect((await other.client.get(`invoices/${inv.id}/pdf`)).statusCode).toBe(404);
  });
});

describe('GET invoices as a provider account', () => {
  // A provider account sees the documents of its own orders: the page's ids are found with their
  // order joined for that, and the count is of the same documents.
  it("lists and counts the documents of the provider's orders only, on every page and in the refunds", async () => {
    const [own] = await rows<{ id: string }>(t.db, sql`insert into providers (tenant_id, name) values (${shop.tenantId}, 'Invoice provider') returning id`);
    const account = await staffAccount(t.db, shop.tenantId, { permissions: ['orders'], type: 'provider' });
    await t.db.execute(sql`update providers set user_id = ${account.userId} where id = ${own!.id}`);
    const mine = await place();
    await t.db.execute(sql`update orders set provider_id = ${own!.id} where id = ${mine.id}`);
    await pay(mine.id, 'cash', mine.total);
    const inv = (await invoice(mine.id)).json().data;
    const note = (await shop.client.post(`orders/${mine.id}/refund`, { reason_id: refundReason })).json().data;
    const other = await place();
    await pay(other.id, 'cash', other.total);
    expect((await invoice(other.id)).statusCode).toBe(201);

    const get = async (url: string) => (await injectAs(t.app, account.token, { url })).json();
    const first = await get('invoices?per_page=1');
    expect(first.data.map((x: { id: string }) => x.id)).toEqual([note.id]);
    expect(first.meta.total).toBe(2);
    const second = await get(`invoices?per_page=1&page=2&cursor=${first.meta.next_cursor}`);
    expect(second.data.map((x: { id: string }) => x.id)).toEqual([inv.id]);
    expect((await get('invoices?per_page=1&page=2')).data).toEqual(second.data);
    expect((await get('invoices?per_page=1&page=3')).meta.total).toBe(2);
    const refunds = await get('refunds');
    expect(refunds.data.map((x: { id: string }) => x.id)).toEqual([note.id]);
    expect(refunds.meta.total).toBe(1);
    // The owner sees them among the business's others.
    expect((await shop.client.get('invoices?per_page=100')).json().meta.total).toBeGreaterThan(3);
  });
});
