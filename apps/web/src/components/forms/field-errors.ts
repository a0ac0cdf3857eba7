import { toFieldErrors, type FieldErrors } from '@loci/domain';
import { isApiError } from '../../api/client';
import { inInterfaceLanguage } from '../../i18n/domain';

/** A domain schema, as far as a form's validation needs it. */
interface ValuesSchema {
  safeParse: (
    values: unknown,
  ) =>
    | { success: true }
    | { success: false; error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } };
}

/** A form's client rules from its domain schema: `{ path: message }` in the interface language, empty when valid. */
export function validateWithSchema(schema: ValuesSchema, values: unknown): FieldErrors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors = toFieldErrors(result.error.issues);
  return Object.fromEntries(Object.entries(errors).map(([path, message]) => [path, inInterfaceLanguage(message)]));
}

/** The server's field errors of a failed save (400 by path, 409 name taken), if it sent any. */
export function serverFieldErrors(error: unknown): FieldErrors | undefined {
  const errors = isApiError(error) ? error.body?.errors : undefined;
  return errors && Object.keys(errors).length > 0 ? errors : undefined;
}
