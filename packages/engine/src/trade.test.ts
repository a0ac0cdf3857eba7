import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newPlayerState } from './state.js';
import { act, all, cond, gameBuilder, Session } from './test/builders.js';
import { stepTrade } from './trade-step.js';
import { exchangeAssets, tradeTermsRefusal } from './trade.js';
import type { PlayerState } from './types.js';

const WHEN = '2026-05-01T10:00:00.000Z';
const trading = (options: { multiplayer?: boolean; tradeAssets?: boolean; market?: boolean } = {}) =>
  gameBuilder({
    market: options.market ?? true,
    multiplayer: options.multiplayer ?? true,
    endPolicies: { tradeAssets: options.tradeAssets ?? true },
  })
    .scene('s1')
    .item('coin', { tradable: true })
    .item('gem', { tradable: true, limited: true, maxItems: 2 })
    .item('map')
    .item('secret', { tradable: true, hidden: true })
    .attribute('swim', { tradable: true })
    .build();

const holding = (id: string, items: Record<string, number>, attributes: Record<string, number> = {}): PlayerState => ({
  ...newPlayerState({ id }, WHEN, 0),
  items,
  attributes,
});

describe('#trade: the exchange between two players', () => {
  it('is off unless the game is multiplayer with a market and the tradeAssets policy', () => {
    expect(tradeTermsRefusal(trading(), { coin: 1 }, {})).toBeNull();
    expect(tradeTermsRefusal(trading({ multiplayer: false }), { coin: 1 }, {})).toBe('TRADING_OFF');
    expect(tradeTermsRefusal(trading({ tradeAssets: false }), { coin: 1 }, {})).toBe('TRADING_OFF');
    expect(tradeTermsRefusal(trading({ market: false }), { coin: 1 }, {})).toBe('TRADING_OFF');
  });

  it('refuses what is not tradable (unmarked, hidden, unknown) and counts that are not positive whole numbers', () => {
    const spec = trading();
    expect(tradeTermsRefusal(spec, { map: 1 }, {})).toBe('NOT_TRADABLE');
    expect(tradeTermsRefusal(spec, {}, { secret: 1 })).toBe('NOT_TRADABLE');
    expect(tradeTermsRefusal(spec, { nope: 1 }, {})).toBe('NOT_TRADABLE');
    expect(tradeTermsRefusal(spec, {}, {})).toBe('EMPTY_TRADE');
    expect(tradeTermsRefusal(spec, { coin: 0 }, {})).toBe('EMPTY_TRADE');
    expect(tradeTermsRefusal(spec, { coin: 1.5 }, {})).toBe('EMPTY_TRADE');
  });

  it('moves items and attribute levels both ways, or nothing when a side lacks what it gives', () => {
    const spec = trading();
    const ann = holding('ann', { coin: 5 });
    const ben = holding('ben', { gem: 1 }, { swim: 2 });
    const done = exchangeAssets(spec, ann, ben, { coin: 2 }, { gem: 1, swim: 1 }, WHEN);
    expect(done).toMatchObject({
      ok: true,
      from: { items: { coin: 3, gem: 1 }, attributes: { swim: 1 }, attributedWhen: { swim: WHEN } },
      to: { items: { coin: 2, gem: 0 }, attributes: { swim: 1 } },
    });
    expect(exchangeAssets(spec, ann, ben, { coin: 6 }, {}, WHEN)).toEqual({ ok: false, code: 'NOT_OWNED' });
    expect(exchangeAssets(spec, ann, ben, {}, { gem: 2 }, WHEN)).toEqual({ ok: false, code: 'NOT_OWNED' });
    // The states given are never changed.
    expect(ann.items).toEqual({ coin: 5 });
  });

  it('refuses a limited item beyond its maximum', () => {
    const spec = trading();
    const ann = holding('ann', { gem: 2 });
    const ben = holding('ben', { gem: 1, coin: 1 });
    expect(exchangeAssets(spec, ann, ben, { coin: 0 }, {}, WHEN)).toEqual({ ok: false, code: 'EMPTY_TRADE' });
    expect(exchangeAssets(spec, ben, ann, { gem: 1 }, {}, WHEN)).toEqual({ ok: false, code: 'LIMIT_REACHED' });
  });

  it('never makes, loses or overdraws a unit (property)', () => {
    const spec = trading();
    const asset = fc.constantFrom('coin', 'gem', 'swim');
    const side = fc.dictionary(asset, fc.integer({ min: 1, max: 4 }), { maxKeys: 2 });
    const held = fc.record({ coin: fc.nat(6), gem: fc.nat(2), swim: fc.nat(3) });
    fc.assert(
      fc.property(held, held, side, side, (a, b, give, want) => {
        const from = holding('a', { coin: a.coin, gem: a.gem }, { swim: a.swim });
        const to = holding('b', { coin: b.coin, gem: b.gem }, { swim: b.swim });
        const done = exchangeAssets(spec, from, to, give, want, WHEN);
        if (!done.ok) return;
        for (const id of ['coin', 'gem'])
          expect(done.from.items[id]! + done.to.items[id]!).toBe(from.items[id]! + to.items[id]!);
        expect(Number(done.from.attributes.swim) + Number(done.to.attributes.swim)).toBe(a.swim + b.swim);
        for (const player of [done.from, done.to])
          for (const units of [...Object.values(player.items), ...Object.values(player.attributes)])
            expect(units).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('#trade.step: an accepted trade is an engine step for both players', () => {
  /** A harbour: code "earn" gives 3 coins; whoever comes to own the compass (milestone "navigator") is told so and gets a map. */
  const harbour = () =>
    gameBuilder({ market: true, multiplayer: true, endPolicies: { tradeAssets: true } })
      .scene('s1')
      .item('coin', { tradable: true })
      .item('compass', { tradable: true })
      .item('map')
      .onCode('earn', [act('giveToPlayer', 'coin', { value: 3 })])
      .onCode('find', [act('giveToPlayer', 'compass', { value: 1 })])
      .milestone('navigator', all(cond('player-item', 'owns', 'compass')))
      .rule('compass', 's1', cond('milestone', 'has_reached', 'navigator'), [
        act('showNotification', undefined, { msg: 'You own the compass' }),
        act('giveToPlayer', 'map', { value: 1 }),
      ])
      .build();
  const started = () => {
    const session = new Session(harbour());
    for (const id of ['ann', 'ben']) session.start(id);
    for (const id of ['ann', 'ben']) session.send({ type: 'code', code: 'earn' }, id);
    return session;
  };
  const trade = { tradeId: 't1', fromPlayerId: 'ann', toPlayerId: 'ben', give: { coin: 2 }, want: {} };

  it('fires the receiver’s rules on what they now own, and records the trade for both', () => {
    const session = started();
    session.send({ type: 'code', code: 'find' }, 'ann');
    const ann = session.player('ann');
    expect(ann.items).toMatchObject({ compass: 1, map: 1 });
    const result = stepTrade(
      session.spec,
      session.state,
      { ...trade, give: { compass: 1 }, want: { coin: 1 } },
      session.now,
    );
    const ben = result.state.players.ben!;
    expect(ben.items).toMatchObject({ compass: 1, map: 1 });
    expect(result.state.players.ann!.items).toMatchObject({ compass: 0, coin: 4, map: 1 });
    expect(ben.items.coin).toBe(2);
    expect(result.outputs).toContainEqual(
      expect.objectContaining({ playerId: 'ben', action: 'showNotification', message: 'You own the compass' }),
    );
    expect(result.outputs.filter((output) => output.playerId === 'ann')).toEqual([]);
    expect(result.records).toEqual([
      expect.objectContaining({ name: 'has traded', playerId: 'ann', gave: { compass: 1 }, received: { coin: 1 } }),
      expect.objectContaining({ name: 'has traded', playerId: 'ben', gave: { coin: 1 }, received: { compass: 1 } }),
    ]);
  });

  it('changes nothing when a side no longer holds what it gives or has left the game', () => {
    const session = started();
    const short = stepTrade(session.spec, session.state, { ...trade, give: { coin: 9 } }, session.now);
    expect(short.state).toBe(session.state);
    expect(short.outputs).toEqual([expect.objectContaining({ playerId: 'ann', errorCode: 'NOT_OWNED' })]);
    session.send({ type: 'leave' }, 'ben');
    const gone = stepTrade(session.spec, session.state, trade, session.now);
    expect(gone.state).toBe(session.state);
    expect(gone.records).toEqual([]);
    expect(gone.outputs).toEqual([expect.objectContaining({ playerId: 'ben', errorCode: 'LEFT_GAME' })]);
  });

  it('still takes a paused player’s side', () => {
    const session = started();
    session.send({ type: 'pause' }, 'ben');
    expect(stepTrade(session.spec, session.state, trade, session.now).state.players.ben!.items.coin).toBe(5);
  });
});
