import { z } from 'zod';
import { DEFAULT_TIMEZONE, PAGE_SIZES, SEARCH_MIN_LENGTH_EXCLUSIVE } from './constants.js';
import { toFieldErrors, type FieldErrors } from './errors.js';
import { richText, richTextAsText } from './rich-text.js';
import { GAME_RIGHTS } from './rights.js';
import { boundedText, TEXT_LIMITS, titleText } from './text-limits.js';
import type { Role } from './user.js';
import { messagingSettingsSchema } from './protocol/messages.js';
import { MORE_GAME_LANGUAGES } from './design/translations.js';
import { DEFAULT_TEAMS_SETTINGS, TEAM_MESSAGES, teamsSettingsSchema } from './teams.js';
import { wallSettingsSchema } from './wall.js';
import { CONTENT_LANGUAGES, gameLanguagesOf } from './design/translations.js';

// ─── Vocabularies and constants (spec 1 §3, §9) ─────────────────────────────

/**
 * A game's main language (spec 1 §3): Greek and English with the original
 * product's casing, then the other content languages by their ISO code (issue 31;
 * design/translations.ts CONTENT_LANGUAGES).
 */
export const GAME_LANGUAGES = ['el-Gr', 'en-Us', ...MORE_GAME_LANGUAGES] as const;
export type GameLanguage = (typeof GAME_LANGUAGES)[number];

/** Public access levels: nobody, view, view and clone (spec 1 §6). */
export const PUBLIC_ACCESS = ['no', 'view', 'clone'] as const;
export type PublicAccess = (typeof PUBLIC_ACCESS)[number];

/** Playground background types. */
export const BACKGROUND_TYPES = ['map', 'image'] as const;
export type BackgroundType = (typeof BACKGROUND_TYPES)[number];

/** Map styles of a map background. */
export const MAP_TYPES = ['hybrid', 'standard'] as const;
export type MapType = (typeof MAP_TYPES)[number];

/**
 * How a player enters the scenes of a map game: only by the script (the start
 * scene, then the rules' goToScene) or also by walking into a scene's circle.
 */
export const SCENE_ENTRIES = ['script', 'walk'] as const;
export type SceneEntry = (typeof SCENE_ENTRIES)[number];
/** The scene entry of a game saved before the setting existed: walking in, as such games always played. */
export const LEGACY_SCENE_ENTRY: SceneEntry = 'walk';
/** The scene entry of a new game: by the script, so walking into a later scene's circle never skips the story. */
export const NEW_GAME_SCENE_ENTRY: SceneEntry = 'script';

/** Length of a play passcode (spec 1 §9). */
export const PASSCODE_LENGTH = 6;

/** Adults-only games need at least this minimum age. */
export const ADULT_AGE = 18;

/** The default game area of a new game (spec 1 §3, §9). */
export const DEFAULT_PLAYGROUND = { title: 'Neverland', lat: 35.52, lng: 24.02, radius: 1000 } as const;
/** GPS fixes less accurate than this many metres do not move the player, unless the game sets its own threshold. */
export const DEFAULT_MAX_GPS_ACCURACY = 50;
export const DEFAULT_MIN_AGE = 12;
export const DEFAULT_MAX_AGE = 99;
export const DEFAULT_GAME_DESCRIPTION =
  '<p>Describe your game here: the story, what players will do, and what they need to bring.</p>';

/** Games-list filter tabs; 'all' is for admins only (spec 1 §2). */
export const GAMES_LIST_FILTERS = ['mine', 'shared', 'public', 'all'] as const;
export type GamesListFilter = (typeof GAMES_LIST_FILTERS)[number];

/** Games-list page sizes, with 'all' for no paging (spec 1 §9). */
export const GAMES_PAGE_SIZES = [...PAGE_SIZES, 'all'] as const;
export type GamesPageSize = (typeof GAMES_PAGE_SIZES)[number];

/** The largest radius of a playground, a scene or a location, in metres: half the earth's circumference. */
export const MAX_RADIUS = 20_000_000;
const MAX_RADIUS_KM = MAX_RADIUS / 1000;

/** Every validation message of the game form, written once (spec 1 §5, spec 2 §5). */
export const GAME_MESSAGES = {
  required: 'Required',
  radiusRequired: 'You must set a radius',
  maxAgeAboveMinAge: 'Must be > min age',
  adultsOnlyMinAge: `Must be >= ${ADULT_AGE}`,
  notANumber: 'Must be a number',
  wholeNumber: 'Must be a whole number',
  notNegative: 'Must be >= 0',
  atLeastOne: 'Must be >= 1',
  latitudeRange: 'Must be between -90 and 90',
  longitudeRange: 'Must be between -180 and 180',
  radiusTooLarge: `Must be at most ${MAX_RADIUS_KM.toLocaleString('en')} km (${MAX_RADIUS} m)`,
  playingPeriodStart: 'Please specify at least a start date and time with timezone',
  playingPeriodEnd: 'End time must be after the start time',
  invalidDate: 'Invalid date',
  unknownTimezone: 'Unknown timezone',
  passcodeLength: `Passcode length must be ${PASSCODE_LENGTH} digits`,
  invalidJson: 'Invalid JSON object',
  invalidEmail: (line: string) => `Not a valid email: ${line}`,
  pageSize: `Page size must be ${PAGE_SIZES.join(', ')} or all`,
  marketOff: 'Turn the market on to set this',
  timeLimitTooLong: 'Must be at most 10080 minutes (a week)',
} as const;

/** Toasts, confirmations and page texts about games (spec 1 §2, §7, §8). */
export const GAME_TEXTS = {
  gameCreated: (title: string) => `Game ${title} created`,
  gameSaved: (title: string) => `Game ${title} saved`,
  gameDeleted: 'Game deleted',
  gameCloned: 'Game cloned',
  gameUnpublished: { title: 'Success', body: 'Game Unpublished!' },
  gameArchived: { title: 'Success', body: 'Game Archived!' },
  confirmIrreversible: 'Operation cannot be Undone. Do you want to proceed?',
  confirmDelete: 'Are you really sure?',
  errorRetrievingGames: 'Error retrieving user games',
  errorRetrievingGame: (id: string) => `Error retrieving game data for id ${id}`,
  errorSavingGame: (id: string) => `Error saving game ${id}`,
  errorCreatingGame: 'Error creating game',
  errorDeletingGame: (id: string) => `Error deleting game ${id}`,
  errorCloningGame: (id: string) => `Error cloning game ${id}`,
  errorUnpublishingGame: (id: string) => `Error unpublishing game ${id}`,
  errorArchivingGame: (id: string) => `Error while archiving game ${id}`,
  noAuthoringRights: (role: Role) => `No game authoring rights. Current role: ${role}`,
  emptyGamesList: 'Nothing to see here...',
  loadingGame: 'Loading game...',
  gameNotFound: 'Game not found. Sorry.',
  gameArchivedAlert: { title: 'Oops', body: 'This game has been archived.' },
} as const;

// ─── Helpers ────────────────────────────────────────────────────────────────

/** True when rich text is empty once tags, entities of blank space and whitespace are stripped (e.g. '<p></p>'). */
export function isRichTextEmpty(html: string | null | undefined): boolean {
  return richTextAsText(html) === '';
}

/** The emails of a one-per-line text: trimmed, lower-cased, de-duplicated, blank lines ignored. */
export function parseEmailList(text: string | null | undefined): string[] {
  if (!text) return [];
  const emails = text
    .split(/\r?\n|\r/)
    .map((line) => line.trim().toLowerCase())
    .filter((line) => line.length > 0);
  return [...new Set(emails)];
}

/** True when `timezone` is an IANA time-zone name this runtime knows. */
export function isValidTimezone(timezone: string): boolean {
  if (!timezone) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}

/** Location services (GPS perception, geofences) exist only on map games; an image background has none. */
export function hasLocationServices(game: { pg: { type: BackgroundType } }): boolean {
  return game.pg.type === 'map';
}

const emailSchema = z.email().max(TEXT_LIMITS.email);

/** The first line of an email-list text that is not a valid email, or null. */
function firstInvalidEmail(text: string): string | null {
  for (const line of text.split(/\r?\n|\r/)) {
    const candidate = line.trim();
    if (candidate && !emailSchema.safeParse(candidate).success) return candidate;
  }
  return null;
}

/** True when `text` parses as a JSON object (not an array, a number or null). */
function isJsonObject(text: string): boolean {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
  } catch {
    return false;
  }
}

// ─── Stored settings shape ──────────────────────────────────────────────────

const playingPeriodSchema = z.object({
  /** ISO 8601 in UTC. */
  start: z.string(),
  /** ISO 8601 in UTC; null for an open-ended period. */
  end: z.string().nullable(),
  /** IANA name, e.g. Europe/Athens; used to show and pick the dates. */
  timezone: z.string(),
});
export type PlayingPeriod = z.infer<typeof playingPeriodSchema>;

const playgroundSchema = z.object({
  title: z.string(),
  place: z.object({ lat: z.number(), lng: z.number(), radius: z.number() }),
  type: z.enum(BACKGROUND_TYPES),
  bgImageId: z.string().nullable(),
  mapType: z.enum(MAP_TYPES),
  simulate: z.boolean(),
  showScenes: z.boolean(),
  /** GPS fixes worse than this many metres do not move the player; absent on games saved before it existed (50). */
  maxAccuracy: z.number().optional(),
});

const capabilitiesSchema = z.object({
  seeBackPack: z.boolean(),
  seeSkills: z.boolean(),
  scanCodes: z.boolean(),
  typeCodes: z.boolean(),
  seeDirections: z.boolean(),
  seeTasks: z.boolean(),
});

const endPoliciesSchema = z.object({
  redeemAssets: z.boolean(),
  pickOffers: z.boolean(),
  redeemOffers: z.boolean(),
  tradeAssets: z.boolean(),
});

const rankingsSchema = z.object({ available: z.boolean(), showBeforeComplete: z.boolean() });

// ─── Clock (issue 28): the time limit ───────────────────────────────────────
/** How a game limits time: not at all, N minutes from each player's (or team's) start, or until a fixed time. */
export const TIME_LIMIT_MODES = ['none', 'duration', 'until'] as const;
export type TimeLimitMode = (typeof TIME_LIMIT_MODES)[number];
/** The default length of a timed game, in minutes. */
export const DEFAULT_TIME_LIMIT_MINUTES = 45;
/** The longest time limit, in minutes (a week). */
export const MAX_TIME_LIMIT_MINUTES = 7 * 24 * 60;
export const timeLimitSchema = z.object({
  mode: z.enum(TIME_LIMIT_MODES),
  /** Minutes from each player's start (mode 'duration'). */
  minutes: z.number(),
  /** ISO time everyone's game ends (mode 'until'); null otherwise. */
  endsAt: z.string().nullable(),
  /** When time is up the game ends for the player (with results); off: only the rules decide. */
  endsGame: z.boolean(),
});
export type TimeLimit = z.infer<typeof timeLimitSchema>;
/** A game without a time limit (older games read as this). */
export const NO_TIME_LIMIT: TimeLimit = {
  mode: 'none',
  minutes: DEFAULT_TIME_LIMIT_MINUTES,
  endsAt: null,
  endsGame: true,
};
// ─── End of the clock block ─────────────────────────────────────────────────

/**
 * Every editable setting of a game, as stored and presented (no transforms, so
 * it also serves as a response schema). Media are referenced by id (null = none);
 * an empty `playPassword` means the game has no passcode.
 */
export const gameSettingsSchema = z.object({
  title: z.string(),
  description: z.string(),
  terms: z.string(),
  instructions: z.string(),
  language: z.enum(GAME_LANGUAGES),
  logoId: z.string().nullable(),
  publicAccess: z.enum(PUBLIC_ACCESS),
  minAge: z.number(),
  maxAge: z.number(),
  adultsOnly: z.boolean(),
  photoRequired: z.boolean(),
  sexRequired: z.boolean(),
  multiplayer: z.boolean(),
  market: z.boolean(),
  currencyName: z.string(),
  currencyIcon: z.string().nullable(),
  /** The item that is the market's currency (spec 2 §3 `spec.market.currency`); null = none chosen yet. */
  currencyItemId: z.string().nullable(),
  addonSpec: z.string(),
  enforceSingleDevice: z.boolean(),
  playPassword: z.string(),
  playingPeriod: playingPeriodSchema,
  additionalDesignersEmailsText: z.string(),
  additionalDesignerOnlyAccessEmailsText: z.string(),
  restrictAccessToEmailsText: z.string(),
  pg: playgroundSchema,
  capabilities: capabilitiesSchema,
  endPolicies: endPoliciesSchema,
  rankings: rankingsSchema,
  /**
   * The scene the game starts in; null (or absent, on games saved before it
   * existed) for the first enabled non-universe scene of the designer's order.
   */
  startSceneId: z.string().nullable().optional(),
  /**
   * How players enter the scenes of a map game (a scene may choose otherwise);
   * absent on games saved before it existed, which read as LEGACY_SCENE_ENTRY.
   */
  sceneEntry: z.enum(SCENE_ENTRIES).optional(),
  /**
   * A player who finished the published version may start it again (a new
   * game from the beginning; the finished one stays in the results); absent
   * (games saved before it existed) reads as false.
   */
  playAgain: z.boolean().optional(),
  // ─── teams (issue 28, teams half) ───
  /** Played in teams (packages/domain/src/teams.ts); absent (games saved before it existed) reads as not. */
  teams: teamsSettingsSchema.optional(),
  // ─── end teams ───
  /** The feed and the scoreboard (issue 29, packages/domain/src/wall.ts); absent reads as the defaults. */
  wall: wallSettingsSchema.optional(),
  /** The clock (issue 28): a time limit; absent on games saved before it existed (no limit). */
  timeLimit: timeLimitSchema.optional(),
  /** Messages (issue 29): players may write to the organiser / to their team; absent reads as both on. */
  messaging: messagingSettingsSchema.optional(),
  /** The game's other languages (issue 31), ISO codes; absent reads as none. */
  otherLanguages: z.array(z.enum(CONTENT_LANGUAGES)).optional(),
  /** Other languages that must be complete before publishing (issue 31); absent reads as none. */
  requiredLanguages: z.array(z.enum(CONTENT_LANGUAGES)).optional(),
});
/** The validated values of the settings form, ready to store. */
export type GameValues = z.infer<typeof gameSettingsSchema>;

/** The owner of a game as presented: `_id` mirrors `id` for the console (spec 4 §1). */
export const gameOwnerSchema = z.object({ id: z.string(), _id: z.string().optional(), name: z.string() });
export type GameOwner = z.infer<typeof gameOwnerSchema>;

/**
 * A game as stored and presented. `additionalDesigners` (user ids) is derived by
 * the server from `additionalDesignersEmailsText`, so the form never sends it.
 */
export const gameSchema = gameSettingsSchema.extend({
  id: z.string(),
  _id: z.string().optional(),
  userId: gameOwnerSchema,
  additionalDesigners: z.array(z.string()),
  publicVersionId: z.string().nullable(),
  isArchived: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Game = z.infer<typeof gameSchema>;

/** GET /api/design/games/{id}: the game with the caller's rights on it. */
export const gameWithRightsSchema = gameSchema.extend({ rights: z.array(z.enum(GAME_RIGHTS)) });
export type GameWithRights = z.infer<typeof gameWithRightsSchema>;

// ─── Form values: lenient parsing, then the rules ───────────────────────────

// Field parsers normalise types (so every rule below runs and all errors show
// at once); the rules themselves live in one superRefine.
const text = boundedText(TEXT_LIMITS.text);
// The game's texts are trimmed like its other text fields.
const trimmedRichText = richText.transform((value) => value.trim());
const mediaId = z
  .string()
  .nullish()
  .transform((value) => value?.trim() || null);
/** A switch: off when not sent, or `fallback` (the form's default for a new game). */
const flagOr = (fallback: boolean) =>
  z
    .boolean()
    .nullish()
    .transform((value) => value ?? fallback);
const flag = flagOr(false);
/** null when empty, NaN when not numeric. */
const numberOrEmpty = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((value) => {
    if (value === null || value === undefined) return null;
    if (typeof value === 'number') return value;
    const trimmed = value.trim();
    return trimmed === '' ? null : Number(trimmed);
  });
/** Location fields: numeric, 0 when empty (spec 1 §5). */
const coordinate = numberOrEmpty.transform((value) => value ?? 0);
/** An ISO string in UTC, null when empty, or the raw text when unparseable (a rule flags it). */
const dateTime = z
  .union([z.string(), z.date()])
  .nullish()
  .transform((value) => {
    if (value === null || value === undefined) return null;
    if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
    const trimmed = value.trim();
    if (!trimmed) return null;
    const time = Date.parse(trimmed);
    return Number.isNaN(time) ? trimmed : new Date(time).toISOString();
  });
function enumOrEmpty<const T extends readonly [string, ...string[]]>(values: T) {
  return z
    .union([z.enum(values), z.literal('')])
    .nullish()
    .transform((value) => value || null);
}
function enumWithDefault<const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) {
  return z
    .enum(values)
    .nullish()
    .transform((value): T[number] => value ?? fallback);
}
/** A group of switches; one not sent (or the whole group) takes `fallback`, the new game form's default. */
function flags<const K extends string>(keys: readonly K[], fallback = false) {
  const shape = Object.fromEntries(keys.map((key) => [key, flagOr(fallback)])) as Record<K, typeof flag>;
  return z
    .object(shape)
    .nullish()
    .transform((value) => value ?? (Object.fromEntries(keys.map((key) => [key, fallback])) as Record<K, boolean>));
}

const lenientValuesSchema = z.object({
  title: titleText,
  description: trimmedRichText,
  terms: trimmedRichText,
  instructions: trimmedRichText,
  language: enumOrEmpty(GAME_LANGUAGES),
  logoId: mediaId,
  publicAccess: enumWithDefault(PUBLIC_ACCESS, 'no'),
  minAge: numberOrEmpty,
  maxAge: numberOrEmpty,
  adultsOnly: flag,
  photoRequired: flag,
  sexRequired: flag,
  multiplayer: flag,
  market: flag,
  currencyName: text,
  currencyIcon: mediaId,
  currencyItemId: mediaId,
  addonSpec: text,
  enforceSingleDevice: flag,
  playPassword: text,
  playingPeriod: z
    .object({ start: dateTime, end: dateTime, timezone: text })
    .nullish()
    .transform((value) => value ?? { start: null, end: null, timezone: '' }),
  additionalDesignersEmailsText: text,
  additionalDesignerOnlyAccessEmailsText: text,
  restrictAccessToEmailsText: text,
  pg: z
    .object({
      title: titleText,
      place: z.object({ lat: coordinate, lng: coordinate, radius: coordinate }),
      type: enumWithDefault(BACKGROUND_TYPES, 'map'),
      bgImageId: mediaId,
      mapType: enumWithDefault(MAP_TYPES, 'standard'),
      simulate: flag,
      showScenes: z.boolean().nullish(),
      // Typed as possibly absent, as the stored shape has it (games saved before it existed).
      maxAccuracy: numberOrEmpty.transform((value) => value ?? DEFAULT_MAX_GPS_ACCURACY).optional(),
    })
    // Not sent: shown on a map, as the form has it (applySettingsDependencies), and not on an image.
    .transform((pg) => ({ ...pg, showScenes: pg.showScenes ?? pg.type === 'map' })),
  // Not sent: what the new game form starts with (newGameDefaults: every capability on).
  capabilities: flags(capabilitiesSchema.keyof().options, true),
  endPolicies: flags(endPoliciesSchema.keyof().options),
  rankings: flags(rankingsSchema.keyof().options),
  startSceneId: z
    .string()
    .nullish()
    .transform((value) => (value ? value : null))
    .optional(),
  sceneEntry: z.enum(SCENE_ENTRIES).optional(),
  playAgain: z.boolean().optional(),
  // ─── teams (issue 28, teams half) ───
  /** Played in teams (packages/domain/src/teams.ts); absent (games saved before it existed) reads as not. */
  teams: teamsSettingsSchema.optional(),
  // ─── end teams ───
  /** The feed and the scoreboard (issue 29, packages/domain/src/wall.ts); absent reads as the defaults. */
  wall: wallSettingsSchema.optional(),
  // The clock (issue 28).
  timeLimit: z
    .object({
      mode: enumWithDefault(TIME_LIMIT_MODES, 'none'),
      minutes: numberOrEmpty,
      endsAt: dateTime,
      endsGame: flagOr(true),
    })
    .optional(),
  // Messages (issue 29).
  messaging: messagingSettingsSchema.optional(),
  // Languages (issue 31): each once, in the designer's order.
  otherLanguages: z
    .array(z.enum(CONTENT_LANGUAGES))
    .nullish()
    .transform((value) => [...new Set(value ?? [])])
    .optional(),
  requiredLanguages: z
    .array(z.enum(CONTENT_LANGUAGES))
    .nullish()
    .transform((value) => [...new Set(value ?? [])])
    .optional(),
});
type LenientValues = z.output<typeof lenientValuesSchema>;

/** 'create' for /games/new; 'edit' for an existing game, which also requires a logo (spec 1 §5). */
export type GameFormMode = 'create' | 'edit';

/** The cross-field and required rules of the game form (spec 1 §5, spec 2 §5). */
function checkGameValues(values: LenientValues, ctx: z.RefinementCtx, mode: GameFormMode): void {
  const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: path.split('.'), message });

  if (!values.title) fail('title', GAME_MESSAGES.required);
  if (isRichTextEmpty(values.description)) fail('description', GAME_MESSAGES.required);
  if (!values.language) fail('language', GAME_MESSAGES.required);
  if (mode === 'edit' && !values.logoId) fail('logoId', GAME_MESSAGES.required);
  // ─── teams (issue 28) ───
  if (values.teams && values.teams.minSize > values.teams.maxSize) fail('teams.minSize', TEAM_MESSAGES.sizeOrder);
  // ─── end teams ───

  // Playground.
  const { place } = values.pg;
  if (!values.pg.title) fail('pg.title', GAME_MESSAGES.required);
  if (Number.isNaN(place.lat)) fail('pg.place.lat', GAME_MESSAGES.notANumber);
  else if (place.lat < -90 || place.lat > 90) fail('pg.place.lat', GAME_MESSAGES.latitudeRange);
  if (Number.isNaN(place.lng)) fail('pg.place.lng', GAME_MESSAGES.notANumber);
  else if (place.lng < -180 || place.lng > 180) fail('pg.place.lng', GAME_MESSAGES.longitudeRange);
  // Empty becomes 0, so a missing radius is any radius that is not positive.
  if (!(place.radius > 0)) fail('pg.place.radius', GAME_MESSAGES.radiusRequired);
  else if (place.radius > MAX_RADIUS) fail('pg.place.radius', GAME_MESSAGES.radiusTooLarge);
  const maxAccuracy = values.pg.maxAccuracy ?? DEFAULT_MAX_GPS_ACCURACY;
  if (Number.isNaN(maxAccuracy)) fail('pg.maxAccuracy', GAME_MESSAGES.notANumber);
  else if (!Number.isInteger(maxAccuracy)) fail('pg.maxAccuracy', GAME_MESSAGES.wholeNumber);
  else if (maxAccuracy < 1) fail('pg.maxAccuracy', GAME_MESSAGES.atLeastOne);

  // Ages.
  const ageError = (age: number | null): string | null => {
    if (age === null) return GAME_MESSAGES.required;
    if (Number.isNaN(age)) return GAME_MESSAGES.notANumber;
    if (!Number.isInteger(age)) return GAME_MESSAGES.wholeNumber;
    return age < 0 ? GAME_MESSAGES.notNegative : null;
  };
  const { minAge, maxAge } = values;
  const minAgeError = ageError(minAge);
  const maxAgeError = ageError(maxAge);
  if (minAgeError) fail('minAge', minAgeError);
  else if (values.adultsOnly && minAge !== null && minAge < ADULT_AGE) fail('minAge', GAME_MESSAGES.adultsOnlyMinAge);
  if (maxAgeError) fail('maxAge', maxAgeError);
  else if (!minAgeError && maxAge !== null && minAge !== null && maxAge <= minAge) {
    fail('maxAge', GAME_MESSAGES.maxAgeAboveMinAge);
  }

  // Market.
  if (values.market) {
    if (!values.currencyName) fail('currencyName', GAME_MESSAGES.required);
    // Like the logo, the icon is a medium of the game, which exists only after the first save.
    if (mode === 'edit' && !values.currencyIcon) fail('currencyIcon', GAME_MESSAGES.required);
    // The currency item is an entity of the game, which exists only after the first save too.
    if (mode === 'edit' && !values.currencyItemId) fail('currencyItemId', GAME_MESSAGES.required);
  }

  if (values.addonSpec && !isJsonObject(values.addonSpec)) fail('addonSpec', GAME_MESSAGES.invalidJson);

  // Access. The spec lists the passcode as required, but the original also
  // saved games without one; we keep it optional: empty means an open game with
  // no passcode, and a passcode that is set has exactly PASSCODE_LENGTH characters.
  if (values.playPassword && values.playPassword.length !== PASSCODE_LENGTH) {
    fail('playPassword', GAME_MESSAGES.passcodeLength);
  }
  for (const field of [
    'additionalDesignersEmailsText',
    'additionalDesignerOnlyAccessEmailsText',
    'restrictAccessToEmailsText',
  ] as const) {
    const bad = firstInvalidEmail(values[field]);
    if (bad !== null) fail(field, GAME_MESSAGES.invalidEmail(bad));
  }

  // The clock (issue 28): minutes for a duration, a valid end time for a fixed end.
  if (values.timeLimit?.mode === 'duration') {
    const minutes = values.timeLimit.minutes;
    if (minutes === null) fail('timeLimit.minutes', GAME_MESSAGES.required);
    else if (Number.isNaN(minutes)) fail('timeLimit.minutes', GAME_MESSAGES.notANumber);
    else if (!Number.isInteger(minutes)) fail('timeLimit.minutes', GAME_MESSAGES.wholeNumber);
    else if (minutes < 1) fail('timeLimit.minutes', GAME_MESSAGES.atLeastOne);
    else if (minutes > MAX_TIME_LIMIT_MINUTES) fail('timeLimit.minutes', GAME_MESSAGES.timeLimitTooLong);
  }
  if (values.timeLimit?.mode === 'until') {
    const endsAt = values.timeLimit.endsAt;
    if (!endsAt) fail('timeLimit.endsAt', GAME_MESSAGES.required);
    else if (Number.isNaN(Date.parse(endsAt))) fail('timeLimit.endsAt', GAME_MESSAGES.invalidDate);
  }

  // Playing period: the missing start or timezone message sits on the group.
  const { start, end, timezone } = values.playingPeriod;
  if (!start || !timezone) fail('playingPeriod', GAME_MESSAGES.playingPeriodStart);
  if (timezone && !isValidTimezone(timezone)) fail('playingPeriod.timezone', GAME_MESSAGES.unknownTimezone);
  const startTime = start ? Date.parse(start) : NaN;
  const endTime = end ? Date.parse(end) : NaN;
  if (start && Number.isNaN(startTime)) fail('playingPeriod.start', GAME_MESSAGES.invalidDate);
  if (end && Number.isNaN(endTime)) fail('playingPeriod.end', GAME_MESSAGES.invalidDate);
  else if (end && !Number.isNaN(startTime) && endTime <= startTime) {
    fail('playingPeriod.end', GAME_MESSAGES.playingPeriodEnd);
  }
}

/**
 * The fields whose values depend on others (spec 1 §4), always enforced: trade
 * assets need multiplayer, picking offers implies redeeming them, and the
 * show-before-end ranking needs the leaderboard. Hidden end policies of a game
 * without a market are kept (the spec only hides them); the engine ignores them.
 */
function enforceSettingsInvariants<T extends DependentSettings>(values: T): T {
  return {
    ...values,
    endPolicies: {
      ...values.endPolicies,
      tradeAssets: values.multiplayer && values.endPolicies.tradeAssets,
      redeemOffers: values.endPolicies.pickOffers || values.endPolicies.redeemOffers,
    },
    rankings: {
      ...values.rankings,
      showBeforeComplete: values.rankings.available && values.rankings.showBeforeComplete,
    },
  };
}

/** The clock's values as stored: minutes the default when not used (issue 28). */
function withStoredTimeLimit(values: LenientValues) {
  if (!values.timeLimit) return values;
  const { mode, minutes, endsAt, endsGame } = values.timeLimit;
  const stored: TimeLimit = {
    mode,
    minutes: minutes !== null && Number.isFinite(minutes) ? minutes : DEFAULT_TIME_LIMIT_MINUTES,
    endsAt: mode === 'until' ? endsAt : null,
    endsGame,
  };
  return { ...values, timeLimit: stored };
}

/** The schema of the settings form body (POST and PATCH /api/design/games) for a mode. */
export function gameValuesSchemaFor(mode: GameFormMode) {
  return lenientValuesSchema
    .superRefine((values, ctx) => checkGameValues(values, ctx, mode))
    .transform(withStoredTimeLimit)
    .pipe(gameSettingsSchema)
    .transform((values) => withLanguageInvariants(enforceSettingsInvariants(values)));
}

/** The other languages never hold the main one; a required language is one of the others (issue 31). */
function withLanguageInvariants(values: GameValues): GameValues {
  if (!values.otherLanguages && !values.requiredLanguages) return values;
  const { others, required } = gameLanguagesOf(values);
  return { ...values, otherLanguages: others, requiredLanguages: required };
}

/** POST /api/design/games: the settings of a new game (no logo yet). */
export const gameValuesSchema = gameValuesSchemaFor('create');
/** PATCH /api/design/games/{id}: the settings of an existing game (logo required). */
export const gameEditValuesSchema = gameValuesSchemaFor('edit');
/** What the settings form may send: numbers may arrive as text, empty fields as '' or null. */
export type GameValuesInput = z.input<typeof gameValuesSchema>;

/** Validates form values; returns field errors keyed by path, or null when valid (for asyncValidateForm). */
export function validateGameValues(values: unknown, mode: GameFormMode): FieldErrors | null {
  const result = gameValuesSchemaFor(mode).safeParse(values);
  return result.success ? null : toFieldErrors(result.error.issues);
}

/** The settings that mean something only with the market on (the form shows them only then). */
interface MarketFields {
  market: boolean;
  currencyName: string;
  currencyIcon: string | null;
  currencyItemId: string | null;
}

/**
 * A field error for each market setting sent while the market is off (the
 * API: rather than keeping or dropping it silently); none with the market on.
 */
export function marketFieldsWhileOff(values: MarketFields): FieldErrors {
  if (values.market) return {};
  const errors: FieldErrors = {};
  if (values.currencyName.trim() !== '') errors.currencyName = GAME_MESSAGES.marketOff;
  if (values.currencyIcon !== null) errors.currencyIcon = GAME_MESSAGES.marketOff;
  if (values.currencyItemId !== null) errors.currencyItemId = GAME_MESSAGES.marketOff;
  return errors;
}

/** The values with the market settings emptied when the market is off (the settings form, before it checks and saves). */
export function clearHiddenMarketFields<T extends MarketFields>(values: T): T {
  return values.market ? values : { ...values, currencyName: '', currencyIcon: null, currencyItemId: null };
}

/** The settings of a new game (spec 1 §3): everything off or empty except the listed defaults. */
export function newGameDefaults(now: Date): GameValues {
  return {
    title: '',
    description: DEFAULT_GAME_DESCRIPTION,
    terms: '',
    instructions: '',
    language: 'en-Us',
    logoId: null,
    publicAccess: 'no',
    minAge: DEFAULT_MIN_AGE,
    maxAge: DEFAULT_MAX_AGE,
    adultsOnly: false,
    photoRequired: false,
    sexRequired: false,
    multiplayer: false,
    market: false,
    currencyName: '',
    currencyIcon: null,
    currencyItemId: null,
    addonSpec: '',
    enforceSingleDevice: false,
    playPassword: '',
    playingPeriod: { start: now.toISOString(), end: null, timezone: DEFAULT_TIMEZONE },
    additionalDesignersEmailsText: '',
    additionalDesignerOnlyAccessEmailsText: '',
    restrictAccessToEmailsText: '',
    pg: {
      title: DEFAULT_PLAYGROUND.title,
      place: { lat: DEFAULT_PLAYGROUND.lat, lng: DEFAULT_PLAYGROUND.lng, radius: DEFAULT_PLAYGROUND.radius },
      type: 'map',
      bgImageId: null,
      mapType: 'standard',
      simulate: false,
      showScenes: true,
      maxAccuracy: DEFAULT_MAX_GPS_ACCURACY,
    },
    capabilities: {
      seeBackPack: true,
      seeSkills: true,
      scanCodes: true,
      typeCodes: true,
      seeDirections: true,
      seeTasks: true,
    },
    endPolicies: { redeemAssets: false, pickOffers: false, redeemOffers: false, tradeAssets: false },
    rankings: { available: false, showBeforeComplete: false },
    startSceneId: null,
    sceneEntry: NEW_GAME_SCENE_ENTRY,
    playAgain: false,
    // ─── teams (issue 28) ───
    teams: DEFAULT_TEAMS_SETTINGS,
    // ─── end teams ───
    timeLimit: NO_TIME_LIMIT,
  };
}

/** How a game's scenes are entered: its setting, or LEGACY_SCENE_ENTRY for a game saved before the setting existed. */
export function sceneEntryOf(game: { sceneEntry?: SceneEntry | null }): SceneEntry {
  return game.sceneEntry ?? LEGACY_SCENE_ENTRY;
}

// ─── Settings-form interdependencies (spec 1 §4) ────────────────────────────

/** The settings that other settings change or disable. */
export interface DependentSettings {
  multiplayer: boolean;
  market: boolean;
  pg: { type: BackgroundType; simulate: boolean; showScenes: boolean };
  endPolicies: { pickOffers: boolean; redeemOffers: boolean; tradeAssets: boolean };
  rankings: { available: boolean; showBeforeComplete: boolean };
}

/**
 * The form values after `changedField` (a dotted path such as 'pg.type') changed.
 *
 * "Background type map turns location services on, image turns them off": Loci
 * has no stored location-services switch (spec 3 shows the no-location-services
 * note exactly when the background is an image), so location services are
 * derived from `pg.type` (see `hasLocationServices`), not `capabilities.seeDirections`
 * (directions are interactions, which image games have too). What changes here
 * are the on-map options: switching to image turns off "simulate move on map" and
 * "show scenes on map"; switching back to map turns "show scenes on map" on again
 * (its default). The other rules (`enforceSettingsInvariants`) hold after any change.
 */
export function applySettingsDependencies<T extends DependentSettings>(values: T, changedField: string): T {
  let next: T = values;
  if (changedField === 'pg.type') {
    next =
      values.pg.type === 'image'
        ? { ...values, pg: { ...values.pg, simulate: false, showScenes: false } }
        : { ...values, pg: { ...values.pg, showScenes: true } };
  }
  return enforceSettingsInvariants(next);
}

/** Which dependent settings controls the form shows or disables (spec 1 §4). */
export function settingsFieldStates(values: DependentSettings) {
  return {
    locationServices: hasLocationServices(values),
    bgImageVisible: values.pg.type === 'image',
    mapOptionsVisible: values.pg.type === 'map',
    endPoliciesVisible: values.market,
    redeemOffersDisabled: values.endPolicies.pickOffers,
    tradeAssetsDisabled: !values.multiplayer,
    showBeforeCompleteVisible: values.rankings.available,
  };
}

// ─── Games list (spec 1 §2) ─────────────────────────────────────────────────

/** GET /api/design/games query: filter tab, search (ignored unless longer than 3 characters), page (1-based), page size. */
export const gamesListQuerySchema = z.object({
  filter: z.enum(GAMES_LIST_FILTERS).default('mine'),
  q: z
    .string()
    .optional()
    .transform((value) => {
      const trimmed = value?.trim() ?? '';
      return trimmed.length > SEARCH_MIN_LENGTH_EXCLUSIVE ? trimmed : undefined;
    }),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z
    .union([z.literal('all'), z.coerce.number().pipe(z.literal(PAGE_SIZES))], { error: GAME_MESSAGES.pageSize })
    .default(10),
});
export type GamesListQuery = z.output<typeof gamesListQuerySchema>;
export type GamesListQueryInput = z.input<typeof gamesListQuerySchema>;

/** The filter tabs a role may use: 'all' is for admins only. */
export function gamesListFiltersFor(role: Role): GamesListFilter[] {
  return role === 'admin' ? [...GAMES_LIST_FILTERS] : GAMES_LIST_FILTERS.filter((filter) => filter !== 'all');
}

/** One card of the games list: a game summary, its owner and the caller's rights on it. */
export const gamesListItemSchema = z.object({
  id: z.string(),
  _id: z.string().optional(),
  title: z.string(),
  description: z.string(),
  logoId: z.string().nullable(),
  language: z.enum(GAME_LANGUAGES),
  publicAccess: z.enum(PUBLIC_ACCESS),
  publicVersionId: z.string().nullable(),
  isArchived: z.boolean(),
  multiplayer: z.boolean(),
  additionalDesigners: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  userId: gameOwnerSchema,
  rights: z.array(z.enum(GAME_RIGHTS)),
});
export type GamesListItem = z.infer<typeof gamesListItemSchema>;

/** GET /api/design/games: one page of the games the caller may see, newest change first. */
export const gamesListResponseSchema = z.object({
  games: z.array(gamesListItemSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.union([z.number(), z.literal('all')]),
});
export type GamesListResponse = z.infer<typeof gamesListResponseSchema>;
