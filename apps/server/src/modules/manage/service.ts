import { recordOrganiserMessages } from '../messages/service.js';
import { and, asc, desc, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import {
  ALL_SCENES,
  OPERATION_MESSAGES,
  parseWorldStateKey,
  SOCKET_EVENTS,
  worldEditReasonSchema,
  type ApplyExpirationAnswer,
  type FullInstance,
  type InstanceListItem,
  type InstancePlayingPeriod,
  type OperatorMessage,
  type PlayerStateItem,
  type PlayerStatesShowType,
  type SendMessageAnswer,
  type WorldStatus,
} from '@loci/domain';
import type { AppContext } from '../../context.js';
import {
  gameInstances,
  games,
  gameVersions,
  playerMessages,
  playerStates,
  teamMembers,
  users,
  type GameInstanceRow,
  type GameRow,
  type PlayerStateRow,
} from '../../db/schema.js';
import { fail } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import { assertNotArchived, type LoadedGame, requireGameRight } from '../../policies/games.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { loadInstanceState } from '../runtime/instance-rows.js';
import { expireActiveInstances, mutateWorld, runEvent } from '../runtime/locked-step.js';
import { periodOf } from '../../presenters/games.js';
import {
  presentFullInstance,
  presentInstanceListItem,
  presentPlayerState,
  type InstanceContext,
} from './presenters.js';
import { worldAudit } from './rescue.js';
import { parseWorldItem, withoutWorldItem, withWorldItem } from './world-items.js';
import { removeUploadFiles, uploadsOf } from '../media/service.js';

/** Player statuses that no longer receive anything from the instance. */
const GONE_STATUSES: PlayerStateRow['status'][] = ['left game', 'movedTo'];

/** Pushed to an instance's room when it is deleted, so its players' apps and watchers can leave it. */
const DELETED_STATUS = 'deleted';

// ─── Loading with rights ─────────────────────────────────────────────────────

/** The instance row and its game when the caller has the manage right on that game; 404 / 403 otherwise. */
export async function requireManagedInstance(
  ctx: AppContext,
  user: CurrentUser,
  instanceId: string,
): Promise<{ instance: GameInstanceRow; game: LoadedGame }> {
  const [instance] = isUuid(instanceId)
    ? await ctx.db.select().from(gameInstances).where(eq(gameInstances.id, instanceId)).limit(1)
    : [];
  if (!instance) throw fail.notFound(OPERATION_MESSAGES.instanceNotFound);
  const game = await requireGameRight({ ctx, user, gameId: instance.gameId, right: 'manage' });
  return { instance, game };
}

/** Version numbers by id (0 for the working version). */
async function versionNumbers(ctx: AppContext, versionIds: readonly string[]): Promise<Map<string, number>> {
  if (versionIds.length === 0) return new Map();
  const rows = await ctx.db
    .select({ id: gameVersions.id, version: gameVersions.version })
    .from(gameVersions)
    .where(inArray(gameVersions.id, [...new Set(versionIds)]));
  return new Map(rows.map((row) => [row.id, row.version]));
}

function contextOf(game: GameRow, version: number): InstanceContext {
  return { version, game };
}

/** Players (id, name, status) of instances, by instance id, in joining order. */
/** A player of an instance as the Gameplay pages list it, with their account photo. */
type InstancePlayerRow = Pick<PlayerStateRow, 'playerId' | 'name' | 'status' | 'updatedAt'> & {
  photoId: string | null;
  /** The clock (issue 28): the deadline and when time was up, from the player's state. */
  deadline: string | null;
  timeUpWhen: string | null;
};

async function playersByInstance(
  ctx: AppContext,
  instanceIds: readonly string[],
): Promise<Map<string, InstancePlayerRow[]>> {
  const byInstance = new Map<string, InstancePlayerRow[]>();
  if (instanceIds.length === 0) return byInstance;
  const rows = await ctx.db
    .select({
      instanceId: playerStates.instanceId,
      playerId: playerStates.playerId,
      name: playerStates.name,
      status: playerStates.status,
      updatedAt: playerStates.updatedAt,
      photoId: users.photoId,
      deadline: sql<string | null>`${playerStates.state}->'clock'->>'deadline'`,
      timeUpWhen: sql<string | null>`${playerStates.state}->'clock'->>'timeUpWhen'`,
    })
    .from(playerStates)
    .leftJoin(users, eq(users.id, playerStates.userId))
    .where(inArray(playerStates.instanceId, [...instanceIds]))
    .orderBy(asc(playerStates.joinedAt), asc(playerStates.playerId));
  for (const row of rows) {
    const list = byInstance.get(row.instanceId) ?? [];
    list.push(row);
    byInstance.set(row.instanceId, list);
  }
  return byInstance;
}

// ─── Reading ─────────────────────────────────────────────────────────────────

/**
 * The instances of a game for the Gameplay page (manage right): active ones
 * first, then the most recently changed; `status` keeps one world status.
 */
export async function listInstances({
  ctx,
  user,
  gameId,
  status,
}: {
  ctx: AppContext;
  user: CurrentUser;
  gameId: string;
  status?: WorldStatus;
}): Promise<InstanceListItem[]> {
  const game = await requireGameRight({ ctx, user, gameId, right: 'manage' });
  const rows = await ctx.db
    .select()
    .from(gameInstances)
    .where(and(eq(gameInstances.gameId, gameId), status ? eq(gameInstances.status, status) : undefined))
    .orderBy(sql`(${gameInstances.status} = 'active') desc`, desc(gameInstances.updatedAt), asc(gameInstances.id));
  const [versions, players] = await Promise.all([
    versionNumbers(
      ctx,
      rows.map((row) => row.versionId),
    ),
    playersByInstance(
      ctx,
      rows.map((row) => row.id),
    ),
  ]);
  return rows.map((row) =>
    presentInstanceListItem(row, players.get(row.id) ?? [], contextOf(game.row, versions.get(row.versionId) ?? 0)),
  );
}

/**
 * The players of a game's instances for the live map and the player list
 * (manage right): of working-version instances ('live-only'), of published
 * ones ('published-only') or of both. Newest activity first.
 */
export async function listPlayerStates({
  ctx,
  user,
  gameId,
  showType,
}: {
  ctx: AppContext;
  user: CurrentUser;
  gameId: string;
  showType: PlayerStatesShowType;
}): Promise<PlayerStateItem[]> {
  await requireGameRight({ ctx, user, gameId, right: 'manage' });
  const rows = await ctx.db
    .select({
      player: playerStates,
      email: users.email,
      photoId: users.photoId,
      worldStatus: gameInstances.status,
      isLiveSpec: gameInstances.isLiveSpec,
    })
    .from(playerStates)
    .innerJoin(gameInstances, eq(gameInstances.id, playerStates.instanceId))
    .leftJoin(users, eq(users.id, playerStates.userId))
    .where(
      and(
        eq(playerStates.gameId, gameId),
        showType === 'both' ? undefined : eq(gameInstances.isLiveSpec, showType === 'live-only'),
      ),
    )
    .orderBy(desc(playerStates.updatedAt), asc(playerStates.playerId));
  return rows.map((row) =>
    presentPlayerState(row.player, {
      email: row.email,
      photoId: row.photoId,
      worldStatus: row.worldStatus,
      isLiveSpec: row.isLiveSpec,
    }),
  );
}

/** The full shape of an instance whose row and game are loaded. */
async function presentInstance(
  ctx: AppContext,
  game: GameRow,
  instanceId: string,
  fullState: boolean,
): Promise<FullInstance> {
  const loaded = await loadInstanceState(ctx, instanceId);
  if (!loaded) throw fail.notFound(OPERATION_MESSAGES.instanceNotFound);
  const [versions, players, members] = await Promise.all([
    versionNumbers(ctx, [loaded.instance.versionId]),
    playersByInstance(ctx, [instanceId]),
    joinedMembersByTeam(ctx, instanceId),
  ]);
  const context = contextOf(game, versions.get(loaded.instance.versionId) ?? 0);
  return presentFullInstance(loaded, players.get(instanceId) ?? [], context, fullState, members);
}

/** Games played in teams: each team's members who have joined (an account bound), by team id, in the team's order. */
async function joinedMembersByTeam(
  ctx: AppContext,
  instanceId: string,
): Promise<Map<string, Array<{ id: string; name: string }>>> {
  const rows = await ctx.db
    .select({ teamId: teamMembers.teamId, id: teamMembers.id, name: teamMembers.name })
    .from(teamMembers)
    .where(and(eq(teamMembers.instanceId, instanceId), isNotNull(teamMembers.userId), isNotNull(teamMembers.teamId)))
    .orderBy(asc(teamMembers.position));
  const byTeam = new Map<string, Array<{ id: string; name: string }>>();
  for (const row of rows) byTeam.set(row.teamId!, [...(byTeam.get(row.teamId!) ?? []), { id: row.id, name: row.name }]);
  return byTeam;
}

/** One instance for the Instance page (manage right); `fullState` adds every player's state. */
export async function getInstance({
  ctx,
  user,
  instanceId,
  fullState,
}: {
  ctx: AppContext;
  user: CurrentUser;
  instanceId: string;
  fullState: boolean;
}): Promise<FullInstance> {
  const { game } = await requireManagedInstance(ctx, user, instanceId);
  return presentInstance(ctx, game.row, instanceId, fullState);
}

// ─── Instance actions ────────────────────────────────────────────────────────

/**
 * Terminates an instance (manage right): the engine's `terminate` event, so
 * every player still in it is told the game ended. One-way: 409 when it is
 * already terminated (spec 1 §4).
 */
export async function terminateInstance({
  ctx,
  user,
  instanceId,
}: {
  ctx: AppContext;
  user: CurrentUser;
  instanceId: string;
}): Promise<FullInstance> {
  const { instance, game } = await requireManagedInstance(ctx, user, instanceId);
  if (instance.status === 'terminated') throw fail.conflict(OPERATION_MESSAGES.alreadyTerminated);
  await runEvent(ctx, { instanceId, event: { type: 'terminate' } });
  return presentInstance(ctx, game.row, instanceId, false);
}

/** Tells an instance's room it is gone (fire-and-forget). */
function announceDeleted(ctx: AppContext, instanceIds: readonly string[]): void {
  for (const instanceId of instanceIds) {
    ctx.realtime.toInstance(instanceId, SOCKET_EVENTS.instance, { instanceId, status: DELETED_STATUS });
  }
}

/**
 * Deletes an instance (manage right) with its players' states, records and
 * messages. A step running on it finishes first: the delete waits for the
 * instance's row lock.
 */
export async function deleteInstance({
  ctx,
  user,
  instanceId,
}: {
  ctx: AppContext;
  user: CurrentUser;
  instanceId: string;
}): Promise<void> {
  await requireManagedInstance(ctx, user, instanceId);
  const uploads = await uploadsOf(ctx.db, { instanceIds: [instanceId] });
  await ctx.db.delete(gameInstances).where(eq(gameInstances.id, instanceId));
  await removeUploadFiles(ctx, uploads);
  announceDeleted(ctx, [instanceId]);
}

/** Deletes every instance of a game (edit right; "Terminate all instances" deletes, spec 1 §7). */
export async function deleteAllInstances({
  ctx,
  user,
  gameId,
}: {
  ctx: AppContext;
  user: CurrentUser;
  gameId: string;
}): Promise<{ deleted: number }> {
  await requireGameRight({ ctx, user, gameId, right: 'edit' });
  const uploads = await uploadsOf(ctx.db, { gameId });
  const deleted = await ctx.db
    .delete(gameInstances)
    .where(eq(gameInstances.gameId, gameId))
    .returning({ id: gameInstances.id });
  await removeUploadFiles(ctx, uploads);
  announceDeleted(
    ctx,
    deleted.map((row) => row.id),
  );
  return { deleted: deleted.length };
}

/**
 * Expires every active instance of a game (manage right) once its playing
 * period has ended — the only time the console offers it (spec 1 §4); 409
 * before. Counted by the version kind the instances run.
 */
export async function applyExpiration({
  ctx,
  user,
  gameId,
}: {
  ctx: AppContext;
  user: CurrentUser;
  gameId: string;
}): Promise<ApplyExpirationAnswer> {
  const game = await requireGameRight({ ctx, user, gameId, right: 'manage' });
  const { end } = periodOf(game.row.settings);
  const endTime = end ? Date.parse(end) : NaN;
  if (Number.isNaN(endTime) || endTime > ctx.now().getTime()) throw fail.conflict(OPERATION_MESSAGES.periodNotEnded);
  const expiredInstances = { workingVersion: 0, publicVersion: 0 };
  for (const instance of await expireActiveInstances(ctx, gameId)) {
    if (instance.isLiveSpec) expiredInstances.workingVersion += 1;
    else expiredInstances.publicVersion += 1;
  }
  return { expiredInstances };
}

// ─── Playing period ──────────────────────────────────────────────────────────

/**
 * Sets the playing period of a game (manage right; not archived). The period
 * is the game's, so it applies at once to every instance of every version
 * ("All instances with the same game version will get updated", spec 1 §2):
 * the runtime reads the game's period on every event rather than the one
 * frozen in a published snapshot, which stays as it was published.
 */
async function setPlayingPeriod(
  ctx: AppContext,
  user: CurrentUser,
  gameId: string,
  period: InstancePlayingPeriod,
): Promise<{ playingPeriod: InstancePlayingPeriod; instances: number }> {
  const game = await requireGameRight({ ctx, user, gameId, right: 'manage' });
  assertNotArchived(game.row);
  const stored = { start: period.start ?? '', end: period.end, timezone: period.timezone };
  const [updated] = await ctx.db
    .update(games)
    .set({
      settings: sql`jsonb_set(${games.settings}, '{playingPeriod}', ${JSON.stringify(stored)}::jsonb)`,
      updatedAt: ctx.now(),
    })
    .where(eq(games.id, gameId))
    .returning({ settings: games.settings });
  const [count] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(gameInstances)
    .where(eq(gameInstances.gameId, gameId));
  return { playingPeriod: periodOf(updated!.settings), instances: Number(count?.n ?? 0) };
}

/** PATCH /game-versions/{versionId}/playingPeriod: the period of the version's game. */
export async function setVersionPlayingPeriod({
  ctx,
  user,
  versionId,
  period,
}: {
  ctx: AppContext;
  user: CurrentUser;
  versionId: string;
  period: InstancePlayingPeriod;
}) {
  const [version] = isUuid(versionId)
    ? await ctx.db
        .select({ gameId: gameVersions.gameId })
        .from(gameVersions)
        .where(eq(gameVersions.id, versionId))
        .limit(1)
    : [];
  if (!version) throw fail.notFound(OPERATION_MESSAGES.versionNotFound);
  return setPlayingPeriod(ctx, user, version.gameId, period);
}

/** PATCH /manage/gameInstances/{instanceId}/playingPeriod: the period of the instance's game. */
export async function setInstancePlayingPeriod({
  ctx,
  user,
  instanceId,
  period,
}: {
  ctx: AppContext;
  user: CurrentUser;
  instanceId: string;
  period: InstancePlayingPeriod;
}) {
  const { instance } = await requireManagedInstance(ctx, user, instanceId);
  return setPlayingPeriod(ctx, user, instance.gameId, period);
}

// ─── World items ─────────────────────────────────────────────────────────────

/**
 * Adds or replaces an object or offer lying in an instance's world (manage
 * right), from the initial world's form values, checked against the spec the
 * instance runs. Runs under the instance's row lock.
 */
export async function updateWorldItem({
  ctx,
  user,
  instanceId,
  body,
}: {
  ctx: AppContext;
  user: CurrentUser;
  instanceId: string;
  /** The form values, with the operator's `reason` beside them (optional; spec 1 fixes the body). */
  body: Record<string, unknown>;
}): Promise<FullInstance> {
  const { game } = await requireManagedInstance(ctx, user, instanceId);
  const { reason: given, ...values } = body;
  const reason = worldEditReasonSchema.safeParse(given);
  if (!reason.success) throw fail.validation({ reason: reason.error.issues[0]!.message });
  const now = ctx.now();
  await mutateWorld(
    ctx,
    instanceId,
    (world, spec) => withWorldItem(world, spec, parseWorldItem(spec, values), now),
    worldAudit(user, instanceId, { op: 'update', values }, now, reason.data),
  );
  return presentInstance(ctx, game.row, instanceId, false);
}

/** Removes an object or offer from an instance's world by its key 'has.{type}.{sceneId}.{id}' (manage right). */
export async function deleteWorldItem({
  ctx,
  user,
  instanceId,
  key,
  reason,
}: {
  ctx: AppContext;
  user: CurrentUser;
  instanceId: string;
  key: string;
  /** The operator's reason (`?reason=`; spec 1 gives the delete no body). */
  reason: string;
}): Promise<FullInstance> {
  const { game } = await requireManagedInstance(ctx, user, instanceId);
  const item = parseWorldStateKey(key);
  if (!item) throw fail.validation({ key: OPERATION_MESSAGES.badWorldItemKey }, OPERATION_MESSAGES.badWorldItemKey);
  // The id is unique in the world; the scene in the key is where the console listed it.
  await mutateWorld(
    ctx,
    instanceId,
    (world) => withoutWorldItem(world, item.type, item.id),
    worldAudit(user, instanceId, { op: 'delete', key }, ctx.now(), reason),
  );
  return presentInstance(ctx, game.row, instanceId, false);
}

// ─── Messages ────────────────────────────────────────────────────────────────

/** A player an operator message goes to. */
interface Recipient {
  instanceId: string;
  playerId: string;
  userId: string | null;
}

/**
 * Sends an operator message (manage right, spec 1 §7): to one player
 * (`userId`), or to every player still in an active instance of the game — of
 * `gameVersionId` when given, in scene `sceneId` when given. Online players get
 * it at once over the realtime channel (event `message`); with `asynchronous`,
 * the others' copies are stored and shown in their next view. A synchronous
 * message reaches only those online (spec 1 §5 warns of it).
 */
export async function sendMessage({
  ctx,
  user,
  gameId,
  body,
}: {
  ctx: AppContext;
  user: CurrentUser;
  gameId: string;
  body: {
    userId?: string | null;
    sceneId?: string | null;
    gameVersionId?: string | null;
    message: string;
    asynchronous: boolean;
  };
}): Promise<SendMessageAnswer> {
  await requireGameRight({ ctx, user, gameId, right: 'manage' });
  const sceneId = body.sceneId && body.sceneId !== ALL_SCENES ? body.sceneId : null;
  const conditions = [
    eq(playerStates.gameId, gameId),
    eq(gameInstances.status, 'active'),
    notInArray(playerStates.status, GONE_STATUSES),
  ];
  if (body.userId) {
    conditions.push(eq(playerStates.playerId, body.userId));
  } else {
    if (body.gameVersionId) {
      const [version] = isUuid(body.gameVersionId)
        ? await ctx.db
            .select({ id: gameVersions.id })
            .from(gameVersions)
            .where(and(eq(gameVersions.id, body.gameVersionId), eq(gameVersions.gameId, gameId)))
            .limit(1)
        : [];
      if (!version) throw fail.notFound(OPERATION_MESSAGES.versionNotFound);
      conditions.push(eq(playerStates.versionId, version.id));
    }
    if (sceneId) conditions.push(sql`${playerStates.state}->>'currentSceneId' = ${sceneId}`);
  }
  const recipients: Recipient[] = await ctx.db
    .select({ instanceId: playerStates.instanceId, playerId: playerStates.playerId, userId: playerStates.userId })
    .from(playerStates)
    .innerJoin(gameInstances, eq(gameInstances.id, playerStates.instanceId))
    .where(and(...conditions));
  if (body.userId && recipients.length === 0) throw fail.notFound(OPERATION_MESSAGES.playerNotFound);

  const now = ctx.now();
  const online = await ctx.realtime.onlineUsers(
    recipients.flatMap((recipient) => (recipient.userId ? [recipient.userId] : [])),
  );
  const isOnline = (recipient: Recipient) => recipient.userId !== null && online.has(recipient.userId);

  // Asynchronous: one row per recipient; those pushed now are stamped delivered, the others wait for their view.
  const stored = body.asynchronous
    ? await insertMessages(ctx, { gameId, sceneId, message: body.message, sentBy: user.id, now, recipients, isOnline })
    : new Map<Recipient, string>();

  let delivered = 0;
  for (const recipient of recipients) {
    if (!isOnline(recipient)) continue;
    const payload: OperatorMessage = {
      id: stored.get(recipient) ?? null,
      instanceId: recipient.instanceId,
      message: body.message,
      sceneId,
      when: now.toISOString(),
      from: user.name,
    };
    ctx.realtime.toUser(recipient.userId!, SOCKET_EVENTS.message, payload);
    delivered += 1;
  }
  const waiting = body.asynchronous ? recipients.filter((recipient) => !isOnline(recipient)).length : 0;
  // Messages both ways (issue 29): the message lands in each recipient's conversation of the inbox too.
  await recordOrganiserMessages(ctx, { gameId, sender: user, text: body.message, recipients });
  return { delivered, stored: waiting };
}

/** Stores an asynchronous message for each recipient; answers each recipient's row id. */
async function insertMessages(
  ctx: AppContext,
  options: {
    gameId: string;
    sceneId: string | null;
    message: string;
    sentBy: string;
    now: Date;
    recipients: Recipient[];
    isOnline: (recipient: Recipient) => boolean;
  },
): Promise<Map<Recipient, string>> {
  const ids = new Map<Recipient, string>();
  if (options.recipients.length === 0) return ids;
  const rows = await ctx.db
    .insert(playerMessages)
    .values(
      options.recipients.map((recipient) => ({
        gameId: options.gameId,
        instanceId: recipient.instanceId,
        playerId: recipient.playerId,
        sceneId: options.sceneId,
        message: options.message,
        sentBy: options.sentBy,
        createdAt: options.now,
        deliveredAt: options.isOnline(recipient) ? options.now : null,
      })),
    )
    .returning({ id: playerMessages.id });
  options.recipients.forEach((recipient, index) => ids.set(recipient, rows[index]!.id));
  return ids;
}
