/**
 * The rows of an instance: its instance row and its players' rows, read,
 * locked (`SELECT … FOR UPDATE`: the locking path's rule, player-event.ts),
 * assembled as the engine's InstanceState, inserted and written.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { PLAY_MESSAGES, type GameSpec, type PlayingPeriod } from '@loci/domain';
import {
  INSTANCE_STATE_VERSION,
  migrateInstanceState,
  type InstanceState,
  type PlayerState,
  type WorldState,
} from '@loci/engine';
import type { AppContext } from '../../context.js';
import { gameInstances, games, playerStates, type GameInstanceRow, type PlayerStateRow } from '../../db/schema.js';
import { fail } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import type { Executor, Transaction } from '../../db/client.js';
import { appendLog, type LogRow } from './event-log.js';
import { gameRev, playSettingsOf, specFor, specOfInstance, type PlaySettings } from './specs.js';

/** A player joining with this event: the account and device their new row is bound to. */
export interface JoinOptions {
  userId: string | null;
  deviceId?: string | null;
  /** When the player accepted the game's terms with this start (null or absent: no terms to accept). */
  termsAcceptedAt?: Date | null;
}

/** The player rows of an instance: all of them, or those of `playerIds`. */
export async function playerRowsOf(
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

/**
 * One player row of the instance, other than `loaded`, whose player has neither finished nor left (as the engine
 * tells a shared instance's end: runtime/locked-step.ts) — or null. Read in `tx`; a hint the engine checks: the
 * JSON is read as stored, before any migration of its shape.
 */
export async function stillPlayingOther(
  db: Executor,
  instanceId: string,
  loaded: readonly PlayerStateRow[],
): Promise<PlayerStateRow | null> {
  const [found] = await db
    .select()
    .from(playerStates)
    .where(
      and(
        eq(playerStates.instanceId, instanceId),
        loaded.length > 0
          ? notInArray(
              playerStates.playerId,
              loaded.map((player) => player.playerId),
            )
          : undefined,
        sql`coalesce(${playerStates.state}->>'status', '') <> 'left game'`,
        sql`coalesce(jsonb_typeof(${playerStates.state}->'finished'), 'null') = 'null'`,
      ),
    )
    .limit(1);
  return found ?? null;
}

/** The engine's InstanceState from the instance row and (some of) its player rows. */
export function assembleState(row: GameInstanceRow, spec: GameSpec, players: readonly PlayerStateRow[]): InstanceState {
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
export async function lockInstance(
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
 * What a player row copies of the player's state (besides the state itself): the one mapping every writer of a
 * player row uses — `writePlayerRows` here, and the optimistic grouped write (event-write.ts), whose statement
 * takes these same fields.
 */
export function playerRowCopies(player: PlayerState) {
  return {
    name: player.name,
    status: player.status,
    state: player,
    latitude: player.location?.latitude ?? null,
    longitude: player.location?.longitude ?? null,
  };
}

/** Binds a player's row to a device when it has none yet (games that enforce a single device). */
export interface DeviceBinding {
  playerId: string;
  deviceId: string;
}

/** The language a player's row keeps (issue 31, runtime/step-languages.ts): the one their latest call named. */
export interface PlayerLanguage {
  playerId: string;
  language: string;
}

/**
 * THE writer of player rows under the instance's row lock (the rule at the head of player-event.ts; the grouped
 * optimistic write of event-write.ts is the only other, under its own lock of the instance): the players a step
 * `changed`, the step's log, and the instance's `updated_at` when the world is as it was (`touch`). Rows of
 * `known` players are updated; a player with no row yet (a `start` that joined) is inserted, unless the step was
 * `refused`. `bind` binds a player's row to a device (only if none is bound yet: the row was read under the lock,
 * so the caller has already refused another device); `language` keeps the language a player reads with their row
 * (a new row, or one whose player's call named another: issue 31); `versionId` moves the changed rows to a
 * version (a migration and its undo, which keep each player's language as it is). The common event — one known
 * player changed, one log entry, the world as it was — is ONE statement (`touchWithPlayer`). Answers whether the
 * instance row was touched (else the caller writes it).
 *
 * Callers: the locking path's step (locked-step.ts `stepLoaded`: events, starts, joins, a player's locked
 * event with its device binding and language), a start's device binding (`bindPlayerDevice`), a language named
 * by a call that is no step (`keepPlayerLanguage`), a migration and its undo (versions/migration.ts). An
 * account's anonymisation rewrites ids inside every row of its instances (`anonymisePlayerRows`), under the
 * same locks.
 */
export async function writePlayerRows(
  tx: Transaction,
  args: {
    row: GameInstanceRow;
    changed: ReadonlyArray<readonly [string, PlayerState]>;
    known: ReadonlyMap<string, PlayerStateRow>;
    logged: LogRow[];
    now: Date;
    touch: boolean;
    refused: boolean;
    join?: JoinOptions | undefined;
    bind?: DeviceBinding | null | undefined;
    language?: PlayerLanguage | null | undefined;
    versionId?: string | undefined;
  },
): Promise<boolean> {
  const { row, changed, known, logged, now } = args;
  const bind = args.bind ?? null;
  const language = args.language ?? null;
  const languageOf = (playerId: string) => (language?.playerId === playerId ? language.language : null);
  const single =
    args.touch &&
    args.versionId === undefined &&
    logged.length === 1 &&
    changed.length === 1 &&
    known.has(changed[0]![0]);
  if (single) {
    const [playerId, player] = changed[0]!;
    await touchWithPlayer(tx, row.id, player, now, logged[0]!, {
      deviceId: bind?.playerId === playerId ? bind.deviceId : null,
      language: languageOf(playerId),
    });
    if (bind && bind.playerId !== playerId) await bindDevice(tx, row.id, bind);
    if (language && language.playerId !== playerId) await keepLanguage(tx, row.id, language);
    return true;
  }
  await appendLog(tx, logged);
  const device = (playerId: string) =>
    bind?.playerId === playerId ? { deviceId: sql<string>`coalesce(${playerStates.deviceId}, ${bind.deviceId})` } : {};
  for (const [playerId, player] of changed) {
    const copies = { ...playerRowCopies(player), updatedAt: now };
    if (known.has(playerId)) {
      await tx
        .update(playerStates)
        .set({
          ...copies,
          ...device(playerId),
          ...(languageOf(playerId) ? { language: languageOf(playerId) } : {}),
          ...(args.versionId ? { versionId: args.versionId } : {}),
        })
        .where(and(eq(playerStates.instanceId, row.id), eq(playerStates.playerId, playerId)));
    } else {
      // A `start` that joined the player: the row is new. A refused start still returns the joined player
      // (engine: the join happens before the status checks), so a refusal adds nobody.
      if (args.refused) continue;
      await tx.insert(playerStates).values({
        instanceId: row.id,
        playerId,
        userId: args.join ? args.join.userId : playerId,
        gameId: row.gameId,
        versionId: args.versionId ?? row.versionId,
        deviceId: args.join?.deviceId ?? null,
        termsAcceptedAt: args.join?.termsAcceptedAt ?? null,
        language: languageOf(playerId),
        joinedAt: now,
        ...copies,
      });
    }
  }
  // A binding or a language of a player the step did not change (a refused event) is written alone.
  const unchanged = (playerId: string) => known.has(playerId) && !changed.some(([id]) => id === playerId);
  if (bind && unchanged(bind.playerId)) await bindDevice(tx, row.id, bind);
  if (language && unchanged(language.playerId)) await keepLanguage(tx, row.id, language);
  return false;
}

/**
 * The player rows of several steps held and written together (step-writes.ts: an instance's ticks), each as the
 * last of those steps left it, in ONE statement, in `tx` that holds the instance's row lock since before the first
 * step. Rows that exist only: a held step never joins anyone.
 */
export async function writeHeldPlayerRows(
  tx: Transaction,
  instanceId: string,
  held: ReadonlyArray<{ playerId: string; player: PlayerState; at: Date }>,
): Promise<void> {
  if (held.length === 0) return;
  const rows = held.map(({ playerId, player, at }) => ({
    player: playerId,
    ...playerRowCopies(player),
    at: at.toISOString(),
  }));
  await tx.execute(sql`
    update ${playerStates} p
    set name = r.name, status = r.status, state = r.state, latitude = r.latitude, longitude = r.longitude,
      updated_at = r.at
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(player text, name text, status text,
      state jsonb, latitude float8, longitude float8, at timestamptz)
    where p.instance_id = ${instanceId} and p.player_id = r.player`);
}

/** The language alone. */
async function keepLanguage(tx: Transaction, instanceId: string, kept: PlayerLanguage): Promise<void> {
  await tx
    .update(playerStates)
    .set({ language: kept.language })
    .where(and(eq(playerStates.instanceId, instanceId), eq(playerStates.playerId, kept.playerId)));
}

/** The device binding alone: only a row bound to no device yet takes it. */
async function bindDevice(tx: Transaction, instanceId: string, bind: DeviceBinding): Promise<void> {
  await tx
    .update(playerStates)
    .set({ deviceId: bind.deviceId })
    .where(
      and(
        eq(playerStates.instanceId, instanceId),
        eq(playerStates.playerId, bind.playerId),
        isNull(playerStates.deviceId),
      ),
    );
}

/**
 * The player's row read under its instance's row lock (taken here, in `tx`), for a change of the row that is
 * not a step — a start's device binding: what a concurrent event or start of the same player wrote is read,
 * not a copy read before it (see player-event.ts, "Read AFTER the lock").
 */
export async function lockPlayerRow(
  tx: Transaction,
  instanceId: string,
  playerId: string,
): Promise<{ row: GameInstanceRow; player: PlayerStateRow | null }> {
  const { row } = await lockInstance(tx, instanceId);
  return { row, player: await findPlayerRow(tx, instanceId, playerId) };
}

/**
 * What a player's row takes that is not a step — a device binding, a language — through the one writer, in `tx`
 * that holds the instance's row lock (`lockPlayerRow`). Not a change of the game: no log entry, the instance's
 * `updated_at` stays.
 */
async function writeRowAlone(
  tx: Transaction,
  locked: { row: GameInstanceRow; player: PlayerStateRow },
  now: Date,
  what: { bind?: DeviceBinding; language?: PlayerLanguage },
): Promise<void> {
  await writePlayerRows(tx, {
    row: locked.row,
    changed: [],
    known: new Map([[locked.player.playerId, locked.player]]),
    logged: [],
    now,
    touch: false,
    refused: false,
    ...what,
  });
}

/** Binds a player's row to a device (`writeRowAlone`); answers the row as bound. */
export async function bindPlayerDevice(
  tx: Transaction,
  locked: { row: GameInstanceRow; player: PlayerStateRow },
  deviceId: string,
  now: Date,
): Promise<PlayerStateRow> {
  const { player } = locked;
  await writeRowAlone(tx, locked, now, { bind: { playerId: player.playerId, deviceId } });
  return { ...player, deviceId: player.deviceId ?? deviceId };
}

/**
 * Keeps with a player's row the language their call named (issue 31: a call that is not a step — the game or
 * the view read in another language, the player having switched), through `writeRowAlone`.
 */
export async function keepPlayerLanguage(
  tx: Transaction,
  locked: { row: GameInstanceRow; player: PlayerStateRow },
  language: string,
  now: Date,
): Promise<void> {
  await writeRowAlone(tx, locked, now, { language: { playerId: locked.player.playerId, language } });
}

/**
 * Writes one player's state and touches the instance's `updated_at` in ONE
 * statement (a data-modifying CTE): the hot path of the locking path, a player's
 * event that leaves the world as it was, pays one round trip for its writes.
 */
async function touchWithPlayer(
  tx: Transaction,
  instanceId: string,
  player: PlayerState,
  now: Date,
  logged: LogRow,
  also: {
    /** Binds the row to this device when it has none yet. */
    deviceId: string | null;
    /** Keeps this language with the row (null: the one it keeps). */
    language: string | null;
  },
): Promise<void> {
  const copies = playerRowCopies(player);
  await tx.execute(sql`
    with touched as (
      update ${gameInstances} set updated_at = ${now.toISOString()}::timestamptz where id = ${instanceId}
    ), logged as (
      insert into instance_events (instance_id, player_id, version_id, at, entry)
      values (${instanceId}, ${logged.playerId}, ${logged.versionId}, ${now.toISOString()}::timestamptz,
        ${JSON.stringify(logged.entry)}::jsonb)
    )
    update ${playerStates}
    set name = ${copies.name},
        status = ${copies.status},
        state = ${JSON.stringify(copies.state)}::jsonb,
        latitude = ${copies.latitude},
        longitude = ${copies.longitude},
        updated_at = ${now.toISOString()}::timestamptz,
        device_id = coalesce(device_id, ${also.deviceId}::text),
        language = coalesce(${also.language}::text, language)
    where instance_id = ${instanceId} and player_id = ${player.id}`);
}

/**
 * Locks the rows of these instances (`SELECT … FOR UPDATE`) in the order of their ids — the order every writer
 * that holds several takes them in (event-write.ts's batches too), so two of them never deadlock — for a change
 * of player rows across instances that is not a step (an account's anonymisation).
 */
export async function lockInstances(tx: Transaction, instanceIds: readonly string[]): Promise<void> {
  if (instanceIds.length === 0) return;
  await tx
    .select({ id: gameInstances.id })
    .from(gameInstances)
    .where(inArray(gameInstances.id, [...instanceIds]))
    .orderBy(gameInstances.id)
    .for('update');
}

/**
 * A player's id replaced by `freshId` in every player row of `instanceIds`, which the caller's transaction has
 * locked (`lockInstances`): their own row (its player id, no account, the name `name`, in the state too) and,
 * as text, inside every other player's state (objects they own or made, pending outputs) — one statement
 * for the rows of all the instances, however many players a city holds. A UUID cannot occur by chance inside
 * other text (account/service.ts `anonymiseGameplayData` has the whole reasoning).
 */
export async function anonymisePlayerRows(
  tx: Transaction,
  args: { instanceIds: readonly string[]; playerId: string; freshId: string; name: string },
): Promise<void> {
  const { playerId, freshId, name } = args;
  if (args.instanceIds.length === 0) return;
  const replaced = sql`replace(${playerStates.state}::text, ${playerId}, ${freshId})::jsonb`;
  const own = sql`${playerStates.playerId} = ${playerId}`;
  await tx
    .update(playerStates)
    .set({
      playerId: sql`case when ${own} then ${freshId} else ${playerStates.playerId} end`,
      userId: sql`case when ${own} then null else ${playerStates.userId} end`,
      name: sql`case when ${own} then ${name} else ${playerStates.name} end`,
      state: sql`case when ${own} then jsonb_set(${replaced}, '{name}', to_jsonb(${name}::text)) else ${replaced} end`,
    })
    .where(inArray(playerStates.instanceId, [...args.instanceIds]));
}

/**
 * A player leaves shared instances for good (a playtest's restart: the others play on): their rows are deleted
 * under the instances' row locks (`lockInstances`), so no step of those instances writes a row it read before.
 */
export async function removePlayerRows(
  tx: Transaction,
  args: { instanceIds: readonly string[]; userId: string },
): Promise<void> {
  if (args.instanceIds.length === 0) return;
  await lockInstances(tx, args.instanceIds);
  await tx
    .delete(playerStates)
    .where(and(inArray(playerStates.instanceId, [...args.instanceIds]), eq(playerStates.userId, args.userId)));
}

/** What a new instance is made of (`insertInstance`, `newInstanceRow`). */
export interface NewInstance {
  gameId: string;
  versionId: string;
  isLiveSpec: boolean;
  multiplayer: boolean;
  world: WorldState;
  spec: GameSpec | null;
  now: Date;
}

/** A new instance row of a version with the engine's initial world (the caller then steps `start`). */
export async function insertInstance(tx: Executor, values: NewInstance): Promise<GameInstanceRow> {
  const row = newInstanceRow(values);
  await insertInstanceRow(tx, row);
  await appendLog(tx, [creationEntry(row)]);
  return row;
}

/**
 * A new instance's row as the database would hold it after its insert, made in memory with its id drawn here: a
 * start that opens an instance steps on it before writing it (locked-step.ts `stepNewInstance`).
 */
export function newInstanceRow(values: NewInstance): GameInstanceRow {
  return {
    id: randomUUID(),
    gameId: values.gameId,
    versionId: values.versionId,
    isLiveSpec: values.isLiveSpec,
    multiplayer: values.multiplayer,
    status: values.world.status,
    world: values.world,
    worldRev: 0,
    stateVersion: INSTANCE_STATE_VERSION,
    spec: values.spec,
    notes: '',
    createdAt: values.now,
    updatedAt: values.now,
  };
}

/** Inserts `row` (made by `newInstanceRow`, perhaps stepped since) as it is: nothing is read back. */
export async function insertInstanceRow(tx: Executor, row: GameInstanceRow): Promise<void> {
  await tx.insert(gameInstances).values(row);
}

/** The first entry of an instance's input log: the world it was made with, which a replay starts from. */
export function creationEntry(
  row: Pick<GameInstanceRow, 'id' | 'versionId' | 'world' | 'multiplayer' | 'createdAt'>,
): LogRow {
  return {
    instanceId: row.id,
    playerId: null,
    versionId: row.versionId,
    at: row.createdAt,
    entry: { kind: 'create' as const, world: row.world, multiplayer: row.multiplayer },
  };
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
