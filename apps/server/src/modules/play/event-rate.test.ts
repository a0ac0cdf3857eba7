import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAY_MESSAGES } from '@loci/domain';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createPlayableGame, FAR_AWAY, sendEvent, startedInstance } from '../../test/play-factories.js';

const EVENTS_PER_SECOND = 10;

describe('player events faster than the server takes them', () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ env: { LOCI_PLAYER_EVENT_RATE: String(EVENTS_PER_SECOND) } });
    owner = await createUser(t.app.ctx, { role: 'designer' });
  });
  afterAll(async () => t.close());

  it('answers 429 TOO_MANY_EVENTS beyond a burst of twice the rate, and takes events again a moment later', async () => {
    const game = await createPlayableGame(t.app, owner, { settings: { multiplayer: true } });
    const [nia, otto] = await Promise.all([createUser(t.app.ctx), createUser(t.app.ctx)]);
    const { instanceId } = await startedInstance(t.app, nia, game.gameId);
    await startedInstance(t.app, otto, game.gameId);
    const walk = (player: TestUser) => sendEvent(t.app, player, instanceId, { type: 'location', ...FAR_AWAY });

    // A hundred events within one second (the test app's clock stands still).
    const answers = await Promise.all(Array.from({ length: 100 }, () => walk(nia)));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(2 * EVENTS_PER_SECOND);
    expect(statuses.filter((status) => status === 429)).toHaveLength(100 - 2 * EVENTS_PER_SECOND);
    const refused = answers.find((res) => res.statusCode === 429)!;
    expect(refused.json()).toEqual({ message: PLAY_MESSAGES.tooManyEvents, errorCode: 'TOO_MANY_EVENTS' });
    expect(refused.headers['retry-after']).toBe('1');

    // Another player of the same instance is not held back.
    expect((await walk(otto)).statusCode).toBe(200);

    // A second later, a second's worth is taken again.
    t.clock.advance(1000);
    const later = await Promise.all(Array.from({ length: EVENTS_PER_SECOND + 1 }, () => walk(nia)));
    expect(later.map((res) => res.statusCode).sort()).toEqual([...Array(EVENTS_PER_SECOND).fill(200), 429]);
  });
});
