import { diffView } from '@loci/domain';
import { newPlayerState, type ObjectInstance, type Output, type PlayerView, type WorldState } from '@loci/engine';
import { describe, expect, it } from 'vitest';
import type { PlayAnswer, PlayDebug, PlayGameInfo, PlaySpec } from '../../../api/play';
import {
  initialSessionState,
  MAX_TRACE_ENTRIES,
  outputKey,
  selectDialog,
  selectEnding,
  revisionAfter,
  sessionReducer,
  type SessionAction,
  type SessionState,
} from './session-reducer';
import { makeView as view } from '../test-factories';

const info = (interactionId: string): Output => ({
  playerId: 'u1',
  action: 'showInfo',
  blocking: true,
  interactionId,
});
const notification = (message: string): Output => ({ playerId: 'u1', action: 'showNotification', message });
const answer = (overrides: Partial<PlayAnswer> = {}): PlayAnswer => ({
  outputs: [],
  view: view(),
  messages: [],
  ...overrides,
});
const lantern: ObjectInstance = {
  id: 'o1',
  name: 'lantern',
  type: 'object',
  archetypeId: 'a1',
  sceneId: 'harbour',
  payload: {},
  location: null,
  approved: true,
  owner: 'u1',
  createdBy: null,
  createdWhen: null,
  home: null,
};
const world: WorldState = {
  status: 'active',
  statusWhen: null,
  items: {},
  attributes: {},
  objects: {},
  offers: {
    f1: {
      id: 'f1',
      name: 'bread',
      type: 'offer',
      offerId: 'bakery',
      sceneId: 'harbour',
      payload: {},
      location: null,
      quantity: 3,
    },
  },
  scenes: {},
  background: null,
  revision: 0,
};
/** What a playtest step adds: one rule in the trace, the player holding a lantern, an offer of bread in the world. */
const debug = (rule: string): PlayDebug => ({
  trace: { rules: [], notes: [rule] },
  player: { ...newPlayerState({ id: 'u1' }, '2026-11-22T05:00:00Z', 0), objects: { o1: lantern } },
  world,
});
const game = { id: 'g1', title: 'Old Harbour Walk' } as PlayGameInfo;
const spec: PlaySpec = {
  schemaVersion: 1,
  game: { id: 'g1', title: 'Old Harbour Walk' },
  entities: {
    scene: [],
    mission: [],
    interaction: [],
    character: [],
    item: [],
    attribute: [],
    archetype: [],
    offer: [],
    location: [],
  },
};

const run = (actions: SessionAction[], from: SessionState = initialSessionState) =>
  actions.reduce(sessionReducer, from);

/** A session past its first start, playing, with `pending` waiting for an answer. */
const playing = (pending: Output[] = []) =>
  run([
    { type: 'startRequested' },
    { type: 'started', instanceId: 'i1', answer: answer({ view: view({ pending }) }), restart: false, at: 0 },
    { type: 'gameLoaded', game, spec },
    { type: 'noticesDelivered', count: 0 },
  ]);

describe('sessionReducer', () => {
  describe('loading and the introduction', () => {
    it('waits idle, with nothing to show, until a start is asked for', () => {
      expect(initialSessionState.phase).toEqual({ kind: 'idle' });
      expect(initialSessionState.busy).toBe(false);
      expect(selectDialog(initialSessionState)).toBeUndefined();
      expect(selectEnding(initialSessionState)).toBeNull();
    });

    it('goes from idle to starting, busy, when the player presses Start', () => {
      const state = run([{ type: 'startRequested' }]);
      expect(state.phase).toEqual({ kind: 'starting' });
      expect(state.busy).toBe(true);
    });

    it('keeps the passcode field (spinning) while a second passcode is tried', () => {
      const asked = run([
        { type: 'startRequested' },
        { type: 'startFailed', code: 'WRONG_PASSCODE', message: 'Wrong passcode', passcodeError: 'Wrong passcode' },
      ]);
      expect(asked.phase).toEqual({ kind: 'passcode', error: 'Wrong passcode' });
      expect(asked.busy).toBe(false);
      const retried = sessionReducer(asked, { type: 'startRequested' });
      expect(retried.phase).toEqual(asked.phase);
      expect(retried.busy).toBe(true);
    });

    it('asks for a passcode without an error when none was typed', () => {
      const state = run([
        { type: 'startRequested' },
        { type: 'startFailed', code: 'WRONG_PASSCODE', message: 'This game needs a passcode' },
      ]);
      expect(state.phase).toEqual({ kind: 'passcode', error: null });
    });
  });

  describe('starting', () => {
    it('applies the start answer at once, and plays once the game is loaded', () => {
      const started = run([
        { type: 'startRequested' },
        {
          type: 'started',
          instanceId: 'i1',
          answer: answer({ view: view({ items: { key: 1 } }) }),
          restart: false,
          at: 0,
        },
      ]);
      expect(started.instanceId).toBe('i1');
      expect(started.view?.items).toEqual({ key: 1 });
      expect(started.phase).toEqual({ kind: 'starting' });
      expect(started.busy).toBe(true);

      const loaded = sessionReducer(started, { type: 'gameLoaded', game, spec });
      expect(loaded.phase).toEqual({ kind: 'playing' });
      expect(loaded.game).toBe(game);
      expect(loaded.spec).toBe(spec);
      expect(loaded.generation).toBe(1);
      expect(loaded.busy).toBe(false);
    });

    it('shows why a start was refused, and keeps it shown while Try again runs', () => {
      const refused = run([
        { type: 'startRequested' },
        { type: 'startFailed', code: 'SINGLE_DEVICE', message: 'You play this game on another device' },
      ]);
      expect(refused.phase).toEqual({
        kind: 'refused',
        code: 'SINGLE_DEVICE',
        message: 'You play this game on another device',
      });
      expect(refused.busy).toBe(false);
      expect(sessionReducer(refused, { type: 'startRequested' }).phase.kind).toBe('refused');
    });
  });

  describe('playing', () => {
    it('is busy while an event is on its way and shows the answer when it comes', () => {
      const sending = sessionReducer(playing(), { type: 'eventSent' });
      expect(sending.busy).toBe(true);
      const answered = sessionReducer(sending, {
        type: 'answered',
        answer: answer({ view: view({ items: { key: 2 } }) }),
        event: { type: 'pause' },
        at: 1,
      });
      expect(answered.busy).toBe(false);
      expect(answered.view?.items).toEqual({ key: 2 });
    });

    it('takes a pushed step without ending the wait for the player’s own', () => {
      const sending = sessionReducer(playing(), { type: 'eventSent' });
      const pushed = sessionReducer(sending, {
        type: 'pushed',
        answer: answer({ view: view({ status: 'paused' }) }),
        at: 1,
      });
      expect(pushed.busy).toBe(true);
      expect(pushed.view?.status).toBe('paused');
    });

    it('keeps the last judgement of each interaction for its dialog', () => {
      const result: Output = { playerId: 'u1', action: 'answerResult', interactionId: 'q1', correct: false };
      const state = sessionReducer(playing(), {
        type: 'answered',
        answer: answer({ outputs: [result] }),
        event: { type: 'answer', interactionId: 'q1', answer: 2 },
        at: 1,
      });
      expect(state.results).toEqual({ q1: result });
    });
  });

  describe('the outputs queue', () => {
    it('queues the outputs and the new operator messages of an answer, in order, until delivered', () => {
      const state = sessionReducer(playing(), {
        type: 'answered',
        answer: answer({
          outputs: [notification('+1 Brass key')],
          messages: [{ id: 'm1', message: 'Hurry, the tide is coming!', sceneId: null, when: '2026-11-22T05:00:00Z' }],
        }),
        event: { type: 'seen', interactionId: 'welcome' },
        at: 1,
      });
      expect(state.notices).toEqual([
        { kind: 'outputs', outputs: [notification('+1 Brass key')] },
        { kind: 'message', message: expect.objectContaining({ id: 'm1', message: 'Hurry, the tide is coming!' }) },
      ]);
      expect(sessionReducer(state, { type: 'noticesDelivered', count: 2 }).notices).toEqual([]);
      // What arrived meanwhile stays queued.
      expect(sessionReducer(state, { type: 'noticesDelivered', count: 1 }).notices).toHaveLength(1);
    });

    it('queues nothing for an answer without outputs', () => {
      const state = sessionReducer(playing(), { type: 'answered', answer: answer(), event: { type: 'pause' }, at: 1 });
      expect(state.notices).toEqual([]);
    });

    it('shows a step that arrives twice (the answer and its push, by its step id) once, in either order', () => {
      const batch = answer({
        stepId: 's1',
        outputs: [notification('+1 Brass key')],
        view: view({ items: { key: 1 } }),
      });
      const answeredFirst = run(
        [
          { type: 'answered', answer: batch, event: { type: 'code', code: 'KEY' }, at: 1000 },
          { type: 'pushed', answer: batch, at: 1500 },
        ],
        playing(),
      );
      expect(answeredFirst.notices).toHaveLength(1);
      const pushedFirst = run(
        [
          { type: 'pushed', answer: batch, at: 1000 },
          { type: 'answered', answer: batch, event: { type: 'code', code: 'KEY' }, at: 1500 },
        ],
        playing(),
      );
      expect(pushedFirst.notices).toHaveLength(1);
      expect(pushedFirst.busy).toBe(false);
      expect(pushedFirst.view?.items).toEqual({ key: 1 });
    });

    it('knows its step by the id, whatever the text of its outputs (the answer goes through its schema)', () => {
      const correct: Output = {
        action: 'answerResult',
        interactionId: 'q1',
        correct: true,
        attemptsLeft: 1,
        playerId: 'p1',
      };
      const sameInSchemaOrder = JSON.parse(
        '{"playerId":"p1","action":"answerResult","interactionId":"q1","attemptsLeft":1,"correct":true}',
      ) as Output;
      const state = run(
        [
          {
            type: 'answered',
            answer: answer({ stepId: 's1', outputs: [sameInSchemaOrder] }),
            event: { type: 'pause' },
            at: 1000,
          },
          { type: 'pushed', answer: answer({ stepId: 's1', outputs: [correct] }), at: 1200 },
        ],
        playing(),
      );
      expect(state.notices).toHaveLength(1);
    });

    it('shows the same outputs again when they are another step’s, however soon (an operator gives a key twice)', () => {
      const first = answer({ stepId: 's1', outputs: [notification('+1 Brass key')] });
      const second = answer({ stepId: 's2', outputs: [notification('+1 Brass key')] });
      const state = run(
        [
          { type: 'pushed', answer: first, at: 0 },
          { type: 'pushed', answer: second, at: 1 },
        ],
        playing(),
      );
      expect(state.notices).toHaveLength(2);
    });

    it('tells an operator message once, whether it comes with an answer or over the socket', () => {
      const message = { id: 'm1', message: 'Meet at the pier', sceneId: null, when: '2026-11-22T05:00:00Z' };
      const state = run(
        [
          { type: 'answered', answer: answer({ messages: [message] }), event: { type: 'pause' }, at: 1 },
          { type: 'messageReceived', message: { id: 'm1', message: 'Meet at the pier' } },
          { type: 'messageReceived', message: { message: 'No id: always told' } },
          { type: 'messageReceived', message: { message: 'No id: always told' } },
        ],
        playing(),
      );
      expect(state.notices.map((notice) => notice.kind === 'message' && notice.message.message)).toEqual([
        'Meet at the pier',
        'No id: always told',
        'No id: always told',
      ]);
    });
  });

  describe('dialogs', () => {
    it('shows the first blocking output, and the next once the player closes it', () => {
      const state = playing([info('welcome'), info('harbour-master')]);
      expect(selectDialog(state)?.interactionId).toBe('welcome');
      const dismissed = sessionReducer(state, { type: 'dialogDismissed', key: 'showInfo:welcome:::' });
      expect(selectDialog(dismissed)?.interactionId).toBe('harbour-master');
      // A later view that still lists it does not bring it back.
      const again = sessionReducer(dismissed, {
        type: 'pushed',
        answer: answer({ view: view({ pending: [info('welcome')] }) }),
        at: 2,
      });
      expect(selectDialog(again)).toBeUndefined();
    });

    it('shows a dialog queued before the end of the game first, then the end screen (show info, then complete game)', () => {
      const ended = sessionReducer(playing(), {
        type: 'pushed',
        answer: answer({
          outputs: [
            { playerId: 'u1', action: 'showInfo', interactionId: 'epilogue' },
            { playerId: 'u1', action: 'completeGame' },
          ],
          view: view({ pending: [info('epilogue')], finished: { completed: true, when: '2026-11-22T05:00:00Z' } }),
        }),
        at: 1,
      });
      expect(selectDialog(ended)?.interactionId).toBe('epilogue');
      expect(selectEnding(ended)).toBeNull();
      const seen = sessionReducer(ended, {
        type: 'answered',
        event: { type: 'seen', interactionId: 'epilogue' },
        answer: answer({ view: view({ finished: { completed: true, when: '2026-11-22T05:00:00Z' } }) }),
        at: 2,
      });
      expect(selectDialog(seen)).toBeUndefined();
      expect(selectEnding(seen)).toEqual({ reason: 'finished', completed: true, message: undefined });
      const closed = sessionReducer(ended, { type: 'dialogDismissed', key: outputKey(info('epilogue')) });
      expect(selectEnding(closed)).toEqual({ reason: 'finished', completed: true, message: undefined });
    });

    it('shows no dialog once the player left', () => {
      expect(selectDialog(sessionReducer(playing([info('welcome')]), { type: 'left' }))).toBeUndefined();
    });
  });

  describe('the end', () => {
    it('ends with the game’s message on endGame, and as completed on completeGame', () => {
      const over = sessionReducer(playing(), {
        type: 'pushed',
        answer: answer({ outputs: [{ playerId: 'u1', action: 'endGame', message: 'The tide came in' }] }),
        at: 1,
      });
      expect(selectEnding(over)).toEqual({ reason: 'finished', completed: false, message: 'The tide came in' });
      const completed = sessionReducer(playing(), {
        type: 'pushed',
        answer: answer({ outputs: [{ playerId: 'u1', action: 'completeGame' }] }),
        at: 1,
      });
      expect(selectEnding(completed)).toEqual({ reason: 'finished', completed: true, message: undefined });
    });

    it('ends a view marked finished once nothing waits for an answer', () => {
      const finished: PlayerView['finished'] = { completed: true, when: '2026-11-22T05:00:00Z' };
      const waiting = sessionReducer(playing(), {
        type: 'pushed',
        answer: answer({ view: view({ finished, pending: [info('farewell')] }) }),
        at: 1,
      });
      expect(selectEnding(waiting)).toBeNull();
      const done = sessionReducer(waiting, { type: 'pushed', answer: answer({ view: view({ finished }) }), at: 2 });
      expect(selectEnding(done)).toEqual({ reason: 'finished', completed: true, message: undefined });
    });

    it('says the player left once they did, before anything else', () => {
      const state = run([{ type: 'eventFailed', code: 'INSTANCE_NOT_ACTIVE' }, { type: 'left' }], playing());
      expect(selectEnding(state)).toEqual({ reason: 'left' });
    });
  });

  describe('errors', () => {
    it('ends the game for the player when the server says the instance is no longer active', () => {
      const state = sessionReducer(sessionReducer(playing(), { type: 'eventSent' }), {
        type: 'eventFailed',
        code: 'INSTANCE_NOT_ACTIVE',
      });
      expect(state.busy).toBe(false);
      expect(selectEnding(state)).toEqual({ reason: 'inactive' });
    });

    it('keeps playing after any other refused call', () => {
      const state = sessionReducer(sessionReducer(playing(), { type: 'eventSent' }), {
        type: 'eventFailed',
        code: 'VALIDATION_ERROR',
      });
      expect(state.busy).toBe(false);
      expect(state.phase).toEqual({ kind: 'playing' });
      expect(selectEnding(state)).toBeNull();
    });
  });

  describe('restart and the trace', () => {
    it('adds a trace entry per step of a playtest, newest first, naming the things it touched', () => {
      const state = run(
        [
          { type: 'answered', answer: answer({ debug: debug('r1') }), event: { type: 'pause' }, at: 1000 },
          { type: 'pushed', answer: answer({ debug: debug('r2') }), at: 2000 },
        ],
        playing(),
      );
      expect(state.traceLog.map((entry) => [entry.id, entry.event.type, entry.when.getTime()])).toEqual([
        [2, 'pushed', 2000],
        [1, 'pause', 1000],
      ]);
      expect(state.traceLog[0]!.thingNames).toEqual({ o1: 'lantern', f1: 'bread' });
      expect(state.debug).toEqual(debug('r2'));
    });

    it('keeps the trace of a step whose outputs were already shown', () => {
      const batch = answer({ stepId: 's1', outputs: [notification('+1')], debug: debug('r1') });
      const state = run(
        [
          { type: 'pushed', answer: batch, at: 1 },
          { type: 'answered', answer: batch, event: { type: 'code', code: 'X' }, at: 2 },
        ],
        playing(),
      );
      expect(state.traceLog).toHaveLength(2);
    });

    it('keeps the last 200 steps', () => {
      const steps: SessionAction[] = Array.from({ length: MAX_TRACE_ENTRIES + 5 }, (_, at) => ({
        type: 'pushed',
        answer: answer({ debug: debug('r') }),
        at,
      }));
      const state = run(steps, playing());
      expect(state.traceLog).toHaveLength(MAX_TRACE_ENTRIES);
      expect(state.traceLog[0]!.id).toBe(MAX_TRACE_ENTRIES + 5);
    });

    it('starts over on restart: no ending, judgement, closed dialog or old trace, and a new generation', () => {
      const ended = run(
        [
          { type: 'answered', answer: answer({ debug: debug('r1') }), event: { type: 'pause' }, at: 1 },
          {
            type: 'answered',
            answer: answer({
              outputs: [{ playerId: 'u1', action: 'answerResult', interactionId: 'q1', correct: true }],
            }),
            event: { type: 'answer', interactionId: 'q1', answer: 1 },
            at: 2,
          },
          { type: 'dialogDismissed', key: 'showInfo:welcome:::' },
          { type: 'eventFailed', code: 'INSTANCE_NOT_ACTIVE' },
          { type: 'left' },
        ],
        playing(),
      );
      const restarting = sessionReducer(ended, { type: 'startRequested' });
      expect(restarting.phase).toEqual({ kind: 'playing' });
      const restarted = run(
        [
          {
            type: 'started',
            instanceId: 'i2',
            answer: answer({ view: view({ pending: [info('welcome')] }), debug: debug('r0') }),
            restart: true,
            at: 3,
          },
          { type: 'gameLoaded', game, spec },
        ],
        restarting,
      );
      expect(selectEnding(restarted)).toBeNull();
      expect(restarted.results).toEqual({});
      expect(selectDialog(restarted)?.interactionId).toBe('welcome');
      expect(restarted.traceLog.map((entry) => entry.event.type)).toEqual(['restart']);
      expect(restarted.instanceId).toBe('i2');
      expect(restarted.generation).toBe(2);
    });

    it('keeps the trace when a player rejoins (a start that is not a restart)', () => {
      const traced = sessionReducer(playing(), {
        type: 'answered',
        answer: answer({ debug: debug('r1') }),
        event: { type: 'pause' },
        at: 1,
      });
      const rejoined = sessionReducer(traced, {
        type: 'started',
        instanceId: 'i1',
        answer: answer({ debug: debug('r2') }),
        restart: false,
        at: 2,
      });
      expect(rejoined.traceLog.map((entry) => entry.event.type)).toEqual(['start', 'pause']);
    });
  });

  describe('a view that costs what changed', () => {
    const walking = view({ location: { latitude: 35.5, longitude: 24 } });
    const atPier = view({ location: { latitude: 35.51, longitude: 24.01 }, items: { lantern: 1 } });
    const delta = (from: string, to: string, before = walking, after = atPier) => ({
      from,
      to,
      changes: diffView(before, after),
    });
    /** Playing, holding `walking` of revision r1 (an answer brought it whole). */
    const holding = () =>
      run(
        [
          {
            type: 'answered',
            answer: answer({ view: walking, revision: 'r1' }),
            event: { type: 'code', code: 'x' },
            at: 1,
          },
        ],
        playing(),
      );

    it('applies what changed to the view of its revision, and the next delta goes on from there', () => {
      const state = holding();
      expect(state.revision).toBe('r1');
      const moved = run(
        [{ type: 'pushed', answer: answer({ view: undefined, viewDelta: delta('r1', 'r2'), revision: 'r2' }), at: 2 }],
        state,
      );
      expect(moved.view).toEqual(atPier);
      expect(moved.revision).toBe('r2');
      expect(moved.stale).toBe(false);
      const back = run(
        [{ type: 'pushed', answer: answer({ view: undefined, viewDelta: delta('r2', 'r3', atPier, walking) }), at: 3 }],
        moved,
      );
      expect(back.view).toEqual(walking);
      expect(back.revision).toBe('r3');
    });

    it('shows a step read twice (its push, then its answer) once, the view changed once', () => {
      const step = { viewDelta: delta('r1', 'r2'), revision: 'r2', stepId: 's1', outputs: [notification('Lantern')] };
      const state = run(
        [
          { type: 'pushed', answer: answer({ view: undefined, ...step }), at: 2 },
          { type: 'answered', answer: answer({ view: undefined, ...step }), event: { type: 'code', code: 'x' }, at: 3 },
        ],
        holding(),
      );
      expect(state.view).toEqual(atPier);
      expect(state.revision).toBe('r2');
      expect(state.notices).toHaveLength(1);
    });

    it('keeps the view it holds and asks for the whole view when a change starts from another revision', () => {
      const state = run(
        [
          {
            type: 'pushed',
            answer: answer({ view: undefined, viewDelta: delta('r9', 'r10'), outputs: [notification('Hi')] }),
            at: 2,
          },
        ],
        holding(),
      );
      expect(state.view).toEqual(walking);
      expect(state.stale).toBe(true);
      expect(state.revision).toBeNull();
      // Its outputs are still told.
      expect(state.notices).toHaveLength(1);
      // The whole view read again ends it.
      const read = run([{ type: 'pushed', answer: answer({ view: atPier }), at: 3 }], state);
      expect(read.stale).toBe(false);
      expect(read.view).toEqual(atPier);
    });

    it('follows the revision the queue sends as the reducer does', () => {
      expect(revisionAfter(null, { view: walking, revision: 'r1' })).toBe('r1');
      expect(revisionAfter('r1', { viewDelta: delta('r1', 'r2') })).toBe('r2');
      expect(revisionAfter('r2', { viewDelta: delta('r1', 'r2') })).toBe('r2');
      expect(revisionAfter('r5', { viewDelta: delta('r1', 'r2') })).toBeNull();
      expect(revisionAfter('r1', { view: walking })).toBeNull();
    });
  });
});
