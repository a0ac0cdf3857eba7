/**
 * The feed, the wall and the scoreboard (issue 29; docs/outings.md "The wall").
 *
 * - The feed: `feed_items` rows, written by `addFeedItem` (an approved submission — judging calls it — an
 *   announcement of the designer's `announceInFeed` action, an organiser's post) and hidden by
 *   `withdrawFeedItem`. Nothing else is ever shown. After a write commits, `feedChanged` tells the instance's
 *   sockets and its wall (fire-and-forget; a screen that missed it reads the feed again when it reconnects).
 * - The projector link: a random token stored as its SHA-256 (`wall_links`), revocable and made again; the
 *   wall's answer holds names, colours, points, texts and media only (and the teams' markers when chosen).
 * - The scoreboard: what the game's `wall` setting scores (the currency, or an attribute), ties to whoever
 *   reached it first.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import {
  FEED_LIMIT,
  FEED_TEXT_MAX,
  richTextAsText,
  type Output,
  PLAY_MESSAGES,
  WALL_MESSAGES,
  WALL_TOKEN_MAX,
  wallSettingsOf,
  type FeedItem,
  type FeedKind,
  type GameSpec,
  type ResultsAnswer,
  type ScoreboardEntry,
  type WallAnswer,
  type WallLink,
} from '@loci/domain';
import { compileSpec } from '@loci/engine';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import {
  feedItems,
  gameInstances,
  scoreMarks,
  playerStates,
  teamMembers,
  teams,
  wallLinks,
  type FeedItemRow,
  type GameInstanceRow,
} from '../../db/schema.js';
import { fail } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import { requireGameRight } from '../../policies/games.js';
import { findInstanceAndPlayer } from '../../policies/play.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { teamContributions } from '../rankings/service.js';
import { specOfInstance } from '../runtime/specs.js';
import { likesOf } from './feed-likes.js';

// ─── The feed ────────────────────────────────────────────────────────────────

export interface NewFeedItem {
  instanceId: string;
  kind: FeedKind;
  /** Unique per kind in the instance: the submission's id, the announcement's step and action, a post's id. */
  sourceId: string;
  /** The player (or team) the item is about; null for an organiser's post. */
  playerId: string | null;
  memberName?: string | null;
  text: string;
  mediaId?: string | null;
  createdAt?: Date;
}

/**
 * Adds an item to the instance's feed inside the caller's transaction (the same source twice is one item:
 * the first stays). After the transaction commits, call `feedChanged(ctx, instanceId)`. Returns the row.
 */
export async function addFeedItem(tx: Executor, item: NewFeedItem): Promise<FeedItemRow> {
  const [inserted] = await tx
    .insert(feedItems)
    .values({
      instanceId: item.instanceId,
      kind: item.kind,
      sourceId: item.sourceId,
      playerId: item.playerId,
      memberName: item.memberName ?? null,
      text: item.text,
      mediaId: item.mediaId && isUuid(item.mediaId) ? item.mediaId : null,
      ...(item.createdAt ? { createdAt: item.createdAt } : {}),
    })
    .onConflictDoNothing()
    .returning();
  if (inserted) return inserted;
  const [existing] = await tx
    .select()
    .from(feedItems)
    .where(
      and(
        eq(feedItems.instanceId, item.instanceId),
        eq(feedItems.kind, item.kind),
        eq(feedItems.sourceId, item.sourceId),
      ),
    )
    .limit(1);
  return existing!;
}

/**
 * Withdraws an item (by its source, e.g. a submission judging rejects after approving it): it disappears from
 * every screen. True when an item was withdrawn now. After the transaction commits, call `feedChanged`.
 */
export async function withdrawFeedItem(
  tx: Executor,
  item: { instanceId: string; kind: FeedKind; sourceId: string } | { instanceId: string; id: string },
  when: Date = new Date(),
): Promise<boolean> {
  const which =
    'id' in item
      ? eq(feedItems.id, item.id)
      : and(eq(feedItems.kind, item.kind), eq(feedItems.sourceId, item.sourceId));
  const rows = await tx
    .update(feedItems)
    .set({ withdrawnAt: when })
    .where(and(eq(feedItems.instanceId, item.instanceId), which, isNull(feedItems.withdrawnAt)))
    .returning({ id: feedItems.id });
  return rows.length > 0;
}

/** Tells the instance's sockets (players, organisers) and its wall that the feed changed. */
export function feedChanged(ctx: AppContext, instanceId: string): void {
  ctx.realtime.toInstance(instanceId, 'feedChanged', { instanceId });
  ctx.realtime.toWall(instanceId);
}

/** Names, colours and pictures of an instance's players and teams, by player id. */
async function namesOf(db: Executor, instanceId: string) {
  const [players, teamRows] = await Promise.all([
    db
      .select({ playerId: playerStates.playerId, name: playerStates.name })
      .from(playerStates)
      .where(eq(playerStates.instanceId, instanceId)),
    db
      .select({
        teamId: teams.teamId,
        name: teams.name,
        colour: teams.colour,
        position: teams.position,
        pictureId: teams.pictureId,
      })
      .from(teams)
      .where(eq(teams.instanceId, instanceId)),
  ]);
  const names = new Map<
    string,
    { name: string; colour: string | null; position: number | null; pictureId: string | null }
  >();
  for (const player of players)
    names.set(player.playerId, { name: player.name, colour: null, position: null, pictureId: null });
  for (const team of teamRows)
    names.set(team.teamId, {
      name: team.name,
      colour: team.colour,
      position: team.position,
      pictureId: team.pictureId,
    });
  return names;
}

/**
 * The instance's shown items, newest first (withdrawn ones never), with their likes: the counts, and whether
 * `viewerId` (a player reading their feed) liked each.
 */
export async function readFeed(
  db: Executor,
  instanceId: string,
  limit = FEED_LIMIT,
  viewerId: string | null = null,
): Promise<FeedItem[]> {
  const [rows, names] = await Promise.all([
    db
      .select()
      .from(feedItems)
      .where(and(eq(feedItems.instanceId, instanceId), isNull(feedItems.withdrawnAt)))
      .orderBy(desc(feedItems.createdAt), desc(feedItems.id))
      .limit(limit),
    namesOf(db, instanceId),
  ]);
  const likes = await likesOf(
    db,
    rows.map((row) => row.id),
    viewerId,
  );
  return rows.map((row) => {
    const who = row.playerId ? names.get(row.playerId) : undefined;
    return {
      id: row.id,
      kind: row.kind,
      teamName: who?.name ?? null,
      colour: who?.colour ?? null,
      memberName: row.memberName,
      text: row.text,
      mediaId: row.mediaId,
      createdAt: row.createdAt.toISOString(),
      likes: likes.get(row.id)?.likes ?? 0,
      liked: likes.get(row.id)?.liked ?? false,
    };
  });
}

/** The instance when the caller operates its game (manage right): 404 / 403 otherwise. */
async function requireManagedInstance(ctx: AppContext, user: CurrentUser, instanceId: string) {
  const [instance] = isUuid(instanceId)
    ? await ctx.db.select().from(gameInstances).where(eq(gameInstances.id, instanceId)).limit(1)
    : [];
  if (!instance) throw fail.notFound(PLAY_MESSAGES.instanceNotFound);
  await requireGameRight({ ctx, user, gameId: instance.gameId, right: 'manage' });
  return instance;
}

/** GET /manage/instances/{id}/feed: the organiser's view of the feed. */
export async function manageFeed(args: { ctx: AppContext; user: CurrentUser; instanceId: string }) {
  const instance = await requireManagedInstance(args.ctx, args.user, args.instanceId);
  return { items: await readFeed(args.ctx.db, instance.id) };
}

/** POST /manage/instances/{id}/feed: the organiser's post. */
export async function postToFeed(args: { ctx: AppContext; user: CurrentUser; instanceId: string; text: string }) {
  const { ctx } = args;
  const instance = await requireManagedInstance(ctx, args.user, args.instanceId);
  await addFeedItem(ctx.db, {
    instanceId: instance.id,
    kind: 'post',
    sourceId: randomUUID(),
    playerId: null,
    memberName: null,
    text: args.text,
    createdAt: ctx.now(),
  });
  feedChanged(ctx, instance.id);
  return { items: await readFeed(ctx.db, instance.id) };
}

/** DELETE /manage/instances/{id}/feed/{itemId}: withdraws an item (404 when there is none to withdraw). */
export async function withdrawFromFeed(args: {
  ctx: AppContext;
  user: CurrentUser;
  instanceId: string;
  itemId: string;
}) {
  const { ctx } = args;
  const instance = await requireManagedInstance(ctx, args.user, args.instanceId);
  const done = isUuid(args.itemId)
    ? await withdrawFeedItem(ctx.db, { instanceId: instance.id, id: args.itemId }, ctx.now())
    : false;
  if (!done) throw fail.notFound(WALL_MESSAGES.itemNotFound);
  feedChanged(ctx, instance.id);
  return { items: await readFeed(ctx.db, instance.id) };
}

/** GET /play/instances/{id}/feed: a player's view of the feed, when the game shows it in the player. */
export async function playerFeed(args: { ctx: AppContext; user: CurrentUser; instanceId: string }) {
  const { instance } = await findInstanceAndPlayer(args.ctx, args.user, args.instanceId);
  const spec = await specOfInstance(args.ctx, instance);
  const settings = wallSettingsOf(spec.game);
  if (!settings.feedInPlayer) throw fail.notFound(WALL_MESSAGES.feedOff);
  return {
    items: await readFeed(args.ctx.db, instance.id, FEED_LIMIT, args.user.id),
    canLike: settings.likes === true,
  };
}

/**
 * Writes the announcements a committed step produced (the designer's `announceInFeed` action: outputs with
 * `action: 'announceInFeed'`) to the instance's feed: one item per output, keyed by the step's id and the
 * output's place, so a step pushed twice is written once. Rich text becomes plain text. Fire-and-forget after
 * the step committed (runtime/pushes.ts); a failure is logged.
 */
export async function recordAnnouncements(
  ctx: AppContext,
  push: { instanceId: string; stepId?: string; players: Array<{ playerId: string; outputs: readonly Output[] }> },
): Promise<void> {
  const found = push.players.flatMap((player) =>
    player.outputs
      .map((output, index) => ({ output, index, playerId: player.playerId }))
      .filter(({ output }) => output.action === 'announceInFeed'),
  );
  if (found.length === 0) return;
  const stepId = push.stepId ?? randomUUID();
  for (const { output, index, playerId } of found) {
    const text = richTextAsText(output.message ?? '')
      .trim()
      .slice(0, FEED_TEXT_MAX);
    if (text === '') continue;
    await addFeedItem(ctx.db, {
      instanceId: push.instanceId,
      kind: 'announcement',
      sourceId: `${stepId}:${playerId}:${index}`,
      playerId,
      text,
      createdAt: ctx.now(),
    });
  }
  feedChanged(ctx, push.instanceId);
}

// ─── The scoreboard ──────────────────────────────────────────────────────────

interface Scored {
  playerId: string;
  name: string;
  colour: string | null;
  pictureId: string | null;
  position: number | null;
  points: number;
  reachedAt: string | null;
  latitude: number | null;
  longitude: number | null;
}

/** What the points are called, and how a player's state scores. */
function scoringOf(spec: GameSpec) {
  const settings = wallSettingsOf(spec.game);
  const compiled = compileSpec(spec);
  if (settings.scoreSource === 'attribute' && settings.scoreAttributeId) {
    const attribute = compiled.attributes.get(settings.scoreAttributeId);
    const id = settings.scoreAttributeId;
    return {
      pointsName: attribute?.title || attribute?.name || '',
      points: (state: { attributes?: Record<string, unknown> }) => {
        const value = Number(state.attributes?.[id] ?? 0);
        return Number.isFinite(value) ? value : 0;
      },
    };
  }
  const currency = compiled.currencyItemId;
  return {
    pointsName: spec.game?.currencyName ?? '',
    points: (state: { items?: Record<string, number> }) => (currency ? Number(state.items?.[currency] ?? 0) : 0),
  };
}

/**
 * When each player reached its points now: the stored mark while the points are the same; else the time of the
 * player's last step, kept as the new mark (see `score_marks`). Writes only the marks that changed.
 */
async function reachedTimes(
  db: Executor,
  instanceId: string,
  current: Array<{ playerId: string; points: number; lastStep: Date }>,
): Promise<Map<string, Date>> {
  const marks = await db
    .select({ playerId: scoreMarks.playerId, points: scoreMarks.points, reachedAt: scoreMarks.reachedAt })
    .from(scoreMarks)
    .where(eq(scoreMarks.instanceId, instanceId));
  const known = new Map(marks.map((mark) => [mark.playerId, mark]));
  const reached = new Map<string, Date>();
  const changed: Array<typeof scoreMarks.$inferInsert> = [];
  for (const { playerId, points, lastStep } of current) {
    const mark = known.get(playerId);
    if (mark && mark.points === points) {
      reached.set(playerId, mark.reachedAt);
      continue;
    }
    reached.set(playerId, lastStep);
    changed.push({ instanceId, playerId, points, reachedAt: lastStep });
  }
  if (changed.length > 0) {
    await db
      .insert(scoreMarks)
      .values(changed)
      .onConflictDoUpdate({
        target: [scoreMarks.instanceId, scoreMarks.playerId],
        set: { points: sql`excluded.points`, reachedAt: sql`excluded.reached_at` },
      });
  }
  return reached;
}

/** The instance's players (or teams) ranked: more points first, then who reached them first, then by name. */
async function scoreboardOf(db: Executor, instance: GameInstanceRow, spec: GameSpec) {
  const scoring = scoringOf(spec);
  const [rows, names] = await Promise.all([
    db
      .select({
        playerId: playerStates.playerId,
        name: playerStates.name,
        updatedAt: playerStates.updatedAt,
        latitude: playerStates.latitude,
        longitude: playerStates.longitude,
        items: sql<Record<string, number> | null>`${playerStates.state}->'items'`,
        attributes: sql<Record<string, number | string> | null>`${playerStates.state}->'attributes'`,
      })
      .from(playerStates)
      .where(and(eq(playerStates.instanceId, instance.id), ne(playerStates.status, 'movedTo'))),
    namesOf(db, instance.id),
  ]);
  const points = new Map(
    rows.map((row) => [row.playerId, scoring.points({ items: row.items ?? {}, attributes: row.attributes ?? {} })]),
  );
  const reached = await reachedTimes(
    db,
    instance.id,
    rows.map((row) => ({ playerId: row.playerId, points: points.get(row.playerId)!, lastStep: row.updatedAt })),
  );
  const scored: Scored[] = rows.map((row) => {
    const known = names.get(row.playerId);
    return {
      playerId: row.playerId,
      name: known?.name ?? row.name,
      colour: known?.colour ?? null,
      pictureId: known?.pictureId ?? null,
      position: known?.position ?? null,
      points: points.get(row.playerId)!,
      reachedAt: reached.get(row.playerId)!.toISOString(),
      latitude: row.latitude,
      longitude: row.longitude,
    };
  });
  scored.sort(
    (a, b) => b.points - a.points || a.reachedAt!.localeCompare(b.reachedAt!) || a.name.localeCompare(b.name),
  );
  return { pointsName: scoring.pointsName, scored };
}

/** A row's key on screens: a team's position, or a player's rank-independent index (never a database id). */
function keyOf(entry: Scored, index: Map<string, number>): string {
  return entry.position !== null ? `t${entry.position}` : `p${index.get(entry.playerId)}`;
}

function ranked(scored: Scored[]): Array<Scored & { rank: number }> {
  const out: Array<Scored & { rank: number }> = [];
  scored.forEach((entry, i) => {
    const previous = out[i - 1];
    const tie = previous && previous.points === entry.points && previous.reachedAt === entry.reachedAt;
    out.push({ ...entry, rank: tie ? previous.rank : i + 1 });
  });
  return out;
}

/** Stable keys for players without teams: by the order they joined (so a rank change keeps its key). */
function playerIndex(scored: Scored[]): Map<string, number> {
  return new Map([...scored].sort((a, b) => a.playerId.localeCompare(b.playerId)).map((s, i) => [s.playerId, i]));
}

// ─── The projector link and the wall ─────────────────────────────────────────

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

function presentLink(row: typeof wallLinks.$inferSelect | undefined, token?: string): WallLink {
  return {
    exists: row !== undefined,
    revoked: row?.revokedAt != null,
    showMap: row?.showMap ?? false,
    layout: row?.layout ?? 'grid',
    createdAt: row ? row.createdAt.toISOString() : null,
    ...(token ? { token } : {}),
  };
}

/** GET /manage/instances/{id}/wall-link: whether the instance has a working link (never its token). */
export async function getWallLink(args: { ctx: AppContext; user: CurrentUser; instanceId: string }) {
  const instance = await requireManagedInstance(args.ctx, args.user, args.instanceId);
  const [row] = await args.ctx.db.select().from(wallLinks).where(eq(wallLinks.instanceId, instance.id)).limit(1);
  return presentLink(row);
}

/**
 * POST /manage/instances/{id}/wall-link: makes the link (a new token: the previous one stops working) with the
 * organiser's choices. The token is in this answer only.
 */
export async function createWallLink(args: {
  ctx: AppContext;
  user: CurrentUser;
  instanceId: string;
  showMap: boolean;
  layout: 'rotate' | 'grid';
}) {
  const { ctx } = args;
  const instance = await requireManagedInstance(ctx, args.user, args.instanceId);
  const token = randomBytes(24).toString('base64url');
  const values = {
    tokenHash: hashOf(token),
    showMap: args.showMap,
    layout: args.layout,
    createdBy: args.user.id,
    createdAt: ctx.now(),
    revokedAt: null,
  };
  const [row] = await ctx.db
    .insert(wallLinks)
    .values({ instanceId: instance.id, ...values })
    .onConflictDoUpdate({ target: wallLinks.instanceId, set: values })
    .returning();
  // Screens open on the previous token are closed: they read the wall again, and are refused.
  ctx.realtime.toWall(instance.id, { close: true });
  return presentLink(row, token);
}

/** DELETE /manage/instances/{id}/wall-link: the link stops working at once (screens open on it go blank). */
export async function revokeWallLink(args: { ctx: AppContext; user: CurrentUser; instanceId: string }) {
  const { ctx } = args;
  const instance = await requireManagedInstance(ctx, args.user, args.instanceId);
  const [row] = await ctx.db
    .update(wallLinks)
    .set({ revokedAt: ctx.now() })
    .where(eq(wallLinks.instanceId, instance.id))
    .returning();
  ctx.realtime.toWall(instance.id, { close: true });
  return presentLink(row);
}

/** The instance a wall token opens, or null (unknown, revoked, malformed). */
export async function instanceOfWallToken(db: Executor, token: string): Promise<string | null> {
  if (token.length === 0 || token.length > WALL_TOKEN_MAX || !/^[A-Za-z0-9_-]+$/.test(token)) return null;
  const [row] = await db
    .select({ instanceId: wallLinks.instanceId })
    .from(wallLinks)
    .where(and(eq(wallLinks.tokenHash, hashOf(token)), isNull(wallLinks.revokedAt)))
    .limit(1);
  return row?.instanceId ?? null;
}

/** When everyone's time is up: the fixed end, or the last deadline among the players; paused or not. */
function countdownOf(instance: GameInstanceRow, spec: GameSpec, deadlines: Array<string | null>) {
  const paused = Boolean(instance.world.clockPausedWhen);
  const limit = spec.game?.timeLimit;
  if (limit?.mode === 'until' && limit.endsAt) return { endsAt: limit.endsAt, paused };
  const known = deadlines.filter((d): d is string => typeof d === 'string').sort();
  return { endsAt: known.at(-1) ?? null, paused };
}

/** GET /wall/{token}: what the big screen shows. 404 for a token that opens nothing (unknown or revoked). */
export async function readWall(ctx: AppContext, token: string): Promise<WallAnswer> {
  const instanceId = await instanceOfWallToken(ctx.db, token);
  if (!instanceId) throw fail.notFound(WALL_MESSAGES.linkNotFound);
  const [[instance], [link]] = await Promise.all([
    ctx.db.select().from(gameInstances).where(eq(gameInstances.id, instanceId)).limit(1),
    ctx.db.select().from(wallLinks).where(eq(wallLinks.instanceId, instanceId)).limit(1),
  ]);
  if (!instance || !link) throw fail.notFound(WALL_MESSAGES.linkNotFound);
  const spec = await specOfInstance(ctx, instance);
  const [{ pointsName, scored }, feed, deadlines, teamCount] = await Promise.all([
    scoreboardOf(ctx.db, instance, spec),
    readFeed(ctx.db, instance.id, 20),
    ctx.db
      .select({ deadline: sql<string | null>`${playerStates.state}->'clock'->>'deadline'` })
      .from(playerStates)
      .where(eq(playerStates.instanceId, instance.id)),
    ctx.db.$count(teams, eq(teams.instanceId, instance.id)),
  ]);
  const index = playerIndex(scored);
  const board: ScoreboardEntry[] = ranked(scored).map((entry) => ({
    key: keyOf(entry, index),
    rank: entry.rank,
    name: entry.name,
    colour: entry.colour,
    pictureId: entry.pictureId,
    points: entry.points,
    reachedAt: entry.reachedAt,
  }));
  const place = spec.game?.pg?.place;
  const centre =
    place && Number.isFinite(place.lat) && Number.isFinite(place.lng)
      ? { latitude: Number(place.lat), longitude: Number(place.lng) }
      : null;
  const { endsAt, paused } = countdownOf(
    instance,
    spec,
    deadlines.map((d) => d.deadline),
  );
  return {
    title: spec.game?.title ?? '',
    layout: link.layout,
    scoredBy: teamCount > 0 ? 'teams' : 'players',
    pointsName,
    scoreboard: board,
    endsAt,
    paused,
    serverNow: ctx.now().toISOString(),
    feed,
    map: link.showMap
      ? {
          centre,
          markers: scored
            .filter((entry) => entry.latitude !== null && entry.longitude !== null)
            .map((entry) => ({
              key: keyOf(entry, index),
              name: entry.name,
              colour: entry.colour,
              latitude: entry.latitude!,
              longitude: entry.longitude!,
            })),
        }
      : null,
    ended: instance.status !== 'active',
  };
}

// ─── The results ─────────────────────────────────────────────────────────────

/** GET /manage/instances/{id}/results: per team (or player) and per member, printable in the console. */
export async function readResults(args: {
  ctx: AppContext;
  user: CurrentUser;
  instanceId: string;
}): Promise<ResultsAnswer> {
  const { ctx } = args;
  const instance = await requireManagedInstance(ctx, args.user, args.instanceId);
  const spec = await specOfInstance(ctx, instance);
  const [{ pointsName, scored }, members, named, contributions] = await Promise.all([
    scoreboardOf(ctx.db, instance, spec),
    ctx.db
      .select({ teamId: teamMembers.teamId, name: teamMembers.name, joinedAt: teamMembers.joinedAt })
      .from(teamMembers)
      .where(eq(teamMembers.instanceId, instance.id))
      .orderBy(asc(teamMembers.position)),
    ctx.db
      .select({ playerId: feedItems.playerId, memberName: feedItems.memberName, count: sql<number>`count(*)::int` })
      .from(feedItems)
      .where(and(eq(feedItems.instanceId, instance.id), isNull(feedItems.withdrawnAt)))
      .groupBy(feedItems.playerId, feedItems.memberName),
    // What each member did for the team, from the records that name them (as the leaderboard lists it).
    teamContributions(ctx, instance.versionId, [instance.id]),
  ]);
  const didOf = (teamId: string, name: string) =>
    contributions.get(`${instance.id}:${teamId}`)?.find((member) => member.name === name);
  const inFeed = (playerId: string, name: string) =>
    named.find((row) => row.playerId === playerId && row.memberName === name)?.count ?? 0;
  const index = playerIndex(scored);
  return {
    title: spec.game?.title ?? '',
    pointsName,
    scoredBy: members.length > 0 ? 'teams' : 'players',
    entries: ranked(scored).map((entry) => ({
      key: keyOf(entry, index),
      rank: entry.rank,
      name: entry.name,
      colour: entry.colour,
      pictureId: entry.pictureId,
      points: entry.points,
      reachedAt: entry.reachedAt,
      members: members
        .filter((member) => member.teamId === entry.playerId)
        .map((member) => {
          const did = didOf(entry.playerId, member.name);
          return {
            name: member.name,
            joined: member.joinedAt !== null,
            inFeed: inFeed(entry.playerId, member.name),
            answered: did?.answered ?? 0,
            correct: did?.correct ?? 0,
            missions: did?.missions ?? 0,
          };
        }),
    })),
  };
}
