import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newPlayerState } from './state.js';
import { gameBuilder } from './test/builders.js';
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
