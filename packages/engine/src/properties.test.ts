import {
  ACTION_NAMES,
  ACTIONS,
  applyViewDelta,
  diffView,
  type Action,
  type ActionName,
  parseGameSpec,
  type GameSpec,
} from '@loci/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createInstanceState } from './state.js';
import { step } from './step.js';
import { viewOf } from './view.js';
import { act, all, at, cond, gameBuilder, option, options, Session } from './test/builders.js';
import type { EngineEvent, InstanceState, StepResult } from './types.js';

/** Freezes a state deeply, so any write into it by the engine throws (ES modules run in strict mode). */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

/** A game using most of the vocabulary, for random walks. */
function richSpec(): GameSpec {
  return gameBuilder({ multiplayer: true, market: true })
    .scene('s1', { center: at(0, 0), radius: 150 })
    .scene('s2', { center: at(1000, 0), radius: 150 })
    .scene('u', { universe: true })
    .item('gold')
    .item('gem', { limited: true, maxItems: 3 })
    .item('coin', { isCurrency: true })
    .attribute('xp')
    .info('info')
    .question('q', { qType: 'MC', hasCorrectAnswer: true, options: options(3, [1]), attempts: 2 })
    .quiz('quiz', [{ id: 'a' }, { id: 'b', hasCorrectAnswer: true, correctAnswer: 'x' }])
    .confirmation('c')
    .conversation('talk', [
      { id: 'hi', options: [option('more', [act('sayStatement', 'bye')]), option('quit', [])] },
      { id: 'bye', options: [option('end', [act('completeConversation')])] },
    ])
    .mission('m', {
      accomplishmentType: 'condition',
      condition: all(cond('player-some-item', 'owns', 'gold', { some: 'at_least', someNumber: 3 })),
    })
    .milestone('rich', all(cond('player-item', 'owns', 'gem')))
    .location('l1', 's1', at(50, 0), { radius: 30 })
    .location('l2', 's1', at(-50, 0), { radius: 30 })
    .location('l3', 's2', at(1000, 0), { radius: 40 })
    .archetype('stone', {
      pickable: true,
      redropable: true,
      destroyable: true,
      playerGenerated: true,
      limitPicks: { enabled: true, maxItems: 2, timeUnit: 'minute' },
      sideeffectsContact: [act('showObject')],
      sideeffectsAct: [act('pickObject')],
    })
    .offer('voucher', { price: 1, sideeffectsAct: [act('pickObject')] })
    .object('stone-1', 'stone', 's1', at(10, 0))
    .object('stone-2', 'stone', 's2', at(1000, 10))
    .placeOffer('shop', 'voucher', 's1', at(0, 10), 1)
    .onCode('gold', [act('giveToPlayer', 'gold', { value: 2 }), act('giveToPlayer', 'coin', { value: 1 })])
    .onCode('tax', [act('takeFromPlayer', 'gold', { value: 3 }), act('takeFromWorld', 'gold', { value: 5 })])
    .onCode('gem', [
      act('giveToPlayer', 'gem', { value: 2 }),
      act('setOnPlayer', 'xp', { value: 1, numberPropHow: '-' }),
    ])
    .onCode('ask', [act('askQuestion', 'q'), act('askQuiz', 'quiz')])
    .onCode('talk', [act('startConversation', 'talk')])
    .onCode('world', [act('giveToWorld', 'gold', { value: 1 }), act('attachToWorld', 'stone')])
    .onCode('strip', [act('removePlayerObjects', 'stone'), act('detachFromPlayer', 'voucher')])
    .rule('enter-l1', 's1', cond('player-location', 'has_entered', 'l1'), [
      act('showInfo', 'info'),
      act('giveToPlayer', 'gold', { value: 1 }),
    ])
    .rule('exit-l1', 's1', cond('player-location', 'has_exited', 'l1'), [act('takeFromPlayer', 'gold', { value: 2 })], {
      fireOnce: false,
    })
    .rule('enter-l2', 's1', cond('player-location', 'has_entered', 'l2'), [
      act('askConfirmation', 'c'),
      act('goToScene', 's2'),
    ])
    .rule('visit-l3', 's2', cond('player-location', 'has_visited', 'l3'), [act('goToScene', 's1')], { fireOnce: false })
    .rule('seen', 'u', cond('player-info', 'has_seen', 'info'), [act('giveToPlayer', 'gem', { value: 1 })])
    .rule('reached', 'u', cond('milestone', 'has_reached', 'rich'), [act('assignMission', 'm')])
    .rule('done', 'u', cond('player-mission', 'has_completed', 'm'), [act('takeFromPlayer', 'gem', { value: 5 })], {
      fireOnce: false,
    })
    .build();
}

const POINTS = [at(0, 0), at(50, 0), at(-50, 0), at(10, 0), at(0, 10), at(1000, 0), at(1000, 10), at(500, 0)];

/** Random player events for the rich spec (by player index into PLAYERS). */
const eventArb: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .constantFrom(...POINTS)
      .map((p) => ({ type: 'location', latitude: p.latitude, longitude: p.longitude })),
  },
  {
    weight: 5,
    arbitrary: fc
      .constantFrom('gold', 'tax', 'gem', 'ask', 'talk', 'world', 'strip', 'nothing')
      .map((code) => ({ type: 'code', code })),
  },
  {
    weight: 3,
    arbitrary: fc
      .constantFrom('stone-1', 'stone-2', 'shop', 'p1-1', 'p2-1', 'l1')
      .chain((objectId) =>
        fc.constantFrom('contact', 'act', 'pick', 'drop', 'destroy').map((type) => ({ type, objectId })),
      ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom('pick', 'redeem').map((action) => ({ type: 'offer', objectId: 'shop', action })),
  },
  { weight: 1, arbitrary: fc.constant({ type: 'create', archetypeId: 'stone', payload: {} }) },
  { weight: 2, arbitrary: fc.constant({ type: 'seen', interactionId: 'info' }) },
  { weight: 1, arbitrary: fc.constantFrom(0, 1, 2).map((answer) => ({ type: 'answer', interactionId: 'q', answer })) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('a', 'b')
      .map((questionId) => ({ type: 'answer', interactionId: 'quiz', questionId, answer: 'x' })),
  },
  { weight: 1, arbitrary: fc.boolean().map((approved) => ({ type: 'confirm', interactionId: 'c', approved })) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(['hi', 'more'], ['hi', 'quit'], ['bye', 'end']).map(([statementId, optionId]) => ({
      type: 'option',
      interactionId: 'talk',
      statementId,
      optionId,
    })),
  },
  { weight: 1, arbitrary: fc.constantFrom('pause', 'resume', 'resume', 'start').map((type) => ({ type })) },
);

const PLAYERS = ['p1', 'p2'];
const stepsArb = fc.array(
  fc.record({ player: fc.constantFrom(...PLAYERS), event: eventArb, wait: fc.integer({ min: 0, max: 90_000 }) }),
  { minLength: 10, maxLength: 80 },
);

/** Plays a random walk from a fresh instance, freezing every state the engine is given. */
function play(spec: GameSpec, steps: Array<{ player: string; event: Record<string, unknown>; wait: number }>) {
  let state: InstanceState = createInstanceState(spec);
  let time = Date.parse('2030-06-01T10:00:00Z');
  const results: StepResult[] = [];
  for (const playerId of PLAYERS) {
    const result = step(spec, deepFreeze(state), { type: 'start', playerId }, new Date(time));
    results.push(result);
    state = result.state;
  }
  for (const { player, event, wait } of steps) {
    time += wait;
    const result = step(spec, deepFreeze(state), { ...event, playerId: player } as EngineEvent, new Date(time));
    results.push(result);
    state = result.state;
  }
  return { state, results };
}

function countsOf(state: InstanceState): number[] {
  const counts: number[] = [...Object.values(state.world.items)];
  for (const offer of Object.values(state.world.offers)) if (offer.quantity !== null) counts.push(offer.quantity);
  for (const player of Object.values(state.players)) {
    counts.push(...Object.values(player.items));
    for (const value of Object.values(player.attributes)) if (typeof value === 'number') counts.push(value);
    for (const holding of Object.values(player.offers)) counts.push(holding.count, holding.picked, holding.redeemed);
  }
  return counts;
}

describe('properties', () => {
  const spec = richSpec();

  it('never mutates the state it is given, and counts never go below 0', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(stepsArb, (steps) => {
        const { results } = play(spec, steps);
        for (const result of results) for (const output of result.outputs) seen.add(output.errorCode ?? output.action);
        for (const { state } of results) {
          for (const count of countsOf(state)) expect(count).toBeGreaterThanOrEqual(0);
          expect(state.players.p1!.items.gem ?? 0).toBeLessThanOrEqual(3); // limited item
        }
      }),
      { numRuns: 150 },
    );
    // The random walks exercise refusals and effects alike.
    for (const what of ['showInfo', 'goToScene', 'askQuestion', 'sayStatement', 'UNKNOWN_OBJECT', 'PAUSED']) {
      expect(seen, what).toContain(what);
    }
  });

  it('applying the view deltas of a random run to the first full view gives the full view at every step', () => {
    fc.assert(
      fc.property(stepsArb, (steps) => {
        const { results } = play(spec, steps);
        for (const playerId of PLAYERS) {
          const views = results
            .filter((result) => result.state.players[playerId])
            .map((result) => viewOf(spec, result.state, playerId));
          // What the app holds: the first full view, then each delta as it crossed the wire (JSON).
          let held = JSON.parse(JSON.stringify(views[0])) as (typeof views)[number];
          for (let n = 1; n < views.length; n += 1) {
            const wire = JSON.parse(JSON.stringify(diffView(views[n - 1]!, views[n]!))) as ReturnType<typeof diffView>;
            held = applyViewDelta(held, wire);
            expect(held).toEqual(JSON.parse(JSON.stringify(views[n])));
          }
          // And the delta of a view to itself changes nothing.
          expect(diffView(views[views.length - 1]!, views[views.length - 1]!)).toEqual({});
        }
      }),
      { numRuns: 100 },
    );
  });

  it('runs a fireOnce rule’s side effects at most once per player', () => {
    const fireOnce = new Set(spec.entities.rule.filter((rule) => rule.fireOnce === true).map((rule) => rule.id));
    let ran = 0;
    fc.assert(
      fc.property(stepsArb, (steps) => {
        const { results } = play(spec, steps);
        const runs = new Map<string, number>();
        results.forEach((result, index) => {
          const playerId = index < PLAYERS.length ? PLAYERS[index]! : steps[index - PLAYERS.length]!.player;
          for (const rule of result.trace.rules) {
            if (rule.branch !== 'sideeffects' || !fireOnce.has(rule.ruleId)) continue;
            const key = `${playerId}/${rule.ruleId}`;
            runs.set(key, (runs.get(key) ?? 0) + 1);
          }
        });
        for (const count of runs.values()) expect(count).toBe(1);
        ran += runs.size;
      }),
      { numRuns: 150 },
    );
    // The random walks do reach the rules.
    expect(ran).toBeGreaterThan(50);
  });

  it('is deterministic: the same events in the same order give deep-equal results', () => {
    fc.assert(
      fc.property(stepsArb, (steps) => {
        const first = play(spec, steps);
        const second = play(richSpec(), steps);
        expect(second.state).toEqual(first.state);
        expect(second.results.map((result) => result.outputs)).toEqual(first.results.map((result) => result.outputs));
        expect(second.results.map((result) => result.records)).toEqual(first.results.map((result) => result.records));
        // The state is plain JSON: it survives a round trip through the database.
        expect(JSON.parse(JSON.stringify(first.state))).toEqual(first.state);
      }),
      { numRuns: 100 },
    );
  });

  it('gives at most one blocking output per action list', () => {
    const pool: ActionName[] = ACTION_NAMES.filter((name) => name !== 'endGame' && name !== 'completeGame');
    const argsFor = (name: ActionName): Action => {
      const what: Partial<Record<ActionName, string>> = {
        showInfo: 'info',
        askQuestion: 'q',
        askQuiz: 'quiz',
        askConfirmation: 'c',
        startConversation: 'talk',
        resumeConversation: 'talk',
        sayStatement: 'bye',
        giveToPlayer: 'gold',
        takeFromPlayer: 'gold',
        setOnPlayer: 'gold',
        giveToWorld: 'gold',
        takeFromWorld: 'gold',
        setOnWorld: 'gold',
        attachToPlayer: 'stone',
        detachFromPlayer: 'stone',
        removePlayerObjects: 'stone',
        attachToWorld: 'stone',
        detachFromWorld: 'stone',
        returnToWorld: 'stone',
        removeFromWorld: 'stone',
        enableScene: 's2',
        disableScene: 's2',
        goToScene: 's2',
        setBackground: 'media',
        assignMission: 'm',
        archiveMission: 'm',
        mutateObject: 'size',
      };
      return act(name, what[name], { value: 1, msg: 'note' });
    };
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pool), { minLength: 1, maxLength: 8 }), (names) => {
        const actions = names.map(argsFor);
        const base = richSpec();
        const spec = parseGameSpec({
          ...base,
          entities: {
            ...base.entities,
            rule: [
              ...base.entities.rule,
              {
                id: 'probe',
                name: 'probe',
                gameId: 'game-1',
                notes: '',
                sceneId: 'u',
                idx: 1,
                fireOnce: false,
                trigger: cond('player-code', 'has_typedscannedcode', undefined, { designerInputString: 'probe' }),
                triggerPreconditions: [],
                sideeffects: actions,
                sideeffectselse: [],
              },
            ],
            archetype: base.entities.archetype.map((archetype) => ({
              ...archetype,
              sideeffectsContact: actions,
            })),
          },
        });
        const session = new Session(spec);
        session.start();
        session.code('probe');
        const fromRule = session.last.outputs.filter((output) => output.blocking);
        expect(fromRule.length).toBeLessThanOrEqual(1);
        session.send({ type: 'contact', objectId: 'stone-1' });
        expect(session.last.outputs.filter((output) => output.blocking).length).toBeLessThanOrEqual(1);
        const blockingInList = names.filter((name) => ACTIONS[name].blocking).length;
        if (blockingInList === 0) expect(fromRule).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it('lets exactly one of two players take a quantity-1 offer, whatever the order of their picks', () => {
    const offerSpec = gameBuilder({ multiplayer: true })
      .scene('s1')
      .offer('last-ticket')
      .placeOffer('booth', 'last-ticket', 's1', at(0, 0), 1)
      .build();
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'b'), { minLength: 1, maxLength: 10 }), (order) => {
        const session = new Session(offerSpec);
        session.start('a');
        session.start('b');
        let successes = 0;
        for (const playerId of order) {
          const result = session.send({ type: 'offer', objectId: 'booth', action: 'pick' }, playerId);
          if (result.records.some((record) => record.status === 'picked')) successes += 1;
          else expect(result.outputs).toMatchObject([{ errorCode: 'QUANTITY_EXHAUSTED' }]);
        }
        expect(successes).toBe(1);
        expect(session.state.world.offers.booth?.quantity).toBe(0);
        const held = ['a', 'b'].map((id) => session.player(id).offers['last-ticket']?.count ?? 0);
        expect(held.sort()).toEqual([0, 1]);
        expect(session.player(order[0]!).offers['last-ticket']?.count).toBe(1);
      }),
      { numRuns: 100 },
    );
  });
});
