import { richTextAsText } from '../rich-text.js';
import type { DesignKind } from './registry.js';

/**
 * The vocabularies of the game model (spec 2 §9, spec 3 §9, spec 4 §2) as
 * data: the editor reads them to know what to offer, the validators to know
 * what to require, and the engine to know what to evaluate. Change a table
 * here and every layer follows.
 */

// ─── Interactions and questions ─────────────────────────────────────────────

/** Interaction types; INTER_MSN exists but is never offered (spec 2 §3). */
export const INTERACTION_TYPES = [
  'INTER_INSPECT_INFO',
  'INTER_CONFIRM',
  'INTER_ANSWER_QUESTION',
  'INTER_QUIZ',
  'INTER_CONVERSATION',
  'INTER_MSN',
] as const;
export type InteractionType = (typeof INTERACTION_TYPES)[number];

/** Display name of each interaction type and whether the editor offers it. */
export const INTERACTION_TYPE_INFO: Record<InteractionType, { label: string; hidden: boolean }> = {
  INTER_INSPECT_INFO: { label: 'Info Box', hidden: false },
  INTER_CONFIRM: { label: 'Confirmation', hidden: false },
  INTER_ANSWER_QUESTION: { label: 'Question', hidden: false },
  INTER_QUIZ: { label: 'Quiz', hidden: false },
  INTER_CONVERSATION: { label: 'Conversation', hidden: false },
  INTER_MSN: { label: 'Mission', hidden: true },
};

/** The interaction types a designer can create, in menu order. */
export const OFFERED_INTERACTION_TYPES = INTERACTION_TYPES.filter((type) => !INTERACTION_TYPE_INFO[type].hidden);

/** Question kinds: open-ended or multiple choice (spec 2 §9). */
export const QUESTION_TYPES = ['openEnded', 'MC'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = { openEnded: 'Open ended', MC: 'Multiple choice' };

/** Answer data types of an open-ended question: number, short text, long text. */
export const ANSWER_DATA_TYPES = ['number', 'stext', 'mtext'] as const;
export type AnswerDataType = (typeof ANSWER_DATA_TYPES)[number];
export const ANSWER_DATA_TYPE_LABELS: Record<AnswerDataType, string> = {
  number: 'Number',
  stext: 'Short text',
  mtext: 'Long text',
};

/** The binary correct answer of a yes/no question. */
export const BINARY_ANSWERS = ['yes', 'no'] as const;
export type BinaryAnswer = (typeof BINARY_ANSWERS)[number];

/** Attempts of a question: minimum and default (spec 2 §9). */
export const MIN_QUESTION_ATTEMPTS = 1;
/** A multiple-choice question needs at least this many options. */
export const MIN_MC_OPTIONS = 2;

// ─── Conditions (spec 4 §2) ─────────────────────────────────────────────────

/** Families the condition picker groups types into (spec 2 §9). */
export const CONDITION_FAMILIES = ['player', 'game', 'world', 'offer', 'other'] as const;
export type ConditionFamily = (typeof CONDITION_FAMILIES)[number];

export const CONDITION_TYPE_NAMES = [
  'player-scene',
  'player-location',
  'player-item',
  'player-some-item',
  'player-some-currency',
  'player-attribute',
  'player-info',
  'player-question',
  'player-quiz',
  'player-confirmation',
  'player-conversation',
  'player-mission',
  'player-object',
  'player-offer',
  'player-code',
  'player-game',
  'player-current-object',
  'world-item',
  'world-some-item',
  'world-object',
  'game-status',
  'milestone',
  // The clock (issue 28).
  'player-clock',
  'clock-time',
  'player-scene-time',
  'player-mission-time',
  'player-timer',
] as const;
export type ConditionType = (typeof CONDITION_TYPE_NAMES)[number];

/** Count comparators of the 'some' types (spec 2 §9). */
export const SOME_COMPARATORS = ['at_least', 'at_most', 'exact'] as const;
export type SomeComparator = (typeof SOME_COMPARATORS)[number];
export const SOME_COMPARATOR_LABELS: Record<SomeComparator, string> = {
  at_least: 'at least',
  at_most: 'at most',
  exact: 'exactly',
};

/** Values of a game-status condition's designerInputString (spec 2 §4). */
export const GAME_STATUS_VALUES = ['completed', 'active', 'abandoned'] as const;
export type GameStatusValue = (typeof GAME_STATUS_VALUES)[number];

/** Verbs a rule's trigger may use (spec 4 §2). */
export const TRIGGER_VERBS = [
  'has_seen',
  'has_completed',
  'has_entered',
  'has_exited',
  'has_visited',
  'has_typedscannedcode',
  'has_reached',
  // A team (issue 28): becomes true when the last of its members walks into the place.
  'has_every_member_in',
  // The clock (issue 28): each becomes true when time passes, at an instant the server's clock schedules.
  'has_played_for',
  'has_time_left',
  'has_run_out_of_time',
  'is_past',
  'has_been_in_for',
  'has_been_assigned_for',
  'has_elapsed',
  // Time limits on tasks (issue 28): a question, quiz or mission whose time ran out before it was done.
  'has_timed_out',
  // Judged submissions (issue 29): the organiser's verdict arrives.
  'has_been_approved',
  'has_been_rejected',
] as const;
export type TriggerVerb = (typeof TRIGGER_VERBS)[number];

/** What a condition type is about and how it is written. */
export interface ConditionTypeInfo {
  type: ConditionType;
  label: string;
  family: ConditionFamily;
  /** Who the sentence is about in descriptions ('Player has entered Old Harbour'). */
  subject: 'Player' | 'World' | 'Game';
  /** The kind `elementId` refers to; null when the type has no element (then none is required). */
  element: DesignKind | null;
  /** When `element` is 'interaction', the interaction type it must be. */
  interactionType: InteractionType | null;
  /** What `subElementId` refers to: a question inside the quiz. */
  subElement: 'question' | null;
  /** The verbs for which the sub-element is required (the others concern the whole element). */
  subElementVerbs: readonly string[];
  /** True when some verb of the type counts (some / someNumber). */
  usesSome: boolean;
  /** The verbs that need `some` and `someNumber`. */
  someVerbs: readonly string[];
  /** True when the designer types a value (`designerInputString`): the code, or the game status. */
  usesDesignerInput: boolean;
  /** The allowed designer inputs, when they come from a list. */
  designerInputValues: readonly string[] | null;
  /** Every verb the type allows, with the 'not_' forms spec 4 lists. */
  verbs: readonly string[];
  /** What `someNumber` counts, when not things: minutes (the clock's types). */
  someUnit: 'minutes' | null;
  /** What the designer types (`designerInputString`), when typed: a code, a time of day, a timer's name. */
  designerInputKind: 'code' | 'timeOfDay' | 'timerName' | null;
}

const PRESENCE_VERBS = ['has_entered', 'has_exited', 'is_currently_in', 'has_visited'] as const;
const withNegations = (verbs: readonly string[]) => [...verbs, ...verbs.map((verb) => `not_${verb}`)];

type ConditionTypeRow = Omit<ConditionTypeInfo, 'type' | 'usesSome' | 'subElement' | 'subElementVerbs'> &
  Partial<Pick<ConditionTypeInfo, 'subElement' | 'subElementVerbs'>>;

const row = (
  label: string,
  family: ConditionFamily,
  element: DesignKind | null,
  verbs: readonly string[],
  extra: Partial<ConditionTypeRow> = {},
): ConditionTypeRow => ({
  label,
  family,
  subject: family === 'world' ? 'World' : 'Player',
  element,
  interactionType: null,
  someVerbs: [],
  usesDesignerInput: false,
  designerInputValues: null,
  verbs,
  someUnit: null,
  designerInputKind: null,
  ...extra,
});

const CONDITION_ROWS: Record<ConditionType, ConditionTypeRow> = {
  'player-scene': row('Player in a scene', 'player', 'scene', withNegations(PRESENCE_VERBS)),
  'player-location': row('Player at a place', 'player', 'location', [
    ...withNegations(PRESENCE_VERBS),
    // Games played in teams: every member of the team is inside (a solo player: they are).
    'has_every_member_in',
  ]),
  'player-item': row('Player owns an item', 'player', 'item', ['owns', 'not_owns']),
  'player-some-item': row('Player owns some items', 'player', 'item', ['owns'], { someVerbs: ['owns'] }),
  'player-some-currency': row('Player owns some currency', 'player', null, ['owns'], { someVerbs: ['owns'] }),
  'player-attribute': row('Player attribute', 'player', 'attribute', ['is_attributed', 'was_attributed', 'has'], {
    someVerbs: ['has'],
  }),
  'player-info': row('Player and an info box', 'player', 'interaction', ['has_seen', 'not_has_seen'], {
    interactionType: 'INTER_INSPECT_INFO',
  }),
  'player-question': row(
    'Player and a question',
    'player',
    'interaction',
    ['has_been_asked', 'has_answered', 'has_passed', 'has_failed', 'has_timed_out'],
    { interactionType: 'INTER_ANSWER_QUESTION' },
  ),
  'player-quiz': row(
    'Player and a quiz',
    'player',
    'interaction',
    ['has_been_asked', 'has_answered', 'has_passed', 'has_failed', 'has_completed', 'has_timed_out'],
    {
      interactionType: 'INTER_QUIZ',
      subElement: 'question',
      // Asked, answered, passed and failed are said of one question; completed and timed out of the whole quiz.
      subElementVerbs: ['has_been_asked', 'has_answered', 'has_passed', 'has_failed'],
    },
  ),
  'player-confirmation': row(
    'Player and a confirmation',
    'player',
    'interaction',
    ['has_approved', 'not_has_approved', 'has_answered'],
    { interactionType: 'INTER_CONFIRM' },
  ),
  'player-conversation': row(
    'Player and a conversation',
    'player',
    'interaction',
    ['has_started', 'has_completed', 'has_talked'],
    { interactionType: 'INTER_CONVERSATION' },
  ),
  'player-mission': row('Player and a mission', 'player', 'mission', [
    'has_been_assigned',
    'has_started',
    'has_completed',
    // Judged submissions (issue 29): the organiser's verdict on the mission's last submission.
    'has_been_approved',
    'has_been_rejected',
    // Time limits on tasks (issue 28): its time limit ran out before it was accomplished.
    'has_timed_out',
  ]),
  'player-object': row('Player and an object', 'player', 'archetype', [
    'has_created',
    'has_picked',
    'has_dropped',
    'has_destroyed',
    'owns',
  ]),
  'player-offer': row('Player and an offer', 'offer', 'offer', ['has_picked', 'has', 'owns']),
  'player-code': row('Player typed or scanned a code', 'player', null, ['has_typedscannedcode'], {
    usesDesignerInput: true,
    designerInputKind: 'code',
  }),
  'player-game': row('Player and the game', 'game', null, ['has_started', 'has_completed']),
  'player-current-object': row('The object the player contacts', 'player', null, ['is']),
  'world-item': row('World has an item', 'world', 'item', ['has']),
  'world-some-item': row('World has some items', 'world', 'item', ['has'], { someVerbs: ['has'] }),
  'world-object': row('World has an object', 'world', 'archetype', ['has']),
  'game-status': row('Game status', 'game', null, ['is'], {
    subject: 'Game',
    usesDesignerInput: true,
    designerInputValues: GAME_STATUS_VALUES,
  }),
  milestone: row('Milestone', 'other', 'milestone', ['has_reached', 'not_has_reached']),
  // The clock (issue 28). Minutes are whole minutes: played for = minutes since the start, rounded down;
  // time left = minutes to the deadline, rounded up (so "at most 10" holds from 10:00 left on).
  'player-clock': row(
    'Time of the player’s game',
    'game',
    null,
    ['has_played_for', 'has_time_left', 'has_run_out_of_time'],
    {
      someVerbs: ['has_played_for', 'has_time_left'],
      someUnit: 'minutes',
    },
  ),
  'clock-time': row('Time of day', 'other', null, ['is_past', 'not_is_past'], {
    subject: 'Game',
    usesDesignerInput: true,
    designerInputKind: 'timeOfDay',
  }),
  'player-scene-time': row('Time in a scene', 'player', 'scene', ['has_been_in_for'], {
    someVerbs: ['has_been_in_for'],
    someUnit: 'minutes',
  }),
  'player-mission-time': row('Time on a mission', 'player', 'mission', ['has_been_assigned_for'], {
    someVerbs: ['has_been_assigned_for'],
    someUnit: 'minutes',
  }),
  'player-timer': row('A named timer', 'other', null, ['has_elapsed', 'is_running', 'not_is_running'], {
    usesDesignerInput: true,
    designerInputKind: 'timerName',
  }),
};

/** Every condition type of spec 4 §2 with its element, verbs and inputs. */
export const CONDITION_TYPES: Readonly<Record<ConditionType, ConditionTypeInfo>> = Object.fromEntries(
  CONDITION_TYPE_NAMES.map((type) => {
    const { subElement = null, subElementVerbs = [], ...rest } = CONDITION_ROWS[type];
    return [type, { type, ...rest, subElement, subElementVerbs, usesSome: rest.someVerbs.length > 0 }];
  }),
) as Record<ConditionType, ConditionTypeInfo>;

/** The types that need no element (spec 2 §5): exactly those whose `element` is null. */
export const CONDITION_TYPES_WITHOUT_ELEMENT = [
  'player-some-currency',
  'player-code',
  'player-game',
  'player-current-object',
  'game-status',
  // The clock (issue 28).
  'player-clock',
  'clock-time',
  'player-timer',
] as const satisfies readonly ConditionType[];

/** True when `type` is a condition type of the vocabulary. */
export function isConditionType(type: string): type is ConditionType {
  return Object.hasOwn(CONDITION_TYPES, type);
}

/** The verbs a rule's trigger of this condition type may use (empty when the type cannot trigger). */
export function triggerVerbsOf(type: string): string[] {
  if (!isConditionType(type)) return [];
  return CONDITION_TYPES[type].verbs.filter((verb) => (TRIGGER_VERBS as readonly string[]).includes(verb));
}

/** The condition types a trigger can use, in table order. */
export const TRIGGER_CONDITION_TYPES = CONDITION_TYPE_NAMES.filter((type) => triggerVerbsOf(type).length > 0);

/** Every verb of the vocabulary (positive and negated), in first-use order. */
export const CONDITION_VERBS: readonly string[] = [
  ...new Set(CONDITION_TYPE_NAMES.flatMap((type) => CONDITION_TYPES[type].verbs)),
];

const POSITIVE_VERB_LABELS: Record<string, string> = {
  has_typedscannedcode: 'has typed or scanned the code',
  has_played_for: 'has played for',
  has_time_left: 'has time left',
  has_run_out_of_time: 'has run out of time',
  is_past: 'is past',
  has_been_in_for: 'has been in it for',
  has_been_assigned_for: 'has had it for',
  has_elapsed: 'has run out',
  is_running: 'is running',
  is_currently_in: 'is currently in',
  has_every_member_in: 'has every member in',
  has_been_asked: 'has been asked',
  has_been_assigned: 'has been assigned',
  has_been_approved: 'has had the submission approved',
  has_been_rejected: 'has had the submission rejected',
  has_timed_out: 'has run out of time on',
};
const NEGATED_VERB_LABELS: Record<string, string> = { owns: 'does not own', has: 'does not have', is: 'is not' };

/** The words of a verb: 'has_entered' → 'has entered', 'not_has_entered' → 'has not entered', 'not_owns' → 'does not own'. */
export function verbLabel(verb: string): string {
  if (verb.startsWith('not_')) {
    const positive = verb.slice(4);
    if (NEGATED_VERB_LABELS[positive]) return NEGATED_VERB_LABELS[positive];
    const words = verbLabel(positive).split(' ');
    return [words[0], 'not', ...words.slice(1)].join(' ');
  }
  return POSITIVE_VERB_LABELS[verb] ?? verb.replaceAll('_', ' ');
}

// ─── Actions (spec 2 §5, §9) ────────────────────────────────────────────────

/** The action groups of the rule form, in menu order (spec 2 §9). */
export const ACTION_GROUPS = [
  {
    name: 'Communication',
    actions: [
      'showInfo',
      'showNotification',
      'askQuestion',
      'askQuiz',
      'askConfirmation',
      'startConversation',
      'resumeConversation',
      'assignMission',
      'archiveMission',
      // Judged submissions (issue 29).
      'reopenMission',
      // The feed (issue 29): an announcement on the instance's feed and wall.
      'announceInFeed',
    ],
  },
  {
    name: 'Player state',
    actions: [
      'giveToPlayer',
      'takeFromPlayer',
      'setOnPlayer',
      // Judged submissions (issue 29).
      'awardJudgedPoints',
      'attachToPlayer',
      'detachFromPlayer',
      'removePlayerObjects',
    ],
  },
  {
    name: 'World state',
    actions: [
      'giveToWorld',
      'takeFromWorld',
      'setOnWorld',
      'attachToWorld',
      'detachFromWorld',
      'returnToWorld',
      'removeFromWorld',
    ],
  },
  {
    name: 'Scene and game',
    actions: [
      'enableScene',
      'disableScene',
      'goToScene',
      'endGame',
      'completeGame',
      'setBackground',
      'resetBackground',
    ],
  },
  { name: 'Object', actions: ['pickObject', 'mutateObject', 'destroyObject', 'showObject', 'pickObjectClone'] },
  { name: 'Conversation', actions: ['sayStatement', 'exitConversation', 'completeConversation'] },
  // The clock (issue 28).
  { name: 'Clock', actions: ['startTimer', 'stopTimer', 'addTime'] },
] as const;
export type ActionGroupName = (typeof ACTION_GROUPS)[number]['name'];
export type ActionName = (typeof ACTION_GROUPS)[number]['actions'][number];

/** Every action name, in menu order. */
export const ACTION_NAMES: readonly ActionName[] = ACTION_GROUPS.flatMap((group) => group.actions);

/** Actions that wait for the player (spec 2 §5); a list may hold at most one. */
export const BLOCKING_ACTIONS = [
  'showInfo',
  'askQuestion',
  'askQuiz',
  'askConfirmation',
  'startConversation',
  'resumeConversation',
  'showObject',
  'sayStatement',
  'exitConversation',
  'completeConversation',
] as const satisfies readonly ActionName[];

/** At most this many blocking actions per action list (spec 2 §9). */
export const MAX_BLOCKING_ACTIONS = 1;

/** Actions that take no 'what' (spec 2 §5); every other action requires one. */
export const ACTIONS_WITHOUT_WHAT = [
  'showNotification',
  'endGame',
  'completeGame',
  'pickObject',
  'pickObjectClone',
  'destroyObject',
  'showObject',
  'exitConversation',
  'completeConversation',
  'resetBackground',
  'addTime',
  'announceInFeed',
] as const satisfies readonly ActionName[];

/** Who can act: the game itself, the player, the world, or one of the game's characters (by id). */
export const ACTOR_KINDS = ['system', 'player', 'world', 'character'] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];
/** The actor ids that are not character ids, with their labels. */
export const NAMED_ACTORS = { system: 'Game', player: 'Player', world: 'World' } as const;
/** The actor id of an action whose actor is not chosen yet; never valid (spec 2 §5). */
export const EMPTY_ACTOR = 'empty';

/** The kind of an actor id: 'system', 'player', 'world', or 'character' for any other id. */
export function actorKindOf(actorId: string): ActorKind {
  return actorId === 'system' || actorId === 'player' || actorId === 'world' ? actorId : 'character';
}

/** What an action's 'what' refers to: a design entity, a payload property, a conversation statement or a medium. */
export type WhatKind = DesignKind | 'property' | 'statement' | 'media' | 'timer';

export interface ActionInfo {
  name: ActionName;
  label: string;
  group: ActionGroupName;
  /** Waits for the player's answer (spec 2 §5). */
  blocking: boolean;
  needsWhat: boolean;
  /** The main kind 'what' refers to; null when the action has no 'what'. */
  whatKind: WhatKind | null;
  /** Every kind 'what' may refer to (e.g. an item or an attribute given to the player). */
  whatKinds: readonly WhatKind[];
  /** When 'what' is an interaction, the interaction type it must be. */
  interactionType: InteractionType | null;
  /** give/take/set on the player or the world need a value. */
  needsValue: boolean;
  /** 'number' when the value is a quantity; 'any' when it may also be text. */
  valueType: 'number' | 'any' | null;
  /** showNotification needs a message (`actionArgs.msg`). */
  needsMsg: boolean;
  allowedActors: readonly ActorKind[];
}

type ActionRow = Pick<ActionInfo, 'label'> & Partial<Omit<ActionInfo, 'name' | 'group' | 'blocking' | 'needsWhat'>>;

const SPEAKERS: readonly ActorKind[] = ['system', 'character'];
const interaction = (label: string, interactionType: InteractionType): ActionRow => ({
  label,
  whatKinds: ['interaction'],
  interactionType,
  allowedActors: SPEAKERS,
});
const onPlayer = (label: string, whatKinds: readonly WhatKind[], valueType: 'number' | 'any' | null = null) => ({
  label,
  whatKinds,
  needsValue: valueType !== null,
  valueType,
  allowedActors: ['system', 'player', 'character'] as const,
});
const onWorld = (label: string, whatKinds: readonly WhatKind[], valueType: 'number' | 'any' | null = null) => ({
  label,
  whatKinds,
  needsValue: valueType !== null,
  valueType,
  allowedActors: ['system', 'world', 'character'] as const,
});
const GAME_ONLY: readonly ActorKind[] = ['system'];
const ON_OBJECT: readonly ActorKind[] = ['system', 'player'];
const PLAYER_OBJECTS: readonly WhatKind[] = ['archetype', 'offer'];

const ACTION_ROWS: Record<ActionName, ActionRow> = {
  showInfo: interaction('Show info', 'INTER_INSPECT_INFO'),
  showNotification: { label: 'Show notification', needsMsg: true, allowedActors: SPEAKERS },
  askQuestion: interaction('Ask question', 'INTER_ANSWER_QUESTION'),
  askQuiz: interaction('Ask quiz', 'INTER_QUIZ'),
  askConfirmation: interaction('Ask confirmation', 'INTER_CONFIRM'),
  startConversation: interaction('Start conversation', 'INTER_CONVERSATION'),
  resumeConversation: interaction('Resume conversation', 'INTER_CONVERSATION'),
  assignMission: { label: 'Assign mission', whatKinds: ['mission'], allowedActors: SPEAKERS },
  archiveMission: { label: 'Archive mission', whatKinds: ['mission'], allowedActors: SPEAKERS },
  // Judged submissions (issue 29): the mission is open again for a new submission.
  reopenMission: { label: 'Reopen mission', whatKinds: ['mission'], allowedActors: GAME_ONLY },
  // The feed (issue 29): the message, where {name} is the player's (or team's) name.
  announceInFeed: { label: 'Announce in the feed', needsMsg: true, allowedActors: GAME_ONLY },

  giveToPlayer: onPlayer('Give to player', ['item', 'attribute'], 'number'),
  takeFromPlayer: onPlayer('Take from player', ['item', 'attribute'], 'number'),
  setOnPlayer: onPlayer('Set on player', ['item', 'attribute'], 'any'),
  // Judged submissions (issue 29): the points the organiser awarded, added to an attribute (a score).
  awardJudgedPoints: { label: 'Award the judged points', whatKinds: ['attribute'], allowedActors: GAME_ONLY },
  attachToPlayer: onPlayer('Attach to player', PLAYER_OBJECTS),
  detachFromPlayer: onPlayer('Detach from player', PLAYER_OBJECTS),
  removePlayerObjects: onPlayer('Remove player objects', PLAYER_OBJECTS),

  giveToWorld: onWorld('Give to world', ['item'], 'number'),
  takeFromWorld: onWorld('Take from world', ['item'], 'number'),
  setOnWorld: onWorld('Set on world', ['item'], 'any'),
  attachToWorld: onWorld('Attach to world', PLAYER_OBJECTS),
  detachFromWorld: onWorld('Detach from world', PLAYER_OBJECTS),
  returnToWorld: onWorld('Return to world', PLAYER_OBJECTS),
  removeFromWorld: onWorld('Remove from world', PLAYER_OBJECTS),

  enableScene: { label: 'Enable scene', whatKinds: ['scene'], allowedActors: GAME_ONLY },
  disableScene: { label: 'Disable scene', whatKinds: ['scene'], allowedActors: GAME_ONLY },
  goToScene: { label: 'Go to scene', whatKinds: ['scene'], allowedActors: GAME_ONLY },
  endGame: { label: 'End game', allowedActors: GAME_ONLY },
  completeGame: { label: 'Complete game', allowedActors: GAME_ONLY },
  setBackground: { label: 'Set background', whatKinds: ['media'], allowedActors: GAME_ONLY },
  resetBackground: { label: 'Reset background', allowedActors: GAME_ONLY },

  pickObject: { label: 'Pick object', allowedActors: ON_OBJECT },
  // The value of a mutation is required unless the property is text or image (see `mutationNeeds`).
  mutateObject: {
    label: 'Change object property',
    whatKinds: ['property'],
    valueType: 'any',
    allowedActors: ON_OBJECT,
  },
  destroyObject: { label: 'Destroy object', allowedActors: ON_OBJECT },
  showObject: { label: 'Show object', allowedActors: ON_OBJECT },
  pickObjectClone: { label: 'Pick a clone of the object', allowedActors: ON_OBJECT },

  sayStatement: { label: 'Say statement', whatKinds: ['statement'], allowedActors: SPEAKERS },
  exitConversation: { label: 'Exit conversation', allowedActors: SPEAKERS },
  completeConversation: { label: 'Complete conversation', allowedActors: SPEAKERS },

  // The clock (issue 28): 'what' is the timer's name (typed), the value its minutes.
  startTimer: {
    label: 'Start a timer',
    whatKinds: ['timer'],
    needsValue: true,
    valueType: 'number',
    allowedActors: GAME_ONLY,
  },
  stopTimer: { label: 'Stop a timer', whatKinds: ['timer'], allowedActors: GAME_ONLY },
  addTime: { label: 'Add time', needsValue: true, valueType: 'number', allowedActors: GAME_ONLY },
};

/** Every action with its group, blocking flag, arguments and allowed actors. */
export const ACTIONS: Readonly<Record<ActionName, ActionInfo>> = Object.fromEntries(
  ACTION_GROUPS.flatMap((group) =>
    group.actions.map((name): [ActionName, ActionInfo] => {
      const action = ACTION_ROWS[name];
      const whatKinds = action.whatKinds ?? [];
      return [
        name,
        {
          name,
          label: action.label,
          group: group.name,
          blocking: (BLOCKING_ACTIONS as readonly string[]).includes(name),
          needsWhat: !(ACTIONS_WITHOUT_WHAT as readonly string[]).includes(name),
          whatKind: whatKinds[0] ?? null,
          whatKinds,
          interactionType: action.interactionType ?? null,
          needsValue: action.needsValue ?? false,
          valueType: action.valueType ?? null,
          needsMsg: action.needsMsg ?? false,
          allowedActors: action.allowedActors ?? ACTOR_KINDS,
        },
      ];
    }),
  ),
) as Record<ActionName, ActionInfo>;

/** True when `name` is an action of the vocabulary. */
export function isActionName(name: string): name is ActionName {
  return Object.hasOwn(ACTIONS, name);
}

/** The actions an actor kind may perform, grouped as in the rule form. */
export function actionGroupsFor(actor: ActorKind): { name: ActionGroupName; actions: ActionName[] }[] {
  return ACTION_GROUPS.map((group) => ({
    name: group.name,
    actions: group.actions.filter((name) => ACTIONS[name].allowedActors.includes(actor)),
  })).filter((group) => group.actions.length > 0);
}

/** Number-property mutation modes: increase by, decrease by, set to (spec 2 §9). */
export const NUMBER_PROP_HOW = ['+', '-', '='] as const;
export type NumberPropHow = (typeof NUMBER_PROP_HOW)[number];
export const NUMBER_PROP_HOW_LABELS: Record<NumberPropHow, string> = {
  '+': 'increase by',
  '-': 'decrease by',
  '=': 'set to',
};

// ─── Archetypes, offers and their payloads (spec 2 §3, spec 3 §3, §9) ───────

/** Time units of the creation, pick and destroy limits. */
export const LIMIT_TIME_UNITS = ['minute', 'hour', 'day', 'total'] as const;
export type LimitTimeUnit = (typeof LIMIT_TIME_UNITS)[number];

/**
 * Design-time property types of a payload field, as stored in `payloadSpec[field].type`.
 * Spec 2 names them text (string), long text, sound…; spec 3 labels them; the
 * stored value is the payload field type the world form handles where there is one.
 */
export const PROPERTY_TYPES = [
  { value: 'string', label: 'Single-line text' },
  { value: 'text', label: 'Multi-line text' },
  { value: 'email', label: 'Email address' },
  { value: 'number', label: 'Number' },
  { value: 'image', label: 'Image' },
  { value: 'sound', label: 'Audio' },
  { value: 'video', label: 'Video' },
  { value: 'media', label: 'Any media' },
] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number]['value'];
export const PROPERTY_TYPE_VALUES: readonly PropertyType[] = PROPERTY_TYPES.map((type) => type.value);

/** Payload field types the world object/offer form can edit; others show 'Type {type} not yet supported'. */
export const PAYLOAD_FIELD_TYPES = ['string', 'email', 'number', 'text', 'image'] as const;
export type PayloadFieldType = (typeof PAYLOAD_FIELD_TYPES)[number];

/** Property types that may be the object's title (spec 2 §5: text or number). */
export const TITLE_PROPERTY_TYPES: readonly PropertyType[] = ['string', 'text', 'number'];
/** Property types a mutateObject may set without a value (spec 2 §5: text or image). */
export const VALUELESS_MUTATION_TYPES: readonly PropertyType[] = ['string', 'text', 'image'];

/** Object behaviours of an archetype or offer (spec 2 §3). */
export const OBJECT_BEHAVIOURS = ['pickable', 'redropable', 'destroyable', 'playerGenerated'] as const;
export type ObjectBehaviour = (typeof OBJECT_BEHAVIOURS)[number];

/** Minimum activity range of an object, in metres. */
export const MIN_OBJECT_RADIUS = 5;

// ─── Locations (spec 2 §3, §5) ──────────────────────────────────────────────

/** When a location is visible. */
export const LOCATION_VISIBILITY = ['always', 'in-range', 'never'] as const;
export type LocationVisibility = (typeof LOCATION_VISIBILITY)[number];
/** When a location can be contacted (tapped). */
export const LOCATION_CONTACT = ['in-range', 'always', 'never'] as const;
export type LocationContact = (typeof LOCATION_CONTACT)[number];
export const LOCATION_PERCEPTION_LABELS: Record<LocationVisibility | LocationContact, string> = {
  always: 'Always',
  'in-range': 'In range',
  never: 'Never',
};

/**
 * The visible and contactable options the location form offers (spec 2 §5):
 * visible 'never' only when trackable; contactable in-range, plus always when
 * visible is always, plus never when trackable and visible (not 'never').
 */
export function locationPerceptionOptions(values: { trackable: boolean; visible: LocationVisibility | string }): {
  visible: LocationVisibility[];
  contactable: LocationContact[];
} {
  const visible: LocationVisibility[] = values.trackable ? ['always', 'in-range', 'never'] : ['always', 'in-range'];
  const contactable: LocationContact[] = ['in-range'];
  if (values.visible === 'always') contactable.push('always');
  if (values.trackable && values.visible !== 'never') contactable.push('never');
  return { visible, contactable };
}

// ─── Numbers and labels (spec 2 §9) ─────────────────────────────────────────

export const DEFAULT_LOCATION_RADIUS = 50;
export const DEFAULT_SCENE_RADIUS = 100;
export const DEFAULT_OBJECT_RADIUS = 50;
export const DEFAULT_ICON_SIZE = 32;
export const LAT_LNG_STEP = 0.001;
export const RADIUS_STEP = 10;
export const ICON_SIZE_STEP = 2;
export const RULE_FIRST_IDX = 1;
export const SCENE_DESCRIPTION_MAX = 400;
export const PICKER_LABEL_MAX = 150;

/** A picker label: markup stripped, blanks collapsed, cut at 150 characters (spec 2 §9). */
export function labelOf(text: string | null | undefined): string {
  const plain = richTextAsText(text);
  return plain.length > PICKER_LABEL_MAX ? `${plain.slice(0, PICKER_LABEL_MAX)}…` : plain;
}

/**
 * The key of the payload property that is the object's title, if any. Here (no zod) rather than in
 * archetype.ts, so the player reads it without the archetype's schemas (bench/player-load.bench.mjs).
 */
export function objectTitleField(payloadSpec: Readonly<Record<string, { objectTitle?: boolean }>>): string | null {
  return Object.entries(payloadSpec).find(([, property]) => property.objectTitle)?.[0] ?? null;
}
