import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { StuckList, StuckPlayer, StuckReason } from '@loci/domain';
import type { AppContext } from '../../context.js';
import { gameInstances, playerStates } from '../../db/schema.js';
import { requireGameRight } from '../../policies/games.js';
import type { CurrentUser } from '../../plugins/auth.js';

/** One playing player as the stuck query reads them. */
export interface StuckCandidate {
  instanceId: string;
  playerId: string;
  name: string;
  updatedAt: Date;
  startedWhen: string | null;
  currentSceneId: string | null;
  pending: number;
  lastMilestone: string | null;
  lastRecord: string | null;
  lastRecordAt: Date | null;
}

const latest = (...times: Array<string | null>): string | null =>
  times.reduce<string | null>((best, time) => {
    if (time === null) return best;
    return best === null || Date.parse(time) > Date.parse(best) ? time : best;
  }, null);

/**
 * Why a playing player is stuck at `now` (empty when they are not): no
 * progress — no gameplay record, no milestone, since the start — for
 * `minutes`; a dialog open with no event from the player for `minutes`; or in
 * no scene at all. Pure, for the query's rows.
 */
export function stuckOf(candidate: StuckCandidate, now: Date, minutes: number): StuckPlayer | null {
  const limit = now.getTime() - minutes * 60_000;
  const lastProgressAt = latest(
    candidate.lastRecordAt?.toISOString() ?? null,
    candidate.lastMilestone,
    candidate.startedWhen,
  );
  const reasons: StuckReason[] = [];
  if (lastProgressAt !== null && Date.parse(lastProgressAt) < limit) reasons.push('noProgress');
  const dialogOpen = candidate.pending > 0 && candidate.updatedAt.getTime() < limit;
  if (dialogOpen) reasons.push('dialogOpen');
  if (candidate.currentSceneId === null) reasons.push('outOfScenes');
  if (reasons.length === 0) return null;
  return {
    instanceId: candidate.instanceId,
    playerId: candidate.playerId,
    name: candidate.name,
    reasons,
    lastProgressAt,
    lastRecord: candidate.lastRecord,
    currentSceneId: candidate.currentSceneId,
    dialogSince: dialogOpen ? candidate.updatedAt.toISOString() : null,
  };
}

/** The last gameplay record of the row's player (the records' index is by version, player and id). */
const lastRecordField = (field: 'name' | 'when') =>
  sql.raw(`(select r."${field}" from gameplay_records r
    where r.version_id = player_states.version_id and r.player_id = player_states.player_id
      and r.instance_id = player_states.instance_id
    order by r.id desc limit 1)`);

/**
 * The stuck players of a game's active instances (manage right), read in ONE
 * query: every started, playing player with their last record and last
 * milestone; `stuckOf` then keeps the stuck ones, longest stuck first.
 */
export async function listStuckPlayers({
  ctx,
  user,
  gameId,
  minutes,
}: {
  ctx: AppContext;
  user: CurrentUser;
  gameId: string;
  minutes: number;
}): Promise<StuckList> {
  await requireGameRight({ ctx, user, gameId, right: 'manage' });
  const state = playerStates.state;
  const candidates = await ctx.db
    .select({
      instanceId: playerStates.instanceId,
      playerId: playerStates.playerId,
      name: playerStates.name,
      updatedAt: playerStates.updatedAt,
      startedWhen: sql<string | null>`${state}->>'startedWhen'`,
      currentSceneId: sql<string | null>`${state}->>'currentSceneId'`,
      pending: sql<number>`coalesce(jsonb_array_length(${state}->'pending'), 0)::int`,
      lastMilestone: sql<string | null>`(select max(value) from jsonb_each_text(${state}->'milestones'))`,
      lastRecord: sql<string | null>`${lastRecordField('name')}`,
      lastRecordAt: sql<string | null>`${lastRecordField('when')}`,
    })
    .from(playerStates)
    .innerJoin(gameInstances, eq(gameInstances.id, playerStates.instanceId))
    .where(
      and(
        eq(playerStates.gameId, gameId),
        eq(gameInstances.status, 'active'),
        eq(playerStates.status, 'playing'),
        isNotNull(sql`${state}->>'startedWhen'`),
      ),
    );
  const now = ctx.now();
  const players = candidates
    .map((candidate) =>
      stuckOf(
        {
          ...candidate,
          updatedAt: new Date(candidate.updatedAt),
          lastRecordAt: candidate.lastRecordAt ? new Date(candidate.lastRecordAt) : null,
        },
        now,
        minutes,
      ),
    )
    .filter((player): player is StuckPlayer => player !== null)
    .sort((a, b) => (a.lastProgressAt ?? '').localeCompare(b.lastProgressAt ?? ''));
  return { minutes, players };
}
