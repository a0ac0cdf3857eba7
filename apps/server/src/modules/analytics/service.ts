import { and, asc, eq, ne } from 'drizzle-orm';
import { PLAY_MESSAGES, type AnalyticsEntry } from '@loci/domain';
import { RECORD_NAMES, type AnalyticsRecord, type RecordName } from '@loci/engine';
import type { AppContext } from '../../context.js';
import { gameInstances, gameplayRecords, gameVersions, playerStates } from '../../db/schema.js';
import { fail } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import { requireGameRight } from '../../policies/games.js';
import type { CurrentUser } from '../../plugins/auth.js';

/** Every record name of spec 3 §3, each with an empty list: the page reads them all without checking. */
function emptyEvents(): Record<RecordName, AnalyticsRecord[]> {
  return Object.fromEntries(Object.values(RECORD_NAMES).map((name) => [name, []])) as unknown as Record<
    RecordName,
    AnalyticsRecord[]
  >;
}

/**
 * GET /api/analytics/{versionId} (spec 3 §3, §7): one entry per player of the
 * version — a player of two instances of it counts twice, once per instance —
 * with their records grouped by name, oldest first. Players of abandoned
 * instances are left out unless `includeAbandoned`. Manage right on the game.
 *
 * Two queries whatever the number of players (players, then records), grouped
 * in memory: the records of one version are read in index order
 * (gameplay_records_version_idx).
 */
export async function getAnalytics({
  ctx,
  user,
  versionId,
  includeAbandoned,
}: {
  ctx: AppContext;
  user: CurrentUser;
  versionId: string;
  includeAbandoned: boolean;
}): Promise<AnalyticsEntry[]> {
  if (!isUuid(versionId)) throw fail.notFound(PLAY_MESSAGES.versionNotFound);
  const [version] = await ctx.db
    .select({ gameId: gameVersions.gameId })
    .from(gameVersions)
    .where(eq(gameVersions.id, versionId))
    .limit(1);
  if (!version) throw fail.notFound(PLAY_MESSAGES.versionNotFound);
  await requireGameRight({ ctx, user, gameId: version.gameId, right: 'manage' });

  const players = await ctx.db
    .select({
      instanceId: playerStates.instanceId,
      playerId: playerStates.playerId,
      userId: playerStates.userId,
      name: playerStates.name,
      status: playerStates.status,
      instanceStatus: gameInstances.status,
    })
    .from(playerStates)
    .innerJoin(gameInstances, eq(gameInstances.id, playerStates.instanceId))
    .where(
      and(eq(playerStates.versionId, versionId), includeAbandoned ? undefined : ne(gameInstances.status, 'abandoned')),
    )
    .orderBy(asc(playerStates.joinedAt));
  if (players.length === 0) return [];

  const entries = new Map<string, AnalyticsEntry & { events: Record<RecordName, AnalyticsRecord[]> }>();
  for (const player of players) {
    entries.set(`${player.instanceId}/${player.playerId}`, {
      userId: player.userId,
      avatar: { name: player.name },
      playerId: player.playerId,
      instanceId: player.instanceId,
      status: player.status,
      instanceStatus: player.instanceStatus,
      events: emptyEvents(),
    });
  }
  const records = await ctx.db
    .select({
      instanceId: gameplayRecords.instanceId,
      playerId: gameplayRecords.playerId,
      name: gameplayRecords.name,
      record: gameplayRecords.record,
    })
    .from(gameplayRecords)
    .where(eq(gameplayRecords.versionId, versionId))
    .orderBy(asc(gameplayRecords.playerId), asc(gameplayRecords.id));
  for (const row of records) {
    const entry = entries.get(`${row.instanceId}/${row.playerId}`);
    // Records of players left out (abandoned instances) find no entry.
    (entry?.events[row.name] ?? []).push(row.record);
  }
  return [...entries.values()];
}
