import { randomUUID } from 'node:crypto';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from '../../db/client';
import { withTenant } from '../../db/client';
import { type InvoiceRow, invoices, type ZatcaDeviceRow, type ZatcaUnit, zatcaDevices } from '../../db/schema/invoices';
import { buildCsr, csrForApi, generateKeyPair } from '../../integrations/zatca/csr';
import { derToPem } from '../../integrations/zatca/der';
import { type ZatcaAuth, type ZatcaGateway, ZatcaRefused, zatcaGatewayFor } from '../../integrations/zatca/gateway';
import { FIRST_PIH } from '../../integrations/zatca/hash';
import { signUbl } from '../../integrations/zatca/sign';
import type { Issue } from '../../integrations/zatca/validate';
import { buildUbl, type ZatcaCategory, type ZatcaDocument, type ZatcaLine, type ZatcaParty } from '../../integrations/zatca/xml';
import type { SecretBox } from '../../lib/secret-box';

/**
 * Phase two of Saudi e-invoicing around our documents (issue 16 §4): the unit's onboarding, the hash
 * chain and the submissions.
 *
 * **The chain.** A business has one signing unit (EGS). A document joins its chain in the very
 * transaction that issues it: the unit's row is locked (so two documents never take the same
 * counter), the counter (ICV) and the previous hash (PIH) are read from it, the UBL is built and
 * signed, and the document and the unit's new head are written together. A crash before the commit
 * leaves neither, so the chain never forks and never skips; a rejected document keeps its place and
 * its XML, and a resent one keeps its issue time.
 *
 * **Submissions** run after the commit, from the database (the outbox pattern): pending documents
 * are reported (simplified) or cleared (standard) by a periodic job with retries and backoff, so a
 * restart loses none. An accepted hash sent again is answered as accepted.
 */

type Runtime = { box: SecretBox; productionUrl: string };
let runtime: Runtime | null = null;

/** Set once by the app (its secret box and ZATCA's production address). */
export function configureZatca(r: Runtime): void {
  runtime = r;
}
export const zatcaConfigured = () => runtime !== null;
export function rt(): Runtime {
  if (!runtime) throw new Error('ZATCA runtime not configured');
  return runtime;
}

export const gatewayOf = (device: Pick<ZatcaUnit, 'environment'>): ZatcaGateway => zatcaGatewayFor(device.environment, rt().productionUrl);

/** The certificate as PEM, from what ZATCA answers (base64 of the DER, or base64 of that base64 text). */
export function certificatePem(token: string): string {
  const inner = Buffer.from(token, 'base64').toString('latin1');
  const der = /^MII[A-Za-z0-9+/=]+$/.test(inner) ? Buffer.from(inner, 'base64') : Buffer.from(token, 'base64');
  return derToPem(der, 'CERTIFICATE');
}

function authOf(device: ZatcaUnit, stage: 'compliance' | 'production'): ZatcaAuth {
  const cert = stage === 'production' ? device.productionCertificate : device.complianceCertificate;
  const secret = stage === 'production' ? device.productionSecretEnc : device.complianceSecretEnc;
  if (!cert || !secret) throw new ZatcaRefused('The e-invoicing unit is not connected');
  return { certificate: cert, secret: rt().box.open(secret) };
}

/** The unit's organisation as the seller of its documents. */
export const sellerOf = (u: ZatcaUnit): ZatcaParty => ({
  name: u.organizationName,
  vatNumber: u.organizationIdentifier,
  crNumber: u.crNumber,
  street: u.street,
  building: u.buildingNumber,
  district: u.subdivision,
  city: u.city,
  postalCode: u.postalCode,
  country: 'SA',
});

/** A taxed line is standard-rated; an untaxed one is not subject to VAT (mixing both breaks BR-O-11: docs/zatca.md). */
const categoryOf = (rateBps: number): ZatcaCategory => (rateBps > 0 ? 'S' : 'O');

const OUTSIDE = { exemptionCode: 'VATEX-SA-OOS', exemptionReason: 'Not subject to VAT' };

/** A line with its VAT category (and the exemption of an untaxed one). */
export function zatcaLine(l: Omit<ZatcaLine, 'category'>): ZatcaLine {
  const category = categoryOf(l.rateBps);
  return { ...l, category, ...(category === 'O' ? OUTSIDE : {}) };
}

/** The VAT breakdown by category and rate; each category's VAT as the document computed it (tax.ts): the sum of its lines' shares. */
export function taxGroupsOf(lines: ZatcaLine[]): ZatcaDocument['taxGroups'] {
  const groups = new Map<string, ZatcaDocument['taxGroups'][number]>();
  for (const l of lines) {
    const key = `${l.category}:${l.rateBps}`;
    const g = groups.get(key) ?? { category: l.category, rateBps: l.rateBps, taxable: 0, amount: 0, ...(l.category === 'O' ? OUTSIDE : {}) };
    g.taxable += l.net;
    g.amount += l.vat;
    groups.set(key, g);
  }
  return [...groups.values()];
}

/** Our document as ZATCA's UBL input (`original`: a credit note's invoice number). */
export function zatcaDocumentOf(inv: InvoiceRow, device: ZatcaUnit, icv: number, pih: string, original: string | null): ZatcaDocument {
  const rateOf = (l: InvoiceRow['lines'][number]) => l.taxes.reduce((a, t) => a + t.rate_bps, 0);
  const lines = inv.lines.map((l, i) => zatcaLine({ id: i + 1, name: l.name, quantity: l.quantity, unitPrice: l.unit_price, discount: l.discount, net: l.net, rateBps: rateOf(l), vat: l.tax }));
  const b2b = inv.template === 'standard';
  return {
    kind: inv.type === 'refund' ? 'credit' : 'invoice',
    profile: b2b ? 'standard' : 'simplified',
    number: String(inv.number),
    uuid: inv.uuid,
    issuedAt: inv.issuedAt,
    icv,
    pih,
    currency: inv.currency,
    digits: 2,
    seller: sellerOf(device),
    buyer: b2b
      ? {
          name: inv.billingName ?? inv.customerName ?? '',
          vatNumber: inv.vatId,
          street: inv.billingAddress,
          building: inv.billingDetails?.building_number ?? null,
          district: inv.billingDetails?.district ?? null,
          city: inv.billingDetails?.city ?? null,
          postalCode: inv.billingDetails?.postal_code ?? null,
          country: inv.billingCountry ?? 'SA',
        }
      : inv.customerName
        ? { name: inv.customerName, country: 'SA' }
        : null,
    lines,
    taxGroups: taxGroupsOf(lines),
    billingReference: original,
    reason: inv.type === 'refund' ? (inv.reason ?? 'Refund') : null,
    paymentMeansCode: '10',
    deliveryDate: b2b ? inv.issuedAt.toISOString().slice(0, 10) : null,
  };
}

/**
 * Joins the document to the business's chain inside the issuing transaction (see above). Nothing
 * happens while the unit is not connected or for a plain (trial) invoice: such a document stays
 * `not-submitted` until it is sent by hand (`submitInvoiceForSyncingZatca`).
 */
export async function signIntoChain(tx: Tx, tenantId: string, invoiceId: string): Promise<void> {
  const [device] = await tx.select().from(zatcaDevices).where(eq(zatcaDevices.tenantId, tenantId)).for('update');
  if (device?.status !== 'connected') return;
  const [inv] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.tenantId, tenantId), eq(invoices.id, invoiceId)))
    .for('update');
  if (!inv || inv.template === 'trial' || inv.icv !== null) return;
  let original: string | null = null;
  if (inv.originalInvoiceId) {
    const [o] = await tx.select({ number: invoices.number }).from(invoices).where(and(eq(invoices.tenantId, tenantId), eq(invoices.id, inv.originalInvoiceId)));
    original = o ? String(o.number) : null;
  }
  const signed = signNext(device, (icv, pih) => zatcaDocumentOf(inv, device, icv, pih, original), inv.issuedAt);
  await tx
    .update(invoices)
    .set({ ...signed, updatedAt: new Date() })
    .where(and(eq(invoices.tenantId, tenantId), eq(invoices.id, invoiceId)));
  await tx.update(zatcaDevices).set({ icv: signed.icv, lastHash: signed.invoiceHash, updatedAt: new Date() }).where(eq(zatcaDevices.tenantId, tenantId));
}

/** A document's new chain fields, waiting to be submitted. */
export type SignedLink = Pick<InvoiceRow, 'icv' | 'previousHash' | 'invoiceHash' | 'xml' | 'signedQr' | 'zatcaStatus' | 'zatcaNextAttemptAt'> & { icv: number; invoiceHash: string };

/**
 * The next link of a connected unit's chain: its counter and the previous hash from the unit's head
 * (the caller holds the unit's row lock and writes the new head in the same transaction).
 */
export function signNext(unit: ZatcaUnit, build: (icv: number, pih: string) => ZatcaDocument, signingTime: Date): SignedLink {
  const icv = unit.icv + 1;
  const pih = unit.lastHash ?? FIRST_PIH;
  const signed = signUbl(buildUbl(build(icv, pih)), { privateKeyPem: rt().box.open(unit.privateKeyEnc!), certificatePem: certificatePem(unit.productionCertificate!), signingTime });
  return { icv, previousHash: pih, invoiceHash: signed.hash, xml: signed.xml, signedQr: signed.qr, zatcaStatus: 'pending', zatcaNextAttemptAt: new Date() };
}

/** Backoff between attempts: 30 s, 1, 2, 4 … minutes, at most an hour. */
export const retryDelayMs = (attempts: number) => Math.min(3_600_000, 30_000 * 2 ** Math.max(0, attempts - 1));

/** What a submission changes on the document (the same columns on every kind of document). */
export type SubmissionValues = Partial<Pick<InvoiceRow, 'zatcaStatus' | 'zatcaErrors' | 'zatcaSubmittedAt' | 'zatcaNextAttemptAt' | 'clearedXml'>>;

/**
 * Reports (simplified) or clears (standard) one signed document with the unit's production
 * certificate; ZATCA's answer as the document's new values. A network failure is retried later
 * with backoff (`attempts` made before this one).
 */
export async function submitSigned(
  unit: ZatcaUnit,
  doc: { xml: string; hash: string; uuid: string },
  standard: boolean,
  attempts: number,
  log?: FastifyBaseLogger,
): Promise<SubmissionValues> {
  try {
    const gateway = gatewayOf(unit);
    const auth = authOf(unit, 'production');
    const res = standard ? await gateway.clear(auth, doc) : await gateway.report(auth, doc);
    return res.ok
      ? {
          zatcaStatus: standard ? 'cleared' : 'reported',
          zatcaErrors: res.warnings.length ? res.warnings : null,
          zatcaSubmittedAt: new Date(),
          zatcaNextAttemptAt: null,
          ...(res.clearedXml ? { clearedXml: res.clearedXml } : {}),
        }
      : { zatcaStatus: 'rejected', zatcaErrors: res.errors, zatcaSubmittedAt: new Date(), zatcaNextAttemptAt: null };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    log?.warn({ uuid: doc.uuid, attempts: attempts + 1, err: message }, 'ZATCA submission failed; retrying later');
    return { zatcaErrors: [{ code: 'NETWORK', message }], zatcaNextAttemptAt: new Date(Date.now() + retryDelayMs(attempts + 1)) };
  }
}

/** Sends one of a business's signed documents and records the answer. */
export async function submitInvoice(db: Database, tenantId: string, invoiceId: string, log?: FastifyBaseLogger): Promise<InvoiceRow> {
  const [device] = await withTenant(db, tenantId, (tx) => tx.select().from(zatcaDevices).where(eq(zatcaDevices.tenantId, tenantId)));
  const [inv] = await withTenant(db, tenantId, (tx) => tx.select().from(invoices).where(and(eq(invoices.tenantId, tenantId), eq(invoices.id, invoiceId))));
  if (!inv) throw new Error('invoice not found');
  if (!device || !inv.xml || !inv.invoiceHash || ['reported', 'cleared'].includes(inv.zatcaStatus)) return inv;
  const values = await submitSigned(device, { xml: inv.xml, hash: inv.invoiceHash, uuid: inv.uuid }, inv.template === 'standard', inv.zatcaAttempts, log);
  const [after] = await withTenant(db, tenantId, (tx) =>
    tx
      .update(invoices)
      .set({ ...values, zatcaAttempts: sql`${invoices.zatcaAttempts} + 1`, updatedAt: new Date() })
      .where(and(eq(invoices.tenantId, tenantId), eq(invoices.id, invoiceId)))
      .returning(),
  );
  return after!;
}

/** The job: pending documents whose time has come, oldest first in each chain (system connection). */
export async function submitDue(db: Database, log?: FastifyBaseLogger, batch = 20): Promise<number> {
  const due = await db
    .select({ tenantId: invoices.tenantId, id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.zatcaStatus, 'pending'), lte(invoices.zatcaNextAttemptAt, new Date())))
    .orderBy(asc(invoices.tenantId), asc(invoices.icv))
    .limit(batch);
  for (const d of due) await submitInvoice(db, d.tenantId, d.id, log);
  return due.length;
}

/** Sample documents the unit must pass before its production certificate: each type it declared, as invoice, credit and debit note. */
function complianceSamples(device: ZatcaUnit): { profile: 'standard' | 'simplified'; kind: ZatcaDocument['kind'] }[] {
  const profiles: ('standard' | 'simplified')[] = [];
  if (device.invoiceType[0] === '1') profiles.push('standard');
  if (device.invoiceType[1] === '1') profiles.push('simplified');
  return profiles.flatMap((profile) => (['invoice', 'credit', 'debit'] as const).map((kind) => ({ profile, kind })));
}

/**
 * Onboarding with the portal's OTP: a new secp256k1 key and CSR, the compliance CSID, the compliance
 * checks of every declared type, then the production CSID; stored encrypted. The chain goes on from
 * where it was. Failures leave the unit `failed` with ZATCA's message (spec §8).
 */
export async function connectUnit<T extends ZatcaUnit>(device: T | undefined, otp: string, save: (values: Partial<ZatcaUnit>) => Promise<T>): Promise<T> {
  if (!device) throw new ZatcaRefused('Save the e-invoice configuration first');
  const box = rt().box;
  const gateway = gatewayOf(device);
  try {
    const { privateKeyPem } = generateKeyPair();
    const csr = buildCsr(
      {
        commonName: device.commonName,
        serialNumber: `1-Khidma|2-1.0|3-${device.id}`,
        organizationIdentifier: device.organizationIdentifier,
        organizationUnitName: device.organizationUnitName,
        organizationName: device.organizationName,
        countryName: 'SA',
        invoiceType: device.invoiceType,
        location: `${device.city} ${device.subdivision}`.trim(),
        industry: device.industry,
        environment: device.environment === 'production' ? 'production' : 'simulation',
      },
      privateKeyPem,
    );
    const compliance = await gateway.complianceCsid(csrForApi(csr), otp);
    const auth = { certificate: compliance.certificate, secret: compliance.secret };
    const failures: Issue[] = [];
    let pih = FIRST_PIH;
    for (const [i, s] of complianceSamples(device).entries()) {
      const xml = buildUbl({
        kind: s.kind,
        profile: s.profile,
        number: `COMPLIANCE-${i + 1}`,
        uuid: randomUUID(),
        issuedAt: new Date(),
        icv: i + 1,
        pih,
        currency: 'SAR',
        digits: 2,
        seller: sellerOf(device),
        buyer: s.profile === 'standard' ? { name: 'Compliance check buyer', vatNumber: '300000000000003', street: 'King Fahd Road', building: '1111', district: 'Al Olaya', city: 'Riyadh', postalCode: '12222', country: 'SA' } : null,
        lines: [{ id: 1, name: 'Compliance check', quantity: 1, unitPrice: 10000, discount: 0, net: 10000, category: 'S', rateBps: 1500, vat: 1500 }],
        taxGroups: [{ category: 'S', rateBps: 1500, taxable: 10000, amount: 1500 }],
        billingReference: s.kind === 'invoice' ? null : 'COMPLIANCE-1',
        reason: s.kind === 'invoice' ? null : 'Compliance check',
        paymentMeansCode: '10',
        deliveryDate: s.profile === 'standard' ? new Date().toISOString().slice(0, 10) : null,
      });
      const signed = signUbl(xml, { privateKeyPem, certificatePem: certificatePem(compliance.certificate), signingTime: new Date() });
      const res = await gateway.complianceCheck(auth, { xml: signed.xml, hash: signed.hash, uuid: /<cbc:UUID>([^<]+)<\/cbc:UUID>/.exec(signed.xml)?.[1] ?? '' });
      if (!res.ok) failures.push(...res.errors.map((e) => ({ code: e.code, message: `${s.profile} ${s.kind}: ${e.message}` })));
      pih = signed.hash;
    }
    if (failures.length) throw new ZatcaRefused(failures.map((f) => `${f.code} ${f.message}`).join('; '), failures);
    const production = await gateway.productionCsid(auth, compliance.requestId);
    return await save({
          status: 'connected',
          lastError: null,
          connectedAt: new Date(),
          privateKeyEnc: box.seal(privateKeyPem),
          csr,
          complianceCertificate: compliance.certificate,
          complianceSecretEnc: box.seal(compliance.secret),
          productionCertificate: production.certificate,
          productionSecretEnc: box.seal(production.secret),
          updatedAt: new Date(),
        });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await save({ status: 'failed', lastError: message.slice(0, 1000), updatedAt: new Date() });
    throw err instanceof ZatcaRefused ? err : new ZatcaRefused(message);
  }
}

/** A business's unit onboarded (see `connectUnit`). */
export async function connectDevice(db: Database, tenantId: string, otp: string): Promise<ZatcaDeviceRow> {
  const [device] = await withTenant(db, tenantId, (tx) => tx.select().from(zatcaDevices).where(eq(zatcaDevices.tenantId, tenantId)));
  return connectUnit(device, otp, async (values) => {
    const [row] = await withTenant(db, tenantId, (tx) => tx.update(zatcaDevices).set(values).where(eq(zatcaDevices.tenantId, tenantId)).returning());
    return row!;
  });
}
