import { z } from 'zod';
import { ADULT_AGE, gameSettingsSchema } from './game.js';
import { outputSchema } from './protocol/outputs.js';
import { playerViewSchema } from './protocol/view.js';
import { viewPartSchema } from './protocol/view-delta.js';
import { playerSpecSchema } from './design/published.js';

/**
 * The player API (spec 4 §4): request bodies, answers, refusal codes and their
 * messages. The server validates with these schemas; the web player reads the
 * same codes to tell a wrong passcode from a game that has not started yet.
 */

/** Why the player API refuses to start, join or take an event (the `errorCode` of the error body). */
export const PLAY_ERROR_CODES = {
  /** 403: the game has a passcode and the one sent is missing or wrong. */
  WRONG_PASSCODE: 'WRONG_PASSCODE',
  /** 403: the playing period starts later. */
  NOT_STARTED_YET: 'NOT_STARTED_YET',
  /** 403: the playing period is over. */
  PERIOD_ENDED: 'PERIOD_ENDED',
  /** 403: the version takes no new instances and the caller has none to rejoin. */
  NEW_INSTANCES_NOT_ALLOWED: 'NEW_INSTANCES_NOT_ALLOWED',
  /** 403: the caller may not play this game or version (authorised players, testers, designer-only versions). */
  NOT_AUTHORISED: 'NOT_AUTHORISED',
  /** 409: the game binds a player to one device and this request comes from another. */
  OTHER_DEVICE: 'OTHER_DEVICE',
  /** 409: the instance is terminated, expired, completed or abandoned. */
  INSTANCE_NOT_ACTIVE: 'INSTANCE_NOT_ACTIVE',
  /** 409: the game has no published version (and none was asked for). */
  NOT_PUBLISHED: 'NOT_PUBLISHED',
  /** 409: the version asked for is archived. */
  VERSION_ARCHIVED: 'VERSION_ARCHIVED',
  /** 403: the caller is not a player of the instance. */
  NOT_A_PLAYER: 'NOT_A_PLAYER',
  /** 403: the game asks for a fact of the player's profile that the account lacks (birth date, sex, photo). */
  PROFILE_INCOMPLETE: 'PROFILE_INCOMPLETE',
  /** 403: the player's age (from the profile's birth date) is outside the game's ages. */
  AGE_NOT_ALLOWED: 'AGE_NOT_ALLOWED',
  /** 404: the game has no leaderboard (rankings.available is off). */
  NO_RANKINGS: 'NO_RANKINGS',
  /** 403: the leaderboard shows only once the player's game is over (rankings.showBeforeComplete is off). */
  RANKINGS_AFTER_END: 'RANKINGS_AFTER_END',
  /** 403: the caller finished this version and the game does not let players play again (playAgain off). */
  ALREADY_FINISHED: 'ALREADY_FINISHED',
  /** 409: the caller finished this version; a new game starts only when they choose to play again (`again: true`). */
  PLAY_AGAIN_NOT_CHOSEN: 'PLAY_AGAIN_NOT_CHOSEN',
} as const;
export type PlayErrorCode = keyof typeof PLAY_ERROR_CODES;

/** The messages of the player API's refusals. */
export const PLAY_MESSAGES = {
  tooManyEvents: 'Too fast — wait a moment and try again',
  wrongPasscode: 'Wrong passcode',
  tooManyPasscodes: 'Too many wrong passcodes — wait a minute and try again',
  passcodeRequired: 'This game needs a passcode',
  notStartedYet: 'This game has not started yet',
  periodEnded: 'The playing period of this game has ended',
  newInstancesNotAllowed: 'This game version does not accept new players',
  sharedWorldEnded: 'The shared game of this version has ended, and the version does not start another one',
  notAuthorised: 'You are not allowed to play this game',
  designerOnlyVersion: 'Only the designers of this game may play this version',
  workingVersionOnly: 'Only the designers and authorised testers of this game may play its working version',
  otherDevice: 'You are playing this game on another device',
  instanceNotActive: 'This game instance is no longer active',
  instanceNotFound: 'Game instance not found',
  playerNotFound: 'This player does not play in this instance',
  notPublished: 'This game is not published',
  versionArchived: 'This game version is archived',
  versionNotFound: 'Game version not found',
  notAPlayer: 'You are not a player of this game instance',
  noRankings: 'This game has no leaderboard',
  rankingsAfterEnd: 'The leaderboard shows once your game is over',
  restartWorkingOnly: 'Only a playtest of the working version can be restarted',
  gameArchived: 'This game has been archived.',
  unknownUpload: 'Upload the photo, video or sound of your submission first',
  adultsOnly: 'This game is for adults only: add your birth date on your account page',
  sexRequired: 'This game asks for your sex: add it on your account page',
  photoRequired: 'This game asks for your photo: add it on your account page',
  tooYoung: (minAge: number) => `This game is for players aged ${minAge} or more`,
  tooOld: (maxAge: number) => `This game is for players aged ${maxAge} or less`,
  termsNotAccepted: 'Accept the terms of this game to start',
  alreadyFinished: 'You have finished this game, and it cannot be played again',
  playAgainNotChosen: 'You have finished this game: choose Play again to start a new game from the beginning',
} as const;

/** Whole years between a 'YYYY-MM-DD' birth date and `now` (UTC calendar). */
export function ageOn(birthDate: string, now: Date): number {
  const [year, month, day] = birthDate.split('-').map(Number) as [number, number, number];
  const before = now.getUTCMonth() + 1 < month || (now.getUTCMonth() + 1 === month && now.getUTCDate() < day);
  return now.getUTCFullYear() - year - (before ? 1 : 0);
}

/**
 * Why a player's profile keeps them out of a game, or null (docs/play.md "Who
 * may play"). Ages are checked against the birth date when the player gave
 * one; an adults-only game needs it (18 or more). A game with sexRequired
 * needs the player's sex, one with photoRequired an account photo.
 */
export function profileRefusal(
  settings: {
    minAge?: number | null;
    maxAge?: number | null;
    adultsOnly?: boolean;
    sexRequired?: boolean;
    photoRequired?: boolean;
  },
  profile: { birthDate: string | null; sex: string | null; photoId?: string | null },
  now: Date,
): { code: 'PROFILE_INCOMPLETE' | 'AGE_NOT_ALLOWED'; message: string } | null {
  if (settings.adultsOnly && !profile.birthDate)
    return { code: 'PROFILE_INCOMPLETE', message: PLAY_MESSAGES.adultsOnly };
  if (profile.birthDate) {
    const age = ageOn(profile.birthDate, now);
    const minAge = Math.max(settings.minAge ?? 0, settings.adultsOnly ? ADULT_AGE : 0);
    if (age < minAge) return { code: 'AGE_NOT_ALLOWED', message: PLAY_MESSAGES.tooYoung(minAge) };
    if (settings.maxAge != null && age > settings.maxAge) {
      return { code: 'AGE_NOT_ALLOWED', message: PLAY_MESSAGES.tooOld(settings.maxAge) };
    }
  }
  if (settings.sexRequired && !profile.sex) return { code: 'PROFILE_INCOMPLETE', message: PLAY_MESSAGES.sexRequired };
  if (settings.photoRequired && !profile.photoId) {
    return { code: 'PROFILE_INCOMPLETE', message: PLAY_MESSAGES.photoRequired };
  }
  return null;
}

// DEVICE_HEADER (the header with a random id per device) is in constants.ts: the web player's first load needs it without zod.

// ─── Requests ────────────────────────────────────────────────────────────────

/** POST /api/play/games/{gameId}/instances: start or join. */
export const startPlayBodySchema = z.object({
  /** A version of the game ('current' = its working version, for playtests); absent = its published version. */
  versionId: z.string().min(1).optional(),
  /** The game's play passcode, when it has one. */
  passcode: z.string().optional(),
  /** Working version only: throw the caller's playtest away and start again. */
  restart: z.boolean().optional(),
  /** The caller finished this version and chose to play it again (the game must allow it: `playAgain`). */
  again: z.boolean().optional(),
  /**
   * The player ticked "I accept the terms": required (400, field error) for a
   * first start of a published version whose game has terms; the time is kept
   * on the player row (`terms_accepted_at`).
   */
  acceptTerms: z.boolean().optional(),
  /**
   * Sent (null: the app holds no view of this instance yet) by an app that speaks view deltas (protocol 2): the
   * answer then names its view's `revision`, which the app sends with its first event, answered with what
   * changed since (protocol/view-delta.ts). Not sent: the answer is as before, without a revision.
   */
  viewRevision: z.string().max(64).nullable().optional(),
});
export type StartPlayBody = z.infer<typeof startPlayBodySchema>;

// ─── Answers ─────────────────────────────────────────────────────────────────

/**
 * An operator's asynchronous message, delivered once with the player's next
 * start, view or event (spec 1 §5 "Sending a message").
 */
export const playMessageSchema = z.object({
  id: z.string(),
  message: z.string(),
  /** The scene it was meant for, or null for every scene. */
  sceneId: z.string().nullable(),
  /** ISO time it was sent. */
  when: z.string(),
});
export type PlayMessage = z.infer<typeof playMessageSchema>;

/**
 * The step's trace and the raw states of a playtest are the engine's debugging
 * aids (typed by @loci/engine, described in docs/engine.md): the API passes
 * them through as JSON, so their schemas stay open.
 */
const engineJson = z.unknown();

/** What a playtest (working version, editor or tester) also gets: the step's trace and the raw states. */
export const playDebugSchema = z.object({ trace: engineJson, player: engineJson, world: engineJson });

/** A player's finished game as the lobby shows it (her results). */
export const finishedGameSchema = z.object({
  when: z.string(),
  completed: z.boolean(),
  durationMs: z.number().nullable(),
  currency: z.object({ name: z.string(), amount: z.number() }).nullable(),
  playAgain: z.boolean(),
});
export type FinishedGame = z.infer<typeof finishedGameSchema>;

/**
 * GET /api/play/games/{gameId}: what a player sees before starting — the
 * game's introduction, whether a passcode will be asked, the caller's own
 * active instance (to come back to) and, when they may not start now, why.
 */
export const playLobbySchema = z.object({
  game: z.object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    instructions: z.string(),
    /** The game's terms (sanitised rich text, '' when none): a first start must accept them. */
    terms: z.string(),
    language: z.string(),
    /** Every language the game's texts exist in (ISO codes), the main one first (issue 31): the lobby offers them. */
    languages: z.array(z.string()).optional(),
    logoId: z.string().nullable(),
    multiplayer: z.boolean(),
    /** The playing period (ISO bounds, null = open) in its timezone, or null when the game has none. */
    playingPeriod: z
      .object({ start: z.string().nullable(), end: z.string().nullable(), timezone: z.string() })
      .nullable(),
    /** Played in teams (docs/outings.md): players join a team with its code (or form one when allowed). */
    teams: z.object({ enabled: z.boolean(), playersFormTeams: z.boolean() }).optional(),
  }),
  needsPasscode: z.boolean(),
  /** The caller's active instance of the published version, or null. */
  instanceId: z.string().nullable(),
  /** Why starting would be refused now (errorCode of PLAY_ERROR_CODES and message), or null. */
  refusal: z.object({ errorCode: z.string(), message: z.string() }).nullable(),
  /**
   * The caller's newest finished game of the published version when they have no active one: when it
   * ended, whether they completed it, how long it took (ms, null when unknown), their currency, and
   * whether the game lets them play again. Null when they never finished it.
   */
  finished: finishedGameSchema.nullable(),
});
export type PlayLobby = z.infer<typeof playLobbySchema>;

/** The answer of POST /api/play/games/{gameId}/instances. */
export const startPlayAnswerSchema = z.object({
  instanceId: z.string(),
  /** True when the caller came back to an instance they were already in. */
  rejoined: z.boolean(),
  /**
   * The step's id (the client event id when the app sent one): the socket pushes the step's outputs
   * with the same id, so the app shows a step it reads twice (answer and push, either order) once.
   */
  stepId: z.string().optional(),
  outputs: z.array(outputSchema),
  view: playerViewSchema,
  /**
   * The revision of `view` (to a start that sent `viewRevision`), as an event's answer names its view
   * (protocol/view-delta.ts): the app sends it as the `viewRevision` of its first event, which is then answered
   * with what changed since.
   */
  revision: z.string().optional(),
  messages: z.array(playMessageSchema),
  debug: playDebugSchema.optional(),
});
export type StartPlayAnswer = z.infer<typeof startPlayAnswerSchema>;

/** The instance as the player API presents it. */
export const playInstanceSchema = z.object({
  id: z.string(),
  _id: z.string(),
  gameId: z.string(),
  versionId: z.string(),
  isLiveSpec: z.boolean(),
  multiplayer: z.boolean(),
  status: z.string(),
});
export type PlayInstance = z.infer<typeof playInstanceSchema>;

/** The answer of GET /api/play/instances/{instanceId}. */
export const playStateAnswerSchema = z.object({
  instance: playInstanceSchema,
  view: playerViewSchema,
  messages: z.array(playMessageSchema),
  debug: playDebugSchema.optional(),
});
export type PlayStateAnswer = z.infer<typeof playStateAnswerSchema>;

/** The answer of POST /api/play/instances/{instanceId}/events. */
export const playEventAnswerSchema = z.object({
  /**
   * The version the event ran on: after a live migration (docs/versions.md)
   * it differs from the loaded game's `versionId`, and the app reads the game again.
   */
  versionId: z.string().optional(),
  /**
   * The step's id (the client event id when the app sent one): the socket pushes the step's outputs
   * with the same id, so the app shows a step it reads twice (answer and push, either order) once.
   */
  stepId: z.string().optional(),
  outputs: z.array(outputSchema),
  /**
   * The player's view after the step: whole (`view`) for an app that sent no `viewRevision` or whose revision
   * the server does not know, else what changed since it (`viewDelta`, protocol/view-delta.ts).
   */
  ...viewPartSchema.shape,
  messages: z.array(playMessageSchema),
  debug: playDebugSchema.optional(),
});
export type PlayEventAnswer = z.infer<typeof playEventAnswerSchema>;

/** The game as a player sees it (GET /api/play/instances/{instanceId}/game). */
export const playGameSchema = z.object({
  id: z.string(),
  /** The version the instance runs (it changes when an operator migrates the live game). */
  versionId: z.string().optional(),
  title: z.string(),
  description: z.string(),
  instructions: z.string(),
  language: z.string(),
  /** The language (ISO code) the game's texts of this answer are in: the player's, when the game has it (issue 31). */
  textLanguage: z.string().optional(),
  /** Every language the game's texts exist in (ISO codes), the main one first (issue 31). */
  languages: z.array(z.string()).optional(),
  logoId: z.string().nullable(),
  pg: gameSettingsSchema.shape.pg,
  capabilities: gameSettingsSchema.shape.capabilities,
  market: z.boolean(),
  currencyName: z.string(),
  currencyIcon: z.string().nullable(),
  /** Whether the game has a leaderboard, and whether players see it before their game is over. */
  rankings: gameSettingsSchema.shape.rankings,
  /** What players may still do once their game is over (offers, buying, trading; only with the market on). */
  endPolicies: gameSettingsSchema.shape.endPolicies,
  multiplayer: z.boolean(),
  /** The game's timezone (its playing period's; 'UTC' when it has none): the player shows times in it. */
  timezone: z.string(),
  /** The instance holds teams (docs/outings.md): the player shows their team. */
  teams: z.boolean().optional(),
});
export type PlayGame = z.infer<typeof playGameSchema>;

/** The answer of GET /api/play/instances/{instanceId}/game: the game and a player-safe copy of its spec. */
export const playGameAnswerSchema = z.object({ game: playGameSchema, spec: playerSpecSchema });
export type PlayGameAnswer = z.infer<typeof playGameAnswerSchema>;

// ─── Analytics (spec 3 §3) ──────────────────────────────────────────────────

/** GET /api/analytics/{versionId} query. */
export const analyticsQuerySchema = z.object({
  includeAbandoned: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});

/** One player's analytics: their records grouped by record name, oldest first. */
export const analyticsEntrySchema = z.object({
  userId: z.string().nullable(),
  avatar: z.object({ name: z.string() }),
  playerId: z.string(),
  instanceId: z.string(),
  /** The player's status: playing, paused, left game. */
  status: z.string(),
  /** The status of the player's instance. */
  instanceStatus: z.string(),
  events: z.record(z.string(), z.array(engineJson)),
});
export type AnalyticsEntry = z.infer<typeof analyticsEntrySchema>;

export const analyticsAnswerSchema = z.object({ analytics: z.array(analyticsEntrySchema) });

// ─── Map analytics (issue 16 §4, docs/analytics.md "Map analytics") ─────────

/** The most players whose tracks one request may ask for. */
export const MAP_ANALYTICS_MAX_PLAYERS = 50;

const queryFlag = z
  .enum(['true', 'false'])
  .optional()
  .transform((value) => value === 'true');
const queryTime = z.iso.datetime({ offset: true, message: 'A date and time (ISO 8601) is expected.' }).optional();

/**
 * GET /api/analytics/{versionId}/map query: the players who started the
 * version in [from, to) (either end open), abandoned instances only with
 * includeAbandoned, and the players whose tracks to draw (comma-separated ids).
 */
export const mapAnalyticsQuerySchema = z
  .object({
    from: queryTime,
    to: queryTime,
    includeAbandoned: queryFlag,
    playerIds: z
      .string()
      .optional()
      .transform((value) =>
        value
          ? [
              ...new Set(
                value
                  .split(',')
                  .map((id) => id.trim())
                  .filter(Boolean),
              ),
            ]
          : [],
      )
      .refine((ids) => ids.length <= MAP_ANALYTICS_MAX_PLAYERS, {
        message: `At most ${MAP_ANALYTICS_MAX_PLAYERS} players at a time.`,
      }),
  })
  .refine((query) => !query.from || !query.to || Date.parse(query.from) < Date.parse(query.to), {
    path: ['to'],
    message: 'The end must come after the start.',
  });
export type MapAnalyticsQuery = z.infer<typeof mapAnalyticsQuerySchema>;

const latLng = { latitude: z.number(), longitude: z.number() };
/** Seconds, or null when no player gave a figure. */
const seconds = z.number().nullable();

/** One step of a funnel (a milestone or a scene, in the game's order). */
export const funnelStepSchema = z.object({
  id: z.string(),
  /** The system name. */
  name: z.string(),
  /** The title shown to players ('' for a milestone, which has none). */
  title: z.string(),
  /** Players who reached it. */
  reached: z.number().int(),
  /** Median seconds from the step before (the start for the first) among those who reached both. */
  medianSeconds: seconds,
  /** Players who reached it and not the next one (null for the last step). */
  gaveUp: z.number().int().nullable(),
});
export type FunnelStep = z.infer<typeof funnelStepSchema>;

/** The answer of GET /api/analytics/{versionId}/map. */
export const mapAnalyticsAnswerSchema = z.object({
  /** The players of the selection (whose tracks can be asked for). */
  players: z.array(z.object({ playerId: z.string(), instanceId: z.string(), name: z.string() })),
  /** Positions binned on a grid of `cellDegrees`: the cell's centre and how many fixes fell in it. */
  heat: z.object({
    cellDegrees: z.number(),
    cells: z.array(z.object({ ...latLng, count: z.number().int() })),
  }),
  /** The tracks of the players asked for, oldest fix first. */
  tracks: z.array(
    z.object({
      playerId: z.string(),
      instanceId: z.string(),
      name: z.string(),
      points: z.array(z.object({ ...latLng, when: z.string() })),
    }),
  ),
  /** Per geofence (location): visits (entries), unique players, median seconds inside, drop-off. */
  locations: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      title: z.string(),
      ...latLng,
      radius: z.number(),
      visits: z.number().int(),
      players: z.number().int(),
      medianSecondsInside: seconds,
      /** Players who entered and reached no milestone afterwards. */
      dropOff: z.number().int(),
    }),
  ),
  funnel: z.object({ milestones: z.array(funnelStepSchema), scenes: z.array(funnelStepSchema) }),
  /** Per question: where it was answered (grid cells), right and wrong. */
  questions: z.array(
    z.object({
      interactionId: z.string(),
      questionId: z.string(),
      /** The interaction's title, and the question's own. */
      title: z.string(),
      questionTitle: z.string(),
      name: z.string(),
      right: z.number().int(),
      wrong: z.number().int(),
      /** Answers with no known position (before the player's first fix). */
      unplaced: z.number().int(),
      places: z.array(z.object({ ...latLng, right: z.number().int(), wrong: z.number().int() })),
    }),
  ),
});
export type MapAnalytics = z.infer<typeof mapAnalyticsAnswerSchema>;
