import { z } from 'zod';
import { isRichTextEmpty } from '../game.js';
import { DESIGN_MESSAGES } from './messages.js';
import { flag, optionalText, reporter, text, type IssuePath, type Report } from './fields.js';
import {
  ACTIONS,
  EMPTY_ACTOR,
  NUMBER_PROP_HOW,
  VALUELESS_MUTATION_TYPES,
  actorKindOf,
  isActionName,
  type ActionName,
  type NumberPropHow,
  type PropertyType,
} from './vocabulary.js';

/** The arguments of an action (spec 4 §1); fields the action does not use are left out. */
export interface ActionArgs {
  what?: string;
  value?: number | string;
  message?: string;
  msg?: string;
  numberPropHow?: NumberPropHow;
}

/** A side effect (spec 4 §1): an actor ('system', 'player', 'world' or a character id) doing a named action. */
export interface Action {
  actorId: string;
  actionName: ActionName;
  actionArgs: ActionArgs;
  notify: boolean;
}

const argsFields = z.object({
  what: optionalText,
  value: z
    .union([z.number(), z.string()])
    .nullish()
    .transform((value) => {
      if (typeof value === 'string') return value.trim() === '' ? null : value;
      return value ?? null;
    }),
  message: optionalText,
  msg: z
    .string()
    .nullish()
    .transform((value) => value ?? ''),
  numberPropHow: optionalText,
});

/** An action as a form sends it, before its rules are checked. */
export const actionFields = z.object({
  actorId: text,
  actionName: text,
  actionArgs: argsFields.nullish().transform((args) => args ?? argsFields.parse({})),
  notify: flag(false),
});
export type ActionDraft = z.output<typeof actionFields>;

/** A list of actions as a form sends it; missing means none. */
export const actionListField = z
  .array(actionFields)
  .nullish()
  .transform((value) => value ?? []);

/** What an action list's rules depend on beyond the actions themselves. */
export interface ActionCheckOptions {
  /** 'You need at least one action' when the list is empty. */
  required?: boolean;
  /** The payload properties of the object the actions run on (archetype and offer effects), for mutateObject. */
  payloadSpec?: Readonly<Record<string, { type: string }>>;
  /** The statements of the conversation the actions belong to, for sayStatement. */
  statementIds?: readonly string[];
}

const isNumeric = (value: number | string | null) =>
  value !== null && (typeof value === 'number' ? Number.isFinite(value) : Number.isFinite(Number(value)));

/** Checks one action (spec 2 §5). */
export function checkAction(
  action: ActionDraft,
  report: Report,
  path: IssuePath,
  options: ActionCheckOptions = {},
): void {
  const at = (...fields: string[]) => [...path, ...fields];
  const { actorId, actionName, actionArgs: args } = action;
  const hasActor = actorId !== '' && actorId !== EMPTY_ACTOR;
  if (!hasActor) report(at('actorId'), DESIGN_MESSAGES.required);
  if (!actionName) return report(at('actionName'), DESIGN_MESSAGES.required);
  if (!isActionName(actionName)) return report(at('actionName'), DESIGN_MESSAGES.unknownAction);

  const info = ACTIONS[actionName];
  if (hasActor && !info.allowedActors.includes(actorKindOf(actorId))) {
    report(at('actorId'), DESIGN_MESSAGES.actorNotAllowed);
  }
  if (info.needsWhat && !args.what) report(at('actionArgs', 'what'), DESIGN_MESSAGES.required);
  else if (args.what && info.whatKind === 'property' && options.payloadSpec && !options.payloadSpec[args.what]) {
    report(at('actionArgs', 'what'), DESIGN_MESSAGES.unknownProperty);
  } else if (args.what && info.whatKind === 'statement' && options.statementIds?.includes(args.what) === false) {
    report(at('actionArgs', 'what'), DESIGN_MESSAGES.unknownStatement);
  }
  if (info.needsMsg && isRichTextEmpty(args.msg)) report(at('actionArgs', 'msg'), DESIGN_MESSAGES.required);
  if (info.needsValue) {
    if (args.value === null) report(at('actionArgs', 'value'), DESIGN_MESSAGES.required);
    else if (info.valueType === 'number' && !isNumeric(args.value)) {
      report(at('actionArgs', 'value'), DESIGN_MESSAGES.notANumber);
    } else if (actionName === 'startTimer' && !(Number(args.value) > 0)) {
      report(at('actionArgs', 'value'), DESIGN_MESSAGES.positiveMinutes);
    }
  }
  if (actionName === 'mutateObject') {
    const needs = mutationNeeds(args.what ? options.payloadSpec?.[args.what]?.type : undefined);
    if (needs.value && args.value === null) report(at('actionArgs', 'value'), DESIGN_MESSAGES.required);
    else if (needs.numberPropHow && args.value !== null && !isNumeric(args.value)) {
      report(at('actionArgs', 'value'), DESIGN_MESSAGES.notANumber);
    }
    if (needs.numberPropHow && !(NUMBER_PROP_HOW as readonly string[]).includes(args.numberPropHow ?? '')) {
      report(at('actionArgs', 'numberPropHow'), DESIGN_MESSAGES.required);
    }
  }
}

/**
 * What a mutateObject of a property of `propertyType` needs (spec 2 §5): a
 * value unless the property is text or image, and a mode (+ - =) for numbers.
 * With an unknown property type (a rule's effect, where the object is not
 * known) the value is required and the mode optional.
 */
export function mutationNeeds(propertyType: PropertyType | string | undefined): {
  value: boolean;
  numberPropHow: boolean;
} {
  return {
    value: !(propertyType && (VALUELESS_MUTATION_TYPES as readonly string[]).includes(propertyType)),
    numberPropHow: propertyType === 'number',
  };
}

/** Checks an action list at `path`: each action, at most 1 blocking action, and at least one when required. */
export function checkActionList(
  actions: ActionDraft[],
  report: Report,
  path: IssuePath,
  options: ActionCheckOptions = {},
): void {
  if (options.required && actions.length === 0) report(path, DESIGN_MESSAGES.atLeastOneAction);
  if (blockingCount(actions) > 1) report(path, DESIGN_MESSAGES.atMostOneBlockingAction);
  actions.forEach((action, index) => checkAction(action, report, [...path, index], options));
}

/** How many actions of a list wait for the player. */
export function blockingCount(actions: ReadonlyArray<{ actionName: string }>): number {
  return actions.filter((action) => isActionName(action.actionName) && ACTIONS[action.actionName].blocking).length;
}

/** The stored action of a checked draft: only the arguments its action uses. */
export function toAction(draft: ActionDraft): Action {
  const actionName = draft.actionName as ActionName;
  const info = ACTIONS[actionName];
  const { what, value, message, msg, numberPropHow } = draft.actionArgs;
  const args: ActionArgs = {};
  if (what && info.whatKinds.length > 0) args.what = what;
  if (value !== null && (info.needsValue || actionName === 'mutateObject')) {
    args.value = info.valueType === 'number' || numberPropHow ? Number(value) : value;
    if (Number.isNaN(args.value)) args.value = value;
  }
  if (message) args.message = message;
  if (info.needsMsg) args.msg = msg;
  if (actionName === 'mutateObject' && (NUMBER_PROP_HOW as readonly string[]).includes(numberPropHow ?? '')) {
    args.numberPropHow = numberPropHow as NumberPropHow;
  }
  return { actorId: draft.actorId, actionName, actionArgs: args, notify: draft.notify };
}

/** One action, validated with the spec's messages. */
export const actionSchema = actionFields
  .superRefine((action, ctx) => checkAction(action, reporter(ctx), []))
  .transform(toAction);

/** An action list with the options of its place (required, the object's payload, the conversation's statements). */
export function actionListSchemaFor(options: ActionCheckOptions = {}) {
  return actionListField
    .superRefine((actions, ctx) => checkActionList(actions, reporter(ctx), [], options))
    .transform((actions) => actions.map(toAction));
}

/** An action list that may be empty. */
export const actionListSchema = actionListSchemaFor();

/** A new action for the editor: the game acting, nothing chosen yet. */
export function newAction(actionName: ActionName | '' = '', actorId = 'system'): ActionDraft {
  return {
    actorId,
    actionName,
    actionArgs: { what: undefined, value: null, message: undefined, msg: '', numberPropHow: undefined },
    notify: false,
  };
}
