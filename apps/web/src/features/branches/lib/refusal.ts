import { isApiError } from '@/lib/api-client';

/** The message of a refused write: the first field message of a 422, else the server's message. */
export function refusalMessage(error: unknown): string | null {
  if (!isApiError(error) || error.status !== 422) return null;
  return Object.values(error.fieldErrors)[0] ?? error.message;
}
