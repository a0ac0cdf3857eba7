import sanitizeHtml from 'sanitize-html';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RICH_TEXT_POLICY, isRichTextField } from '@loci/domain';

/**
 * The server's side of rich text: sanitize-html configured from the domain's
 * RICH_TEXT_POLICY, and ONE way to find rich text in a body — the domain marks
 * its rich-text fields (richTextFields), and sanitizeRichTextFields walks a
 * schema together with a value and sanitises every marked field. Bodies are
 * sanitised before their schema parses them: by richTextValidatorCompiler for
 * every route whose body schema holds rich text (game settings…), and by the
 * design service for entities, whose schema depends on the game. Stored rich
 * text written before this existed is sanitised again where the server hands
 * it to players (the lobby, the play game and its player-safe spec), so an
 * old published spec cannot deliver a payload either.
 */

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_POLICY.allowedTags],
  allowedAttributes: Object.fromEntries(
    Object.entries(RICH_TEXT_POLICY.allowedAttributes).map(([tag, attributes]) => [tag, [...attributes]]),
  ),
  allowedSchemes: [...RICH_TEXT_POLICY.allowedSchemes],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [...RICH_TEXT_POLICY.droppedWithContent],
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: RICH_TEXT_POLICY.linkTarget, rel: RICH_TEXT_POLICY.linkRel }),
  },
};

/** Rich text with everything the policy does not allow removed. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

type Schema = z.core.$ZodType;

/**
 * A copy of `value` (shaped as `schema`'s input) whose rich-text fields are
 * sanitised; everything else is left as it is for the schema to judge.
 */
export function sanitizeRichTextFields(schema: Schema, value: unknown): unknown {
  if (isRichTextField(schema)) return typeof value === 'string' ? sanitizeRichText(value) : value;
  if (value === null || value === undefined) return value;
  if (schema instanceof z.core.$ZodPipe) return sanitizeRichTextFields(schema._zod.def.in, value);
  if (
    schema instanceof z.core.$ZodOptional ||
    schema instanceof z.core.$ZodNullable ||
    schema instanceof z.core.$ZodDefault ||
    schema instanceof z.core.$ZodPrefault ||
    schema instanceof z.core.$ZodNonOptional ||
    schema instanceof z.core.$ZodReadonly ||
    schema instanceof z.core.$ZodCatch
  ) {
    return sanitizeRichTextFields(schema._zod.def.innerType, value);
  }
  if (schema instanceof z.core.$ZodLazy) return sanitizeRichTextFields(schema._zod.def.getter(), value);
  if (schema instanceof z.core.$ZodArray) {
    const element = schema._zod.def.element;
    return Array.isArray(value) ? value.map((item) => sanitizeRichTextFields(element, item)) : value;
  }
  if (schema instanceof z.core.$ZodObject) {
    if (typeof value !== 'object' || Array.isArray(value)) return value;
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    for (const [key, field] of Object.entries(schema._zod.def.shape)) {
      if (key in copy) copy[key] = sanitizeRichTextFields(field, copy[key]);
    }
    return copy;
  }
  if (schema instanceof z.core.$ZodRecord) {
    if (typeof value !== 'object' || Array.isArray(value)) return value;
    const valueType = schema._zod.def.valueType;
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, sanitizeRichTextFields(valueType, item)]),
    );
  }
  // Sanitising is idempotent, so every branch a value could match may have its go.
  if (schema instanceof z.core.$ZodUnion) {
    return schema._zod.def.options.reduce<unknown>((current, option) => sanitizeRichTextFields(option, current), value);
  }
  if (schema instanceof z.core.$ZodIntersection) {
    return sanitizeRichTextFields(schema._zod.def.right, sanitizeRichTextFields(schema._zod.def.left, value));
  }
  return value;
}

/**
 * Whether `schema` has a rich-text field anywhere (the same walk as sanitizeRichTextFields, without a value).
 * A schema met again on the way (a lazy's recursion) has nothing the first meeting did not see.
 */
export function holdsRichText(schema: Schema, seen: Set<Schema> = new Set()): boolean {
  if (isRichTextField(schema)) return true;
  if (seen.has(schema)) return false;
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown>;
  if (schema instanceof z.core.$ZodPipe) return holdsRichText(schema._zod.def.in, seen);
  if (schema instanceof z.core.$ZodLazy) return holdsRichText(schema._zod.def.getter(), seen);
  if (schema instanceof z.core.$ZodArray) return holdsRichText(schema._zod.def.element, seen);
  if (schema instanceof z.core.$ZodObject)
    return Object.values(schema._zod.def.shape).some((field) => holdsRichText(field, seen));
  if (schema instanceof z.core.$ZodRecord) return holdsRichText(schema._zod.def.valueType, seen);
  if (schema instanceof z.core.$ZodUnion) return schema._zod.def.options.some((option) => holdsRichText(option, seen));
  if (schema instanceof z.core.$ZodIntersection)
    return holdsRichText(schema._zod.def.left, seen) || holdsRichText(schema._zod.def.right, seen);
  return 'innerType' in def && holdsRichText(def.innerType as Schema, seen);
}

/**
 * fastify-type-provider-zod's validator, but with the rich-text fields of the data sanitised before parsing —
 * for the schemas that hold rich text; the others (a player's event, on the hot path of play) skip the walk.
 */
export const richTextValidatorCompiler: typeof validatorCompiler = (route) => {
  const validate = validatorCompiler(route);
  const schema = route.schema as Schema;
  if (!holdsRichText(schema)) return validate;
  return (data) => validate(sanitizeRichTextFields(schema, data));
};
