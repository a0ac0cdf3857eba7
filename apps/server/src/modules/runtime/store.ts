/**
 * The instance store: where the pure engine meets the database.
 *
 * Why this is race-safe: every change to an instance — a player's event, an
 * operator's event, an operator's edit of the world — runs in ONE transaction
 * that first takes the instance row with `SELECT … FOR UPDATE`. Whoever holds
 * that row lock is the only one reading and writing the instance's world and its
 * players' states until COMMIT; a second event on the same instance waits at its
 * own `FOR UPDATE` and then reads what the first one wrote. So two players
 * racing for the last offer are stepped one after the other: the first takes it,
 * the second's step sees quantity 0 and is refused. Different instances never
 * wait for each other. Player rows are only ever written under their instance's
 * lock, so reading them after taking it needs no lock of their own. Nothing is
 * pushed to sockets before COMMIT, so a player is never told of a change that
 * was rolled back.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  mayRunOnCompletedInstance,
  migrateGameSpec,
  PLAY_ERROR_CODES,
  PLAY_MESSAGES,
  SOCKET_EVENTS,
  type GameSpec,
  type PlayerView,
  type PlayingPeriod,
} from '@loci/domain';
import {
  INSTANCE_STATE_VERSION,
  migrateInstanceState,
  step,
  viewOf,
  type EngineEvent,
  type InstanceState,
  type Output,
  type PlayerEvent,
  type PlayerState,
  type StepResult,
  type WorldState,
} from '@loci/engine';
import type { AppContext } from '../../context.js';
import {
  gameInstances,
  gameplayRecords,
  games,
  gameVersions,
  playerMessages,
  playerStates,
  type GameInstanceRow,
  type GameRow,
  type GameVersionRow,
  type PlayerStateRow,
} from '../../db/schema.js';
import { AppError, fail } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import type { Executor, Transaction } from '../../db/client.js';
import { buildWorkingSpec } from '../versions/service.js';

// ─── Specs ───────────────────────────────────────────────────────────────────

/**
 * Specs by key. The engine compiles a spec once per spec OBJECT (a WeakMap), so
 * handing it the same object for every event of a version is what keeps a step
 * cheap. Keys carry the game's current playing period (see `withPeriod`).
 */
const specCache = new Map<string, GameSpec>();
const SPEC_CACHE_SIZE = 500;

function remember(key: string, spec: GameSpec): GameSpec {
  if (specCache.size >= SPEC_CACHE_SIZE) {
    const oldest = specCache.keys().next().value;
    if (oldest !== undefined) specCache.delete(oldest);
  }
  specCache.set(key, spec);
  return spec;
}

/**
 * The spec with the game's playing period as it is NOW. Operators change a
 * game's playing period after publishing (spec 1 §2 "Change Game Period":
 * "All instances with the same game version will get updated"), and the engine
 * expires an instance by the period of the spec it is given, so the period is
 * read from the game row rather than from the snapshot.
 */
function withPeriod(spec: GameSpec, period: PlayingPeriod | null): GameSpec {
  if (!period) return spec;
  return { ...spec, game: { ...spec.game, playingPeriod: period } };
}

/** The published version's stored spec (published specs never change; cached by version id). */
async function publishedSpec(db: Executor, versionId: string): Promise<GameSpec> {
  const key = `version:${versionId}`;
  const cached = specCache.get(key);
  if (cached) return cached;
  const [version] = await db
    .select({ spec: gameVersions.spec })
    .from(gameVersions)
    .where(eq(gameVersions.id, versionId))
    .limit(1);
  if (!version?.spec) throw fail.notFound(PLAY_MESSAGES.versionNotFound);
  return remember(key, migrateGameSpec(version.spec));
}

/** The spec `row` runs, with `period` laid over it; the same object for the same (instance source, period). */
async function specFor(db: Executor, row: GameInstanceRow, period: PlayingPeriod | null): Promise<GameSpec> {
  const periodKey = period ? `${period.start}|${period.end ?? ''}|${period.timezone}` : '';
  // A working-version instance runs its own snapshot, which never changes after the start.
  const key = row.spec ? `instance:${row.id}|${periodKey}` : `version:${row.versionId}|${periodKey}`;
  const cached = specCache.get(key);
  if (cached) return cached;
  const base = row.spec ? migrateGameSpec(row.spec) : await publishedSpec(db, row.versionId);
  return remember(key, withPeriod(base, period));
}

/** What a step needs of the game's settings: its playing period and whether players are bound to one device. */
interface PlaySettings {
  period: PlayingPeriod | null;
  enforceSingleDevice: boolean;
}

/**
 * Play settings by game, with the game row's version (`xmin`, which changes
 * with every update of the row) they were read at. The settings are a large
 * JSON document; an event reads only the row version beside the lock and
 * reads the settings again only when the game was changed since.
 */
const playSettingsCache = new Map<string, { rev: string; settings: PlaySettings }>();
const PLAY_SETTINGS_CACHE_SIZE = 1_000;

/** The game row's version, to be selected with the instance (see playSettingsOf). */
const gameRev = sql<string | null>`${games}.xmin::text`;

async function playSettingsOf(db: Executor, gameId: string, rev: string | null): Promise<PlaySettings> {
  const cached = playSettingsCache.get(gameId);
  if (cached && rev !== null && cached.rev === rev) return cached.settings;
  const [found] = await db
    .select({
      rev: gameRev,
      period: sql<PlayingPeriod | null>`${games.settings}->'playingPeriod'`,
      enforceSingleDevice: sql<boolean | null>`(${games.settings}->>'enforceSingleDevice')::boolean`,
    })
    .from(games)
    .where(eq(games.id, gameId))
    .limit(1);
  const settings = { period: found?.period ?? null, enforceSingleDevice: found?.enforceSingleDevice === true };
  if (found?.rev) {
    if (playSettingsCache.size >= PLAY_SETTINGS_CACHE_SIZE)
      playSettingsCache.delete(playSettingsCache.keys().next().value!);
    playSettingsCache.set(gameId, { rev: found.rev, settings });
  }
  return settings;
}

/**
 * The spec an instance runs: its own snapshot (working-version instances) or
 * its published version's, with the game's current playing period.
 */
export async function specOfInstance(ctx: AppContext, row: GameInstanceRow): Promise<GameSpec> {
  return specFor(ctx.db, row, (await playSettingsOf(ctx.db, row.gameId, null)).period);
}

/**
 * The spec a new instance of `version` runs: a published version's snapshot
 * (cached), or the working version assembled now from the design (the caller
 * snapshots it into the instance row).
 */
export async function specOfVersion(db: Executor, game: GameRow, version: GameVersionRow): Promise<GameSpec> {
  if (version.isLiveSpec) return buildWorkingSpec(db, { game, initialState: version.initialState });
  return publishedSpec(db, version.id);
}

/** Forgets cached specs (tests that rewrite a version's spec in place). */
export function clearSpecCache(): void {
  specCache.clear();
}

// ─── Reading ─────────────────────────────────────────────────────────────────

/** The player rows of an instance: all of them, or those of `playerIds`. */
async function playerRowsOf(
  db: Executor,
  instanceId: string,
  playerIds?: readonly string[],
): Promise<PlayerStateRow[]> {
  if (playerIds && playerIds.length === 0) return [];
  return db
    .select()
    .from(playerStates)
    .where(
      playerIds
        ? and(eq(playerStates.instanceId, instanceId), inArray(playerStates.playerId, [...playerIds]))
        : eq(playerStates.instanceId, instanceId),
    );
}

/** The engine's InstanceState from the instance row and (some of) its player rows. */
function assembleState(row: GameInstanceRow, spec: GameSpec, players: readonly PlayerStateRow[]): InstanceState {
  return migrateInstanceState({
    // Written by an older engine: migrateInstanceState brings the shape up to date.
    version: row.stateVersion,
    gameId: spec.game.id,
    multiplayer: row.multiplayer,
    world: row.world,
    players: Object.fromEntries(players.map((player) => [player.playerId, player.state])),
  });
}

/** Instance + every player's state assembled as an engine InstanceState (for operator reads). null when missing. */
export async function loadInstanceState(
  ctx: AppContext,
  instanceId: string,
): Promise<{ instance: GameInstanceRow; state: InstanceState; spec: GameSpec } | null> {
  if (!isUuid(instanceId)) return null;
  const [instance] = await ctx.db.select().from(gameInstances).where(eq(gameInstances.id, instanceId)).limit(1);
  if (!instance) return null;
  const [spec, players] = await Promise.all([specOfInstance(ctx, instance), playerRowsOf(ctx.db, instanceId)]);
  return { instance, state: assembleState(instance, spec, players), spec };
}

/** The instance row locked for this transaction, with the game's current playing period; 404 when missing. */
async function lockInstance(
  tx: Transaction,
  instanceId: string,
): Promise<{ row: GameInstanceRow; period: PlayingPeriod | null }> {
  if (!isUuid(instanceId)) throw fail.notFound(PLAY_MESSAGES.instanceNotFound);
  // The instance (locked) and its game row's version (not locked: `of` limits the lock).
  const [found] = await tx
    .select({ row: gameInstances, rev: gameRev })
    .from(gameInstances)
    .leftJoin(games, eq(games.id, gameInstances.gameId))
    .where(eq(gameInstances.id, instanceId))
    .limit(1)
    .for('update', { of: gameInstances });
  if (!found) throw fail.notFound(PLAY_MESSAGES.instanceNotFound);
  return { row: found.row, period: (await playSettingsOf(tx, found.row.gameId, found.rev)).period };
}

// ─── Stepping ────────────────────────────────────────────────────────────────

/** A player joining with this event: the account and device their new row is bound to. */
export interface JoinOptions {
  userId: string | null;
  deviceId?: string | null;
}

export interface RunEventArgs {
  instanceId: string;
  event: EngineEvent;
  traceAllRules?: boolean;
  /** Load every player, also for a player event. */
  allPlayers?: boolean;
  /** The acting player has no row yet (a `start` that joins): insert it with these. */
  join?: JoinOptions;
}

/** What must be pushed to sockets once the transaction has committed. */
export interface PendingPush {
  instanceId: string;
  status: string;
  /** Per player with outputs: their account (null after anonymisation: nobody to push to), outputs and view. */
  players: Array<{ userId: string | null; outputs: Output[]; view: PlayerView }>;
}

export interface SteppedEvent {
  instance: GameInstanceRow;
  result: StepResult;
  spec: GameSpec;
  push: PendingPush;
}

/** 409 INSTANCE_NOT_ACTIVE unless a player's `event` may still run on an instance in `status`. */
function assertAcceptsPlayerEvent(status: string, type: string): void {
  if (status === 'active') return;
  // The events that close what is on screen (the epilogue's info box, the last answer) still run, and
  // those the end policies may allow (offers, buying): the engine applies the game's policies to them.
  if (status === 'completed' && mayRunOnCompletedInstance(type)) return;
  throw new AppError('CONFLICT', PLAY_MESSAGES.instanceNotActive, {
    extra: { errorCode: PLAY_ERROR_CODES.INSTANCE_NOT_ACTIVE, status },
  });
}

const isPlayerEvent = (event: EngineEvent): event is Extract<EngineEvent, { playerId: string }> =>
  typeof (event as { playerId?: unknown }).playerId === 'string';

/**
 * Steps one event inside the caller's transaction (which must not have touched
 * the instance yet): locks the instance, loads what the step needs, steps,
 * writes back what changed and appends the records. Nothing is pushed: the
 * caller pushes `push` after COMMIT (see `pushStepped`).
 */
export async function stepInTransaction(ctx: AppContext, tx: Transaction, args: RunEventArgs): Promise<SteppedEvent> {
  const { row, period } = await lockInstance(tx, args.instanceId);
  const actingPlayerId = isPlayerEvent(args.event) ? args.event.playerId : null;
  if (actingPlayerId !== null) assertAcceptsPlayerEvent(row.status, args.event.type);
  // The engine reads only the acting player (and the world) for a player event.
  const rows = await playerRowsOf(
    tx,
    row.id,
    actingPlayerId !== null && !args.allPlayers ? [actingPlayerId] : undefined,
  );
  return stepLoaded(ctx, tx, { row, period, rows, args });
}

/**
 * Steps `args.event` on an instance whose row this transaction has locked, with
 * the player rows the step needs already read; writes back what changed and
 * appends the records.
 */
async function stepLoaded(
  ctx: AppContext,
  tx: Transaction,
  loaded: { row: GameInstanceRow; period: PlayingPeriod | null; rows: PlayerStateRow[]; args: RunEventArgs },
): Promise<SteppedEvent> {
  const { row, period, args } = loaded;
  let rows = loaded.rows;
  const spec = await specFor(tx, row, period);
  const now = ctx.now();
  const playerEvent = isPlayerEvent(args.event);
  let state = assembleState(row, spec, rows);
  const options = { traceAllRules: args.traceAllRules === true };
  let result = step(spec, state, args.event, now, Math.random, options);
  // …except when a player finishes or leaves a shared instance: whether the instance is then
  // completed or abandoned depends on everyone. With only the acting player loaded the engine can
  // only err towards "everyone is done", so a status change is checked again with every player.
  if (playerEvent && !args.allPlayers && row.multiplayer && result.state.world.status !== row.world.status) {
    rows = await playerRowsOf(tx, row.id);
    state = assembleState(row, spec, rows);
    result = step(spec, state, args.event, now, Math.random, options);
  }

  const byPlayer = new Map(rows.map((player) => [player.playerId, player]));
  const refused = result.outputs.length > 0 && result.outputs.every((output) => output.action === 'error');
  const nextPlayers = result.state.players;
  const world = result.state.world;
  const worldChanged = world !== row.world;
  const changed = Object.entries(nextPlayers).filter(([playerId, player]) => state.players[playerId] !== player);
  // The common event changes one known player and not the world: one statement writes the player and
  // touches the instance (see touchWithPlayer).
  const single = !worldChanged && changed.length === 1 && byPlayer.has(changed[0]![0]) ? changed[0]! : null;
  if (single) await touchWithPlayer(tx, row.id, single[1], now);
  for (const [playerId, player] of single ? [] : changed) {
    const copies = {
      name: player.name,
      status: player.status,
      state: player,
      latitude: player.location?.latitude ?? null,
      longitude: player.location?.longitude ?? null,
      updatedAt: now,
    };
    if (byPlayer.has(playerId)) {
      await tx
        .update(playerStates)
        .set(copies)
        .where(and(eq(playerStates.instanceId, row.id), eq(playerStates.playerId, playerId)));
    } else {
      // A `start` that joined the player: the row is new. A refused start still returns the joined player
      // (engine: the join happens before the status checks), so a refusal adds nobody.
      if (refused) continue;
      await tx.insert(playerStates).values({
        instanceId: row.id,
        playerId,
        userId: args.join ? args.join.userId : playerId,
        gameId: row.gameId,
        versionId: row.versionId,
        deviceId: args.join?.deviceId ?? null,
        joinedAt: now,
        ...copies,
      });
    }
  }

  if (!single) {
    await tx
      .update(gameInstances)
      .set({
        ...(worldChanged ? { world, status: world.status, stateVersion: INSTANCE_STATE_VERSION } : {}),
        updatedAt: now,
      })
      .where(eq(gameInstances.id, row.id));
  }
  const instance: GameInstanceRow = worldChanged
    ? { ...row, world, status: world.status, stateVersion: INSTANCE_STATE_VERSION, updatedAt: now }
    : { ...row, updatedAt: now };

  if (result.records.length > 0) {
    await tx.insert(gameplayRecords).values(
      result.records.map((record) => ({
        instanceId: row.id,
        gameId: row.gameId,
        versionId: row.versionId,
        playerId: record.playerId,
        name: record.name,
        when: new Date(record.when),
        record,
      })),
    );
  }

  // Outputs per player, with that player's view, for the sockets.
  const outputsByPlayer = new Map<string, Output[]>();
  for (const output of result.outputs) {
    if (!output.playerId || !nextPlayers[output.playerId]) continue;
    const list = outputsByPlayer.get(output.playerId) ?? [];
    list.push(output);
    outputsByPlayer.set(output.playerId, list);
  }
  const push: PendingPush = {
    instanceId: row.id,
    status: instance.status,
    players: [...outputsByPlayer].map(([playerId, outputs]) => ({
      userId: byPlayer.has(playerId) ? byPlayer.get(playerId)!.userId : (args.join?.userId ?? playerId),
      outputs,
      view: viewOf(spec, result.state, playerId),
    })),
  };
  return { instance, result, spec, push };
}

/**
 * Writes one player's state and touches the instance's `updated_at` in ONE
 * statement (a data-modifying CTE): the hot path of play, a player's event that
 * leaves the world as it was, pays one round trip for its writes.
 */
async function touchWithPlayer(tx: Transaction, instanceId: string, player: PlayerState, now: Date): Promise<void> {
  await tx.execute(sql`
    with touched as (
      update ${gameInstances} set updated_at = ${now.toISOString()}::timestamptz where id = ${instanceId}
    )
    update ${playerStates}
    set name = ${player.name},
        status = ${player.status},
        state = ${JSON.stringify(player)}::jsonb,
        latitude = ${player.location?.latitude ?? null},
        longitude = ${player.location?.longitude ?? null},
        updated_at = ${now.toISOString()}::timestamptz
    where instance_id = ${instanceId} and player_id = ${player.id}`);
}

/** Pushes what a committed step produced: each player's outputs and view, and the instance's status. */
export function pushStepped(ctx: AppContext, push: PendingPush): void {
  try {
    for (const player of push.players) {
      if (!player.userId) continue;
      ctx.realtime.toUser(player.userId, SOCKET_EVENTS.outputs, {
        instanceId: push.instanceId,
        outputs: player.outputs,
        view: player.view,
      });
    }
    ctx.realtime.toInstance(push.instanceId, SOCKET_EVENTS.instance, {
      instanceId: push.instanceId,
      status: push.status,
    });
  } catch (error) {
    // Pushes are fire-and-forget (lib/realtime.ts): the committed step stands, the player reads it in the next view.
    ctx.log.warn({ err: error, instanceId: push.instanceId }, 'realtime push failed');
  }
}

/**
 * Runs one engine event on an instance in ONE transaction: SELECT the instance
 * row FOR UPDATE; load its world and the needed player rows (just the acting
 * player for a PlayerEvent; every player for an OperatorEvent or when
 * opts.allPlayers); step; write back changed player rows and the world (only if
 * it changed); append the records to gameplay_records; bump updated_at. After
 * COMMIT, push each player's outputs over ctx.realtime.toUser(userId,
 * 'outputs', { instanceId, outputs, view }) and ctx.realtime.toInstance(
 * instanceId, 'instance', { instanceId, status }).
 *
 * 404 when the instance is missing; 409 (errorCode INSTANCE_NOT_ACTIVE) for a
 * player event on an instance that is not active (a completed one still takes
 * the events that close what is on screen: seen, answer, confirm, option,
 * leave). Engine refusals are not errors: they come back as 'error' outputs.
 */
export async function runEvent(
  ctx: AppContext,
  args: { instanceId: string; event: EngineEvent; traceAllRules?: boolean; allPlayers?: boolean; join?: JoinOptions },
): Promise<{ instance: GameInstanceRow; result: StepResult; spec: GameSpec }> {
  const stepped = await ctx.db.transaction((tx) => stepInTransaction(ctx, tx, args));
  pushStepped(ctx, stepped.push);
  return { instance: stepped.instance, result: stepped.result, spec: stepped.spec };
}

/** What a player's event run by `runPlayerEvent` found under the lock, for the caller's own checks. */
export interface LockedForPlayer {
  row: GameInstanceRow;
  player: PlayerStateRow;
  /** The game's current single-device setting. */
  enforceSingleDevice: boolean;
}

/** A player event as the client sends it: the server fills in the caller's player id. */
export type ClientPlayerEvent = PlayerEvent extends infer E
  ? E extends PlayerEvent
    ? Omit<E, 'playerId'>
    : never
  : never;

/**
 * Runs one event of the signed-in user's player in ONE transaction whose first
 * statement locks the instance and reads, with it, the game's playing period
 * and single-device setting, the caller's player row and whether operator
 * messages wait for them — the hot path of play: one statement to load, one to
 * write (touchWithPlayer), then COMMIT. `check` runs under the lock before the
 * step (device binding, playtest debug); it throws to refuse and says whether
 * to trace every rule. 404 without the instance, 403 NOT_A_PLAYER when the user
 * does not play it, 409 INSTANCE_NOT_ACTIVE as `runEvent`.
 */
export async function runPlayerEvent(
  ctx: AppContext,
  args: {
    instanceId: string;
    userId: string;
    event: ClientPlayerEvent;
    /** Returns whether to trace every rule, and the event to run when it completes the client's (e.g. a medium's kind). */
    check: (locked: LockedForPlayer, tx: Transaction) => Promise<{ traceAllRules: boolean; event?: ClientPlayerEvent }>;
  },
): Promise<{ instance: GameInstanceRow; result: StepResult; spec: GameSpec; playerId: string; hasMessages: boolean }> {
  if (!isUuid(args.instanceId)) throw fail.notFound(PLAY_MESSAGES.instanceNotFound);
  const stepped = await ctx.db.transaction(async (tx) => {
    const [found] = await tx
      .select({
        row: gameInstances,
        rev: gameRev,
        player: playerStates,
        hasMessages: sql<boolean>`exists (select 1 from ${playerMessages} where ${playerMessages.instanceId} = ${gameInstances.id} and ${playerMessages.playerId} = ${playerStates.playerId} and ${playerMessages.deliveredAt} is null)`,
      })
      .from(gameInstances)
      .leftJoin(games, eq(games.id, gameInstances.gameId))
      .leftJoin(
        playerStates,
        and(eq(playerStates.instanceId, gameInstances.id), eq(playerStates.userId, sql.placeholder('userId'))),
      )
      .where(eq(gameInstances.id, sql.placeholder('instanceId')))
      .orderBy(asc(playerStates.joinedAt))
      .limit(1)
      .for('update', { of: gameInstances })
      // Named: PostgreSQL parses and plans it once per connection, not once per event.
      .prepare('play_lock_for_player')
      .execute({ instanceId: args.instanceId, userId: args.userId });
    if (!found) throw fail.notFound(PLAY_MESSAGES.instanceNotFound);
    if (!found.player) {
      throw new AppError('FORBIDDEN', PLAY_MESSAGES.notAPlayer, {
        extra: { errorCode: PLAY_ERROR_CODES.NOT_A_PLAYER },
      });
    }
    const player = found.player;
    const settings = await playSettingsOf(tx, found.row.gameId, found.rev);
    const checked = await args.check({ row: found.row, player, enforceSingleDevice: settings.enforceSingleDevice }, tx);
    const traceAllRules = checked.traceAllRules;
    const event = { ...(checked.event ?? args.event), playerId: player.playerId } as PlayerEvent;
    assertAcceptsPlayerEvent(found.row.status, event.type);
    const result = await stepLoaded(ctx, tx, {
      row: found.row,
      period: settings.period,
      rows: [player],
      args: { instanceId: found.row.id, event, traceAllRules },
    });
    return { ...result, playerId: player.playerId, hasMessages: found.hasMessages === true };
  });
  pushStepped(ctx, stepped.push);
  return {
    instance: stepped.instance,
    result: stepped.result,
    spec: stepped.spec,
    playerId: stepped.playerId,
    hasMessages: stepped.hasMessages,
  };
}

/**
 * Changes the world of an instance under the same row lock (operators'
 * updateWorldStateItem / deleteWorldStateItem). fn returns the new world; when
 * it is a new object whose revision did not move, the revision is bumped so
 * every player re-reads world conditions at their next event.
 */
export async function mutateWorld(
  ctx: AppContext,
  instanceId: string,
  fn: (world: WorldState, spec: GameSpec) => WorldState,
): Promise<GameInstanceRow> {
  const updated = await ctx.db.transaction(async (tx) => {
    const { row, period } = await lockInstance(tx, instanceId);
    const spec = await specFor(tx, row, period);
    let world = fn(row.world, spec);
    if (world === row.world) return row;
    if (world.revision === row.world.revision) world = { ...world, revision: row.world.revision + 1 };
    const [instance] = await tx
      .update(gameInstances)
      .set({ world, status: world.status, stateVersion: INSTANCE_STATE_VERSION, updatedAt: ctx.now() })
      .where(eq(gameInstances.id, row.id))
      .returning();
    return instance!;
  });
  try {
    ctx.realtime.toInstance(updated.id, SOCKET_EVENTS.instance, { instanceId: updated.id, status: updated.status });
  } catch (error) {
    ctx.log.warn({ err: error, instanceId }, 'realtime push failed');
  }
  return updated;
}

/** A new instance row of a version with the engine's initial world (the caller then steps `start`). */
export async function insertInstance(
  tx: Executor,
  values: {
    gameId: string;
    versionId: string;
    isLiveSpec: boolean;
    multiplayer: boolean;
    world: WorldState;
    spec: GameSpec | null;
    now: Date;
  },
): Promise<GameInstanceRow> {
  const [row] = await tx
    .insert(gameInstances)
    .values({
      gameId: values.gameId,
      versionId: values.versionId,
      isLiveSpec: values.isLiveSpec,
      multiplayer: values.multiplayer,
      status: values.world.status,
      world: values.world,
      stateVersion: INSTANCE_STATE_VERSION,
      spec: values.spec,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning();
  return row!;
}

/** The player's own row of an instance, or null. */
export async function findPlayerRow(
  db: Executor,
  instanceId: string,
  playerId: string,
): Promise<PlayerStateRow | null> {
  const [row] = await db
    .select()
    .from(playerStates)
    .where(and(eq(playerStates.instanceId, instanceId), eq(playerStates.playerId, playerId)))
    .limit(1);
  return row ?? null;
}
