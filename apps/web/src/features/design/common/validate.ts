import { validateDesignEntity, type DesignKind, type DesignSchemaContext, type FieldErrors } from '@loci/domain';

/**
 * The kind's form rules, the same the server applies (spec 2 §5): the domain's
 * schema for this game, its issues as `{ path: message }` (empty when valid).
 */
export function validateEntity(kind: DesignKind, values: unknown, context: DesignSchemaContext): FieldErrors {
  return validateDesignEntity(kind, values, context) ?? {};
}
