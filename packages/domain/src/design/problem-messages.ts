import { ACTIONS, isActionName } from './vocabulary.js';
import type { DesignKind } from './registry.js';
import { CONTENT_LANGUAGE_NAMES, isContentLanguage } from './translations.js';

/** A content language's English name ('de' → 'German'). */
const languageName = (code: string) => (isContentLanguage(code) ? CONTENT_LANGUAGE_NAMES[code].en : code);

/**
 * The sentences of the design checker's findings (@loci/engine/problems), by key: each finding carries its
 * `messageKey` and `params`, and is said in the reader's language from the catalogue (Greek in ../i18n/el.ts);
 * its `message` is this English.
 */

/** An element a finding names: its kind and what a designer reads (its title, else its system name, else its id). */
export interface ProblemName {
  kind: DesignKind;
  label: string;
}

/** What a finding says is missing its text. */
export type MissingTextPart =
  'title' | 'description' | 'message' | 'question' | 'questionOption' | 'statement' | 'answerLabel';

/** Where a missing reference was found: a condition, an action (its name) or the element's scene. */
export type MissingReferencePlace = { in: 'condition' } | { in: 'action'; action: string } | { in: 'scene' };

/** The English word of each kind, as findings name elements ('Scene “Harbour”'). */
export const PROBLEM_KIND_WORDS: Record<DesignKind, string> = {
  scene: 'Scene',
  milestone: 'Milestone',
  mission: 'Mission',
  interaction: 'Interaction',
  character: 'Character',
  item: 'Item',
  attribute: 'Attribute',
  archetype: 'Object type',
  offer: 'Offer',
  location: 'Place',
  rule: 'Rule',
};

const named = (name: ProblemName) => `${PROBLEM_KIND_WORDS[name.kind]} “${name.label}”`;
const names = (list: readonly ProblemName[]) => list.slice(0, 3).map(named).join(', ');
/** 'a place', 'an item'. */
const aOf = (kind: DesignKind) => {
  const word = PROBLEM_KIND_WORDS[kind].toLowerCase();
  return /^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`;
};
const actionLabel = (action: string) => (isActionName(action) ? ACTIONS[action].label : action);

const MISSING_TEXT_WORDS: Record<MissingTextPart, (index: number) => string> = {
  title: () => 'title',
  description: () => 'description',
  message: () => 'message',
  question: (index) => `text for question ${index}`,
  questionOption: (index) => `text for an option of question ${index}`,
  statement: (index) => `text for statement ${index}`,
  answerLabel: (index) => `label for an answer of statement ${index}`,
};

export const PROBLEM_MESSAGES = {
  noStartScene: 'The game has no enabled scene that is not the universe scene, so players have nowhere to start.',
  sceneUnreachable: (p: { scene: ProblemName; map: boolean; disabled: boolean }) =>
    `${named(p.scene)} can never become current: it is not the first scene, no rule that can fire sends players there${p.map ? ' and players cannot walk into it' : ''}.${p.disabled ? ' It is disabled and never enabled.' : ''}`,
  locationConditionsNeverHold: (p: { location: ProblemName }) =>
    `${named(p.location)} never appears: its conditions can never hold.`,
  locationSceneNeverCurrent: (p: { location: ProblemName }) =>
    `${named(p.location)} never appears: its scene never becomes current.`,
  interactionUnreachable: (p: { entity: ProblemName }) =>
    `${named(p.entity)} is never shown: no rule, conversation or object that can run shows it.`,
  missionUnreachable: (p: { entity: ProblemName }) =>
    `${named(p.entity)} is never assigned: no rule, conversation or object that can run assigns it.`,
  milestoneUnreachable: (p: { entity: ProblemName }) =>
    `${named(p.entity)} can never be reached: its conditions can never hold.`,
  gameCannotEnd:
    'No player can ever finish the game: no rule, conversation or object that can run completes it (Complete game).',
  missingReference: (p: { owner: ProblemName; kind: DesignKind; id: string; place: MissingReferencePlace }) =>
    `${named(p.owner)} refers to ${
      p.place.in === 'condition'
        ? `${aOf(p.kind)} in a condition`
        : p.place.in === 'action'
          ? `${aOf(p.kind)} in its action ${actionLabel(p.place.action)}`
          : 'a scene'
    } that no longer exists (${p.kind} ${p.id}).`,
  neverGiven: (p: { entity: ProblemName; owners: ProblemName[] }) =>
    `${named(p.entity)} is needed (${names(p.owners)}) but nothing ever gives it to players.`,
  currencyNeverGiven: (p: { currency: string }) =>
    `Things cost or require ${p.currency || 'currency'}, but nothing ever gives ${p.currency || 'currency'} to players.`,
  ruleContradictory: (p: { rule: ProblemName }) =>
    `${named(p.rule)} can never run its effects: its preconditions contradict each other or its trigger (such as owns X and does not own X).`,
  ruleInUnreachableScene: (p: { rule: ProblemName; scene: string }) =>
    `${named(p.rule)} never fires: its scene “${p.scene}” never becomes current.`,
  ruleTriggerOtherScene: (p: { rule: ProblemName; scene: string; placeScene: string }) =>
    `${named(p.rule)} never fires: it belongs to scene “${p.scene}” but its trigger is a place of scene “${p.placeScene}”, which is never current at the same time.`,
  ruleTriggerImpossible: (p: { rule: ProblemName; awaited?: ProblemName }) =>
    `${named(p.rule)} never fires: what its trigger waits for${p.awaited ? ` (${named(p.awaited)})` : ''} can never happen.`,
  ruleShadowed: (p: { rule: ProblemName; twin: ProblemName; fireOnce: boolean }) =>
    `${named(p.rule)} has the same trigger and preconditions as ${named(p.twin)}${p.fireOnce ? ' (fire once)' : ''}: both fire together, so one of them is redundant or the two should be merged.`,
  questionNoCorrectAnswer: (p: { interaction: ProblemName; owners: ProblemName[] }) =>
    `${named(p.interaction)} has no correct answer, yet ${names(p.owners)} waits for a player to pass it: that can never happen.`,
  quizWithoutQuestions: (p: { interaction: ProblemName }) =>
    `${named(p.interaction)} has no questions, so no player can complete it.`,
  quizQuestionWithoutOptions: (p: { interaction: ProblemName }) =>
    `${named(p.interaction)} has a multiple-choice question without options, so no player can complete it.`,
  missionCannotAccomplish: (p: { mission: ProblemName }) =>
    `${named(p.mission)} can never be accomplished: its accomplishment contradicts itself or is empty.`,
  missionAccomplishmentUnreachable: (p: { mission: ProblemName }) =>
    `${named(p.mission)} is assigned but can never be accomplished: what its accomplishment needs never happens.`,
  sceneTooSmall: (p: { scene: ProblemName; radius: number; accuracy: number }) =>
    `${named(p.scene)} has a radius of ${p.radius} m, smaller than GPS accuracy (${p.accuracy} m): players may never be seen inside it.`,
  placeTooSmall: (p: { location: ProblemName; radius: number; accuracy: number }) =>
    `${named(p.location)} has a radius of ${p.radius} m, smaller than GPS accuracy (${p.accuracy} m): players may walk through it without entering.`,
  sceneWalkInSkipsScript: (p: { scene: ProblemName }) =>
    `${named(p.scene)} is entered by walking into its circle, and the script also leads there: a player who walks in early skips the story before it. Choose “By the script” in the scene's form unless that is what you want.`,
  locationOutsideScene: (p: { location: ProblemName; scene: string }) =>
    `${named(p.location)} lies outside the circle of its scene “${p.scene}”.`,
  geofencesOverlap: (p: { location: ProblemName; other: ProblemName }) =>
    `${named(p.location)} overlaps ${named(p.other)}: a player entering the overlap fires the rules of both at once.`,
  objectOutsideScenes: (p: { offer: boolean; name: string }) =>
    `${p.offer ? 'Offer' : 'Object'} “${p.name}” of the initial world lies outside every scene: players will only find it by chance.`,
  missingText: (p: { entity: ProblemName; part: MissingTextPart; index?: number }) =>
    `${named(p.entity)} has no ${MISSING_TEXT_WORDS[p.part](p.index ?? 1)} in the game’s language.`,
  gameWithoutTitle: 'The game has no title in its language.',
  gameDefaultDescription:
    'The game’s description is still the example text a new game starts with: players read it in the lobby. Write your own in Settings → Description.',
  missingMedia: (p: { entity: ProblemName; id: string }) =>
    `${named(p.entity)} uses a medium that is not in the game’s media library (${p.id}).`,
  gameMissingMedia: (p: { id: string }) => `The game uses a medium that is not in the game’s media library (${p.id}).`,
  untranslated: (p: { entity: ProblemName; language: string; count: number; required: boolean }) =>
    `${named(p.entity)} has ${p.count === 1 ? '1 text' : `${p.count} texts`} not yet in ${languageName(p.language)}${p.required ? ', which must be complete before publishing' : ''}.`,
  gameUntranslated: (p: { language: string; count: number; required: boolean }) =>
    `The game’s settings have ${p.count === 1 ? '1 text' : `${p.count} texts`} not yet in ${languageName(p.language)}${p.required ? ', which must be complete before publishing' : ''}.`,
  publishBlocked: (count: number) =>
    count === 1
      ? 'This game has 1 problem that blocks publishing. Fix it in the Problems panel and publish again.'
      : `This game has ${count} problems that block publishing. Fix them in the Problems panel and publish again.`,
} as const;

export type ProblemMessageKey = keyof typeof PROBLEM_MESSAGES;
