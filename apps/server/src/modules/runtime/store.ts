/**
 * The instance store: where the pure engine meets the database.
 *
 * Why this is race-safe. Two ways to change an instance, one rule between them.
 *
 * The locking path: an operator's event, an operator's edit of the world, a
 * start, and a player's event that changes the shared world (a pick, an
 * offer, the end of the instance) run in ONE transaction that first takes the
 * instance row with `SELECT … FOR UPDATE`. Whoever holds that row lock is the
 * only one writing the instance's world until COMMIT; a second event on the
 * same instance waits at its own `FOR UPDATE` and then reads what the first
 * one wrote. So two players racing for the last offer are stepped one after
 * the other: the first takes it, the second's step sees quantity 0 and is
 * refused. The player rows are read in a statement AFTER the lock: a statement
 * that had to wait for the lock still reads the other tables as they were
 * when it began.
 *
 * The optimistic path (`runPlayerEvent`): a player's event that leaves the
 * world as it was — nearly all of them — reads without a lock, steps, and
 * writes in one statement that applies only if the world's revision and the
 * player row's version (`xmin`) are still the ones it read; else it writes
 * nothing and reads again. Its result is then exactly the step the locking
 * path would have made: it read nothing else. The events that arrive together
 * are read in one statement and written in one statement and one commit
 * (event-write.ts: why a batch is exactly its events written one by one —
 * each row keeps its own conditions, two events of one player never share a
 * batch, a failed batch is written again event by event).
 *
 * The rule that joins them: a player row is only written while its
 * instance's row is locked — by `FOR UPDATE`, or by the optimistic write's own
 * `FOR NO KEY UPDATE` of the instance rows of its batch (taken in the order of
 * their ids), which comes before its UPDATE of the players. So a
 * transaction holding the lock never writes a player row over an optimistic
 * write it did not read, and both always lock the instance before the
 * player: they never deadlock (a batch of several instances takes them in
 * id order, as any other batch does, and the locking path holds one).
 * Different instances never wait for each other, except that their events
 * may share a batch's commit. Nothing is pushed to sockets before the write committed, so a
 * player is never told of a change that was rolled back.
 *
 * Every change is also appended to the instance's input log with its own
 * write, in the order the row lock gives (event-log.ts: why that order is
 * the commit order, from which the engine replays a game).
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  mayRunOnCompletedInstance,
  migrateGameSpec,
  PLAY_ERROR_CODES,
  PLAY_MESSAGES,
  SOCKET_EVENTS,
  type GameSpec,
  type PlayerView,
  type PlayingPeriod,
  type Role,
} from '@loci/domain';
import {
  INSTANCE_STATE_VERSION,
  migrateInstanceState,
  recordingRandom,
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
  playerEventAnswers,
  playerMessages,
  playerStates,
  users,
  type GameInstanceRow,
  type GameRow,
  type GameVersionRow,
  type PlayerStateRow,
} from '../../db/schema.js';
import { AppError, fail } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import type { Executor, Transaction } from '../../db/client.js';
import { buildWorkingSpec } from '../versions/service.js';
import { actorOf, appendLog, stepEntry, worldEntry, type LogRow } from './event-log.js';
import { Batcher } from './batcher.js';
import { MAX_BATCH, writePlayerEvent, writeStats } from './event-write.js';

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

/** The spec an entry of `row`'s input log ran on: `versionId`'s (or the row's own snapshot) with the logged period. */
export async function specOfLogged(
  db: Executor,
  row: GameInstanceRow,
  versionId: string,
  period: PlayingPeriod | null,
): Promise<GameSpec> {
  return specFor(db, { ...row, versionId }, period);
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
): Promise<{ row: GameInstanceRow; period: PlayingPeriod | null; settings: PlaySettings }> {
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
  const settings = await playSettingsOf(tx, found.row.gameId, found.rev);
  return { row: found.row, period: settings.period, settings };
}

/**
 * The instance row locked for this transaction (`SELECT … FOR UPDATE`, 404
 * when missing) with the spec it runs: for a change of player rows that is
 * not one engine step (a trade's exchange between two players), which must
 * then follow the header's rule — player rows written only under this lock.
 */
export async function lockInstanceWithSpec(
  tx: Transaction,
  instanceId: string,
): Promise<{ row: GameInstanceRow; spec: GameSpec; period: PlayingPeriod | null }> {
  const { row, period } = await lockInstance(tx, instanceId);
  return { row, spec: await specFor(tx, row, period), period };
}

/**
 * Runs `run` (a step made of several engine events, as an accepted trade's `stepTrade`) on an instance
 * this transaction locked with `lockInstanceWithSpec`, with every player row read after the lock, and
 * writes what changed as `stepInTransaction` does. The caller pushes `push` after COMMIT.
 */
export async function stepLockedWith(
  ctx: AppContext,
  tx: Transaction,
  locked: { row: GameInstanceRow; period: PlayingPeriod | null },
  event: EngineEvent,
  run: Stepper,
  logged: readonly EngineEvent[],
): Promise<SteppedEvent> {
  const rows = await playerRowsOf(tx, locked.row.id);
  const args = { instanceId: locked.row.id, event, allPlayers: true, run, logged };
  return stepLoaded(ctx, tx, { ...locked, rows, args });
}

// ─── Stepping ────────────────────────────────────────────────────────────────

/** A player joining with this event: the account and device their new row is bound to. */
export interface JoinOptions {
  userId: string | null;
  deviceId?: string | null;
  /** When the player accepted the game's terms with this start (null or absent: no terms to accept). */
  termsAcceptedAt?: Date | null;
}

export interface RunEventArgs {
  instanceId: string;
  event: EngineEvent;
  traceAllRules?: boolean;
  /** Load every player, also for a player event. */
  allPlayers?: boolean;
  /** The acting player has no row yet (a `start` that joins): insert it with these. */
  join?: JoinOptions;
  /** Steps instead of `step(…, event, …)` (stepLockedWith). */
  run?: Stepper;
  /** The engine events `run` steps, in order, as the input log keeps them (default: `event`). */
  logged?: readonly EngineEvent[];
}

/** A step of the instance as `step` takes its other arguments. */
export type Stepper = (
  spec: GameSpec,
  state: InstanceState,
  now: Date,
  random: () => number,
  options: { traceAllRules: boolean },
) => StepResult;

/** What must be pushed to sockets once the transaction has committed. */
export interface PendingPush {
  instanceId: string;
  status: string;
  /**
   * Per player with outputs, and the acting player (whose position or state moved, maybe without outputs):
   * their account (null after anonymisation: nobody to push to), outputs and view.
   */
  players: Array<{
    playerId: string;
    userId: string | null;
    outputs: Output[];
    view: PlayerView;
    /** Pushed to the player even with no outputs (an operator changed what their screen shows). */
    always?: boolean;
  }>;
}

export interface SteppedEvent {
  instance: GameInstanceRow;
  /** The state the step read (for an audit of what it changed). */
  before: InstanceState;
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
  const actingPlayerId = isPlayerEvent(args.event) ? args.event.playerId : null;
  let state = assembleState(row, spec, rows);
  const options = { traceAllRules: args.traceAllRules === true };
  const run: Stepper = args.run ?? ((...a) => step(a[0], a[1], args.event, a[2], a[3], a[4]));
  let drawn = recordingRandom();
  let result = run(spec, state, now, drawn.random, options);
  // …except when a player finishes or leaves a shared instance: whether the instance is then
  // completed or abandoned depends on everyone. With only the acting player loaded the engine can
  // only err towards "everyone is done", so a status change is checked again with every player.
  if (playerEvent && !args.allPlayers && row.multiplayer && result.state.world.status !== row.world.status) {
    rows = await playerRowsOf(tx, row.id);
    state = assembleState(row, spec, rows);
    drawn = recordingRandom();
    result = run(spec, state, now, drawn.random, options);
  }
  // A step made of several engine events (an accepted trade) is logged as those events, in order:
  // replaying them one after the other is the step (the draws, none today, go with the first).
  const logged: LogRow[] = (args.logged ?? [args.event]).map((event, i) => ({
    instanceId: row.id,
    playerId: actorOf(event),
    versionId: row.versionId,
    at: now,
    entry: stepEntry(event, now, i === 0 ? drawn.drawn : [], period),
  }));

  const byPlayer = new Map(rows.map((player) => [player.playerId, player]));
  const refused = result.outputs.length > 0 && result.outputs.every((output) => output.action === 'error');
  const nextPlayers = result.state.players;
  const world = result.state.world;
  const worldChanged = world !== row.world;
  const changed = Object.entries(nextPlayers).filter(([playerId, player]) => state.players[playerId] !== player);
  // The common event changes one known player and not the world: one statement writes the player and
  // touches the instance (see touchWithPlayer).
  const single =
    !worldChanged && logged.length === 1 && changed.length === 1 && byPlayer.has(changed[0]![0]) ? changed[0]! : null;
  if (single) await touchWithPlayer(tx, row.id, single[1], now, logged[0]!);
  else await appendLog(tx, logged);
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
        termsAcceptedAt: args.join?.termsAcceptedAt ?? null,
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

  return {
    instance,
    before: state,
    result,
    spec,
    push: pushOf(spec, instance, result, byPlayer, args.join, actingPlayerId),
  };
}

/**
 * What a committed step pushes: per player with outputs (and the acting player, for who sees their screen),
 * their outputs and view (computed once, when first read); the instance's status.
 */
function pushOf(
  spec: GameSpec,
  instance: GameInstanceRow,
  result: StepResult,
  byPlayer: ReadonlyMap<string, PlayerStateRow>,
  join: JoinOptions | undefined,
  actingPlayerId: string | null,
  /** A view already computed (the acting player's, for the answer): not computed again. */
  known?: { playerId: string; view: PlayerView },
): PendingPush {
  const outputsByPlayer = new Map<string, Output[]>();
  if (actingPlayerId && result.state.players[actingPlayerId]) outputsByPlayer.set(actingPlayerId, []);
  for (const output of result.outputs) {
    if (!output.playerId || !result.state.players[output.playerId]) continue;
    const list = outputsByPlayer.get(output.playerId) ?? [];
    list.push(output);
    outputsByPlayer.set(output.playerId, list);
  }
  return {
    instanceId: instance.id,
    status: instance.status,
    players: [...outputsByPlayer].map(([playerId, outputs]) => {
      // Computed when first read — by the answer, or by a push that has someone to reach — and then kept.
      let view: PlayerView | undefined = known?.playerId === playerId ? known.view : undefined;
      return {
        playerId,
        userId: byPlayer.has(playerId) ? byPlayer.get(playerId)!.userId : (join?.userId ?? playerId),
        outputs,
        get view() {
          return (view ??= viewOf(spec, result.state, playerId));
        },
      };
    }),
  };
}

/**
 * Writes one player's state and touches the instance's `updated_at` in ONE
 * statement (a data-modifying CTE): the hot path of play, a player's event that
 * leaves the world as it was, pays one round trip for its writes.
 */
async function touchWithPlayer(
  tx: Transaction,
  instanceId: string,
  player: PlayerState,
  now: Date,
  logged: LogRow,
): Promise<void> {
  await tx.execute(sql`
    with touched as (
      update ${gameInstances} set updated_at = ${now.toISOString()}::timestamptz where id = ${instanceId}
    ), logged as (
      insert into instance_events (instance_id, player_id, version_id, at, entry)
      values (${instanceId}, ${logged.playerId}, ${logged.versionId}, ${now.toISOString()}::timestamptz,
        ${JSON.stringify(logged.entry)}::jsonb)
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
      const pushed = { instanceId: push.instanceId, outputs: player.outputs, view: player.view };
      // The acting player reads their step's answer; only outputs (theirs, or caused by others) are pushed to them.
      if (player.userId && (player.outputs.length > 0 || player.always))
        ctx.realtime.toUser(player.userId, SOCKET_EVENTS.outputs, pushed);
      ctx.realtime.toPlayerWatchers(push.instanceId, player.playerId, SOCKET_EVENTS.playerView, {
        ...pushed,
        playerId: player.playerId,
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

/**
 * Expires every active instance of a game in ONE statement (the operators'
 * "apply expiration" at the end of the playing period): each world gets the
 * engine's `expire` change (status, statusWhen, revision + 1 — a player event
 * that read the world before it retries, see runPlayerEvent), then one read of
 * their players builds the pushes: every present player gets the engine's
 * `endGame` output with their view, every instance's room its new status.
 * Returns the expired instances.
 */
export async function expireActiveInstances(
  ctx: AppContext,
  gameId: string,
): Promise<Array<Pick<GameInstanceRow, 'id' | 'isLiveSpec'>>> {
  const now = ctx.now();
  const expired = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(gameInstances)
      .set({
        status: 'expired',
        world: sql`${gameInstances.world} || jsonb_build_object('status', 'expired', 'statusWhen', ${now.toISOString()}::text,
        'revision', coalesce((${gameInstances.world}->>'revision')::int, 0) + 1)`,
        updatedAt: now,
      })
      .where(and(eq(gameInstances.gameId, gameId), eq(gameInstances.status, 'active')))
      .returning();
    await appendLog(
      tx,
      rows.map((row) => worldEntry(row, now)),
    );
    return rows;
  });
  if (expired.length === 0) return [];
  const players = await ctx.db
    .select()
    .from(playerStates)
    .where(
      inArray(
        playerStates.instanceId,
        expired.map((row) => row.id),
      ),
    );
  const byInstance = new Map<string, PlayerStateRow[]>();
  for (const player of players) {
    const list = byInstance.get(player.instanceId) ?? [];
    list.push(player);
    byInstance.set(player.instanceId, list);
  }
  const { period } = await playSettingsOf(ctx.db, gameId, null);
  for (const row of expired) {
    try {
      const rows = byInstance.get(row.id) ?? [];
      const spec = await specFor(ctx.db, row, period);
      const state = assembleState(row, spec, rows);
      const outputs = new Map(
        rows
          .filter((player) => player.state.status !== 'left game')
          .map((player) => [
            player.playerId,
            [{ playerId: player.playerId, action: 'endGame', message: 'This game has expired' } as Output],
          ]),
      );
      pushStepped(ctx, {
        instanceId: row.id,
        status: row.status,
        players: rows
          .filter((player) => outputs.has(player.playerId))
          .map((player) => ({
            playerId: player.playerId,
            userId: player.userId,
            outputs: outputs.get(player.playerId)!,
            view: viewOf(spec, state, player.playerId),
          })),
      });
    } catch (error) {
      // Pushes are fire-and-forget: the expiry is committed, the players read it in their next view.
      ctx.log.warn({ err: error, instanceId: row.id }, 'expiry push failed');
    }
  }
  return expired.map((row) => ({ id: row.id, isLiveSpec: row.isLiveSpec }));
}

/** What a player's event found when it read the instance: the caller's own checks run on it. */
export interface ReadForPlayer {
  row: GameInstanceRow;
  player: PlayerStateRow;
  /** The caller's account, read with the instance (the auth lookup is folded into the event's read). */
  user: { id: string; name: string; email: string; role: Role };
  /** The game's current single-device setting. */
  enforceSingleDevice: boolean;
}

/** What the caller's checks decide before the step. */
export interface PlayerEventCheck {
  /** Trace every rule (playtests with debug). */
  traceAllRules: boolean;
  /** The event to run when it completes the client's (e.g. a medium's kind). */
  event?: ClientPlayerEvent;
  /** Binds the player to this device with the event's write (games that enforce a single device). */
  bindDevice?: string | null;
}

/** A player event as the client sends it: the server fills in the caller's player id. */
export type ClientPlayerEvent = PlayerEvent extends infer E
  ? E extends PlayerEvent
    ? Omit<E, 'playerId'>
    : never
  : never;

/** A message an operator sent, as a player's answer carries it. */
export interface DeliveredMessage {
  id: string;
  message: string;
  sceneId: string | null;
  when: string;
}

/** The answer body of a player event without its messages, which the write delivers. */
export type AnswerBody = Record<string, unknown>;
/** What a player event answers: the caller's body, and the operators' messages its write delivered. */
export type Answered<B extends AnswerBody> = B & { messages: DeliveredMessage[] };

/** What a step gives the caller to build its answer from. */
export interface SteppedForAnswer {
  spec: GameSpec;
  /** The version the event ran on. */
  versionId: string;
  result: StepResult;
  playerId: string;
  /** The player's view after the step (the same object the push to their watchers carries). */
  view: PlayerView;
  traceAllRules: boolean;
}

/** Marks a player's undelivered messages delivered and returns them, oldest first. */
export async function deliverMessages(
  db: Executor,
  instanceId: string,
  playerId: string,
  now: Date,
): Promise<DeliveredMessage[]> {
  const rows = await db
    .update(playerMessages)
    .set({ deliveredAt: now })
    .where(
      and(
        eq(playerMessages.instanceId, instanceId),
        eq(playerMessages.playerId, playerId),
        isNull(playerMessages.deliveredAt),
      ),
    )
    .returning();
  return rows.sort(byCreation).map(presentMessage);
}

type MessageRow = typeof playerMessages.$inferSelect;
const byCreation = (a: MessageRow, b: MessageRow) => a.createdAt.getTime() - b.createdAt.getTime();
const presentMessage = (row: MessageRow): DeliveredMessage => ({
  id: row.id,
  message: row.message,
  sceneId: row.sceneId,
  when: row.createdAt.toISOString(),
});

/** The operators' messages that wait for a player, oldest first, as `deliverMessages` answers them, left undelivered. */
export async function waitingMessages(db: Executor, instanceId: string, playerId: string): Promise<DeliveredMessage[]> {
  const rows = await db
    .select()
    .from(playerMessages)
    .where(
      and(
        eq(playerMessages.instanceId, instanceId),
        eq(playerMessages.playerId, playerId),
        isNull(playerMessages.deliveredAt),
      ),
    );
  return rows.sort(byCreation).map(presentMessage);
}

/**
 * Optimistic attempts before a player event falls back to the instance's row
 * lock. A conflict means another write to the same instance's world or to the
 * same player landed between our read and our write; with players of
 * different instances it never happens, so a few attempts are plenty.
 */
const OPTIMISTIC_ATTEMPTS = 4;

/** A short random pause before retrying: two conflicting writers do not meet again in lockstep. */
const jitter = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 2 ** attempt * 2));

/**
 * The read of a player event, one statement without a lock: the caller's
 * account (name, role, token version: the auth lookup), the instance, the
 * game row's version (for the cached play settings), the caller's player row
 * and its version (`xmin`, which every update of the row changes), whether
 * operator messages wait, and the stored answer of this client event id.
 * The instance's own spec snapshot (working-version playtests, large) is not
 * read: `specForRead` reads it once per instance into the cache.
 */
const READ_FOR_PLAYER = `
select r.n, u.name as user_name, u.email as user_email, u.role as user_role, u.token_version,
  x.*
from jsonb_to_recordset($1::jsonb) as r(n int, instance uuid, account uuid, client_event_id text)
join users u on u.id = r.account
left join lateral (
  select i.id, i.game_id, i.version_id, i.is_live_spec, i.multiplayer, i.status, i.world, i.state_version,
    i.spec is not null as own_spec, i.notes, i.created_at, i.updated_at,
    g.xmin::text as game_rev,
    p.player_id, p.user_id, p.name, p.status as player_status, p.state, p.latitude, p.longitude, p.device_id,
    p.terms_accepted_at, p.joined_at, p.updated_at as player_updated_at, p.xmin::text as player_rev,
    exists (select 1 from player_messages m where m.instance_id = i.id and m.player_id = p.player_id
      and m.delivered_at is null) as has_messages,
    (select a.answer from player_event_answers a where a.instance_id = i.id and a.player_id = p.player_id
      and a.client_event_id = r.client_event_id) as stored_answer
  from game_instances i
  left join games g on g.id = i.game_id
  left join player_states p on p.instance_id = i.id and p.user_id = u.id
  where i.id = r.instance
  order by p.joined_at
  limit 1
) x on true`;

/**
 * How many statements of each batch size the events' reads and writes on `database` ran (size → statements), and
 * how long they were in flight:
 * the bench's measure of the grouping (bench/README.md "play", `LOCI_BATCH_STATS_DIR`).
 */
export function groupedStatementSizes(database: AppContext['database']): {
  reads: Record<number, number>;
  writes: Record<number, number>;
  /** Each kind's statements' time in flight, summed (ms). */
  busyMs: { reads: number; writes: number };
} {
  const writes = writeStats(database);
  return {
    reads: Object.fromEntries(readers.get(database)?.sizes ?? []),
    writes: Object.fromEntries(writes.sizes),
    busyMs: { reads: Math.round(readers.get(database)?.busyMs ?? 0), writes: Math.round(writes.busyMs) },
  };
}

/** What one event's read asks for. */
interface ReadRequest {
  instanceId: string | null;
  userId: string;
  clientEventId: string | null;
}

/**
 * The reads of the events that arrive together, grouped like their writes (event-write.ts): what arrives while
 * a read is in flight goes in the next one. A read takes no lock and each event checks what it read when it
 * writes, so reading many in one statement (one snapshot) changes nothing of the reasoning.
 */
const readers = new WeakMap<AppContext['database'], Batcher<ReadRequest, ReadRow | undefined>>();
/** Reads at once: one, for the same reason as the writes' (event-write.ts `IN_FLIGHT`). */
const READ_IN_FLIGHT = 1;

function readPlayerEvent(database: AppContext['database'], request: ReadRequest): Promise<ReadRow | undefined> {
  let reader = readers.get(database);
  if (!reader) {
    reader = new Batcher<ReadRequest, ReadRow | undefined>({
      maxBatch: MAX_BATCH,
      inFlight: READ_IN_FLIGHT,
      run: async (batch) => {
        const rows = await database.query<ReadRow & { n: number }>('play_event_read', READ_FOR_PLAYER, [
          JSON.stringify(
            batch.map((one, n) => ({
              n,
              instance: one.instanceId,
              account: one.userId,
              client_event_id: one.clientEventId,
            })),
          ),
        ]);
        const byN = new Map<number, ReadRow>(rows.map((row) => [row.n, row]));
        return batch.map((_, n) => byN.get(n));
      },
    });
    readers.set(database, reader);
  }
  return reader.add(request);
}

interface ReadRow {
  user_name: string;
  user_email: string;
  user_role: Role;
  token_version: number;
  id: string | null;
  game_id: string;
  version_id: string;
  is_live_spec: boolean;
  multiplayer: boolean;
  status: GameInstanceRow['status'];
  world: WorldState;
  state_version: number;
  own_spec: boolean;
  notes: string;
  created_at: Date;
  updated_at: Date;
  game_rev: string | null;
  player_id: string | null;
  user_id: string | null;
  name: string;
  player_status: PlayerStateRow['status'];
  state: PlayerState;
  latitude: number | null;
  longitude: number | null;
  device_id: string | null;
  terms_accepted_at: Date | null;
  joined_at: Date;
  player_updated_at: Date;
  player_rev: string;
  has_messages: boolean;
  stored_answer: AnswerBody | null;
}

/** The instance and player rows as drizzle would have read them, from the event's read. */
function rowsOfRead(found: ReadRow): { row: GameInstanceRow; player: PlayerStateRow } {
  const row: GameInstanceRow = {
    id: found.id!,
    gameId: found.game_id,
    versionId: found.version_id,
    isLiveSpec: found.is_live_spec,
    multiplayer: found.multiplayer,
    status: found.status,
    world: found.world,
    stateVersion: found.state_version,
    spec: null,
    notes: found.notes,
    createdAt: found.created_at,
    updatedAt: found.updated_at,
  };
  const player: PlayerStateRow = {
    instanceId: row.id,
    playerId: found.player_id!,
    userId: found.user_id,
    gameId: row.gameId,
    versionId: row.versionId,
    name: found.name,
    status: found.player_status,
    state: found.state,
    latitude: found.latitude,
    longitude: found.longitude,
    deviceId: found.device_id,
    termsAcceptedAt: found.terms_accepted_at,
    joinedAt: found.joined_at,
    updatedAt: found.player_updated_at,
  };
  return { row, player };
}

/** The spec of an instance read without its snapshot column (`own`: it has one): read once into the cache. */
async function specForRead(
  db: Executor,
  row: GameInstanceRow,
  own: boolean,
  period: PlayingPeriod | null,
): Promise<GameSpec> {
  if (!own) return specFor(db, row, period);
  const periodKey = period ? `${period.start}|${period.end ?? ''}|${period.timezone}` : '';
  const cached = specCache.get(`instance:${row.id}|${periodKey}`);
  if (cached) return cached;
  const [found] = await db
    .select({ spec: gameInstances.spec })
    .from(gameInstances)
    .where(eq(gameInstances.id, row.id))
    .limit(1);
  return specFor(db, { ...row, spec: found?.spec ?? null }, period);
}

const notAPlayer = () =>
  new AppError('FORBIDDEN', PLAY_MESSAGES.notAPlayer, { extra: { errorCode: PLAY_ERROR_CODES.NOT_A_PLAYER } });

/**
 * Runs one event of the signed-in user's player and returns the answer body
 * (`answer(…)` with the messages delivered by the same write) — optimistic
 * concurrency instead of a transaction holding the instance's row lock:
 *
 * 1. ONE read, no lock (READ_FOR_PLAYER): the caller's account (401 when it is
 *    gone or the token was revoked), the instance (404), the caller's player
 *    row (403 NOT_A_PLAYER) with its version, the game's settings version,
 *    whether messages wait and the stored answer of `clientEventId` — which,
 *    when present, is the answer: the event was applied already.
 * 2. `check` (device binding, playtest debug, a medium's kind) and the step, in
 *    memory, on the world and the player as read.
 * 3. When the world did not change, ONE conditional write writes it all
 *    (event-write.ts, `writePlayerEvent`: with the other events ready at the
 *    same time, in one statement and one commit): it applies only if the
 *    world's revision and the player row are still the ones read, so the step
 *    is exactly what a step under the lock would have computed; otherwise
 *    nothing of this event is written and it is read and stepped again (a few
 *    times, with jitter).
 * 4. An event that changes the world (a pick, an offer, the instance's end),
 *    or one that kept conflicting, runs in the locking transaction
 *    (`runLockedPlayerEvent`): the world is shared by every player of the
 *    instance, and the last unit's one winner is decided there, under the row
 *    lock, exactly as before.
 *
 * Nothing is pushed before the write committed. Engine refusals are not
 * errors: they come back as 'error' outputs. 409 INSTANCE_NOT_ACTIVE as
 * `runEvent`.
 */
export async function runPlayerEvent<B extends AnswerBody>(
  ctx: AppContext,
  args: {
    instanceId: string;
    /** The caller's verified token: the account is read with the instance. */
    claims: { id: string; tv?: number };
    event: ClientPlayerEvent;
    /** The app's id for this event: applied at most once per (instance, player, id). */
    clientEventId?: string | null;
    check: (read: ReadForPlayer, db: Executor) => Promise<PlayerEventCheck>;
    answer: (stepped: SteppedForAnswer) => B;
  },
): Promise<Answered<B>> {
  if (!isUuid(args.claims.id)) throw fail.unauthenticated();
  const clientEventId = args.clientEventId ?? null;
  for (let attempt = 0; attempt < OPTIMISTIC_ATTEMPTS; attempt += 1) {
    if (attempt > 0) await jitter(attempt);
    const found = await readPlayerEvent(ctx.database, {
      instanceId: isUuid(args.instanceId) ? args.instanceId : null,
      userId: args.claims.id,
      clientEventId,
    });
    if (!found || found.token_version !== (args.claims.tv ?? 0)) throw fail.unauthenticated();
    if (!found.id) throw fail.notFound(PLAY_MESSAGES.instanceNotFound);
    if (!found.player_id) throw notAPlayer();
    // The stored answer is the JSON of one this same call built for the same client event id.
    if (found.stored_answer) return found.stored_answer as Answered<B>;
    const { row, player } = rowsOfRead(found);
    const user = { id: args.claims.id, name: found.user_name, email: found.user_email, role: found.user_role };
    const settings = await playSettingsOf(ctx.db, row.gameId, found.game_rev);
    const checked = await args.check({ row, player, user, enforceSingleDevice: settings.enforceSingleDevice }, ctx.db);
    const event = { ...(checked.event ?? args.event), playerId: player.playerId } as PlayerEvent;
    assertAcceptsPlayerEvent(row.status, event.type);
    const spec = await specForRead(ctx.db, row, found.own_spec, settings.period);
    const now = ctx.now();
    const state = assembleState(row, spec, [player]);
    const drawn = recordingRandom();
    const result = step(spec, state, event, now, drawn.random, { traceAllRules: checked.traceAllRules });
    const next = result.state.players[player.playerId];
    // The world changed (or, never with one player loaded, someone else did): the locking path decides.
    if (result.state.world !== row.world || !next || Object.keys(result.state.players).length !== 1) break;

    const view = viewOf(spec, result.state, player.playerId);
    const body = args.answer({
      spec,
      versionId: row.versionId,
      result,
      playerId: player.playerId,
      view,
      traceAllRules: checked.traceAllRules,
    });
    const written = await writePlayerEvent(ctx.database, {
      instanceId: row.id,
      playerId: player.playerId,
      revision: row.world.revision,
      playerRev: found.player_rev,
      player: next,
      deviceId: checked.bindDevice ?? null,
      gameId: row.gameId,
      versionId: row.versionId,
      at: now.toISOString(),
      entry: stepEntry(event, now, drawn.drawn, settings.period),
      records:
        result.records.length === 0
          ? null
          : result.records.map((record) => ({
              playerId: record.playerId,
              name: record.name,
              at: new Date(record.when).toISOString(),
              record,
            })),
      messages: found.has_messages,
      clientEventId,
      answer: clientEventId === null ? null : { ...body, messages: [] },
    });
    // Not applied: the world or the player changed since the read, or a duplicate stored its answer first.
    if (!written) continue;
    const instance = { ...row, updatedAt: now };
    const known = { playerId: player.playerId, view };
    pushStepped(
      ctx,
      pushOf(spec, instance, result, new Map([[player.playerId, player]]), undefined, player.playerId, known),
    );
    return { ...body, messages: written.messages };
  }
  return runLockedPlayerEvent(ctx, { ...args, clientEventId });
}

/**
 * A player's event in ONE transaction that holds the instance's row lock (the
 * reasoning of the file's header): the path of events that change the shared
 * world, and of events whose optimistic writes kept conflicting. The stored
 * answer of the client event id is looked up under the lock, and written in
 * the same transaction, so a duplicate waits for the first and then answers
 * with its answer.
 */
async function runLockedPlayerEvent<B extends AnswerBody>(
  ctx: AppContext,
  args: {
    instanceId: string;
    claims: { id: string; tv?: number };
    event: ClientPlayerEvent;
    clientEventId: string | null;
    check: (read: ReadForPlayer, db: Executor) => Promise<PlayerEventCheck>;
    answer: (stepped: SteppedForAnswer) => B;
  },
): Promise<Answered<B>> {
  const done = await ctx.db.transaction(async (tx) => {
    const { row, settings } = await lockInstance(tx, args.instanceId);
    // Read AFTER the lock, in a statement of its own: a statement that waited for the lock reads the other
    // tables as they were when it began, so a player row read beside the lock could miss the write of the
    // event that held it (two events of one player at once would lose one).
    const [found] = await tx
      .select({
        player: playerStates,
        user: { name: users.name, email: users.email, role: users.role, tokenVersion: users.tokenVersion },
        hasMessages: sql<boolean>`exists (select 1 from ${playerMessages} where ${playerMessages.instanceId} = ${playerStates.instanceId} and ${playerMessages.playerId} = ${playerStates.playerId} and ${playerMessages.deliveredAt} is null)`,
        stored: sql<AnswerBody | null>`(select ${playerEventAnswers.answer} from ${playerEventAnswers} where ${playerEventAnswers.instanceId} = ${playerStates.instanceId} and ${playerEventAnswers.playerId} = ${playerStates.playerId} and ${playerEventAnswers.clientEventId} = ${sql.placeholder('clientEventId')})`,
      })
      .from(users)
      .leftJoin(
        playerStates,
        and(eq(playerStates.instanceId, sql.placeholder('instanceId')), eq(playerStates.userId, users.id)),
      )
      .where(eq(users.id, sql.placeholder('userId')))
      .orderBy(asc(playerStates.joinedAt))
      .limit(1)
      .prepare('play_locked_player')
      .execute({ instanceId: row.id, userId: args.claims.id, clientEventId: args.clientEventId });
    if (!found || found.user.tokenVersion !== (args.claims.tv ?? 0)) throw fail.unauthenticated();
    if (!found.player) throw notAPlayer();
    const player = found.player;
    if (found.stored) return { body: found.stored as Answered<B>, push: null };
    const user = { id: args.claims.id, name: found.user.name, email: found.user.email, role: found.user.role };
    const checked = await args.check({ row, player, user, enforceSingleDevice: settings.enforceSingleDevice }, tx);
    const event = { ...(checked.event ?? args.event), playerId: player.playerId } as PlayerEvent;
    assertAcceptsPlayerEvent(row.status, event.type);
    if (checked.bindDevice) {
      await tx
        .update(playerStates)
        .set({ deviceId: checked.bindDevice })
        .where(
          and(
            eq(playerStates.instanceId, player.instanceId),
            eq(playerStates.playerId, player.playerId),
            isNull(playerStates.deviceId),
          ),
        );
    }
    const stepped = await stepLoaded(ctx, tx, {
      row,
      period: settings.period,
      rows: [player],
      args: { instanceId: row.id, event, traceAllRules: checked.traceAllRules },
    });
    const messages = found.hasMessages ? await deliverMessages(tx, row.id, player.playerId, ctx.now()) : [];
    const body = {
      ...args.answer({
        spec: stepped.spec,
        versionId: row.versionId,
        result: stepped.result,
        playerId: player.playerId,
        // The push's view of the acting player (computed here, once, for both).
        view:
          stepped.push.players.find((pushed) => pushed.playerId === player.playerId)?.view ??
          viewOf(stepped.spec, stepped.result.state, player.playerId),
        traceAllRules: checked.traceAllRules,
      }),
      messages,
    };
    if (args.clientEventId !== null) {
      await tx.insert(playerEventAnswers).values({
        instanceId: row.id,
        playerId: player.playerId,
        clientEventId: args.clientEventId,
        answer: body,
        createdAt: ctx.now(),
      });
    }
    return { body, push: stepped.push };
  });
  if (done.push) pushStepped(ctx, done.push);
  return done.body;
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
  /** Written in the same transaction once the world changed (the operators' audit). */
  audit?: (tx: Transaction, before: WorldState, after: WorldState) => Promise<void>,
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
    await appendLog(tx, [worldEntry(instance!, ctx.now())]);
    await audit?.(tx, row.world, world);
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
  const entry = { kind: 'create' as const, world: values.world, multiplayer: values.multiplayer };
  await appendLog(tx, [{ instanceId: row!.id, playerId: null, versionId: values.versionId, at: values.now, entry }]);
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
