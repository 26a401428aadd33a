import type { ValidationKey } from '@app/shared/validation';
import type { MessageKey } from '../i18n/messages';

/** Which existing record holds a value that must be unique: `{ field: 'phone', customer: { uuid, name } }`. */
export type ErrorConflict = { field: string; customer: { uuid: string; name: string } };

/**
 * A failure the client can act on: a status of spec §8, a message key the error handler localizes,
 * and for 422 the fields at fault. Services throw these; one handler turns them into HTTP.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: MessageKey,
    readonly options: {
      params?: Record<string, unknown>;
      /** 422: field → message keys (server or validation catalogue) with their params. */
      fields?: Record<string, { key: MessageKey | ValidationKey; params?: Record<string, unknown> }[]>;
      /** 422: field → messages already localized (from a zod parse inside a handler). */
      messages?: Record<string, string[]>;
      /** A machine-readable code the client branches on (403 email-verification …). */
      code?: string;
      retryAfter?: number;
      /** 422: the existing record a unique value belongs to (sent as the body's top-level `conflict`). */
      conflict?: ErrorConflict;
    } = {},
  ) {
    super(key);
  }
}

/** A 422 on one field. */
export function fieldError(field: string, key: MessageKey | ValidationKey, params?: Record<string, unknown>): AppError {
  return new AppError(422, 'validation_failed', { fields: { [field]: [{ key, params }] } });
}

export const unauthenticated = () => new AppError(401, 'unauthenticated');
export const notFound = () => new AppError(404, 'not_found');
export const forbidden = (code?: string, key: MessageKey = 'forbidden') => new AppError(403, key, { code });
