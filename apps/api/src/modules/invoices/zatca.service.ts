import type { InvoicingSettings, invoicingSettingsBody } from '@app/shared/schemas/invoices';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { type Database, withTenant } from '../../db/client';
import { type ZatcaUnit, zatcaDevices } from '../../db/schema/invoices';
import type { AuthContext } from '../auth/auth.service';

type Body = z.output<typeof invoicingSettingsBody>;

const EMPTY: InvoicingSettings = {
  common_name: '',
  commercial_registration_number: '',
  organization_identifier: '',
  organization_unit_name: '',
  organization_name: '',
  street: '',
  street_address: null,
  building_number: '',
  subdivision: '',
  city: '',
  postal_code: '',
  invoice_type: '1100',
  industry: 'Services',
  environment: 'simulation',
  status: 'not-connected',
  connected_at: null,
  last_error: null,
  icv: 0,
};

export function toSettings(d: ZatcaUnit | undefined): InvoicingSettings {
  if (!d) return EMPTY;
  return {
    common_name: d.commonName,
    commercial_registration_number: d.crNumber,
    organization_identifier: d.organizationIdentifier,
    organization_unit_name: d.organizationUnitName,
    organization_name: d.organizationName,
    street: d.street,
    street_address: d.streetAddress,
    building_number: d.buildingNumber,
    subdivision: d.subdivision,
    city: d.city,
    postal_code: d.postalCode,
    invoice_type: d.invoiceType as InvoicingSettings['invoice_type'],
    industry: d.industry,
    environment: d.environment as InvoicingSettings['environment'],
    status: d.status as InvoicingSettings['status'],
    connected_at: d.connectedAt?.toISOString() ?? null,
    last_error: d.lastError,
    icv: d.icv,
  };
}

/** The configuration's fields as a unit's columns. */
export const unitValues = (body: Body) => ({
  commonName: body.common_name,
  crNumber: body.commercial_registration_number,
  organizationIdentifier: body.organization_identifier,
  organizationUnitName: body.organization_unit_name,
  organizationName: body.organization_name,
  street: body.street,
  streetAddress: body.street_address || null,
  buildingNumber: body.building_number,
  subdivision: body.subdivision,
  city: body.city,
  postalCode: body.postal_code,
  invoiceType: body.invoice_type,
  industry: body.industry,
  environment: body.environment,
});

/** Changing what a certificate names, or the environment, disconnects the unit (the chain's head stays). */
export function resetOnChange(current: ZatcaUnit | undefined, values: ReturnType<typeof unitValues>): Partial<ZatcaUnit> {
  const changed = current && (Object.keys(values) as (keyof typeof values)[]).some((k) => (current[k] ?? null) !== (values[k] ?? null));
  return changed ? { status: 'not-connected', connectedAt: null, lastError: null, privateKeyEnc: null, csr: null, complianceCertificate: null, complianceSecretEnc: null, productionCertificate: null, productionSecretEnc: null } : {};
}

/**
 * The e-invoice configuration (spec §3, `/settings/invoicing`): what the unit's CSR carries and the
 * environment. Changing what a certificate names, or the environment, disconnects the unit: it has
 * to connect again (new key, CSR and certificates); the chain's counter and last hash go on.
 */
export function createZatcaSettingsService({ db }: { db: Database }) {
  async function get(ctx: AuthContext): Promise<InvoicingSettings> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const [d] = await tx.select().from(zatcaDevices).where(eq(zatcaDevices.tenantId, ctx.tenantId));
      return toSettings(d);
    });
  }

  async function save(ctx: AuthContext, body: Body): Promise<InvoicingSettings> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const [current] = await tx.select().from(zatcaDevices).where(eq(zatcaDevices.tenantId, ctx.tenantId)).for('update');
      const values = unitValues(body);
      const reset = resetOnChange(current, values);
      const [row] = current
        ? await tx
            .update(zatcaDevices)
            .set({ ...values, ...reset, updatedAt: new Date() })
            .where(eq(zatcaDevices.tenantId, ctx.tenantId))
            .returning()
        : await tx
            .insert(zatcaDevices)
            .values({ tenantId: ctx.tenantId, ...values })
            .returning();
      return toSettings(row);
    });
  }

  return { get, save };
}
