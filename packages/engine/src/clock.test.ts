import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextDueOf, TIME_UP_MESSAGE } from './clock.js';
import { replayLog, type ReplayEntry } from './replay.js';
import { act, cond, gameBuilder, Session } from './test/builders.js';
import { viewOf } from './view.js';
import type { EngineEvent } from './types.js';

const MINUTE = 60_000;
const limit = (minutes: number, endsGame = true) => ({ mode: 'duration', minutes, endsAt: null, endsGame }) as const;

/** A timed game: 30 minutes, a message when 10 are left, and one when time is up. */
function timedGame(endsGame = true) {
  return gameBuilder({ timeLimit: limit(30, endsGame) })
    .scene('s1')
    .rule('ten-left', 's1', cond('player-clock', 'has_time_left', undefined, { some: 'at_most', someNumber: 10 }), [
      act('showNotification', undefined, { msg: '10 minutes left' }),
    ])
    .rule('up', 's1', cond('player-clock', 'has_run_out_of_time'), [
      act('showNotification', undefined, { msg: 'Out of time' }),
    ])
    .build();
}

describe('the clock: a time limit', () => {
  it('gives each player a deadline N minutes from their own start, in the state and the view', () => {
    const session = new Session(timedGame());
    session.start('p1');
    expect(session.player('p1').clock).toEqual({
      deadline: '2030-06-01T10:30:00.000Z',
      timers: {},
      elapsed: {},
      timeUpWhen: null,
    });
    const view = viewOf(session.spec, session.state, 'p1', session.now);
    expect(view.clock).toEqual({
      deadline: '2030-06-01T10:30:00.000Z',
      paused: false,
      leftMs: null,
      serverNow: '2030-06-01T10:00:00.000Z',
      timers: {},
    });
  });

  it('a fixed end time is everyone’s deadline, whenever they start', () => {
    const spec = gameBuilder({
      timeLimit: { mode: 'until', minutes: 45, endsAt: '2030-06-01T12:00:00Z', endsGame: true },
    })
      .scene('s1')
      .build();
    const session = new Session(spec, { multiplayer: true });
    session.start('a');
    session.advance(20 * MINUTE).start('b');
    expect(session.player('a').clock?.deadline).toBe('2030-06-01T12:00:00.000Z');
    expect(session.player('b').clock?.deadline).toBe('2030-06-01T12:00:00.000Z');
  });

  it('"when 10 minutes are left" fires at the tick due then; time up ends the game with its results', () => {
    const session = new Session(timedGame());
    session.start();
    expect(nextDueOf(session.spec, session.state, 'p1', session.now)).toBe('2030-06-01T10:20:00.000Z');
    session.advance(20 * MINUTE).tick();
    expect(session.last.outputs).toEqual([{ playerId: 'p1', action: 'showNotification', message: '10 minutes left' }]);
    expect(nextDueOf(session.spec, session.state, 'p1', session.now)).toBe('2030-06-01T10:30:00.000Z');
    session.advance(10 * MINUTE).tick();
    expect(session.last.outputs).toEqual([
      { playerId: 'p1', action: 'showNotification', message: 'Out of time' },
      { playerId: 'p1', action: 'endGame', message: TIME_UP_MESSAGE, text: { key: 'timeUp' } },
    ]);
    expect(session.player().finished).toEqual({ when: '2030-06-01T10:30:00.000Z', completed: false });
    expect(session.state.world.status).toBe('completed');
    // Nothing more is due for a player whose game is over; a late tick changes nothing.
    expect(nextDueOf(session.spec, session.state, 'p1', session.now)).toBeNull();
    const before = session.state;
    session.advance(MINUTE).tick();
    expect(session.state).toBe(before);
  });

  it('a player event after the deadline, before the tick, meets time up first', () => {
    const session = new Session(timedGame());
    session.start();
    session.advance(31 * MINUTE).code('anything');
    expect(session.actions()).toEqual(['showNotification', 'showNotification', 'endGame']);
    expect(session.player().finished).toMatchObject({ completed: false });
  });

  it('with "time up ends the game" off, only the rules decide', () => {
    const session = new Session(timedGame(false));
    session.start();
    session.advance(30 * MINUTE).tick();
    expect(session.actions()).toEqual(['showNotification', 'showNotification']);
    expect(session.player().finished).toBeNull();
    expect(session.player().clock?.timeUpWhen).toBe('2030-06-01T10:30:00.000Z');
    session.advance(MINUTE).tick();
    expect(session.actions()).toEqual([]);
  });

  it('a game without a clock is exactly as before: no clock in the state or the view, nothing due', () => {
    const spec = gameBuilder().scene('s1').build();
    const session = new Session(spec);
    session.start();
    expect(session.player().clock).toBeUndefined();
    expect(session.player().sceneSince).toBeUndefined();
    expect(viewOf(spec, session.state, 'p1', session.now).clock).toBeUndefined();
    expect(nextDueOf(spec, session.state, 'p1', session.now)).toBeNull();
  });
});

describe('the clock: operators', () => {
  it('pause freezes time left and nothing runs out; resume moves every deadline on by the pause', () => {
    const session = new Session(timedGame(), { multiplayer: true });
    session.start('a');
    session.start('b');
    session.advance(5 * MINUTE).apply({ type: 'clock', control: 'pause' });
    expect(session.state.world.clockPausedWhen).toBe('2030-06-01T10:05:00.000Z');
    expect(viewOf(session.spec, session.state, 'a').clock).toMatchObject({ paused: true, leftMs: 25 * MINUTE });
    expect(nextDueOf(session.spec, session.state, 'a', session.now)).toBeNull();
    session.advance(60 * MINUTE).tick('a');
    expect(session.player('a').finished).toBeNull();
    session.apply({ type: 'clock', control: 'resume' });
    expect(session.player('a').clock?.deadline).toBe('2030-06-01T11:30:00.000Z');
    expect(session.player('b').clock?.deadline).toBe('2030-06-01T11:30:00.000Z');
    expect(session.state.world.clockPausedWhen).toBeNull();
  });

  it('addTime gives one player minutes more (or fewer), not the others', () => {
    const session = new Session(timedGame(), { multiplayer: true });
    session.start('a');
    session.start('b');
    session.apply({ type: 'clock', control: 'addTime', playerId: 'a', minutes: 15 });
    expect(session.player('a').clock?.deadline).toBe('2030-06-01T10:45:00.000Z');
    expect(session.player('b').clock?.deadline).toBe('2030-06-01T10:30:00.000Z');
    session.apply({ type: 'clock', control: 'addTime', playerId: 'b', minutes: -10 });
    expect(session.player('b').clock?.deadline).toBe('2030-06-01T10:20:00.000Z');
  });
});

describe('the clock of a playtest running fast (1–20×)', () => {
  it('at 20× a game minute lasts 3 seconds: the deadline, time left and the end come 20 times sooner', () => {
    const session = new Session(timedGame());
    session.apply({ type: 'clock', control: 'rate', rate: 20 });
    expect(session.state.world.clockRate).toBe(20);
    session.start();
    // 30 game minutes are 90 seconds.
    expect(session.player().clock?.deadline).toBe('2030-06-01T10:01:30.000Z');
    expect(viewOf(session.spec, session.state, 'p1', session.now).clock).toMatchObject({ rate: 20 });
    // "10 minutes left" comes after 20 game minutes: 60 seconds.
    expect(nextDueOf(session.spec, session.state, 'p1', session.now)).toBe('2030-06-01T10:01:00.000Z');
    session.advance(60_000).tick();
    expect(session.last.outputs).toEqual([{ playerId: 'p1', action: 'showNotification', message: '10 minutes left' }]);
    session.advance(30_000).tick();
    expect(session.player().finished).toEqual({ when: '2030-06-01T10:01:30.000Z', completed: false });
  });

  it('a change of speed mid-game rescales what is left of the deadline and the timers', () => {
    const spec = gameBuilder({ timeLimit: limit(30) })
      .scene('s1')
      .onCode('go', [act('startTimer', 'bomb', { value: 10 })])
      .build();
    const session = new Session(spec);
    session.start();
    session.code('go');
    session.advance(10 * MINUTE).apply({ type: 'clock', control: 'rate', rate: 10 });
    // 20 minutes were left of the deadline: 2 at 10×; the timer had 0 left and stays due now.
    expect(session.player().clock?.deadline).toBe('2030-06-01T10:12:00.000Z');
    expect(session.player().clock?.timers).toEqual({ bomb: '2030-06-01T10:10:00.000Z' });
    session.apply({ type: 'clock', control: 'rate', rate: 1 });
    expect(session.player().clock?.deadline).toBe('2030-06-01T10:30:00.000Z');
    // Out of range or the same speed: nothing changes.
    const before = session.state;
    session.apply({ type: 'clock', control: 'rate', rate: 50 });
    session.apply({ type: 'clock', control: 'rate', rate: 1 });
    expect(session.state).toBe(before);
  });
});

describe('the clock: replay and properties', () => {
  it('replaying the logged steps (ticks included) gives the same state', () => {
    const session = new Session(timedGame());
    const logged: Array<{ event: EngineEvent; now: string }> = [];
    const run = (event: EngineEvent) => {
      logged.push({ event, now: session.now.toISOString() });
      session.apply(event);
    };
    run({ type: 'start', playerId: 'p1' });
    session.advance(20 * MINUTE);
    run({ type: 'tick', playerId: 'p1' });
    session.advance(10 * MINUTE);
    run({ type: 'tick', playerId: 'p1' });
    const entries: ReplayEntry[] = [
      {
        input: { kind: 'create', world: new Session(session.spec).state.world, multiplayer: false },
        spec: session.spec,
      },
      ...logged.map(({ event, now }) => ({ input: { kind: 'step' as const, event, now }, spec: session.spec })),
    ];
    const replayed = replayLog(entries);
    expect(replayed.at(-1)?.state).toEqual(session.state);
    expect(replayed.at(-1)?.result?.outputs.map((output) => output.action)).toEqual(['showNotification', 'endGame']);
  });

  it('ticking at each instant nextDueOf names ends the game exactly at the deadline, whatever the limit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 120 }), fc.integer({ min: 0, max: 60 }), (minutes, warn) => {
        const spec = gameBuilder({ timeLimit: limit(minutes) })
          .scene('s1')
          .rule('warn', 's1', cond('player-clock', 'has_time_left', undefined, { some: 'at_most', someNumber: warn }), [
            act('showNotification', undefined, { msg: 'warn' }),
          ])
          .build();
        const session = new Session(spec);
        session.start();
        const deadline = Date.parse(session.player().clock!.deadline!);
        for (let ticks = 0; ticks < 10; ticks++) {
          const due = nextDueOf(spec, session.state, 'p1', session.now);
          if (due === null) break;
          expect(Date.parse(due)).toBeGreaterThan(session.now.getTime());
          session.now = new Date(due);
          session.tick();
        }
        expect(session.player().finished?.when).toBe(new Date(deadline).toISOString());
      }),
      { numRuns: 50 },
    );
  });
});
