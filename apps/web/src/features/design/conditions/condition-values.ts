import {
  CONDITION_FAMILIES,
  CONDITION_TYPES,
  CONDITION_TYPE_NAMES,
  TRIGGER_CONDITION_TYPES,
  isConditionType,
  triggerVerbsOf,
  verbLabel,
  type ConditionFamily,
  type ConditionType,
  type ConditionTypeInfo,
} from '@loci/domain';

/**
 * A condition as the editors hold it: the stored shape (spec 4 §1) or a draft
 * on its way there (a type not chosen yet, a number still typed as text). The
 * domain's schema turns it into the stored shape on save.
 */
export interface ConditionValue {
  conditionType?: string | null;
  verb?: string | null;
  elementId?: string | null;
  subElementId?: string | null;
  some?: string | null;
  someNumber?: number | string | null;
  designerInputString?: string | null;
}

/** A block of ANDed conditions; blocks are ORed (spec 2 §4). */
export interface ConditionBlockValue {
  conditions?: ConditionValue[] | null;
  andOrConditions?: string | null;
  andOrNextBlock?: string | null;
}

/** The vocabulary row of a condition's type, if it has a known one. */
export function conditionTypeInfo(type: string | null | undefined): ConditionTypeInfo | undefined {
  return type && isConditionType(type) ? CONDITION_TYPES[type] : undefined;
}

/** The verbs a condition of `type` may use: all of the type's, or only its trigger verbs for a trigger. */
export function verbsOf(type: string | null | undefined, triggerOnly: boolean): string[] {
  const info = conditionTypeInfo(type);
  if (!info) return [];
  return triggerOnly ? triggerVerbsOf(info.type) : [...info.verbs];
}

/** The condition types the type select offers (only those that can trigger, for a trigger), grouped by family. */
export function conditionTypeGroups(
  triggerOnly: boolean,
  familyLabel: (family: ConditionFamily) => string,
  typeLabel: (type: ConditionType) => string = (type) => CONDITION_TYPES[type].label,
): { group: string; items: { value: string; label: string }[] }[] {
  const offered: readonly string[] = triggerOnly ? TRIGGER_CONDITION_TYPES : CONDITION_TYPE_NAMES;
  return CONDITION_FAMILIES.map((family) => ({
    group: familyLabel(family),
    items: CONDITION_TYPE_NAMES.filter((type) => offered.includes(type) && CONDITION_TYPES[type].family === family).map(
      (type) => ({ value: type, label: typeLabel(type) }),
    ),
  })).filter((group) => group.items.length > 0);
}

/** The verb select's options for `type`. */
export function verbOptions(
  type: string | null | undefined,
  triggerOnly: boolean,
  label: (verb: string) => string = verbLabel,
) {
  return verbsOf(type, triggerOnly).map((verb) => ({ value: verb, label: label(verb) }));
}

/** A new condition: nothing chosen yet. */
export function emptyCondition(): ConditionValue {
  return { conditionType: '', verb: '' };
}

/** A new block holding one empty condition, ready to be filled in. */
export function emptyBlock(): ConditionBlockValue {
  return { conditions: [emptyCondition()], andOrConditions: 'and', andOrNextBlock: 'or' };
}

/**
 * The condition after its type changed: the element, sub-element, count and
 * input of the old type go; the verb stays when the new type has it, else
 * the new type's first verb is chosen.
 */
export function withConditionType(condition: ConditionValue, type: string, triggerOnly: boolean): ConditionValue {
  const verbs = verbsOf(type, triggerOnly);
  // The first verb of the type ('has entered', 'owns', 'has reached') is chosen at once (issue 30: fewer clicks).
  const verb = condition.verb && verbs.includes(condition.verb) ? condition.verb : (verbs[0] ?? '');
  return withVerb({ conditionType: type, verb }, verb);
}

/** The condition after its verb changed: the count and the sub-element stay only when the new verb uses them. */
export function withVerb(condition: ConditionValue, verb: string): ConditionValue {
  const info = conditionTypeInfo(condition.conditionType);
  const next: ConditionValue = { ...condition, verb };
  if (!info?.someVerbs.includes(verb)) {
    delete next.some;
    delete next.someNumber;
  } else if (!next.some) {
    next.some = 'at_least';
  }
  if (!info?.subElementVerbs.includes(verb)) delete next.subElementId;
  return next;
}
