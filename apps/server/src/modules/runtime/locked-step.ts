/**
 * The locking path (player-event.ts's header has the reasoning): an
 * operator's event, an operator's edit of the world, a start, an expiry, and
 * a player's event that changes the shared world run in ONE transaction that
 * first takes the instance row with `SELECT … FOR UPDATE`, step, and write
 * back what changed; the pushes go after COMMIT.
 */
import { and, asc, eq } from 'drizzle-orm';
import {
  gameLanguagesOf,
  mayRunOnCompletedInstance,
  PLAY_ERROR_CODES,
  PLAY_MESSAGES,
  SOCKET_EVENTS,
  specInLanguage,
  type ContentLanguage,
  type GameSpec,
  type PlayingPeriod,
} from '@loci/domain';
import {
  INSTANCE_STATE_VERSION,
  recordingRandom,
  replayRandom,
  step,
  type EngineEvent,
  type InstanceState,
  type StepResult,
  type WorldState,
} from '@loci/engine';
import type { AppContext } from '../../context.js';
import { gameInstances, gameplayRecords, type GameInstanceRow, type PlayerStateRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import type { Transaction } from '../../db/client.js';
import { actorOf, appendLog, stepEntry, worldEntry, type LogRow } from './event-log.js';
import {
  assembleState,
  creationEntry,
  insertInstanceRow,
  lockInstance,
  newInstanceRow,
  playerRowsOf,
  stillPlayingOther,
  writePlayerRows,
  type DeviceBinding,
  type JoinOptions,
  type NewInstance,
} from './instance-rows.js';
import { pushOf, pushStepped, stepIdOf, type PendingPush } from './pushes.js';
import { specFor } from './specs.js';
import { playerLanguageOf, recordsWithLanguages, stepInLanguages } from './step-languages.js';
import { dueTimesOf, writeDueTimes } from './due-timers.js';
import type { RecordRow, StepWrites } from './step-writes.js';

export interface RunEventArgs {
  instanceId: string;
  event: EngineEvent;
  traceAllRules?: boolean;
  /** Load every player, also for a player event. */
  allPlayers?: boolean;
  /** The acting player has no row yet (a `start` that joins): insert it with these. */
  join?: JoinOptions;
  /** Binds the acting player's row to a device with the step's write (instance-rows.ts `writePlayerRows`). */
  bind?: DeviceBinding | null;
  /** Steps instead of `step(…, event, …)` (stepLockedWith). */
  run?: Stepper;
  /** The engine events `run` steps, in order, as the input log keeps them (default: `event`). */
  logged?: readonly EngineEvent[];
  /** The step's id (pushes.ts `stepIdOf`; default: one drawn for it). */
  stepId?: string;
  /**
   * The languages the acting player's request names, best first (issue 31): the step is said in the best the
   * game has and their row keeps it (step-languages.ts). Absent, the step is said in the language their row keeps.
   */
  languages?: readonly string[];
  /** Whether the acting player's row keeps the language `languages` gives (default true; a team's shared row not). */
  keepLanguage?: boolean;
  /** The language the acting person keeps when it is not their row's (a team member's, kept with their member row). */
  keptLanguage?: string | null;
}

/** A step of the instance as `step` takes its other arguments. */
export type Stepper = (
  spec: GameSpec,
  state: InstanceState,
  now: Date,
  random: () => number,
  options: { traceAllRules: boolean },
) => StepResult;

export interface SteppedEvent {
  instance: GameInstanceRow;
  /** The state the step read (for an audit of what it changed). */
  before: InstanceState;
  result: StepResult;
  spec: GameSpec;
  /** The language the step was said in (issue 31). */
  language: ContentLanguage;
  push: PendingPush;
}

/** 409 INSTANCE_NOT_ACTIVE unless a player's `event` may still run on an instance in `status`. */
export function assertAcceptsPlayerEvent(status: string, type: string): void {
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
  return stepLockedInstance(ctx, tx, await lockInstance(tx, args.instanceId), args);
}

/**
 * `stepInTransaction` on an instance whose row this transaction locked first (`lockInstance`), for a caller
 * that must hold the instance before another row it locks: a team's join (teams/service.ts `bindMember`)
 * locks the instance, then the team's row, then starts the team — the instance row before a team row.
 */
export async function stepLockedInstance(
  ctx: AppContext,
  tx: Transaction,
  locked: { row: GameInstanceRow; period: PlayingPeriod | null },
  args: RunEventArgs,
): Promise<SteppedEvent> {
  const { row, period } = locked;
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
 * Opens an instance with its first step (the `start` of the player who opens it), in the caller's transaction:
 * the row is made in memory (`newInstanceRow`), the step taken on it, and the instance written once with what
 * the step left — its row, its input log (the creation, then the step: what a replay starts from and runs), the
 * player's new row and the step's records. Nothing is locked or read back: no other transaction sees the row
 * before COMMIT, so nobody can step it meanwhile (a start storm's opening costs a handful of statements).
 */
export async function stepNewInstance(
  ctx: AppContext,
  tx: Transaction,
  opening: { instance: NewInstance; period: PlayingPeriod | null; args: Omit<RunEventArgs, 'instanceId'> },
): Promise<SteppedEvent> {
  const row = newInstanceRow(opening.instance);
  const args = { ...opening.args, instanceId: row.id };
  return stepLoaded(ctx, tx, { row, period: opening.period, rows: [], args, opened: true });
}

/**
 * Steps `args.event` on an instance whose row this transaction has locked, with
 * the player rows the step needs already read; writes back what changed and
 * appends the records.
 */
export async function stepLoaded(
  ctx: AppContext,
  tx: Transaction,
  loaded: {
    row: GameInstanceRow;
    period: PlayingPeriod | null;
    rows: PlayerStateRow[];
    args: RunEventArgs;
    /** Every player row, when a status change must be checked with everyone (default: read in `tx`). */
    everyone?: () => Promise<PlayerStateRow[]>;
    /**
     * Holds the step's writes to be written with those of the transaction's other steps (step-writes.ts: the
     * clock's ticks of one instance) instead of writing them now. Not for a step that joins or binds a player.
     */
    writes?: StepWrites;
    /** The row is new, made in memory and not written yet (`stepNewInstance`): inserted as the step left it. */
    opened?: boolean;
  },
): Promise<SteppedEvent> {
  const { row, period, args } = loaded;
  let rows = loaded.rows;
  const now = ctx.now();
  const playerEvent = isPlayerEvent(args.event);
  // The acting player: the caller of a player event, or the player a tick, a rescue or a verdict is about.
  const actingPlayerId = isPlayerEvent(args.event) ? args.event.playerId : null;
  // Said in the language of the player it is about (issue 31, step-languages.ts).
  const base = await specFor(tx, row, period);
  const languages = gameLanguagesOf(base.game);
  const actingRow = rows.find((player) => player.playerId === actingPlayerId);
  const language = playerLanguageOf(languages, args.languages, args.keptLanguage ?? actingRow?.language);
  const spec = specInLanguage(base, language);
  const keepLanguage =
    actingPlayerId !== null &&
    args.keepLanguage !== false &&
    (args.languages?.length ?? 0) > 0 &&
    actingRow?.language !== language;
  let state = assembleState(row, spec, rows);
  const options = { traceAllRules: args.traceAllRules === true };
  const run: Stepper = args.run ?? ((...a) => step(a[0], a[1], args.event, a[2], a[3], a[4]));
  let drawn = recordingRandom();
  let result = run(spec, state, now, drawn.random, options);
  // …except when a player finishes or leaves a shared instance: whether the instance is then
  // completed or abandoned depends on everyone. With only the acting player loaded the engine can
  // only err towards "everyone is done", so a status change is checked again: with a witness still playing,
  // or with every player.
  if (playerEvent && !args.allPlayers && row.multiplayer && result.state.world.status !== row.world.status) {
    // One other player still playing settles it (the instance goes on) without reading everyone: in an event
    // of 100 teams, each team's time up is such a step, and reading the 100 rows under the lock for each made
    // the others queue. Read under the lock, so the witness is playing now; the engine decides with it loaded,
    // and when that step still ends the instance or touches the witness, everyone is read after all.
    const witness = loaded.everyone ? null : await stillPlayingOther(tx, row.id, rows);
    let settled = false;
    if (witness) {
      const withWitness = assembleState(row, spec, [...rows, witness]);
      const witnessed = recordingRandom();
      const tried = run(spec, withWitness, now, witnessed.random, options);
      settled =
        tried.state.world.status === row.world.status &&
        tried.state.players[witness.playerId] === withWitness.players[witness.playerId];
      if (settled) {
        rows = [...rows, witness];
        state = withWitness;
        drawn = witnessed;
        result = tried;
      }
    }
    if (!settled) {
      rows = loaded.everyone ? await loaded.everyone() : await playerRowsOf(tx, row.id);
      state = assembleState(row, spec, rows);
      drawn = recordingRandom();
      result = run(spec, state, now, drawn.random, options);
    }
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
  const stepped = state;
  const said =
    languages.others.length === 0
      ? undefined
      : stepInLanguages({
          base,
          language,
          result,
          now,
          again: (other) => run(other, stepped, now, replayRandom(drawn.drawn), options),
        });
  const refused = result.outputs.length > 0 && result.outputs.every((output) => output.action === 'error');
  const nextPlayers = result.state.players;
  const world = result.state.world;
  const worldChanged = world !== row.world;
  const changed = Object.entries(nextPlayers).filter(([playerId, player]) => state.players[playerId] !== player);
  const instance: GameInstanceRow = worldChanged
    ? { ...row, world, status: world.status, stateVersion: INSTANCE_STATE_VERSION, updatedAt: now }
    : { ...row, updatedAt: now };
  // The clock (issue 28): when each changed player (every loaded one when the world changed: a pause, the
  // end) must next be looked at, written in this transaction (runtime/clock.ts). A refused step changed nothing.
  const clocked = worldChanged
    ? Object.keys(nextPlayers)
    : [...new Set([...changed.map(([playerId]) => playerId), ...(actingPlayerId ? [actingPlayerId] : [])])];
  const due =
    refused && changed.length === 0
      ? null
      : dueTimesOf(
          spec,
          result.state,
          clocked.filter((id) => nextPlayers[id]),
          now,
        );
  const languageOf = (playerId: string) =>
    playerId === actingPlayerId ? language : (said?.languageOf(byPlayer.get(playerId)?.language) ?? language);
  const records: RecordRow[] = recordsWithLanguages(spec, result.records, languageOf).map((record) => ({
    instanceId: row.id,
    gameId: row.gameId,
    versionId: row.versionId,
    playerId: record.playerId,
    name: record.name,
    when: new Date(record.when),
    record,
  }));
  const pending = pushOf(
    spec,
    instance,
    result,
    byPlayer,
    args.join,
    actingPlayerId,
    args.stepId ?? stepIdOf(null),
    undefined,
    said,
  );
  if (loaded.writes) {
    loaded.writes.add({ logged, changed, world: worldChanged ? world : null, now, due, records });
    return { instance, before: state, result, spec, language, push: pending };
  }
  // A new instance is written as the step left it, its creation logged before the step.
  if (loaded.opened) await insertInstanceRow(tx, instance);
  // The one writer of player rows under the lock (instance-rows.ts): the common event is one statement.
  const touched = await writePlayerRows(tx, {
    row,
    changed,
    known: byPlayer,
    logged: loaded.opened ? [creationEntry(row), ...logged] : logged,
    now,
    touch: !worldChanged && !loaded.opened,
    refused,
    join: args.join,
    bind: args.bind,
    language: keepLanguage ? { playerId: actingPlayerId, language } : null,
  });
  if (!touched && !loaded.opened) {
    await tx
      .update(gameInstances)
      .set({
        ...(worldChanged ? { world, status: world.status, stateVersion: INSTANCE_STATE_VERSION } : {}),
        updatedAt: now,
      })
      .where(eq(gameInstances.id, row.id));
  }
  if (due) await writeDueTimes(tx, row.id, due);
  if (records.length > 0) await tx.insert(gameplayRecords).values(records);
  return { instance, before: state, result, spec, language, push: pending };
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
  args: Pick<
    RunEventArgs,
    'instanceId' | 'event' | 'traceAllRules' | 'allPlayers' | 'join' | 'languages' | 'keepLanguage'
  >,
): Promise<{ instance: GameInstanceRow; result: StepResult; spec: GameSpec }> {
  const stepped = await ctx.db.transaction((tx) => stepInTransaction(ctx, tx, args));
  pushStepped(ctx, stepped.push);
  return { instance: stepped.instance, result: stepped.result, spec: stepped.spec };
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

/**
 * Expires every active instance of a game (the operators' "apply expiration"
 * at the end of the playing period): each one steps the engine's `expire`
 * event on the locking path, in a transaction of its own, in the order of
 * their ids — the world's status, statusWhen and revision + 1 (a player event
 * that read the world before retries, see runPlayerEvent), every present
 * player's `endGame` output with their view, the instance's room its new
 * status, all pushed after each commit, and the step in the input log. An
 * instance that ended or was deleted since the list was read is left as it
 * is. Returns the expired instances.
 */
export async function expireActiveInstances(
  ctx: AppContext,
  gameId: string,
): Promise<Array<Pick<GameInstanceRow, 'id' | 'isLiveSpec'>>> {
  const active = await ctx.db
    .select({ id: gameInstances.id, isLiveSpec: gameInstances.isLiveSpec })
    .from(gameInstances)
    .where(and(eq(gameInstances.gameId, gameId), eq(gameInstances.status, 'active')))
    .orderBy(asc(gameInstances.id));
  const expired: Array<Pick<GameInstanceRow, 'id' | 'isLiveSpec'>> = [];
  for (const instance of active) {
    const stepped = await ctx.db.transaction(async (tx) => {
      const [found] = await tx
        .select({ id: gameInstances.id })
        .from(gameInstances)
        .where(and(eq(gameInstances.id, instance.id), eq(gameInstances.status, 'active')))
        .for('update');
      if (!found) return null;
      return stepInTransaction(ctx, tx, { instanceId: instance.id, event: { type: 'expire' } });
    });
    if (!stepped) continue;
    pushStepped(ctx, stepped.push);
    expired.push(instance);
  }
  return expired;
}
