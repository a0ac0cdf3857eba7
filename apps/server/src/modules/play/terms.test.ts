import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { playerStates } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createPlayableGame, startPlay } from '../../test/play-factories.js';

describe('the game terms: accepted before the first start', () => {
  let t: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx, { role: 'designer', name: 'Olga Owner' });
  });
  afterAll(async () => t.close());

  const termsAcceptedAt = async (instanceId: string, player: TestUser) => {
    const [row] = await t.app.ctx.db
      .select({ at: playerStates.termsAcceptedAt })
      .from(playerStates)
      .where(and(eq(playerStates.instanceId, instanceId), eq(playerStates.userId, player.user.id)));
    return row?.at ?? null;
  };

  it('shows the sanitised terms in the lobby, refuses a start without acceptance and records the time', async () => {
    const game = await createPlayableGame(t.app, owner, {
      settings: { terms: '<p>Stay on the pavement.</p><img src=x onerror=alert(1)>' },
    });
    const player = await createUser(t.app.ctx);

    const lobby = await t.app.inject({ method: 'GET', url: `/api/play/games/${game.gameId}`, headers: player.headers });
    expect(lobby.json().game.terms).toContain('<p>Stay on the pavement.</p>');
    expect(lobby.json().game.terms).not.toContain('onerror');

    const refused = await startPlay(t.app, player, game.gameId, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: 'Accept the terms of this game to start',
      errors: { acceptTerms: 'Accept the terms of this game to start' },
    });
    expect((await startPlay(t.app, player, game.gameId, { acceptTerms: false })).statusCode).toBe(400);
    // Nothing was started by the refusals.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/play/games/${game.gameId}`, headers: player.headers })).json()
        .instanceId,
    ).toBeNull();

    const started = await startPlay(t.app, player, game.gameId, { acceptTerms: true });
    expect(started.statusCode).toBe(201);
    const { instanceId } = started.json();
    expect((await termsAcceptedAt(instanceId, player))?.toISOString()).toBe(t.clock.now.toISOString());

    // Coming back to one's own instance asks nothing again.
    const back = await startPlay(t.app, player, game.gameId, {});
    expect(back.statusCode).toBe(200);
    expect(back.json().instanceId).toBe(instanceId);
  });

  it('asks nothing of a game without terms (or with emptied ones) and of a playtest', async () => {
    const plain = await createPlayableGame(t.app, owner, { settings: { terms: '<p><br></p>' } });
    const player = await createUser(t.app.ctx);
    const started = await startPlay(t.app, player, plain.gameId, {});
    expect(started.statusCode).toBe(201);
    expect(await termsAcceptedAt(started.json().instanceId, player)).toBeNull();

    const withTerms = await createPlayableGame(t.app, owner, { settings: { terms: '<p>Be kind.</p>' } });
    const playtest = await startPlay(t.app, owner, withTerms.gameId, { versionId: 'current' });
    expect(playtest.statusCode).toBe(201);
  });

  it("gives the player the game's timezone: the lobby's playing period and the playing game", async () => {
    const start = new Date(t.clock.now.getTime() - 3_600_000).toISOString();
    const game = await createPlayableGame(t.app, owner, {
      settings: { playingPeriod: { start, end: null, timezone: 'Europe/Athens' } },
    });
    const player = await createUser(t.app.ctx);
    const lobby = await t.app.inject({ method: 'GET', url: `/api/play/games/${game.gameId}`, headers: player.headers });
    expect(lobby.json().game.playingPeriod).toEqual({ start, end: null, timezone: 'Europe/Athens' });
    const started = await startPlay(t.app, player, game.gameId, {});
    const played = await t.app.inject({
      method: 'GET',
      url: `/api/play/instances/${started.json().instanceId}/game`,
      headers: player.headers,
    });
    expect(played.json().game.timezone).toBe('Europe/Athens');
  });
});
