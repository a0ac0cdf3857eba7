import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { games } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createEntity } from '../../test/design-factories.js';
import {
  codeRule,
  createPlayableGame,
  publishVersionOf,
  sendEvent,
  startedInstance,
  startPlay,
} from '../../test/play-factories.js';

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

  /** The harbour game with a rule that completes it when the player types "done", published. */
  async function finishableGame(settings: Record<string, unknown> = {}) {
    const game = await createPlayableGame(t.app, owner, { publish: false, settings });
    await createEntity(
      t.app,
      owner,
      game.gameId,
      'rule',
      codeRule(game.scene.id, 'done', [
        { actorId: 'system', actionName: 'completeGame', actionArgs: { msg: 'Well done' }, notify: false },
      ]),
    );
    await publishVersionOf(t.app, owner, game.gameId);
    return game;
  }
  const setPeriodStart = async (gameId: string, start: string) => {
    const [row] = await t.app.ctx.db.select().from(games).where(eq(games.id, gameId));
    await t.app.ctx.db
      .update(games)
      .set({ settings: { ...row!.settings, playingPeriod: { start, end: null, timezone: 'Europe/Athens' } } })
      .where(eq(games.id, gameId));
  };

  it('tells a player who finished when, with her results, and starts no silent second game', async () => {
    const game = await finishableGame();
    const player = await createUser(t.app.ctx);
    const { instanceId } = await startedInstance(t.app, player, game.gameId);
    t.clock.advance(20 * 60_000);
    await sendEvent(t.app, player, instanceId, { type: 'code', code: 'done' });

    const after = (await lobby(player, game.gameId)).json();
    expect(after).toMatchObject({
      instanceId: null,
      finished: { completed: true, durationMs: 20 * 60_000, playAgain: false },
      refusal: { errorCode: 'ALREADY_FINISHED', message: 'You have finished this game, and it cannot be played again' },
    });
    const again = await startPlay(t.app, player, game.gameId);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ errorCode: 'ALREADY_FINISHED' });
  });

  it('lets a player who finished play again only when the game allows it and she chooses to', async () => {
    const game = await finishableGame({ playAgain: true });
    const player = await createUser(t.app.ctx);
    const first = await startedInstance(t.app, player, game.gameId);
    await sendEvent(t.app, player, first.instanceId, { type: 'code', code: 'done' });

    expect((await lobby(player, game.gameId)).json()).toMatchObject({
      finished: { completed: true, playAgain: true },
      refusal: null,
    });
    const unchosen = await startPlay(t.app, player, game.gameId);
    expect(unchosen.statusCode).toBe(409);
    expect(unchosen.json()).toMatchObject({ errorCode: 'PLAY_AGAIN_NOT_CHOSEN' });
    const chosen = await startPlay(t.app, player, game.gameId, { again: true });
    expect(chosen.statusCode).toBe(201);
    expect(chosen.json().instanceId).not.toBe(first.instanceId);
  });

  it('keeps a player’s own active game open when the playing period is moved to start later', async () => {
    const game = await createPlayableGame(t.app, owner);
    const player = await createUser(t.app.ctx);
    const { instanceId } = await startedInstance(t.app, player, game.gameId);
    await setPeriodStart(game.gameId, new Date(t.clock.now.getTime() + 24 * 3_600_000).toISOString());

    expect((await lobby(player, game.gameId)).json()).toMatchObject({ instanceId, refusal: null });
    const back = await startPlay(t.app, player, game.gameId);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ instanceId, rejoined: true });
    // Anyone else still waits for the period.
    const newcomer = await createUser(t.app.ctx);
    expect((await lobby(newcomer, game.gameId)).json().refusal).toMatchObject({ errorCode: 'NOT_STARTED_YET' });
  });
});
