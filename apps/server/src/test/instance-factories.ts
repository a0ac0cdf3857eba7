import { eq } from 'drizzle-orm';
import { migrateGameSpec, newGameVersionDefaults, type GameSpec } from '@loci/domain';
import { createInstanceState, INSTANCE_STATE_VERSION, joinPlayer, type InstanceStatus } from '@loci/engine';
import type { AppContext } from '../context.js';
import { gameInstances, games, playerStates, type GameInstanceRow } from '../db/schema.js';
import { CURRENT_VERSION, findVersionRow, publishVersion } from '../modules/versions/service.js';
import { insertInstance } from '../modules/runtime/instance-rows.js';
import { runEvent } from '../modules/runtime/locked-step.js';
import { buildWorkingSpec, specOfVersion } from '../modules/runtime/specs.js';
import type { TestUser } from './factories.js';

/** Publishes the game's working version through the versions service; answers the new version's id. */
export async function publishWorkingVersion(ctx: AppContext, owner: TestUser, gameId: string): Promise<string> {
  const version = await publishVersion({ ctx, user: owner.user, gameId, values: newGameVersionDefaults() });
  return version.id;
}

/**
 * Puts an instance straight into the database, as the player API would have
 * made it: the engine's initial world of the version (the working one unless
 * `versionId` names a published one) with `players` joined (not started), each
 * optionally somewhere on the map and in a scene.
 */
export async function createInstance(
  ctx: AppContext,
  {
    gameId,
    versionId,
    players = [],
    status = 'active',
    multiplayer = players.length > 1,
    at,
    sceneId,
  }: {
    gameId: string;
    versionId?: string;
    players?: TestUser[];
    status?: InstanceStatus;
    multiplayer?: boolean;
    at?: { latitude: number; longitude: number };
    sceneId?: string;
  },
): Promise<{ instance: GameInstanceRow; spec: GameSpec }> {
  const [game] = await ctx.db.select().from(games).where(eq(games.id, gameId));
  if (!game) throw new Error(`createInstance: no game ${gameId}`);
  const version = await findVersionRow(ctx.db, { gameId, versionId: versionId ?? CURRENT_VERSION });
  const spec = version.isLiveSpec
    ? await buildWorkingSpec(ctx.db, { game, initialState: version.initialState })
    : migrateGameSpec(version.spec);
  const now = ctx.now();
  let state = createInstanceState(spec, { multiplayer });
  for (const player of players) state = joinPlayer(spec, state, { id: player.user.id, name: player.user.name }, now);
  const world = { ...state.world, status };
  const [instance] = await ctx.db
    .insert(gameInstances)
    .values({
      gameId,
      versionId: version.id,
      isLiveSpec: version.isLiveSpec,
      multiplayer,
      status,
      world,
      stateVersion: INSTANCE_STATE_VERSION,
      spec: version.isLiveSpec ? spec : null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  for (const player of players) {
    const playerState = {
      ...state.players[player.user.id]!,
      location: at ?? null,
      currentSceneId: sceneId ?? null,
      startedWhen: now.toISOString(),
    };
    await ctx.db.insert(playerStates).values({
      instanceId: instance!.id,
      playerId: player.user.id,
      userId: player.user.id,
      gameId,
      versionId: version.id,
      name: player.user.name,
      status: playerState.status,
      state: playerState,
      latitude: at?.latitude ?? null,
      longitude: at?.longitude ?? null,
      joinedAt: now,
      updatedAt: now,
    });
  }
  return { instance: instance!, spec };
}

/**
 * An instance made as the runtime makes one, with its input log (so it can be
 * replayed): the version's initial world (the working version unless
 * `versionId` names a published one), then a `start` of each of `players`
 * stepped by the store.
 */
export async function createLoggedInstance(
  ctx: AppContext,
  { gameId, versionId, players = [] }: { gameId: string; versionId?: string; players?: TestUser[] },
): Promise<GameInstanceRow> {
  const [game] = await ctx.db.select().from(games).where(eq(games.id, gameId));
  if (!game) throw new Error(`createLoggedInstance: no game ${gameId}`);
  const version = await findVersionRow(ctx.db, { gameId, versionId: versionId ?? CURRENT_VERSION });
  const spec = await specOfVersion(ctx.db, game, version);
  const multiplayer = players.length > 1;
  const instance = await insertInstance(ctx.db, {
    gameId,
    versionId: version.id,
    isLiveSpec: version.isLiveSpec,
    multiplayer,
    world: createInstanceState(spec, { multiplayer }).world,
    spec: version.isLiveSpec ? spec : null,
    now: ctx.now(),
  });
  for (const player of players) {
    await runEvent(ctx, {
      instanceId: instance.id,
      event: { type: 'start', playerId: player.user.id, name: player.user.name },
      join: { userId: player.user.id },
    });
  }
  return instance;
}
