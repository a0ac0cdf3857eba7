import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEveryInstanceReplays } from '../../test/replay-check.js';
import { eq } from 'drizzle-orm';
import { createInstanceState } from '@loci/engine';
import { migrateGameSpec } from '@loci/domain';
import { gameplayRecords, games, gameVersions, playerStates } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createPlayableGame, type PlayableGame } from '../../test/play-factories.js';
import { insertInstance, loadInstanceState } from './instance-rows.js';
import { mutateWorld, runEvent } from './locked-step.js';
import { specOfInstance } from './specs.js';

describe('runtime store', () => {
  let t: TestApp;
  let owner: TestUser;
  let game: PlayableGame;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx, { role: 'designer' });
    game = await createPlayableGame(t.app, owner, { settings: { multiplayer: true } });
  });
  afterAll(async () => {
    // Every game played here replays, step by step, to the state it left (modules/replay).
    expect(await expectEveryInstanceReplays(t.app.ctx)).toBeGreaterThan(0);
    await t.close();
  });

  async function newInstance() {
    const ctx = t.app.ctx;
    const [version] = await ctx.db.select().from(gameVersions).where(eq(gameVersions.id, game.versionId!));
    const spec = migrateGameSpec(version!.spec!);
    const row = await insertInstance(ctx.db, {
      gameId: game.gameId,
      versionId: game.versionId!,
      isLiveSpec: false,
      multiplayer: true,
      world: createInstanceState(spec, { multiplayer: true }).world,
      spec: null,
      now: ctx.now(),
    });
    expect((await specOfInstance(ctx, row)).game.id).toBe(game.gameId);
    return row.id;
  }

  it('steps start for a new player: row inserted, scene entered, record appended, outputs pushed', async () => {
    const pushed: Array<{ userId: string; event: string; payload: unknown }> = [];
    const ctx = t.app.ctx;
    const realtime = ctx.realtime;
    ctx.realtime = { ...realtime, toUser: (userId, event, payload) => void pushed.push({ userId, event, payload }) };
    try {
      const instanceId = await newInstance();
      const player = await createUser(ctx);
      const { result } = await runEvent(ctx, {
        instanceId,
        event: { type: 'start', playerId: player.user.id, name: player.user.name },
        join: { userId: player.user.id, deviceId: 'phone-1' },
      });
      expect(result.outputs.map((output) => output.action)).toEqual(['goToScene', 'showInfo']);
      const [row] = await ctx.db.select().from(playerStates).where(eq(playerStates.instanceId, instanceId));
      expect(row).toMatchObject({ userId: player.user.id, deviceId: 'phone-1', status: 'playing' });
      expect(row!.state.currentSceneId).toBe(game.scene.id);
      const records = await ctx.db.select().from(gameplayRecords).where(eq(gameplayRecords.instanceId, instanceId));
      expect(records.map((record) => record.name)).toEqual(['has entered scene']);
      expect(pushed).toEqual([
        { userId: player.user.id, event: 'outputs', payload: expect.objectContaining({ instanceId }) },
      ]);
    } finally {
      ctx.realtime = realtime;
    }
  });

  it('terminates by an operator event and refuses later player events with 409 INSTANCE_NOT_ACTIVE', async () => {
    const ctx = t.app.ctx;
    const instanceId = await newInstance();
    const player = await createUser(ctx);
    await runEvent(ctx, { instanceId, event: { type: 'start', playerId: player.user.id } });
    const { instance, result } = await runEvent(ctx, { instanceId, event: { type: 'terminate' } });
    expect(instance.status).toBe('terminated');
    expect(result.outputs).toEqual([expect.objectContaining({ playerId: player.user.id, action: 'endGame' })]);
    await expect(
      runEvent(ctx, { instanceId, event: { type: 'pause', playerId: player.user.id } }),
    ).rejects.toMatchObject({ status: 409, extra: { errorCode: 'INSTANCE_NOT_ACTIVE' } });
    const loaded = await loadInstanceState(ctx, instanceId);
    expect(Object.keys(loaded!.state.players)).toEqual([player.user.id]);
    expect(loaded!.state.world.status).toBe('terminated');
  });

  it('changes the world under the lock and bumps its revision', async () => {
    const ctx = t.app.ctx;
    const instanceId = await newInstance();
    const before = (await loadInstanceState(ctx, instanceId))!.state.world;
    const after = await mutateWorld(ctx, instanceId, (world) => ({ ...world, offers: {} }));
    expect(after.world.offers).toEqual({});
    expect(after.world.revision).toBe(before.revision + 1);
  });

  it('expires the instance on the first event after the game’s playing period, adding nobody', async () => {
    const ctx = t.app.ctx;
    const instanceId = await newInstance();
    const early = await createUser(ctx);
    await runEvent(ctx, { instanceId, event: { type: 'start', playerId: early.user.id } });
    const [row] = await ctx.db.select().from(games).where(eq(games.id, game.gameId));
    const ended = { ...row!.settings.playingPeriod, end: new Date(ctx.now().getTime() - 60_000).toISOString() };
    await ctx.db
      .update(games)
      .set({ settings: { ...row!.settings, playingPeriod: ended } })
      .where(eq(games.id, game.gameId));
    try {
      const late = await createUser(ctx);
      const { instance, result } = await runEvent(ctx, {
        instanceId,
        event: { type: 'start', playerId: late.user.id },
      });
      expect(result.outputs).toEqual([expect.objectContaining({ action: 'error', errorCode: 'GAME_NOT_ACTIVE' })]);
      expect(instance.status).toBe('expired');
      const rows = await ctx.db.select().from(playerStates).where(eq(playerStates.instanceId, instanceId));
      expect(rows.map((player) => player.playerId)).toEqual([early.user.id]);
    } finally {
      await ctx.db.update(games).set({ settings: row!.settings }).where(eq(games.id, game.gameId));
    }
  });

  it('answers 404 for a missing instance', async () => {
    await expect(
      runEvent(t.app.ctx, { instanceId: '00000000-0000-4000-8000-000000000000', event: { type: 'terminate' } }),
    ).rejects.toMatchObject({ status: 404 });
    expect(await loadInstanceState(t.app.ctx, 'nope')).toBeNull();
  });

  it('keeps a shared instance active while another player still plays when one leaves', async () => {
    const ctx = t.app.ctx;
    const instanceId = await newInstance();
    const [a, b] = [await createUser(ctx), await createUser(ctx)];
    await runEvent(ctx, { instanceId, event: { type: 'start', playerId: a.user.id } });
    await runEvent(ctx, { instanceId, event: { type: 'start', playerId: b.user.id } });
    const left = await runEvent(ctx, { instanceId, event: { type: 'leave', playerId: a.user.id } });
    expect(left.instance.status).toBe('active');
    const last = await runEvent(ctx, { instanceId, event: { type: 'leave', playerId: b.user.id } });
    expect(last.instance.status).toBe('abandoned');
  });
});
