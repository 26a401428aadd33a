import { BOOKING_DESK_KEYS, type PermissionKey } from '@app/shared/permissions';
import { idParam } from '@app/shared/schemas/access';
import { type KeysetMeta, messageSchema } from '@app/shared/schemas/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { t } from '../i18n/messages';
import type { AuthContext } from '../modules/auth/auth.service';
import type { RouteGuard, TenantTable } from '../plugins/request-context';
import { unauthenticated } from './errors';

/** The signed-in caller of a guarded route (the guard has run; a missing context is a 401). */
export function ctxOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

/** Response shapes of DESIGN §4: a list `{ data: [...] }`, one object `{ data }`, a write `{ message, data }`. */
/** An e-invoice's XML as a download, never cached or sniffed. */
export function sendXml(reply: FastifyReply, doc: { xml: string; name: string }) {
  return reply
    .header('content-type', 'application/xml; charset=utf-8')
    .header('content-disposition', `attachment; filename="${doc.name}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(doc.xml);
}

/**
 * A JSON body already written out (parts of it by the database: the calendar's bookings, the rows of
 * some lists), sent as it is. Fastify's serializer, and with it the route's response schema, is not
 * applied to text: the tests of each such route hold its answer to that schema.
 */
export function sendJsonText<R extends FastifyReply>(reply: R, body: string) {
  return reply.type('application/json; charset=utf-8').send(body as never);
}

/** A page's body, `{ data, meta }`, of rows the database wrote as JSON text (each `j`). */
export function pageOfJson(rows: readonly { j: string }[], meta: KeysetMeta): string {
  return `{"data":[${rows.map((r) => r.j).join(',')}],"meta":${JSON.stringify(meta)}}`;
}

export const listOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });
export const one = <T extends z.ZodType>(item: T) => z.object({ data: item });
export const written = <T extends z.ZodType>(item: T) => z.object({ message: z.string(), data: item });

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** The five operations of a plain collection, on the caller's tenant. */
export type CrudService<B, T> = {
  /** Absent when the caller declares the list route itself (it takes a query). */
  list?(ctx: AuthContext): Promise<T[]>;
  get(ctx: AuthContext, id: string): Promise<T>;
  create(ctx: AuthContext, body: B): Promise<T>;
  update(ctx: AuthContext, id: string, body: B): Promise<T>;
  remove(ctx: AuthContext, id: string): Promise<unknown>;
};

/**
 * `GET path`, `GET path/:id`, `POST path` (201), `PUT path/:id`, `DELETE path/:id` for a collection
 * whose ids are rows of `table`: one guard for all five (the id routes add the resource check), the
 * response shapes of DESIGN §4 and the localized success messages.
 */
export function crudRoutes<BodySchema extends z.ZodType, ItemSchema extends z.ZodType>(
  app: ZodApp,
  opts: {
    path: string;
    tags: string[];
    guard: RouteGuard;
    /** More keys that may read (list and get), e.g. screens that only pick from the list. */
    readers?: PermissionKey[];
    table: TenantTable;
    body: BodySchema;
    item: ItemSchema;
    service: CrudService<z.output<BodySchema>, z.output<ItemSchema>>;
  },
) {
  const { path, tags, body, item, service } = opts;
  const all = opts.guard;
  const byId: RouteGuard = { ...all, resources: { id: opts.table } };
  const read: RouteGuard = { ...all, permissions: [...(all.permissions ?? []), ...(opts.readers ?? [])] };
  const readById: RouteGuard = { ...read, resources: { id: opts.table } };
  // Registered without the zod type provider's inference (generic schemas defeat it); the schemas
  // still validate the input and serialize the output at run time.
  const r = app as unknown as FastifyInstance;
  const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;
  const bodyOf = (request: FastifyRequest) => request.body as z.output<BodySchema>;
  const list = service.list;
  if (list) r.get(path, { config: read, schema: { tags, response: { 200: listOf(item) } } }, async (request) => ({ data: await list(ctxOf(request)) }));
  r.get(`${path}/:id`, { config: readById, schema: { tags, params: idParam, response: { 200: one(item) } } }, async (request) => ({
    data: await service.get(ctxOf(request), idOf(request)),
  }));
  r.post(path, { config: all, schema: { tags, body, response: { 201: written(item) } } }, async (request, reply) => {
    const data = await service.create(ctxOf(request), bodyOf(request));
    return reply.status(201).send({ message: t('created', request.locale), data });
  });
  r.put(`${path}/:id`, { config: byId, schema: { tags, params: idParam, body, response: { 200: written(item) } } }, async (request) => ({
    message: t('updated', request.locale),
    data: await service.update(ctxOf(request), idOf(request), bodyOf(request)),
  }));
  r.delete(`${path}/:id`, { config: byId, schema: { tags, params: idParam, response: { 200: messageSchema } } }, async (request) => {
    await service.remove(ctxOf(request), idOf(request));
    return { message: t('deleted', request.locale) };
  });
}

/** The `meta` of a paginated list (DESIGN §4). */
export const pageMeta = (page: number, perPage: number, total: number) => ({
  current_page: page,
  per_page: perPage,
  total,
  last_page: Math.max(1, Math.ceil(total / perPage)),
});

/** A read guard widened to the booking desk's keys (BOOKING_DESK_KEYS: the pickers of calendar, bookings, orders). */
export function deskReadable(guard: RouteGuard): RouteGuard {
  return { ...guard, permissions: [...(guard.permissions ?? []), ...BOOKING_DESK_KEYS] };
}
