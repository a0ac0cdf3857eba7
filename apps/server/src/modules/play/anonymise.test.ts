import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEveryInstanceReplays } from '../../test/replay-check.js';
import { eq } from 'drizzle-orm';
import type { ObjectInstance } from '@loci/engine';
import {
  gameInstances,
  gameplayRecords,
  playerMessages,
  playerPositions,
  playerStates,
  users,
} from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createPlayableGame, PIER, sendEvent, startedInstance, type PlayableGame } from '../../test/play-factories.js';
import { mutateWorld } from '../runtime/locked-step.js';

/** Spec 1 §8: after account deletion "remaining gameplay data are anonymised" — not deleted. */
describe('account deletion and gameplay data', () => {
  let t: TestApp;
  let owner: TestUser;
  let game: PlayableGame;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx, { role: 'designer' });
    game = await createPlayableGame(t.app, owner, { settings: { multiplayer: true }, offerQuantity: 5 });
  });
  afterAll(async () => {
    // Every game played here replays, step by step, to the state it left (modules/replay).
    expect(await expectEveryInstanceReplays(t.app.ctx)).toBeGreaterThan(0);
    await t.close();
  });

  it('replaces the player’s id everywhere, blanks their name, and keeps the shared world and analytics whole', async () => {
    const [leaver, stayer] = [
      await createUser(t.app.ctx, { name: 'Lea Leaver' }),
      await createUser(t.app.ctx, { name: 'Stan Stayer' }),
    ];
    const { instanceId } = await startedInstance(t.app, leaver, game.gameId);
    // The analytics list players in joining order: the stayer joins a second later.
    t.clock.advance(1000);
    await startedInstance(t.app, stayer, game.gameId);
    await sendEvent(t.app, leaver, instanceId, { type: 'offer', objectId: game.worldOfferId, action: 'pick' });
    await sendEvent(t.app, leaver, instanceId, { type: 'location', ...PIER });
    await t.app.ctx.db
      .insert(playerMessages)
      .values({ gameId: game.gameId, instanceId, playerId: leaver.user.id, message: 'Hello' });
    // An object the leaver made lies in the shared world.
    const made: ObjectInstance = {
      id: `${leaver.user.id}-1`,
      name: 'note',
      type: 'object',
      archetypeId: 'a',
      sceneId: game.scene.id,
      payload: {},
      location: null,
      approved: true,
      owner: null,
      createdBy: leaver.user.id,
      createdWhen: null,
      home: null,
    };
    await mutateWorld(t.app.ctx, instanceId, (world) => ({ ...world, objects: { ...world.objects, [made.id]: made } }));

    const deleted = await t.app.inject({ method: 'DELETE', url: '/api/users/account', headers: leaver.headers });
    expect(deleted.statusCode).toBe(200);
    expect(await t.app.ctx.db.select().from(users).where(eq(users.id, leaver.user.id))).toEqual([]);

    const rows = await t.app.ctx.db.select().from(playerStates).where(eq(playerStates.instanceId, instanceId));
    expect(rows).toHaveLength(2);
    const anonymous = rows.find((row) => row.userId === null)!;
    expect(anonymous).toMatchObject({ name: 'Deleted player' });
    expect(anonymous.playerId).not.toBe(leaver.user.id);
    expect(anonymous.state).toMatchObject({ id: anonymous.playerId, name: 'Deleted player' });
    expect(anonymous.state.offers[game.offer.id]).toMatchObject({ count: 1 });

    const [instance] = await t.app.ctx.db.select().from(gameInstances).where(eq(gameInstances.id, instanceId));
    const records = await t.app.ctx.db.select().from(gameplayRecords).where(eq(gameplayRecords.instanceId, instanceId));
    const messages = await t.app.ctx.db.select().from(playerMessages).where(eq(playerMessages.instanceId, instanceId));
    const positions = await t.app.ctx.db
      .select()
      .from(playerPositions)
      .where(eq(playerPositions.instanceId, instanceId));
    const everything = JSON.stringify({ rows, instance, records, messages, positions });
    expect(everything).not.toContain(leaver.user.id);
    expect(everything).not.toContain('Lea Leaver');
    expect(instance!.world.objects[`${anonymous.playerId}-1`]).toMatchObject({ createdBy: anonymous.playerId });
    expect(records.filter((record) => record.playerId === anonymous.playerId).map((record) => record.name)).toEqual(
      expect.arrayContaining(['has entered scene', 'has picked or redeemed offer']),
    );
    expect(messages[0]!.playerId).toBe(anonymous.playerId);
    // The map analytics keep where the deleted player went, under the new id.
    expect(positions.filter((position) => position.playerId === anonymous.playerId)).toEqual([
      expect.objectContaining({ latitude: PIER.latitude, longitude: PIER.longitude }),
    ]);

    // The other player plays on, and the designer's analytics still count the deleted player.
    const next = await sendEvent(t.app, stayer, instanceId, {
      type: 'offer',
      objectId: game.worldOfferId,
      action: 'pick',
    });
    expect(next.statusCode).toBe(200);
    expect(next.json().view.offers[game.offer.id]).toMatchObject({ count: 1 });
    const analytics = await t.app.inject({
      method: 'GET',
      url: `/api/analytics/${game.versionId}`,
      headers: owner.headers,
    });
    const entries = analytics.json().analytics as Array<{
      userId: string | null;
      avatar: { name: string };
      events: Record<string, unknown[]>;
    }>;
    expect(entries.map((entry) => entry.avatar.name)).toEqual(['Deleted player', 'Stan Stayer']);
    expect(entries[0]).toMatchObject({ userId: null });
    expect(entries[0]!.events['has picked or redeemed offer']).toHaveLength(1);
  });
});
