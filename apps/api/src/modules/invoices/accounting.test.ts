import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, rows, type TestApp } from '../../../test/helper';
import { newShop, type Shop } from '../orders/orders.fixtures';
import { syncDueToWafeq, syncToWafeq } from './accounting';

/** Accounting sync with Wafeq's local simulator (issue 16 §5): connect, send, idempotent, retried, counted. */

let t: TestApp;
let shop: Shop;
const KEY = 'wfq_test0123456789abcdef';
beforeAll(async () => {
  t = await buildTestApp();
  shop = await newShop(t);
});
afterAll(async () => {
  await t?.close();
});

const invoiceOfNewOrder = async () => {
  const order = (await shop.client.post('orders', { customer_id: null, items: [{ type: 'service', service_id: shop.serviceId }] })).json().data;
  return (await shop.client.post(`orders/${order.id}/invoice`, {})).json().data;
};

describe('Wafeq', () => {
  it('is not installed at first; sending then says to connect it', async () => {
    expect((await shop.client.get('tenant/checkWafeqInstallationStatus')).json().data).toEqual({ installed: false, organization: null, environment: null, connected_at: null });
    const inv = await invoiceOfNewOrder();
    expect((await shop.client.post(`invoices/${inv.id}/submitInvoiceForSyncing`)).json().message).toBe('Connect the accounting app (Wafeq) first');
  });

  it('refuses a bad key under the field, connects with a good one (sealed at rest, never returned)', async () => {
    const bad = await shop.client.post('apps/wafeq/connect', { api_key: 'nope' });
    expect(bad.json().errors.api_key[0]).toMatch(/^Connecting the accounting app failed: Wafeq refused the API key/);
    const ok = await shop.client.post('apps/wafeq/connect', { api_key: KEY });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ installed: true, environment: 'simulation' });
    expect(ok.body).not.toContain(KEY);
    const [row] = await rows<{ api_key_enc: string }>(t.db, sql`select api_key_enc from accounting_apps where tenant_id = ${shop.tenantId}`);
    expect(row!.api_key_enc).not.toContain(KEY);
  });

  it('sends a document by hand and keeps its wafeq_id; sending again changes nothing (idempotent)', async () => {
    const inv = await invoiceOfNewOrder();
    const res = await shop.client.post(`invoices/${inv.id}/submitInvoiceForSyncing`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('The invoice was sent to the accounting app');
    expect(res.json().data).toMatchObject({ accounting_status: 'synced', wafeq_id: expect.stringMatching(/^inv_/) });
    // Reset to unsynced (as after a lost answer): the retry gets the same id, no second invoice.
    await t.db.execute(sql`update invoices set accounting_status = 'unsynced' where id = ${inv.id}`);
    const again = await syncToWafeq(t.db, shop.tenantId, inv.id);
    expect(again.invoice.wafeqId).toBe(res.json().data.wafeq_id);
  });

  it('the job sends new documents; a failure is kept with its message and retried; the counts follow', async () => {
    const a = await invoiceOfNewOrder();
    expect(await syncDueToWafeq(t.db)).toBeGreaterThanOrEqual(1);
    const [synced] = await rows<{ accounting_status: string }>(t.db, sql`select accounting_status from invoices where id = ${a.id}`);
    expect(synced!.accounting_status).toBe('synced');
    // A key Wafeq no longer accepts: failed, with the message, and shown as such.
    await t.db.execute(sql`update accounting_apps set api_key_enc = ${(await import('./zatca-core')).rt().box.seal('revoked')} where tenant_id = ${shop.tenantId}`);
    const b = await invoiceOfNewOrder();
    const res = await shop.client.post(`invoices/${b.id}/submitInvoiceForSyncing`);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/^Sending the invoice to the accounting app failed: Wafeq refused the API key/);
    const counts = (await shop.client.get('apps/invoice-apps-sync-status')).json().data;
    expect(counts.failed).toBeGreaterThanOrEqual(1);
    expect(counts.synced).toBeGreaterThanOrEqual(2);
    expect((await shop.client.request('DELETE', 'apps/wafeq')).json().data.installed).toBe(false);
  });
});
