import { isApiError, toast } from './api-client';

/** The message of a refused write: the first field message of a 422, else the server's message. */
export function refusalMessage(error: unknown): string | null {
  if (!isApiError(error) || error.status !== 422) return null;
  return Object.values(error.fieldErrors)[0] ?? error.message;
}

/**
 * A 422 outside a form (delete a role or branch in use, deactivate yourself …): the API client shows
 * field errors on forms only, so the server's message becomes a toast here. Says whether it did.
 */
export function toastRejected(error: unknown): boolean {
  const message = refusalMessage(error);
  if (message === null) return false;
  toast(message, 'red');
  return true;
}

/** Callbacks for a dialog's write: the dialog closes when the write settles; a refusal shows as a toast. */
export const closeAfterWrite = (close: () => void) => ({ onSettled: close, onError: toastRejected });
