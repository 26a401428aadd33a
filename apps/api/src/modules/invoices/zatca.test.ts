import { sql } from 'drizzle-orm';
import { syncedInvoicesPage } from '@app/shared/schemas/invoices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, rows, type TestApp } from '../../../test/helper';
import { compiledShapes, withTenant } from '../../db/client';
import { decodeTlv } from '../../integrations/zatca/tlv';
import { FIRST_PIH, invoiceHash } from '../../integrations/zatca/hash';
import { verifySignedUbl } from '../../integrations/zatca/sign';
import { validateXsd } from '../../integrations/zatca/validate';
import { newProduct, newShop, type Shop } from '../orders/orders.fixtures';
import { issueInvoiceIn } from './invoice-core';
import { submitDue, submitInvoice } from './zatca-core';

/**
 * Saudi e-invoicing phase two against the local simulator (issue 16 §4, §6): the configuration,
 * onboarding with the OTP, every document signed into one chain (counter and previous hash) in its
 * issuing transaction, reported or cleared by the job, rejected documents kept in their place, the
 * chain linear under concurrency and unbroken by a crash before the commit.
 */

let t: TestApp;
let shop: Shop;
const POSTGRES = Boolean(process.env.DATABASE_URL);
const CONFIG = {
  common_name: 'Khidma-EGS-1',
  commercial_registration_number: '1010010000',
  organization_identifier: '311111111111113',
  organization_unit_name: 'Riyadh Branch',
  organization_name: 'صالون لمسة الجمال',
  street: 'الأمير سلطان',
  street_address: 'حي المربع',
  building_number: '2322',
  subdivision: 'المربع',
  city: 'الرياض',
  postal_code: '23333',
  invoice_type: '1100',
  industry: 'Beauty',
  environment: 'simulation',
};

beforeAll(async () => {
  t = await buildTestApp();
  shop = await newShop(t);
  await shop.client.post('settings/sales', { vat_number: '311111111111113' });
});
afterAll(async () => {
  await t?.close();
});

const place = async (items: unknown[] = [{ type: 'service', service_id: shop.serviceId }]) => (await shop.client.post('orders', { customer_id: null, items })).json().data;
const issue = async (orderId: string, body: Record<string, unknown> = {}) => {
  const res = await shop.client.post(`orders/${orderId}/invoice`, body);
  if (res.statusCode !== 201) throw new Error(`invoice: ${res.statusCode} ${res.body}`);
  return res.json().data;
};
type Stored = { id: string; number: number; icv: number | null; previous_hash: string | null; invoice_hash: string | null; xml: string | null; zatca_status: string; zatca_errors: unknown };
const stored = async (id: string) => (await rows<Stored>(t.db, sql`select id, number, icv, previous_hash, invoice_hash, xml, zatca_status, zatca_errors from invoices where id = ${id}`))[0]!;

describe('e-invoice configuration and onboarding', () => {
  it('keeps the configuration, refusing bad fields under their name', async () => {
    expect((await shop.client.get('settings/invoicing')).json().data).toMatchObject({ status: 'not-connected', environment: 'simulation', icv: 0 });
    const bad = await shop.client.post('settings/invoicing', { ...CONFIG, commercial_registration_number: '12', organization_identifier: '300000000000002', postal_code: 'abc' });
    expect(Object.keys(bad.json().errors).sort()).toEqual(['commercial_registration_number', 'organization_identifier', 'postal_code']);
    const ok = await shop.client.post('settings/invoicing', CONFIG);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ common_name: 'Khidma-EGS-1', status: 'not-connected' });
  });

  it('an invoice issued before connecting is not signed', async () => {
    const inv = await issue((await place()).id);
    expect(await stored(inv.id)).toMatchObject({ icv: null, xml: null, zatca_status: 'not-submitted' });
  });

  it('refuses a wrong or expired OTP with ZATCA’s message, then connects with a good one', async () => {
    const bad = await shop.client.post('zatca/connect', { otp: '000000' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.otp[0]).toMatch(/^Connecting to ZATCA failed: Invalid OTP/);
    expect((await shop.client.post('zatca/integration-status')).json().data).toMatchObject({ status: 'failed' });
    expect((await shop.client.post('zatca/connect', { otp: '12345' })).json().errors.otp).toBeDefined();
    const ok = await shop.client.post('zatca/connect', { otp: '123456' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ status: 'connected', last_error: null });
    expect(ok.body).not.toMatch(/PRIVATE KEY|secret/i);
    // The private key and secrets are encrypted at rest.
    const [device] = await rows<{ private_key_enc: string; production_secret_enc: string; csr: string }>(t.db, sql`select private_key_enc, production_secret_enc, csr from zatca_devices where tenant_id = ${shop.tenantId}`);
    expect(device!.private_key_enc).toMatch(/^v1\./);
    expect(device!.private_key_enc).not.toContain('PRIVATE');
    expect(device!.csr).toContain('BEGIN CERTIFICATE REQUEST');
  });
});

describe('the chain and the submissions', () => {
  it('signs each document into the chain: the first from pih.txt, each next from the one before; valid UBL, a verifying signature, QR tags 1–9', async () => {
    const o1 = await place();
    const a = await issue(o1.id);
    const b = await issue((await place()).id, {
      vat_id: '300000000000003',
      billing_name: 'شركة الأفق',
      billing_country: 'SA',
      billing_address: 'طريق الملك فهد',
      billing_building_number: '1234',
      billing_district: 'العليا',
      billing_city: 'الرياض',
      billing_postal_code: '12214',
    });
    const sa = await stored(a.id);
    const sb = await stored(b.id);
    expect(sa).toMatchObject({ icv: 1, previous_hash: FIRST_PIH, zatca_status: 'pending' });
    expect(FIRST_PIH).not.toBe('MA==');
    expect(sb).toMatchObject({ icv: 2, previous_hash: sa.invoice_hash });
    expect(invoiceHash(sa.xml!)).toBe(sa.invoice_hash);
    expect(verifySignedUbl(sa.xml!).ok).toBe(true);
    expect(await validateXsd(sb.xml!)).toEqual([]);
    expect(sb.xml).toContain('name="0100000"');
    // The document's QR now carries the signature's tags.
    const qr = (await shop.client.get(`invoices/${a.id}`)).json().data.qr;
    expect([...decodeTlv(Buffer.from(qr, 'base64')).keys()]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);

    // The standard one was cleared before the answer came back; the job reports the simplified one; resending is harmless.
    expect(b.zatca_status).toBe('cleared');
    expect(await submitDue(t.db)).toBeGreaterThanOrEqual(1);
    expect((await stored(a.id)).zatca_status).toBe('reported');
    expect((await stored(b.id)).zatca_errors).toBeNull();
    expect((await stored(b.id)).zatca_status).toBe('cleared');
    expect((await submitInvoice(t.db, shop.tenantId, a.id)).zatcaStatus).toBe('reported');
    const synced = (await shop.client.get('invoices/synced?syncStatus=cleared')).json();
    expect(synced.data.map((d: { id: string }) => d.id)).toContain(b.id);
    // The XML downloads: the standard one as ZATCA cleared it (kept), the simplified one as signed and reported.
    const [kept] = await rows<{ cleared_xml: string | null }>(t.db, sql`select cleared_xml from invoices where id = ${b.id}`);
    expect(kept!.cleared_xml).toBe(sb.xml);
    const xb = await shop.client.get(`invoices/${b.id}/xml`);
    expect(xb.statusCode).toBe(200);
    expect(xb.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(xb.headers['content-disposition']).toBe(`attachment; filename="invoice-${b.number}.xml"`);
    expect(xb.body).toBe(kept!.cleared_xml);
    expect((await shop.client.get(`invoices/${a.id}/xml`)).body).toBe(sa.xml);
  });

  it('a credit note joins the chain; a refused document keeps its place and its XML, and the next one follows it', async () => {
    const order = await place();
    const inv = await issue(order.id);
    const reason = (await shop.client.post('reasons', { type: 'invoice-refund', reason: 'Unhappy' })).json().data.uuid;
    const note = (await shop.client.post(`orders/${order.id}/refund`, { reason_id: reason })).json().data;
    const si = await stored(inv.id);
    const sn = await stored(note.id);
    expect(sn.icv).toBe(si.icv! + 1);
    expect(sn.previous_hash).toBe(si.invoice_hash);
    expect(sn.xml).toContain('>381</cbc:InvoiceTypeCode>');

    // An untaxed line beside taxed ones: "not subject to VAT" cannot share an invoice (BR-O-11).
    const product = await newProduct(shop.client, { price: 1000 });
    const mixed = await place([{ type: 'service', service_id: shop.serviceId }, { type: 'product', product_id: product, quantity: 1 }]);
    await t.db.execute(sql`update order_items set taxes = '[]'::jsonb where order_id = ${mixed.id} and type = 'product'`);
    const bad = await issue(mixed.id);
    const next = await issue((await place()).id);
    await submitDue(t.db);
    const sb = await stored(bad.id);
    expect(sb.zatca_status).toBe('rejected');
    expect(JSON.stringify(sb.zatca_errors)).toContain('BR-O-11');
    expect(sb.xml).toBeTruthy();
    const sx = await stored(next.id);
    expect(sx).toMatchObject({ icv: sb.icv! + 1, previous_hash: sb.invoice_hash, zatca_status: 'reported' });
  });

  it('a crash between signing and saving leaves no hole: the counter and hash roll back with the document', async () => {
    const before = (await rows<{ icv: number; last_hash: string }>(t.db, sql`select icv, last_hash from zatca_devices where tenant_id = ${shop.tenantId}`))[0]!;
    const order = await place();
    await expect(
      withTenant(t.db, shop.tenantId, async (tx) => {
        await issueInvoiceIn(tx, shop.tenantId, null, order.id, {});
        throw new Error('crash after signing');
      }),
    ).rejects.toThrow('crash after signing');
    expect((await rows<{ icv: number; last_hash: string }>(t.db, sql`select icv, last_hash from zatca_devices where tenant_id = ${shop.tenantId}`))[0]).toEqual(before);
    const inv = await issue(order.id);
    expect(await stored(inv.id)).toMatchObject({ icv: before.icv + 1, previous_hash: before.last_hash });
  });

  it('stays linear and gapless under 20 invoice requests at once', async () => {
    const orders = await Promise.all(Array.from({ length: 20 }, () => place()));
    await Promise.all(orders.map((o) => issue(o.id)));
    const chain = await rows<{ icv: number; previous_hash: string; invoice_hash: string }>(
      t.db,
      sql`select icv, previous_hash, invoice_hash from invoices where tenant_id = ${shop.tenantId} and icv is not null order by icv`,
    );
    expect(chain.map((c) => c.icv)).toEqual(chain.map((_, i) => i + 1));
    expect(chain[0]!.previous_hash).toBe(FIRST_PIH);
    for (let i = 1; i < chain.length; i++) expect(chain[i]!.previous_hash).toBe(chain[i - 1]!.invoice_hash);
    if (POSTGRES) console.log(`[zatca] chain of ${chain.length} linear under 20 concurrent requests on PostgreSQL`);
  });

  it('GET invoices/synced: each row as the list shows it with what ZATCA said and its counter; pages by cursor or by number alike; filtered by status', async () => {
    const res = await shop.client.get('invoices/synced?per_page=100');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // Written as text: nothing the schema leaves out (no lines, no XML), nothing of the wrong kind.
    expect(syncedInvoicesPage.parse(body)).toEqual(body);
    expect(body.data.length).toBeGreaterThanOrEqual(20);
    const listed = new Map((await shop.client.get('invoices?per_page=100')).json().data.map((d: { id: string }) => [d.id, d]));
    for (const row of body.data) {
      const { zatca_errors, icv, ...item } = row;
      expect(item).toEqual(listed.get(row.id));
      const own = await stored(row.id);
      expect({ zatca_errors, icv, zatca_status: row.zatca_status }).toEqual({ zatca_errors: own.zatca_errors, icv: own.icv, zatca_status: own.zatca_status });
    }
    const first = (await shop.client.get('invoices/synced?per_page=3')).json();
    expect(first.meta).toMatchObject({ current_page: 1, per_page: 3, total: body.meta.total, total_exact: true });
    const byCursor = (await shop.client.get(`invoices/synced?per_page=3&page=2&cursor=${first.meta.next_cursor}`)).json();
    const byNumber = (await shop.client.get('invoices/synced?per_page=3&page=2')).json();
    expect(byNumber.data.map((d: { id: string }) => d.id)).toEqual(body.data.slice(3, 6).map((d: { id: string }) => d.id));
    expect(byCursor.data).toEqual(byNumber.data);
    const rejected = (await shop.client.get('invoices/synced?syncStatus=rejected')).json().data;
    expect(rejected.length).toBeGreaterThanOrEqual(1);
    expect(rejected.every((d: { zatca_status: string; zatca_errors: unknown[] | null }) => d.zatca_status === 'rejected' && (d.zatca_errors?.length ?? 0) > 0)).toBe(true);
    expect((await shop.client.get('invoices/synced?syncStatus=nope')).json().errors).toEqual({ syncStatus: [expect.any(String)] });
    // Each page is built once for its shape, every value bound (db/client.ts runCompiled).
    expect(compiledShapes('invoices_synced')).toMatchObject({ unbound: 0 });
  });

  it('sends by hand: an invoice issued before connecting is signed now and reported; a plain invoice is refused', async () => {
    const [early] = await rows<{ id: string }>(t.db, sql`select id from invoices where tenant_id = ${shop.tenantId} and icv is null and template = 'simplified' limit 1`);
    const res = await shop.client.post(`invoices/${early!.id}/submitInvoiceForSyncingZatca`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.zatca_status).toBe('reported');
    await shop.client.post('settings/sales', { vat_number: '' });
    try {
      const plain = await issue((await place()).id);
      const refused = await shop.client.post(`invoices/${plain.id}/submitInvoiceForSyncingZatca`);
      expect(refused.json().message).toBe('This is a plain invoice, not a tax invoice');
      // A plain invoice is never signed: it has no e-invoice XML.
      expect((await shop.client.get(`invoices/${plain.id}/xml`)).statusCode).toBe(404);
    } finally {
      await shop.client.post('settings/sales', { vat_number: '311111111111113' });
    }
  });
});
