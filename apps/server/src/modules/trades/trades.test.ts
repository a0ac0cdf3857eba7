import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEveryInstanceReplays } from '../../test/replay-check.js';
import {
  MAX_OPEN_TRADES_PER_PLAYER,
  PLAY_MESSAGES,
  SOCKET_EVENTS,
  TRADE_MESSAGES,
  type GameValuesInput,
  type OutputsPush,
  type TradePush,
} from '@loci/domain';
import { gameplayRecords, games, playerStates } from '../../db/schema.js';
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
import { connectSocket, nextEvent } from '../../test/sockets.js';

type Json = Record<string, unknown>;

/**
 * A harbour game with a market: tradable coins (the currency) and gems, a map that is not tradable, a
 * tradable swimming skill. Code "earn" gives 5 coins and 1 gem, code "swim" one level of swimming.
 */
async function tradingGame(
  t: TestApp,
  owner: TestUser,
  settings: Partial<GameValuesInput> = {},
  more?: (game: Awaited<ReturnType<typeof createPlayableGame>>) => Promise<unknown>,
) {
  const game = await createPlayableGame(t.app, owner, {
    publish: false,
    settings: {
      market: true,
      multiplayer: true,
      currencyName: 'Drachma',
      endPolicies: { tradeAssets: true },
      ...settings,
    } as Partial<GameValuesInput>,
  });
  const item = (name: string, fields: Json) =>
    createEntity(t.app, owner, game.gameId, 'item', designValues('item', {}, { name, title: name, ...fields }));
  const coin = await item('coin', { tradable: true });
  const gem = await item('gem', { tradable: true });
  const map = await item('map', {});
  const swim = await createEntity(t.app, owner, game.gameId, 'attribute', {
    ...designValues('attribute', {}, { name: 'swim', title: 'Swimming' }),
    tradable: true,
  });
  await createEntity(
    t.app,
    owner,
    game.gameId,
    'rule',
    codeRule(game.scene.id, 'earn', [give(coin.id, 5), give(gem.id, 1), give(map.id, 1)]),
  );
  const extra = await more?.(game);
  const [row] = await t.app.ctx.db.select().from(games).where(eq(games.id, game.gameId));
  await t.app.ctx.db
    .update(games)
    .set({ settings: { ...row!.settings, currencyItemId: coin.id } })
    .where(eq(games.id, game.gameId));
  await publishVersionOf(t.app, owner, game.gameId);
  return { ...game, coin, gem, map, swim, extra };
}
type TradingGame = Awaited<ReturnType<typeof tradingGame>>;

describe('player API: trading between players', () => {
  let t: TestApp;
  let owner: TestUser;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    owner = await createUser(t.app.ctx, { role: 'designer', name: 'Olga Owner' });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t.close();
  });

  /** A player who joined `game` (one shared instance), closed the welcome box and earned 5 coins, a gem and a map. */
  async function richPlayer(game: TradingGame, name: string) {
    const user = await createUser(t.app.ctx, { name });
    const { instanceId } = await startedInstance(t.app, user, game.gameId);
    await sendEvent(t.app, user, instanceId, { type: 'seen', interactionId: game.welcome.id });
    await sendEvent(t.app, user, instanceId, { type: 'code', code: 'earn' });
    const list = await trades(user, instanceId);
    return { user, instanceId, playerId: list.json().playerId as string };
  }
  type Rich = Awaited<ReturnType<typeof richPlayer>>;

  const trades = (user: TestUser, instanceId: string) =>
    t.app.inject({ method: 'GET', url: `/api/play/instances/${instanceId}/trades`, headers: user.headers });
  const propose = (from: Rich, to: Rich | string, giveAssets: Json, want: Json = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/play/instances/${from.instanceId}/trades`,
      headers: from.user.headers,
      payload: { toPlayerId: typeof to === 'string' ? to : to.playerId, give: giveAssets, want },
    });
  const act = (who: Rich, tradeId: string, as: 'accept' | 'decline' | 'cancel') =>
    t.app.inject({
      method: 'POST',
      url: `/api/play/instances/${who.instanceId}/trades/${tradeId}/${as}`,
      headers: who.user.headers,
    });
  /** The stored items and attributes of a player. */
  async function holdings(who: Rich) {
    const [row] = await t.app.ctx.db
      .select({ state: playerStates.state })
      .from(playerStates)
      .where(and(eq(playerStates.instanceId, who.instanceId), eq(playerStates.playerId, who.playerId)));
    return { items: row!.state.items, attributes: row!.state.attributes };
  }

  it('#trade exchanges both sides at once, and both players see it live', async () => {
    const game = await tradingGame(t, owner);
    const ann = await richPlayer(game, 'Ann');
    const ben = await richPlayer(game, 'Ben');
    expect(ben.instanceId).toBe(ann.instanceId);
    const annSocket = await connectSocket(t, ann.user.token);
    const benSocket = await connectSocket(t, ben.user.token);
    sockets.push(annSocket, benSocket);

    const benTold = nextEvent<TradePush>(benSocket, SOCKET_EVENTS.trade);
    const annToldOpen = nextEvent<TradePush>(annSocket, SOCKET_EVENTS.trade);
    const proposed = await propose(ann, ben, { [game.coin.id]: 2 }, { [game.gem.id]: 1 });
    expect(proposed.statusCode).toBe(201);
    const trade = proposed.json();
    expect(trade).toMatchObject({ status: 'open', fromName: 'Ann', toName: 'Ben' });
    expect((await benTold).trade).toMatchObject({ id: trade.id, status: 'open' });
    expect((await annToldOpen).trade).toMatchObject({ id: trade.id, status: 'open' });

    const benList = (await trades(ben.user, ben.instanceId)).json();
    expect(benList).toMatchObject({ available: true, trades: [{ id: trade.id, fromPlayerId: ann.playerId }] });
    expect(benList.players).toEqual([{ playerId: ann.playerId, name: 'Ann' }]);
    expect(benList.assets.map((asset: Json) => asset.id).sort()).toEqual(
      [game.coin.id, game.gem.id, game.swim.id].sort(),
    );

    const annTold = nextEvent<TradePush>(annSocket, SOCKET_EVENTS.trade);
    const accepted = await act(ben, trade.id, 'accept');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().status).toBe('accepted');
    expect((await annTold).trade).toMatchObject({ id: trade.id, status: 'accepted' });
    expect((await holdings(ann)).items).toMatchObject({ [game.coin.id]: 3, [game.gem.id]: 2 });
    expect((await holdings(ben)).items).toMatchObject({ [game.coin.id]: 7, [game.gem.id]: 0 });
    // The players' views show it (their next read).
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/play/instances/${ann.instanceId}`,
      headers: ann.user.headers,
    });
    expect(view.json().view).toMatchObject({ items: { [game.gem.id]: 2 }, currency: { amount: 3 } });
    // Closed: a second accept, a decline and a cancel are refused, and it left the open list.
    expect((await act(ben, trade.id, 'accept')).json()).toMatchObject({ errorCode: 'TRADE_CLOSED' });
    expect((await act(ann, trade.id, 'cancel')).statusCode).toBe(409);
    expect((await trades(ann.user, ann.instanceId)).json().trades).toEqual([]);
    // The exchange is in the instance's input log: the game replays to the states it left.
    expect(await expectEveryInstanceReplays(t.app.ctx, [ann.instanceId])).toBe(1);
  });

  it('#trade moves skill levels, declines and cancels without changing anything', async () => {
    const game = await tradingGame(t, owner);
    const ann = await richPlayer(game, 'Ann');
    const ben = await richPlayer(game, 'Ben');
    const before = [await holdings(ann), await holdings(ben)];
    const first = (await propose(ann, ben, { [game.gem.id]: 1 })).json();
    const wrongSides = [
      [ann, 'decline'],
      [ann, 'accept'],
      [ben, 'cancel'],
    ] as const;
    for (const [who, what] of wrongSides) {
      const res = await act(who, first.id, what);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ errorCode: 'NOT_YOUR_SIDE' });
    }
    expect((await act(ben, first.id, 'decline')).json()).toMatchObject({ status: 'declined' });
    const second = (await propose(ann, ben, { [game.gem.id]: 1 })).json();
    expect((await act(ann, second.id, 'cancel')).json()).toMatchObject({ status: 'cancelled' });
    expect((await act(ben, second.id, 'accept')).json()).toMatchObject({ errorCode: 'TRADE_CLOSED' });
    expect([await holdings(ann), await holdings(ben)]).toEqual(before);

    // Ben asks for a level of swimming Ann does not have: proposable, but the accept is refused until she has it.
    const skill = (await propose(ben, ann, { [game.coin.id]: 1 }, { [game.swim.id]: 1 })).json();
    expect((await act(ann, skill.id, 'accept')).json()).toMatchObject({ errorCode: 'NOT_OWNED' });
    await t.app.ctx.db
      .update(playerStates)
      .set({ state: { ...(await fullState(ann)), attributes: { [game.swim.id]: 2 } } })
      .where(and(eq(playerStates.instanceId, ann.instanceId), eq(playerStates.playerId, ann.playerId)));
    expect((await act(ann, skill.id, 'accept')).statusCode).toBe(200);
    expect((await holdings(ann)).attributes).toEqual({ [game.swim.id]: 1 });
    expect((await holdings(ben)).attributes).toEqual({ [game.swim.id]: 1 });
  });

  async function fullState(who: Rich) {
    const [row] = await t.app.ctx.db
      .select({ state: playerStates.state })
      .from(playerStates)
      .where(and(eq(playerStates.instanceId, who.instanceId), eq(playerStates.playerId, who.playerId)));
    return row!.state;
  }

  it('#trade refuses what is not tradable, not owned, of another instance, empty or unknown', async () => {
    const game = await tradingGame(t, owner);
    const ann = await richPlayer(game, 'Ann');
    const ben = await richPlayer(game, 'Ben');
    expect((await propose(ann, ben, { [game.map.id]: 1 })).json()).toMatchObject({ errorCode: 'NOT_TRADABLE' });
    expect((await propose(ann, ben, {}, { [game.map.id]: 1 })).statusCode).toBe(409);
    expect((await propose(ann, ben, { nope: 1 })).json()).toMatchObject({ errorCode: 'NOT_TRADABLE' });
    expect((await propose(ann, ben, { [game.coin.id]: 6 })).json()).toMatchObject({ errorCode: 'NOT_OWNED' });
    expect((await propose(ann, ben, {})).statusCode).toBe(400);
    expect((await propose(ann, ben, { [game.coin.id]: 0 })).statusCode).toBe(400);
    expect((await propose(ann, ben, { [game.coin.id]: 1.5 })).statusCode).toBe(400);
    expect((await propose(ann, ann, { [game.coin.id]: 1 })).json()).toMatchObject({ errorCode: 'UNKNOWN_PLAYER' });

    // A player of another instance (another game) is unknown here, and its trades are not found here.
    const other = await tradingGame(t, owner);
    const cy = await richPlayer(other, 'Cy');
    const dee = await richPlayer(other, 'Dee');
    expect((await propose(ann, cy, { [game.coin.id]: 1 })).statusCode).toBe(404);
    const theirs = (await propose(cy, dee, { [other.coin.id]: 1 })).json();
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/play/instances/${ann.instanceId}/trades/${theirs.id}/accept`,
      headers: ben.user.headers,
    });
    expect(foreign.json()).toMatchObject({ errorCode: 'TRADE_NOT_FOUND' });
    // …and someone who plays neither instance is no player of it.
    const stranger = { ...ann, user: await createUser(t.app.ctx, { name: 'Stranger' }) };
    expect((await trades(stranger.user, cy.instanceId)).statusCode).toBe(403);
    expect((await act({ ...stranger, instanceId: cy.instanceId }, theirs.id, 'accept')).statusCode).toBe(403);
  });

  it('#trade is off in a single-player game and without the tradeAssets policy', async () => {
    for (const settings of [{ multiplayer: false }, { endPolicies: { tradeAssets: false } }] as const) {
      const game = await tradingGame(t, owner, settings as Partial<GameValuesInput>);
      const ann = await richPlayer(game, 'Ann');
      const ben = await richPlayer(game, 'Ben');
      expect((await trades(ann.user, ann.instanceId)).json()).toMatchObject({ available: false, trades: [] });
      // Alone in a single-player game, or with others without the policy: no trade is proposed.
      if (settings.multiplayer === false) expect(ben.instanceId).not.toBe(ann.instanceId);
      expect((await propose(ann, ben, { [game.coin.id]: 1 })).json()).toMatchObject({ errorCode: 'TRADING_OFF' });
    }
  });

  it('#trade.race gives two accepts of one proposal one winner, and spends one unit once', async () => {
    const game = await tradingGame(t, owner);
    const ann = await richPlayer(game, 'Ann');
    const ben = await richPlayer(game, 'Ben');
    const cat = await richPlayer(game, 'Cat');
    const trade = (await propose(ann, ben, { [game.coin.id]: 5 })).json();
    const twice = await Promise.all([act(ben, trade.id, 'accept'), act(ben, trade.id, 'accept')]);
    expect(twice.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect((await holdings(ann)).items[game.coin.id]).toBe(0);
    expect((await holdings(ben)).items[game.coin.id]).toBe(10);

    // Ann's one gem offered to Ben and to Cat; both accept at once: one gets it, the other is refused.
    const toBen = (await propose(ann, ben, { [game.gem.id]: 1 })).json();
    const toCat = (await propose(ann, cat, { [game.gem.id]: 1 })).json();
    const both = await Promise.all([act(ben, toBen.id, 'accept'), act(cat, toCat.id, 'accept')]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(both.map((res) => res.json().errorCode).filter(Boolean)).toEqual(['NOT_OWNED']);
    const gems = [ann, ben, cat].map(async (who) => (await holdings(who)).items[game.gem.id]);
    expect((await Promise.all(gems)).sort()).toEqual([0, 1, 2]);
  });

  it('#trade.property never makes or loses a unit under random concurrent proposals and accepts', async () => {
    const game = await tradingGame(t, owner);
    const players = [await richPlayer(game, 'Ann'), await richPlayer(game, 'Ben'), await richPlayer(game, 'Cat')];
    const assets = [game.coin.id, game.gem.id];
    const totals = async () => {
      const all = await Promise.all(players.map(holdings));
      for (const held of all) for (const id of assets) expect(held.items[id]).toBeGreaterThanOrEqual(0);
      return assets.map((id) => all.reduce((sum, held) => sum + (held.items[id] ?? 0), 0));
    };
    const start = await totals();
    expect(start).toEqual([15, 3]);
    const tradeArb = fc.record({
      from: fc.integer({ min: 0, max: 2 }),
      to: fc.integer({ min: 1, max: 2 }),
      give: fc.tuple(fc.constantFrom(...assets), fc.integer({ min: 1, max: 4 })),
      want: fc.option(fc.tuple(fc.constantFrom(...assets), fc.integer({ min: 1, max: 3 })), { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(tradeArb, { minLength: 1, maxLength: 6 }), async (batch) => {
        const proposed = await Promise.all(
          batch.map(({ from, to, give: [giveId, n], want }) =>
            propose(players[from]!, players[(from + to) % 3]!, { [giveId]: n }, want ? { [want[0]]: want[1] } : {}),
          ),
        );
        const open = proposed
          .map((res, index) => ({
            res,
            from: players[batch[index]!.from]!,
            to: players[(batch[index]!.from + batch[index]!.to) % 3]!,
          }))
          .filter(({ res }) => res.statusCode === 201);
        // Every proposal accepted at once (some twice), while their proposers spend units in other trades.
        const answers = await Promise.all(
          open.flatMap(({ res, to }) => [act(to, res.json().id, 'accept'), act(to, res.json().id, 'accept')]),
        );
        for (const res of answers) expect([200, 409]).toContain(res.statusCode);
        expect(await totals()).toEqual(start);
        // What is left open is cancelled: the next run starts under the cap of open proposals.
        await Promise.all(open.map(({ res, from }) => act(from, res.json().id, 'cancel')));
      }),
      { numRuns: 15 },
    );
  }, 120_000);

  it('#trade.rules fire for both players: the receiver of a pearl reaches a milestone and is told live, and both are recorded', async () => {
    const game = await tradingGame(t, owner, {}, async (base) => {
      const pearl = await createEntity(
        t.app,
        owner,
        base.gameId,
        'item',
        designValues('item', {}, { name: 'pearl', title: 'Pearl', tradable: true }),
      );
      await createEntity(t.app, owner, base.gameId, 'rule', codeRule(base.scene.id, 'dive', [give(pearl.id, 1)]));
      // Whoever comes to own a pearl reaches the milestone and is told so: in a trade, the receiver.
      const owning = await createEntity(t.app, owner, base.gameId, 'milestone', {
        ...designValues('milestone'),
        name: 'Pearl owner',
        condition: [
          {
            conditions: [{ conditionType: 'player-item', verb: 'owns', elementId: pearl.id }],
            andOrConditions: 'and',
            andOrNextBlock: 'or',
          },
        ],
      });
      await createEntity(t.app, owner, base.gameId, 'rule', {
        ...codeRule(base.scene.id, 'unused', []),
        name: 'pearl owner',
        trigger: { conditionType: 'milestone', verb: 'has_reached', elementId: owning.id },
        sideeffects: [
          { actorId: 'system', actionName: 'showNotification', actionArgs: { msg: 'A pearl is yours' }, notify: false },
        ],
      });
      return pearl;
    });
    const pearl = game.extra as { id: string };
    const ann = await richPlayer(game, 'Ann');
    const ben = await richPlayer(game, 'Ben');
    await sendEvent(t.app, ann.user, ann.instanceId, { type: 'code', code: 'dive' });
    const benSocket = await connectSocket(t, ben.user.token);
    sockets.push(benSocket);

    const trade = (await propose(ann, ben, { [pearl.id]: 1 }, { [game.coin.id]: 2 })).json();
    const benOutputs = nextEvent<OutputsPush>(benSocket, SOCKET_EVENTS.outputs);
    expect((await act(ben, trade.id, 'accept')).statusCode).toBe(200);
    const told = await benOutputs;
    expect(told.outputs).toContainEqual(
      expect.objectContaining({ action: 'showNotification', message: 'A pearl is yours' }),
    );
    expect(told.view).toMatchObject({ items: { [pearl.id]: 1 } });
    expect((await holdings(ben)).items).toMatchObject({ [pearl.id]: 1, [game.coin.id]: 3 });
    expect((await holdings(ann)).items).toMatchObject({ [pearl.id]: 0, [game.coin.id]: 7 });

    const records = await t.app.ctx.db
      .select({ playerId: gameplayRecords.playerId, record: gameplayRecords.record })
      .from(gameplayRecords)
      .where(and(eq(gameplayRecords.instanceId, ann.instanceId), eq(gameplayRecords.name, 'has traded')));
    expect(records.map(({ playerId, record }) => ({ playerId, received: record.received }))).toEqual(
      expect.arrayContaining([
        { playerId: ann.playerId, received: { [game.coin.id]: 2 } },
        { playerId: ben.playerId, received: { [pearl.id]: 1 } },
      ]),
    );
    expect(records).toHaveLength(2);
  });

  it('#trade refuses an accept when a player of the trade has left the game, and changes nothing', async () => {
    const game = await tradingGame(t, owner);
    const ann = await richPlayer(game, 'Ann');
    const ben = await richPlayer(game, 'Ben');
    const trade = (await propose(ann, ben, { [game.coin.id]: 1 })).json();
    await sendEvent(t.app, ann.user, ann.instanceId, { type: 'leave' });
    const before = [await holdings(ann), await holdings(ben)];
    expect((await act(ben, trade.id, 'accept')).json()).toMatchObject({
      errorCode: 'PLAYER_NOT_TRADING',
      message: TRADE_MESSAGES.PLAYER_NOT_TRADING,
    });
    expect([await holdings(ann), await holdings(ben)]).toEqual(before);
  });

  it(`#trade.cap keeps at most ${MAX_OPEN_TRADES_PER_PLAYER} open proposals per player, also when sent at once`, async () => {
    const game = await tradingGame(t, owner);
    const ann = await richPlayer(game, 'Ann');
    const ben = await richPlayer(game, 'Ben');
    const answers = await Promise.all(
      Array.from({ length: MAX_OPEN_TRADES_PER_PLAYER + 3 }, () => propose(ann, ben, { [game.coin.id]: 1 })),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(MAX_OPEN_TRADES_PER_PLAYER);
    const refused = answers.find((res) => res.statusCode === 409)!.json();
    expect(refused).toEqual({
      message: TRADE_MESSAGES.TOO_MANY_OPEN_TRADES,
      errorCode: 'TOO_MANY_OPEN_TRADES',
    });
    // Ben's own proposals are his, and one answered proposal of Ann's makes room for one more.
    expect((await propose(ben, ann, { [game.coin.id]: 1 })).statusCode).toBe(201);
    await act(ben, answers.find((res) => res.statusCode === 201)!.json().id, 'decline');
    expect((await propose(ann, ben, { [game.coin.id]: 1 })).statusCode).toBe(201);
    expect((await propose(ann, ben, { [game.coin.id]: 1 })).statusCode).toBe(409);
  });
});

describe('player API: trade proposals faster than the server takes them', () => {
  const PER_MINUTE = 6;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { LOCI_TRADE_PROPOSAL_RATE: String(PER_MINUTE) } });
  });
  afterAll(async () => t.close());

  it('answers 429 TOO_MANY_EVENTS beyond a burst of half the rate a minute, and takes proposals again later', async () => {
    const owner = await createUser(t.app.ctx, { role: 'designer' });
    const game = await tradingGame(t, owner);
    const [ann, ben] = [await createUser(t.app.ctx), await createUser(t.app.ctx)];
    const { instanceId } = await startedInstance(t.app, ann, game.gameId);
    await startedInstance(t.app, ben, game.gameId);
    await sendEvent(t.app, ann, instanceId, { type: 'seen', interactionId: game.welcome.id });
    await sendEvent(t.app, ann, instanceId, { type: 'code', code: 'earn' });
    const list = (user: TestUser) =>
      t.app.inject({ method: 'GET', url: `/api/play/instances/${instanceId}/trades`, headers: user.headers });
    const benId = (await list(ann)).json().players[0].playerId as string;
    const propose = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/play/instances/${instanceId}/trades`,
        headers: ann.headers,
        payload: { toPlayerId: benId, give: { [game.coin.id]: 1 } },
      });
    const answers = await Promise.all(Array.from({ length: 5 }, propose));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 201, 201, 429, 429]);
    const refused = answers.find((res) => res.statusCode === 429)!;
    expect(refused.json()).toEqual({ message: PLAY_MESSAGES.tooManyEvents, errorCode: 'TOO_MANY_EVENTS' });
    expect(refused.headers['retry-after']).toBe('10');
    // Listing is not held back; ten seconds later one more proposal is taken.
    expect((await list(ann)).json().trades).toHaveLength(3);
    t.clock.advance(10_000);
    expect((await propose()).statusCode).toBe(201);
    expect((await propose()).statusCode).toBe(429);
  });
});
