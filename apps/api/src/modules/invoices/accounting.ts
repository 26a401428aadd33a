import { minorToDecimalString } from '@app/shared/money';
import { and, count, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Database, withTenant } from '../../db/client';
import { type AccountingAppRow, accountingApps, type InvoiceRow, invoices } from '../../db/schema/invoices';
import { WafeqRefused, type WafeqInvoice, wafeqFor } from '../../integrations/wafeq/wafeq.adapter';
import { retryDelayMs, rt } from './zatca-core';

/**
 * Accounting sync with Wafeq (issue 16 §5): the app is connected with its API key (sealed at rest);
 * every invoice and credit note is then sent to it, by hand or by the periodic job, idempotently
 * (our document's id is the idempotency key, so a retry never makes a second invoice there), and
 * retried with backoff after a failure; `wafeq_id` keeps what Wafeq calls it.
 */

export async function wafeqOf(db: Database, tenantId: string): Promise<AccountingAppRow | null> {
  const [row] = await withTenant(db, tenantId, (tx) => tx.select().from(accountingApps).where(and(eq(accountingApps.tenantId, tenantId), eq(accountingApps.app, 'wafeq'))));
  return row ?? null;
}

export async function connectWafeq(db: Database, tenantId: string, apiKey: string, environment: 'simulation' | 'production'): Promise<AccountingAppRow> {
  const { organization } = await wafeqFor(environment).verify(apiKey);
  const sealed = rt().box.seal(apiKey);
  const [row] = await withTenant(db, tenantId, (tx) =>
    tx
      .insert(accountingApps)
      .values({ tenantId, app: 'wafeq', apiKeyEnc: sealed, organization, environment })
      .onConflictDoUpdate({ target: [accountingApps.tenantId, accountingApps.app], set: { apiKeyEnc: sealed, organization, environment, connectedAt: new Date() } })
      .returning(),
  );
  return row!;
}

export async function disconnectWafeq(db: Database, tenantId: string): Promise<void> {
  await withTenant(db, tenantId, (tx) => tx.delete(accountingApps).where(and(eq(accountingApps.tenantId, tenantId), eq(accountingApps.app, 'wafeq'))));
}

function wafeqInvoiceOf(inv: InvoiceRow): WafeqInvoice {
  const money = (minor: number) => minorToDecimalString(minor, inv.currency);
  return {
    reference: inv.id,
    number: String(inv.number),
    kind: inv.type === 'refund' ? 'credit_note' : 'invoice',
    date: inv.issuedAt.toISOString().slice(0, 10),
    currency: inv.currency,
    contact: { name: inv.billingName ?? inv.customerName ?? 'Cash customer', tax_registration_number: inv.vatId },
    lines: inv.lines.map((l) => ({
      description: l.name,
      quantity: l.quantity,
      unit_amount: money(l.unit_price),
      tax_rate: String(l.taxes.reduce((a, t) => a + t.rate_bps, 0) / 100),
      line_amount: money(l.net),
    })),
    total: money(inv.total),
    tax_total: money(inv.taxAmount),
  };
}

/** Sends one document; answers it after. A refusal is kept as `failed` with Wafeq's message; any failure is retried later by the job. */
export async function syncToWafeq(db: Database, tenantId: string, invoiceId: string, log?: FastifyBaseLogger): Promise<{ invoice: InvoiceRow; error: string | null }> {
  const app = await wafeqOf(db, tenantId);
  const [inv] = await withTenant(db, tenantId, (tx) => tx.select().from(invoices).where(and(eq(invoices.tenantId, tenantId), eq(invoices.id, invoiceId))));
  if (!inv) throw new Error('invoice not found');
  if (!app || inv.accountingStatus === 'synced') return { invoice: inv, error: null };
  let values: Partial<InvoiceRow>;
  let error: string | null = null;
  try {
    const { id } = await wafeqFor(app.environment).push(rt().box.open(app.apiKeyEnc), wafeqInvoiceOf(inv));
    values = { wafeqId: id, accountingStatus: 'synced', accountingError: null, accountingNextAttemptAt: null };
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
    log?.warn({ invoiceId, err: error }, 'Wafeq sync failed');
    values = { accountingStatus: 'failed', accountingError: error.slice(0, 500), accountingNextAttemptAt: err instanceof WafeqRefused ? null : new Date(Date.now() + retryDelayMs(inv.accountingAttempts + 1)) };
  }
  const [after] = await withTenant(db, tenantId, (tx) =>
    tx
      .update(invoices)
      .set({ ...values, accountingAttempts: sql`${invoices.accountingAttempts} + 1`, updatedAt: new Date() })
      .where(and(eq(invoices.tenantId, tenantId), eq(invoices.id, invoiceId)))
      .returning(),
  );
  return { invoice: after!, error };
}

/** The job: documents of businesses with Wafeq connected, never sent or due for a retry (system connection). */
export async function syncDueToWafeq(db: Database, log?: FastifyBaseLogger, batch = 20): Promise<number> {
  const due = await db
    .select({ tenantId: invoices.tenantId, id: invoices.id })
    .from(invoices)
    .innerJoin(accountingApps, and(eq(accountingApps.tenantId, invoices.tenantId), eq(accountingApps.app, 'wafeq')))
    .where(
      sql`(${invoices.accountingStatus} = 'unsynced' or (${invoices.accountingStatus} = 'failed' and ${invoices.accountingNextAttemptAt} is not null and ${lte(invoices.accountingNextAttemptAt, new Date())}))
          and ${invoices.issuedAt} >= ${accountingApps.connectedAt}`,
    )
    .limit(batch);
  for (const d of due) await syncToWafeq(db, d.tenantId, d.id, log);
  return due.length;
}

/** `GET apps/invoice-apps-sync-status`: how many documents are synced, waiting and failed. */
export async function syncCounts(db: Database, tenantId: string): Promise<{ synced: number; unsynced: number; failed: number }> {
  const rows = await withTenant(db, tenantId, (tx) =>
    tx
      .select({ status: invoices.accountingStatus, n: count() })
      .from(invoices)
      .where(and(eq(invoices.tenantId, tenantId), inArray(invoices.accountingStatus, ['synced', 'unsynced', 'failed'])))
      .groupBy(invoices.accountingStatus),
  );
  const of = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0);
  return { synced: of('synced'), unsynced: of('unsynced'), failed: of('failed') };
}
