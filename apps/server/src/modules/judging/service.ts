/**
 * Judged submissions (issue 29, docs/outings.md "Judging"): the `submissions` table, written in the
 * transaction of the player's step (`recordSubmission`, called by runtime/player-event.ts on the locking
 * path), and the organisers' review queue — list, verdicts, bulk approval, statistics. A verdict is
 * decided by ONE conditional UPDATE (`… where status = 'pending'`), so two organisers judging the same
 * submission at once cannot both win: the second finds it judged and answers 409. The verdict then enters
 * the engine as the operator event `judge`, stepped through the one locking pipeline in the same
 * transaction, with the audit row; the player (every member of a team) is pushed the outcome after COMMIT.
 */
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  JUDGING_MESSAGES,
  OPERATION_MESSAGES,
  SOCKET_EVENTS,
  type BulkApproveAnswer,
  type GameSpec,
  type JudgeVerdict,
  type SubmissionItem,
  type SubmissionList,
  type SubmissionListQuery,
  type VerdictAnswer,
} from '@loci/domain';
import { playerChanges, viewOf, type InstanceState, type PlayerEvent } from '@loci/engine';
import type { AppContext } from '../../context.js';
import type { Executor, Transaction } from '../../db/client.js';
import { gameInstances, media, playerStates, submissions, teamMembers, type SubmissionRow } from '../../db/schema.js';
import { fail } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { requireOperatedInstance, writeAudit } from '../manage/rescue.js';
import { stepInTransaction } from '../runtime/locked-step.js';
import { pushedIn, pushStepped } from '../runtime/pushes.js';
import { addFeedItem, feedChanged, withdrawFeedItem, type NewFeedItem } from '../wall/service.js';
import { specOfInstance } from '../runtime/specs.js';

type Judging = 'auto' | 'wait' | 'later';

/** How a mission of `spec` is judged (`auto` for anything else). */
export function judgingOf(spec: GameSpec, missionId: string): Judging {
  const mission = spec.entities.mission.find((candidate) => candidate.id === missionId);
  return mission && mission.accomplishment.accomplishmentType === 'action' ? (mission.judging ?? 'auto') : 'auto';
}

/**
 * Writes the submission a player's step accepted (called in the step's transaction by the locking path of
 * runtime/player-event.ts; a submission event always takes that path). A refused submission (the step did not
 * add one to the mission's progress) writes nothing. Missions accepted as they arrive are stored approved,
 * with no judge; the others wait in the review queue.
 */
export async function recordSubmission(
  tx: Transaction,
  args: {
    spec: GameSpec;
    instanceId: string;
    event: PlayerEvent;
    before: InstanceState;
    after: InstanceState;
    at: Date;
  },
): Promise<void> {
  const { event } = args;
  if (event.type !== 'submission') return;
  const before = args.before.players[event.playerId]?.missions[event.missionId]?.submissions.length ?? 0;
  const added = args.after.players[event.playerId]?.missions[event.missionId]?.submissions ?? [];
  // A sub-mission's id is not a mission's: sub-missions are not judged on their own and not recorded.
  if (added.length <= before) return;
  const made = added.at(-1)!;
  const judging = judgingOf(args.spec, event.missionId);
  const [row] = await tx
    .insert(submissions)
    .values({
      instanceId: args.instanceId,
      playerId: event.playerId,
      memberId: event.member?.id ?? null,
      memberName: event.member?.name ?? null,
      missionId: event.missionId,
      mediaId: made.mediaId ?? null,
      text: made.text ?? null,
      status: judging === 'auto' ? 'approved' : 'pending',
      judgedAt: judging === 'auto' ? args.at : null,
      createdAt: args.at,
    })
    .returning();
  // Accepted as it arrived: approved, so on the feed at once (the step's pushes poke the wall).
  if (row && judging === 'auto') await addFeedItem(tx, feedItemOf(row, missionTitles(args.spec), args.at));
}

/** The feed's item for an approved submission: the mission's title, and the player's text when there is one. */
function feedItemOf(row: SubmissionRow, titles: Map<string, string>, at: Date): NewFeedItem {
  const mission = titles.get(row.missionId) ?? '';
  return {
    instanceId: row.instanceId,
    kind: 'submission',
    sourceId: row.id,
    playerId: row.playerId,
    memberName: row.memberName,
    text: row.text ? `${mission}: ${row.text}` : mission,
    mediaId: row.mediaId,
    createdAt: at,
  };
}

/** The mission titles of a spec, by id. */
export function missionTitles(spec: GameSpec): Map<string, string> {
  return new Map(spec.entities.mission.map((mission) => [mission.id, mission.title || mission.name]));
}

export async function instanceRow(ctx: AppContext, instanceId: string) {
  const [row] = await ctx.db.select().from(gameInstances).where(eq(gameInstances.id, instanceId)).limit(1);
  if (!row) throw fail.notFound(OPERATION_MESSAGES.instanceNotFound);
  return row;
}

type Joined = { row: SubmissionRow; playerName: string | null; mimetype: string | null };

function present(joined: Joined, titles: ReadonlyMap<string, string>): SubmissionItem {
  const { row } = joined;
  return {
    id: row.id,
    playerId: row.playerId,
    playerName: joined.playerName ?? row.playerId,
    memberName: row.memberName,
    missionId: row.missionId,
    missionTitle: titles.get(row.missionId) ?? row.missionId,
    mediaId: row.mediaId,
    mediaType: joined.mimetype,
    text: row.text,
    status: row.status,
    points: row.points,
    reason: row.reason,
    judgedByName: row.judgedByName,
    judgedAt: row.judgedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The submissions with their player's name and their medium's type. */
function selectJoined(db: Executor) {
  return db
    .select({ row: submissions, playerName: playerStates.name, mimetype: media.mimetype })
    .from(submissions)
    .leftJoin(
      playerStates,
      and(eq(playerStates.instanceId, submissions.instanceId), eq(playerStates.playerId, submissions.playerId)),
    )
    .leftJoin(media, sql`${media.id}::text = ${submissions.mediaId}`);
}

/** The review queue (manage right): newest first, filtered by status, mission and player (team). */
export async function listSubmissions({
  ctx,
  user,
  instanceId,
  query,
}: {
  ctx: AppContext;
  user: CurrentUser;
  instanceId: string;
  query: Required<Pick<SubmissionListQuery, 'limit'>> & Omit<SubmissionListQuery, 'limit'>;
}): Promise<SubmissionList> {
  await requireOperatedInstance(ctx, user, instanceId);
  const row = await instanceRow(ctx, instanceId);
  const spec = await specOfInstance(ctx, row);
  const titles = missionTitles(spec);
  const where: SQL[] = [eq(submissions.instanceId, instanceId)];
  if (query.status) where.push(eq(submissions.status, query.status));
  if (query.missionId) where.push(eq(submissions.missionId, query.missionId));
  if (query.playerId) where.push(eq(submissions.playerId, query.playerId));
  const limit = Number(query.limit);
  // Keyset paging, newest first: the rows after the cursor's (created_at, id), read in the database, where the
  // times keep their microseconds. One more row than the page tells whether another page follows.
  const after = query.cursor
    ? sql`(${submissions.createdAt}, ${submissions.id}) < (select c.created_at, c.id from submissions c where c.id = ${query.cursor} and c.instance_id = ${instanceId})`
    : undefined;
  const [rows, [totals], [waiting], players] = await Promise.all([
    selectJoined(ctx.db)
      .where(and(...where, after))
      .orderBy(desc(submissions.createdAt), desc(submissions.id))
      .limit(limit + 1),
    ctx.db
      .select({ n: count() })
      .from(submissions)
      .where(and(...where)),
    ctx.db
      .select({ n: count() })
      .from(submissions)
      .where(and(eq(submissions.instanceId, instanceId), eq(submissions.status, 'pending'))),
    ctx.db
      .select({ id: playerStates.playerId, name: playerStates.name })
      .from(playerStates)
      .where(eq(playerStates.instanceId, instanceId))
      .orderBy(playerStates.name),
  ]);
  const judged = spec.entities.mission.filter((mission) => judgingOf(spec, mission.id) !== 'auto');
  const page = rows.slice(0, limit).map((one) => present(one, titles));
  return {
    submissions: page,
    total: totals?.n ?? 0,
    nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
    pending: waiting?.n ?? 0,
    missions: judged.map((mission) => ({ id: mission.id, title: titles.get(mission.id) ?? mission.id })),
    players,
  };
}

/** Which status a verdict moves a submission from. */
const FROM: Record<JudgeVerdict, 'pending' | 'approved'> = {
  approved: 'pending',
  rejected: 'pending',
  withdrawn: 'approved',
};

/**
 * One verdict (manage right): the submission's status moves by one conditional UPDATE (409 when someone
 * judged it first, or — withdrawing — when it is not approved), then the engine's `judge` event is stepped
 * for its player and the audit row written, all in one transaction; the player (each member of a team) is
 * pushed the outcome after COMMIT.
 */
export async function judgeSubmission({
  ctx,
  user,
  instanceId,
  submissionId,
  body,
}: {
  ctx: AppContext;
  user: CurrentUser;
  instanceId: string;
  submissionId: string;
  body: { verdict: JudgeVerdict; points: number; reason: string };
}): Promise<VerdictAnswer> {
  await requireOperatedInstance(ctx, user, instanceId);
  const found = isUuid(submissionId)
    ? await ctx.db
        .select({ id: submissions.id, status: submissions.status })
        .from(submissions)
        .where(and(eq(submissions.id, submissionId), eq(submissions.instanceId, instanceId)))
        .limit(1)
    : [];
  if (found.length === 0) throw fail.notFound(JUDGING_MESSAGES.submissionNotFound);
  const judged = await judgeOne(ctx, user, instanceId, submissionId, body);
  if (!judged) {
    throw fail.conflict(body.verdict === 'withdrawn' ? JUDGING_MESSAGES.notApproved : JUDGING_MESSAGES.alreadyJudged);
  }
  const row = await instanceRow(ctx, instanceId);
  const titles = missionTitles(await specOfInstance(ctx, row));
  const [joined] = await selectJoined(ctx.db).where(eq(submissions.id, submissionId)).limit(1);
  return { submission: present(joined!, titles) };
}

/** Judges one submission; false when its status was not the one the verdict moves from (someone was first). */
async function judgeOne(
  ctx: AppContext,
  user: CurrentUser,
  instanceId: string,
  submissionId: string,
  body: { verdict: JudgeVerdict; points: number; reason: string },
): Promise<boolean> {
  const now = ctx.now();
  const done = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(submissions)
      .set({
        status: body.verdict,
        // A withdrawal keeps nothing of the approval's points.
        points: body.verdict === 'approved' ? body.points : 0,
        reason: body.reason || null,
        judgedBy: user.id,
        judgedByName: user.name,
        judgedAt: now,
      })
      .where(
        and(
          eq(submissions.id, submissionId),
          eq(submissions.instanceId, instanceId),
          eq(submissions.status, FROM[body.verdict]),
        ),
      )
      .returning();
    if (!row) return null;
    const event = {
      type: 'judge' as const,
      playerId: row.playerId,
      missionId: row.missionId,
      submissionId: row.id,
      verdict: body.verdict,
      points: body.verdict === 'approved' ? body.points : 0,
      ...(body.reason ? { reason: body.reason } : {}),
    };
    const stepped = await stepInTransaction(ctx, tx, { instanceId, event });
    const before = stepped.before.players[row.playerId];
    const after = stepped.result.state.players[row.playerId];
    await writeAudit(tx, {
      instanceId,
      kind: 'judge',
      playerId: row.playerId,
      user,
      at: stepped.instance.updatedAt,
      what: {
        submissionId: row.id,
        missionId: row.missionId,
        missionTitle: missionTitles(stepped.spec).get(row.missionId) ?? row.missionId,
        verdict: body.verdict,
        points: row.points,
      },
      reason: body.reason,
      changes: before && after ? playerChanges(before, after) : [],
    });
    // The feed and the wall (issue 29) show an approved submission; a rejection or a withdrawal takes it
    // away everywhere — in this transaction, so the feed never shows what is not approved.
    if (body.verdict === 'approved') await addFeedItem(tx, feedItemOf(row, missionTitles(stepped.spec), now));
    else await withdrawFeedItem(tx, { instanceId, kind: 'submission', sourceId: row.id }, now);
    return { stepped, row };
  });
  if (!done) return false;
  feedChanged(ctx, instanceId);
  const { stepped, row } = done;
  const view = viewOf(stepped.spec, stepped.result.state, row.playerId, stepped.instance.updatedAt);
  const outputs = stepped.result.outputs.filter((output) => output.playerId === row.playerId);
  const [owner] = await ctx.db
    .select({ userId: playerStates.userId })
    .from(playerStates)
    .where(and(eq(playerStates.instanceId, instanceId), eq(playerStates.playerId, row.playerId)))
    .limit(1);
  let pushed = stepped.push.players.find((candidate) => candidate.playerId === row.playerId);
  if (pushed) pushed.always = true;
  else {
    pushed = { playerId: row.playerId, userId: owner?.userId ?? null, outputs, view, always: true };
    stepped.push.players.push(pushed);
  }
  pushStepped(ctx, stepped.push);
  // A team's other members read the verdict at once too, each in the language they keep (issue 31).
  const members = await ctx.db
    .select({ userId: teamMembers.userId, language: teamMembers.language })
    .from(teamMembers)
    .where(and(eq(teamMembers.instanceId, instanceId), eq(teamMembers.teamId, row.playerId)));
  try {
    for (const member of members) {
      if (!member.userId || member.userId === owner?.userId) continue;
      const said = pushedIn(stepped.push, pushed, stepped.push.said?.languageOf(member.language));
      ctx.realtime.toUser(member.userId, SOCKET_EVENTS.outputs, {
        instanceId,
        ...(stepped.push.stepId ? { stepId: stepped.push.stepId } : {}),
        outputs: said.outputs,
        view: said.view,
      });
    }
  } catch (error) {
    ctx.log.warn({ err: error, instanceId }, 'team push failed');
  }
  return true;
}

/** Approves the pending submissions of `ids` one by one (manage right); those judged meanwhile are skipped. */
export async function bulkApprove({
  ctx,
  user,
  instanceId,
  body,
}: {
  ctx: AppContext;
  user: CurrentUser;
  instanceId: string;
  body: { ids: string[]; points: number };
}): Promise<BulkApproveAnswer> {
  await requireOperatedInstance(ctx, user, instanceId);
  const ids = [...new Set(body.ids.filter(isUuid))];
  const pending =
    ids.length === 0
      ? []
      : await ctx.db
          .select({ id: submissions.id })
          .from(submissions)
          .where(
            and(
              eq(submissions.instanceId, instanceId),
              eq(submissions.status, 'pending'),
              inArray(submissions.id, ids),
            ),
          )
          .orderBy(submissions.createdAt);
  let approved = 0;
  for (const { id } of pending) {
    if (await judgeOne(ctx, user, instanceId, id, { verdict: 'approved', points: body.points, reason: '' })) {
      approved += 1;
    }
  }
  return { approved, skipped: body.ids.length - approved };
}

/** One approved submission, as the feed and the wall show it. */
export interface ApprovedSubmission {
  id: string;
  /** The member who submitted for a team (null for a solo player). */
  member: string | null;
  /** The player's (or team's) id and name. */
  teamId: string;
  team: string;
  missionTitle: string;
  mediaId: string | null;
  text: string | null;
  judgedAt: string;
}

/**
 * The approved submissions of an instance, newest verdict first (for the feed and the wall, issue 29): only
 * what an organiser approved — or what a mission accepted as it arrived — is ever shown to others. No rights
 * check: the caller (the wall's signed link, the feed) decides who may read it.
 */
export async function listApprovedSubmissions(
  ctx: AppContext,
  instanceId: string,
  options: { limit?: number } = {},
): Promise<ApprovedSubmission[]> {
  if (!isUuid(instanceId)) return [];
  const row = await instanceRow(ctx, instanceId);
  const titles = missionTitles(await specOfInstance(ctx, row));
  const rows = await selectJoined(ctx.db)
    .where(and(eq(submissions.instanceId, instanceId), eq(submissions.status, 'approved')))
    .orderBy(desc(submissions.judgedAt), desc(submissions.createdAt))
    .limit(options.limit ?? 100);
  return rows.map(({ row: one, playerName }) => ({
    id: one.id,
    member: one.memberName,
    teamId: one.playerId,
    team: playerName ?? one.playerId,
    missionTitle: titles.get(one.missionId) ?? one.missionId,
    mediaId: one.mediaId,
    text: one.text,
    judgedAt: (one.judgedAt ?? one.createdAt).toISOString(),
  }));
}
