import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAY_MESSAGES } from '@loci/domain';
import { WRONG_PASSCODE_RATES } from '../../lib/secret-limits.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createPlayableGame } from '../../test/play-factories.js';

/** Guessing a game's play passcode (docs/security.md "Passcodes"): wrong ones are limited per account and address. */
describe('wrong play passcodes', () => {
  let t: TestApp;
  let owner: TestUser;
  let gameId: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx, { role: 'designer' });
    ({ gameId } = await createPlayableGame(t.app, owner, { settings: { playPassword: '482913' } }));
  });
  afterAll(async () => t.close());

  const start = (user: TestUser, passcode: string, remoteAddress = '203.0.113.1') =>
    t.app.inject({
      method: 'POST',
      url: `/api/play/games/${gameId}/instances`,
      headers: user.headers,
      payload: { passcode },
      remoteAddress,
    });
  const joinCode = (user: TestUser, code: string, remoteAddress = '203.0.113.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/play/join-code',
      headers: user.headers,
      payload: { code },
      remoteAddress,
    });

  it('refuses an account a start with 429 and Retry-After after its wrong passcodes, even with the right one', async () => {
    const guesser = await createUser(t.app.ctx);
    const { burst } = WRONG_PASSCODE_RATES.account;
    for (let i = 0; i < burst; i += 1) {
      expect((await start(guesser, String(100000 + i), '198.51.100.1')).statusCode).toBe(403);
    }
    const refused = await start(guesser, '482913', '198.51.100.2');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ message: PLAY_MESSAGES.tooManyPasscodes, errorCode: 'RATE_LIMITED' });
    // Join codes are passcodes too: the same budget.
    expect((await joinCode(guesser, '777777', '198.51.100.3')).statusCode).toBe(429);
    // A minute later one more try.
    t.clock.advance(61_000);
    expect((await start(guesser, '482913', '198.51.100.4')).statusCode).toBe(201);
  });

  it('refuses an address after its wrong passcodes, whatever the account; other addresses still play', async () => {
    const { burst } = WRONG_PASSCODE_RATES.address;
    for (let i = 0; i < burst; i += 1) {
      const guesser = await createUser(t.app.ctx);
      const answer =
        i % 2 === 0 ? await start(guesser, String(200000 + i)) : await joinCode(guesser, String(200000 + i));
      expect(answer.statusCode).toBe(i % 2 === 0 ? 403 : 404);
    }
    const fresh = await createUser(t.app.ctx);
    const refused = await start(fresh, '482913');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await start(fresh, '482913', '203.0.113.99')).statusCode).toBe(201);
  });

  it('counts neither a missing passcode nor a right one', async () => {
    const player = await createUser(t.app.ctx);
    for (let i = 0; i < 12; i += 1) expect((await start(player, '', '192.0.2.7')).statusCode).toBe(403);
    expect((await start(player, '482913', '192.0.2.7')).statusCode).toBe(201);
  });
});
