import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { gameInstances, gameplayRecords } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createPlayableGame, sendEvent, startPlay, type PlayableGame } from '../../test/play-factories.js';

const PLAYERS = 20;

/**
 * Twenty players of one shared world race for the last coffee (ARCHITECTURE:
 * "two players racing for the last item cannot both win"). On PostgreSQL the
 * requests really run side by side; the instance row lock serves them in turn.
 */
describe('a shared world under concurrent players', () => {
  let t: TestApp;
  let game: PlayableGame;
  let players: TestUser[];
  let instanceId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await createUser(t.app.ctx, { role: 'designer' });
    game = await createPlayableGame(t.app, owner, { settings: { multiplayer: true }, offerQuantity: 1 });
    players = await Promise.all(Array.from({ length: PLAYERS }, (_, i) => createUser(t.app.ctx, { name: `P${i}` })));
  });
  afterAll(async () => t.close());

  it('puts players who start at the same moment into one instance', async () => {
    const answers = await Promise.all(players.map((player) => startPlay(t.app, player, game.gameId)));
    expect(answers.map((res) => res.statusCode)).toEqual(players.map(() => 201));
    const ids = new Set(answers.map((res) => res.json().instanceId as string));
    expect(ids.size).toBe(1);
    instanceId = [...ids][0]!;
    const instances = await t.app.ctx.db.select().from(gameInstances).where(eq(gameInstances.gameId, game.gameId));
    expect(instances).toHaveLength(1);
  });

  it('gives the last offer to exactly one of twenty players picking it at once', async () => {
    const answers = await Promise.all(
      players.map((player) =>
        sendEvent(t.app, player, instanceId, { type: 'offer', objectId: game.worldOfferId, action: 'pick' }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(players.map(() => 200));
    const winners = answers.filter((res) => res.json().view.offers[game.offer.id]?.count === 1);
    expect(winners).toHaveLength(1);
    const refusals = answers.flatMap((res) => res.json().outputs as Array<{ errorCode?: string }>);
    expect(refusals.filter((output) => output.errorCode === 'QUANTITY_EXHAUSTED')).toHaveLength(PLAYERS - 1);

    const [instance] = await t.app.ctx.db.select().from(gameInstances).where(eq(gameInstances.id, instanceId));
    expect(instance!.world.offers[game.worldOfferId]!.quantity).toBe(0);
    const picks = await t.app.ctx.db.select().from(gameplayRecords).where(eq(gameplayRecords.instanceId, instanceId));
    expect(picks.filter((record) => record.name === 'has picked or redeemed offer')).toHaveLength(1);
  });
});
