import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { act, all, at, cond, gameBuilder, options } from './test/builders.js';
import { keptOfStep, replayLog, type LoggedInput } from './replay.js';
import { createInstanceState } from './state.js';
import { step } from './step.js';
import type { EngineEvent, InstanceState, PlayerState } from './types.js';

/** A shared game with places, a question, items, a limited offer, a world item and an end. */
function spec() {
  return gameBuilder({ multiplayer: true, market: true })
    .scene('s1', { center: at(0, 0), radius: 150 })
    .scene('u', { universe: true })
    .item('gold')
    .item('coin', { isCurrency: true })
    .attribute('xp')
    .info('info')
    .question('q', { qType: 'MC', hasCorrectAnswer: true, options: options(3, [1]), attempts: 2 })
    .location('l1', 's1', at(50, 0), { radius: 30 })
    .offer('voucher', { price: 1, sideeffectsAct: [act('pickObject')] })
    .placeOffer('shop', 'voucher', 's1', at(0, 10), 1)
    .milestone('rich', all(cond('player-some-item', 'owns', 'gold', { some: 'at_least', someNumber: 3 })))
    .onCode('gold', [act('giveToPlayer', 'gold', { value: 2 }), act('giveToPlayer', 'coin', { value: 1 })])
    .onCode('world', [act('giveToWorld', 'gold', { value: 1 })])
    .onCode('take', [act('takeFromWorld', 'gold', { value: 1 }), act('giveToPlayer', 'xp', { value: 1 })])
    .onCode('ask', [act('askQuestion', 'q')])
    .onCode('end', [act('completeGame')])
    .rule('enter-l1', 's1', cond('player-location', 'has_entered', 'l1'), [act('showInfo', 'info')])
    .build();
}

const POINTS = [at(0, 0), at(50, 0), at(0, 10), at(500, 0)];
const eventArb: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...POINTS).map((p) => ({ type: 'location', ...p })) },
  {
    weight: 4,
    arbitrary: fc
      .constantFrom('gold', 'world', 'take', 'ask', 'end', 'nothing')
      .map((code) => ({ type: 'code', code })),
  },
  { weight: 2, arbitrary: fc.constant({ type: 'offer', objectId: 'shop', action: 'pick' }) },
  { weight: 1, arbitrary: fc.constant({ type: 'seen', interactionId: 'info' }) },
  { weight: 1, arbitrary: fc.constantFrom(0, 1, 2).map((answer) => ({ type: 'answer', interactionId: 'q', answer })) },
  { weight: 1, arbitrary: fc.constantFrom('pause', 'resume', 'leave', 'start').map((type) => ({ type })) },
);
const PLAYERS = ['p1', 'p2', 'p3'];
/** Events of random players; an operator's edit of the world, or a terminate, now and then. */
const streamArb = fc.array(
  fc.oneof(
    {
      weight: 20,
      arbitrary: fc.record({
        player: fc.constantFrom(...PLAYERS),
        event: eventArb,
        wait: fc.integer({ min: 0, max: 60_000 }),
      }),
    },
    { weight: 1, arbitrary: fc.constant({ player: null, event: { type: 'edit' }, wait: 1000 }) },
    { weight: 1, arbitrary: fc.constant({ player: null, event: { type: 'terminate' }, wait: 1000 }) },
  ),
  { minLength: 5, maxLength: 60 },
);

/**
 * Plays a stream as the server's store does — a player's event stepped with
 * only the world and that player loaded (all players when the instance's
 * status changes), the rows written back, an operator's world edit written
 * outside the engine — and logs every input; returns the stored state and the log.
 */
function playAsStored(stream: Array<{ player: string | null; event: Record<string, unknown>; wait: number }>) {
  const game = spec();
  let stored: InstanceState = createInstanceState(game, { multiplayer: true });
  const log: LoggedInput[] = [{ kind: 'create', world: stored.world, multiplayer: true }];
  let time = Date.parse('2030-06-01T10:00:00Z');
  const run = (event: EngineEvent) => {
    const now = new Date(time);
    log.push({ kind: 'step', event, now: now.toISOString() });
    const playerId = (event as { playerId?: string }).playerId;
    const loaded: Record<string, PlayerState> =
      playerId === undefined
        ? stored.players
        : stored.players[playerId]
          ? { [playerId]: stored.players[playerId]! }
          : {};
    let before: InstanceState = { ...stored, players: loaded };
    let result = step(game, before, event, now);
    if (playerId !== undefined && result.state.world.status !== stored.world.status) {
      before = stored;
      result = step(game, before, event, now);
    }
    const kept = keptOfStep(before, result);
    stored = { ...stored, world: kept.world, players: { ...stored.players, ...kept.players } };
  };
  for (const playerId of PLAYERS.slice(0, 2)) run({ type: 'start', playerId } as EngineEvent);
  for (const { player, event, wait } of stream) {
    time += wait;
    if (player !== null) {
      if (stored.players[player] || event.type === 'start') run({ ...event, playerId: player } as EngineEvent);
    } else if (event.type === 'edit') {
      const world = { ...stored.world, items: { ...stored.world.items, gold: 7 }, revision: stored.world.revision + 1 };
      stored = { ...stored, world };
      log.push({ kind: 'world', world });
    } else if (stored.world.status === 'active') {
      run({ type: 'terminate' } as EngineEvent);
    }
  }
  return { game, stored, log };
}

describe('replay', () => {
  it('replays any stream of events to the state the runtime stored, whatever it loaded for each step', () => {
    let steps = 0;
    fc.assert(
      fc.property(streamArb, (stream) => {
        const { game, stored, log } = playAsStored(stream);
        const replayed = replayLog(log.map((input) => ({ input, spec: game })));
        steps += replayed.length;
        expect(JSON.parse(JSON.stringify(replayed.at(-1)!.state))).toEqual(JSON.parse(JSON.stringify(stored)));
      }),
      { numRuns: 150 },
    );
    expect(steps).toBeGreaterThan(150 * 5);
  });

  it('gives each step its outputs and trace, and gives back the random numbers a step drew', () => {
    const game = spec();
    const world = createInstanceState(game, { multiplayer: true }).world;
    const log: LoggedInput[] = [
      { kind: 'create', world, multiplayer: true },
      { kind: 'step', event: { type: 'start', playerId: 'p1' } as EngineEvent, now: '2030-06-01T10:00:00.000Z' },
      {
        kind: 'step',
        event: { type: 'location', playerId: 'p1', ...at(50, 0) } as EngineEvent,
        now: '2030-06-01T10:01:00.000Z',
        random: [0.25],
      },
    ];
    const replayed = replayLog(log.map((input) => ({ input, spec: game })));
    expect(replayed[0]!.state.players).toEqual({});
    expect(replayed[2]!.result!.outputs.map((output) => output.action)).toContain('showInfo');
    expect(replayed[2]!.result!.trace.rules.map((rule) => rule.ruleId)).toContain('enter-l1');
    expect(replayed[2]!.state.players.p1!.location).toMatchObject(at(50, 0));
    expect(() => replayLog([{ input: log[1]!, spec: game }])).toThrow('begin with its creation');
  });
});
