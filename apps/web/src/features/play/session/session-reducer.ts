import { applyViewDelta, type EngineText } from '@loci/domain';
import type { Output, PlayerView, StepTrace } from '@loci/engine';
import type { OperatorMessage, PlayAnswer, PlayDebug, PlayEvent, PlayGameInfo, PlaySpec } from '../../../api/play';

// A plain reducer rather than a state-machine library: the session has five phases and
// one overlay (the ending), the transitions are a dozen lines each, and a pure function
// is tested as it stands — a library would add a vocabulary without removing any case.

/** One step of a playtest, as the trace panel lists it. */
export interface TraceEntry {
  id: number;
  when: Date;
  /** What was sent ('start', 'restart', an event), or where the step came from. */
  event:
    | PlayEvent
    | { type: 'start' | 'restart' | 'pushed' }
    /** A recorded engine event the player's app does not send (a trade, an operator's rescue…), by its type. */
    | { type: 'recorded'; name: string };
  outputs: Output[];
  trace: StepTrace | null;
  /** Names of the world's and the player's objects and offers after the step, by id (to name what the event touched). */
  thingNames?: Record<string, string>;
}

/**
 * Where the session stands: `idle` until a start is asked for (the introduction shows),
 * `starting` while the first start runs, `passcode` when the game wants one (again),
 * `refused` when the start was refused, `playing` once the instance and its game are loaded.
 */
export type SessionPhase =
  | { kind: 'idle' }
  | { kind: 'starting' }
  | { kind: 'passcode'; error: string | null }
  | { kind: 'refused'; code: string | undefined; message: string }
  | { kind: 'playing' };

/** How the game ended for the player, when it did. */
export interface GameEnd {
  completed: boolean;
  message: string | undefined;
  /** The end's text when the engine wrote it (time up, a terminated game), by key: said in the player's language. */
  text?: EngineText;
}

/** An operator's message as the player sees it. */
export type PlayerMessage = Pick<OperatorMessage, 'message'> & Partial<OperatorMessage> & { from?: string };

/** What the player is to be told (as notifications), in the order it happened. */
export type Notice = { kind: 'outputs'; outputs: Output[] } | { kind: 'message'; message: PlayerMessage };

export interface SessionState {
  phase: SessionPhase;
  /** Counts the successful starts: the play screen starts afresh with each. */
  generation: number;
  instanceId: string | null;
  view: PlayerView | null;
  /** The revision of `view` as the server named it (null: not known; the next answer brings the whole view). */
  revision: string | null;
  /** An answer or a push changed a view the session does not hold: the whole view is to be read again. */
  stale: boolean;
  game: PlayGameInfo | null;
  spec: PlaySpec | null;
  debug: PlayDebug | null;
  traceLog: TraceEntry[];
  traceSeq: number;
  /** The last judgement (answerResult) of each interaction, by interaction id. */
  results: Record<string, Output>;
  end: GameEnd | null;
  /** The server said the instance is no longer active (terminated, expired). */
  inactive: boolean;
  /** The player left the game from the menu. */
  left: boolean;
  busy: boolean;
  /** Keys of the blocking outputs the player closed without an answer. */
  dismissed: string[];
  /** The ids of the steps recently applied (newest last): a step read twice (answer and push) is shown once. */
  recentSteps: string[];
  seenMessages: string[];
  /** What is still to be told to the player; the session hook delivers and drops it. */
  notices: Notice[];
}

export type SessionAction =
  | { type: 'startRequested' }
  | { type: 'started'; instanceId: string; answer: PlayAnswer; restart: boolean; at: number }
  | { type: 'gameLoaded'; game: PlayGameInfo; spec: PlaySpec }
  /** The game read again after a live migration to another version: only the game and its spec change. */
  | { type: 'gameReloaded'; game: PlayGameInfo; spec: PlaySpec }
  | { type: 'startFailed'; code: string | undefined; message: string; passcodeError?: string | null }
  | { type: 'eventSent' }
  | { type: 'answered'; answer: PlayAnswer; event: PlayEvent; at: number }
  | { type: 'pushed'; answer: PlayAnswer; at: number }
  | { type: 'eventFailed'; code: string | undefined }
  | { type: 'messageReceived'; message: PlayerMessage }
  | { type: 'dialogDismissed'; key: string }
  | { type: 'left' }
  | { type: 'noticesDelivered'; count: number };

export const MAX_TRACE_ENTRIES = 200;
/** How many step ids are remembered: far more than the pushes that can cross one answer. */
export const RECENT_STEPS = 50;

export const initialSessionState: SessionState = {
  phase: { kind: 'idle' },
  generation: 0,
  instanceId: null,
  view: null,
  revision: null,
  stale: false,
  game: null,
  spec: null,
  debug: null,
  traceLog: [],
  traceSeq: 0,
  results: {},
  end: null,
  inactive: false,
  left: false,
  busy: false,
  dismissed: [],
  recentSteps: [],
  seenMessages: [],
  notices: [],
};

/** Identifies a blocking output across views (to remember that the player closed it). */
export const outputKey = (output: Output) =>
  [output.action, output.interactionId, output.statementId, output.questionId, output.objectId].join(':');

function withTrace(state: SessionState, answer: PlayAnswer, event: TraceEntry['event'], at: number): SessionState {
  if (!answer.debug) return state;
  const { debug } = answer;
  const entry: TraceEntry = {
    id: state.traceSeq + 1,
    when: new Date(at),
    event,
    outputs: answer.outputs,
    trace: debug.trace,
    thingNames: Object.fromEntries(
      [
        ...Object.values(debug.world?.objects ?? {}),
        ...Object.values(debug.world?.offers ?? {}),
        ...Object.values(debug.player?.objects ?? {}),
      ].map((thing) => [thing.id, thing.name]),
    ),
  };
  return {
    ...state,
    debug,
    traceSeq: entry.id,
    traceLog: [entry, ...state.traceLog].slice(0, MAX_TRACE_ENTRIES),
  };
}

/** How an answer or a push carries the view: whole, or what changed since a revision (protocol version 2). */
export type ViewCarrier = Pick<PlayAnswer, 'view' | 'viewDelta' | 'revision'>;

/** The revision of the view after `answer` for a session that held `revision` (null: the view is read again). */
export function revisionAfter(revision: string | null, answer: ViewCarrier): string | null {
  if (answer.view) return answer.revision ?? null;
  const delta = answer.viewDelta;
  if (!delta || revision === delta.to) return revision;
  return revision === delta.from ? delta.to : null;
}

/**
 * The view, its revision and whether it must be read again, after `answer`: a whole view replaces the view;
 * a delta applies to the view of its `from` revision, is skipped when the view is its `to` already (a step
 * read twice, as its answer and its push), and otherwise leaves the view stale (it is read again whole).
 */
export function viewAfter(
  held: Pick<SessionState, 'view' | 'revision'>,
  answer: ViewCarrier,
): Pick<SessionState, 'view' | 'revision' | 'stale'> {
  if (answer.view) return { view: answer.view, revision: answer.revision ?? null, stale: false };
  const delta = answer.viewDelta;
  if (!delta) return { view: held.view, revision: held.revision, stale: false };
  if (held.view && held.revision === delta.to) return { view: held.view, revision: held.revision, stale: false };
  if (held.view && held.revision === delta.from) {
    try {
      return { view: applyViewDelta(held.view, delta.changes), revision: delta.to, stale: false };
    } catch {
      // A change that does not fit the view: the whole view is read again.
    }
  }
  return { view: held.view, revision: null, stale: true };
}

/** Applies an answer (the player's own step, or one pushed over the socket). */
function applyAnswer(state: SessionState, answer: PlayAnswer, event: TraceEntry['event'], at: number): SessionState {
  const after = viewAfter(state, answer);
  // A view changed in a way this session cannot follow stays stale until the whole view is read again.
  const seen = { ...after, stale: after.stale || (state.stale && !answer.view) };
  // The server pushes every step's outputs over the socket too, with the step's id: a step that arrives
  // twice (answer and push, in either order) is shown once. What carries no id (a view read again) is new.
  const { stepId } = answer;
  if (stepId !== undefined && state.recentSteps.includes(stepId)) {
    return withTrace({ ...state, ...seen }, answer, event, at);
  }

  let end = state.end;
  const results = { ...state.results };
  for (const output of answer.outputs) {
    if (output.action === 'answerResult' && output.interactionId) results[output.interactionId] = output;
    if (output.action === 'endGame' || output.action === 'completeGame') {
      end = {
        completed: output.action === 'completeGame',
        message: output.message,
        ...(output.text ? { text: output.text } : {}),
      };
    }
  }
  const view = seen.view;
  if (view?.finished && !view.pending.length) {
    end = end ?? { completed: view.finished.completed, message: undefined };
  }

  const seenMessages = [...state.seenMessages];
  const notices: Notice[] = answer.outputs.length
    ? [...state.notices, { kind: 'outputs', outputs: answer.outputs }]
    : [...state.notices];
  for (const message of answer.messages ?? []) {
    if (seenMessages.includes(message.id)) continue;
    seenMessages.push(message.id);
    notices.push({ kind: 'message', message });
  }

  const next: SessionState = {
    ...state,
    ...seen,
    recentSteps: stepId === undefined ? state.recentSteps : [...state.recentSteps, stepId].slice(-RECENT_STEPS),
    results,
    end,
    seenMessages,
    notices,
  };
  return withTrace(next, answer, event, at);
}

/** The player's session of one game: every change of what the play screens show. */
export function sessionReducer(state: SessionState, action: SessionAction): SessionState {
  switch (action.type) {
    case 'startRequested':
      // A retry keeps the screen it came from (the passcode field, the refusal, the game) while it runs.
      return { ...state, busy: true, phase: state.phase.kind === 'idle' ? { kind: 'starting' } : state.phase };
    case 'started': {
      const fresh: SessionState = {
        ...state,
        instanceId: action.instanceId,
        inactive: false,
        left: false,
        end: null,
        results: {},
        dismissed: [],
        traceLog: action.restart ? [] : state.traceLog,
      };
      return applyAnswer(fresh, action.answer, { type: action.restart ? 'restart' : 'start' }, action.at);
    }
    case 'gameReloaded':
      return { ...state, game: action.game, spec: action.spec };
    case 'gameLoaded':
      return {
        ...state,
        game: action.game,
        spec: action.spec,
        generation: state.generation + 1,
        phase: { kind: 'playing' },
        busy: false,
      };
    case 'startFailed':
      return {
        ...state,
        busy: false,
        phase:
          action.code === 'WRONG_PASSCODE'
            ? { kind: 'passcode', error: action.passcodeError ?? null }
            : { kind: 'refused', code: action.code, message: action.message },
      };
    case 'eventSent':
      return { ...state, busy: true };
    case 'answered':
      return { ...applyAnswer(state, action.answer, action.event, action.at), busy: false };
    case 'pushed':
      return applyAnswer(state, action.answer, { type: 'pushed' }, action.at);
    case 'eventFailed':
      return { ...state, busy: false, inactive: state.inactive || action.code === 'INSTANCE_NOT_ACTIVE' };
    case 'messageReceived': {
      const { id } = action.message;
      if (id && state.seenMessages.includes(id)) return state;
      return {
        ...state,
        seenMessages: id ? [...state.seenMessages, id] : state.seenMessages,
        notices: [...state.notices, { kind: 'message', message: action.message }],
      };
    }
    case 'dialogDismissed':
      return state.dismissed.includes(action.key) ? state : { ...state, dismissed: [...state.dismissed, action.key] };
    case 'left':
      return { ...state, left: true };
    case 'noticesDelivered':
      return { ...state, notices: state.notices.slice(action.count) };
  }
}

/**
 * The blocking output the player is to answer now, if any. Outputs are shown
 * in the order the step made them: a dialog queued before the end of the game
 * (a rule's "Show info" then "Complete game") is shown before the end screen,
 * so the last story text is never swallowed. None once the player left or the
 * instance is no longer active.
 */
export function selectDialog(state: SessionState): Output | undefined {
  if (state.left || state.inactive) return undefined;
  return state.view?.pending.find((output) => !state.dismissed.includes(outputKey(output)));
}

/** Why the game is over for the player, when it is. */
export type SessionEnding =
  { reason: 'left' } | { reason: 'inactive' } | { reason: 'finished'; completed: boolean; message: string | undefined };

/**
 * What the end of the game shows: leaving first, then an instance no longer
 * active, then the game's own end — once every dialog queued before it has
 * been answered or closed.
 */
export function selectEnding(state: SessionState): SessionEnding | null {
  if (state.left) return { reason: 'left' };
  if (state.inactive) return { reason: 'inactive' };
  if (state.end && !selectDialog(state)) return { reason: 'finished', ...state.end };
  return null;
}
