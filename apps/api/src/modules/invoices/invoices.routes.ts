import { idParam } from '@app/shared/schemas/access';
import { invoicePdfQuery, invoiceSchema, invoicesPage, invoicesQuery, issueInvoiceBody, refundBody, refundItemsSchema } from '@app/shared/schemas/invoices';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { invoices } from '../../db/schema/invoices';
import { orders } from '../../db/schema/sales';
import { t } from '../../i18n/messages';
import { ctxOf, one, sendJsonText, sendXml, written } from '../../lib/http';
import type { RouteGuard } from '../../plugins/request-context';
import { invoicePdf } from './invoice-pdf';
import { createInvoiceService } from './invoices.service';

/**
 * Invoices, credit notes and refunds (issue 16; spec §7 Orders: `orders/{id}/invoice`,
 * `orders/{id}/refund-items`, `orders/{id}/refund`, `refunds`). Issuing and refunding are order
 * actions (`orders`); reading the documents needs `sales.invoices` or `orders`.
 */
export const invoiceRoutes =
  ({ db }: { db: Database }): FastifyPluginAsyncZod =>
  async (app) => {
    const svc = createInvoiceService({ db });
    const tags = ['invoices'];
    const onOrder: RouteGuard = { permissions: ['orders'], resources: { id: orders } };
    const read: RouteGuard = { permissions: ['sales.invoices', 'orders'] };
    const readById: RouteGuard = { ...read, resources: { id: invoices } };

    app.post(
      '/orders/:id/invoice',
      { config: onOrder, schema: { tags, summary: "Issue the order's invoice (the order is locked from then on)", params: idParam, body: issueInvoiceBody, response: { 201: written(invoiceSchema) } } },
      async (request, reply) => {
        const data = await svc.issue(ctxOf(request), request.params.id, request.body);
        return reply.status(201).send({ message: t('invoice_issued', request.locale), data });
      },
    );

    app.get(
      '/orders/:id/refund-items',
      { config: onOrder, schema: { tags, summary: "What a refund covers: the order's invoice whole, and what was paid, by method", params: idParam, response: { 200: one(refundItemsSchema) } } },
      async (request) => ({ data: await svc.refundItems(ctxOf(request), request.params.id) }),
    );

    app.post(
      '/orders/:id/refund',
      { config: onOrder, schema: { tags, summary: 'Refund the whole invoice: a credit note, the money paid back by its methods', params: idParam, body: refundBody, response: { 201: written(invoiceSchema) } } },
      async (request, reply) => {
        const data = await svc.refund(ctxOf(request), request.params.id, request.body);
        return reply.status(201).send({ message: t('order_refunded', request.locale), data });
      },
    );

    app.get('/invoices', { config: read, schema: { tags, summary: 'Invoices and credit notes, newest first', querystring: invoicesQuery, response: { 200: invoicesPage } } }, async (request, reply) =>
      sendJsonText(reply, await svc.list(ctxOf(request), request.query)),
    );

    app.get('/refunds', { config: read, schema: { tags, summary: 'Credit notes (refunds and cancelled invoices), newest first', querystring: invoicesQuery, response: { 200: invoicesPage } } }, async (request, reply) =>
      sendJsonText(reply, await svc.list(ctxOf(request), { ...request.query, type: 'refund' })),
    );

    app.get('/invoices/:id', { config: readById, schema: { tags, params: idParam, response: { 200: one(invoiceSchema) } } }, async (request) => ({
      data: await svc.get(ctxOf(request), request.params.id),
    }));

    app.get(
      '/invoices/:id/xml',
      { config: readById, schema: { tags, summary: "The e-invoice XML (UBL 2.1): as ZATCA cleared it for a standard invoice, else as signed and reported; 404 before it is signed", params: idParam } },
      async (request, reply) => sendXml(reply, await svc.xml(ctxOf(request), request.params.id)),
    );

    app.get(
      '/invoices/:id/pdf',
      { config: readById, schema: { tags, summary: 'The document as an A4 PDF, every label in both languages (`lang` leads; the request language by default)', params: idParam, querystring: invoicePdfQuery } },
      async (request, reply) => {
        const ctx = ctxOf(request);
        const invoice = await svc.get(ctx, request.params.id);
        const lang = request.query.lang ?? request.locale;
        const pdf = await invoicePdf(invoice, lang, ctx.tenant.timeFormat === '24' ? '24' : '12');
        const name = `${invoice.type === 'refund' ? 'credit-note' : 'invoice'}-${invoice.number}.pdf`;
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    );

    app.post(
      '/invoices/:id/cancel',
      { config: { ...onOrder, resources: { id: invoices } }, schema: { tags, summary: 'Cancel an invoice with a reason: its credit note; the order can be edited and invoiced again', params: idParam, body: refundBody, response: { 201: written(invoiceSchema) } } },
      async (request, reply) => {
        const data = await svc.cancel(ctxOf(request), request.params.id, request.body);
        return reply.status(201).send({ message: t('invoice_cancelled', request.locale), data });
      },
    );
  };
