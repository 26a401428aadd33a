import type { Locale } from '@app/shared/constants';
import { localizeIssue } from '@app/shared/validation';
import type { z } from 'zod';
import { isApiError, toast } from './api-client';

type FormLike = {
  setErrors: (errors: Record<string, string>) => void;
  setFieldError: (path: string, error: string | null) => void;
};

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

/**
 * Puts a 422's messages under the form's fields (`rename` maps API names to form paths). Anything
 * that is not a field error, or a 422 on no known field, shows as a toast.
 */
export function applyServerErrors(form: FormLike, error: unknown, fields: readonly string[], rename: Record<string, string> = {}): void {
  if (!isApiError(error) || error.status !== 422) return;
  const mapped: Record<string, string> = {};
  const stray: string[] = [];
  for (const [field, message] of Object.entries(error.fieldErrors)) {
    const target = rename[field] ?? field;
    if (fields.includes(target)) mapped[target] = mapped[target] ? mapped[target] : message;
    else if (field !== 'plan_limit') stray.push(message);
  }
  form.setErrors(mapped);
  if (!Object.keys(mapped).length) toast(stray[0] ?? error.message, 'red');
}

/** Server errors clear when the user leaves the field (spec §5) as well as when they edit it. */
export function clearOnBlur<P extends { onBlur?: (...args: never[]) => void }>(form: FormLike, path: string, props: P): P {
  return {
    ...props,
    onBlur: (...args: never[]) => {
      form.setFieldError(path, null);
      props.onBlur?.(...args);
    },
  };
}
