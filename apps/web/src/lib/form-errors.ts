import { isApiError, toast } from './api-client';

type FormLike = {
  setErrors: (errors: Record<string, string>) => void;
  setFieldError: (path: string, error: string | null) => void;
};

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
