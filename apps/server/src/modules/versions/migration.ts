import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import { migrateGameSpec } from '@loci/domain';
import {
  migratePlayerState,
  planPlayerMigration,
  type MigrationImpact,
  type PlayerState,
  type PlayersEntryCause,
  type WorldState,
} from '@loci/engine';
import type { AppContext } from '../../context.js';
import type { Transaction } from '../../db/client.js';
import {
  gameInstances,
  gameVersions,
  instanceMigrations,
  playerStates,
  users,
  type GameVersionRow,
} from '../../db/schema.js';
import { AppError, fail } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import { requireGameRight } from '../../policies/games.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { worldEntry, type LogRow } from '../runtime/event-log.js';
import { lockInstanceWithSpec, playerRowsOf, writePlayerRows } from '../runtime/instance-rows.js';
import { findVersionRow } from './service.js';

/**
 * Migrating live instances to another published version (docs/versions.md).
 *
 * Each instance migrates in ONE transaction that takes the instance row FOR
 * UPDATE (runtime/player-event.ts's rule: player rows are written only under
 * it, by the runtime's one writer, instance-rows.ts `writePlayerRows`), reads
 * the players after the lock, rewrites every player's state with the engine's
 * `migratePlayerState`, points the instance and its players at the new
 * version and bumps the world's revision — so an optimistic player event that read the old version fails
 * its revision check, reads again and runs on the new version. Every migration
 * is recorded (instance_migrations) with the states before and after, and can
 * be undone while nothing has happened since.
 *
 * A migration and its undo are entries of the instance's input log
 * (runtime/event-log.ts), appended in the same transaction: the players'
 * states and the world as written, under the version they now run. The
 * replay takes them as written and steps the later entries on the version
 * each names, so a replay across a migration ends on the stored state.
 */

export const MIGRATION_MESSAGES = {
  sameVersion: 'This instance already runs this version',
  notPublished: 'Live games can only be migrated to a published, non-archived version',
  notFound: 'There is no such migration',
  noInstance: 'There is no such instance of this game',
  undone: 'This migration was undone already',
  changedSince:
    'Something happened in this instance since the migration (a player event or a new player): it cannot be undone',
} as const;

interface Caller {
  ctx: AppContext;
  user: CurrentUser;
  gameId: string;
}

export interface InstancePreview {
  instanceId: string;
  fromVersionId: string;
  fromVersion: number;
  players: Array<{ playerId: string; name: string; impacts: MigrationImpact[] }>;
}

/** The published, non-archived target version, or 404 / 409. */
async function targetVersion(ctx: AppContext, gameId: string, versionId: string): Promise<GameVersionRow> {
  const row = await findVersionRow(ctx.db, { gameId, versionId });
  if (row.isLiveSpec || row.isArchived) throw fail.conflict(MIGRATION_MESSAGES.notPublished);
  return row;
}

/** The active instances of a game that run another published version, oldest first. */
async function instancesToMigrate(ctx: AppContext, gameId: string, versionId: string) {
  return ctx.db
    .select({ instance: gameInstances, version: gameVersions.version, spec: gameVersions.spec })
    .from(gameInstances)
    .innerJoin(gameVersions, eq(gameVersions.id, gameInstances.versionId))
    .where(
      and(
        eq(gameInstances.gameId, gameId),
        eq(gameInstances.status, 'active'),
        eq(gameInstances.isLiveSpec, false),
        ne(gameInstances.versionId, versionId),
      ),
    )
    .orderBy(asc(gameInstances.createdAt));
}

/** For every running instance on another version: what migrating to `versionId` changes for each player (manage right). */
export async function previewMigration({
  ctx,
  user,
  gameId,
  versionId,
}: Caller & { versionId: string }): Promise<InstancePreview[]> {
  await requireGameRight({ ctx, user, gameId, right: 'manage' });
  const target = await targetVersion(ctx, gameId, versionId);
  const after = migrateGameSpec(target.spec ?? {});
  const previews: InstancePreview[] = [];
  for (const { instance, version, spec } of await instancesToMigrate(ctx, gameId, target.id)) {
    const before = migrateGameSpec(spec ?? {});
    const players = await ctx.db.select().from(playerStates).where(eq(playerStates.instanceId, instance.id));
    previews.push({
      instanceId: instance.id,
      fromVersionId: instance.versionId,
      fromVersion: version,
      players: players.map((player) => ({
        playerId: player.playerId,
        name: player.name,
        impacts: planPlayerMigration(before, after, player.state),
      })),
    });
  }
  return previews;
}

const statesOf = (list: ReadonlyArray<{ playerId: string; state: PlayerState }>) =>
  Object.fromEntries(list.map((player) => [player.playerId, player.state]));

/** The input log's entries of a migration (or its undo): the players' states, then the world, as written. */
function migrationLog(
  { instanceId, versionId, at }: { instanceId: string; versionId: string; at: Date },
  written: { world: WorldState; players: Record<string, PlayerState> },
  cause: PlayersEntryCause,
): LogRow[] {
  return [
    { instanceId, playerId: null, versionId, at, entry: { kind: 'players', players: written.players, cause } },
    worldEntry({ id: instanceId, versionId, world: written.world }, at),
  ];
}

/** Migrates one instance inside `tx` (see the top of this file); answers the migration's id. */
async function migrateOne(
  tx: Transaction,
  { instanceId, target, userId, now }: { instanceId: string; target: GameVersionRow; userId: string; now: Date },
): Promise<string> {
  const { row, spec: before } = await lockInstanceWithSpec(tx, instanceId);
  if (row.versionId === target.id) throw fail.conflict(MIGRATION_MESSAGES.sameVersion);
  const after = migrateGameSpec(target.spec ?? {});
  // Read after the lock (runtime/player-event.ts): what an event that held it wrote is migrated too.
  const players = await playerRowsOf(tx, instanceId);
  const world = { ...row.world, revision: row.world.revision + 1 };
  const migrated = players.map((player) => ({
    playerId: player.playerId,
    state: migratePlayerState(before, after, player.state),
  }));
  await tx
    .update(gameInstances)
    .set({ versionId: target.id, world, updatedAt: now })
    .where(eq(gameInstances.id, instanceId));
  // Every player row moves to the new version through the runtime's one writer of player rows.
  await writePlayerRows(tx, {
    row,
    changed: migrated.map((player) => [player.playerId, player.state] as const),
    known: new Map(players.map((player) => [player.playerId, player])),
    logged: migrationLog(
      { instanceId, versionId: target.id, at: now },
      { world, players: statesOf(migrated) },
      'migration',
    ),
    now,
    touch: false,
    refused: false,
    versionId: target.id,
  });
  const [record] = await tx
    .insert(instanceMigrations)
    .values({
      instanceId,
      gameId: row.gameId,
      fromVersionId: row.versionId,
      toVersionId: target.id,
      before: { world: row.world, players: statesOf(players) },
      after: { world, players: statesOf(migrated) },
      createdBy: userId,
      createdAt: now,
    })
    .returning({ id: instanceMigrations.id });
  return record!.id;
}

/**
 * Migrates running instances to `versionId` (manage right): those of
 * `instanceIds` (else all that run another version), only the first `canary`
 * of them when given. One transaction per instance.
 */
export async function migrateInstances({
  ctx,
  user,
  gameId,
  versionId,
  instanceIds,
  canary,
}: Caller & { versionId: string; instanceIds?: string[] | undefined; canary?: number | undefined }): Promise<{
  migrated: Array<{ instanceId: string; migrationId: string }>;
}> {
  await requireGameRight({ ctx, user, gameId, right: 'manage' });
  const target = await targetVersion(ctx, gameId, versionId);
  const candidates = (await instancesToMigrate(ctx, gameId, target.id)).map((row) => row.instance.id);
  const chosen = instanceIds ? candidates.filter((id) => instanceIds.includes(id)) : candidates;
  const batch = canary === undefined ? chosen : chosen.slice(0, canary);
  const migrated: Array<{ instanceId: string; migrationId: string }> = [];
  for (const instanceId of batch) {
    const migrationId = await ctx.db.transaction((tx) =>
      migrateOne(tx, { instanceId, target, userId: user.id, now: ctx.now() }),
    );
    migrated.push({ instanceId, migrationId });
  }
  return { migrated };
}

/**
 * Undoes a migration (manage right): the instance and its players as they
 * were just before it, provided nothing happened since — every player's state
 * and the world are still what the migration wrote, and nobody joined; else 409.
 */
export async function undoMigration({
  ctx,
  user,
  gameId,
  migrationId,
}: Caller & { migrationId: string }): Promise<{ ok: true }> {
  await requireGameRight({ ctx, user, gameId, right: 'manage' });
  if (!isUuid(migrationId)) throw fail.notFound(MIGRATION_MESSAGES.notFound);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [record] = await tx
      .select()
      .from(instanceMigrations)
      .where(and(eq(instanceMigrations.id, migrationId), eq(instanceMigrations.gameId, gameId)))
      // Two undos of one migration at once: the second waits here and reads that it was undone (409 `undone`).
      // Taken before the instance's row lock, as nothing holding an instance waits for a migration's record.
      .for('update');
    if (!record) throw fail.notFound(MIGRATION_MESSAGES.notFound);
    if (record.undoneAt) throw fail.conflict(MIGRATION_MESSAGES.undone);
    const { row } = await lockInstanceWithSpec(tx, record.instanceId);
    const players = await playerRowsOf(tx, record.instanceId);
    const unchanged =
      row.versionId === record.toVersionId &&
      JSON.stringify(row.world) === JSON.stringify(record.after.world) &&
      players.length === Object.keys(record.after.players).length &&
      players.every((player) => JSON.stringify(player.state) === JSON.stringify(record.after.players[player.playerId]));
    if (!unchanged) throw new AppError('CONFLICT', MIGRATION_MESSAGES.changedSince);
    // The revision moves on again (never back), so an event that read the migrated state retries.
    const world = { ...record.before.world, revision: row.world.revision + 1 };
    await tx
      .update(gameInstances)
      .set({ versionId: record.fromVersionId, world, updatedAt: now })
      .where(eq(gameInstances.id, record.instanceId));
    await writePlayerRows(tx, {
      row,
      changed: Object.entries(record.before.players),
      known: new Map(players.map((player) => [player.playerId, player])),
      logged: migrationLog(
        { instanceId: record.instanceId, versionId: record.fromVersionId, at: now },
        { world, players: record.before.players },
        'migrationUndo',
      ),
      now,
      touch: false,
      refused: false,
      versionId: record.fromVersionId,
    });
    await tx.update(instanceMigrations).set({ undoneAt: now }).where(eq(instanceMigrations.id, record.id));
  });
  return { ok: true };
}

/** One recorded migration of an instance, as the instance page lists it. */
export interface MigrationListItem {
  id: string;
  fromVersionId: string;
  fromVersion: number;
  toVersionId: string;
  toVersion: number;
  createdAt: string;
  createdBy: string | null;
  undoneAt: string | null;
}

/** The migrations of one instance of the game, newest first (manage right); 404 for an instance of another game. */
export async function listMigrations({
  ctx,
  user,
  gameId,
  instanceId,
}: Caller & { instanceId: string }): Promise<{ migrations: MigrationListItem[] }> {
  await requireGameRight({ ctx, user, gameId, right: 'manage' });
  if (!isUuid(instanceId)) throw fail.notFound(MIGRATION_MESSAGES.noInstance);
  const [instance] = await ctx.db
    .select({ id: gameInstances.id })
    .from(gameInstances)
    .where(and(eq(gameInstances.id, instanceId), eq(gameInstances.gameId, gameId)));
  if (!instance) throw fail.notFound(MIGRATION_MESSAGES.noInstance);
  const rows = await ctx.db
    .select({
      id: instanceMigrations.id,
      fromVersionId: instanceMigrations.fromVersionId,
      toVersionId: instanceMigrations.toVersionId,
      createdAt: instanceMigrations.createdAt,
      undoneAt: instanceMigrations.undoneAt,
      createdBy: users.name,
    })
    .from(instanceMigrations)
    .leftJoin(users, eq(users.id, instanceMigrations.createdBy))
    .where(eq(instanceMigrations.instanceId, instanceId))
    .orderBy(desc(instanceMigrations.createdAt));
  const versionIds = [...new Set(rows.flatMap((row) => [row.fromVersionId, row.toVersionId]))];
  const versions =
    versionIds.length === 0
      ? []
      : await ctx.db
          .select({ id: gameVersions.id, version: gameVersions.version })
          .from(gameVersions)
          .where(inArray(gameVersions.id, versionIds));
  const numberOf = (id: string) => versions.find((version) => version.id === id)?.version ?? 0;
  return {
    migrations: rows.map((row) => ({
      id: row.id,
      fromVersionId: row.fromVersionId,
      fromVersion: numberOf(row.fromVersionId),
      toVersionId: row.toVersionId,
      toVersion: numberOf(row.toVersionId),
      createdAt: row.createdAt.toISOString(),
      createdBy: row.createdBy,
      undoneAt: row.undoneAt?.toISOString() ?? null,
    })),
  };
}
