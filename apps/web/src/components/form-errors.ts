import type { FormErrors } from '@mantine/form';
import { isApiError } from '../api/client';

/**
 * Puts the server's field errors (`body.errors`) under their fields.
 * `fieldMap` maps a server key to the form field that shows it (e.g. login's
 * `emailnotfound` shows under `email`). Returns whether any field got an error.
 */
export function applyServerFieldErrors(
  form: { setErrors: (errors: FormErrors) => void },
  error: unknown,
  fieldMap: Record<string, string>,
): boolean {
  if (!isApiError(error) || !error.body?.errors) return false;
  const fieldErrors: Record<string, string> = {};
  for (const [key, text] of Object.entries(error.body.errors)) {
    const field = fieldMap[key];
    if (field && !(field in fieldErrors)) fieldErrors[field] = text;
  }
  if (Object.keys(fieldErrors).length === 0) return false;
  form.setErrors(fieldErrors);
  return true;
}
