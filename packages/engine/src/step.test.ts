import { describe, expect, it } from 'vitest';
import { compileSpec } from './compile.js';
import { EngineError } from './errors.js';
import { parseDeepLink } from './deep-link.js';
import { distanceMetres } from './geo.js';
import { createInstanceState, joinPlayer, migrateInstanceState, worldEntriesByScene } from './state.js';
import { step } from './step.js';
import { act, at, cond, gameBuilder, Session } from './test/builders.js';
import { viewOf } from './view.js';

const NOW = new Date('2030-06-01T10:00:00Z');

describe('#createInstanceState', () => {
  it('copies the initial world: objects, offers, enabled scenes', () => {
    const spec = gameBuilder()
      .scene('s1')
      .scene('s2', { enabled: false })
      .archetype('rock', { moderated: true })
      .offer('deal', { quantity: 4 })
      .object('r1', 'rock', 's1', at(0, 0), { payload: { size: 3 } })
      .placeOffer('d1', 'deal', 's2', at(1, 1))
      .build();
    const state = createInstanceState(spec);
    expect(state.world.scenes).toEqual({ s1: true, s2: false });
    expect(state.world.objects.r1).toMatchObject({ archetypeId: 'rock', sceneId: 's1', approved: true, owner: null });
    expect(state.world.offers.d1).toMatchObject({ offerId: 'deal', quantity: 4 });
    expect(state.multiplayer).toBe(false);
    expect(worldEntriesByScene(state.world)).toEqual({
      object: { s1: { r1: state.world.objects.r1 } },
      offer: { s2: { d1: state.world.offers.d1 } },
    });
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });

  it('refuses a second player in a single-player instance (a programmer error)', () => {
    const spec = gameBuilder().scene('s1').build();
    const state = joinPlayer(spec, createInstanceState(spec), { id: 'a' }, NOW);
    expect(joinPlayer(spec, state, { id: 'a' }, NOW)).toBe(state);
    expect(() => joinPlayer(spec, state, { id: 'b' }, NOW)).toThrow(EngineError);
  });
});

describe('#step: lifecycle', () => {
  it('starts in the first enabled scene that is not the universe, once', () => {
    const spec = gameBuilder()
      .scene('u', { universe: true })
      .scene('intro', { enabled: false })
      .scene('harbour')
      .build();
    const session = new Session(spec);
    session.start();
    expect(session.player()).toMatchObject({
      currentSceneId: 'harbour',
      startedWhen: NOW.toISOString(),
      status: 'playing',
    });
    expect(session.last.outputs).toEqual([{ playerId: 'p1', action: 'goToScene', sceneId: 'harbour' }]);
    expect(session.last.records).toEqual([
      { name: 'has entered scene', playerId: 'p1', when: NOW.toISOString(), sceneId: 'harbour' },
    ]);
    const before = session.state;
    session.start();
    expect(session.state).toBe(before);
    expect(session.last.outputs).toEqual([]);
  });

  it('refuses events before start, while paused, after leaving', () => {
    const spec = gameBuilder().scene('s1').build();
    const session = new Session(spec);
    session.state = joinPlayer(spec, session.state, { id: 'p1' }, NOW);
    session.goTo(at(0, 0));
    expect(session.error()).toBe('NOT_STARTED');
    session.start();
    session.send({ type: 'pause' });
    expect(session.player().status).toBe('paused');
    session.goTo(at(0, 0));
    expect(session.error()).toBe('PAUSED');
    session.send({ type: 'resume' });
    session.goTo(at(0, 0));
    expect(session.error()).toBeUndefined();
    session.send({ type: 'leave' });
    expect(session.player().status).toBe('left game');
    expect(session.state.world.status).toBe('abandoned');
    session.goTo(at(0, 0));
    expect(session.error()).toBe('GAME_NOT_ACTIVE');
  });

  it('lets a player leave and come back to a shared instance', () => {
    const spec = gameBuilder({ multiplayer: true }).scene('s1').build();
    const session = new Session(spec);
    session.start('a');
    session.start('b');
    session.send({ type: 'leave' }, 'a');
    expect(session.state.world.status).toBe('active');
    session.goTo(at(0, 0), 'a');
    expect(session.error()).toBe('LEFT_GAME');
    session.start('a');
    expect(session.player('a').status).toBe('playing');
    session.send({ type: 'leave' }, 'a');
    session.send({ type: 'leave' }, 'b');
    expect(session.state.world.status).toBe('abandoned');
  });

  it('accepts answers to what is on screen after the game ended for the player, and nothing else', () => {
    const spec = gameBuilder()
      .scene('s1')
      .info('epilogue')
      .onCode('end', [act('showInfo', 'epilogue'), act('completeGame')])
      .build();
    const session = new Session(spec);
    session.start();
    session.code('end');
    expect(session.actions()).toEqual(['showInfo', 'completeGame']);
    session.send({ type: 'seen', interactionId: 'epilogue' });
    expect(session.error()).toBeUndefined();
    session.goTo(at(0, 0));
    expect(session.error()).toBe('GAME_OVER');
  });

  it('adds nobody when a start is refused', () => {
    const spec = gameBuilder({ multiplayer: true, playingPeriodEnd: '2030-06-01T12:00:00Z' }).scene('s1').build();
    const terminated = createInstanceState(spec);
    const closed = { ...terminated, world: { ...terminated.world, status: 'terminated' as const } };
    const refused = step(spec, closed, { type: 'start', playerId: 'late' }, new Date('2030-06-01T10:00:00Z'));
    expect(refused.outputs).toMatchObject([{ action: 'error', errorCode: 'GAME_NOT_ACTIVE' }]);
    expect(refused.state).toBe(closed);

    const afterEnd = step(spec, terminated, { type: 'start', playerId: 'late' }, new Date('2030-06-01T13:00:00Z'));
    expect(afterEnd.outputs).toMatchObject([{ errorCode: 'GAME_NOT_ACTIVE' }]);
    expect(afterEnd.state.world.status).toBe('expired');
    expect(afterEnd.state.players).toEqual({});
  });

  it('expires the instance on the first event after the playing period', () => {
    const spec = gameBuilder({ playingPeriodEnd: '2030-06-01T12:00:00Z' }).scene('s1').build();
    const session = new Session(spec);
    session.start();
    session.advance(3 * 3_600_000).goTo(at(0, 0));
    expect(session.error()).toBe('GAME_NOT_ACTIVE');
    expect(session.state.world).toMatchObject({ status: 'expired', statusWhen: '2030-06-01T13:00:00.000Z' });
  });

  it('refuses malformed events without throwing, and throws for programmer errors', () => {
    const spec = gameBuilder().scene('s1').build();
    const session = new Session(spec);
    session.start();
    const state = session.state;
    for (const event of [
      { type: 'location', latitude: 100, longitude: 0 },
      { type: 'location', latitude: 'x', longitude: 0 },
      { type: 'dance' },
      { type: 'code', code: '   ' },
      { type: 'contact' },
      { type: 'offer', objectId: 'x', action: 'steal' },
    ]) {
      const result = step(spec, state, { ...event, playerId: 'p1' } as never, NOW);
      expect(result.state).toBe(state);
      expect(result.outputs).toMatchObject([{ action: 'error', errorCode: 'INVALID_EVENT' }]);
    }
    expect(() => step(spec, state, { type: 'pause', playerId: 'ghost' }, NOW)).toThrow(EngineError);
    expect(() => step(spec, state, { type: 'pause' } as never, NOW)).toThrow(EngineError);
    expect(() => step(spec, state, { type: 'pause', playerId: 'p1' }, new Date('nope'))).toThrow(EngineError);
  });
});

describe('#step: operator events', () => {
  it('sends a message to one player or to all present', () => {
    const spec = gameBuilder({ multiplayer: true }).scene('s1').build();
    const session = new Session(spec);
    session.start('a');
    session.start('b');
    session.apply({ type: 'message', message: 'Hurry up' });
    expect(session.last.outputs).toEqual([
      { playerId: 'a', action: 'showNotification', message: 'Hurry up' },
      { playerId: 'b', action: 'showNotification', message: 'Hurry up' },
    ]);
    session.apply({ type: 'message', message: 'Only you', playerId: 'b' });
    expect(session.last.outputs.map((output) => output.playerId)).toEqual(['b']);
  });

  it('expires the instance', () => {
    const spec = gameBuilder().scene('s1').build();
    const session = new Session(spec);
    session.start();
    session.apply({ type: 'expire' });
    expect(session.state.world.status).toBe('expired');
    expect(session.last.outputs).toEqual([
      { playerId: 'p1', action: 'endGame', message: 'This game has expired', text: { key: 'gameExpired' } },
    ]);
  });

  it('refuses to approve an unknown object', () => {
    const spec = gameBuilder().scene('s1').build();
    const session = new Session(spec);
    session.apply({ type: 'approve', objectId: 'x', approved: true });
    expect(session.last.outputs).toMatchObject([{ playerId: '', action: 'error', errorCode: 'UNKNOWN_OBJECT' }]);
  });

  it('terminates the instance once: players are told, and their events refused', () => {
    const spec = gameBuilder().scene('s1').build();
    const session = new Session(spec);
    session.start();
    session.apply({ type: 'terminate' });
    expect(session.state.world.status).toBe('terminated');
    expect(session.last.outputs).toEqual([
      { playerId: 'p1', action: 'endGame', message: 'This game has been terminated', text: { key: 'gameTerminated' } },
    ]);
    const state = session.state;
    session.apply({ type: 'terminate' });
    expect(session.state).toBe(state);
    session.goTo(at(0, 0));
    expect(session.error()).toBe('GAME_NOT_ACTIVE');
  });
});

describe('#step: trace of every live rule', () => {
  it('lists the live rules not evaluated, with their last known trigger value, when asked', () => {
    const spec = gameBuilder()
      .scene('s1')
      .item('a')
      .location('l', 's1', at(0, 0))
      .rule('on-l', 's1', cond('player-location', 'has_entered', 'l'), [act('giveToPlayer', 'a', { value: 1 })])
      .rule('owns-a', 's1', cond('player-item', 'owns', 'a'), [act('showNotification', undefined, { msg: 'a' })])
      .build();
    const session = new Session(spec);
    session.start();
    session.goTo(at(0, 0));
    const state = session.state;
    const quiet = step(spec, state, { type: 'location', playerId: 'p1', latitude: 35.52, longitude: 24.02 }, NOW);
    expect(quiet.trace.rules).toEqual([]);
    const full = step(
      spec,
      state,
      { type: 'location', playerId: 'p1', latitude: 35.52, longitude: 24.02 },
      NOW,
      undefined,
      {
        traceAllRules: true,
      },
    );
    expect(full.trace.rules).toEqual([
      {
        ruleId: 'on-l',
        ruleName: 'on-l',
        sceneId: 's1',
        pass: 0,
        triggerMatched: true,
        newlyTrue: false,
        branch: null,
        evaluated: false,
      },
      {
        ruleId: 'owns-a',
        ruleName: 'owns-a',
        sceneId: 's1',
        pass: 0,
        triggerMatched: true,
        newlyTrue: false,
        branch: null,
        evaluated: false,
      },
    ]);
  });

  it('reports triggers whose verb is not a trigger verb', () => {
    const spec = gameBuilder()
      .scene('s1')
      .rule('r', 's1', cond('player-item', 'owns', 'a'), [])
      .build();
    expect(compileSpec(spec).problems).toEqual(["Rule r: 'owns' is not a trigger verb"]);
  });
});

describe('#migrateInstanceState', () => {
  it('keeps a current state and refuses one from a newer engine', () => {
    const spec = gameBuilder().scene('s1').build();
    const state = createInstanceState(spec);
    expect(migrateInstanceState(JSON.parse(JSON.stringify(state)))).toEqual(state);
    expect(() => migrateInstanceState({ ...state, version: 99 } as never)).toThrow(EngineError);
  });
});

describe('#viewOf', () => {
  it('shows what the player holds, perceives and must answer', () => {
    const spec = gameBuilder()
      .scene('s1')
      .item('gold')
      .item('secret', { hidden: true })
      .attribute('luck')
      .info('hello')
      .archetype('tree')
      .object('t', 'tree', 's1', at(0, 0))
      .location('square', 's1', at(0, 0))
      .onCode('x', [
        act('giveToPlayer', 'gold', { value: 2 }),
        act('giveToPlayer', 'secret', { value: 1 }),
        act('setOnPlayer', 'luck', { value: 7 }),
        act('showInfo', 'hello'),
      ])
      .build();
    const session = new Session(spec);
    session.start();
    session.goTo(at(3, 4));
    session.code('x');
    const view = viewOf(spec, session.state, 'p1');
    expect(view).toMatchObject({
      status: 'playing',
      worldStatus: 'active',
      currentSceneId: 's1',
      items: { gold: 2 },
      attributes: { luck: 7 },
      currency: null,
      perceived: { locations: [{ id: 'square', inside: true, inRange: true }] },
      pending: [{ action: 'showInfo', interactionId: 'hello' }],
    });
    expect(view.perceived.objects.map((object) => object.id)).toEqual(['t']);
    expect(() => viewOf(spec, session.state, 'nobody')).toThrow(EngineError);
  });
});

describe('#geo and deep links', () => {
  it('measures great-circle distances', () => {
    expect(distanceMetres(at(0, 0), at(1000, 0))).toBeCloseTo(1000, 0);
    expect(distanceMetres(at(0, 0), at(0, 1000))).toBeCloseTo(1000, 0);
    // Athens to Heraklion, about 318 km.
    expect(
      distanceMetres({ latitude: 37.9838, longitude: 23.7275 }, { latitude: 35.3387, longitude: 25.1442 }) / 1000,
    ).toBeCloseTo(318, -1);
  });

  it('parses deep links under any scheme', () => {
    expect(parseDeepLink('loci://gameplay/g1/any/de/Contact_a%20b/obj-1')).toEqual({
      gameId: 'g1',
      sceneId: null,
      eventType: 'de',
      eventName: 'Contact_a b',
      objectId: 'obj-1',
    });
    expect(parseDeepLink('gameplay/g1/s1/do/x/o')?.sceneId).toBe('s1');
    expect(parseDeepLink('just a code')).toBeNull();
  });
});

describe('#step: multiplayer rules', () => {
  it('keeps each player’s triggers apart', () => {
    const spec = gameBuilder({ multiplayer: true })
      .scene('s1')
      .location('l', 's1', at(0, 0))
      .rule('r', 's1', cond('player-location', 'has_entered', 'l'), [act('showNotification', undefined, { msg: 'hi' })])
      .build();
    const session = new Session(spec);
    session.start('a');
    session.start('b');
    session.goTo(at(0, 0), 'a');
    expect(session.last.outputs).toMatchObject([{ playerId: 'a', message: 'hi' }]);
    expect(session.player('b').triggers).toEqual([]);
  });
});
