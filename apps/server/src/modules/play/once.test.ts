import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { gameInstances, gameplayRecords, playerEventAnswers, playerMessages, playerStates } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import {
  createPlayableGame,
  FAR_AWAY,
  PIER,
  sendEvent,
  startedInstance,
  type PlayableGame,
} from '../../test/play-factories.js';

const PICKED = 'has picked or redeemed offer';

/**
 * Events sent with a client event id (issue 11: an app that queues events
 * offline and sends them again when it is not sure they arrived) are applied
 * at most once per (instance, player, id); a retry — also one sent while the
 * first is still running — is answered with the first answer. On PostgreSQL
 * (TEST_DATABASE_URL) the concurrent requests really run side by side.
 */
describe('player events applied at most once', () => {
  let t: TestApp;
  let game: PlayableGame;

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await createUser(t.app.ctx, { role: 'designer' });
    game = await createPlayableGame(t.app, owner, { offerQuantity: 50 });
  });
  afterAll(async () => t.close());

  async function newPlayer(): Promise<{ player: TestUser; instanceId: string }> {
    const player = await createUser(t.app.ctx);
    const { instanceId } = await startedInstance(t.app, player, game.gameId);
    return { player, instanceId };
  }

  const pick = (clientEventId?: string) => ({
    type: 'offer',
    objectId: game.worldOfferId,
    action: 'pick',
    ...(clientEventId ? { clientEventId } : {}),
  });

  async function quantityLeft(instanceId: string): Promise<number> {
    const [row] = await t.app.ctx.db.select().from(gameInstances).where(eq(gameInstances.id, instanceId));
    return row!.world.offers[game.worldOfferId]!.quantity!;
  }

  async function picks(instanceId: string): Promise<number> {
    const rows = await t.app.ctx.db
      .select()
      .from(gameplayRecords)
      .where(and(eq(gameplayRecords.instanceId, instanceId), eq(gameplayRecords.name, PICKED)));
    return rows.length;
  }

  it('answers a retried pick with the first answer and gives the item once', async () => {
    const { player, instanceId } = await newPlayer();
    const first = await sendEvent(t.app, player, instanceId, pick('pick-1'));
    expect(first.statusCode).toBe(200);
    expect(first.json().view.offers[game.offer.id].count).toBe(1);

    const retry = await sendEvent(t.app, player, instanceId, pick('pick-1'));
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(await quantityLeft(instanceId)).toBe(49);
    expect(await picks(instanceId)).toBe(1);

    // Another id is another event: a second coffee.
    const second = await sendEvent(t.app, player, instanceId, pick('pick-2'));
    expect(second.json().view.offers[game.offer.id].count).toBe(2);
    expect(await quantityLeft(instanceId)).toBe(48);
  });

  it('answers a late retry with the answer of its time, not the state of now', async () => {
    const { player, instanceId } = await newPlayer();
    const atPier = await sendEvent(t.app, player, instanceId, { type: 'location', ...PIER, clientEventId: 'walk-1' });
    expect(atPier.statusCode).toBe(200);
    const away = await sendEvent(t.app, player, instanceId, { type: 'location', ...FAR_AWAY, clientEventId: 'walk-2' });
    expect(away.statusCode).toBe(200);

    const late = await sendEvent(t.app, player, instanceId, { type: 'location', ...PIER, clientEventId: 'walk-1' });
    expect(late.json()).toEqual(atPier.json());
    // Not stepped again: the player stays where the newest event put them.
    const [row] = await t.app.ctx.db.select().from(playerStates).where(eq(playerStates.instanceId, instanceId));
    expect(row!.latitude).toBe(FAR_AWAY.latitude);
  });

  it('applies ten identical picks sent at once once, and answers all ten alike', async () => {
    const { player, instanceId } = await newPlayer();
    const before = await quantityLeft(instanceId);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => sendEvent(t.app, player, instanceId, pick('same-pick'))),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 200));
    for (const res of answers) expect(res.json()).toEqual(answers[0]!.json());
    expect(answers[0]!.json().view.offers[game.offer.id].count).toBe(1);
    expect(await quantityLeft(instanceId)).toBe(before - 1);
    expect(await picks(instanceId)).toBe(1);
  });

  it('applies ten identical codes sent at once once (the path that leaves the world alone)', async () => {
    const { player, instanceId } = await newPlayer();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        sendEvent(t.app, player, instanceId, { type: 'code', code: 'harbour', clientEventId: 'same-code' }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 200));
    for (const res of answers) expect(res.json()).toEqual(answers[0]!.json());
    const stored = await t.app.ctx.db
      .select()
      .from(playerEventAnswers)
      .where(eq(playerEventAnswers.instanceId, instanceId));
    expect(stored.map((row) => row.clientEventId)).toEqual(['same-code']);
  });

  it('loses none of twenty different events one player sends at once', async () => {
    const { player, instanceId } = await newPlayer();
    const codes = Array.from({ length: 20 }, (_, i) => `k${i}`);
    const answers = await Promise.all(
      codes.map((code) => sendEvent(t.app, player, instanceId, { type: 'code', code })),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(codes.map(() => 200));
    const [row] = await t.app.ctx.db.select().from(playerStates).where(eq(playerStates.instanceId, instanceId));
    expect(Object.keys(row!.state.codes).sort()).toEqual([...codes].sort());
  });

  it('delivers a waiting operator message with the event, and again with its retry only', async () => {
    const { player, instanceId } = await newPlayer();
    const [message] = await t.app.ctx.db
      .insert(playerMessages)
      .values({ gameId: game.gameId, instanceId, playerId: player.user.id, sceneId: null, message: 'Meet at the pier' })
      .returning();
    const event = { type: 'location', ...FAR_AWAY, clientEventId: 'with-message' };
    const first = await sendEvent(t.app, player, instanceId, event);
    expect(first.json().messages).toEqual([
      { id: message!.id, message: 'Meet at the pier', sceneId: null, when: message!.createdAt.toISOString() },
    ]);
    const retry = await sendEvent(t.app, player, instanceId, event);
    expect(retry.json()).toEqual(first.json());
    const next = await sendEvent(t.app, player, instanceId, { type: 'location', ...PIER });
    expect(next.json().messages).toEqual([]);
  });

  it('refuses a malformed client event id with a field error', async () => {
    const { player, instanceId } = await newPlayer();
    const res = await sendEvent(t.app, player, instanceId, { type: 'code', code: 'x', clientEventId: 'no spaces!' });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('clientEventId');
  });
});
