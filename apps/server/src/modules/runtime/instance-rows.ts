/**
 * The rows of an instance: its instance row and its players' rows, read,
 * locked (`SELECT … FOR UPDATE`: the locking path's rule, player-event.ts),
 * assembled as the engine's InstanceState, inserted and written.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
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
 * Writes one player's state and touches the instance's `updated_at` in ONE
 * statement (a data-modifying CTE): the hot path of play, a player's event that
 * leaves the world as it was, pays one round trip for its writes.
 */
export async function touchWithPlayer(
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
