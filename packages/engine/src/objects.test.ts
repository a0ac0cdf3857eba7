import { describe, expect, it } from 'vitest';
import { act, all, at, cond, gameBuilder, Session } from './test/builders.js';
import { viewOf } from './view.js';

const notify = (msg: string) => act('showNotification', undefined, { msg });
const perceivedIds = (session: Session, playerId = 'p1') =>
  viewOf(session.spec, session.state, playerId).perceived.objects.map((object) => object.id);

describe('#objects: perception and range', () => {
  it('perceives objects of the current and universe scenes only', () => {
    const spec = gameBuilder()
      .scene('s1')
      .scene('s2')
      .scene('u', { universe: true })
      .archetype('rock')
      .object('here', 'rock', 's1', at(0, 0))
      .object('there', 'rock', 's2', at(0, 0))
      .object('everywhere', 'rock', 'u', at(0, 0))
      .build();
    const session = new Session(spec);
    session.start();
    expect(perceivedIds(session)).toEqual(['here', 'everywhere']);
    session.send({ type: 'contact', objectId: 'there' });
    expect(session.error()).toBe('NOT_PERCEIVED');
  });

  it('lists an invisible trackable object only within its radius, and obeys its perception condition', () => {
    const spec = gameBuilder()
      .scene('s1')
      .item('lens')
      .archetype('ghost', { visible: false, radius: 20 })
      .archetype('secret', { conditionPerception: all(cond('player-item', 'owns', 'lens')) })
      .object('g', 'ghost', 's1', at(0, 0))
      .object('s', 'secret', 's1', at(0, 0))
      .onCode('lens', [act('giveToPlayer', 'lens', { value: 1 })])
      .build();
    const session = new Session(spec);
    session.start();
    session.goTo(at(100, 0));
    expect(perceivedIds(session)).toEqual([]);
    session.goTo(at(10, 0));
    expect(perceivedIds(session)).toEqual(['g']);
    session.code('lens');
    expect(perceivedIds(session)).toEqual(['g', 's']);
    const view = viewOf(spec, session.state, 'p1');
    expect(view.perceived.objects[0]).toMatchObject({ inRange: true });
    expect(view.perceived.objects[0]?.distance).toBeCloseTo(10, 0);
  });

  it('refuses contact out of range when the archetype contacts in range only', () => {
    const spec = gameBuilder()
      .scene('s1')
      .archetype('bell', { inRangeOnlyContact: true, radius: 10, sideeffectsContact: [notify('ring')] })
      .object('b', 'bell', 's1', at(0, 0))
      .build();
    const session = new Session(spec);
    session.start();
    session.send({ type: 'contact', objectId: 'b' });
    expect(session.error()).toBe('OUT_OF_RANGE'); // no position yet
    session.goTo(at(50, 0));
    const before = session.state;
    session.send({ type: 'contact', objectId: 'b' });
    expect(session.error()).toBe('OUT_OF_RANGE');
    expect(session.state).toBe(before);
    session.goTo(at(5, 0));
    session.send({ type: 'contact', objectId: 'b' });
    expect(session.actions()).toEqual(['showNotification']);
  });

  it('has no range on image games', () => {
    const spec = gameBuilder({ type: 'image' })
      .scene('s1')
      .archetype('bell', { inRangeOnlyContact: true, radius: 10, sideeffectsContact: [notify('ring')] })
      .object('b', 'bell', 's1', at(0, 0))
      .build();
    const session = new Session(spec);
    session.start();
    session.send({ type: 'contact', objectId: 'b' });
    expect(session.actions()).toEqual(['showNotification']);
  });

  it('runs contact effects when the condition holds, else-effects when not, and refuses without else-effects', () => {
    const spec = gameBuilder()
      .scene('s1')
      .item('key')
      .archetype('chest', {
        conditionContact: all(cond('player-item', 'owns', 'key')),
        sideeffectsContact: [notify('open')],
        sideeffectsElseContact: [notify('locked')],
        conditionAct: all(cond('player-item', 'owns', 'key')),
        sideeffectsAct: [notify('looted')],
      })
      .object('c', 'chest', 's1', at(0, 0))
      .onCode('key', [act('giveToPlayer', 'key', { value: 1 })])
      .build();
    const session = new Session(spec);
    session.start();
    session.send({ type: 'contact', objectId: 'c' });
    expect(session.outputs('showNotification')[0]?.message).toBe('locked');
    session.send({ type: 'act', objectId: 'c' });
    expect(session.error()).toBe('CONDITION_NOT_MET');
    session.code('key');
    session.send({ type: 'contact', objectId: 'c' });
    expect(session.outputs('showNotification')[0]?.message).toBe('open');
    session.send({ type: 'act', objectId: 'c' });
    expect(session.outputs('showNotification')[0]?.message).toBe('looted');
  });

  it('refuses unknown objects', () => {
    const session = new Session(gameBuilder().scene('s1').build());
    session.start();
    for (const type of ['contact', 'act', 'pick', 'destroy'] as const) {
      session.send({ type, objectId: 'nothing' });
      expect(session.error()).toBe('UNKNOWN_OBJECT');
    }
    session.send({ type: 'drop', objectId: 'nothing' });
    expect(session.error()).toBe('UNKNOWN_OBJECT');
  });

  it('runs automatic contact once on coming into range', () => {
    const spec = gameBuilder()
      .scene('s1')
      .archetype('trap', { automaticContact: true, radius: 15, sideeffectsContact: [notify('snap')] })
      .object('t', 'trap', 's1', at(0, 0))
      .build();
    const session = new Session(spec);
    session.start();
    session.goTo(at(100, 0));
    expect(session.actions()).toEqual([]);
    session.goTo(at(10, 0));
    expect(session.actions()).toEqual(['showNotification']);
    session.goTo(at(5, 0));
    expect(session.actions()).toEqual([]);
    session.goTo(at(100, 0));
    session.goTo(at(0, 0));
    expect(session.actions()).toEqual(['showNotification']);
  });
});

describe('#objects: pick, drop, destroy and limits', () => {
  it('picks, drops where the player stands, and refuses what the behaviours do not allow', () => {
    const spec = gameBuilder()
      .scene('s1')
      .archetype('ball', { pickable: true, redropable: true })
      .archetype('wall')
      .object('ball', 'ball', 's1', at(0, 0))
      .object('wall', 'wall', 's1', at(0, 0))
      .build();
    const session = new Session(spec);
    session.start();
    session.send({ type: 'pick', objectId: 'wall' });
    expect(session.error()).toBe('NOT_PICKABLE');
    session.send({ type: 'destroy', objectId: 'wall' });
    expect(session.error()).toBe('NOT_DESTROYABLE');
    session.send({ type: 'drop', objectId: 'wall' });
    expect(session.error()).toBe('NOT_OWNED');
    session.send({ type: 'pick', objectId: 'ball' });
    expect(Object.keys(session.player().objects)).toEqual(['ball']);
    session.goTo(at(30, 30));
    session.send({ type: 'drop', objectId: 'ball' });
    expect(session.state.world.objects.ball).toMatchObject({ location: at(30, 30), owner: null, sceneId: 's1' });
  });

  it('refuses to drop what is not redropable', () => {
    const spec = gameBuilder()
      .scene('s1')
      .archetype('ring', { pickable: true })
      .object('ring', 'ring', 's1', at(0, 0))
      .build();
    const session = new Session(spec);
    session.start();
    session.send({ type: 'pick', objectId: 'ring' });
    session.send({ type: 'drop', objectId: 'ring' });
    expect(session.error()).toBe('NOT_DROPPABLE');
  });

  it('limits picks per time window (minute)', () => {
    const spec = gameBuilder()
      .scene('s1')
      .archetype('leaf', {
        pickable: true,
        limitPicks: { enabled: true, maxItems: 2, timeUnit: 'minute' },
        sideeffectsAct: [act('pickObjectClone')],
      })
      .object('tree', 'leaf', 's1', at(0, 0))
      .build();
    const session = new Session(spec);
    session.start();
    session.send({ type: 'act', objectId: 'tree' });
    session.advance(10_000).send({ type: 'act', objectId: 'tree' });
    session.advance(10_000).send({ type: 'act', objectId: 'tree' });
    expect(session.error()).toBe('LIMIT_REACHED');
    expect(Object.keys(session.player().objects)).toHaveLength(2);
    session.advance(45_000).send({ type: 'act', objectId: 'tree' });
    expect(session.error()).toBeUndefined();
    expect(Object.keys(session.player().objects)).toHaveLength(3);
  });

  it('limits destroys in total', () => {
    const spec = gameBuilder()
      .scene('s1')
      .archetype('jar', { destroyable: true, limitDestroys: { enabled: true, maxItems: 1, timeUnit: 'total' } })
      .object('j1', 'jar', 's1', at(0, 0))
      .object('j2', 'jar', 's1', at(0, 0))
      .build();
    const session = new Session(spec);
    session.start();
    session.send({ type: 'destroy', objectId: 'j1' });
    session.advance(10 * 86_400_000).send({ type: 'destroy', objectId: 'j2' });
    expect(session.error()).toBe('LIMIT_REACHED');
    expect(Object.keys(session.state.world.objects)).toEqual(['j2']);
  });
});

describe('#objects: player-made objects and moderation', () => {
  const payloadSpec = {
    text: {
      type: 'string' as const,
      label: 'Message',
      hideLabel: false,
      required: true,
      hidden: false,
      objectTitle: true,
    },
  };

  it('creates within the condition and the hourly limit, and checks required fields', () => {
    const spec = gameBuilder()
      .scene('s1')
      .item('pen')
      .archetype('graffiti', {
        playerGenerated: true,
        payloadSpec,
        conditionCreation: all(cond('player-item', 'owns', 'pen')),
        limitCreation: { enabled: true, maxItems: 1, timeUnit: 'hour' },
      })
      .archetype('rock')
      .onCode('pen', [act('giveToPlayer', 'pen', { value: 1 })])
      .build();
    const session = new Session(spec);
    session.start();
    const here = at(3, 4);
    const create = (payload: Record<string, unknown>) =>
      session.send({
        type: 'create',
        archetypeId: 'graffiti',
        payload,
        latitude: here.latitude,
        longitude: here.longitude,
      });
    create({ text: 'hi' });
    expect(session.error()).toBe('CONDITION_NOT_MET');
    session.code('pen');
    create({ text: '  ' });
    expect(session.error()).toBe('INVALID_PAYLOAD');
    expect(session.last.outputs[0]?.message).toBe('Required: Message');
    create({ text: 'hello', extra: 'dropped' });
    expect(Object.values(session.state.world.objects)).toMatchObject([
      {
        id: 'p1-1',
        archetypeId: 'graffiti',
        payload: { text: 'hello' },
        createdBy: 'p1',
        approved: true,
        location: here,
      },
    ]);
    create({ text: 'again' });
    expect(session.error()).toBe('LIMIT_REACHED');
    session.advance(3_600_001);
    create({ text: 'again' });
    expect(session.error()).toBeUndefined();
    session.send({ type: 'create', archetypeId: 'rock', payload: {} });
    expect(session.error()).toBe('NOT_CREATABLE');
  });

  it('keeps a moderated creation from other players until an operator approves it', () => {
    const spec = gameBuilder({ multiplayer: true })
      .scene('s1')
      .archetype('photo', { playerGenerated: true, moderated: true })
      .build();
    const session = new Session(spec);
    session.start('p1');
    session.start('p2');
    session.send({ type: 'create', archetypeId: 'photo', payload: {} }, 'p1');
    const id = Object.keys(session.state.world.objects)[0]!;
    expect(session.state.world.objects[id]?.approved).toBe(false);
    expect(perceivedIds(session, 'p1')).toEqual([id]);
    expect(perceivedIds(session, 'p2')).toEqual([]);
    session.send({ type: 'contact', objectId: id }, 'p2');
    expect(session.error()).toBe('NOT_PERCEIVED');
    session.apply({ type: 'approve', objectId: id, approved: true });
    expect(perceivedIds(session, 'p2')).toEqual([id]);
  });
});

describe('#objects: offers and the market', () => {
  it('takes from the quantity, never below 0, and refuses when none is left', () => {
    const spec = gameBuilder({ multiplayer: true })
      .scene('s1')
      .offer('pizza')
      .placeOffer('shop', 'pizza', 's1', at(0, 0), 1)
      .build();
    const session = new Session(spec);
    session.start('p1');
    session.start('p2');
    session.send({ type: 'offer', objectId: 'shop', action: 'pick' }, 'p1');
    expect(session.last.records).toMatchObject([
      { name: 'has picked or redeemed offer', offerId: 'pizza', status: 'picked' },
    ]);
    session.send({ type: 'offer', objectId: 'shop', action: 'pick' }, 'p2');
    expect(session.error()).toBe('QUANTITY_EXHAUSTED');
    expect(session.state.world.offers.shop?.quantity).toBe(0);
    expect(session.player('p2').offers).toEqual({});
  });

  it('uses the offer quantity when the placement has none, and unlimited without either', () => {
    const spec = gameBuilder()
      .scene('s1')
      .offer('limited', { quantity: 2 })
      .offer('free')
      .placeOffer('a', 'limited', 's1', at(0, 0))
      .placeOffer('b', 'free', 's1', at(0, 0))
      .build();
    const session = new Session(spec);
    expect(session.state.world.offers.a?.quantity).toBe(2);
    expect(session.state.world.offers.b?.quantity).toBeNull();
    session.start();
    for (let i = 0; i < 5; i++) session.send({ type: 'offer', objectId: 'b', action: 'pick' });
    expect(session.player().offers.free).toEqual({ count: 5, picked: 5, redeemed: 0 });
  });

  it('redeems a held offer, and refuses to redeem what is not held', () => {
    const spec = gameBuilder()
      .scene('s1')
      .offer('coupon')
      .offer('keepsake', { redeemable: false })
      .placeOffer('c', 'coupon', 's1', at(0, 0))
      .placeOffer('k', 'keepsake', 's1', at(0, 0))
      .build();
    const session = new Session(spec);
    session.start();
    session.send({ type: 'offer', objectId: 'c', action: 'redeem' });
    expect(session.error()).toBe('NOT_OWNED');
    session.send({ type: 'offer', objectId: 'c', action: 'pick' });
    session.send({ type: 'offer', objectId: 'coupon', action: 'redeem' });
    expect(session.last.records).toMatchObject([{ name: 'has picked or redeemed offer', status: 'redeemed' }]);
    expect(session.player().offers.coupon).toEqual({ count: 0, picked: 1, redeemed: 1 });
    session.send({ type: 'offer', objectId: 'k', action: 'pick' });
    session.send({ type: 'offer', objectId: 'k', action: 'redeem' });
    expect(session.error()).toBe('NOT_REDEEMABLE');
  });

  it('lets a player whose game is over pick and redeem offers only as the end policies say', () => {
    const build = (endPolicies: { pickOffers?: boolean; redeemOffers?: boolean }) =>
      gameBuilder({ market: true, endPolicies })
        .scene('s1')
        .offer('voucher')
        .placeOffer('v', 'voucher', 's1', at(0, 0))
        .onCode('win', [act('completeGame')])
        .build();
    const closed = new Session(build({}));
    closed.start();
    closed.send({ type: 'offer', objectId: 'v', action: 'pick' });
    closed.code('win');
    closed.send({ type: 'offer', objectId: 'voucher', action: 'redeem' });
    expect(closed.error()).toBe('NOT_AFTER_END');
    closed.send({ type: 'offer', objectId: 'v', action: 'pick' });
    expect(closed.error()).toBe('NOT_AFTER_END');

    const redeemOnly = new Session(build({ redeemOffers: true }));
    redeemOnly.start();
    redeemOnly.send({ type: 'offer', objectId: 'v', action: 'pick' });
    redeemOnly.code('win');
    redeemOnly.send({ type: 'offer', objectId: 'voucher', action: 'redeem' });
    expect(redeemOnly.error()).toBeUndefined();
    expect(redeemOnly.player().offers.voucher).toEqual({ count: 0, picked: 1, redeemed: 1 });
    redeemOnly.send({ type: 'offer', objectId: 'v', action: 'pick' });
    expect(redeemOnly.error()).toBe('NOT_AFTER_END');

    const open = new Session(build({ pickOffers: true }));
    open.start();
    open.code('win');
    open.send({ type: 'offer', objectId: 'v', action: 'pick' });
    open.send({ type: 'offer', objectId: 'voucher', action: 'redeem' });
    expect(open.error()).toBeUndefined();
    expect(open.player().offers.voucher).toEqual({ count: 0, picked: 1, redeemed: 1 });
    open.send({ type: 'location', latitude: 0, longitude: 0 });
    expect(open.error()).toBe('GAME_OVER');
  });

  it('runs the offer defaults: contact shows it, act picks it', () => {
    const spec = gameBuilder().scene('s1').offer('tea', { quantity: 3 }).placeOffer('t', 'tea', 's1', at(0, 0)).build();
    const session = new Session(spec);
    session.start();
    session.send({ type: 'contact', objectId: 't' });
    expect(session.last.outputs).toMatchObject([{ action: 'showObject', objectId: 't' }]);
    session.send({ type: 'act', objectId: 't' });
    expect(session.state.world.offers.t?.quantity).toBe(2);
    expect(session.player().pending).toEqual([]);
  });

  it('charges prices in the currency item on a market game and refuses what the player cannot afford', () => {
    const spec = gameBuilder({ market: true })
      .scene('s1')
      .item('coin', { isCurrency: true })
      .offer('cake', { price: 3 })
      .archetype('map', { pickable: true, price: 2 })
      .placeOffer('bakery', 'cake', 's1', at(0, 0))
      .object('map-1', 'map', 's1', at(0, 0))
      .onCode('earn', [act('giveToPlayer', 'coin', { value: 4 })])
      .build();
    const session = new Session(spec);
    session.start();
    session.send({ type: 'offer', objectId: 'bakery', action: 'pick' });
    expect(session.error()).toBe('NOT_ENOUGH_CURRENCY');
    session.code('earn');
    session.send({ type: 'offer', objectId: 'bakery', action: 'pick' });
    expect(session.player().items.coin).toBe(1);
    session.send({ type: 'pick', objectId: 'map-1' });
    expect(session.error()).toBe('NOT_ENOUGH_CURRENCY');
    expect(viewOf(spec, session.state, 'p1').currency).toEqual({ itemId: 'coin', name: 'Coins', amount: 1 });
  });

  it('ignores prices without a market', () => {
    const spec = gameBuilder({ market: false })
      .scene('s1')
      .item('coin', { isCurrency: true })
      .offer('cake', { price: 3 })
      .placeOffer('bakery', 'cake', 's1', at(0, 0))
      .build();
    const session = new Session(spec);
    session.start();
    session.send({ type: 'offer', objectId: 'bakery', action: 'pick' });
    expect(session.error()).toBeUndefined();
  });
});

describe('#objects: codes and deep links', () => {
  it('contacts the object of a deep link (direct contact) and refuses another game’s', () => {
    const spec = gameBuilder({ id: 'g1' })
      .scene('s1')
      .archetype('plaque', { sideeffectsContact: [notify('read')] })
      .object('p', 'plaque', 's1', at(0, 0))
      .build();
    const session = new Session(spec);
    session.start();
    session.code('lociapp://gameplay/g1/s1/de/Contact_plaque/p');
    expect(session.outputs('showNotification')[0]?.message).toBe('read');
    session.code('lociapp://gameplay/g2/any/de/Contact_plaque/p');
    expect(session.error()).toBe('WRONG_GAME');
    session.code('p');
    expect(session.outputs('showNotification')[0]?.message).toBe('read');
    expect(session.player().codes).toEqual({ p: session.now.toISOString() });
  });

  it('counts the event name of another deep link as the code typed', () => {
    const spec = gameBuilder({ id: 'g1' })
      .scene('s1')
      .onCode('treasure', [notify('found')])
      .build();
    const session = new Session(spec);
    session.start();
    session.code('gameplay/g1/any/code/Treasure/x');
    expect(session.outputs('showNotification')[0]?.message).toBe('found');
  });
});

describe('#objects: locations', () => {
  it('enters a location by tapping when it is contactable, and respects its `if`', () => {
    const spec = gameBuilder()
      .scene('s1')
      .item('map')
      .location('far', 's1', at(1000, 0), { trackable: false, contactable: 'always', visible: 'always' })
      .location('near', 's1', at(0, 0), { contactable: 'in-range' })
      .location('hidden', 's1', at(0, 0), {
        trackable: false,
        contactable: 'always',
        if: all(cond('player-item', 'owns', 'map')),
      })
      .location('wall', 's1', at(0, 0), { contactable: 'never' })
      .rule('r', 's1', cond('player-location', 'has_entered', 'far'), [notify('arrived')])
      .build();
    const session = new Session(spec);
    session.start();
    session.goTo(at(500, 0));
    session.send({ type: 'contact', objectId: 'far' });
    expect(session.outputs('showNotification')[0]?.message).toBe('arrived');
    expect(session.player().insideLocations).toEqual({ far: 'tap' });
    session.send({ type: 'contact', objectId: 'near' });
    expect(session.error()).toBe('OUT_OF_RANGE');
    session.send({ type: 'contact', objectId: 'hidden' });
    expect(session.error()).toBe('CONDITION_NOT_MET');
    session.send({ type: 'contact', objectId: 'wall' });
    expect(session.error()).toBe('NOT_CONTACTABLE');
    const view = viewOf(spec, session.state, 'p1');
    expect(view.perceived.locations.map((location) => location.id)).toEqual(['far', 'near', 'wall']);
  });

  it('ignores a location whose `if` does not hold while walking in', () => {
    const spec = gameBuilder()
      .scene('s1')
      .item('ticket')
      .location('club', 's1', at(0, 0), { if: all(cond('player-item', 'owns', 'ticket')) })
      .onCode('ticket', [act('giveToPlayer', 'ticket', { value: 1 })])
      .build();
    const session = new Session(spec);
    session.start();
    session.goTo(at(0, 0));
    expect(session.player().insideLocations).toEqual({});
    session.code('ticket');
    session.goTo(at(1, 0));
    expect(session.player().insideLocations).toEqual({ club: 'gps' });
  });
});
