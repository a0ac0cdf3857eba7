import {
  ACTIONS,
  TEXT_LIMITS,
  newInteractionDefaults,
  newItemDefaults,
  newMilestoneDefaults,
  TRIGGER_VERBS,
  newRuleDefaults,
  readableTitle,
  type ActionName,
  type Condition,
  type ConditionType,
  type DesignEntity,
  type InteractionType,
  type RuleInput,
} from '@loci/domain';

/**
 * Quick rules (issue 30): a rule written from where the designer is — a
 * place ('When a player arrives here'), a scene ('When this scene starts')
 * or an interaction ('Show this when…') — in one click plus a choice. Each
 * is an ordinary rule (trigger + one action) that the full rule editor opens.
 */

/**
 * The trigger of a quick rule: arriving at a place, a scene starting (its own
 * has_entered), or a player being done with an interaction ('End the game after this').
 */
export type QuickTrigger =
  | { kind: 'arrive'; placeId: string }
  | { kind: 'sceneStart'; sceneId: string }
  | {
      kind: 'after';
      interactionId: string;
      sceneId: string;
      conditionType: ConditionType;
      verb: string;
      /**
       * When the verb is no trigger verb (a question answered, spec 4 §2), a
       * milestone of this name is made holding the condition, and its reaching triggers the rule.
       */
      viaMilestone?: string;
    };

/** What a quick rule does: an action on an existing thing, or on a new one made for it. */
export interface QuickEffect {
  actionName: ActionName;
  /** The thing the action names; absent when it is to be created (`create`) or names nothing (completeGame). */
  targetId?: string;
  /** A new thing to create first: an interaction of a type, or an item. */
  create?: { kind: 'interaction'; interactionType: InteractionType } | { kind: 'item' };
}

/** The action that presents an interaction of a type to the player ('Show this when…'). */
export const PRESENTING_ACTION: Partial<Record<InteractionType, ActionName>> = {
  INTER_INSPECT_INFO: 'showInfo',
  INTER_ANSWER_QUESTION: 'askQuestion',
  INTER_QUIZ: 'askQuiz',
  INTER_CONFIRM: 'askConfirmation',
  INTER_CONVERSATION: 'startConversation',
};

/**
 * When a player is done with an interaction of a type: an info box seen, a
 * question or confirmation answered, a quiz or conversation completed.
 */
export const DONE_CONDITION: Partial<Record<InteractionType, { conditionType: ConditionType; verb: string }>> = {
  INTER_INSPECT_INFO: { conditionType: 'player-info', verb: 'has_seen' },
  INTER_ANSWER_QUESTION: { conditionType: 'player-question', verb: 'has_answered' },
  INTER_QUIZ: { conditionType: 'player-quiz', verb: 'has_completed' },
  INTER_CONFIRM: { conditionType: 'player-confirmation', verb: 'has_answered' },
  INTER_CONVERSATION: { conditionType: 'player-conversation', verb: 'has_completed' },
};

/** Whether a verb may be a rule's trigger (spec 4 §2). */
export function isTriggerVerb(verb: string): boolean {
  return (TRIGGER_VERBS as readonly string[]).includes(verb);
}

/** The trigger condition of a quick trigger. */
export function quickCondition(trigger: QuickTrigger): Condition {
  if (trigger.kind === 'arrive') {
    return { conditionType: 'player-location', verb: 'has_entered', elementId: trigger.placeId };
  }
  if (trigger.kind === 'after') {
    return { conditionType: trigger.conditionType, verb: trigger.verb, elementId: trigger.interactionId } as Condition;
  }
  return { conditionType: 'player-scene', verb: 'has_entered', elementId: trigger.sceneId };
}

/**
 * A system name from a title (issue 30: one name per thing): the title itself,
 * cut to the name limit, with ' 2', ' 3'… when another thing of the kind
 * already has it (names are unique per kind, case-insensitively).
 */
export function uniqueName(title: string, taken: Iterable<string>, fallback = 'untitled'): string {
  const base = (title.trim() || fallback).slice(0, TEXT_LIMITS.name);
  const used = new Set([...taken].map((name) => name.toLocaleLowerCase()));
  if (!used.has(base.toLocaleLowerCase())) return base;
  for (let n = 2; ; n += 1) {
    const suffix = ` ${n}`;
    const candidate = `${base.slice(0, TEXT_LIMITS.name - suffix.length)}${suffix}`;
    if (!used.has(candidate.toLocaleLowerCase())) return candidate;
  }
}

/** The text a new thing made by a quick rule starts with, for the designer to replace. */
export const QUICK_PLACEHOLDER_TEXT = '<p>Write here what the player reads.</p>';

/** The values of a new interaction made for a quick rule: valid as it is, its text to be written after. */
export function quickInteractionValues(interactionType: InteractionType, title: string, name: string): object {
  const values = { ...newInteractionDefaults(interactionType), name, title };
  if (interactionType === 'INTER_ANSWER_QUESTION') {
    const [question] = values.questions;
    return { ...values, questions: [{ ...question, title, description: QUICK_PLACEHOLDER_TEXT }] };
  }
  if (interactionType === 'INTER_CONVERSATION') {
    const statement = {
      id: globalThis.crypto.randomUUID(),
      body: QUICK_PLACEHOLDER_TEXT,
      spokenBy: null,
      repliedWith: '',
      direction: { isDirection: false, title: '' },
      options: [{ id: globalThis.crypto.randomUUID(), actionLabel: 'Ok', condition: [], actions: [] }],
    };
    return { ...values, conversation: { resumable: false, statements: [statement] } };
  }
  return { ...values, description: QUICK_PLACEHOLDER_TEXT };
}

/** The milestone reached when a player is done with an interaction (its verb being no trigger verb). */
export function doneMilestoneValues(trigger: Extract<QuickTrigger, { kind: 'after' }>, name: string): object {
  return { ...newMilestoneDefaults(), name, condition: [{ conditions: [quickCondition(trigger)] }] };
}

/** The values of a new item made for a 'give' quick rule. */
export function quickItemValues(title: string, name: string): object {
  return { ...newItemDefaults(), name, title };
}

/** The rule a quick rule writes: its trigger, fire once, and one action by the game (give: 1 of the item). */
export function quickRuleValues(options: {
  sceneId: string;
  name: string;
  trigger: QuickTrigger;
  /** The trigger's condition when it is not the quick trigger's own (a milestone made for it). */
  condition?: Condition;
  actionName: ActionName;
  /** The thing the action names; absent for an action on the game itself (completeGame). */
  what?: string;
}): RuleInput {
  const info = ACTIONS[options.actionName];
  const what = options.what ? { what: options.what } : {};
  return {
    ...newRuleDefaults(options.sceneId),
    name: options.name,
    trigger: options.condition ?? quickCondition(options.trigger),
    sideeffects: [
      {
        actorId: 'system',
        actionName: options.actionName,
        actionArgs: { ...what, value: info.valueType === 'number' ? 1 : null, msg: '' },
        notify: false,
      },
    ],
  };
}

/** The title an entity shows a person: its title, else its system name. */
export function titleOf(entity: Pick<DesignEntity, 'name'> & { title?: unknown }): string {
  return readableTitle(entity);
}
