import { DESIGN_KIND_INFO, DESIGN_KINDS, type DesignKind } from './registry.js';
import {
  ACTIONS,
  CONDITION_TYPES,
  NUMBER_PROP_HOW_LABELS,
  SOME_COMPARATOR_LABELS,
  actorKindOf,
  isActionName,
  isConditionType,
  labelOf,
  verbLabel,
  type NumberPropHow,
  type SomeComparator,
} from './vocabulary.js';

/** The display name (title or name) of an entity, or undefined when there is none. */
export type NameLookup = (kind: DesignKind, id: string) => string | undefined;

/** A condition as stored or as a form holds it. */
export interface DescribableCondition {
  conditionType: string;
  verb: string;
  elementId?: string | null;
  subElementId?: string | null;
  some?: string | null;
  someNumber?: number | null;
  designerInputString?: string | null;
}

/** An action as stored or as a form holds it. */
export interface DescribableAction {
  actorId: string;
  actionName: string;
  actionArgs?: {
    what?: string | null;
    value?: number | string | null;
    msg?: string | null;
    numberPropHow?: string | null;
  } | null;
}

function nameOf(lookup: NameLookup, kind: DesignKind, id: string | null | undefined): string {
  const label = DESIGN_KIND_INFO[kind].label.toLowerCase();
  if (!id) return `(no ${label})`;
  return lookup(kind, id) ?? `(unknown ${label})`;
}

/** A short sentence for a condition, for lists and traces: 'Player has entered Old Harbour'. */
export function describeCondition(condition: DescribableCondition, lookup: NameLookup): string {
  const { conditionType: type, verb } = condition;
  if (!isConditionType(type)) return [type, verbLabel(verb)].filter(Boolean).join(' ');
  const info = CONDITION_TYPES[type];
  const words = verbLabel(verb);
  const some =
    info.someVerbs.includes(verb) && condition.some
      ? `${SOME_COMPARATOR_LABELS[condition.some as SomeComparator] ?? condition.some} ${condition.someNumber ?? '?'}`
      : '';
  const element = info.element ? nameOf(lookup, info.element, condition.elementId) : '';
  switch (type) {
    case 'player-some-currency':
      return `Player ${words} ${some} currency`;
    case 'player-code':
      return `Player ${words} "${condition.designerInputString ?? ''}"`;
    case 'player-game':
      return `Player ${words} the game`;
    case 'player-current-object':
      return `Player ${words} contacting an object`;
    case 'game-status':
      return `Game ${words} ${condition.designerInputString ?? ''}`.trim();
    case 'player-attribute':
      return some ? `Player ${words} ${element} ${some}` : `Player ${words} ${element}`;
    case 'player-quiz':
      return condition.subElementId ? `Player ${words} a question of ${element}` : `Player ${words} ${element}`;
    // The clock (issue 28): 'Player has time left at most 10 minutes', 'Time of day is past 14:30'.
    case 'player-clock':
      return some ? `Player ${words} ${some} minutes` : `Player ${words}`;
    case 'clock-time':
      return `Time of day ${words} ${condition.designerInputString ?? ''}`.trim();
    case 'player-scene-time':
      return `Player ${words.replace(' it ', ` ${element} `)} ${some} minutes`;
    case 'player-mission-time':
      return `Player ${words.replace(' it ', ` ${element} `)} ${some} minutes`;
    case 'player-timer':
      return `Timer "${condition.designerInputString ?? ''}" ${words}`;
    default:
      return [info.subject, words, some, element].filter(Boolean).join(' ');
  }
}

function targetOf(action: DescribableAction, lookup: NameLookup): string {
  if (!isActionName(action.actionName)) return '';
  const what = action.actionArgs?.what ?? '';
  const kinds = ACTIONS[action.actionName].whatKinds;
  if (kinds.length === 0) return '';
  if (kinds[0] === 'property') return `"${what}"`;
  if (kinds[0] === 'statement') return 'a statement';
  if (kinds[0] === 'media') return 'an image';
  if (kinds[0] === 'timer') return `"${what}"`;
  const designKinds = kinds.filter((kind): kind is DesignKind => (DESIGN_KINDS as readonly string[]).includes(kind));
  for (const kind of designKinds) {
    const name = what ? lookup(kind, what) : undefined;
    if (name !== undefined) return name;
  }
  return nameOf(lookup, designKinds[0]!, what);
}

/** A short sentence for an action, for lists and traces: 'Give 3 Gold coin to the player', 'Eleni: Show info Welcome'. */
export function describeAction(action: DescribableAction, lookup: NameLookup): string {
  const name = action.actionName;
  if (!isActionName(name)) return name || '(no action)';
  const info = ACTIONS[name];
  const target = targetOf(action, lookup);
  const value = action.actionArgs?.value ?? '?';
  let sentence: string;
  switch (name) {
    case 'giveToPlayer':
    case 'giveToWorld':
      sentence = `Give ${value} ${target} to the ${name === 'giveToPlayer' ? 'player' : 'world'}`;
      break;
    case 'takeFromPlayer':
    case 'takeFromWorld':
      sentence = `Take ${value} ${target} from the ${name === 'takeFromPlayer' ? 'player' : 'world'}`;
      break;
    case 'setOnPlayer':
    case 'setOnWorld':
      sentence = `Set ${target} of the ${name === 'setOnPlayer' ? 'player' : 'world'} to ${value}`;
      break;
    // The clock (issue 28).
    case 'startTimer':
      sentence = `Start the timer ${target} for ${value} minutes`;
      break;
    case 'stopTimer':
      sentence = `Stop the timer ${target}`;
      break;
    case 'addTime':
      sentence = `Add ${value} minutes to the player's time`;
      break;
    // Judged submissions (issue 29).
    case 'awardJudgedPoints':
      sentence = `Give the judged points to ${target}`;
      break;
    // The feed (issue 29).
    case 'announceInFeed':
      sentence = `Announce in the feed "${labelOf(action.actionArgs?.msg)}"`;
      break;
    case 'showNotification':
      sentence = `Show notification "${labelOf(action.actionArgs?.msg)}"`;
      break;
    case 'mutateObject': {
      const how = action.actionArgs?.numberPropHow as NumberPropHow | undefined;
      const hasValue = action.actionArgs?.value !== undefined && action.actionArgs?.value !== null;
      sentence = how
        ? `Change ${target}: ${NUMBER_PROP_HOW_LABELS[how] ?? how} ${value}`
        : hasValue
          ? `Change ${target} to ${value}`
          : `Change ${target}`;
      break;
    }
    default:
      sentence = [info.label, target].filter(Boolean).join(' ');
  }
  const actor = action.actorId;
  return actor && actorKindOf(actor) === 'character' && actor !== 'empty'
    ? `${nameOf(lookup, 'character', actor)}: ${sentence}`
    : sentence;
}
