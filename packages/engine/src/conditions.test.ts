import { CONDITION_TYPES, CONDITION_TYPE_NAMES, type ConditionType } from '@loci/domain';
import { describe, expect, it } from 'vitest';
import { compileSpec } from './compile.js';
import { compareSome, compileCondition } from './conditions.js';
import { act, all, at, cond, gameBuilder, option, options, Session, subMission } from './test/builders.js';

/**
 * One scenario per condition type of the vocabulary (the Record makes a
 * missing type a compile error). Each builds a small game with probe rules:
 * typing the probe's code answers 'yes' when its conditions hold.
 */
const SCENARIOS: Record<ConditionType, () => void> = {
  'player-scene': () => {
    const spec = gameBuilder()
      .scene('s1')
      .scene('s2')
      .onCode('go', [act('goToScene', 's2')])
      .probe('entered-s1', cond('player-scene', 'has_entered', 's1'))
      .probe('in-s1', cond('player-scene', 'is_currently_in', 's1'))
      .probe('visited-s1', cond('player-scene', 'has_visited', 's1'))
      .probe('exited-s1', cond('player-scene', 'has_exited', 's1'))
      .probe('not-entered-s2', cond('player-scene', 'not_has_entered', 's2'))
      .probe('not-visited-s2', cond('player-scene', 'not_has_visited', 's2'))
      .build();
    const session = new Session(spec);
    session.start();
    expect(session.probe('entered-s1')).toBe('yes');
    expect(session.probe('in-s1')).toBe('yes');
    expect(session.probe('visited-s1')).toBe('yes');
    expect(session.probe('exited-s1')).toBe('no');
    expect(session.probe('not-entered-s2')).toBe('yes');
    expect(session.probe('not-visited-s2')).toBe('yes');
    session.code('go');
    expect(session.probe('entered-s1')).toBe('no');
    expect(session.probe('in-s1')).toBe('no');
    expect(session.probe('visited-s1')).toBe('yes');
    expect(session.probe('exited-s1')).toBe('yes');
    expect(session.probe('not-entered-s2')).toBe('no');
    expect(session.probe('not-visited-s2')).toBe('no');
  },
  'player-location': () => {
    const spec = gameBuilder()
      .scene('s1')
      .location('l1', 's1', at(0, 0), { radius: 50 })
      .probe('entered', cond('player-location', 'has_entered', 'l1'))
      .probe('in', cond('player-location', 'is_currently_in', 'l1'))
      .probe('visited', cond('player-location', 'has_visited', 'l1'))
      .probe('exited', cond('player-location', 'has_exited', 'l1'))
      .probe('not-in', cond('player-location', 'not_is_currently_in', 'l1'))
      .probe('not-exited', cond('player-location', 'not_has_exited', 'l1'))
      .build();
    const session = new Session(spec);
    session.start();
    session.goTo(at(500, 0));
    expect([session.probe('entered'), session.probe('visited'), session.probe('not-in')]).toEqual(['no', 'no', 'yes']);
    session.goTo(at(30, 0));
    expect([session.probe('entered'), session.probe('in'), session.probe('visited')]).toEqual(['yes', 'yes', 'yes']);
    expect(session.probe('exited')).toBe('no');
    session.goTo(at(60, 0));
    expect([session.probe('entered'), session.probe('in'), session.probe('exited')]).toEqual(['no', 'no', 'yes']);
    expect([session.probe('visited'), session.probe('not-exited')]).toEqual(['yes', 'no']);
  },
  'player-item': () => {
    const spec = gameBuilder()
      .scene('s1')
      .item('key')
      .onCode('give', [act('giveToPlayer', 'key', { value: 1 })])
      .probe('owns', cond('player-item', 'owns', 'key'))
      .probe('not-owns', cond('player-item', 'not_owns', 'key'))
      .build();
    const session = new Session(spec);
    session.start();
    expect([session.probe('owns'), session.probe('not-owns')]).toEqual(['no', 'yes']);
    session.code('give');
    expect([session.probe('owns'), session.probe('not-owns')]).toEqual(['yes', 'no']);
  },
  'player-some-item': () => {
    const some = (comparator: 'at_least' | 'at_most' | 'exact', n: number) =>
      cond('player-some-item', 'owns', 'gem', { some: comparator, someNumber: n });
    const spec = gameBuilder()
      .scene('s1')
      .item('gem')
      .onCode('give', [act('giveToPlayer', 'gem', { value: 3 })])
      .probe('least3', some('at_least', 3))
      .probe('most2', some('at_most', 2))
      .probe('exact3', some('exact', 3))
      .build();
    const session = new Session(spec);
    session.start();
    expect([session.probe('least3'), session.probe('most2'), session.probe('exact3')]).toEqual(['no', 'yes', 'no']);
    session.code('give');
    expect([session.probe('least3'), session.probe('most2'), session.probe('exact3')]).toEqual(['yes', 'no', 'yes']);
  },
  'player-some-currency': () => {
    const spec = gameBuilder({ market: true })
      .scene('s1')
      .item('coin', { isCurrency: true })
      .onCode('pay', [act('giveToPlayer', 'coin', { value: 5 })])
      .probe('rich', cond('player-some-currency', 'owns', undefined, { some: 'at_least', someNumber: 5 }))
      .probe('four', cond('player-some-currency', 'owns', undefined, { some: 'exact', someNumber: 4 }))
      .build();
    const session = new Session(spec);
    session.start();
    expect(session.probe('rich')).toBe('no');
    session.code('pay');
    expect([session.probe('rich'), session.probe('four')]).toEqual(['yes', 'no']);
  },
  'player-attribute': () => {
    const spec = gameBuilder()
      .scene('s1')
      .attribute('strength')
      .onCode('train', [act('giveToPlayer', 'strength', { value: 2 })])
      .onCode('tire', [act('takeFromPlayer', 'strength', { value: 2 })])
      .probe('is', cond('player-attribute', 'is_attributed', 'strength'))
      .probe('was', cond('player-attribute', 'was_attributed', 'strength'))
      .probe('has2', cond('player-attribute', 'has', 'strength', { some: 'at_least', someNumber: 2 }))
      .build();
    const session = new Session(spec);
    session.start();
    expect([session.probe('is'), session.probe('was'), session.probe('has2')]).toEqual(['no', 'no', 'no']);
    session.code('train');
    expect([session.probe('is'), session.probe('was'), session.probe('has2')]).toEqual(['yes', 'yes', 'yes']);
    session.code('tire');
    expect([session.probe('is'), session.probe('was'), session.probe('has2')]).toEqual(['no', 'yes', 'no']);
  },
  'player-info': () => {
    const spec = gameBuilder()
      .scene('s1')
      .info('welcome')
      .onCode('show', [act('showInfo', 'welcome')])
      .probe('seen', cond('player-info', 'has_seen', 'welcome'))
      .probe('not-seen', cond('player-info', 'not_has_seen', 'welcome'))
      .build();
    const session = new Session(spec);
    session.start();
    session.code('show');
    expect([session.probe('seen'), session.probe('not-seen')]).toEqual(['no', 'yes']);
    session.send({ type: 'seen', interactionId: 'welcome' });
    expect([session.probe('seen'), session.probe('not-seen')]).toEqual(['yes', 'no']);
  },
  'player-question': () => {
    const spec = gameBuilder()
      .scene('s1')
      .question('easy', { hasCorrectAnswer: true, correctAnswer: 'Paris' })
      .question('hard', { hasCorrectAnswer: true, correctAnswer: '42', dType: 'number' })
      .onCode('ask', [act('askQuestion', 'easy')])
      .onCode('ask-hard', [act('askQuestion', 'hard')])
      .probe('asked', cond('player-question', 'has_been_asked', 'easy'))
      .probe('answered', cond('player-question', 'has_answered', 'easy'))
      .probe('passed', cond('player-question', 'has_passed', 'easy'))
      .probe('failed-hard', cond('player-question', 'has_failed', 'hard'))
      .build();
    const session = new Session(spec);
    session.start();
    expect(session.probe('asked')).toBe('no');
    session.code('ask');
    expect([session.probe('asked'), session.probe('answered')]).toEqual(['yes', 'no']);
    session.send({ type: 'answer', interactionId: 'easy', answer: ' paris ' });
    expect([session.probe('answered'), session.probe('passed')]).toEqual(['yes', 'yes']);
    session.code('ask-hard');
    session.send({ type: 'answer', interactionId: 'hard', answer: 41 });
    expect(session.probe('failed-hard')).toBe('yes');
  },
  'player-quiz': () => {
    const spec = gameBuilder()
      .scene('s1')
      .quiz('quiz', [
        { id: 'q1', qType: 'MC', hasCorrectAnswer: true, options: options(3, [1]) },
        { id: 'q2', hasCorrectAnswer: true, correctAnswer: 'blue' },
      ])
      .onCode('ask', [act('askQuiz', 'quiz')])
      .probe('asked-q1', cond('player-quiz', 'has_been_asked', 'quiz', { subElementId: 'q1' }))
      .probe('answered-q1', cond('player-quiz', 'has_answered', 'quiz', { subElementId: 'q1' }))
      .probe('passed-q1', cond('player-quiz', 'has_passed', 'quiz', { subElementId: '0' }))
      .probe('failed-q2', cond('player-quiz', 'has_failed', 'quiz', { subElementId: 'q2' }))
      .probe('completed', cond('player-quiz', 'has_completed', 'quiz'))
      .probe('passed', cond('player-quiz', 'has_passed', 'quiz'))
      .probe('failed', cond('player-quiz', 'has_failed', 'quiz'))
      .build();
    const session = new Session(spec);
    session.start();
    expect(session.probe('asked-q1')).toBe('no');
    session.code('ask');
    expect([session.probe('asked-q1'), session.probe('answered-q1')]).toEqual(['yes', 'no']);
    session.send({ type: 'answer', interactionId: 'quiz', questionId: 'q1', answer: 1 });
    expect([session.probe('answered-q1'), session.probe('passed-q1'), session.probe('completed')]).toEqual([
      'yes',
      'yes',
      'no',
    ]);
    session.send({ type: 'answer', interactionId: 'quiz', questionId: 1, answer: 'red' });
    expect([session.probe('failed-q2'), session.probe('completed')]).toEqual(['yes', 'yes']);
    expect([session.probe('passed'), session.probe('failed')]).toEqual(['no', 'yes']);
  },
  'player-confirmation': () => {
    const spec = gameBuilder()
      .scene('s1')
      .confirmation('sure')
      .onCode('ask', [act('askConfirmation', 'sure')])
      .probe('approved', cond('player-confirmation', 'has_approved', 'sure'))
      .probe('not-approved', cond('player-confirmation', 'not_has_approved', 'sure'))
      .probe('answered', cond('player-confirmation', 'has_answered', 'sure'))
      .build();
    const session = new Session(spec);
    session.start();
    session.code('ask');
    expect([session.probe('approved'), session.probe('not-approved'), session.probe('answered')]).toEqual([
      'no',
      'yes',
      'no',
    ]);
    session.send({ type: 'confirm', interactionId: 'sure', approved: true });
    expect([session.probe('approved'), session.probe('not-approved'), session.probe('answered')]).toEqual([
      'yes',
      'no',
      'yes',
    ]);
  },
  'player-conversation': () => {
    const spec = gameBuilder()
      .scene('s1')
      .conversation('talk', [
        { id: 'hello', options: [option('hi', [act('sayStatement', 'bye')])] },
        { id: 'bye', options: [option('ciao', [act('completeConversation')])] },
      ])
      .onCode('talk', [act('startConversation', 'talk')])
      .probe('started', cond('player-conversation', 'has_started', 'talk'))
      .probe('talked', cond('player-conversation', 'has_talked', 'talk'))
      .probe('completed', cond('player-conversation', 'has_completed', 'talk'))
      .build();
    const session = new Session(spec);
    session.start();
    expect(session.probe('started')).toBe('no');
    session.code('talk');
    expect([session.probe('started'), session.probe('talked')]).toEqual(['yes', 'no']);
    session.send({ type: 'option', interactionId: 'talk', statementId: 'hello', optionId: 'hi' });
    expect([session.probe('talked'), session.probe('completed')]).toEqual(['yes', 'no']);
    session.send({ type: 'option', interactionId: 'talk', statementId: 'bye', optionId: 'ciao' });
    expect(session.probe('completed')).toBe('yes');
  },
  'player-mission': () => {
    const spec = gameBuilder()
      .scene('s1')
      .item('flag')
      .mission('capture', { accomplishmentType: 'condition', condition: all(cond('player-item', 'owns', 'flag')) })
      .mission('photo', {
        accomplishmentType: 'submissions',
        submissions: [
          subMission('snap', { accomplishmentType: 'action', action: captureAction() }),
          subMission('own', { accomplishmentType: 'condition', condition: all(cond('player-item', 'owns', 'flag')) }),
        ],
      })
      .onCode('assign', [act('assignMission', 'capture'), act('assignMission', 'photo')])
      .onCode('flag', [act('giveToPlayer', 'flag', { value: 1 })])
      .probe('assigned', cond('player-mission', 'has_been_assigned', 'capture'))
      .probe('started', cond('player-mission', 'has_started', 'capture'))
      .probe('completed', cond('player-mission', 'has_completed', 'capture'))
      .probe('photo-started', cond('player-mission', 'has_started', 'photo'))
      .probe('snap-done', cond('player-mission', 'has_completed', 'snap'))
      .build();
    const session = new Session(spec);
    session.start();
    expect(session.probe('assigned')).toBe('no');
    session.code('assign');
    expect([session.probe('assigned'), session.probe('started'), session.probe('completed')]).toEqual([
      'yes',
      'yes',
      'no',
    ]);
    expect(session.probe('photo-started')).toBe('no');
    session.send({ type: 'submission', missionId: 'snap', text: 'a photo' });
    expect([session.probe('photo-started'), session.probe('snap-done')]).toEqual(['yes', 'yes']);
    session.code('flag');
    expect(session.probe('completed')).toBe('yes');
  },
  'player-object': () => {
    const spec = gameBuilder()
      .scene('s1')
      .archetype('stone', { pickable: true, redropable: true, destroyable: true, playerGenerated: true })
      .object('stone-1', 'stone', 's1', at(0, 0))
      .probe('created', cond('player-object', 'has_created', 'stone'))
      .probe('picked', cond('player-object', 'has_picked', 'stone'))
      .probe('dropped', cond('player-object', 'has_dropped', 'stone'))
      .probe('destroyed', cond('player-object', 'has_destroyed', 'stone'))
      .probe('owns', cond('player-object', 'owns', 'stone'))
      .build();
    const session = new Session(spec);
    session.start();
    session.goTo(at(5, 0));
    expect([session.probe('picked'), session.probe('owns')]).toEqual(['no', 'no']);
    session.send({ type: 'pick', objectId: 'stone-1' });
    expect([session.probe('picked'), session.probe('owns')]).toEqual(['yes', 'yes']);
    session.send({ type: 'drop', objectId: 'stone-1' });
    expect([session.probe('dropped'), session.probe('owns')]).toEqual(['yes', 'no']);
    session.send({ type: 'destroy', objectId: 'stone-1' });
    expect(session.probe('destroyed')).toBe('yes');
    expect(session.probe('created')).toBe('no');
    session.send({
      type: 'create',
      archetypeId: 'stone',
      payload: {},
      latitude: at(1).latitude,
      longitude: at(1).longitude,
    });
    expect(session.probe('created')).toBe('yes');
  },
  'player-offer': () => {
    const spec = gameBuilder()
      .scene('s1')
      .offer('coffee', { quantity: 5 })
      .placeOffer('cafe', 'coffee', 's1', at(0, 0))
      .probe('picked', cond('player-offer', 'has_picked', 'coffee'))
      .probe('owns', cond('player-offer', 'owns', 'coffee'))
      .probe('redeemed', cond('player-offer', 'has', 'coffee'))
      .build();
    const session = new Session(spec);
    session.start();
    session.goTo(at(3, 0));
    expect([session.probe('picked'), session.probe('owns'), session.probe('redeemed')]).toEqual(['no', 'no', 'no']);
    session.send({ type: 'offer', objectId: 'cafe', action: 'pick' });
    expect([session.probe('picked'), session.probe('owns'), session.probe('redeemed')]).toEqual(['yes', 'yes', 'no']);
    session.send({ type: 'offer', objectId: 'cafe', action: 'redeem' });
    expect([session.probe('picked'), session.probe('owns'), session.probe('redeemed')]).toEqual(['yes', 'no', 'yes']);
  },
  'player-code': () => {
    const spec = gameBuilder()
      .scene('s1')
      .probe('typed', cond('player-code', 'has_typedscannedcode', undefined, { designerInputString: 'Secret 7' }))
      .build();
    const session = new Session(spec);
    session.start();
    expect(session.probe('typed')).toBe('no');
    session.code('  secret 7 ');
    expect(session.probe('typed')).toBe('yes');
  },
  'player-game': () => {
    const spec = gameBuilder()
      .scene('s1')
      .onCode('win', [act('completeGame')])
      .rule('after', 'u', cond('player-game', 'has_completed'), [act('showNotification', undefined, { msg: 'bravo' })])
      .probe('started', cond('player-game', 'has_started'))
      .probe('completed', cond('player-game', 'has_completed'))
      .build();
    const session = new Session(spec);
    session.start();
    expect([session.probe('started'), session.probe('completed')]).toEqual(['yes', 'no']);
    session.code('win');
    expect(session.actions()).toEqual(['completeGame', 'showNotification']);
    expect(session.player().finished).toMatchObject({ completed: true });
  },
  'player-current-object': () => {
    const spec = gameBuilder()
      .scene('s1')
      .archetype('door', {
        conditionContact: all(cond('player-current-object', 'is', 'door')),
        sideeffectsContact: [act('showNotification', undefined, { msg: 'yes' })],
        sideeffectsElseContact: [act('showNotification', undefined, { msg: 'no' })],
      })
      .archetype('window', {
        conditionContact: all(cond('player-current-object', 'is', 'door')),
        sideeffectsContact: [act('showNotification', undefined, { msg: 'yes' })],
        sideeffectsElseContact: [act('showNotification', undefined, { msg: 'no' })],
      })
      .object('door-1', 'door', 's1', at(0, 0))
      .object('window-1', 'window', 's1', at(0, 0))
      .probe('any', cond('player-current-object', 'is'))
      .build();
    const session = new Session(spec);
    session.start();
    expect(session.probe('any')).toBe('no');
    session.send({ type: 'contact', objectId: 'door-1' });
    expect(session.outputs('showNotification')[0]?.message).toBe('yes');
    session.send({ type: 'contact', objectId: 'window-1' });
    expect(session.outputs('showNotification')[0]?.message).toBe('no');
  },
  'world-item': () => {
    const spec = gameBuilder()
      .scene('s1')
      .item('treasure')
      .onCode('bury', [act('giveToWorld', 'treasure', { value: 1 })])
      .probe('has', cond('world-item', 'has', 'treasure'))
      .build();
    const session = new Session(spec);
    session.start();
    expect(session.probe('has')).toBe('no');
    session.code('bury');
    expect(session.probe('has')).toBe('yes');
  },
  'world-some-item': () => {
    const spec = gameBuilder()
      .scene('s1')
      .item('wood')
      .onCode('chop', [act('giveToWorld', 'wood', { value: 2 })])
      .probe('pile', cond('world-some-item', 'has', 'wood', { some: 'at_least', someNumber: 4 }))
      .build();
    const session = new Session(spec);
    session.start();
    session.code('chop');
    expect(session.probe('pile')).toBe('no');
    session.code('chop');
    expect(session.probe('pile')).toBe('yes');
  },
  'world-object': () => {
    const spec = gameBuilder()
      .scene('s1')
      .archetype('tree')
      .object('tree-1', 'tree', 's1', at(0, 0))
      .onCode('fell', [act('removeFromWorld', 'tree')])
      .probe('has', cond('world-object', 'has', 'tree'))
      .build();
    const session = new Session(spec);
    session.start();
    expect(session.probe('has')).toBe('yes');
    session.code('fell');
    expect(session.probe('has')).toBe('no');
  },
  'game-status': () => {
    const spec = gameBuilder()
      .scene('s1')
      .onCode('win', [act('completeGame')])
      .rule('end', 'u', cond('player-game', 'has_completed'), [act('showNotification', undefined, { msg: 'over' })], {
        pre: all(cond('game-status', 'is', undefined, { designerInputString: 'completed' })),
      })
      .probe('active', cond('game-status', 'is', undefined, { designerInputString: 'active' }))
      .probe('completed', cond('game-status', 'is', undefined, { designerInputString: 'completed' }))
      .build();
    const session = new Session(spec);
    session.start();
    expect([session.probe('active'), session.probe('completed')]).toEqual(['yes', 'no']);
    session.code('win');
    expect(session.state.world.status).toBe('completed');
    expect(session.outputs('showNotification').map((output) => output.message)).toEqual(['over']);
  },
  milestone: () => {
    const spec = gameBuilder()
      .scene('s1')
      .item('key')
      .milestone('m-key', all(cond('player-item', 'owns', 'key')))
      .onCode('give', [act('giveToPlayer', 'key', { value: 1 })])
      .probe('reached', cond('milestone', 'has_reached', 'm-key'))
      .probe('not-reached', cond('milestone', 'not_has_reached', 'm-key'))
      .build();
    const session = new Session(spec);
    session.start();
    expect([session.probe('reached'), session.probe('not-reached')]).toEqual(['no', 'yes']);
    session.code('give');
    expect([session.probe('reached'), session.probe('not-reached')]).toEqual(['yes', 'no']);
  },
  // ─── The clock (issue 28) ───
  'player-clock': () => {
    const spec = gameBuilder({ timeLimit: { mode: 'duration', minutes: 30, endsAt: null, endsGame: true } })
      .scene('s1')
      .probe('played-5', cond('player-clock', 'has_played_for', undefined, { some: 'at_least', someNumber: 5 }))
      .probe('left-10', cond('player-clock', 'has_time_left', undefined, { some: 'at_most', someNumber: 10 }))
      .probe('out', cond('player-clock', 'has_run_out_of_time'))
      .build();
    const session = new Session(spec);
    session.start();
    expect([session.probe('played-5'), session.probe('left-10'), session.probe('out')]).toEqual(['no', 'no', 'no']);
    session.advance(5 * MINUTE);
    expect(session.probe('played-5')).toBe('yes');
    session.advance(15 * MINUTE - 1);
    expect(session.probe('left-10')).toBe('no');
    session.advance(1);
    expect(session.probe('left-10')).toBe('yes');
    session.advance(10 * MINUTE - 1);
    expect(session.probe('out')).toBe('no');
    session.advance(1);
    session.tick();
    // Time is up: the game ended, so only the trace of the tick tells the rules saw it.
    expect(session.player().finished).toMatchObject({ completed: false });
  },
  'clock-time': () => {
    const spec = gameBuilder({ timezone: 'Europe/Athens' })
      .scene('s1')
      .probe('past', cond('clock-time', 'is_past', undefined, { designerInputString: '14:30' }))
      .probe('not-past', cond('clock-time', 'not_is_past', undefined, { designerInputString: '14:30' }))
      .build();
    // 11:29 UTC is 14:29 in Athens in summer (UTC+3).
    const session = new Session(spec, { now: new Date('2030-06-01T11:29:00Z') });
    session.start();
    expect([session.probe('past'), session.probe('not-past')]).toEqual(['no', 'yes']);
    session.advance(MINUTE);
    expect([session.probe('past'), session.probe('not-past')]).toEqual(['yes', 'no']);
  },
  'player-scene-time': () => {
    const spec = gameBuilder()
      .scene('s1')
      .scene('s2')
      .onCode('go', [act('goToScene', 's2')])
      .probe('s2-3', cond('player-scene-time', 'has_been_in_for', 's2', { some: 'at_least', someNumber: 3 }))
      .build();
    const session = new Session(spec);
    session.start();
    session.advance(10 * MINUTE);
    expect(session.probe('s2-3')).toBe('no');
    session.code('go');
    session.advance(3 * MINUTE - 1);
    expect(session.probe('s2-3')).toBe('no');
    session.advance(1);
    expect(session.probe('s2-3')).toBe('yes');
  },
  'player-mission-time': () => {
    const spec = gameBuilder()
      .scene('s1')
      .mission('m', {})
      .onCode('assign', [act('assignMission', 'm')])
      .probe('m-5', cond('player-mission-time', 'has_been_assigned_for', 'm', { some: 'at_least', someNumber: 5 }))
      .build();
    const session = new Session(spec);
    session.start();
    expect(session.probe('m-5')).toBe('no');
    session.code('assign');
    session.advance(5 * MINUTE);
    expect(session.probe('m-5')).toBe('yes');
  },
  'player-timer': () => {
    const spec = gameBuilder()
      .scene('s1')
      .onCode('start', [act('startTimer', 'Bomb', { value: 2 })])
      .probe('elapsed', cond('player-timer', 'has_elapsed', undefined, { designerInputString: 'bomb' }))
      .probe('running', cond('player-timer', 'is_running', undefined, { designerInputString: 'bomb' }))
      .build();
    const session = new Session(spec);
    session.start();
    expect([session.probe('elapsed'), session.probe('running')]).toEqual(['no', 'no']);
    session.code('start');
    expect([session.probe('elapsed'), session.probe('running')]).toEqual(['no', 'yes']);
    session.advance(2 * MINUTE);
    expect([session.probe('elapsed'), session.probe('running')]).toEqual(['yes', 'no']);
  },
};

const MINUTE = 60_000;

function captureAction() {
  return {
    type: 'ACTION_TYPE_CAPTURE' as const,
    captureNow: false,
    mediatypemediaRequired: false,
    mediatypetextRequired: true,
    mediatypeimage: false,
    mediatypevideo: false,
    mediatypeaudio: false,
    mediatypetext: true,
  };
}

describe('condition vocabulary', () => {
  it.each(CONDITION_TYPE_NAMES.map((type) => [type]))('%s evaluates every verb of its scenario', (type) => {
    SCENARIOS[type]();
  });

  it('every verb of the vocabulary compiles without a problem', () => {
    const c = compileSpec(gameBuilder().scene('s1').build());
    for (const type of CONDITION_TYPE_NAMES) {
      for (const verb of CONDITION_TYPES[type].verbs) {
        expect(compileCondition(cond(type, verb, 'x'), c).problem, `${type} ${verb}`).toBeUndefined();
      }
    }
  });

  it('an unknown type or verb never holds and is reported by compileSpec', () => {
    const spec = gameBuilder()
      .scene('s1')
      .rule('weird', 's1', cond('player-item', 'has_danced' as string, 'x'), [act('endGame')])
      .build();
    expect(compileSpec(spec).problems).toEqual(["Rule weird: Verb 'has_danced' is not a verb of player-item"]);
    const session = new Session(spec);
    session.start();
    expect(session.actions()).toEqual(['goToScene']);
  });

  it('compares counts at least, at most and exactly (at least 1 by default)', () => {
    expect(compareSome(3, 'at_least', 3)).toBe(true);
    expect(compareSome(2, 'at_least', 3)).toBe(false);
    expect(compareSome(3, 'at_most', 3)).toBe(true);
    expect(compareSome(4, 'at_most', 3)).toBe(false);
    expect(compareSome(3, 'exact', 3)).toBe(true);
    expect(compareSome(1, undefined, undefined)).toBe(true);
    expect(compareSome(0, undefined, undefined)).toBe(false);
  });

  it('ANDs the conditions of a block and ORs the blocks; no block holds', () => {
    const spec = gameBuilder()
      .scene('s1')
      .item('a')
      .item('b')
      .onCode('a', [act('giveToPlayer', 'a', { value: 1 })])
      .probe('both', all(cond('player-item', 'owns', 'a'), cond('player-item', 'owns', 'b')))
      .probe('either', [
        { conditions: [cond('player-item', 'owns', 'a')] },
        { conditions: [cond('player-item', 'owns', 'b')] },
      ])
      .probe('nothing', [])
      .build();
    const session = new Session(spec);
    session.start();
    expect([session.probe('both'), session.probe('either'), session.probe('nothing')]).toEqual(['no', 'no', 'yes']);
    session.code('a');
    expect([session.probe('both'), session.probe('either')]).toEqual(['no', 'yes']);
  });
});
