import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEveryInstanceReplays } from '../../test/replay-check.js';
import type { GameValuesInput } from '@loci/domain';
import { games } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createEntity, designValues } from '../../test/design-factories.js';
import {
  codeRule,
  createPlayableGame,
  giveToPlayer as give,
  publishVersionOf,
  sendEvent,
  startedInstance,
} from '../../test/play-factories.js';

type Json = Record<string, unknown>;

/**
 * The harbour game with a market: coins (the currency chosen in the settings), a redeemable map (3 coins) and
 * a redeemable swimming skill (2 coins); code "earn" gives 5 coins, code "win" completes the game.
 */
async function marketGame(t: TestApp, owner: TestUser, settings: Partial<GameValuesInput>) {
  const game = await createPlayableGame(t.app, owner, {
    publish: false,
    settings: { market: true, currencyName: 'Drachma', ...settings },
  });
  const item = (name: string, fields: Json) =>
    createEntity(t.app, owner, game.gameId, 'item', designValues('item', {}, { name, title: name, ...fields }));
  const coin = await item('coin', {});
  const map = await item('map', { redeemable: true, price: 3 });
  const swim = await createEntity(t.app, owner, game.gameId, 'attribute', {
    ...designValues('attribute', {}, { name: 'swim', title: 'Swimming' }),
    redeemable: true,
    price: 2,
  });
  await createEntity(t.app, owner, game.gameId, 'rule', codeRule(game.scene.id, 'earn', [give(coin.id, 5)]));
  await createEntity(
    t.app,
    owner,
    game.gameId,
    'rule',
    codeRule(game.scene.id, 'win', [{ actorId: 'system', actionName: 'completeGame', actionArgs: {}, notify: false }]),
  );
  // The settings form saves the currency with the game's logo and icon; the test sets it directly.
  const [row] = await t.app.ctx.db.select().from(games).where(eq(games.id, game.gameId));
  await t.app.ctx.db
    .update(games)
    .set({ settings: { ...row!.settings, currencyItemId: coin.id } })
    .where(eq(games.id, game.gameId));
  const versionId = await publishVersionOf(t.app, owner, game.gameId);
  return { ...game, versionId, coin, map, swim };
}

describe('player API: the market and the end policies', () => {
  let t: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx, { role: 'designer', name: 'Olga Owner' });
  });
  afterAll(async () => {
    // Every game played here replays, step by step, to the state it left (modules/replay).
    expect(await expectEveryInstanceReplays(t.app.ctx)).toBeGreaterThan(0);
    await t.close();
  });

  /** A player who started `game`, closed the welcome box and earned 5 coins. */
  async function richPlayer(game: Awaited<ReturnType<typeof marketGame>>, name = 'Pat Player') {
    const player = await createUser(t.app.ctx, { name });
    const { instanceId } = await startedInstance(t.app, player, game.gameId);
    await sendEvent(t.app, player, instanceId, { type: 'seen', interactionId: game.welcome.id });
    await sendEvent(t.app, player, instanceId, { type: 'code', code: 'earn' });
    return { player, instanceId };
  }

  it('#market.redeem buys items and skills with the chosen currency, refuses what the player cannot afford', async () => {
    const game = await marketGame(t, owner, {});
    const { player, instanceId } = await richPlayer(game);
    const map = await sendEvent(t.app, player, instanceId, { type: 'redeem', assetId: game.map.id });
    expect(map.statusCode).toBe(200);
    expect(map.json().view).toMatchObject({
      items: { [game.map.id]: 1 },
      currency: { itemId: game.coin.id, name: 'Drachma', amount: 2 },
    });
    const swim = await sendEvent(t.app, player, instanceId, { type: 'redeem', assetId: game.swim.id });
    expect(swim.json().view).toMatchObject({ attributes: { [game.swim.id]: 1 }, currency: { amount: 0 } });
    const broke = await sendEvent(t.app, player, instanceId, { type: 'redeem', assetId: game.map.id });
    expect(broke.statusCode).toBe(200);
    expect(broke.json().outputs).toEqual([
      expect.objectContaining({ action: 'error', errorCode: 'NOT_ENOUGH_CURRENCY' }),
    ]);
    const bad = await sendEvent(t.app, player, instanceId, { type: 'redeem' });
    expect(bad.statusCode).toBe(400);
  });

  it('#market.endPolicies lets a completed instance take exactly the events its end policies allow', async () => {
    const game = await marketGame(t, owner, { endPolicies: { pickOffers: true, redeemAssets: false } });
    const { player, instanceId } = await richPlayer(game);
    const won = await sendEvent(t.app, player, instanceId, { type: 'code', code: 'win' });
    expect(won.json().view).toMatchObject({ worldStatus: 'completed' });

    // pickOffers (and the redeemOffers it implies): allowed after the end.
    const picked = await sendEvent(t.app, player, instanceId, {
      type: 'offer',
      objectId: game.worldOfferId,
      action: 'pick',
    });
    expect(picked.statusCode).toBe(200);
    expect(picked.json().outputs.filter((output: Json) => output.action === 'error')).toEqual([]);
    expect(picked.json().view.offers[game.offer.id]).toMatchObject({ picked: 1 });
    const redeemed = await sendEvent(t.app, player, instanceId, {
      type: 'offer',
      objectId: game.offer.id,
      action: 'redeem',
    });
    expect(redeemed.json().view.offers[game.offer.id]).toMatchObject({ redeemed: 1 });

    // redeemAssets is off: buying is refused with a clear error, and nothing is spent.
    const bought = await sendEvent(t.app, player, instanceId, { type: 'redeem', assetId: game.map.id });
    expect(bought.statusCode).toBe(200);
    expect(bought.json().outputs).toEqual([
      expect.objectContaining({
        errorCode: 'NOT_AFTER_END',
        message: 'The game is over: its end policies do not allow this',
      }),
    ]);
    expect(bought.json().view.currency.amount).toBe(5);

    // Anything else: the instance is over.
    const code = await sendEvent(t.app, player, instanceId, { type: 'code', code: 'earn' });
    expect(code.statusCode).toBe(409);
    expect(code.json()).toMatchObject({ errorCode: 'INSTANCE_NOT_ACTIVE', status: 'completed' });
  });

  it('#market.endPolicies lets a completed player buy with redeemAssets, and refuses offers without pickOffers', async () => {
    const game = await marketGame(t, owner, { endPolicies: { redeemAssets: true } });
    const { player, instanceId } = await richPlayer(game);
    await sendEvent(t.app, player, instanceId, { type: 'code', code: 'win' });
    const bought = await sendEvent(t.app, player, instanceId, { type: 'redeem', assetId: game.map.id });
    expect(bought.json().view.items).toEqual({ [game.map.id]: 1 });
    const picked = await sendEvent(t.app, player, instanceId, {
      type: 'offer',
      objectId: game.worldOfferId,
      action: 'pick',
    });
    expect(picked.json().outputs).toEqual([expect.objectContaining({ errorCode: 'NOT_AFTER_END' })]);
  });

  describe('#rankings', () => {
    const rankings = (user: TestUser, instanceId: string) =>
      t.app.inject({ method: 'GET', url: `/api/play/instances/${instanceId}/rankings`, headers: user.headers });

    it('ranks the players of a version by currency; players see it once their game is over, operators always', async () => {
      const game = await marketGame(t, owner, { rankings: { available: true, showBeforeComplete: false } });
      const winner = await richPlayer(game, 'Wendy Winner');
      await sendEvent(t.app, winner.player, winner.instanceId, { type: 'code', code: 'win' });
      const other = await createUser(t.app.ctx, { name: 'Otis Other' });
      const second = await startedInstance(t.app, other, game.gameId);

      const early = await rankings(other, second.instanceId);
      expect(early.statusCode).toBe(403);
      expect(early.json()).toMatchObject({ errorCode: 'RANKINGS_AFTER_END' });

      const board = await rankings(winner.player, winner.instanceId);
      expect(board.statusCode).toBe(200);
      expect(board.json()).toMatchObject({ versionId: game.versionId, currencyName: 'Drachma', total: 2 });
      expect(board.json().entries).toEqual([
        { rank: 1, name: 'Wendy Winner', currency: 5, milestones: 0, completedInMs: 0, you: true },
        { rank: 2, name: 'Otis Other', currency: 0, milestones: 0, completedInMs: null, you: false },
      ]);

      const operator = await t.app.inject({
        method: 'GET',
        url: `/api/manage/game-versions/${game.versionId}/rankings`,
        headers: owner.headers,
      });
      expect(operator.statusCode).toBe(200);
      expect(operator.json().entries.map((entry: Json) => [entry.name, entry.you])).toEqual([
        ['Wendy Winner', false],
        ['Otis Other', false],
      ]);
      const stranger = await t.app.inject({
        method: 'GET',
        url: `/api/manage/game-versions/${game.versionId}/rankings`,
        headers: other.headers,
      });
      expect(stranger.statusCode).toBe(403);
    });

    it('shows the board during play with showBeforeComplete, and answers 404 NO_RANKINGS without a board', async () => {
      const shown = await marketGame(t, owner, { rankings: { available: true, showBeforeComplete: true } });
      const playing = await richPlayer(shown);
      const board = await rankings(playing.player, playing.instanceId);
      expect(board.statusCode).toBe(200);
      expect(board.json().entries).toEqual([expect.objectContaining({ rank: 1, currency: 5, you: true })]);

      const none = await marketGame(t, owner, {});
      const player = await richPlayer(none);
      const refused = await rankings(player.player, player.instanceId);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ errorCode: 'NO_RANKINGS', message: 'This game has no leaderboard' });
    });
  });
});
