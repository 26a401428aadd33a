import { idParam } from '@app/shared/schemas/access';
import {
  IMPORT_ANY_PERMISSION,
  IMPORT_ENTITIES,
  IMPORT_MAX_BYTES,
  IMPORT_PERMISSIONS,
  IMPORT_PLUGIN,
  type ImportEntity,
  importInvalidSchema,
  importJobSchema,
  importResultSchema,
  importSampleQuery,
  rowErrorKey,
} from '@app/shared/schemas/import';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { importJobs } from '../../db/schema/settings';
import { t } from '../../i18n/messages';
import { AppError, fieldError, } from '../../lib/errors';
import type { RouteGuard } from '../../plugins/request-context';
import { sampleFile } from './import.files';
import { createImportService, ImportInvalid, MAX_REPORTED_ERRORS } from './import.service';
import { ctxOf } from '../../lib/http';


const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The uploaded file and the optional client-chosen job id (so the client can poll while it uploads). */
async function readUpload(request: FastifyRequest): Promise<{ name: string; bytes: Buffer; jobId?: string }> {
  if (!request.isMultipart()) throw fieldError('file', 'required');
  let file: { name: string; bytes: Buffer } | null = null;
  let jobId: string | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) {
          part.file.resume();
          continue;
        }
        try {
          file = { name: part.filename ?? '', bytes: await part.toBuffer() };
        } catch {
          throw fieldError('file', 'file_too_large', { max: IMPORT_MAX_BYTES / 1024 / 1024 });
        }
      } else if (part.fieldname === 'job_id' && typeof part.value === 'string') {
        if (!UUID.test(part.value)) throw fieldError('job_id', 'invalid');
        jobId = part.value.toLowerCase();
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fieldError('file', 'file_too_large', { max: IMPORT_MAX_BYTES / 1024 / 1024 });
    // A truncated or malformed multipart body is the client's fault, not a server error.
    throw fieldError('file', 'invalid');
  }
  if (!file) throw fieldError('file', 'required');
  return { ...file, ...(jobId ? { jobId } : {}) };
}

function sendInvalid(reply: FastifyReply, err: ImportInvalid) {
  const rows = err.errors.slice(0, MAX_REPORTED_ERRORS);
  const errors: Record<string, string[]> = {};
  for (const e of rows) {
    const key = rowErrorKey(e);
    const list = errors[key] ?? [];
    if (!list.includes(e.message)) list.push(e.message);
    errors[key] = list;
  }
  return reply.status(422).send({
    message: t('import_invalid', err.locale, { count: err.total }),
    errors,
    rows,
    error_count: err.total,
    ...(err.jobId ? { data: { uuid: err.jobId } } : {}),
  });
}

/**
 * Bulk import (spec §2 import screens, §5). One route pair per entity, so each declares its own
 * permission keys (and plugin) and the security suite tests each against them:
 *  - `GET import/<entity>/sample?format=xlsx|csv` — the sample file;
 *  - `POST import/<entity>` (multipart `file`, optional `job_id`) — 201 `{ message, data: { uuid, imported } }`
 *    or 422 with every row problem and nothing written;
 *  - `GET import/jobs/:id` — the job with its live progress while it runs.
 */
export const importRoutes = (deps: { db: Database }): FastifyPluginAsyncZod => async (app) => {
  const service = createImportService(deps);
  const tags = ['import'];

  for (const entity of IMPORT_ENTITIES) {
    const plugin = IMPORT_PLUGIN[entity];
    const guard: RouteGuard = { permissions: IMPORT_PERMISSIONS[entity], ...(plugin ? { plugin } : {}) };

    app.get(
      `/import/${entity}/sample`,
      { config: guard, schema: { tags, summary: `Sample ${entity} file`, querystring: importSampleQuery, produces: ['application/octet-stream'] } },
      async (request, reply) => {
        const format = request.query.format;
        const bytes = await sampleFile(entity as ImportEntity, format);
        return reply
          .header('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', `attachment; filename="${entity}-sample.${format}"`)
          .send(bytes);
      },
    );

    app.post(
      `/import/${entity}`,
      {
        config: guard,
        schema: {
          tags,
          summary: `Import ${entity} from .xlsx, .xls or .csv (multipart: file, job_id)`,
          consumes: ['multipart/form-data'],
          response: { 201: importResultSchema, 422: importInvalidSchema },
        },
      },
      async (request, reply) => {
        const ctx = ctxOf(request);
        const upload = await readUpload(request);
        try {
          const result = await service.importFile(ctx, entity, upload, { locale: request.locale, ...(upload.jobId ? { jobId: upload.jobId } : {}) });
          return reply.status(201).send({ message: t('import_done', request.locale, { count: result.imported }), data: { uuid: result.jobId, imported: result.imported } });
        } catch (err) {
          if (err instanceof ImportInvalid) return sendInvalid(reply, err);
          throw err;
        }
      },
    );
  }

  app.get(
    '/import/jobs/:id',
    {
      config: { permissions: IMPORT_ANY_PERMISSION, resources: { id: importJobs } },
      schema: { tags, params: idParam, response: { 200: z.object({ data: importJobSchema }) } },
    },
    async (request) => ({ data: await service.getJob(ctxOf(request), request.params.id) }),
  );
};
