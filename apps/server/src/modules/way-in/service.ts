/**
 * The players' way in (docs/play.md "The way in"): a game's share panel, the
 * lobby anyone may read at its play link, the games a player plays or played,
 * and the game a typed or scanned code leads to. Whether a game can be joined
 * is answered by the start path's own checks (play/service.ts `joinRefusal`).
 */
import { and, desc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import {
  GAME_TEXTS,
  gameOfCode,
  JOIN_CODE_MESSAGES,
  playLink,
  type GameShare,
  type JoinCodeAnswer,
  type MyGame,
  type PublicLobby,
} from '@loci/domain';
import type { AppContext } from '../../context.js';
import { gameInstances, games, playerStates } from '../../db/schema.js';
import { AppError, fail } from '../../lib/errors.js';
import { loadGame, requireGameRight, type LoadedGame } from '../../policies/games.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { lobbyGameOf, lobbyTextsIn, playingPeriodOf } from '../play/lobby.js';
import { joinRefusal } from '../play/service.js';

/** A visitor without an account, for loading a game whose public fields anyone may read (an id nobody has). */
const NOBODY: CurrentUser = { id: '00000000-0000-0000-0000-000000000000', role: 'player', email: '', name: '' };

/** Only the players the game lists may play it (by account or by email). */
function isRestricted(game: LoadedGame): boolean {
  return game.access.players.length > 0 || game.row.settings.restrictAccessToEmailsText.trim().length > 0;
}

/**
 * GET /api/design/games/{id}/share: the play link, whether a player could
 * join now (and why not), and the passcode for those who may edit the game.
 * 404 for an unknown game, 403 without the view right.
 */
export async function getGameShare({
  ctx,
  user,
  gameId,
}: {
  ctx: AppContext;
  user: CurrentUser;
  gameId: string;
}): Promise<GameShare> {
  const game = await requireGameRight({ ctx, user, gameId, right: 'view' });
  const settings = game.row.settings;
  const { refusal } = await joinRefusal(ctx, game, null);
  return {
    gameId: game.row.id,
    title: settings.title,
    playUrl: playLink(ctx.config.publicUrl, game.row.id),
    passcode: game.rights.includes('edit') && settings.playPassword ? settings.playPassword : null,
    hasPasscode: Boolean(settings.playPassword),
    published: game.row.publicVersionId !== null,
    restricted: isRestricted(game),
    playingPeriod: playingPeriodOf(settings),
    joinable: refusal === null,
    refusal,
  };
}

/**
 * GET /api/play/games/{gameId}/public: the lobby anyone may read (no account
 * needed) of a game with a published version. 404 'Game not found. Sorry.'
 * for an unknown game and for a game without one (as for the signed-in lobby).
 */
export async function getPublicLobby({
  ctx,
  gameId,
  languages = [],
}: {
  ctx: AppContext;
  gameId: string;
  /** The languages the visitor reads, best first (Accept-Language): the game's texts follow them. */
  languages?: readonly string[];
}): Promise<PublicLobby> {
  // No rights are asked: the answer is the same for everyone (no spec, no passcode, no email).
  const game = await loadGame({ ctx, user: NOBODY, gameId });
  if (game.row.publicVersionId === null) throw fail.notFound(GAME_TEXTS.gameNotFound);
  const settings = game.row.settings;
  const { refusal } = await joinRefusal(ctx, game, null);
  return {
    game: lobbyGameOf(game.row, await lobbyTextsIn(ctx, game.row, languages)),
    needsPasscode: Boolean(settings.playPassword),
    restricted: isRestricted(game),
    refusal,
  };
}

/**
 * GET /api/play/my-games: the games the caller plays or played (published
 * versions; playtests are the designers' own business), newest first, one
 * line per game with the caller's newest instance of it.
 */
export async function listMyGames({ ctx, user }: { ctx: AppContext; user: CurrentUser }): Promise<MyGame[]> {
  const rows = await ctx.db
    .select({
      gameId: games.id,
      settings: games.settings,
      instanceId: gameInstances.id,
      status: gameInstances.status,
      playerStatus: playerStates.status,
      joinedAt: playerStates.joinedAt,
    })
    .from(playerStates)
    .innerJoin(gameInstances, eq(gameInstances.id, playerStates.instanceId))
    .innerJoin(games, eq(games.id, gameInstances.gameId))
    .where(
      and(eq(playerStates.userId, user.id), eq(gameInstances.isLiveSpec, false), ne(playerStates.status, 'movedTo')),
    )
    .orderBy(desc(playerStates.joinedAt))
    .limit(200);
  const seen = new Set<string>();
  const answer: MyGame[] = [];
  for (const row of rows) {
    // Newest first: an active instance of a game is shown before an older, finished one.
    if (seen.has(row.gameId)) continue;
    seen.add(row.gameId);
    answer.push({
      gameId: row.gameId,
      title: row.settings.title,
      logoId: row.settings.logoId ?? null,
      instanceId: row.instanceId,
      status: row.status,
      playerStatus: row.playerStatus,
      resumable: row.status === 'active',
      joinedAt: row.joinedAt.toISOString(),
    });
  }
  return answer;
}

/**
 * POST /api/play/join-code: the game a typed or scanned code leads to. A play
 * link, a deep link or a game id names its game (404 when there is no such
 * game or the caller does not see its lobby); anything else is a passcode,
 * looked up among the published games that are not archived (404 when none
 * has it, 409 when several do).
 */
export async function resolveJoinCode({
  ctx,
  user,
  code,
}: {
  ctx: AppContext;
  user: CurrentUser;
  code: string;
}): Promise<JoinCodeAnswer> {
  const named = gameOfCode(code);
  if (named) {
    const game = await loadGame({ ctx, user, gameId: named.gameId }).catch((error: unknown) => {
      if (error instanceof AppError) return null;
      throw error;
    });
    if (!game || (game.row.publicVersionId === null && !game.rights.includes('view'))) {
      throw fail.notFound(JOIN_CODE_MESSAGES.notFound);
    }
    return { gameId: game.row.id, passcode: null, deepLink: named.deepLink };
  }
  const passcode = code.trim();
  const found = await ctx.db
    .select({ id: games.id })
    .from(games)
    .where(
      and(
        isNotNull(games.publicVersionId),
        eq(games.isArchived, false),
        sql`${games.settings}->>'playPassword' = ${passcode}`,
      ),
    )
    .limit(2);
  if (found.length === 0) throw fail.notFound(JOIN_CODE_MESSAGES.notFound);
  if (found.length > 1) throw fail.conflict(JOIN_CODE_MESSAGES.ambiguous);
  return { gameId: found[0]!.id, passcode, deepLink: null };
}
