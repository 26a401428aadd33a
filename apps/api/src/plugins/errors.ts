import type { Locale } from '@app/shared/constants';
import { type IssueLike, isValidationKey, issueField, localizeIssue, messageFor } from '@app/shared/validation';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type ErrorConflict } from '../lib/errors';
import { type MessageKey, t } from '../i18n/messages';

type ErrorBody = { message: string; code?: string; errors?: Record<string, string[]>; retry_after?: number; conflict?: ErrorConflict };

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let cur: unknown = root;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[key];
  }
  return cur;
}

function localizeKey(key: string, locale: Locale, params?: Record<string, unknown>): string {
  return isValidationKey(key) ? messageFor(key, locale, params) : t(key as MessageKey, locale, params);
}

/** Zod issues → `{ field: [messages] }`, localized; a missing value reads "required". */
export function issuesToFields(issues: readonly IssueLike[], input: unknown, locale: Locale): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, msg: string) => {
    const list = errors[field] ?? [];
    if (!list.includes(msg)) list.push(msg);
    errors[field] = list;
  };
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys' && issue.keys?.length) {
      for (const k of issue.keys) add([...issue.path, k].map(String).join('.'), localizeIssue(issue, locale, true));
      continue;
    }
    const present = valueAt(input, issue.path) !== undefined;
    add(issueField(issue), localizeIssue(issue, locale, present));
  }
  return errors;
}

/** PostgreSQL error classes caused by the request's data, with the message the client sees. */
const DB_INPUT_ERRORS: Record<string, 'invalid' | 'not_exists' | 'exists' | 'in_use'> = {
  '22021': 'invalid', // character not in repertoire (NUL byte)
  '22P05': 'invalid', // untranslatable character
  '22P02': 'invalid', // invalid text representation
  '22003': 'invalid', // numeric value out of range
  '22007': 'invalid', // invalid datetime format
  '22008': 'invalid', // datetime field overflow
  '22001': 'invalid', // string too long
  '23503': 'not_exists', // foreign key violation: the row it names is gone (or still used)
  '23001': 'in_use', // restrict violation: other rows still use it
  '23505': 'exists', // unique violation
};

/** The SQLSTATE of a database error, also when a driver or Drizzle wrapped it. */
export function databaseErrorCode(error: unknown): string | null {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return null;
}

/**
 * What a 500 may write to the log. A failed query's error carries its parameters in its message and
 * fields (drizzle: `Failed query: … params: …`), and those may be a password hash, a reset link or a
 * code being written to the outbox: the log keeps the statement, the database's own error and the
 * stack, never the values.
 */
export function loggable(error: unknown): unknown {
  if (!(error instanceof Error) || !('params' in error) || !('query' in error)) return error;
  const cause = error.cause as { message?: unknown; code?: unknown } | undefined;
  return {
    type: error.name,
    message: `Failed query: ${String(error.query)}`,
    cause: { message: typeof cause?.message === 'string' ? cause.message : undefined, code: databaseErrorCode(error) },
    // The stack starts with the message (values included): only its frames.
    stack: error.stack?.split('\n').filter((line) => /^\s+at /.test(line)).join('\n'),
  };
}

function send(reply: FastifyReply, status: number, body: ErrorBody) {
  return reply.status(status).send(body);
}

/** One error handler for the whole API: the shapes of DESIGN §4, localized, never a stack. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    const locale = request.locale;
    if (error instanceof AppError) {
      const body: ErrorBody = { message: t(error.key, locale, error.options.params) };
      if (error.options.code) body.code = error.options.code;
      if (error.options.fields) {
        body.errors = Object.fromEntries(
          Object.entries(error.options.fields).map(([f, list]) => [f, list.map((e) => localizeKey(e.key, locale, e.params))]),
        );
      }
      if (error.options.messages) body.errors = { ...body.errors, ...error.options.messages };
      if (error.options.conflict) body.conflict = error.options.conflict;
      if (error.options.retryAfter !== undefined) {
        body.retry_after = error.options.retryAfter;
        reply.header('retry-after', String(error.options.retryAfter));
      }
      if (error.status === 422 && body.errors) {
        const first = Object.values(body.errors)[0]?.[0];
        if (first && error.key === 'validation_failed') body.message = first;
      }
      return send(reply, error.status, body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const part = error.validationContext ?? 'body';
      const input = part === 'body' ? request.body : part === 'querystring' ? request.query : part === 'params' ? request.params : request.headers;
      const issues: IssueLike[] = error.validation.map((v) => ({
        ...(v.params as Record<string, unknown>),
        code: v.keyword,
        message: v.message ?? '',
        path: v.instancePath.split('/').filter(Boolean),
      }));
      const errors = issuesToFields(issues, input, locale);
      const first = Object.values(errors)[0]?.[0];
      return send(reply, 422, { message: first ?? t('validation_failed', locale), errors });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      const retry = Math.max(1, Math.ceil(Number((error as { ttl?: number }).ttl ?? 30_000) / 1000));
      reply.header('retry-after', String(retry));
      return send(reply, 429, { message: t('too_many_requests', locale, { seconds: retry }), retry_after: retry });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error instanceof SyntaxError) {
      return send(reply, 422, { message: t('bad_json', locale), errors: { body: [t('bad_json', locale)] } });
    }
    if (status === 415) return send(reply, 415, { message: t('unsupported_media', locale) });
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_FILES_LIMIT' || error.code === 'FST_PARTS_LIMIT') {
      return send(reply, 413, { message: t('payload_too_large', locale) });
    }
    if (status === 404) return send(reply, 404, { message: t('not_found', locale) });
    if (status >= 400 && status < 500) {
      // Any other client error from the framework or a plugin: a 422 the client can show.
      request.log.info({ code: error.code }, 'client error');
      return send(reply, 422, { message: t('validation_failed', locale), errors: { body: [t('validation_failed', locale)] } });
    }
    // Input the database refuses that no schema caught (a NUL byte, a race with a delete): the
    // client's data, not a crash — a 422, logged so the missing rule gets written.
    const dbCode = databaseErrorCode(error);
    if (dbCode && DB_INPUT_ERRORS[dbCode]) {
      request.log.warn({ dbCode }, 'database refused input');
      const key = DB_INPUT_ERRORS[dbCode];
      return send(reply, 422, { message: messageFor(key, locale), errors: { body: [messageFor(key, locale)] } });
    }
    request.log.error({ err: loggable(error) }, 'unhandled error');
    return send(reply, 500, { message: t('server_error', locale) });
  });

}

/**
 * One not-found handler: JSON 404 for the API; with a built web app, any other GET gets its index
 * page, since the web app routes on the client.
 */
export function registerNotFound(app: FastifyInstance, serveSpa: boolean) {
  app.setNotFoundHandler((request, reply) => {
    if (serveSpa && request.method === 'GET' && !request.url.startsWith('/api') && !request.url.startsWith('/uploads')) {
      return reply.type('text/html').sendFile('index.html');
    }
    return send(reply, 404, { message: t('not_found', request.locale) });
  });
}
