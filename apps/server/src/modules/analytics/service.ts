import { sql } from 'drizzle-orm';
import { RECORD_NAMES } from '@loci/engine';
import type { AppContext } from '../../context.js';
import { gameInstances, gameplayRecords, playerStates } from '../../db/schema.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { requireManagedVersion } from './map-service.js';

/** Every record name of spec 3 §3 as a PostgreSQL array literal: the answer lists them all, the page reads them without checking. */
const RECORD_LIST = `{${Object.values(RECORD_NAMES)
  .map((name) => `"${name}"`)
  .join(',')}}`;

/**
 * GET /api/analytics/{versionId} (spec 3 §3, §7): one entry per player of the
 * version — a player of two instances of it counts twice, once per instance —
 * with their records grouped by name, oldest first, in the order the players
 * joined. Players of abandoned instances are left out unless
 * `includeAbandoned`. Manage right on the game.
 *
 * The answer is built by PostgreSQL in ONE query (records read in index order,
 * gameplay_records_version_idx, grouped by player and name with json_agg) and
 * comes back as the JSON text of the `analytics` list: a version with 100,000
 * records answers without the server building (and serialising again) an
 * object per record (bench/operators.bench.mjs).
 */
export async function getAnalyticsJson({
  ctx,
  user,
  versionId,
  includeAbandoned,
}: {
  ctx: AppContext;
  user: CurrentUser;
  versionId: string;
  includeAbandoned: boolean;
}): Promise<string> {
  await requireManagedVersion(ctx, user, versionId);
  // Both drivers (node-postgres, PGlite) answer raw SQL with `rows`.
  const { rows } = (await ctx.db.execute(sql`
    with players as (
      select p.instance_id, p.player_id, p.user_id, p.name, p.status, i.status as instance_status,
        row_number() over (order by p.joined_at) as n
      from ${playerStates} p join ${gameInstances} i on i.id = p.instance_id
      where p.version_id = ${versionId} and (${includeAbandoned} or i.status <> 'abandoned')
    ), by_name as (
      select r.instance_id, r.player_id, r.name, json_agg(r.record order by r.id) as records
      from ${gameplayRecords} r
      where r.version_id = ${versionId}
      group by r.instance_id, r.player_id, r.name
    ), events as (
      -- Every record name, each with its list (empty when the player has none).
      select p.instance_id, p.player_id, json_object_agg(n.name, coalesce(b.records, '[]'::json)) as events
      from players p
      cross join unnest(${RECORD_LIST}::text[]) as n(name)
      left join by_name b on b.instance_id = p.instance_id and b.player_id = p.player_id and b.name = n.name
      group by p.instance_id, p.player_id
    )
    select coalesce(json_agg(json_build_object(
      'userId', p.user_id, 'avatar', json_build_object('name', p.name), 'playerId', p.player_id,
      'instanceId', p.instance_id, 'status', p.status, 'instanceStatus', p.instance_status, 'events', e.events
    ) order by p.n), '[]')::text as analytics
    from players p join events e on e.instance_id = p.instance_id and e.player_id = p.player_id`)) as unknown as {
    rows: Array<{ analytics: string }>;
  };
  return rows[0]?.analytics ?? '[]';
}
