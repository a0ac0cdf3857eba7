import { describe, expect, it } from 'vitest';
import { distanceMetres } from './geo.js';
import { act, at, cond, gameBuilder, Session } from './test/builders.js';
import { EDGE_TRACK } from './test/tracks.js';
import { viewOf } from './view.js';

const notify = (msg: string) => act('showNotification', undefined, { msg });
const messages = (session: Session) => session.outputs('showNotification').map((output) => output.message);

/** A game with a 20 m gate whose enter and exit rules notify 'in' and 'out' every time. */
function gateGame(options: { maxAccuracy?: number; dwell?: number } = {}) {
  return gameBuilder({ maxAccuracy: options.maxAccuracy })
    .scene('s1')
    .location('gate', 's1', at(0, 0), { radius: 20, dwell: options.dwell ?? 0 })
    .rule('enter', 's1', cond('player-location', 'has_entered', 'gate'), [notify('in')], { fireOnce: false })
    .rule('leave', 's1', cond('player-location', 'has_exited', 'gate'), [notify('out')], { fireOnce: false })
    .build();
}

/** Plays `track` one fix a second and collects every enter/exit notification in order. */
function walk(session: Session, track: ReadonlyArray<readonly [number, number, number?]>): string[] {
  const seen: string[] = [];
  for (const [north, east, accuracy] of track) {
    session.advance(1000);
    session.goTo(at(north, east), 'p1', accuracy);
    seen.push(...messages(session).filter((message): message is string => message !== undefined));
  }
  return seen;
}

describe('#gps: hysteresis', () => {
  it('a recorded track jittering ±30 m around a 20 m geofence edge gives exactly one enter and one exit', () => {
    const rawCrossings = EDGE_TRACK.map(([n, e]) => distanceMetres(at(0, 0), at(n, e)) <= 20).filter(
      (inside, i, all) => i > 0 && inside !== all[i - 1],
    ).length;
    expect(rawCrossings).toBeGreaterThan(20);

    const session = new Session(gateGame());
    session.start();
    expect(walk(session, EDGE_TRACK)).toEqual(['in', 'out']);
    expect(session.player().insideLocations).toEqual({});
  });

  it('leaving needs radius + 10 m when the fixes carry no accuracy', () => {
    const session = new Session(gateGame());
    session.start();
    expect(
      walk(session, [
        [15, 0],
        [25, 0],
        [29, 0],
        [18, 0],
        [30.5, 0],
      ]),
    ).toEqual(['in', 'out']);
  });

  it('leaving needs radius + accuracy when the fix is less accurate than 10 m', () => {
    const session = new Session(gateGame());
    session.start();
    expect(
      walk(session, [
        [15, 0, 5],
        [44, 0, 25],
      ]),
    ).toEqual(['in']);
    expect(walk(session, [[46, 0, 25]])).toEqual(['out']);
  });

  it('entering still needs the fix inside the radius itself', () => {
    const session = new Session(gateGame());
    session.start();
    expect(
      walk(session, [
        [25, 0, 30],
        [21, 0, 30],
      ]),
    ).toEqual([]);
    expect(walk(session, [[19, 0, 30]])).toEqual(['in']);
  });
});

describe('#gps: accuracy gating', () => {
  it('a fix worse than 50 m (the default) does not move the player nor enter a place', () => {
    const session = new Session(gateGame());
    session.start();
    session.goTo(at(100, 0), 'p1', 10);
    const before = session.state;
    session.goTo(at(0, 0), 'p1', 80);
    expect(session.state).toBe(before);
    expect(session.last.outputs).toEqual([]);
    expect(session.last.trace.notes.join(' ')).toMatch(/accuracy 80 m is worse than 50 m/);
    expect(session.player().location).toEqual(at(100, 0));
    session.goTo(at(0, 0), 'p1', 50);
    expect(messages(session)).toEqual(['in']);
  });

  it('follows the game’s own threshold', () => {
    const session = new Session(gateGame({ maxAccuracy: 100 }));
    session.start();
    session.goTo(at(0, 0), 'p1', 80);
    expect(messages(session)).toEqual(['in']);
    session.goTo(at(300, 0), 'p1', 120);
    expect(session.player().location).toEqual(at(0, 0));
  });

  it('refuses a negative accuracy', () => {
    const session = new Session(gateGame());
    session.start();
    session.goTo(at(0, 0), 'p1', -1);
    expect(session.last.outputs[0]).toMatchObject({ action: 'error', errorCode: 'INVALID_EVENT' });
  });
});

describe('#gps: dwell', () => {
  it('a location with "stay 20 s" is entered on the first fix 20 s after the first one inside', () => {
    const session = new Session(gateGame({ dwell: 20 }));
    session.start();
    session.goTo(at(5, 0), 'p1', 8);
    expect(messages(session)).toEqual([]);
    expect(session.player().dwelling).toEqual({ gate: session.now.toISOString() });
    session.advance(10_000).goTo(at(8, 0), 'p1', 8);
    expect(messages(session)).toEqual([]);
    session.advance(9_000).goTo(at(6, 0), 'p1', 8);
    expect(messages(session)).toEqual([]);
    session.advance(1_000).goTo(at(6, 0), 'p1', 8);
    expect(messages(session)).toEqual(['in']);
    expect(session.player().insideLocations).toEqual({ gate: 'gps' });
    expect(session.player().dwelling).toEqual({});
  });

  it('jitter within the exit margin keeps the dwell clock; leaving resets it', () => {
    const session = new Session(gateGame({ dwell: 20 }));
    session.start();
    session.goTo(at(5, 0), 'p1', 15);
    session.advance(8_000).goTo(at(33, 0), 'p1', 15);
    session.advance(13_000).goTo(at(10, 0), 'p1', 15);
    expect(messages(session)).toEqual(['in']);

    const again = new Session(gateGame({ dwell: 20 }));
    again.start();
    again.goTo(at(5, 0), 'p1', 5);
    again.advance(10_000).goTo(at(60, 0), 'p1', 5);
    expect(again.player().dwelling).toEqual({});
    again.advance(1_000).goTo(at(5, 0), 'p1', 5);
    again.advance(15_000).goTo(at(5, 0), 'p1', 5);
    expect(messages(again)).toEqual([]);
    again.advance(5_000).goTo(at(5, 0), 'p1', 5);
    expect(messages(again)).toEqual(['in']);
  });

  it("the player's view says until when to stay: from the first fix inside, gone once entered or left", () => {
    const session = new Session(gateGame({ dwell: 20 }));
    session.start();
    const gate = () => viewOf(session.spec, session.state, 'p1').perceived.locations.find(({ id }) => id === 'gate');
    expect(gate()?.dwellUntil).toBeUndefined();
    session.goTo(at(5, 0), 'p1', 8);
    const until = new Date(session.now.getTime() + 20_000).toISOString();
    expect(gate()).toMatchObject({ inside: false, dwellUntil: until });
    session.advance(10_000).goTo(at(8, 0), 'p1', 8);
    expect(gate()?.dwellUntil).toBe(until);
    session.advance(10_000).goTo(at(8, 0), 'p1', 8);
    expect(gate()).toMatchObject({ inside: true });
    expect(gate()?.dwellUntil).toBeUndefined();

    const left = new Session(gateGame({ dwell: 20 }));
    left.start();
    left.goTo(at(5, 0), 'p1', 5);
    left.advance(5_000).goTo(at(60, 0), 'p1', 5);
    expect(viewOf(left.spec, left.state, 'p1').perceived.locations[0]?.dwellUntil).toBeUndefined();
  });

  it('the dwelling clock of a scene left behind stops', () => {
    const spec = gameBuilder()
      .scene('s1')
      .scene('s2')
      .location('gate', 's1', at(0, 0), { radius: 20, dwell: 20 })
      .onCode('go', [act('goToScene', 's2')])
      .build();
    const session = new Session(spec);
    session.start();
    session.goTo(at(0, 0));
    expect(Object.keys(session.player().dwelling ?? {})).toEqual(['gate']);
    session.send({ type: 'code', code: 'go' });
    expect(session.player().dwelling).toEqual({});
  });
});
