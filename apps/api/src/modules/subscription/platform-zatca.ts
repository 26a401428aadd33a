import type { InvoicingSettings, invoicingSettingsBody } from '@app/shared/schemas/invoices';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database, Executor, Tx } from '../../db/client';
import { zatcaDevices } from '../../db/schema/invoices';
import { type ChargeRow, type PlatformZatcaUnitRow, platformZatcaUnit, type SubscriptionInvoiceRow, subscriptionInvoices } from '../../db/schema/subscriptions';
import type { ZatcaDocument, ZatcaParty } from '../../integrations/zatca/xml';
import { connectUnit, sellerOf, signNext, submitSigned, taxGroupsOf, zatcaLine } from '../invoices/zatca-core';
import { resetOnChange, toSettings, unitValues } from '../invoices/zatca.service';

/**
 * The platform's own e-invoicing (issue 17 §4): subscription invoices are tax invoices from the
 * platform to the business, so the platform has a signing unit of its own, onboarded by the operator
 * with the portal's OTP exactly as a business onboards its unit (`connectUnit`). Its chain is one for
 * the whole platform: an invoice joins it in the transaction that issues it, under the unit's row
 * lock, and is reported (simplified) or cleared (standard) afterwards by the periodic job, with the
 * same retries as the businesses' documents. While the unit is not connected, invoices keep the
 * phase-one QR and stay `not-submitted`.
 */

const KEY = 'platform';

export async function platformUnit(exec: Executor, lock = false): Promise<PlatformZatcaUnitRow | undefined> {
  const q = exec.select().from(platformZatcaUnit).where(eq(platformZatcaUnit.key, KEY));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function platformSettings(db: Database): Promise<InvoicingSettings> {
  return toSettings(await platformUnit(db));
}

export async function savePlatformSettings(db: Database, body: z.output<typeof invoicingSettingsBody>): Promise<InvoicingSettings> {
  return db.transaction(async (tx) => {
    const current = await platformUnit(tx, true);
    const values = unitValues(body);
    const [row] = current
      ? await tx
          .update(platformZatcaUnit)
          .set({ ...values, ...resetOnChange(current, values), updatedAt: new Date() })
          .where(eq(platformZatcaUnit.key, KEY))
          .returning()
      : await tx.insert(platformZatcaUnit).values({ key: KEY, ...values }).returning();
    return toSettings(row);
  });
}

/** Onboards the platform's unit with the portal's OTP (`exec`: the seed passes its transaction). */
export async function connectPlatformUnit(exec: Executor, otp: string): Promise<PlatformZatcaUnitRow> {
  return connectUnit(await platformUnit(exec), otp, async (values) => {
    const [row] = await exec.update(platformZatcaUnit).set(values).where(eq(platformZatcaUnit.key, KEY)).returning();
    return row!;
  });
}

/** The seller printed on an invoice: the connected unit's organisation, else the platform's configuration. */
export function sellerSnapshot(unit: PlatformZatcaUnitRow | undefined, fallback: { name: string; vatNumber: string; address: string }) {
  if (unit?.status !== 'connected') return { sellerName: fallback.name, sellerVatNumber: fallback.vatNumber, sellerAddress: fallback.address };
  const address = [unit.buildingNumber, unit.street, unit.subdivision, unit.city, unit.postalCode].filter(Boolean).join('، ');
  return { sellerName: unit.organizationName, sellerVatNumber: unit.organizationIdentifier, sellerAddress: address };
}

/**
 * The business as a buyer of a standard (B2B) invoice: its VAT number and the Saudi address of its
 * own e-invoicing configuration. A standard invoice without the buyer's full address fails clearance
 * (BR-KSA-63), so without one the invoice is simplified (docs/decisions.md).
 */
export async function b2bBuyerOf(tx: Tx, tenantId: string, name: string, vatNumber: string | null): Promise<ZatcaParty | null> {
  if (!vatNumber) return null;
  const [d] = await tx.select().from(zatcaDevices).where(eq(zatcaDevices.tenantId, tenantId));
  if (!d?.street || !d.buildingNumber || !d.subdivision || !d.city || !/^\d{5}$/.test(d.postalCode)) return null;
  return { name, vatNumber, street: d.street, building: d.buildingNumber, district: d.subdivision, city: d.city, postalCode: d.postalCode, country: 'SA' };
}

const PAYMENT_MEANS: Record<string, string> = { credit_card: '48', bank_transfer: '42' };

/** A subscription invoice as ZATCA's UBL input: one line (the plan's period, an upgrade, or a product × quantity). */
export function subscriptionDocument(inv: SubscriptionInvoiceRow, charge: Pick<ChargeRow, 'quantity'>, unit: PlatformZatcaUnitRow, buyer: ZatcaParty | null, icv: number, pih: string): ZatcaDocument {
  const gross = inv.subtotal;
  const quantity = charge.quantity > 1 && gross % charge.quantity === 0 ? charge.quantity : 1;
  const line = zatcaLine({ id: 1, name: inv.descriptionAr, quantity, unitPrice: gross / quantity, discount: inv.discount, net: gross - inv.discount, rateBps: inv.vatRateBps, vat: inv.vatAmount });
  const standard = inv.template === 'standard';
  return {
    kind: 'invoice',
    profile: standard ? 'standard' : 'simplified',
    number: inv.number,
    uuid: inv.uuid,
    issuedAt: inv.issuedAt,
    icv,
    pih,
    currency: inv.currency,
    digits: 2,
    seller: sellerOf(unit),
    buyer: standard ? buyer : { name: inv.buyerName, country: 'SA' },
    lines: [line],
    taxGroups: taxGroupsOf([line]),
    paymentMeansCode: PAYMENT_MEANS[inv.paymentMethod] ?? '10',
    deliveryDate: standard ? inv.issuedAt.toISOString().slice(0, 10) : null,
  };
}

/** Joins a just-issued subscription invoice to the platform's chain, in the issuing transaction that holds the unit's row lock (nothing while the unit is not connected). */
export async function signSubscriptionInvoice(tx: Tx, unit: PlatformZatcaUnitRow, inv: SubscriptionInvoiceRow, charge: Pick<ChargeRow, 'quantity'>, buyer: ZatcaParty | null): Promise<void> {
  if (unit?.status !== 'connected' || inv.icv !== null) return;
  const signed = signNext(unit, (icv, pih) => subscriptionDocument(inv, charge, unit, buyer, icv, pih), inv.issuedAt);
  await tx
    .update(subscriptionInvoices)
    .set(signed)
    .where(and(eq(subscriptionInvoices.tenantId, inv.tenantId), eq(subscriptionInvoices.id, inv.id)));
  await tx.update(platformZatcaUnit).set({ icv: signed.icv, lastHash: signed.invoiceHash, updatedAt: new Date() }).where(eq(platformZatcaUnit.key, KEY));
}

/** Reports or clears one signed subscription invoice and records the answer. */
export async function submitSubscriptionInvoice(db: Database, inv: SubscriptionInvoiceRow, log?: FastifyBaseLogger): Promise<SubscriptionInvoiceRow> {
  const unit = await platformUnit(db);
  if (!unit || !inv.xml || !inv.invoiceHash || ['reported', 'cleared'].includes(inv.zatcaStatus)) return inv;
  const values = await submitSigned(unit, { xml: inv.xml, hash: inv.invoiceHash, uuid: inv.uuid }, inv.template === 'standard', inv.zatcaAttempts, log);
  const [after] = await db
    .update(subscriptionInvoices)
    .set({ ...values, zatcaAttempts: sql`${subscriptionInvoices.zatcaAttempts} + 1` })
    .where(and(eq(subscriptionInvoices.tenantId, inv.tenantId), eq(subscriptionInvoices.id, inv.id)))
    .returning();
  return after!;
}

/** The job's share: the platform's pending invoices whose time has come, in chain order (system connection). */
export async function submitPlatformDue(db: Database, log?: FastifyBaseLogger, batch = 20): Promise<number> {
  const due = await db
    .select()
    .from(subscriptionInvoices)
    .where(and(eq(subscriptionInvoices.zatcaStatus, 'pending'), lte(subscriptionInvoices.zatcaNextAttemptAt, new Date())))
    .orderBy(asc(subscriptionInvoices.icv))
    .limit(batch);
  for (const inv of due) await submitSubscriptionInvoice(db, inv, log);
  return due.length;
}
