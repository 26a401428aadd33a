import { randomUUID } from 'node:crypto';
import { idParam } from '@app/shared/schemas/access';
import { messageSchema } from '@app/shared/schemas/common';
import {
  CHECKOUT_PAYMENTS_MAX,
  checkoutBody,
  checkoutResultSchema,
  PAYMENT_LINK_TTL_HOURS,
  paymentLinkSchema,
  paymentOptionsSchema,
  payTokenParam,
  publicPaymentSchema,
  RECEIPT_MAX_BYTES,
  receiptSchema,
  recordPaymentBody,
  rejectTransactionBody,
  simulatePaymentBody,
  transactionSchema,
  transactionsPage,
  transactionsQuery,
} from '@app/shared/schemas/transactions';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { orders, transactions } from '../../db/schema/sales';
import { t } from '../../i18n/messages';
import type { PaymentGateway } from '../../integrations/payment/payment.adapter';
import type { StorageAdapter } from '../../integrations/storage/storage.adapter';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { ctxOf, listOf, one, sendJsonText, written } from '../../lib/http';
import type { RouteGuard } from '../../plugins/request-context';
import { cleanFileName, sniffAttachment } from '../customers/customers.routes';
import { createTransactionService } from './transactions.service';

/** The receipt types (spec §5): jpeg, gif, png, pdf — told by the file's first bytes, never by its name. */
export function sniffReceipt(bytes: Buffer): { mime: string; ext: string } | null {
  const kind = sniffAttachment(bytes);
  return kind && ['image/jpeg', 'image/gif', 'image/png', 'application/pdf'].includes(kind.mime) ? kind : null;
}

type Upload = { bytes: Buffer; filename: string | undefined };
const uploads = new WeakMap<FastifyRequest, Upload>();
/** The `receipt` file a multipart request carried (after `readMultipart`). */
export const uploadOf = (request: FastifyRequest): Upload | undefined => uploads.get(request);
const tooLarge = () => fieldError('receipt', 'file_too_large', { max: RECEIPT_MAX_BYTES / 1024 / 1024 });

/**
 * A multipart record-payment request: its text fields become the body (validated by the same schema
 * as JSON; `amount` as a number, blank fields left out) and its `receipt` file is kept for the handler.
 */
export async function readMultipart(request: FastifyRequest) {
  if (!request.isMultipart()) return;
  const fields: Record<string, unknown> = {};
  let file: Upload | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: RECEIPT_MAX_BYTES, files: 1, fields: 10, fieldSize: 2000 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'receipt' || file) {
          part.file.resume();
          continue;
        }
        try {
          file = { bytes: await part.toBuffer(), filename: part.filename };
        } catch {
          throw tooLarge();
        }
      } else if (typeof part.value === 'string' && part.value !== '') {
        fields[part.fieldname] = (part.fieldname === 'amount' || part.fieldname === 'tendered_amount') && /^\d{1,16}$/.test(part.value) ? Number(part.value) : part.value;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    // A truncated or malformed multipart body is the client's fault, not a server error.
    throw fieldError('receipt', 'invalid');
  }
  request.body = fields;
  if (file && file.bytes.length > 0) uploads.set(request, file);
}

const checkoutUploads = new WeakMap<FastifyRequest, Map<number, Upload>>();

/**
 * A multipart checkout: the field `payload` holds the JSON body, and each file `receipt.N` (or
 * `receipt[N]`) the receipt of the bank transfer at index N; other parts are skipped.
 */
async function readCheckoutMultipart(request: FastifyRequest) {
  if (!request.isMultipart()) return;
  let payload: unknown = {};
  const files = new Map<number, Upload>();
  try {
    for await (const part of request.parts({ limits: { fileSize: RECEIPT_MAX_BYTES, files: CHECKOUT_PAYMENTS_MAX, fields: 5, fieldSize: 20_000 } })) {
      if (part.type === 'file') {
        const m = /^receipt(?:\.(\d)|\[(\d)\])$/.exec(part.fieldname);
        const index = m ? Number(m[1] ?? m[2]) : -1;
        if (index < 0 || index >= CHECKOUT_PAYMENTS_MAX || files.has(index)) {
          part.file.resume();
          continue;
        }
        try {
          files.set(index, { bytes: await part.toBuffer(), filename: part.filename });
        } catch {
          throw fieldError(`payments.${index}.receipt`, 'file_too_large', { max: RECEIPT_MAX_BYTES / 1024 / 1024 });
        }
      } else if (part.fieldname === 'payload' && typeof part.value === 'string') {
        try {
          payload = JSON.parse(part.value);
        } catch {
          throw fieldError('payload', 'invalid');
        }
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fieldError('payments', 'file_too_large', { max: RECEIPT_MAX_BYTES / 1024 / 1024 });
    // A truncated or malformed multipart body is the client's fault, not a server error.
    throw fieldError('payload', 'invalid');
  }
  request.body = payload;
  for (const [i, f] of files) if (f.bytes.length === 0) files.delete(i);
  checkoutUploads.set(request, files);
}

/**
 * Payments and transactions (issue 5 §5, docs/payments.md). Read: `transaction`, `sales.payments`,
 * `orders`; record and payment links: `sales.payments`, `orders`; review and trash: `sales.payments`,
 * `transaction`. The pay page's routes are public and find the link by the hash of its token.
 */
export const transactionRoutes =
  (deps: { db: Database; config: Config; storage: StorageAdapter; gateway: PaymentGateway }): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createTransactionService(deps);
    const { storage } = deps;
    const tags = ['transactions'];
    const read: RouteGuard = { permissions: ['transaction', 'sales.payments', 'orders'] };
    const recordKeys: RouteGuard = { permissions: ['sales.payments', 'orders'] };
    const review: RouteGuard = { permissions: ['sales.payments', 'transaction'] };
    const onOrder = (guard: RouteGuard): RouteGuard => ({ ...guard, resources: { id: orders } });
    const onTransaction = (guard: RouteGuard): RouteGuard => ({ ...guard, resources: { id: transactions } });

    // ------------------------------------------------------------ on an order
    app.post(
      '/orders/:id/transactions',
      {
        config: onOrder(recordKeys),
        preValidation: async (request) => readMultipart(request),
        schema: {
          tags,
          summary: 'Record a payment (JSON, or multipart with the same fields and the file "receipt": jpeg, gif, png or pdf, at most 5 MB; required for bank_transfer)',
          params: idParam,
          body: recordPaymentBody,
          response: { 201: written(transactionSchema) },
        },
      },
      async (request, reply) => {
        const ctx = ctxOf(request);
        const upload = uploads.get(request);
        if (request.body.payment_method === 'bank_transfer' && !upload) throw fieldError('receipt', 'receipt_required');
        let stored: { path: string; mime: string; name: string } | null = null;
        if (upload) {
          const kind = sniffReceipt(upload.bytes);
          if (!kind) throw fieldError('receipt', 'receipt_type');
          const path = await storage.put(`receipts/${ctx.tenantId}/${randomUUID()}.${kind.ext}`, upload.bytes);
          stored = { path, mime: kind.mime, name: cleanFileName(upload.filename, kind.ext) };
        }
        try {
          const data = await service.record(ctx, request.params.id, request.body, stored);
          return reply.status(201).send({ message: t('payment_recorded', request.locale), data });
        } catch (err) {
          if (stored) await storage.remove(stored.path);
          throw err;
        }
      },
    );

    app.post(
      '/orders/:id/checkout',
      {
        config: onOrder(recordKeys),
        preValidation: async (request) => readCheckoutMultipart(request),
        schema: {
          tags,
          summary: `Checkout: up to ${CHECKOUT_PAYMENTS_MAX} payments at once (split), at most what is left, optionally completing today's appointments (JSON, or multipart: "payload" the JSON body, "receipt.N" each bank transfer's receipt)`,
          params: idParam,
          body: checkoutBody,
          response: { 201: written(checkoutResultSchema) },
        },
      },
      async (request, reply) => {
        const ctx = ctxOf(request);
        const files = checkoutUploads.get(request) ?? new Map<number, Upload>();
        // A file of the wrong type is refused before anything is stored; a missing one by the service (after the method check).
        for (const [i, p] of request.body.payments.entries()) {
          const file = files.get(i);
          if (p.payment_method === 'bank_transfer' && file && !sniffReceipt(file.bytes)) throw fieldError(`payments.${i}.receipt`, 'receipt_type');
        }
        const stored = new Map<number, { path: string; mime: string; name: string }>();
        try {
          for (const [i, p] of request.body.payments.entries()) {
            const file = files.get(i);
            if (p.payment_method !== 'bank_transfer' || !file) continue;
            const kind = sniffReceipt(file.bytes)!;
            const path = await storage.put(`receipts/${ctx.tenantId}/${randomUUID()}.${kind.ext}`, file.bytes);
            stored.set(i, { path, mime: kind.mime, name: cleanFileName(file.filename, kind.ext) });
          }
          const data = await service.checkout(ctx, request.params.id, request.body, stored);
          return reply.status(201).send({ message: t('checkout_done', request.locale), data });
        } catch (err) {
          for (const file of stored.values()) await storage.remove(file.path);
          throw err;
        }
      },
    );

    app.get(
      '/orders/:id/receipt',
      { config: onOrder(read), schema: { tags, summary: 'What the printed receipt shows (an order with a confirmed payment)', params: idParam, response: { 200: one(receiptSchema) } } },
      async (request) => ({ data: await service.orderReceipt(ctxOf(request), request.params.id) }),
    );

    app.get(
      '/orders/:id/transactions',
      { config: onOrder(read), schema: { tags, summary: "The order's payments (not in the trash), newest first", params: idParam, response: { 200: listOf(transactionSchema) } } },
      async (request) => ({ data: await service.forOrder(ctxOf(request), request.params.id) }),
    );

    app.post(
      '/orders/:id/payment-link',
      {
        config: onOrder(recordKeys),
        schema: {
          tags,
          summary: `A payment link for what is left to pay (valid ${PAYMENT_LINK_TTL_HOURS} h), sent to the customer by SMS and e-mail`,
          params: idParam,
          response: { 201: written(paymentLinkSchema) },
        },
      },
      async (request, reply) => {
        const data = await service.createLink(ctxOf(request), request.params.id);
        return reply.status(201).send({ message: t('payment_link_created', request.locale), data });
      },
    );

    app.get(
      '/payment-options',
      { config: read, schema: { tags, summary: 'Enabled payment methods staff record, and the bank accounts', response: { 200: one(paymentOptionsSchema) } } },
      async (request) => ({ data: await service.paymentOptions(ctxOf(request)) }),
    );

    // ------------------------------------------------------------ transactions
    // The page's transactions are JSON text the database made (transactions.repository listTransactions), written out as they come.
    app.get('/transactions', { config: read, schema: { tags, querystring: transactionsQuery, response: { 200: transactionsPage } } }, async (request, reply) =>
      sendJsonText(reply, await service.list(ctxOf(request), request.query)),
    );

    app.get(
      '/transactions/:id',
      { config: onTransaction(read), schema: { tags, summary: 'One transaction (marks it read)', params: idParam, response: { 200: one(transactionSchema) } } },
      async (request) => ({ data: await service.get(ctxOf(request), request.params.id) }),
    );

    app.get(
      '/transactions/:id/receipt',
      { config: onTransaction(read), schema: { tags, summary: 'The receipt file (private: never a public URL)', params: idParam } },
      async (request, reply) => {
        const file = await service.receipt(ctxOf(request), request.params.id);
        const bytes = await storage.read(file.path);
        if (!bytes) throw notFound();
        return reply
          .header('content-type', file.mime)
          .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.name)}`)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .send(bytes);
      },
    );

    app.post(
      '/transactions/:id/approve',
      { config: onTransaction(review), schema: { tags, summary: 'Approve a receipt under review (wait → confirmed)', params: idParam, response: { 200: written(transactionSchema) } } },
      async (request) => ({ message: t('payment_approved', request.locale), data: await service.approve(ctxOf(request), request.params.id) }),
    );

    app.post(
      '/transactions/:id/reject',
      {
        config: onTransaction(review),
        schema: { tags, summary: 'Reject a receipt under review (wait → refused)', params: idParam, body: rejectTransactionBody, response: { 200: written(transactionSchema) } },
      },
      async (request) => ({
        message: t('payment_rejected', request.locale),
        data: await service.reject(ctxOf(request), request.params.id, request.body?.reason ?? null),
      }),
    );

    app.delete(
      '/transactions/:id',
      { config: onTransaction(review), schema: { tags, summary: 'To the trash (a confirmed payment stops counting as paid)', params: idParam, response: { 200: messageSchema } } },
      async (request) => {
        await service.trash(ctxOf(request), request.params.id);
        return { message: t('deleted', request.locale) };
      },
    );

    app.post(
      '/transactions/:id/restore',
      { config: onTransaction(review), schema: { tags, summary: 'Out of the trash', params: idParam, response: { 200: written(transactionSchema) } } },
      async (request) => ({ message: t('transaction_restored', request.locale), data: await service.restore(ctxOf(request), request.params.id) }),
    );

    app.delete(
      '/transactions/:id/force',
      { config: onTransaction(review), schema: { tags, summary: 'Delete for good (only from the trash); the receipt file goes too', params: idParam, response: { 200: messageSchema } } },
      async (request) => {
        const file = await service.forceDelete(ctxOf(request), request.params.id);
        if (file) await storage.remove(file);
        return { message: t('deleted', request.locale) };
      },
    );

    // ------------------------------------------------------------ the public pay page (no sign-in)
    const publicRoute = (max: number): RouteGuard & { rateLimit: { max: number; timeWindow: string } } => ({
      auth: 'public',
      globalParams: true,
      rateLimit: { max, timeWindow: '1 minute' },
    });

    app.get(
      '/pay/:token',
      { config: publicRoute(60), schema: { tags: ['pay'], summary: 'What a payment link pays (public)', params: payTokenParam, response: { 200: one(publicPaymentSchema) } } },
      async (request) => ({ data: await service.publicLink(request.params.token) }),
    );

    app.post(
      '/pay/:token/simulate',
      {
        config: publicRoute(20),
        schema: {
          tags: ['pay'],
          summary: 'The local gateway simulator: pay or fail the link (public; 404 with a real gateway)',
          params: payTokenParam,
          body: simulatePaymentBody,
          response: { 200: written(publicPaymentSchema) },
        },
      },
      async (request) => ({ message: t('payment_recorded', request.locale), data: await service.simulate(request.params.token, request.body.outcome) }),
    );
  };
