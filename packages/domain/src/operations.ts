import { z } from 'zod';
import { GAME_MESSAGES, isValidTimezone } from './game.js';
import { RESERVED_SOCKET_EVENTS, SOCKET_EVENTS } from './protocol/socket.js';

/**
 * Running live games (spec 1 §2 Gameplay and Instance pages, §7; spec 3 §2
 * Debugging tools, §7): the operators' calls with their answers, and their
 * texts (the realtime protocol is in protocol/). The server validates and answers with these
 * schemas; the console reads the same shapes.
 */

// ─── Debugging tools (spec 3 §2, §3, §7) ─────────────────────────────────────

/** Texts of the debugging tools page. */
export const DEBUG_MESSAGES = {
  payloadValidation: 'Payload validation failed. Check values and try again.',
  defaultMessage: SOCKET_EVENTS.locationUpdate,
  reservedEvent: 'This name is reserved by Socket.IO',
  roomForbidden: 'You may only send to your own room or to instances of games you manage',
} as const;

const required = (message = GAME_MESSAGES.required) => z.string().trim().min(1, message);
/** A number, or a numeric text (the form sends what was typed); empty counts as 0 (spec 3 §5). */
const coordinateIn = (min: number, max: number, message: string) =>
  z.coerce.number().min(min, message).max(max, message);

/** POST /api/users/socketio-test: a fake realtime event (spec 3 §3 "Debug event"). */
export const socketioTestBodySchema = z.object({
  room: required(),
  /** The socket event's name, e.g. LOCATION_UPDATE. */
  message: required().refine(
    (name) => !(RESERVED_SOCKET_EVENTS as readonly string[]).includes(name),
    DEBUG_MESSAGES.reservedEvent,
  ),
  payload: z.object({
    location: z.object({
      coords: z.object({
        latitude: coordinateIn(-90, 90, GAME_MESSAGES.latitudeRange),
        longitude: coordinateIn(-180, 180, GAME_MESSAGES.longitudeRange),
      }),
    }),
  }),
});
export type SocketioTestBody = z.infer<typeof socketioTestBodySchema>;

/** Answer of POST /api/users/socketio-test: the room it went to (a bare user id becomes `user:{id}`). */
export const socketioTestAnswerSchema = z.object({ sent: z.literal(true), room: z.string(), message: z.string() });
export type SocketioTestAnswer = z.infer<typeof socketioTestAnswerSchema>;

// ─── Operators' texts (spec 1 §2, §7, §8) ────────────────────────────────────

/** Toasts, confirmations and refusals of the Gameplay and Instance pages. */
export const OPERATION_TEXTS = {
  messageSent: 'Message sent!',
  commandSent: 'Command sent successfully!',
  allInstancesDeleted: 'All instances deleted successfully',
  playingPeriodUpdated: 'Playing period updated',
  worldStateUpdated: 'World state updated',
  itemDeleted: 'Item deleted',
  instanceTerminated: 'Game instance terminated successfully',
  instanceDeleted: 'Game instance deleted successfully',
  periodWarning: 'Be aware! All instances with the same game version will get updated.',
  synchronousWarning: 'A synchronous message reaches only players who are online with the app open.',
  noInstances: 'No instances found',
  errorSendingMessage: 'Error Sending message',
  errorApplyingExpiration: 'Error applying expiration to instances',
  errorDeletingInstances: (gameId: string) => `Error deleting instances of game ${gameId}`,
  errorSavingVersionPeriod: (versionId: string) => `Error saving playing period for game version ${versionId}`,
  errorSavingPeriod: 'Error saving playing period',
  errorSettingWorldState: 'Error setting world state',
  errorDeletingItem: (key: string) => `Error deleting item ${key}`,
  errorTerminating: 'Error terminating game instance',
  errorDeletingInstance: 'Error deleting game instance',
  errorRetrievingInstance: 'Error retrieving game initial state spec',
} as const;

/** Refusals of the operators' calls that the spec leaves to us. */
export const OPERATION_MESSAGES = {
  instanceNotFound: 'Game instance not found',
  versionNotFound: 'Game version not found',
  alreadyTerminated: 'This game instance is already terminated',
  periodNotEnded: 'The playing period of this game has not ended: instances can be expired only after its end',
  messageRequired: 'Write a message',
  worldItemNotFound: 'This object or offer is not in the world of the instance',
  badWorldItemKey: "The key must read 'has.object.{sceneId}.{id}' or 'has.offer.{sceneId}.{id}'",
  playerNotFound: 'This player is not in a running instance of this game',
  // The clock (issue 28).
  noTimeLimit: 'This player’s game has no time limit',
  clockNotActive: 'The clock of a game instance that is over cannot be changed',
  clockRateOnlyPlaytest: 'Only a playtest’s clock can run fast',
  // Scheduled messages (issue 28).
  scheduledInPast: 'This time has already passed: choose a later one',
  scheduledMessageNotFound: 'This scheduled message is not in this game instance',
  scheduledMessageDone: 'This message has already been sent or cancelled',
  scheduleNotActive: 'Messages cannot be scheduled in a game instance that is over',
} as const;

// ─── Shapes (spec 1 §3) ──────────────────────────────────────────────────────

const isoTime = z.string();
const latLng = z.object({ latitude: z.number(), longitude: z.number() });

/** The playing period as instances show it (spec 1 §3); start and end ISO UTC, end null = open-ended. */
export const instancePlayingPeriodSchema = z.object({
  start: z.string().nullable(),
  end: z.string().nullable(),
  timezone: z.string(),
});
export type InstancePlayingPeriod = z.infer<typeof instancePlayingPeriodSchema>;

/** The version an instance runs, with the game's playing period. */
export const instanceGameVersionSchema = z.object({
  id: z.string(),
  isLiveSpec: z.boolean(),
  /** 0 for the working version, else the published version's number. */
  version: z.number(),
  game: z.object({ id: z.string(), title: z.string(), playingPeriod: instancePlayingPeriodSchema }),
});
export type InstanceGameVersion = z.infer<typeof instanceGameVersionSchema>;

/** Statuses an instance's world and its players show (spec 1 §4). */
export const WORLD_STATUSES = ['active', 'completed', 'abandoned', 'expired', 'terminated'] as const;
export type WorldStatus = (typeof WORLD_STATUSES)[number];
export const PLAYER_STATUS_NAMES = ['playing', 'paused', 'left game', 'movedTo'] as const;

/**
 * The one definition of a player's status on the Gameplay and Instance pages
 * (docs/operations.md "Counting players"): in an active world, the player's
 * own status (playing, paused, left game, movedTo); once the world has ended
 * (completed, abandoned, expired, terminated), a player who was still in it
 * shows the world's end — never 'playing' — and one who had left or moved
 * keeps that. A deleted instance has no players left to count.
 */
export function shownPlayerStatus(playerStatus: string, worldStatus: WorldStatus): string {
  if (worldStatus === 'active') return playerStatus;
  if (playerStatus === 'left game' || playerStatus === 'movedTo') return playerStatus;
  return worldStatus;
}

/** Statuses in the order the pages list their counts. */
const STATUS_ORDER: readonly string[] = [...PLAYER_STATUS_NAMES, ...WORLD_STATUSES];

/**
 * Players counted per shown status (of `shownPlayerStatus`): the Gameplay
 * page's "Total players" and its breakdown. `playing` is those still playing.
 */
export function countPlayerStatuses(players: readonly { status: string }[]): {
  total: number;
  playing: number;
  byStatus: [string, number][];
} {
  const counts = new Map<string, number>();
  for (const player of players) counts.set(player.status, (counts.get(player.status) ?? 0) + 1);
  const rank = (status: string) => {
    const index = STATUS_ORDER.indexOf(status);
    return index === -1 ? STATUS_ORDER.length : index;
  };
  const byStatus = [...counts.entries()].sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
  return { total: players.length, playing: counts.get('playing') ?? 0, byStatus };
}

const instancePlayerSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  /**
   * The clock (issue 28), for a player (or team) with a time limit: the deadline, whether the instance's clock
   * is paused (then `leftMs` is the frozen time left) and whether time is up. Absent without a time limit.
   */
  clock: z
    .object({ deadline: z.string(), paused: z.boolean(), leftMs: z.number().nullable(), timeUp: z.boolean() })
    .optional(),
  /**
   * In a game played in teams, a team's members who have joined, in the team's order (the Instance page's rescue
   * places one of them). Absent for a solo player and in the Gameplay page's list.
   */
  members: z.array(z.object({ id: z.string(), name: z.string() })).optional(),
});

/** One instance in the Gameplay page's table (spec 1 §3 "Game instance (list item)"). */
export const instanceListItemSchema = z.object({
  id: z.string(),
  _id: z.string(),
  multiplayer: z.boolean(),
  gameVersion: instanceGameVersionSchema,
  players: z.array(instancePlayerSchema),
  state: z.object({ worldState: z.object({ status: z.enum(WORLD_STATUSES) }) }),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type InstanceListItem = z.infer<typeof instanceListItemSchema>;

/** GET /api/manage/gameInstances/{gameId}/thin-list: `?status=` keeps instances of that world status. */
export const instanceListQuerySchema = z.object({ status: z.enum(WORLD_STATUSES).optional() });
export const instanceListSchema = z.array(instanceListItemSchema);

/** Which versions' players the Gameplay page shows ("Include instances", spec 1 §2). */
export const PLAYER_STATES_SHOW_TYPES = ['live-only', 'published-only', 'both'] as const;
export type PlayerStatesShowType = (typeof PLAYER_STATES_SHOW_TYPES)[number];
export const playerStatesQuerySchema = z.object({
  showType: z.enum(PLAYER_STATES_SHOW_TYPES).default('both'),
});

const avatarSchema = z.object({ name: z.string(), photo: z.object({ uri: z.string() }).nullable() });

/** A player in the Gameplay page's live map and player-info modal (spec 1 §3 "Player state"). */
export const playerStateItemSchema = z.object({
  /** The player's id in the instance (their user id while the account exists). */
  id: z.string(),
  userId: z.string().nullable(),
  name: z.string(),
  /** Null once the account is deleted (gameplay data are anonymised). */
  email: z.string().nullable(),
  status: z.string(),
  statusWhen: z.string().nullable(),
  currentLocation: latLng.nullable(),
  worldStatus: z.enum(WORLD_STATUSES),
  instanceId: z.string(),
  versionId: z.string(),
  isLiveSpec: z.boolean(),
  avatar: avatarSchema,
  state: z.object({
    status: z.string(),
    avatar: avatarSchema,
    currentSceneId: z.string().nullable(),
    owns: z.object({ item: z.record(z.string(), z.number()), object: z.record(z.string(), z.unknown()) }),
    is: z.object({ attributed: z.record(z.string(), z.union([z.number(), z.string()])) }),
    has: z.object({
      left: z.object({ game: z.object({ when: z.string().nullable() }) }),
      started: z.object({ game: z.object({ when: z.string().nullable() }) }),
    }),
    lastPlayed: z.string(),
  }),
});
export type PlayerStateItem = z.infer<typeof playerStateItemSchema>;
export const playerStatesSchema = z.array(playerStateItemSchema);

/** GET /api/instances/{id}: `?fullState=true` adds every player's state (`state.usersState`). */
export const instanceQuerySchema = z.object({
  fullState: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
    .optional()
    .transform((value) => value === true || value === 'true' || value === '1'),
});

/** One instance on the Instance page (spec 1 §3 "Game instance (full)"). */
export const fullInstanceSchema = z.object({
  id: z.string(),
  _id: z.string(),
  gameId: z.string(),
  notes: z.string(),
  multiplayer: z.boolean(),
  createdAt: isoTime,
  updatedAt: isoTime,
  gameVersion: instanceGameVersionSchema,
  players: z.array(instancePlayerSchema),
  state: z.object({
    /** The engine's world (objects, offers, items, attributes, scenes…) with its status. */
    worldState: z.looseObject({ status: z.enum(WORLD_STATUSES) }),
    /** Each player's engine state with status and avatar, by player id (only with fullState). */
    usersState: z.record(z.string(), z.looseObject({ status: z.string(), avatar: avatarSchema })).optional(),
  }),
  market: z.object({
    available: z.boolean(),
    /** The currency item's id (the first item marked as currency), or null. */
    currency: z.string().nullable(),
    currencyName: z.string(),
    currencyIcon: z.string().nullable(),
  }),
});
export type FullInstance = z.infer<typeof fullInstanceSchema>;

// ─── Operators' calls ────────────────────────────────────────────────────────

/**
 * POST /api/games/{gameId}/send-message (spec 1 §7): with `userId`, to that
 * player; without, to every player of the game's running instances — of
 * `gameVersionId` when given, and of the scene `sceneId` when given ('all' or
 * absent = every scene). Asynchronous messages are also kept for players who
 * are offline (the default, spec 1 §5).
 */
export const sendMessageBodySchema = z.object({
  userId: z.string().trim().nullish(),
  sceneId: z.string().trim().nullish(),
  gameVersionId: z.string().trim().nullish(),
  message: z.string().trim().min(1, OPERATION_MESSAGES.messageRequired).max(2000),
  asynchronous: z.boolean().default(true),
});
export type SendMessageBody = z.input<typeof sendMessageBodySchema>;
/** The scene value that means every scene. */
export const ALL_SCENES = 'all';
/**
 * `delivered`: players reached now over the realtime channel; `stored`: players
 * offline whose message waits for their next view (asynchronous only).
 */
export const sendMessageAnswerSchema = z.object({ delivered: z.number(), stored: z.number() });
export type SendMessageAnswer = z.infer<typeof sendMessageAnswerSchema>;

/** Answer of GET /api/manage/games/{id}/applyExpiration (spec 1 §7). */
export const applyExpirationAnswerSchema = z.object({
  expiredInstances: z.object({ workingVersion: z.number(), publicVersion: z.number() }),
});
export type ApplyExpirationAnswer = z.infer<typeof applyExpirationAnswerSchema>;

/** Answer of POST /api/design/games/{id}/terminateAllInstances. */
export const terminateAllAnswerSchema = z.object({ deleted: z.number() });

/**
 * The Change Game Period form (spec 1 §2, §5): the settings form's rules and
 * messages — a start and a timezone are required, the end (optional) comes
 * after the start; stored in UTC.
 */
export const playingPeriodValuesSchema = z
  .object({
    start: z.union([z.string(), z.date()]).nullish(),
    end: z.union([z.string(), z.date()]).nullish(),
    timezone: z.string().trim().nullish(),
  })
  .transform((value, ctx) => {
    const iso = (field: 'start' | 'end'): string | null => {
      const raw = value[field];
      if (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '')) return null;
      const time = raw instanceof Date ? raw.getTime() : Date.parse(raw.trim());
      if (Number.isNaN(time)) {
        ctx.addIssue({ code: 'custom', path: [field], message: GAME_MESSAGES.invalidDate });
        return null;
      }
      return new Date(time).toISOString();
    };
    const start = iso('start');
    const end = iso('end');
    const timezone = value.timezone ?? '';
    if (value.start == null || value.start === '' || !timezone) {
      ctx.addIssue({ code: 'custom', path: [], message: GAME_MESSAGES.playingPeriodStart });
    } else if (!isValidTimezone(timezone)) {
      ctx.addIssue({ code: 'custom', path: ['timezone'], message: GAME_MESSAGES.unknownTimezone });
    }
    if (start && end && Date.parse(end) <= Date.parse(start)) {
      ctx.addIssue({ code: 'custom', path: ['end'], message: GAME_MESSAGES.playingPeriodEnd });
    }
    return { start: start ?? '', end, timezone };
  });

/** PATCH …/playingPeriod body. */
export const playingPeriodBodySchema = z.object({ playingPeriod: playingPeriodValuesSchema });
export type PlayingPeriodBody = z.input<typeof playingPeriodBodySchema>;
/** Answer of PATCH …/playingPeriod: the game's period now, and how many instances run under it. */
export const playingPeriodAnswerSchema = z.object({
  playingPeriod: instancePlayingPeriodSchema,
  instances: z.number(),
});
export type PlayingPeriodAnswer = z.infer<typeof playingPeriodAnswerSchema>;

/** Parses a deleteWorldStateItem key 'has.{object|offer}.{sceneId}.{id}' (ids hold no dots). */
export function parseWorldStateKey(key: string): { type: 'object' | 'offer'; sceneId: string; id: string } | null {
  const match = /^has\.(object|offer)\.([^.]+)\.([^.]+)$/.exec(key);
  if (!match) return null;
  return { type: match[1] as 'object' | 'offer', sceneId: match[2]!, id: match[3]! };
}
