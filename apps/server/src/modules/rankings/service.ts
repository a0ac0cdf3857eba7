/**
 * Leaderboards (spec 1 §3 `rankings`): the players of one game version ranked
 * by the engine's `rankPlayers` (currency, then milestones, then time to
 * complete). Players see their version's board once their game is over (or
 * during play with `showBeforeComplete`); operators with the manage right see
 * any version's board on the Gameplay page. Only with `rankings.available` in
 * the version's spec (like every setting, it takes effect when published).
 */
import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import {
  PLAY_MESSAGES,
  RANKINGS_LIMIT,
  type GameSpec,
  type MemberContribution,
  type RankingsAnswer,
} from '@loci/domain';
import { RECORD_NAMES, rankPlayers, type RankedPlayer } from '@loci/engine';
import type { AppContext } from '../../context.js';
import { gameVersions, gameplayRecords, playerStates, teamMembers } from '../../db/schema.js';
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
  const members = await teamContributions(ctx, versionId, [...new Set(rows.map((row) => row.instanceId))]);
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
    ...(members.has(`${row.instanceId}:${row.playerId}`)
      ? { members: members.get(`${row.instanceId}:${row.playerId}`)! }
      : {}),
  }));
  const ranked = rankPlayers(spec, players);
  const entries = ranked.slice(0, RANKINGS_LIMIT);
  const own = ranked.findIndex((entry) => entry.you);
  if (own >= RANKINGS_LIMIT) entries.push(ranked[own]!);
  const market = spec.game?.market === true;
  return { versionId, currencyName: market ? (spec.game?.currencyName ?? '') : '', total: ranked.length, entries };
}

/**
 * Each team's members who joined, by `instanceId:teamId`, with what each did for the team (records name the
 * member who acted): how many recorded actions, questions answered (a question, or a quiz's question) and of
 * those correct, missions accomplished; most actions first — what the leaderboard lists under a team.
 */
export async function teamContributions(
  ctx: AppContext,
  versionId: string,
  instanceIds: string[],
): Promise<Map<string, MemberContribution[]>> {
  const byTeam = new Map<string, MemberContribution[]>();
  if (instanceIds.length === 0) return byTeam;
  const people = await ctx.db
    .select({
      instanceId: teamMembers.instanceId,
      teamId: teamMembers.teamId,
      id: teamMembers.id,
      name: teamMembers.name,
    })
    .from(teamMembers)
    .where(
      and(inArray(teamMembers.instanceId, instanceIds), isNotNull(teamMembers.userId), isNotNull(teamMembers.teamId)),
    );
  if (people.length === 0) return byTeam;
  // An answer: a question's record, or a quiz's record of one question answered.
  const answer = sql`(${gameplayRecords.name} = ${RECORD_NAMES.answeredQuestion} or (${gameplayRecords.name} = ${RECORD_NAMES.quiz} and ${gameplayRecords.record}->>'status' = 'answered'))`;
  const counted = await ctx.db
    .select({
      instanceId: gameplayRecords.instanceId,
      memberId: sql<string>`${gameplayRecords.record}->'member'->>'id'`,
      actions: sql<number>`count(*)::int`,
      answered: sql<number>`count(*) filter (where ${answer})::int`,
      correct: sql<number>`count(*) filter (where ${answer} and (${gameplayRecords.record}->>'correct')::boolean)::int`,
      missions: sql<number>`count(*) filter (where ${gameplayRecords.name} = ${RECORD_NAMES.mission} and ${gameplayRecords.record}->>'status' = 'completed' and ${gameplayRecords.record}->>'subMissionId' is null)::int`,
    })
    .from(gameplayRecords)
    .where(
      and(
        eq(gameplayRecords.versionId, versionId),
        inArray(gameplayRecords.instanceId, [...new Set(people.map((person) => person.instanceId))]),
        isNotNull(sql`${gameplayRecords.record}->'member'`),
      ),
    )
    .groupBy(gameplayRecords.instanceId, sql`${gameplayRecords.record}->'member'->>'id'`);
  const countsOf = new Map(counted.map((row) => [`${row.instanceId}:${row.memberId}`, row]));
  for (const person of people) {
    const key = `${person.instanceId}:${person.teamId}`;
    const list = byTeam.get(key) ?? [];
    const counts = countsOf.get(`${person.instanceId}:${person.id}`);
    list.push({
      name: person.name,
      actions: counts?.actions ?? 0,
      answered: counts?.answered ?? 0,
      correct: counts?.correct ?? 0,
      missions: counts?.missions ?? 0,
    });
    byTeam.set(key, list);
  }
  for (const list of byTeam.values()) list.sort((a, b) => b.actions - a.actions || a.name.localeCompare(b.name));
  return byTeam;
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
