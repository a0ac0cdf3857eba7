import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { REPLAY_MESSAGES, type PlayerReplay } from '@loci/domain';
import { instanceEvents, playerStates } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createInstance } from '../../test/instance-factories.js';
import {
  createPlayableGame,
  FAR_AWAY,
  PIER,
  PIER_YEAR,
  sendEvent,
  startedInstance,
  type PlayableGame,
} from '../../test/play-factories.js';
import { expectEveryInstanceReplays } from '../../test/replay-check.js';
import { stepInTransaction } from '../runtime/locked-step.js';

describe('replay', () => {
  let t: TestApp;
  let owner: TestUser;
  let game: PlayableGame;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx, { role: 'designer' });
    game = await createPlayableGame(t.app, owner, { settings: { multiplayer: true }, offerQuantity: 2 });
  });
  afterAll(async () => t.close());

  const replayOf = (as: TestUser, instanceId: string, playerId: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/instances/${instanceId}/players/${playerId}/replay`,
      headers: as.headers,
    });

  async function play(player: TestUser, instanceId: string, event: Record<string, unknown>) {
    t.clock.advance(30_000);
    const res = await sendEvent(t.app, player, instanceId, event);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { view: Record<string, unknown> };
  }

  it('steps a played game again: each event with the position, the state then and the rules that fired', async () => {
    const player = await createUser(t.app.ctx, { role: 'player' });
    const { instanceId } = await startedInstance(t.app, player, game.gameId);
    await play(player, instanceId, { type: 'location', ...FAR_AWAY, accuracy: 5 });
    await play(player, instanceId, { type: 'location', ...PIER, accuracy: 5 });
    await play(player, instanceId, { type: 'answer', interactionId: game.question.id, answer: 1 });
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/games/${game.gameId}/send-message`,
      headers: owner.headers,
      payload: { userId: player.user.id, message: 'Look at the lighthouse' },
    });
    expect(sent.statusCode).toBe(200);
    await play(player, instanceId, { type: 'answer', interactionId: game.question.id, answer: PIER_YEAR });

    const res = await replayOf(owner, instanceId, player.user.id);
    expect(res.statusCode, res.body).toBe(200);
    const replay = res.json() as PlayerReplay;
    expect(replay).toMatchObject({ instanceId, playerId: player.user.id, isLiveSpec: false, matchesStored: true });
    expect(replay.steps.map((s) => (s.kind === 'event' ? s.event!.type : s.kind))).toEqual([
      'start',
      'location',
      'location',
      'answer',
      'message',
      'answer',
    ]);
    const [, far, pier, wrong, message, right] = replay.steps;
    expect(far!.position).toEqual({ latitude: FAR_AWAY.latitude, longitude: FAR_AWAY.longitude });
    expect(pier!.position).toEqual({ latitude: PIER.latitude, longitude: PIER.longitude });
    // Entering the pier fires its rule, which asks the question.
    expect(pier!.outputs.map((output) => output.action)).toContain('askQuestion');
    expect(pier!.trace!.rules.some((rule) => rule.newlyTrue && rule.triggerMatched)).toBe(true);
    expect(message).toMatchObject({ message: 'Look at the lighthouse', state: wrong!.state });
    // The lantern comes with the right answer, not before.
    expect(wrong!.state!.items?.[game.lantern.id] ?? 0).toBe(0);
    expect(right!.state!.items?.[game.lantern.id]).toBe(1);
    const [stored] = await t.app.ctx.db.select().from(playerStates).where(eq(playerStates.instanceId, instanceId));
    expect(JSON.parse(JSON.stringify(right!.state))).toEqual(JSON.parse(JSON.stringify(stored!.state)));
  });

  it('replays a shared world in commit order: picks, an operator’s world edit, another player’s events', async () => {
    const shared = await createPlayableGame(t.app, owner, { settings: { multiplayer: true }, offerQuantity: 2 });
    const [first, second] = [await createUser(t.app.ctx), await createUser(t.app.ctx)];
    const { instanceId } = await startedInstance(t.app, first, shared.gameId);
    const joined = await startedInstance(t.app, second, shared.gameId, { instanceId });
    expect(joined.instanceId).toBe(instanceId);
    await play(first, instanceId, { type: 'location', ...PIER, accuracy: 5 });
    await play(second, instanceId, { type: 'location', ...PIER, accuracy: 5 });
    await play(first, instanceId, { type: 'offer', objectId: shared.worldOfferId, action: 'pick' });
    const edited = await t.app.inject({
      method: 'POST',
      url: `/api/instances/${instanceId}/updateWorldStateItem`,
      headers: owner.headers,
      payload: {
        name: 'more-coffee',
        sceneId: shared.scene.id,
        offerId: shared.offer.id,
        payload: { label: 'More coffee' },
        location: PIER,
        type: 'offer',
        quantity: 4,
      },
    });
    expect(edited.statusCode, edited.body).toBeLessThan(300);
    await play(second, instanceId, { type: 'offer', objectId: shared.worldOfferId, action: 'pick' });
    // The last unit went to the second player; the first cannot take another.
    await play(first, instanceId, { type: 'offer', objectId: shared.worldOfferId, action: 'pick' });

    const replay = (await replayOf(owner, instanceId, second.user.id)).json() as PlayerReplay;
    expect(replay.matchesStored).toBe(true);
    expect(replay.steps.filter((s) => s.kind === 'event').every((s) => s.event!.playerId === second.user.id)).toBe(
      true,
    );
    const log = await t.app.ctx.db
      .select()
      .from(instanceEvents)
      .where(eq(instanceEvents.instanceId, instanceId))
      .orderBy(asc(instanceEvents.seq));
    expect(log.map((row) => row.entry.kind)).toEqual([
      'create',
      'step',
      'step',
      'step',
      'step',
      'step',
      'world',
      'step',
      'step',
    ]);
  });

  it('replays a playtest of the working version the same way', async () => {
    const { instanceId } = await startedInstance(t.app, owner, game.gameId, { versionId: 'current' });
    await play(owner, instanceId, { type: 'location', ...PIER, accuracy: 5 });
    const replay = (await replayOf(owner, instanceId, owner.user.id)).json() as PlayerReplay;
    expect(replay).toMatchObject({ isLiveSpec: true, matchesStored: true });
    expect(replay.steps.at(-1)!.state!.currentSceneId).toBe(game.scene.id);
  });

  it('answers 409 for a game recorded before replay existed, 404 for an unknown player or instance, 403 to players', async () => {
    const player = await createUser(t.app.ctx);
    const { instance } = await createInstance(t.app.ctx, { gameId: game.gameId, players: [player] });
    const old = await replayOf(owner, instance.id, player.user.id);
    expect(old.statusCode).toBe(409);
    expect(old.json()).toMatchObject({ message: REPLAY_MESSAGES.notRecorded });
    expect((await replayOf(owner, instance.id, 'nobody')).statusCode).toBe(404);
    expect((await replayOf(owner, 'not-an-id', player.user.id)).statusCode).toBe(404);
    const { instanceId } = await startedInstance(t.app, player, game.gameId);
    expect((await replayOf(player, instanceId, player.user.id)).statusCode).toBe(403);
  });

  it('writes the log with the event, or not at all', async () => {
    const player = await createUser(t.app.ctx);
    const { instanceId } = await startedInstance(t.app, player, game.gameId);
    const count = async () =>
      (await t.app.ctx.db.select().from(instanceEvents).where(eq(instanceEvents.instanceId, instanceId))).length;
    const before = await count();
    // The same client event twice: applied once, logged once.
    for (let i = 0; i < 2; i += 1) {
      const res = await sendEvent(t.app, player, instanceId, { type: 'location', ...PIER, clientEventId: 'twice' });
      expect(res.statusCode).toBe(200);
    }
    expect(await count()).toBe(before + 1);
    // A locking step whose transaction rolls back leaves neither the change nor its entry.
    const [row] = await t.app.ctx.db.select().from(playerStates).where(eq(playerStates.instanceId, instanceId));
    await expect(
      t.app.ctx.db.transaction(async (tx) => {
        await stepInTransaction(t.app.ctx, tx, {
          instanceId,
          event: { type: 'location', playerId: player.user.id, ...FAR_AWAY },
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await count()).toBe(before + 1);
    const [after] = await t.app.ctx.db.select().from(playerStates).where(eq(playerStates.instanceId, instanceId));
    expect(after!.state).toEqual(row!.state);
  });

  it('replays every instance of this suite to its stored state', async () => {
    // One more way a state changes: the end of a game (terminate).
    const single = await createPlayableGame(t.app, owner);
    const player = await createUser(t.app.ctx);
    const { instanceId } = await startedInstance(t.app, player, single.gameId);
    await play(player, instanceId, { type: 'location', ...PIER, accuracy: 5 });
    const terminated = await t.app.inject({
      method: 'POST',
      url: `/api/instances/${instanceId}/terminate`,
      headers: owner.headers,
    });
    expect(terminated.statusCode).toBe(200);
    expect(await expectEveryInstanceReplays(t.app.ctx)).toBeGreaterThanOrEqual(3);
  });
});
