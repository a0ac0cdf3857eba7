/**
 * Judging in numbers (issue 29, docs/outings.md "Judging"): per judged mission, how many submissions came, how
 * many wait, the verdicts, the approval rate and the median time from submission to verdict — of one instance
 * (the review queue's panel) or of every instance of a version (the Analytics page). Read from the
 * `submissions` table of modules/judging in one grouped query.
 */
import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { JudgingStats } from '@loci/domain';
import type { AppContext } from '../../context.js';
import { gameInstances, submissions } from '../../db/schema.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { instanceRow, missionTitles } from '../judging/service.js';
import { requireOperatedInstance } from '../manage/rescue.js';
import { specOfInstance, specOfVersion } from '../runtime/specs.js';
import { requireManagedVersion } from './map-service.js';

/** The statistics of the submissions `where` selects, missions named by `titles` (by title, never by id alone). */
async function statsOf(ctx: AppContext, where: SQL, titles: ReadonlyMap<string, string>): Promise<JudgingStats> {
  const rows = await ctx.db
    .select({
      missionId: submissions.missionId,
      submitted: sql<number>`count(*)::int`,
      pending: sql<number>`count(*) filter (where ${submissions.status} = 'pending')::int`,
      approved: sql<number>`count(*) filter (where ${submissions.status} = 'approved')::int`,
      rejected: sql<number>`count(*) filter (where ${submissions.status} = 'rejected')::int`,
      withdrawn: sql<number>`count(*) filter (where ${submissions.status} = 'withdrawn')::int`,
      median: sql<
        number | null
      >`percentile_cont(0.5) within group (order by extract(epoch from ${submissions.judgedAt} - ${submissions.createdAt})) filter (where ${submissions.judgedBy} is not null)`,
    })
    .from(submissions)
    .where(and(where, sql`(${submissions.judgedBy} is not null or ${submissions.status} = 'pending')`))
    .groupBy(submissions.missionId);
  return {
    missions: rows
      .map((one) => {
        const judged = one.approved + one.rejected + one.withdrawn;
        return {
          missionId: one.missionId,
          missionTitle: titles.get(one.missionId) ?? one.missionId,
          submitted: one.submitted,
          pending: one.pending,
          approved: one.approved,
          rejected: one.rejected,
          withdrawn: one.withdrawn,
          approvalRate: judged === 0 ? null : (one.approved + one.withdrawn) / judged,
          medianSecondsToJudge: one.median === null ? null : Math.round(Number(one.median)),
        };
      })
      .sort((a, b) => a.missionTitle.localeCompare(b.missionTitle)),
  };
}

/** Per judged mission of an instance: submissions, verdicts, approval rate, median time to judge (manage right). */
export async function judgingStats({
  ctx,
  user,
  instanceId,
}: {
  ctx: AppContext;
  user: CurrentUser;
  instanceId: string;
}): Promise<JudgingStats> {
  await requireOperatedInstance(ctx, user, instanceId);
  const row = await instanceRow(ctx, instanceId);
  const titles = missionTitles(await specOfInstance(ctx, row));
  return statsOf(ctx, eq(submissions.instanceId, instanceId), titles);
}

/**
 * The same over every instance of a game version (GET /api/analytics/{versionId}/judging, manage right on the
 * version's game): abandoned instances only with `includeAbandoned`, as the rest of the Analytics page.
 */
export async function judgingStatsOfVersion({
  ctx,
  user,
  versionId,
  includeAbandoned,
}: {
  ctx: AppContext;
  user: CurrentUser;
  versionId: string;
  includeAbandoned: boolean;
}): Promise<JudgingStats> {
  const { game, version } = await requireManagedVersion(ctx, user, versionId);
  const titles = missionTitles(await specOfVersion(ctx.db, game, version));
  const instancesOfVersion = ctx.db
    .select({ id: gameInstances.id })
    .from(gameInstances)
    .where(
      and(eq(gameInstances.versionId, versionId), includeAbandoned ? undefined : ne(gameInstances.status, 'abandoned')),
    );
  return statsOf(ctx, inArray(submissions.instanceId, instancesOfVersion), titles);
}
