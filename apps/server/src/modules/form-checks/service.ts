import { and, eq, ne, sql } from 'drizzle-orm';
import {
  asyncFormOf,
  DESIGN_API_MESSAGES,
  toFieldErrors,
  validateGameValues,
  worldEntrySchemaFor,
  type AsyncValidateRequest,
  type AsyncValidateResponse,
  type FieldErrors,
  type PayloadSpecLike,
} from '@loci/domain';
import type { AppContext } from '../../context.js';
import { designEntities } from '../../db/schema.js';
import { fail } from '../../lib/errors.js';
import { requireGameRight } from '../../policies/games.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { isWorldNameTaken } from '../initial-state/service.js';
import { entitySchemaFor, formValuesOf } from '../design/service.js';
import { findEntityRow } from '../design/store.js';

/** The errors about one field (and the fields nested under it). */
function onlyField(errors: FieldErrors, field: string): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([path]) => path === field || path.startsWith(`${field}.`)));
}

function issuesOf(result: {
  success: boolean;
  error?: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> };
}) {
  return result.success || !result.error ? {} : toFieldErrors(result.error.issues);
}

/**
 * asyncValidateForm (spec 2 §7, spec 3 §7): checks a form while it is being
 * filled in. The name must not be taken by another element of the same kind
 * (the entity itself, `values.id`, excepted); without `blurredField` the whole
 * form is validated, with it only that field. Invalid values are its answer,
 * never a 4xx: `{ success: false, errors }`. Needs the view right: it reveals
 * nothing a viewer cannot list.
 */
export async function asyncValidateForm({
  ctx,
  user,
  gameId,
  request,
}: {
  ctx: AppContext;
  user: CurrentUser;
  gameId: string;
  request: AsyncValidateRequest;
}): Promise<AsyncValidateResponse> {
  const form = asyncFormOf(request.activeForm);
  if (!form) throw fail.validation({ activeForm: DESIGN_API_MESSAGES.unknownForm(request.activeForm) });
  const game = await requireGameRight({ ctx, user, gameId, right: 'view' });
  const { values } = request;
  const blurred = request.blurredField || undefined;
  const id = typeof values.id === 'string' ? values.id : undefined;
  const name = typeof values.name === 'string' ? values.name.trim() : '';

  let schemaErrors: FieldErrors = {};
  let nameTaken = false;
  if (form.type === 'game') {
    schemaErrors = validateGameValues(values, 'edit') ?? {};
  } else if (form.type === 'design') {
    schemaErrors = issuesOf(entitySchemaFor(form.kind, game.row.settings).safeParse(formValuesOf(values)));
    if (name !== '') {
      const [taken] = await ctx.db
        .select({ id: designEntities.id })
        .from(designEntities)
        .where(
          and(
            eq(designEntities.gameId, gameId),
            eq(designEntities.kind, form.kind),
            sql`lower(${designEntities.name}) = lower(${name})`,
            id ? ne(designEntities.id, id) : undefined,
          ),
        )
        .limit(1);
      nameTaken = taken !== undefined;
    }
  } else {
    // With its object type or offer known, the payload is checked against its payload spec too.
    const typeId = values[form.entry === 'object' ? 'archetypeId' : 'offerId'];
    const typeRow =
      typeof typeId === 'string' && typeId !== ''
        ? await findEntityRow(ctx.db, { gameId, kind: form.entry === 'object' ? 'archetype' : 'offer', id: typeId })
        : undefined;
    const context = typeRow
      ? {
          payloadSpec: typeRow.body.payloadSpec as PayloadSpecLike | undefined,
          moderated: typeRow.body.moderated === true,
        }
      : {};
    schemaErrors = issuesOf(worldEntrySchemaFor(form.entry, context).safeParse(values));
    if (name !== '') nameTaken = await isWorldNameTaken(ctx.db, { gameId, type: form.entry, name, exceptId: id });
  }

  const errors: FieldErrors = blurred ? onlyField(schemaErrors, blurred) : schemaErrors;
  if (nameTaken) errors.name = DESIGN_API_MESSAGES.nameTaken;
  return { success: Object.keys(errors).length === 0, errors };
}
