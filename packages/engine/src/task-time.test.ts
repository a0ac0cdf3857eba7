import type { MissionAction } from '@loci/domain';
import { describe, expect, it } from 'vitest';
import { nextDueOf } from './clock.js';
import { replayLog, type ReplayEntry } from './replay.js';
import { act, cond, gameBuilder, Session } from './test/builders.js';
import { viewOf } from './view.js';
import type { EngineEvent } from './types.js';

const SECOND = 1000;
const MINUTE = 60_000;

const photo: MissionAction = {
  type: 'ACTION_TYPE_CAPTURE',
  captureNow: false,
  mediatypemediaRequired: false,
  mediatypetextRequired: true,
  mediatypeimage: false,
  mediatypevideo: false,
  mediatypeaudio: false,
  mediatypetext: true,
};

/** A question with 60 seconds to answer and a rule on its time running out. */
function timedQuestion(reTryIfFailed = false) {
  return gameBuilder()
    .scene('s1')
    .question('q', { hasCorrectAnswer: true, correctAnswer: 'blue', attempts: 2, reTryIfFailed })
    .timeLimit('q', 60)
    .onCode('ask', [act('askQuestion', 'q')])
    .rule('late', 's1', cond('player-question', 'has_timed_out', 'q'), [
      act('showNotification', undefined, { msg: 'Too slow!' }),
    ])
    .build();
}

describe('time limits on tasks (issue 28): a question', () => {
  it('runs out 60 seconds after it is asked, at the tick the server steps with the phone idle', () => {
    const session = new Session(timedQuestion());
    session.start();
    expect(nextDueOf(session.spec, session.state, 'p1', session.now)).toBeNull();
    session.code('ask');
    expect(session.player().clock?.tasks).toEqual({ 'interaction:q': '2030-06-01T10:01:00.000Z' });
    expect(nextDueOf(session.spec, session.state, 'p1', session.now)).toBe('2030-06-01T10:01:00.000Z');
    // The phone reads when it runs out from its view (with the server's time to count down from).
    const view = viewOf(session.spec, session.state, 'p1', session.now);
    expect(view.clock).toMatchObject({ deadline: null, tasks: { 'interaction:q': '2030-06-01T10:01:00.000Z' } });
    expect(view.pending.map((output) => output.action)).toEqual(['askQuestion']);

    session.advance(60 * SECOND).tick();
    expect(session.player().questions.q).toMatchObject({
      open: false,
      answered: false,
      timedOutWhen: '2030-06-01T10:01:00.000Z',
    });
    expect(session.last.outputs).toEqual([
      {
        playerId: 'p1',
        action: 'showNotification',
        interactionId: 'q',
        message: 'Time is up: q',
        text: { key: 'taskTimeUp', values: { title: 'q' } },
      },
      { playerId: 'p1', action: 'showNotification', message: 'Too slow!' },
    ]);
    expect(session.last.records).toMatchObject([{ name: 'has run out of time on a task', interactionId: 'q' }]);
    // The dialog leaves the phone; nothing more is due; an answer now is too late.
    expect(viewOf(session.spec, session.state, 'p1', session.now).pending).toEqual([]);
    expect(session.player().clock?.tasks).toEqual({});
    expect(nextDueOf(session.spec, session.state, 'p1', session.now)).toBeNull();
    session.send({ type: 'answer', interactionId: 'q', answer: 'blue' });
    expect(session.error()).toBe('NOT_ASKED');
  });

  it('an answer in time stops it: the tick then changes nothing and the rule never fires', () => {
    const session = new Session(timedQuestion());
    session.start();
    session.code('ask');
    session.advance(30 * SECOND).send({ type: 'answer', interactionId: 'q', answer: 'blue' });
    expect(session.player().questions.q).toMatchObject({ passed: true, open: false });
    expect(session.player().questions.q?.timedOutWhen).toBeUndefined();
    expect(session.player().clock?.tasks).toEqual({});
    expect(nextDueOf(session.spec, session.state, 'p1', session.now)).toBeNull();
    session.advance(MINUTE).tick();
    expect(session.last.outputs).toEqual([]);
  });

  it('a wrong answer with attempts left keeps it running; an answer after the time, before the tick, is too late', () => {
    const session = new Session(timedQuestion());
    session.start();
    session.code('ask');
    session.advance(10 * SECOND).send({ type: 'answer', interactionId: 'q', answer: 'red' });
    expect(session.player().clock?.tasks).toEqual({ 'interaction:q': '2030-06-01T10:01:00.000Z' });
    session.advance(55 * SECOND).send({ type: 'answer', interactionId: 'q', answer: 'blue' });
    // The answer is refused; the server's tick times the question out (with its rule).
    expect(session.error()).toBe('NOT_ASKED');
    session.tick();
    expect(session.player().questions.q?.timedOutWhen).toBe('2030-06-01T10:01:05.000Z');
    expect(session.outputs('showNotification').map((output) => output.message)).toEqual(['Time is up: q', 'Too slow!']);
  });

  it('asked again only when it allows a retry, with a fresh time limit', () => {
    const strict = new Session(timedQuestion(false));
    strict.start();
    strict.code('ask');
    strict.advance(MINUTE).tick();
    strict.code('ask');
    expect(strict.outputs('askQuestion')).toEqual([]);

    const lenient = new Session(timedQuestion(true));
    lenient.start();
    lenient.code('ask');
    lenient.advance(MINUTE).tick();
    lenient.advance(5 * SECOND).code('ask');
    expect(lenient.outputs('askQuestion')).toHaveLength(1);
    expect(lenient.player().questions.q?.open).toBe(true);
    expect(lenient.player().clock?.tasks).toEqual({ 'interaction:q': '2030-06-01T10:02:05.000Z' });
  });

  it('a pause of the instance’s clock holds it, and the resume moves it on', () => {
    const session = new Session(timedQuestion(), { multiplayer: true });
    session.start();
    session.code('ask');
    session.advance(20 * SECOND).apply({ type: 'clock', control: 'pause' });
    expect(nextDueOf(session.spec, session.state, 'p1', session.now)).toBeNull();
    session.advance(5 * MINUTE).tick();
    expect(session.player().questions.q?.open).toBe(true);
    session.apply({ type: 'clock', control: 'resume' });
    expect(session.player().clock?.tasks).toEqual({ 'interaction:q': '2030-06-01T10:06:00.000Z' });
  });
});

describe('time limits on tasks (issue 28): on a playtest’s fast clock', () => {
  it('a question’s 60 seconds last 6 at 10×, a mission’s 5 minutes 30 seconds', () => {
    const spec = gameBuilder()
      .scene('s1')
      .question('q')
      .timeLimit('q', 60)
      .mission('m', { accomplishmentType: 'action', action: photo })
      .timeLimit('m', 5)
      .onCode('go', [act('askQuestion', 'q'), act('assignMission', 'm')])
      .build();
    const session = new Session(spec);
    session.apply({ type: 'clock', control: 'rate', rate: 10 });
    session.start();
    session.code('go');
    expect(session.player().clock?.tasks).toEqual({
      'interaction:q': '2030-06-01T10:00:06.000Z',
      'mission:m': '2030-06-01T10:00:30.000Z',
    });
  });
});

describe('time limits on tasks (issue 28): a quiz', () => {
  it('closes the whole quiz when its time runs out; has_timed_out holds for the quiz', () => {
    const spec = gameBuilder()
      .scene('s1')
      .quiz('z', [{ id: 'z1' }, { id: 'z2' }])
      .timeLimit('z', 90)
      .onCode('ask', [act('askQuiz', 'z')])
      .probe('late?', cond('player-quiz', 'has_timed_out', 'z'))
      .build();
    const session = new Session(spec);
    session.start();
    session.code('ask');
    expect(session.probe('late?')).toBe('no');
    session.send({ type: 'answer', interactionId: 'z', questionId: 'z1', answer: 'x' });
    session.advance(90 * SECOND).tick();
    expect(session.player().quizzes.z).toMatchObject({ open: false, completedWhen: null });
    expect(session.player().quizzes.z?.timedOutWhen).toBe('2030-06-01T10:01:30.000Z');
    expect(session.player().pending).toEqual([]);
    expect(session.probe('late?')).toBe('yes');
    session.code('ask');
    expect(session.outputs('askQuiz')).toEqual([]);
  });
});

describe('time limits on tasks (issue 28): a mission', () => {
  function timedMission() {
    return gameBuilder()
      .scene('s1')
      .mission('m', { accomplishmentType: 'action', action: photo })
      .timeLimit('m', 5)
      .onCode('assign', [act('assignMission', 'm')])
      .rule('late', 's1', cond('player-mission', 'has_timed_out', 'm'), [
        act('showNotification', undefined, { msg: 'Mission failed' }),
      ])
      .build();
  }

  it('times out 5 minutes after it is assigned: no submission is taken, the view says so', () => {
    const session = new Session(timedMission());
    session.start();
    session.code('assign');
    expect(nextDueOf(session.spec, session.state, 'p1', session.now)).toBe('2030-06-01T10:05:00.000Z');
    session.advance(5 * MINUTE).tick();
    expect(session.player().missions.m?.timedOutWhen).toBe('2030-06-01T10:05:00.000Z');
    expect(session.outputs('showNotification').map((output) => output.message)).toEqual([
      'Time is up: m',
      'Mission failed',
    ]);
    expect(viewOf(session.spec, session.state, 'p1').missions).toMatchObject([
      { missionId: 'm', status: 'assigned', timedOutWhen: '2030-06-01T10:05:00.000Z' },
    ]);
    session.send({ type: 'submission', missionId: 'm', text: 'late' });
    expect(session.error()).toBe('NOT_SUBMITTABLE');
  });

  it('accomplished in time, it stops: nothing is due and the rule never fires', () => {
    const session = new Session(timedMission());
    session.start();
    session.code('assign');
    session.advance(4 * MINUTE).send({ type: 'submission', missionId: 'm', text: 'done' });
    expect(session.player().missions.m?.completedWhen).toBe('2030-06-01T10:04:00.000Z');
    expect(nextDueOf(session.spec, session.state, 'p1', session.now)).toBeNull();
    session.advance(5 * MINUTE).tick();
    expect(session.last.outputs).toEqual([]);
    expect(session.player().missions.m?.timedOutWhen).toBeUndefined();
  });

  it('a condition mission is no longer accomplished once timed out', () => {
    const spec = gameBuilder()
      .scene('s1')
      .item('flag')
      .mission('m', {
        accomplishmentType: 'condition',
        condition: [{ conditions: [cond('player-item', 'owns', 'flag')] }],
      })
      .timeLimit('m', 1)
      .onCode('assign', [act('assignMission', 'm')])
      .onCode('flag', [act('giveToPlayer', 'flag', { value: 1 })])
      .build();
    const session = new Session(spec);
    session.start();
    session.code('assign');
    session.advance(MINUTE).code('flag');
    expect(session.player().missions.m).toMatchObject({
      completedWhen: null,
      timedOutWhen: '2030-06-01T10:01:00.000Z',
    });
  });
});

describe('time limits on tasks (issue 28): replay and games without them', () => {
  it('replaying the logged steps (the tick included) gives the same state', () => {
    const session = new Session(timedQuestion());
    const logged: Array<{ event: EngineEvent; now: string }> = [];
    const run = (event: EngineEvent) => {
      logged.push({ event, now: session.now.toISOString() });
      session.apply(event);
    };
    run({ type: 'start', playerId: 'p1' });
    run({ type: 'code', playerId: 'p1', code: 'ask' });
    session.advance(MINUTE);
    run({ type: 'tick', playerId: 'p1' });
    const entries: ReplayEntry[] = [
      {
        input: { kind: 'create', world: new Session(session.spec).state.world, multiplayer: false },
        spec: session.spec,
      },
      ...logged.map(({ event, now }) => ({ input: { kind: 'step' as const, event, now }, spec: session.spec })),
    ];
    expect(replayLog(entries).at(-1)?.state).toEqual(session.state);
  });

  it('a question without a time limit keeps no clock', () => {
    const spec = gameBuilder()
      .scene('s1')
      .question('q')
      .onCode('ask', [act('askQuestion', 'q')])
      .build();
    const session = new Session(spec);
    session.start();
    session.code('ask');
    expect(session.player().clock).toBeUndefined();
    expect(viewOf(session.spec, session.state, 'p1', session.now).clock).toBeUndefined();
  });
});
