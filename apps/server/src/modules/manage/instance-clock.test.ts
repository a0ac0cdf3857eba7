import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createPlayableGame, startedInstance, type PlayableGame } from '../../test/play-factories.js';

const MINUTE = 60_000;

/** The Instance page reads each player's (or team's) clock from the full instance, as the Gameplay list does. */
describe('the full instance carries each player’s clock', () => {
  let t: TestApp;
  let owner: TestUser;
  let game: PlayableGame;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx, { role: 'designer' });
    game = await createPlayableGame(t.app, owner, {
      settings: { timeLimit: { mode: 'duration', minutes: 30, endsAt: null, endsGame: true } },
    });
  });
  afterAll(async () => t.close());

  const full = async (instanceId: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/instances/${instanceId}?fullState=true`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { players: Array<{ id: string; clock?: unknown }> };
  };

  it('answers the deadline, and the frozen time left while paused', async () => {
    const player = await createUser(t.app.ctx);
    const { instanceId } = await startedInstance(t.app, player, game.gameId);
    const deadline = new Date(t.clock.now.getTime() + 30 * MINUTE).toISOString();
    expect((await full(instanceId)).players[0]?.clock).toEqual({
      deadline,
      paused: false,
      leftMs: null,
      timeUp: false,
    });
    t.clock.advance(10 * MINUTE);
    const paused = await t.app.inject({
      method: 'POST',
      url: `/api/manage/instances/${instanceId}/clock`,
      headers: owner.headers,
      payload: { control: 'pause', reason: 'Lunch' },
    });
    expect(paused.statusCode).toBe(200);
    expect((await full(instanceId)).players[0]?.clock).toEqual({
      deadline,
      paused: true,
      leftMs: 20 * MINUTE,
      timeUp: false,
    });
  });
});
