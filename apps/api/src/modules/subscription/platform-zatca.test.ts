import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, rows, type TestApp } from '../../../test/helper';
import { FIRST_PIH } from '../../integrations/zatca/hash';
import { decodeTlv } from '../../integrations/zatca/tlv';
import { newOwner, type Owner } from '../access/access.fixtures';
import { submitPlatformDue } from './platform-zatca';
import { payByCard } from './subscription.fixtures';

/**
 * Subscription invoices as tax invoices from the platform (issue 17 §4): the platform's own unit,
 * configured and onboarded by the operator, signs every invoice into one chain in the transaction
 * that issues it; the job reports simplified ones and clears standard ones; a business downloads
 * the XML. Before the unit is connected, invoices carry the phase-one QR only.
 */

let t: TestApp;
let operator: Owner;

const PLATFORM = {
  common_name: 'Khidma-Platform-EGS',
  commercial_registration_number: '1010000001',
  organization_identifier: '310000000000003',
  organization_unit_name: 'Khidma Riyadh',
  organization_name: 'شركة خدمة للتقنية',
  street: 'طريق الملك فهد',
  street_address: '',
  building_number: '2222',
  subdivision: 'العليا',
  city: 'الرياض',
  postal_code: '12211',
  invoice_type: '1100',
  industry: 'Software',
  environment: 'simulation',
};

type Stored = { number: string; template: string; icv: number | null; previous_hash: string | null; invoice_hash: string | null; zatca_status: string; xml: string | null; cleared_xml: string | null; seller_name: string | null };
const invoicesOf = (tenantId: string) => rows<Stored>(t.db, sql`select * from subscription_invoices where tenant_id = ${tenantId} order by issued_at, number`);

beforeAll(async () => {
  t = await buildTestApp();
  operator = await newOwner(t);
  await t.db.execute(sql`update users set can_imp = true where id = ${operator.user.uuid}`);
});
afterAll(async () => {
  await t?.close();
});

describe("the platform's e-invoicing unit", () => {
  it('belongs to the operator: a business owner gets 403', async () => {
    const owner = await newOwner(t);
    expect((await owner.client.get('operator/zatca')).statusCode).toBe(403);
    expect((await owner.client.post('operator/zatca', PLATFORM)).statusCode).toBe(403);
    expect((await owner.client.post('operator/zatca/connect', { otp: '123456' })).statusCode).toBe(403);
  });

  it('before it is connected, an invoice carries the phase-one QR and is not submitted', async () => {
    const o = await newOwner(t);
    await payByCard(o.client, 'basic', 'monthly');
    const [inv] = await invoicesOf(o.tenantId);
    expect(inv).toMatchObject({ icv: null, xml: null, zatca_status: 'not-submitted' });
    const [listed] = (await o.client.get('subscription/invoices')).json().data;
    expect(listed).toMatchObject({ zatca_status: 'not-submitted', icv: null });
    expect([...decodeTlv(Buffer.from(listed.qr, 'base64')).keys()]).toEqual([1, 2, 3, 4, 5]);
    expect((await o.client.get(`subscription/invoices/${listed.id}/xml`)).statusCode).toBe(404);
  });

  it('is configured (fields checked), refuses a wrong OTP with ZATCA’s message, then connects', async () => {
    const bad = await operator.client.post('operator/zatca', { ...PLATFORM, organization_identifier: '12', postal_code: 'x' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['organization_identifier', 'postal_code']);
    expect((await operator.client.post('operator/zatca/connect', { otp: '123456' })).statusCode).toBe(422);
    const saved = await operator.client.post('operator/zatca', PLATFORM);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ status: 'not-connected', icv: 0, invoices: { 'not-submitted': 1 } });
    const refused = await operator.client.post('operator/zatca/connect', { otp: '000000' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.otp[0]).toContain('Invalid OTP');
    expect((await operator.client.get('operator/zatca')).json().data).toMatchObject({ status: 'failed' });
    const ok = await operator.client.post('operator/zatca/connect', { otp: '123456' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ status: 'connected', icv: 0 });
  });

  it('signs each invoice into one chain as it is issued; the job reports it; the business downloads the XML', async () => {
    const a = await newOwner(t);
    const b = await newOwner(t);
    // Two businesses paying at once: the chain neither forks nor skips.
    await Promise.all([payByCard(a.client, 'pro', 'monthly'), payByCard(b.client, 'basic', 'yearly')]);
    const signed = [...(await invoicesOf(a.tenantId)), ...(await invoicesOf(b.tenantId))].sort((x, y) => x.icv! - y.icv!);
    expect(signed.map((i) => i.icv)).toEqual([1, 2]);
    expect(signed[0]!.previous_hash).toBe(FIRST_PIH);
    expect(signed[1]!.previous_hash).toBe(signed[0]!.invoice_hash);
    for (const inv of signed) expect(inv).toMatchObject({ template: 'simplified', zatca_status: 'pending', seller_name: PLATFORM.organization_name });

    const [listed] = (await a.client.get('subscription/invoices')).json().data;
    expect(listed.seller).toMatchObject({ name: PLATFORM.organization_name, vat_number: PLATFORM.organization_identifier });
    // Phase two: the QR carries the hash, the signature and the key (tags 6–8) besides 1–5.
    expect([...decodeTlv(Buffer.from(listed.qr, 'base64')).keys()].slice(0, 8)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);

    expect(await submitPlatformDue(t.db)).toBe(2);
    expect((await invoicesOf(a.tenantId))[0]).toMatchObject({ zatca_status: 'reported' });
    expect((await a.client.get('subscription/invoices')).json().data[0]).toMatchObject({ zatca_status: 'reported', icv: expect.any(Number) });
    expect((await operator.client.get('operator/zatca')).json().data).toMatchObject({ icv: 2, invoices: { reported: 2, 'not-submitted': 1 } });

    const xml = await a.client.get(`subscription/invoices/${listed.id}/xml`);
    expect(xml.statusCode).toBe(200);
    expect(xml.headers['content-type']).toContain('application/xml');
    expect(xml.body).toContain('<cbc:ProfileID>reporting:1.0</cbc:ProfileID>');
    expect(xml.body).toContain(PLATFORM.organization_identifier);
    // Another business cannot fetch it.
    expect((await b.client.get(`subscription/invoices/${listed.id}/xml`)).statusCode).toBe(404);
  });

  it('a business with a VAT number and its address gets a standard invoice, cleared; without the address, simplified', async () => {
    const withAddress = await newOwner(t);
    await t.db.execute(sql`update tenants set vat_number = '311111111111113' where id = ${withAddress.tenantId}`);
    const cfg = await withAddress.client.post('settings/invoicing', { ...PLATFORM, common_name: 'Salon-EGS', organization_identifier: '311111111111113', organization_name: 'صالون لمسة', postal_code: '23333' });
    expect(cfg.statusCode, cfg.body).toBe(200);
    await payByCard(withAddress.client, 'basic', 'monthly');
    const [std] = await invoicesOf(withAddress.tenantId);
    expect(std).toMatchObject({ template: 'standard', zatca_status: 'pending' });

    const noAddress = await newOwner(t);
    await t.db.execute(sql`update tenants set vat_number = '322222222222223' where id = ${noAddress.tenantId}`);
    await payByCard(noAddress.client, 'basic', 'monthly');
    expect((await invoicesOf(noAddress.tenantId))[0]).toMatchObject({ template: 'simplified' });

    await submitPlatformDue(t.db);
    const [cleared] = await invoicesOf(withAddress.tenantId);
    expect(cleared).toMatchObject({ zatca_status: 'cleared' });
    expect(cleared!.cleared_xml).toBeTruthy();
    const [listed] = (await withAddress.client.get('subscription/invoices')).json().data;
    expect(listed).toMatchObject({ template: 'standard', zatca_status: 'cleared', buyer: { vat_number: '311111111111113' } });
    const xml = await withAddress.client.get(`subscription/invoices/${listed.id}/xml`);
    expect(xml.body).toBe(cleared!.cleared_xml);
    expect(xml.body).toContain('<cbc:ProfileID>reporting:1.0</cbc:ProfileID>');
  });

  it('changing what the certificate names disconnects the unit; the chain goes on from its head after reconnecting', async () => {
    const changed = await operator.client.post('operator/zatca', { ...PLATFORM, organization_unit_name: 'Khidma Jeddah' });
    expect(changed.json().data).toMatchObject({ status: 'not-connected' });
    const o = await newOwner(t);
    await payByCard(o.client, 'basic', 'monthly');
    expect((await invoicesOf(o.tenantId))[0]).toMatchObject({ icv: null, zatca_status: 'not-submitted' });
    await operator.client.post('operator/zatca/connect', { otp: '654321' });
    const p = await newOwner(t);
    await payByCard(p.client, 'basic', 'monthly');
    const [next] = await invoicesOf(p.tenantId);
    const [head] = await rows<{ icv: number }>(t.db, sql`select max(icv)::int as icv from subscription_invoices where tenant_id <> ${p.tenantId}`);
    expect(next!.icv).toBe(head!.icv + 1);
  });
});
