/**
 * Leaderboards (spec 1 §3 `rankings`): the players of one game version ranked
 * by the engine's `rankPlayers` (currency, then milestones, then time to
 * complete). Players see their version's board once their game is over (or
 * during play with `showBeforeComplete`); operators with the manage right see
 * any version's board on the Gameplay page. Only with `rankings.available` in
 * the version's spec (like every setting, it takes effect when published).
 */
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { PLAY_MESSAGES, RANKINGS_LIMIT, type GameSpec, type RankingsAnswer } from '@loci/domain';
import { rankPlayers, type RankedPlayer } from '@loci/engine';
import type { AppContext } from '../../context.js';
import { gameVersions, playerStates } from '../../db/schema.js';
import { fail } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import { requireGameRight } from '../../policies/games.js';
import { findInstanceAndPlayer, playRefusal } from '../../policies/play.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { specOfInstance, specOfVersion } from '../runtime/specs.js';

/** A spec's leaderboard settings (off for specs saved before them). */
export function rankingsOf(game: Partial<GameSpec['game']>): GameSpec['game']['rankings'] {
  return {
    available: game.rankings?.available === true,
    showBeforeComplete: game.rankings?.showBeforeComplete === true,
  };
}

/** 404 NO_RANKINGS unless the version's game has a leaderboard. */
function assertRankingsAvailable(spec: GameSpec): void {
  if (!rankingsOf(spec.game).available) {
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
      userId: playerStates.userId,
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
    // A player who played several games of the version is one row, by their best.
    key: row.userId ?? `${row.instanceId}:${row.playerId}`,
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
  const spec = await specOfInstance(ctx, instance);
  assertRankingsAvailable(spec);
  const over = instance.status !== 'active' || player.state.finished !== null;
  if (!rankingsOf(spec.game).showBeforeComplete && !over) {
    throw playRefusal('RANKINGS_AFTER_END', PLAY_MESSAGES.rankingsAfterEnd);
  }
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
  const spec = await specOfVersion(ctx.db, game.row, version);
  assertRankingsAvailable(spec);
  return boardOf(ctx, version.id, spec, null);
}
