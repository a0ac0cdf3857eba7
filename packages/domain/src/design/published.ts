import { z } from 'zod';
import type { GameValues } from '../game.js';
import type { Action } from './action.js';
import type { Archetype, Limit, Offer, PayloadSpec } from './archetype.js';
import type { Attribute } from './attribute.js';
import { CHARACTER_GENDERS, type Character } from './character.js';
import type { Condition, ConditionBlock } from './condition.js';
import type { Direction, Interaction, Question, Statement } from './interaction.js';
import type { Item } from './item.js';
import type { Location } from './location.js';
import type { Milestone } from './milestone.js';
import {
  ACCOMPLISHMENT_TYPES,
  MISSION_ACTION_TYPES,
  JUDGING_MODES,
  type Mission,
  type MissionAction,
  type SubMission,
} from './mission.js';
import type { DesignKind } from './registry.js';
import type { Rule } from './rule.js';
import { SCENE_ENTRY_CHOICES, type Scene } from './scene.js';
import type { DesignEntitiesByKind, DesignEntityOf } from './index.js';
import {
  ANSWER_DATA_TYPES,
  BINARY_ANSWERS,
  DEFAULT_ICON_SIZE,
  DEFAULT_LOCATION_RADIUS,
  DEFAULT_OBJECT_RADIUS,
  DEFAULT_SCENE_RADIUS,
  INTERACTION_TYPES,
  LIMIT_TIME_UNITS,
  LOCATION_CONTACT,
  LOCATION_VISIBILITY,
  PROPERTY_TYPE_VALUES,
  QUESTION_TYPES,
  type PropertyType,
} from './vocabulary.js';

/**
 * The published-spec variant of each design kind's schema: the same field
 * names and types as the kind's entity (`DesignEntityOf<K>`, checked below),
 * but tolerant instead of strict. A stored spec was valid when it was saved,
 * yet it may predate a field or a rule, so nothing here refuses: a missing or
 * mistyped field takes the default the editor would have given it, a number
 * stored as text is read as a number. Conditions and actions are kept as
 * stored (objects only): the engine's condition table and action runner judge
 * them and report design problems themselves.
 *
 * Published specs go through these at publish, for playtest snapshots and when
 * a stored version is loaded (`parseGameSpec`), so the engine reads typed
 * entities and has no lenient readers of its own.
 */

// ─── Tolerant fields ─────────────────────────────────────────────────────────
// Each is a typed schema (the OpenAPI document shows its type and default)
// that never refuses: a missing or mistyped value becomes the fallback.

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object';
/** A finite number, or numeric text as a number; else null. */
function numberOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
}
const bool = (fallback: boolean) => z.boolean().catch(fallback);
const str = (fallback = '') => z.string().catch(fallback);
/** A non-empty string, or null. */
const idOrNull = z.preprocess(
  (value) => (typeof value === 'string' && value !== '' ? value : null),
  z.string().nullable(),
);
const num = z.preprocess(numberOf, z.number().nullable());
/** A time limit (issue 28): a number above 0, else null (none). */
const positiveOrNull = z.preprocess((value) => {
  const n = numberOf(value);
  return n !== null && n > 0 ? n : null;
}, z.number().nullable());
const numOr = (fallback: number) => z.preprocess((value) => numberOf(value) ?? fallback, z.number());
const oneOf = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
  z.enum(values).catch(fallback);
/** The objects of a list (anything else is left out); not a list: empty. */
const objectsOf = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.filter(isObject) : []);
/** A list of `item`, tolerant: non-objects are left out. */
const listOf = <T extends z.ZodType>(item: T) => z.preprocess(objectsOf, z.array(item));
/** An optional text field of a condition or an action: kept when it is text. */
const maybeText = z.string().optional().catch(undefined);

/**
 * A condition as stored: the engine's condition table judges its type and verb (and reports unknown ones).
 * It is typed as a Condition (and blocks, actions and sub-missions below as theirs) without zod checking each
 * variant: refusing here would refuse a whole stored spec for one odd condition.
 */
const condition = z.looseObject({
  conditionType: z.string().catch(''),
  verb: z.string().catch(''),
  elementId: maybeText,
  subElementId: maybeText,
  some: maybeText,
  someNumber: z.number().optional().catch(undefined),
  designerInputString: maybeText,
}) as unknown as z.ZodType<Condition>;
const blocks = listOf(z.looseObject({ conditions: listOf(condition).catch([]) })) as unknown as z.ZodType<
  ConditionBlock[]
>;
/** An action as stored: the engine's action runner judges its name and arguments. */
const action = z.looseObject({
  actorId: z.string().catch('system'),
  actionName: z.string().catch(''),
  actionArgs: z
    .looseObject({
      what: maybeText,
      value: z.union([z.number(), z.string()]).optional().catch(undefined),
      message: maybeText,
      msg: maybeText,
      numberPropHow: maybeText,
    })
    .catch({}),
  notify: bool(false),
}) as unknown as z.ZodType<Action>;
const actions = listOf(action);

/** What every entity has. */
const entityBase = { id: z.string(), gameId: str(), name: str() };
/** An entity saved before titles: its name is its title. */
function withTitle(value: unknown): unknown {
  if (!isObject(value) || typeof value.title === 'string') return value;
  return { ...value, title: typeof value.name === 'string' ? value.name : '' };
}
/** A list whose entries without an id get their place (as text, or `prefix#index`) as id. */
const withIds = (prefix?: string) => (value: unknown) =>
  objectsOf(value).map((entry, index) =>
    typeof entry.id === 'string'
      ? entry
      : { ...entry, id: prefix === undefined ? String(index) : `${prefix}#${index}` },
  );

const limit = z
  .object({ enabled: bool(false), maxItems: num, timeUnit: oneOf(LIMIT_TIME_UNITS, 'total') })
  .catch({ enabled: false, maxItems: null, timeUnit: 'total' }) satisfies z.ZodType<Limit>;

// ─── The kinds ───────────────────────────────────────────────────────────────

/** The centre and radius from `place`, else from the flat fields (both are saved alike); no centre reads as (0, 0). */
function scenePlace(value: unknown): unknown {
  if (!isObject(value)) return value;
  const place = isObject(value.place) ? value.place : {};
  const center = isObject(place.center) ? place.center : {};
  const lat = numberOf(center.latitude) ?? numberOf(value.lat) ?? 0;
  const lng = numberOf(center.longitude) ?? numberOf(value.lng) ?? 0;
  const radius = numberOf(place.radius) ?? numberOf(value.radius) ?? DEFAULT_SCENE_RADIUS;
  return { ...value, lat, lng, radius, place: { center: { latitude: lat, longitude: lng }, radius } };
}
const scene = z.looseObject({
  ...entityBase,
  systemName: str(),
  title: str(),
  notes: str(),
  enabled: bool(true),
  fgOnly: bool(false),
  logoId: idOrNull,
  lat: z.number(),
  lng: z.number(),
  radius: z.number(),
  universe: bool(false),
  entry: oneOf(SCENE_ENTRY_CHOICES, 'game'),
  idx: num,
  place: z.object({ center: z.object({ latitude: z.number(), longitude: z.number() }), radius: z.number() }),
}) satisfies z.ZodType<Scene>;

const milestone = z.looseObject({ ...entityBase, notes: str(), condition: blocks }) satisfies z.ZodType<Milestone>;

const missionAction = z
  .looseObject({
    type: oneOf(MISSION_ACTION_TYPES, 'ACTION_TYPE_SHARE'),
    captureNow: bool(false),
    mediatypemediaRequired: bool(false),
    mediatypetextRequired: bool(false),
    mediatypeimage: bool(false),
    mediatypevideo: bool(false),
    mediatypeaudio: bool(false),
    mediatypetext: bool(false),
  })
  .nullable()
  .catch(null) satisfies z.ZodType<MissionAction | null>;
const accomplishmentShape = {
  accomplishmentType: oneOf(ACCOMPLISHMENT_TYPES, 'condition'),
  action: missionAction,
  condition: blocks,
  ordered: bool(false),
  notifyPlayer: bool(false),
};
const emptyAccomplishment = (value: unknown) => (isObject(value) ? value : {});
const subMissionShape = { id: z.string(), title: str(), description: str() };
const subMission = z.looseObject({
  ...subMissionShape,
  accomplishment: z.preprocess(
    emptyAccomplishment,
    z.object({ ...accomplishmentShape, submissions: z.array(z.never()).catch([]) }),
  ),
}) as unknown as z.ZodType<SubMission>;
/** Sub-missions without an id get `{missionId}#{index}`. */
function missionIds(value: unknown): unknown {
  if (!isObject(value) || !isObject(value.accomplishment) || typeof value.id !== 'string') return value;
  const submissions = withIds(value.id)(value.accomplishment.submissions);
  return { ...value, accomplishment: { ...value.accomplishment, submissions } };
}
const mission = z.looseObject({
  ...entityBase,
  title: str(),
  description: str(),
  notes: str(),
  accomplishment: z.preprocess(
    emptyAccomplishment,
    z.object({ ...accomplishmentShape, submissions: z.array(subMission).catch([]) }),
  ),
  judging: oneOf(JUDGING_MODES, 'auto'),
  timeLimitMinutes: positiveOrNull,
}) satisfies z.ZodType<Mission>;

const questionOption = z.looseObject({ id: z.string(), description: str(), partOfCorrect: bool(false) });
const question = z.looseObject({
  id: z.string(),
  title: str(),
  description: str(),
  mediaId: idOrNull,
  typeWrite: bool(false),
  qType: oneOf(QUESTION_TYPES, 'openEnded'),
  dType: z.enum(ANSWER_DATA_TYPES).nullable().catch(null),
  allowMultipleAnswers: bool(false),
  hasCorrectAnswer: bool(false),
  attempts: z.preprocess((value) => Math.max(1, Math.floor(numberOf(value) ?? 1)), z.number()),
  hint: str(),
  reTryIfFailed: bool(false),
  correctAnswer: z.preprocess((value) => (value === undefined || value === null ? '' : String(value)), z.string()),
  correctAnswerBinary: z.enum(BINARY_ANSWERS).nullable().catch(null),
  options: z.preprocess(withIds(), z.array(questionOption)),
}) satisfies z.ZodType<Question>;
const direction = z
  .object({ isDirection: bool(false), title: str() })
  .catch({ isDirection: false, title: '' }) satisfies z.ZodType<Direction>;
const statementOption = z.looseObject({ id: z.string(), actionLabel: str(), condition: blocks, actions });
const statement = z.looseObject({
  id: z.string(),
  body: str(),
  spokenBy: idOrNull,
  repliedWith: str(),
  direction,
  options: z.preprocess(withIds(), z.array(statementOption)),
}) satisfies z.ZodType<Statement>;
const interaction = z.looseObject({
  ...entityBase,
  type: oneOf(INTERACTION_TYPES, 'INTER_INSPECT_INFO'),
  systemName: str(),
  notes: str(),
  title: str(),
  buttonLabel: str(),
  buttonLabelSecondary: str(),
  buttonLabelTertiary: str(),
  description: str(),
  descriptionSecondary: str(),
  mediaId: idOrNull,
  mediaIdSecondary: idOrNull,
  direction,
  questions: z.preprocess(withIds(), z.array(question)),
  quizHasIntro: bool(false),
  quizHasEpilogue: bool(false),
  conversation: z
    .object({ resumable: bool(false), statements: z.preprocess(withIds(), z.array(statement)) })
    .catch({ resumable: false, statements: [] }),
  timeLimitSeconds: positiveOrNull,
}) satisfies z.ZodType<Interaction>;

const character = z.looseObject({
  ...entityBase,
  title: str(),
  notes: str(),
  age: num,
  gender: oneOf(CHARACTER_GENDERS, 'm'),
  mediaId: idOrNull,
  isPlayer: bool(false),
}) satisfies z.ZodType<Character>;

const marketFields = { tradable: bool(false), redeemable: bool(false), price: num };
const attribute = z.looseObject({
  ...entityBase,
  title: str(),
  notes: str(),
  description: str(),
  logoId: idOrNull,
  hidden: bool(false),
  notifyOnChange: bool(false),
  ...marketFields,
}) satisfies z.ZodType<Attribute>;
const item = z.looseObject({
  ...entityBase,
  title: str(),
  notes: str(),
  description: str(),
  logoId: idOrNull,
  ...marketFields,
  hidden: bool(false),
  notifyOnChange: bool(false),
  limited: bool(false),
  maxItems: num,
  isCurrency: bool(false),
}) satisfies z.ZodType<Item>;

const payloadProperty = z.looseObject({
  type: oneOf(PROPERTY_TYPE_VALUES as [PropertyType, ...PropertyType[]], 'string'),
  label: str(),
  hideLabel: bool(false),
  required: bool(false),
  hidden: bool(false),
  objectTitle: bool(false),
});
/** An object type's fields; offers default to pickable and redeemable (spec 2 §3). */
const thingShape = (isOffer: boolean) => ({
  ...entityBase,
  title: str(),
  notes: str(),
  description: str(),
  logoId: idOrNull,
  iconSize: numOr(DEFAULT_ICON_SIZE),
  moderated: bool(false),
  payloadSpec: z.record(z.string(), payloadProperty).catch({}) satisfies z.ZodType<PayloadSpec>,
  playerGenerated: bool(false),
  limitCreation: limit,
  limitPicks: limit,
  limitDestroys: limit,
  conditionCreation: blocks,
  conditionPerception: blocks,
  conditionContact: blocks,
  conditionAct: blocks,
  sideeffectsContact: actions,
  sideeffectsAct: actions,
  sideeffectsElseContact: actions,
  sideeffectsElseAct: actions,
  actionLabelContact: str(),
  actionLabelAct: str(),
  trackable: bool(true),
  visible: bool(true),
  radius: numOr(DEFAULT_OBJECT_RADIUS),
  pickable: bool(isOffer),
  destroyable: bool(false),
  redropable: bool(false),
  inRangeOnlyContact: bool(false),
  inRangeOnlyAct: bool(false),
  automaticContact: bool(false),
  automaticAct: bool(false),
  tradable: bool(false),
  redeemable: bool(isOffer),
  price: num,
});
const archetype = z.looseObject(thingShape(false)) satisfies z.ZodType<Archetype>;
const offer = z.looseObject({
  ...thingShape(true),
  quantity: num,
  offerorName: str(),
  offerorAddress: str(),
  offerorUrl: str(),
  offerText: str(),
  offerTerms: str(),
  offerCover: idOrNull,
  offerorLogo: idOrNull,
}) satisfies z.ZodType<Offer>;

const location = z.looseObject({
  ...entityBase,
  title: str(),
  notes: str(),
  sceneId: idOrNull,
  logoId: idOrNull,
  iconSize: numOr(DEFAULT_ICON_SIZE),
  lat: numOr(0),
  lng: numOr(0),
  radius: numOr(DEFAULT_LOCATION_RADIUS),
  dwell: z.preprocess((value) => Math.max(0, numberOf(value) ?? 0), z.number()),
  trackable: bool(true),
  visible: oneOf(LOCATION_VISIBILITY, 'always'),
  contactable: oneOf(LOCATION_CONTACT, 'in-range'),
  if: blocks,
}) satisfies z.ZodType<Location>;

const rule = z.looseObject({
  ...entityBase,
  notes: str(),
  sceneId: str(),
  idx: numOr(0),
  // A missing trigger reads as an empty one (the engine reports it as a design problem).
  trigger: z.preprocess((value) => (isObject(value) ? value : {}), condition),
  fireOnce: bool(true),
  triggerPreconditions: blocks,
  sideeffects: actions,
  sideeffectselse: actions,
}) satisfies z.ZodType<Rule>;

/** Each kind's published-spec schema: any stored value in, the kind's entity out. */
const PUBLISHED_SCHEMAS: { [K in DesignKind]: z.ZodType<DesignEntityOf<K>, unknown> } = {
  scene: z.preprocess((value) => scenePlace(withTitle(value)), scene),
  milestone,
  mission: z.preprocess((value) => missionIds(withTitle(value)), mission),
  interaction: z.preprocess(withTitle, interaction),
  character,
  item: z.preprocess(withTitle, item),
  attribute: z.preprocess(withTitle, attribute),
  archetype: z.preprocess(withTitle, archetype),
  offer: z.preprocess(withTitle, offer),
  location,
  rule,
};

/** The published-spec schema of a kind (see the top of this file). */
export function publishedEntitySchema<K extends DesignKind>(kind: K): z.ZodType<DesignEntityOf<K>, unknown> {
  return PUBLISHED_SCHEMAS[kind];
}

/**
 * Every kind's entities of a stored spec, typed: each list through its kind's
 * published schema. An entry without an id (not an entity) is left out; so is
 * a kind that is not a list.
 */
export function parsePublishedEntities(stored: unknown): DesignEntitiesByKind {
  const raw = isObject(stored) ? stored : {};
  const parsed = {} as { [K in DesignKind]: unknown[] };
  for (const kind of Object.keys(PUBLISHED_SCHEMAS) as DesignKind[]) {
    const list = Array.isArray(raw[kind]) ? (raw[kind] as unknown[]) : [];
    const schema = PUBLISHED_SCHEMAS[kind];
    parsed[kind] = list
      .filter((entity) => isObject(entity) && typeof entity.id === 'string')
      .map((entity) => schema.parse(entity));
  }
  return parsed as DesignEntitiesByKind;
}

/**
 * A stored spec's game settings: the settings as saved, with what the engine
 * reads normalised (id, title, market, currency name, multiplayer, playground
 * type, end policies, playing period).
 */
export function parsePublishedGame(stored: unknown): GameValues & { id: string; title: string } {
  const raw = isObject(stored) ? stored : {};
  const pg = isObject(raw.pg) ? raw.pg : {};
  const endPolicies = isObject(raw.endPolicies) ? raw.endPolicies : {};
  const period = isObject(raw.playingPeriod) ? raw.playingPeriod : {};
  return {
    ...raw,
    id: typeof raw.id === 'string' ? raw.id : '',
    title: typeof raw.title === 'string' ? raw.title : '',
    market: raw.market === true,
    currencyName: typeof raw.currencyName === 'string' ? raw.currencyName : '',
    multiplayer: raw.multiplayer === true,
    // A spec without a playground type is a map game (location services on).
    // A spec without a playground is a map game; a playground that is not a map has no location services.
    pg: { ...pg, type: !isObject(raw.pg) || pg.type === 'map' ? 'map' : 'image' },
    endPolicies: {
      ...endPolicies,
      pickOffers: endPolicies.pickOffers === true,
      redeemOffers: endPolicies.redeemOffers === true,
    },
    playingPeriod: {
      ...period,
      end: typeof period.end === 'string' && period.end !== '' ? period.end : null,
    },
  } as unknown as GameValues & { id: string; title: string };
}

// ─── The player-safe spec (GET /api/play/instances/{id}/game) ────────────────

/**
 * Keys a player's app never reads of a spec, at any depth: how the game
 * decides (triggers, conditions, effects), the right answers and hints, and
 * the designer's notes. The server drops them by name (a field added later
 * under one of these names stays hidden); the schemas below leave them out.
 */
export const PLAYER_SECRET_KEYS = [
  'trigger',
  'triggerPreconditions',
  'condition',
  'if',
  'actions',
  'designerInputString',
  'correctAnswer',
  'correctAnswerBinary',
  'partOfCorrect',
  'hint',
  'notes',
] as const;
/** Families of secret keys: conditionContact, conditionPerception…; sideeffectsAct, sideeffectsElseContact… */
export const PLAYER_SECRET_PREFIXES = ['condition', 'sideeffects'] as const;
type PlayerSecretKey = (typeof PLAYER_SECRET_KEYS)[number] | `${(typeof PLAYER_SECRET_PREFIXES)[number]}${string}`;

/** Whether a spec key is kept from players (see PLAYER_SECRET_KEYS). */
export function isPlayerSecretKey(key: string): boolean {
  return (
    (PLAYER_SECRET_KEYS as readonly string[]).includes(key) ||
    PLAYER_SECRET_PREFIXES.some((prefix) => key.startsWith(prefix))
  );
}

/** A published schema's fields without the secret ones. */
function playerShape<S extends z.ZodRawShape>(shape: S): Omit<S, PlayerSecretKey> {
  return Object.fromEntries(Object.entries(shape).filter(([key]) => !isPlayerSecretKey(key))) as Omit<
    S,
    PlayerSecretKey
  >;
}
/** An object schema of the published spec without its secret fields, as tolerant as it. */
const playerObject = <S extends z.ZodRawShape>(schema: z.ZodObject<S>) => z.looseObject(playerShape(schema.shape));

const playerAccomplishment = z.preprocess(
  emptyAccomplishment,
  z.object({
    ...playerShape(accomplishmentShape),
    submissions: z
      .array(
        z.looseObject({
          ...subMissionShape,
          accomplishment: z.preprocess(emptyAccomplishment, z.object(playerShape(accomplishmentShape))),
        }),
      )
      .catch([]),
  }),
);
const playerQuestion = z.looseObject({
  ...playerShape(question.shape),
  options: z.preprocess(withIds(), z.array(playerObject(questionOption))),
});
const playerStatement = z.looseObject({
  ...statement.shape,
  options: z.preprocess(withIds(), z.array(playerObject(statementOption))),
});

/** Each shown kind's player-safe schema: its published fields but the secret ones (rules and milestones are never sent). */
const PLAYER_ENTITY_SCHEMAS = {
  // A design scene's idx may be absent (a playtest reads the design's entities); a published one has it.
  scene: playerObject(scene).extend({ idx: num.optional() }),
  mission: z.looseObject({ ...playerShape(mission.shape), accomplishment: playerAccomplishment }),
  interaction: z.looseObject({
    ...playerShape(interaction.shape),
    questions: z.preprocess(withIds(), z.array(playerQuestion)),
    conversation: z
      .object({ resumable: bool(false), statements: z.preprocess(withIds(), z.array(playerStatement)) })
      .catch({ resumable: false, statements: [] }),
  }),
  character: playerObject(character),
  item: playerObject(item),
  attribute: playerObject(attribute),
  archetype: playerObject(archetype),
  offer: playerObject(offer),
  location: playerObject(location),
};
/** The design kinds a player's app is sent. */
export type PlayerKind = keyof typeof PLAYER_ENTITY_SCHEMAS;
/** An entity of `K` as a player's app reads it: its published fields without the secret ones. */
export type PlayerEntityOf<K extends PlayerKind> = z.output<(typeof PLAYER_ENTITY_SCHEMAS)[K]>;

/**
 * The player-safe copy of a spec: the game's settings without the passcode and
 * the e-mail lists, and the entities a player's app shows (hidden attributes
 * and items left out, but the currency) without what decides the game.
 */
export const playerSpecSchema = z.object({
  schemaVersion: z.number(),
  game: z.looseObject({ id: z.string(), title: z.string() }),
  entities: z.object(
    Object.fromEntries(Object.entries(PLAYER_ENTITY_SCHEMAS).map(([kind, schema]) => [kind, z.array(schema)])) as {
      [K in PlayerKind]: z.ZodArray<(typeof PLAYER_ENTITY_SCHEMAS)[K]>;
    },
  ),
});
/** The player-safe spec a player's app reads (GET /api/play/instances/{id}/game). */
export type PlayerSpec = z.output<typeof playerSpecSchema>;
