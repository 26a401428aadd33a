import type { Locale } from '@app/shared/constants';
import { DEFAULT_ROLES } from '@app/shared/permissions';
import { isApiError, toast } from '@/lib/api-client';

/** A default role reads in the UI language; a business's own role keeps the name it was given. */
export function roleName(role: { slug: string; name: string }, locale: Locale, isDefault: boolean): string {
  if (!isDefault) return role.name;
  return DEFAULT_ROLES.find((r) => r.slug === role.slug)?.name[locale] ?? role.name;
}

/**
 * A 422 outside a form (delete a role in use, deactivate yourself …): the API client shows field
 * errors on forms only, so the server's message becomes a toast here.
 */
export function toastRejected(error: unknown): void {
  if (!isApiError(error) || error.status !== 422) return;
  toast(Object.values(error.fieldErrors)[0] ?? error.message, 'red');
}
