import type { Locale } from '@app/shared/constants';
import { localizeIssue } from '@app/shared/validation';
import type { z } from 'zod';

function present(values: unknown, path: readonly PropertyKey[]): boolean {
  let v: unknown = values;
  for (const k of path) {
    if (v === null || typeof v !== 'object') return false;
    v = (v as Record<PropertyKey, unknown>)[k];
  }
  return !(v === undefined || v === null || v === '');
}

/** Validates with a shared zod schema; issues become localized messages keyed by dotted path. */
export function zodErrors(schema: z.ZodType, values: unknown, locale: Locale): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || 'form';
    errors[key] ??= localizeIssue(issue, locale, present(values, issue.path));
  }
  return errors;
}
