import { z } from 'zod';
import { DESIGN_MESSAGES } from './messages.js';
import { checkNumber, numberOrEmpty, optionalText, reporter, text, type IssuePath, type Report } from './fields.js';
import {
  CONDITION_TYPES,
  SOME_COMPARATORS,
  isConditionType,
  triggerVerbsOf,
  type ConditionType,
  type SomeComparator,
} from './vocabulary.js';

/** A condition (spec 4 §1): fields a type does not use are left out. */
export interface Condition {
  conditionType: ConditionType;
  verb: string;
  elementId?: string;
  subElementId?: string;
  some?: SomeComparator;
  someNumber?: number;
  designerInputString?: string;
}

/** Conditions of a block are ANDed; blocks are ORed; an empty list of blocks holds (spec 4 §1). */
export interface ConditionBlock {
  conditions: Condition[];
  andOrConditions?: 'and';
  andOrNextBlock?: 'or';
}

/** A condition as a form sends it, before its rules are checked. */
export const conditionFields = z.object({
  conditionType: text,
  verb: text,
  elementId: optionalText,
  subElementId: optionalText,
  some: optionalText,
  someNumber: numberOrEmpty,
  designerInputString: optionalText,
});
export type ConditionDraft = z.output<typeof conditionFields>;

const blockFields = z.object({
  conditions: z
    .array(conditionFields)
    .nullish()
    .transform((value) => value ?? []),
  andOrConditions: z.string().nullish(),
  andOrNextBlock: z.string().nullish(),
});
export type ConditionBlockDraft = z.output<typeof blockFields>;

/** A list of condition blocks as a form sends it; missing means none. */
export const conditionBlocksField = z
  .array(blockFields)
  .nullish()
  .transform((value) => value ?? []);

/** Checks one condition (spec 2 §5); with `trigger`, its verb must also be a trigger verb (spec 4 §2). */
export function checkCondition(
  condition: ConditionDraft,
  report: Report,
  path: IssuePath,
  options: { trigger?: boolean } = {},
): void {
  const at = (field: string) => [...path, field];
  const { conditionType: type, verb } = condition;
  if (!type) report(at('conditionType'), DESIGN_MESSAGES.required);
  else if (!isConditionType(type)) report(at('conditionType'), DESIGN_MESSAGES.unknownConditionType);
  if (!verb) report(at('verb'), DESIGN_MESSAGES.required);
  if (!isConditionType(type)) return;

  const info = CONDITION_TYPES[type];
  if (options.trigger) {
    const verbs = triggerVerbsOf(type);
    if (verbs.length === 0) report(at('conditionType'), DESIGN_MESSAGES.cannotTrigger);
    else if (verb && !verbs.includes(verb)) report(at('verb'), DESIGN_MESSAGES.notATriggerVerb);
  } else if (verb && !info.verbs.includes(verb)) {
    report(at('verb'), DESIGN_MESSAGES.verbNotAllowed);
  }

  if (info.element && !condition.elementId) report(at('elementId'), DESIGN_MESSAGES.required);
  if (info.subElementVerbs.includes(verb) && !condition.subElementId) {
    report(at('subElementId'), DESIGN_MESSAGES.required);
  }
  if (info.someVerbs.includes(verb)) {
    if (!(SOME_COMPARATORS as readonly string[]).includes(condition.some ?? '')) {
      report(at('some'), DESIGN_MESSAGES.required);
    }
    checkNumber(condition.someNumber, report, at('someNumber'), { required: true, min: 0 });
  }
  if (info.usesDesignerInput) {
    const input = condition.designerInputString;
    if (!input) report(at('designerInputString'), DESIGN_MESSAGES.required);
    else if (info.designerInputValues && !info.designerInputValues.includes(input)) {
      report(at('designerInputString'), DESIGN_MESSAGES.gameStatusValue);
    } else if (info.designerInputKind === 'timeOfDay' && parseTimeOfDay(input) === null) {
      report(at('designerInputString'), DESIGN_MESSAGES.timeOfDay);
    }
  }
}

/** A time of day written HH:MM (00:00–23:59) as minutes since midnight, or null. */
export function parseTimeOfDay(text: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : null;
}

/** Checks a list of condition blocks at `path`: each block needs a condition, each condition its fields. */
export function checkConditionBlocks(blocks: ConditionBlockDraft[], report: Report, path: IssuePath): void {
  blocks.forEach((block, blockIndex) => {
    const conditionsPath = [...path, blockIndex, 'conditions'];
    if (block.conditions.length === 0) report(conditionsPath, DESIGN_MESSAGES.atLeastOneConditionInBlock);
    block.conditions.forEach((condition, index) => checkCondition(condition, report, [...conditionsPath, index]));
  });
}

/** The stored condition of a checked draft: only the fields its type and verb use. */
export function toCondition(draft: ConditionDraft): Condition {
  const type = draft.conditionType as ConditionType;
  const info = CONDITION_TYPES[type];
  const condition: Condition = { conditionType: type, verb: draft.verb };
  if (!info) return { ...condition, ...withoutEmpty(draft) };
  if (info.element && draft.elementId) condition.elementId = draft.elementId;
  if (info.subElementVerbs.includes(draft.verb) && draft.subElementId) condition.subElementId = draft.subElementId;
  if (info.someVerbs.includes(draft.verb)) {
    condition.some = draft.some as SomeComparator;
    if (draft.someNumber !== null) condition.someNumber = draft.someNumber;
  }
  if (info.usesDesignerInput && draft.designerInputString) condition.designerInputString = draft.designerInputString;
  return condition;
}

function withoutEmpty(draft: ConditionDraft): Partial<Condition> {
  return Object.fromEntries(
    Object.entries(draft).filter(([key, value]) => value !== undefined && value !== null && key !== 'verb'),
  ) as Partial<Condition>;
}

/** The stored blocks of checked drafts (AND inside a block, OR between blocks). */
export function toConditionBlocks(blocks: ConditionBlockDraft[]): ConditionBlock[] {
  return blocks.map((block) => ({
    conditions: block.conditions.map(toCondition),
    andOrConditions: 'and',
    andOrNextBlock: 'or',
  }));
}

/** One condition, validated with the spec's messages. */
export const conditionSchema = conditionFields
  .superRefine((condition, ctx) => checkCondition(condition, reporter(ctx), []))
  .transform(toCondition);

/** A rule's trigger: one condition whose verb is a trigger verb. */
export const triggerSchema = conditionFields
  .superRefine((condition, ctx) => checkCondition(condition, reporter(ctx), [], { trigger: true }))
  .transform(toCondition);

/** One condition block. */
export const conditionBlockSchema = blockFields
  .superRefine((block, ctx) => {
    const report = reporter(ctx);
    if (block.conditions.length === 0) report(['conditions'], DESIGN_MESSAGES.atLeastOneConditionInBlock);
    block.conditions.forEach((condition, index) => checkCondition(condition, report, ['conditions', index]));
  })
  .transform((block) => toConditionBlocks([block])[0]!);

/** A list of condition blocks (a milestone's condition, a location's `if`, an option's condition…). */
export const conditionBlocksSchema = conditionBlocksField
  .superRefine((blocks, ctx) => checkConditionBlocks(blocks, reporter(ctx), []))
  .transform(toConditionBlocks);

/** A new empty condition for the editor. */
export function newCondition(conditionType: ConditionType | '' = ''): ConditionDraft {
  return {
    conditionType,
    verb: '',
    elementId: undefined,
    subElementId: undefined,
    some: undefined,
    someNumber: null,
    designerInputString: undefined,
  };
}
