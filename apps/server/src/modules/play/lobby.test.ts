import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { games } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createPlayableGame, startPlay } from '../../test/play-factories.js';

describe('the lobby: GET /api/play/games/{gameId}', () => {
  let t: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx, { role: 'designer', name: 'Olga Owner' });
  });
  afterAll(async () => t.close());

  const lobby = (user: TestUser, gameId: string) =>
    t.app.inject({ method: 'GET', url: `/api/play/games/${gameId}`, headers: user.headers });

  it('introduces the game, asks for the passcode until the player has an instance, and starts nothing', async () => {
    const game = await createPlayableGame(t.app, owner, { settings: { playPassword: '482913' } });
    const player = await createUser(t.app.ctx);

    const before = await lobby(player, game.gameId);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({
      game: { id: game.gameId, multiplayer: false },
      needsPasscode: true,
      instanceId: null,
      refusal: null,
    });
    // Looking is not playing: still no instance, so the start is a new one.
    const started = await startPlay(t.app, player, game.gameId, { passcode: '482913' });
    expect(started.statusCode).toBe(201);

    expect((await lobby(player, game.gameId)).json()).toMatchObject({
      needsPasscode: false,
      instanceId: started.json().instanceId,
    });
    expect((await lobby(owner, game.gameId)).json()).toMatchObject({ needsPasscode: false, instanceId: null });
  });

  it('says why a start would be refused: not published, not started yet', async () => {
    const draft = await createPlayableGame(t.app, owner, { publish: false });
    const player = await createUser(t.app.ctx);
    // Only who may playtest sees a draft's lobby (anyone else is told there is no such game).
    expect((await lobby(player, draft.gameId)).statusCode).toBe(404);
    expect((await lobby(owner, draft.gameId)).json().refusal).toEqual({
      errorCode: 'NOT_PUBLISHED',
      message: 'This game is not published',
    });

    const game = await createPlayableGame(t.app, owner);
    const [row] = await t.app.ctx.db.select().from(games).where(eq(games.id, game.gameId));
    const start = new Date(t.clock.now.getTime() + 2 * 3_600_000).toISOString();
    await t.app.ctx.db
      .update(games)
      .set({ settings: { ...row!.settings, playingPeriod: { start, end: null, timezone: 'Europe/Athens' } } })
      .where(eq(games.id, game.gameId));
    expect((await lobby(player, game.gameId)).json().refusal).toMatchObject({ errorCode: 'NOT_STARTED_YET' });
    expect((await t.app.inject({ method: 'GET', url: `/api/play/games/${game.gameId}` })).statusCode).toBe(401);
  });
});
