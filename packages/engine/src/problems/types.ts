import type {
  DesignEntitiesByKind,
  DesignKind,
  InitialState,
  ProblemMessageKey,
  SceneEntry,
  Translations,
} from '@loci/domain';

/** How bad a finding is: errors block publishing, warnings are shown at Publish, infos are hints. */
export type ProblemSeverity = 'error' | 'warning' | 'info';
export const PROBLEM_SEVERITIES: readonly ProblemSeverity[] = ['error', 'warning', 'info'];

/** What a finding is about: a design entity, a world object or offer of the initial world, or the game itself. */
export type ProblemEntityKind = DesignKind | 'worldObject' | 'worldOffer' | 'game';

export interface ProblemEntity {
  kind: ProblemEntityKind;
  id: string;
}

/** Every finding of the checker, with its severity (docs/design.md explains each one). */
export const PROBLEM_CODES = {
  'no-start-scene': 'warning',
  'scene-unreachable': 'warning',
  'location-unreachable': 'warning',
  'interaction-unreachable': 'warning',
  'mission-unreachable': 'warning',
  'milestone-unreachable': 'warning',
  'item-never-given': 'warning',
  'attribute-never-given': 'warning',
  'currency-never-given': 'warning',
  'missing-reference': 'error',
  'rule-trigger-impossible': 'warning',
  'rule-trigger-other-scene': 'error',
  'rule-in-unreachable-scene': 'warning',
  'rule-contradictory': 'error',
  'rule-shadowed': 'warning',
  'question-no-correct-answer': 'error',
  'quiz-cannot-complete': 'error',
  'mission-cannot-accomplish': 'error',
  'mission-accomplishment-unreachable': 'warning',
  'geofence-too-small': 'warning',
  'location-outside-scene': 'warning',
  'scene-walk-in-skips-script': 'warning',
  'geofences-overlap': 'info',
  'object-outside-scenes': 'warning',
  'game-cannot-end': 'warning',
  'missing-text': 'warning',
  'default-text': 'warning',
  'missing-media': 'warning',
  // Issue 31: texts not yet in one of the game's other languages; an error when the language must be complete.
  'untranslated-text': 'info',
  'untranslated-required': 'error',
} as const satisfies Record<string, ProblemSeverity>;
export type ProblemCode = keyof typeof PROBLEM_CODES;

/** The codes that say something can never be reached (the property test's subject). */
export const REACHABILITY_CODES: readonly ProblemCode[] = [
  'no-start-scene',
  'scene-unreachable',
  'location-unreachable',
  'interaction-unreachable',
  'mission-unreachable',
  'milestone-unreachable',
  'rule-trigger-impossible',
  'rule-in-unreachable-scene',
  'mission-accomplishment-unreachable',
  'game-cannot-end',
];

/** The parameters of a finding's sentence (names of elements, numbers, flags): plain JSON. */
export type ProblemParams = Readonly<Record<string, unknown>>;

/**
 * One finding: a code, its severity, a sentence a designer understands and the entity to open. The sentence is
 * `messageKey` of PROBLEM_MESSAGES (@loci/domain) with `params`, said in the reader's language; `message` is its
 * English (what the API has always answered).
 */
export interface Problem {
  code: ProblemCode;
  severity: ProblemSeverity;
  message: string;
  messageKey: ProblemMessageKey;
  params: ProblemParams;
  entity: ProblemEntity;
  /** Other entities the finding is about (the rule using a question, the other geofence…). */
  related?: ProblemEntity[];
}

/** What the checker reads: the game's settings, every design entity, the initial world and, if known, the media library. */
export interface ProblemsInput {
  game: {
    id?: string;
    title?: string;
    description?: string;
    language?: string;
    market?: boolean;
    currencyName?: string;
    logoId?: string | null;
    pg?: { type?: string };
    startSceneId?: string | null;
    sceneEntry?: SceneEntry;
    otherLanguages?: readonly string[];
    requiredLanguages?: readonly string[];
  };
  /** The texts in the game's other languages (issue 31), by language then text id. */
  translations?: Translations;
  entities: Partial<DesignEntitiesByKind>;
  initialState?: InitialState;
  /** The ids of the game's media; when given, references to any other medium are reported. */
  mediaIds?: Iterable<string>;
}

/** GPS on phones is rarely better than this many metres: smaller geofences are missed or flicker. */
export const GPS_ACCURACY_METRES = 15;
