import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_MESSAGES } from '@loci/domain';
import { users } from '../db/schema.js';
import { JOIN_CODES_PER_MINUTE, WRONG_PASSCODE_RATES } from './secret-limits.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { authHeaders, createUser } from '../test/factories.js';
import { createPlayableGame } from '../test/play-factories.js';
import { redisAvailable, TEST_REDIS_URL } from '../test/redis.js';
import { connectSocket } from '../test/sockets.js';

const hasRedis = await redisAvailable();

/** Sign-in and the other routes limited per address (LOCI_RATE_LIMIT), and handshakes per address, in these tests. */
const ROUTE_LIMIT = 6;
const HANDSHAKES_PER_MINUTE = 4;

/** An address of its own, so that no other run on this Redis shares the budget. */
const freshAddress = () => `198.18.${randomInt(256)}.${randomInt(256)}`;

/** With REDIS_URL, the limits that guard secrets are one for every process (docs/deployment.md). */
describe.skipIf(!hasRedis)('limits shared through Redis', () => {
  let one: TestApp;
  let two: TestApp;

  beforeAll(async () => {
    // Two servers on one Redis, as two workers or two nodes are.
    const env = {
      REDIS_URL: TEST_REDIS_URL,
      LOCI_RATE_LIMIT: String(ROUTE_LIMIT),
      LOCI_HANDSHAKE_RATE: String(HANDSHAKES_PER_MINUTE),
      // The test's sockets come through 127.0.0.1: trusted as a proxy, its X-Forwarded-For names the client.
      LOCI_TRUST_PROXY: '127.0.0.1',
    };
    one = await createTestApp({ listen: true, env });
    two = await createTestApp({ listen: true, env });
    // One time for both, as real servers have: the second's frozen clock, seconds later, would refill the buckets.
    two.clock.now = one.clock.now;
  });
  afterAll(async () => Promise.all([one?.close(), two?.close()]));

  it('counts wrong passcodes from one address once for both servers', async () => {
    const address = freshAddress();
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

  it('counts sign-in tries from one address once for both servers', async () => {
    const address = freshAddress();
    const login = (t: TestApp) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: `nobody-${randomInt(1e9)}@example.com`, password: 'a wrong guess' },
        remoteAddress: address,
      });
    // Half of the budget through each server: one process alone would still take more.
    for (const t of [one, two]) {
      for (let i = 0; i < ROUTE_LIMIT / 2; i += 1) expect((await login(t)).statusCode).not.toBe(429);
    }
    for (const t of [one, two]) {
      const refused = await login(t);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Sign-up is a budget of its own.
    const register = await two.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: { name: 'Ada', email: `ada-${randomInt(1e9)}@example.com`, password: 'a good long password' },
      remoteAddress: address,
    });
    expect(register.statusCode).not.toBe(429);
  });

  it("counts an account's join codes once for both servers", async () => {
    const { user } = await createUser(one.app.ctx);
    // The same account on the second server (a database both would share).
    await two.app.ctx.db.insert(users).values(user);
    const headers = authHeaders(await two.app.ctx.tokens.sign(user));
    const join = (t: TestApp) =>
      t.app.inject({
        method: 'POST',
        url: '/api/play/join-code',
        headers,
        payload: { code: `no-such-game-${randomInt(1e9)}` },
        remoteAddress: freshAddress(),
      });
    for (const t of [one, two]) {
      for (let i = 0; i < JOIN_CODES_PER_MINUTE / 2; i += 1) expect((await join(t)).statusCode).toBe(404);
    }
    const refused = await join(one);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ errorCode: 'TOO_MANY_EVENTS' });
  });

  it('counts socket handshakes from one address once for both servers', async () => {
    const headers = { 'x-forwarded-for': freshAddress() };
    const outcome = (t: TestApp) =>
      connectSocket(t, undefined, headers).then(
        (socket) => {
          socket.close();
          return 'connected';
        },
        (error: Error) => error.message,
      );
    // Tokenless handshakes, refused for that once counted: half through each server.
    for (const t of [one, two]) {
      for (let i = 0; i < HANDSHAKES_PER_MINUTE / 2; i += 1) expect(await outcome(t)).toBe(REALTIME_MESSAGES.noToken);
    }
    expect(await outcome(one)).toBe(REALTIME_MESSAGES.tooManyHandshakes);
    expect(await outcome(two)).toBe(REALTIME_MESSAGES.tooManyHandshakes);
  });
});
