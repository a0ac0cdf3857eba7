import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { gameInstances } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createPlayableGame, FAR_AWAY, PIER, sendEvent, startedInstance } from '../../test/play-factories.js';
import { WorldCache } from './worlds.js';
import type { WorldState } from '@loci/engine';

describe('the worlds a process holds (runtime/worlds.ts)', () => {
  const world = (revision: number) => ({ revision }) as unknown as WorldState;

  it('keeps the most recently used instances, the oldest going first', () => {
    const cache = new WorldCache(2);
    cache.set('a', 1, world(1));
    cache.set('b', 1, world(1));
    expect(cache.get('a')?.rev).toBe(1); // a is now the most recent
    cache.set('c', 4, world(4));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.rev).toBe(1);
    expect(cache.get('c')?.rev).toBe(4);
    cache.set('a', 2, world(2));
    expect(cache.get('a')?.rev).toBe(2);
    expect(cache.size).toBe(2);
  });
});

/**
 * A world held by the process is the row's world only while the row's `world_rev` is the one held: every writer
 * of a world moves it (the trigger of drizzle/0029), also those the engine's revision does not count.
 */
describe("a player's event reads the world as it is now, whoever changed it", () => {
  let t: TestApp;
  let owner: TestUser;
  let player: TestUser;
  let instanceId: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx, { role: 'designer' });
    player = await createUser(t.app.ctx);
    const game = await createPlayableGame(t.app, owner, {
      settings: { timeLimit: { mode: 'duration', minutes: 30, endsAt: null, endsGame: true } },
    });
    ({ instanceId } = await startedInstance(t.app, player, game.gameId));
  });
  afterAll(async () => t.close());

  const worldRev = async () =>
    (
      await t.app.ctx.db
        .select({ rev: gameInstances.worldRev })
        .from(gameInstances)
        .where(eq(gameInstances.id, instanceId))
    )[0]!.rev;

  it('a walk does not move world_rev; a pause of the clock does, and the next walk is told it is paused', async () => {
    const walked = await sendEvent(t.app, player, instanceId, { type: 'location', ...FAR_AWAY });
    expect(walked.statusCode).toBe(200);
    expect(walked.json().view.clock.paused).toBe(false);
    const before = await worldRev();
    expect((await sendEvent(t.app, player, instanceId, { type: 'location', ...PIER })).statusCode).toBe(200);
    expect(await worldRev()).toBe(before);

    const paused = await t.app.inject({
      method: 'POST',
      url: `/api/manage/instances/${instanceId}/clock`,
      headers: owner.headers,
      payload: { control: 'pause', reason: 'Lunch' },
    });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(await worldRev()).toBe(before + 1);
    // The engine's revision did not move with the pause: only world_rev says the held world is old.
    const again = await sendEvent(t.app, player, instanceId, { type: 'location', ...FAR_AWAY });
    expect(again.statusCode).toBe(200);
    expect(again.json().view.clock.paused).toBe(true);
  });
});
