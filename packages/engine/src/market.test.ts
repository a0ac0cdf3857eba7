import { describe, expect, it } from 'vitest';
import { act, gameBuilder, Session } from './test/builders.js';
import { viewOf } from './view.js';

/** A market game: coins (the currency chosen in the settings), a priced map and a priced skill, a free hat. */
const market = (options: { market?: boolean; endPolicies?: { redeemAssets?: boolean } } = {}) =>
  gameBuilder({ market: options.market ?? true, currencyItemId: 'coin', endPolicies: options.endPolicies })
    .scene('s1')
    .item('coin')
    .item('gold', { isCurrency: true })
    .item('map', { redeemable: true, price: 3, limited: true, maxItems: 1 })
    .item('hat', { redeemable: true, price: 0 })
    .item('secret', { redeemable: true, price: 1, hidden: true })
    .item('rock', { price: 1 })
    .attribute('swim', { redeemable: true, price: 2 })
    .onCode('earn', [act('giveToPlayer', 'coin', { value: 5 })])
    .onCode('win', [act('completeGame')])
    .build();

describe('#market: buying items and attributes with the currency', () => {
  it("takes the currency from the game's setting, not the first item marked as currency", () => {
    const session = new Session(market());
    session.start();
    session.code('earn');
    expect(viewOf(session.spec, session.state, 'p1').currency).toEqual({ itemId: 'coin', name: 'Coins', amount: 5 });
  });

  it('buys a redeemable item at its price, once a limited item is at its maximum refuses', () => {
    const session = new Session(market());
    session.start();
    session.send({ type: 'redeem', assetId: 'map' });
    expect(session.error()).toBe('NOT_ENOUGH_CURRENCY');
    expect(session.player().items.map).toBeUndefined();
    session.code('earn');
    session.send({ type: 'redeem', assetId: 'map' });
    expect(session.error()).toBeUndefined();
    expect(session.player().items).toMatchObject({ coin: 2, map: 1 });
    expect(session.last.outputs).toMatchObject([{ action: 'showNotification', message: '+1 map' }]);
    session.send({ type: 'redeem', assetId: 'map' });
    expect(session.error()).toBe('LIMIT_REACHED');
    expect(session.player().items.coin).toBe(2);
  });

  it('buys a level of a redeemable attribute, which counts as attributed', () => {
    const session = new Session(market());
    session.start();
    session.code('earn');
    session.send({ type: 'redeem', assetId: 'swim' });
    session.send({ type: 'redeem', assetId: 'swim' });
    expect(session.player().attributes.swim).toBe(2);
    expect(session.player().attributedWhen.swim).toBeDefined();
    expect(session.player().items.coin).toBe(1);
    session.send({ type: 'redeem', assetId: 'swim' });
    expect(session.error()).toBe('NOT_ENOUGH_CURRENCY');
  });

  it('refuses what is not for sale: not redeemable, hidden, the currency, unknown, or without a market', () => {
    const session = new Session(market());
    session.start();
    session.code('earn');
    for (const assetId of ['rock', 'secret', 'coin', 'nothing']) {
      session.send({ type: 'redeem', assetId });
      expect(session.error()).toBe('NOT_FOR_SALE');
    }
    expect(session.player().items).toEqual({ coin: 5 });
    session.send({ type: 'redeem', assetId: 'hat' });
    expect(session.player().items).toEqual({ coin: 5, hat: 1 });

    const closed = new Session(market({ market: false }));
    closed.start();
    closed.send({ type: 'redeem', assetId: 'hat' });
    expect(closed.error()).toBe('NOT_FOR_SALE');
  });

  it('buys after the end only with the redeemAssets end policy', () => {
    const closed = new Session(market());
    closed.start();
    closed.code('earn');
    closed.code('win');
    closed.send({ type: 'redeem', assetId: 'swim' });
    expect(closed.error()).toBe('NOT_AFTER_END');
    expect(closed.player().attributes.swim).toBeUndefined();

    const open = new Session(market({ endPolicies: { redeemAssets: true } }));
    open.start();
    open.code('earn');
    open.code('win');
    expect(open.state.world.status).toBe('completed');
    open.send({ type: 'redeem', assetId: 'swim' });
    expect(open.error()).toBeUndefined();
    expect(open.player().attributes.swim).toBe(1);
    open.send({ type: 'code', code: 'earn' });
    expect(open.error()).toBe('GAME_OVER');
  });
});
