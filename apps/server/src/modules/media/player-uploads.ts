import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import { MEDIA_MESSAGES, PLAYER_UPLOAD_LIMITS } from '@loci/domain';
import type { AppContext } from '../../context.js';
import { media } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { removeMediaFiles } from './storage.js';

/** How many unused uploads one sweep removes at most (the next sweep takes the rest). */
const SWEEP_BATCH = 500;

/**
 * 413 when the player has uploaded their share in this instance, or the
 * instance its share (count or bytes, PLAYER_UPLOAD_LIMITS). Checked before
 * the file is read, so one file may pass a byte quota by at most its own size.
 */
export async function assertUploadQuota(ctx: AppContext, instanceId: string, userId: string): Promise<void> {
  const [totals] = await ctx.db
    .select({
      count: sql<number>`count(*)::int`,
      bytes: sql<number>`coalesce(sum(${media.size}), 0)::float8`,
      ownCount: sql<number>`count(*) filter (where ${media.uploadedBy} = ${userId})::int`,
      ownBytes: sql<number>`coalesce(sum(${media.size}) filter (where ${media.uploadedBy} = ${userId}), 0)::float8`,
    })
    .from(media)
    // A team's picture (the organiser's, teams/service.ts) takes nothing from the players' share.
    .where(
      and(eq(media.instanceId, instanceId), sql`not exists (select 1 from teams t where t.picture_id = ${media.id})`),
    );
  const { perPlayer, perInstance } = PLAYER_UPLOAD_LIMITS;
  if (totals && (totals.ownCount >= perPlayer.count || totals.ownBytes >= perPlayer.bytes)) {
    throw new AppError('TOO_LARGE', MEDIA_MESSAGES.playerUploadQuota);
  }
  if (totals && (totals.count >= perInstance.count || totals.bytes >= perInstance.bytes)) {
    throw new AppError('TOO_LARGE', MEDIA_MESSAGES.instanceUploadQuota);
  }
}

/**
 * Removes the player uploads that no submission used within
 * PLAYER_UPLOAD_LIMITS.unusedForMs: rows whose id is in neither the players'
 * states of their instance nor the analytics records of its version, nor a
 * team's picture, and their files. Answers how many it removed.
 */
export async function sweepUnusedUploads(ctx: AppContext): Promise<number> {
  const before = new Date(ctx.now().getTime() - PLAYER_UPLOAD_LIMITS.unusedForMs);
  const unused = await ctx.db
    .select({ id: media.id, gameId: media.gameId, storageName: media.storageName })
    .from(media)
    .where(
      and(
        isNotNull(media.instanceId),
        lt(media.createdAt, before),
        // A team's picture is used while a team shows it.
        sql`not exists (select 1 from teams t where t.picture_id = ${media.id})`,
        sql`not exists (select 1 from player_states ps where ps.instance_id = ${media.instanceId}
              and strpos(ps.state::text, ${media.id}::text) > 0)`,
        sql`not exists (select 1 from gameplay_records r
              where r.version_id = (select i.version_id from game_instances i where i.id = ${media.instanceId})
              and strpos(r.record::text, ${media.id}::text) > 0)`,
      ),
    )
    .limit(SWEEP_BATCH);
  for (const upload of unused) {
    await ctx.db.delete(media).where(eq(media.id, upload.id));
    await removeMediaFiles(ctx.config, upload);
  }
  return unused.length;
}

/** How often the sweep runs in each server process. */
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Runs the sweep every hour until the app closes; a failed sweep is logged and tried again at the next. */
export function startUploadSweeps(ctx: AppContext): () => void {
  const timer = setInterval(() => {
    sweepUnusedUploads(ctx).catch((error: unknown) => ctx.log.warn({ err: error }, 'upload sweep failed'));
  }, SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
