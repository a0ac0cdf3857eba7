import type { FormErrors } from '@mantine/form';

/** The part of a Mantine form (useForm) an editor binding uses. */
export interface BindableForm {
  getValues: () => unknown;
  setFieldValue: (path: never, value: never) => void;
  setErrors: (errors: FormErrors | ((current: FormErrors) => FormErrors)) => void;
  errors: FormErrors;
}

/** The value at a dotted path ('conversation.statements.0.options'). */
export function valueAt(values: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((current, key) => {
    if (current === null || current === undefined) return undefined;
    return (current as Record<string, unknown>)[key];
  }, values);
}

/** True when `key` is `path` or lies under it. */
export function isUnder(key: string, path: string): boolean {
  return key === path || key.startsWith(`${path}.`);
}

/**
 * Binds a list or condition editor to a field of a Mantine form: its value, a
 * change that also clears the errors of everything under the field (they were
 * about the old value), the form's errors and the field's path.
 */
export function bindEditor<T>(form: BindableForm, path: string, fallback: T): EditorBinding<T> {
  const value = (valueAt(form.getValues(), path) ?? fallback) as T;
  return {
    value,
    onChange: (next: T) => {
      (form.setFieldValue as (path: string, value: T) => void)(path, next);
      form.setErrors((current) => {
        const kept = Object.entries(current).filter(([key]) => !isUnder(key, path));
        return kept.length === Object.keys(current).length ? current : Object.fromEntries(kept);
      });
    },
    errors: form.errors as Record<string, unknown>,
    errorPath: path,
  };
}

/** An editor bound to one field of a form. */
export interface EditorBinding<T> {
  value: T;
  onChange: (next: T) => void;
  errors: Record<string, unknown>;
  errorPath: string;
}

/** Binds editors to any field of a form: nested editors bind their own fields (and clear only their errors). */
export type Binder = <T>(path: string, fallback: T) => EditorBinding<T>;

/** The binder of a Mantine form. */
export function binderOf(form: BindableForm): Binder {
  return (path, fallback) => bindEditor(form, path, fallback);
}

/** The error of a field, as text. */
export function errorOf(errors: Record<string, unknown>, path: string): string | undefined {
  const error = errors[path];
  return error ? String(error) : undefined;
}
