import { randomUUID } from 'node:crypto';
import { idParam } from '@app/shared/schemas/access';
import { messageSchema } from '@app/shared/schemas/common';
import {
  attachmentSchema,
  blockBody,
  CUSTOMER_ATTACHMENT_MAX_BYTES,
  customerBody,
  customerPatch,
  customerSchema,
  customerSearchPage,
  customerSearchQuery,
  customersPage,
  customersQuery,
  noteBody,
  noteParams,
  noteSchema,
} from '@app/shared/schemas/customers';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { customerAttachments, customerNotes, customers as customersTable } from '../../db/schema/customers';
import { t } from '../../i18n/messages';
import type { StorageAdapter } from '../../integrations/storage/storage.adapter';
import { sniffImage } from '../../integrations/storage/storage.adapter';
import { AppError, notFound } from '../../lib/errors';
import type { RouteGuard } from '../../plugins/request-context';
import { createCustomerService } from './customers.service';
import { ctxOf, deskReadable, listOf, one, sendJsonText, written } from '../../lib/http';



/** The attachment types we keep, told by their first bytes: the images of sniffImage and PDF. */
export function sniffAttachment(bytes: Buffer): { mime: string; ext: string } | null {
  if (bytes.length >= 5 && bytes.subarray(0, 5).toString('latin1') === '%PDF-') return { mime: 'application/pdf', ext: 'pdf' };
  return sniffImage(bytes);
}

/** A display name for an uploaded file: no path, no control characters, at most 200 characters. */
export function cleanFileName(name: string | undefined, ext: string): string {
  const base = (name ?? '')
    .split(/[\\/]/)
    .pop()
    ?.split('')
    .filter((ch) => ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(0, 200);
  return base || `attachment.${ext}`;
}

const fileError = (key: 'file_too_large' | 'file_type' | 'required' | 'invalid', params?: Record<string, unknown>) =>
  new AppError(422, 'validation_failed', { fields: { file: [{ key, ...(params ? { params } : {}) }] } });

/** Reads the one `file` part of a multipart request, within the size limit. */
async function readUpload(request: FastifyRequest): Promise<{ bytes: Buffer; filename: string | undefined }> {
  if (!request.isMultipart()) throw fileError('required');
  let found: { bytes: Buffer; filename: string | undefined } | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: CUSTOMER_ATTACHMENT_MAX_BYTES, files: 1, fields: 5 } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file' || found) {
        part.file.resume();
        continue;
      }
      try {
        found = { bytes: await part.toBuffer(), filename: part.filename };
      } catch {
        throw fileError('file_too_large', { max: CUSTOMER_ATTACHMENT_MAX_BYTES / 1024 / 1024 });
      }
    }
  } catch (err) {
    // A truncated or malformed multipart body is the client's fault, not a server error.
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileError('file_too_large', { max: CUSTOMER_ATTACHMENT_MAX_BYTES / 1024 / 1024 });
    if ((err as { statusCode?: number }).statusCode) throw err;
    throw fileError('invalid');
  }
  if (!found || found.bytes.length === 0) throw fileError('required');
  return found;
}

/** Customers, their notes and attachments, block/unblock — key `customers` (docs/providers-customers.md). */
export const customerRoutes =
  (deps: { db: Database; storage: StorageAdapter }): FastifyPluginAsyncZod =>
  async (app) => {
    const customers = createCustomerService(deps);
    const { storage } = deps;
    const tags = ['customers'];
    const all: RouteGuard = { permissions: ['customers'] };
    const byId: RouteGuard = { ...all, resources: { id: customersTable } };

    // Written out as it comes: the page's customers are JSON text the database made (customerJson).
    app.get('/customers', { config: all, schema: { tags, querystring: customersQuery, response: { 200: customersPage } } }, async (request, reply) =>
      sendJsonText(reply, await customers.list(ctxOf(request), request.query)),
    );

    app.get(
      '/customers_search',
      { config: deskReadable(all), schema: { tags, summary: 'Top bar search: name, phone or e-mail, from 3 characters', querystring: customerSearchQuery, response: { 200: customerSearchPage } } },
      async (request) => customers.search(ctxOf(request), request.query.search, request.query.page),
    );

    app.post('/customers', { config: deskReadable(all), schema: { tags, body: customerBody, response: { 201: written(customerSchema) } } }, async (request, reply) => {
      const data = await customers.create(ctxOf(request), request.body);
      return reply.status(201).send({ message: t('created', request.locale), data });
    });

    app.get('/customers/:id', { config: byId, schema: { tags, params: idParam, response: { 200: one(customerSchema) } } }, async (request) => ({
      data: await customers.get(ctxOf(request), request.params.id),
    }));

    app.patch('/customers/:id', { config: byId, schema: { tags, params: idParam, body: customerPatch, response: { 200: written(customerSchema) } } }, async (request) => ({
      message: t('updated', request.locale),
      data: await customers.update(ctxOf(request), request.params.id, request.body),
    }));

    app.delete('/customers/:id', { config: byId, schema: { tags, params: idParam, response: { 200: messageSchema } } }, async (request) => {
      const files = await customers.remove(ctxOf(request), request.params.id);
      await Promise.all(files.map((f) => storage.remove(f)));
      return { message: t('deleted', request.locale) };
    });

    app.post(
      '/customers/:id/block',
      { config: byId, schema: { tags, summary: 'Block ({ blocked: true }), unblock (false) or toggle (no body)', params: idParam, body: blockBody, response: { 200: written(customerSchema) } } },
      async (request) => {
        const data = await customers.setBlocked(ctxOf(request), request.params.id, request.body?.blocked);
        return { message: t(data.blocked ? 'customer_blocked' : 'customer_unblocked', request.locale), data };
      },
    );

    // ------------------------------------------------------------ notes
    app.get('/customers/:id/notes', { config: byId, schema: { tags, params: idParam, response: { 200: listOf(noteSchema) } } }, async (request) => ({
      data: await customers.listNotes(ctxOf(request), request.params.id),
    }));

    app.post('/customers/:id/notes', { config: byId, schema: { tags, params: idParam, body: noteBody, response: { 201: written(noteSchema) } } }, async (request, reply) => {
      const data = await customers.addNote(ctxOf(request), request.params.id, request.body.body);
      return reply.status(201).send({ message: t('created', request.locale), data });
    });

    app.delete(
      '/customers/:id/notes/:noteId',
      { config: { ...all, resources: { id: customersTable, noteId: customerNotes } }, schema: { tags, params: noteParams, response: { 200: messageSchema } } },
      async (request) => {
        await customers.removeNote(ctxOf(request), request.params.id, request.params.noteId);
        return { message: t('deleted', request.locale) };
      },
    );

    // ------------------------------------------------------------ attachments
    app.get(
      '/attachments/customer/:id/show-attachments',
      { config: byId, schema: { tags, params: idParam, response: { 200: listOf(attachmentSchema) } } },
      async (request) => ({ data: await customers.listAttachments(ctxOf(request), request.params.id) }),
    );

    app.post(
      '/attachments/customer/:id/store',
      {
        config: byId,
        schema: {
          tags,
          summary: 'Upload an attachment (multipart field "file": JPEG, PNG, GIF, WebP or PDF, at most 5 MB)',
          consumes: ['multipart/form-data'],
          params: idParam,
          response: { 201: written(attachmentSchema) },
        },
      },
      async (request, reply) => {
        const ctx = ctxOf(request);
        const upload = await readUpload(request);
        const kind = sniffAttachment(upload.bytes);
        if (!kind) throw fileError('file_type');
        const url = await storage.put(`customers/${ctx.tenantId}/${randomUUID()}.${kind.ext}`, upload.bytes);
        try {
          const data = await customers.addAttachment(ctx, request.params.id, { path: url, name: cleanFileName(upload.filename, kind.ext), mime: kind.mime, size: upload.bytes.length });
          return reply.status(201).send({ message: t('attachment_uploaded', request.locale), data });
        } catch (err) {
          await storage.remove(url);
          throw err;
        }
      },
    );

    app.get(
      '/attachments/:id/download',
      { config: { ...all, resources: { id: customerAttachments } }, schema: { tags, summary: 'Download an attachment (private: never a public URL)', params: idParam } },
      async (request, reply) => {
        const file = await customers.attachmentFile(ctxOf(request), request.params.id);
        const bytes = await storage.read(file.path);
        if (!bytes) throw notFound();
        return reply
          .header('content-type', file.mime)
          .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .send(bytes);
      },
    );

    app.delete(
      '/attachments/:id',
      { config: { ...all, resources: { id: customerAttachments } }, schema: { tags, params: idParam, response: { 200: messageSchema } } },
      async (request) => {
        const path = await customers.removeAttachment(ctxOf(request), request.params.id);
        await storage.remove(path);
        return { message: t('deleted', request.locale) };
      },
    );
  };
