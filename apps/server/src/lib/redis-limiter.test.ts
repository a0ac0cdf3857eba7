import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WRONG_PASSCODE_RATES } from './secret-limits.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { createUser } from '../test/factories.js';
import { createPlayableGame } from '../test/play-factories.js';
import { redisAvailable, TEST_REDIS_URL } from '../test/redis.js';

const hasRedis = await redisAvailable();

/** With REDIS_URL, the limits that guard secrets are one for every process (docs/deployment.md). */
describe.skipIf(!hasRedis)('limits shared through Redis', () => {
  let one: TestApp;
  let two: TestApp;

  beforeAll(async () => {
    // Two servers on one Redis, as two workers or two nodes are.
    one = await createTestApp({ env: { REDIS_URL: TEST_REDIS_URL } });
    two = await createTestApp({ env: { REDIS_URL: TEST_REDIS_URL } });
  });
  afterAll(async () => Promise.all([one?.close(), two?.close()]));

  it('counts wrong passcodes from one address once for both servers', async () => {
    // An address of its own, so that no other run on this Redis shares the bucket.
    const address = `198.18.${randomInt(256)}.${randomInt(256)}`;
    const gameOn = async (t: TestApp) => {
      const owner = await createUser(t.app.ctx, { role: 'designer' });
      return (await createPlayableGame(t.app, owner, { settings: { playPassword: '482913' } })).gameId;
    };
    const start = async (t: TestApp, gameId: string, passcode: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/play/games/${gameId}/instances`,
        headers: (await createUser(t.app.ctx)).headers,
        payload: { passcode },
        remoteAddress: address,
      });
    // The address's wrong passcodes, all through the first server (the bucket refills only 3 a minute).
    const first = await gameOn(one);
    for (let i = 0; i < WRONG_PASSCODE_RATES.address.burst; i += 1) {
      expect((await start(one, first, String(100000 + i))).statusCode).toBe(403);
    }
    // The second server refuses that address even the right passcode.
    const refused = await start(two, await gameOn(two), '482913');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
