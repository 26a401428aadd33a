import { idParam } from '@app/shared/schemas/access';
import { invoiceSchema, invoicingSettingsBody, invoicingSettingsSchema, syncedInvoicesPage, syncedInvoicesQuery, zatcaConnectBody } from '@app/shared/schemas/invoices';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { withTenant } from '../../db/client';
import { invoices, zatcaDevices } from '../../db/schema/invoices';
import { t } from '../../i18n/messages';
import { ZatcaRefused } from '../../integrations/zatca/gateway';
import { AppError, fieldError } from '../../lib/errors';
import { ctxOf, one, sendJsonText, written } from '../../lib/http';
import type { RouteGuard } from '../../plugins/request-context';
import { createInvoiceService } from './invoices.service';
import { connectWafeq, disconnectWafeq, syncCounts, syncToWafeq, wafeqOf } from './accounting';
import { connectDevice, signIntoChain, submitInvoice } from './zatca-core';
import { WafeqRefused } from '../../integrations/wafeq/wafeq.adapter';
import { createZatcaSettingsService, toSettings } from './zatca.service';

/**
 * Saudi e-invoicing (issue 16 §4; spec §7 `zatca/connect`, `zatca/integration-status`,
 * `invoices/synced`, `submitInvoiceForSyncingZatca`). The configuration is a settings page (keys of
 * the tax and general settings); `/settings/syncedInvoices` needs no key of its own (spec §2), so
 * its list is open to the invoice readers.
 */
export const zatcaRoutes =
  ({ db }: { db: Database }): FastifyPluginAsyncZod =>
  async (app) => {
    const settings = createZatcaSettingsService({ db });
    const invoicesSvc = createInvoiceService({ db });
    const tags = ['e-invoicing'];
    const admin: RouteGuard = { permissions: ['settings.taxes', 'settings.general_setting'] };
    const readers: RouteGuard = { permissions: ['sales.invoices', 'orders', 'settings.taxes', 'settings.general_setting'] };

    app.get('/settings/invoicing', { config: admin, schema: { tags, response: { 200: one(invoicingSettingsSchema) } } }, async (request) => ({ data: await settings.get(ctxOf(request)) }));

    app.post('/settings/invoicing', { config: admin, schema: { tags, body: invoicingSettingsBody, response: { 200: written(invoicingSettingsSchema) } } }, async (request) => ({
      message: t('settings_saved', request.locale),
      data: await settings.save(ctxOf(request), request.body),
    }));

    app.post('/zatca/connect', { config: admin, schema: { tags, summary: 'Onboard the unit with the portal OTP (key, CSR, compliance CSID and checks, production CSID)', body: zatcaConnectBody, response: { 200: written(invoicingSettingsSchema) } } }, async (request) => {
      const ctx = ctxOf(request);
      const current = await settings.get(ctx);
      if (!current.common_name) throw new AppError(422, 'zatca_not_configured');
      try {
        const device = await connectDevice(db, ctx.tenantId, request.body.otp);
        return { message: t('settings_saved', request.locale), data: toSettings(device) };
      } catch (err) {
        if (err instanceof ZatcaRefused) throw fieldError('otp', 'zatca_connect_failed', { reason: err.message });
        throw err;
      }
    });

    app.post('/zatca/integration-status', { config: admin, schema: { tags, response: { 200: one(invoicingSettingsSchema) } } }, async (request) => ({ data: await settings.get(ctxOf(request)) }));

    app.get('/invoices/synced', { config: readers, schema: { tags, summary: 'Documents and what the tax authority made of them', querystring: syncedInvoicesQuery, response: { 200: syncedInvoicesPage } } }, async (request, reply) => {
      return sendJsonText(reply, await invoicesSvc.synced(ctxOf(request), request.query));
    });

    // ---------------------------------------------------------------- accounting app (Wafeq)
    const apps: RouteGuard = { permissions: ['settings.apps'] };
    const wafeqStatus = z.object({ installed: z.boolean(), organization: z.string().nullable(), environment: z.enum(['simulation', 'production']).nullable(), connected_at: z.string().nullable() });
    const statusOf = async (tenantId: string) => {
      const app = await wafeqOf(db, tenantId);
      return { installed: Boolean(app), organization: app?.organization ?? null, environment: (app?.environment as 'simulation' | 'production' | undefined) ?? null, connected_at: app?.connectedAt.toISOString() ?? null };
    };

    app.get('/tenant/checkWafeqInstallationStatus', { config: readers, schema: { tags, response: { 200: one(wafeqStatus) } } }, async (request) => ({ data: await statusOf(ctxOf(request).tenantId) }));

    app.post(
      '/apps/wafeq/connect',
      { config: apps, schema: { tags, summary: 'Connect Wafeq with its API key (checked with Wafeq, sealed at rest)', body: z.object({ api_key: z.string().trim().min(1, 'required').max(200), environment: z.enum(['simulation', 'production'], 'invalid').default('simulation') }), response: { 200: written(wafeqStatus) } } },
      async (request) => {
        const ctx = ctxOf(request);
        try {
          await connectWafeq(db, ctx.tenantId, request.body.api_key, request.body.environment);
        } catch (err) {
          if (err instanceof WafeqRefused) throw fieldError('api_key', 'accounting_connect_failed', { reason: err.message });
          throw err;
        }
        return { message: t('installed', request.locale), data: await statusOf(ctx.tenantId) };
      },
    );

    app.delete('/apps/wafeq', { config: apps, schema: { tags, response: { 200: written(wafeqStatus) } } }, async (request) => {
      const ctx = ctxOf(request);
      await disconnectWafeq(db, ctx.tenantId);
      return { message: t('uninstalled', request.locale), data: await statusOf(ctx.tenantId) };
    });

    app.get('/apps/invoice-apps-sync-status', { config: readers, schema: { tags, response: { 200: one(z.object({ synced: z.number(), unsynced: z.number(), failed: z.number() })) } } }, async (request) => ({
      data: await syncCounts(db, ctxOf(request).tenantId),
    }));

    app.post(
      '/invoices/:id/submitInvoiceForSyncing',
      { config: { ...readers, resources: { id: invoices } }, schema: { tags, summary: 'Send the document to the accounting app (Wafeq) now', params: idParam, response: { 200: written(invoiceSchema) } } },
      async (request) => {
        const ctx = ctxOf(request);
        if (!(await wafeqOf(db, ctx.tenantId))) throw new AppError(422, 'accounting_not_connected');
        const { error } = await syncToWafeq(db, ctx.tenantId, request.params.id, request.log);
        if (error) throw new AppError(422, 'accounting_sync_failed', { params: { reason: error } });
        return { message: t('accounting_synced', request.locale), data: await invoicesSvc.get(ctx, request.params.id) };
      },
    );

    app.post(
      '/invoices/:id/submitInvoiceForSyncingZatca',
      { config: { ...readers, resources: { id: invoices } }, schema: { tags, summary: 'Sign (when not yet) and send the document to ZATCA now', params: idParam, response: { 200: written(invoiceSchema) } } },
      async (request) => {
        const ctx = ctxOf(request);
        const id = request.params.id;
        await withTenant(db, ctx.tenantId, async (tx) => {
          const [device] = await tx.select({ status: zatcaDevices.status }).from(zatcaDevices).where(eq(zatcaDevices.tenantId, ctx.tenantId));
          if (device?.status !== 'connected') throw new AppError(422, 'zatca_not_connected');
          const [inv] = await tx.select({ template: invoices.template }).from(invoices).where(and(eq(invoices.tenantId, ctx.tenantId), eq(invoices.id, id)));
          if (inv?.template === 'trial') throw new AppError(422, 'zatca_not_tax_invoice');
          await signIntoChain(tx, ctx.tenantId, id);
        });
        const after = await submitInvoice(db, ctx.tenantId, id, request.log);
        if (after.zatcaStatus === 'rejected' || after.zatcaStatus === 'pending') {
          throw new AppError(422, 'zatca_sync_failed', { params: { reason: (after.zatcaErrors ?? []).map((e) => e.message).join('; ') || after.zatcaStatus } });
        }
        return { message: t('updated', request.locale), data: await invoicesSvc.get(ctx, id) };
      },
    );
  };
