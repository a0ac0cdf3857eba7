/**
 * Who may play what (docs/play.md "Who may play"), for the player API and
 * every module that asks: the domain's pure play rights (playRights,
 * seesPlayLobby) applied to a game loaded by ./games.ts.
 */
import type { PLAY_ERROR_CODES } from '@loci/domain';
import { GAME_TEXTS, mediaTypeOf, PLAY_MESSAGES, playRights, profileRefusal, seesPlayLobby } from '@loci/domain';
import type { SubmissionMediaType } from '@loci/engine';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import {
  gameInstances,
  media,
  playerStates,
  teamMembers,
  users,
  type GameInstanceRow,
  type GameVersionRow,
  type PlayerStateRow,
} from '../db/schema.js';
import { isUuid } from '../lib/uuid.js';
import { AppError, fail } from '../lib/errors.js';
import type { CurrentUser } from '../plugins/auth.js';
import type { ClientPlayerEvent } from '../modules/runtime/player-event.js';
import { loadGame, type LoadedGame } from './games.js';

/**
 * A refusal with one of the player API's own error codes, at its status in ERROR_TABLE (@loci/domain).
 * `status` is the table's already and no longer read (callers in play/service.ts still pass it).
 */
export function playRefusal(
  code: keyof typeof PLAY_ERROR_CODES,
  message: string,
  options: { status?: 'FORBIDDEN' | 'CONFLICT' | 'NOT_FOUND'; errors?: Record<string, string> } = {},
): AppError {
  return new AppError(code, message, options.errors ? { errors: options.errors } : {});
}

/** The caller's standing towards a game for playing it. */
export interface PlayAccess {
  /** Admins, owner, co-designers, authorised testers: may play the working version (and get debug). */
  playWorking: boolean;
  /** May play the published versions (authorised players when the game lists them). */
  playPublished: boolean;
  /** Holds the edit right: designer-only versions, no passcode. */
  editor: boolean;
  /** Sees the game's lobby at all: anyone else is told there is no such game. */
  seesLobby: boolean;
}

export function playAccessOf(user: CurrentUser, game: LoadedGame): PlayAccess {
  const who = { id: user.id, role: user.role, email: user.email };
  const what = {
    userId: game.row.ownerId ?? '',
    additionalDesigners: game.access.designers,
    designerOnlyAccessUserIds: game.access.testers,
    authorisedPlayerIds: game.access.players,
    restrictAccessToEmailsText: game.row.settings.restrictAccessToEmailsText,
    publicAccess: game.row.publicAccess,
    // An unpublished game (never, or withdrawn) offers none of its versions to players.
    publicVersionId: game.row.publicVersionId,
  };
  return { ...playRights(who, what), editor: game.rights.includes('edit'), seesLobby: seesPlayLobby(who, what) };
}

/** The game, with the caller's standing, when the caller sees its lobby; 404 'Game not found. Sorry.' otherwise. */
export async function loadPlayableGame(
  ctx: AppContext,
  user: CurrentUser,
  gameId: string,
): Promise<{ game: LoadedGame; access: PlayAccess }> {
  const game = await loadGame({ ctx, user, gameId });
  const access = playAccessOf(user, game);
  if (!access.seesLobby) throw fail.notFound(GAME_TEXTS.gameNotFound);
  return { game, access };
}

/**
 * 403 NOT_AUTHORISED unless the caller may play `version`: the working version
 * and a version of an unpublished game are for those who may playtest (an
 * owner-only version for editors), a published version for its players.
 */
export function assertMayPlay(
  version: Pick<GameVersionRow, 'isLiveSpec' | 'restrictAccessToDesigner'>,
  access: PlayAccess,
): void {
  if (version.isLiveSpec) {
    if (!access.playWorking) throw playRefusal('NOT_AUTHORISED', PLAY_MESSAGES.workingVersionOnly);
    return;
  }
  if (version.restrictAccessToDesigner && !access.editor) {
    throw playRefusal('NOT_AUTHORISED', PLAY_MESSAGES.designerOnlyVersion);
  }
  if (!access.playPublished && !access.playWorking) throw playRefusal('NOT_AUTHORISED', PLAY_MESSAGES.notAuthorised);
}

/**
 * 403 AGE_NOT_ALLOWED / PROFILE_INCOMPLETE when the caller's profile (account
 * page: birth date, sex, photo) keeps them out of the game's ages, adults-only,
 * sexRequired or photoRequired (domain `profileRefusal`). The game's editors are not checked:
 * they playtest their own game whatever its audience.
 */
export async function assertProfileAdmits(
  ctx: AppContext,
  user: CurrentUser,
  game: LoadedGame,
  access: PlayAccess,
): Promise<void> {
  if (access.editor) return;
  const [profile] = await ctx.db
    .select({ birthDate: users.birthDate, sex: users.sex, photoId: users.photoId })
    .from(users)
    .where(eq(users.id, user.id));
  const refusal = profileRefusal(game.row.settings, profile ?? { birthDate: null, sex: null }, ctx.now());
  if (refusal) throw playRefusal(refusal.code, refusal.message);
}

/** Debug answers are for playtests: a working-version instance and a caller who may play the working version. */
export async function mayDebug(
  ctx: AppContext,
  user: CurrentUser,
  instance: GameInstanceRow,
  db: Executor = ctx.db,
): Promise<boolean> {
  if (!instance.isLiveSpec) return false;
  const game = await loadGame({ ctx, user, gameId: instance.gameId, db });
  return playAccessOf(user, game).playWorking;
}

/**
 * The condition that finds the caller's own player row in an instance: the row of their account, or — in a game
 * played in teams — the row of the team they are a member of (a team is one engine player; docs/outings.md).
 */
export function ownPlayerRow(userId: string): SQL {
  return or(
    eq(playerStates.userId, userId),
    eq(
      playerStates.playerId,
      sql`(select ${teamMembers.teamId} from ${teamMembers} where ${teamMembers.instanceId} = ${playerStates.instanceId} and ${teamMembers.userId} = ${userId})`,
    ),
  )!;
}

/** The instance and the caller's row in it: 404 without the instance, 403 NOT_A_PLAYER without the row. */
export async function findInstanceAndPlayer(
  ctx: AppContext,
  user: CurrentUser,
  instanceId: string,
): Promise<{ instance: GameInstanceRow; player: PlayerStateRow }> {
  if (!isUuid(instanceId)) throw fail.notFound(PLAY_MESSAGES.instanceNotFound);
  const [found] = await ctx.db
    .select({ instance: gameInstances, player: playerStates })
    .from(gameInstances)
    .leftJoin(playerStates, and(eq(playerStates.instanceId, gameInstances.id), ownPlayerRow(user.id)))
    .where(eq(gameInstances.id, instanceId))
    .orderBy(asc(playerStates.joinedAt))
    .limit(1);
  if (!found) throw fail.notFound(PLAY_MESSAGES.instanceNotFound);
  if (!found.player) throw playRefusal('NOT_A_PLAYER', PLAY_MESSAGES.notAPlayer);
  return { instance: found.instance, player: found.player };
}

/**
 * The active instance the caller plays (for their uploads): 404 without it,
 * 403 NOT_A_PLAYER, 409 INSTANCE_NOT_ACTIVE once it is over.
 */
export async function requireActivePlay(
  ctx: AppContext,
  user: CurrentUser,
  instanceId: string,
): Promise<GameInstanceRow> {
  const { instance } = await findInstanceAndPlayer(ctx, user, instanceId);
  if (instance.status !== 'active') {
    throw playRefusal('INSTANCE_NOT_ACTIVE', PLAY_MESSAGES.instanceNotActive, { status: 'CONFLICT' });
  }
  return instance;
}

// ─── A player's event ────────────────────────────────────────────────────────

/**
 * 409 OTHER_DEVICE when the game binds a player to one device and the row is
 * bound to another one; else the device to bind a row not bound yet to (a
 * game that turned the restriction on after the player joined), or null.
 */
export function deviceToBind(row: PlayerStateRow, enforce: boolean, deviceId: string | null): string | null {
  if (!enforce) return null;
  if (row.deviceId && row.deviceId !== deviceId) {
    throw playRefusal('OTHER_DEVICE', PLAY_MESSAGES.otherDevice, { status: 'CONFLICT' });
  }
  return row.deviceId ? null : deviceId;
}

/** What a player's event read before its step (runtime/player-event.ts): the admission decides on it. */
export interface PlayerEventRead {
  row: GameInstanceRow;
  player: PlayerStateRow;
  /** The caller's account, read with the instance (the auth lookup is folded into the event's read). */
  user: CurrentUser;
  /** The game's current single-device setting. */
  enforceSingleDevice: boolean;
}

/** What the admission of a player's event decides before the step. */
export interface PlayerEventAdmission {
  /** Trace every rule (playtests with debug). */
  traceAllRules: boolean;
  /** The event to run: the client's, completed where the server knows more (a medium's kind). */
  event: ClientPlayerEvent;
  /** Binds the player to this device with the event's write (games that enforce a single device), or null. */
  bindDevice: string | null;
}

/**
 * Whether a player's event may run, and how: 409 OTHER_DEVICE on another
 * device than the one the player is bound to (games that enforce a single
 * device), the debug right of a playtest, and a submission's medium (400
 * unless it is the caller's own upload in this instance). `db` is the
 * event's transaction on the locking path.
 */
export async function admitPlayerEvent(
  ctx: AppContext,
  db: Executor,
  read: PlayerEventRead,
  request: { event: ClientPlayerEvent; deviceId: string | null },
): Promise<PlayerEventAdmission> {
  const { row, player, user, enforceSingleDevice } = read;
  const bindDevice = deviceToBind(player, enforceSingleDevice, request.deviceId);
  const traceAllRules = await mayDebug(ctx, user, row, db);
  if (request.event.type !== 'submission') return { traceAllRules, bindDevice, event: request.event };
  const mediaType = await submittedMediaType(db, user, row, request.event.mediaId);
  return { traceAllRules, bindDevice, event: mediaType ? { ...request.event, mediaType } : request.event };
}

/**
 * The kind of the medium a submission carries, read from the player's own
 * upload in this instance (POST /api/play/instances/{id}/media): the engine
 * checks it against the kinds the mission accepts. A medium that is not the
 * caller's upload in this instance is refused (400 under `mediaId`).
 */
async function submittedMediaType(
  db: Executor,
  user: CurrentUser,
  instance: GameInstanceRow,
  mediaId: string | undefined,
): Promise<SubmissionMediaType | null> {
  if (mediaId === undefined) return null;
  const [row] = isUuid(mediaId)
    ? await db
        .select({ mimetype: media.mimetype })
        .from(media)
        .where(and(eq(media.id, mediaId), eq(media.instanceId, instance.id), eq(media.uploadedBy, user.id)))
        .limit(1)
    : [];
  const kind = row ? mediaTypeOf(row.mimetype) : null;
  if (kind !== 'image' && kind !== 'video' && kind !== 'audio') {
    throw fail.validation({ mediaId: PLAY_MESSAGES.unknownUpload }, PLAY_MESSAGES.unknownUpload);
  }
  return kind;
}
