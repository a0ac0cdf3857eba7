/**
 * Leaderboards (spec 1 §3 `rankings`): the players of one game version ranked
 * by the engine's `rankPlayers` (currency, then milestones, then time to
 * complete). Players see their version's board once their game is over (or
 * during play with `showBeforeComplete`); operators with the manage right see
 * any version's board on the Gameplay page. Only with `rankings.available`.
 */
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { PLAY_MESSAGES, RANKINGS_LIMIT, type GameSpec, type RankingsAnswer } from '@loci/domain';
import { rankPlayers, type RankedPlayer } from '@loci/engine';
import type { AppContext } from '../../context.js';
import { gameVersions, playerStates, type GameRow } from '../../db/schema.js';
import { fail } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import { loadGame, requireGameRight } from '../../policies/games.js';
import { findInstanceAndPlayer, playRefusal } from '../../policies/play.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { specOfInstance, specOfVersion } from '../runtime/store.js';

/** 404 NO_RANKINGS unless the game has a leaderboard. */
function assertRankingsAvailable(settings: GameRow['settings']): void {
  if (settings.rankings?.available !== true) {
    throw playRefusal('NO_RANKINGS', PLAY_MESSAGES.noRankings, { status: 'NOT_FOUND' });
  }
}

/**
 * The board of `versionId`: every player who started one of its instances
 * (those moved to another instance count there), the first RANKINGS_LIMIT and
 * the caller's own entry when it ranks lower. Reads only the parts of each
 * player's state that ranking needs.
 */
async function boardOf(
  ctx: AppContext,
  versionId: string,
  spec: GameSpec,
  callerPlayer: { instanceId: string; playerId: string } | null,
): Promise<RankingsAnswer> {
  const rows = await ctx.db
    .select({
      instanceId: playerStates.instanceId,
      playerId: playerStates.playerId,
      name: playerStates.name,
      items: sql<Record<string, number> | null>`${playerStates.state}->'items'`,
      milestones: sql<Record<string, string> | null>`${playerStates.state}->'milestones'`,
      finished: sql<{ when: string; completed: boolean } | null>`${playerStates.state}->'finished'`,
      startedWhen: sql<string | null>`${playerStates.state}->>'startedWhen'`,
    })
    .from(playerStates)
    .where(
      and(
        eq(playerStates.versionId, versionId),
        ne(playerStates.status, 'movedTo'),
        isNotNull(sql`${playerStates.state}->>'startedWhen'`),
      ),
    );
  const players: RankedPlayer[] = rows.map((row) => ({
    name: row.name,
    state: {
      items: row.items ?? {},
      milestones: row.milestones ?? {},
      finished: row.finished ?? null,
      startedWhen: row.startedWhen,
    },
    you: callerPlayer !== null && row.instanceId === callerPlayer.instanceId && row.playerId === callerPlayer.playerId,
  }));
  const ranked = rankPlayers(spec, players);
  const entries = ranked.slice(0, RANKINGS_LIMIT);
  const own = ranked.findIndex((entry) => entry.you);
  if (own >= RANKINGS_LIMIT) entries.push(ranked[own]!);
  const market = spec.game?.market === true;
  return { versionId, currencyName: market ? (spec.game?.currencyName ?? '') : '', total: ranked.length, entries };
}

/** GET /play/instances/{instanceId}/rankings: the board of the caller's version, by the game's rankings settings. */
export async function playerRankings({
  ctx,
  user,
  instanceId,
}: {
  ctx: AppContext;
  user: CurrentUser;
  instanceId: string;
}): Promise<RankingsAnswer> {
  const { instance, player } = await findInstanceAndPlayer(ctx, user, instanceId);
  const game = await loadGame({ ctx, user, gameId: instance.gameId });
  const { settings } = game.row;
  assertRankingsAvailable(settings);
  const over = instance.status !== 'active' || player.state.finished !== null;
  if (!settings.rankings.showBeforeComplete && !over) {
    throw playRefusal('RANKINGS_AFTER_END', PLAY_MESSAGES.rankingsAfterEnd);
  }
  const spec = await specOfInstance(ctx, instance);
  return boardOf(ctx, instance.versionId, spec, { instanceId: instance.id, playerId: player.playerId });
}

/** GET /manage/game-versions/{versionId}/rankings: any version's board for the Gameplay page (manage right). */
export async function versionRankings({
  ctx,
  user,
  versionId,
}: {
  ctx: AppContext;
  user: CurrentUser;
  versionId: string;
}): Promise<RankingsAnswer> {
  if (!isUuid(versionId)) throw fail.notFound(PLAY_MESSAGES.versionNotFound);
  const [version] = await ctx.db.select().from(gameVersions).where(eq(gameVersions.id, versionId)).limit(1);
  if (!version) throw fail.notFound(PLAY_MESSAGES.versionNotFound);
  const game = await requireGameRight({ ctx, user, gameId: version.gameId, right: 'manage' });
  assertRankingsAvailable(game.row.settings);
  const spec = await specOfVersion(ctx.db, game.row, version);
  return boardOf(ctx, version.id, spec, null);
}
