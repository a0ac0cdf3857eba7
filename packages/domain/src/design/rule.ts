import { z } from 'zod';
import { DESIGN_MESSAGES } from './messages.js';
import { checkActionList, actionListField, toAction, type Action } from './action.js';
import {
  checkCondition,
  checkConditionBlocks,
  conditionBlocksField,
  conditionFields,
  toCondition,
  toConditionBlocks,
  type Condition,
  type ConditionBlock,
} from './condition.js';
import {
  checkNumber,
  flag,
  numberOrEmpty,
  reporter,
  text,
  type DesignContext,
  type Report,
  nameText,
} from './fields.js';

const ruleFields = z.object({
  name: nameText,
  notes: text,
  sceneId: text,
  idx: numberOrEmpty,
  trigger: conditionFields.nullish(),
  fireOnce: flag(true),
  triggerPreconditions: conditionBlocksField,
  sideeffects: actionListField,
  sideeffectselse: actionListField,
});
type RuleDraft = z.output<typeof ruleFields>;

/** The rules of the rule form (spec 2 §5): trigger, preconditions, at least one side effect, else-effects checked. */
function checkRule(rule: RuleDraft, report: Report): void {
  if (!rule.name) report(['name'], DESIGN_MESSAGES.required);
  if (!rule.sceneId) report(['sceneId'], DESIGN_MESSAGES.required);
  checkNumber(rule.idx, report, ['idx'], { integer: true, min: 1 });
  if (rule.trigger) checkCondition(rule.trigger, report, ['trigger'], { trigger: true });
  else report(['trigger', 'conditionType'], DESIGN_MESSAGES.required);
  checkConditionBlocks(rule.triggerPreconditions, report, ['triggerPreconditions']);
  checkActionList(rule.sideeffects, report, ['sideeffects'], { required: true });
  checkActionList(rule.sideeffectselse, report, ['sideeffectselse']);
}

/** A rule's form body: `idx` (its place in the scene, from 1) is kept by the server and optional here. */
export interface RuleValues {
  name: string;
  notes: string;
  sceneId: string;
  idx?: number;
  trigger: Condition;
  fireOnce: boolean;
  triggerPreconditions: ConditionBlock[];
  sideeffects: Action[];
  sideeffectselse: Action[];
}
/** A stored rule (spec 4 §1). */
export type Rule = Omit<RuleValues, 'idx'> & { id: string; gameId: string; idx: number };

/** The schema of the rule form body (POST and PATCH /rules). */
export function ruleSchemaFor(_context: DesignContext = {}) {
  return ruleFields
    .superRefine((rule, ctx) => checkRule(rule, reporter(ctx)))
    .transform((rule): RuleValues => {
      const values: RuleValues = {
        name: rule.name,
        notes: rule.notes,
        sceneId: rule.sceneId,
        trigger: toCondition(rule.trigger!),
        fireOnce: rule.fireOnce,
        triggerPreconditions: toConditionBlocks(rule.triggerPreconditions),
        sideeffects: rule.sideeffects.map(toAction),
        sideeffectselse: rule.sideeffectselse.map(toAction),
      };
      if (rule.idx !== null) values.idx = rule.idx;
      return values;
    });
}
export const ruleSchema = ruleSchemaFor();
export type RuleInput = z.input<typeof ruleSchema>;

/** A new rule of a scene for the create form. */
export function newRuleDefaults(sceneId = ''): z.input<typeof ruleSchema> {
  return {
    name: '',
    notes: '',
    sceneId,
    trigger: { conditionType: '', verb: '' },
    fireOnce: true,
    triggerPreconditions: [],
    sideeffects: [],
    sideeffectselse: [],
  };
}

/** Moving a rule up or down swaps its idx with its neighbour's (spec 2 §4); both are saved. */
export function swapRuleOrder<T extends { idx: number }>(moved: T, neighbour: T): [T, T] {
  return [
    { ...moved, idx: neighbour.idx },
    { ...neighbour, idx: moved.idx },
  ];
}
