import type { Locale } from '@app/shared/constants';
import { DEFAULT_ROLES } from '@app/shared/permissions';

/** A default role reads in the UI language; a business's own role keeps the name it was given. */
export function roleName(role: { slug: string; name: string }, locale: Locale, isDefault: boolean): string {
  if (!isDefault) return role.name;
  return DEFAULT_ROLES.find((r) => r.slug === role.slug)?.name[locale] ?? role.name;
}

