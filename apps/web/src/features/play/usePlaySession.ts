import type { Output, PlayerView, StepTrace } from '@loci/engine';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  playApi,
  playErrorCode,
  type OperatorMessage,
  type PlayAnswer,
  type PlayDebug,
  type PlayEvent,
  type PlayGameInfo,
  type PlaySpec,
} from '../../api/play';
import { REALTIME_EVENTS, useRealtimeEvent } from '../../api/realtime';
import { isApiError } from '../../api/client';
import { indexSpec, type SpecIndex } from './spec-index';

/** One step of a playtest, as the trace panel lists it. */
export interface TraceEntry {
  id: number;
  when: Date;
  /** What was sent ('start', 'restart', an event), or where the step came from. */
  event: PlayEvent | { type: 'start' | 'restart' | 'pushed' };
  outputs: Output[];
  trace: StepTrace | null;
  /** Names of the world's and the player's objects and offers after the step, by id (to name what the event touched). */
  thingNames?: Record<string, string>;
}

export type SessionPhase =
  | { kind: 'starting' }
  | { kind: 'passcode'; error: string | null }
  | { kind: 'refused'; code: string | undefined; message: string }
  | { kind: 'ready' };

/** How the game ended for the player, when it did. */
export interface GameEnd {
  completed: boolean;
  message: string | undefined;
}

export interface PlaySessionHandlers {
  /** Non-blocking outputs (notifications, scene changes, errors). */
  onOutputs: (outputs: Output[]) => void;
  onMessage: (message: Pick<OperatorMessage, 'message'> & Partial<OperatorMessage> & { from?: string }) => void;
  /** A refused call (not an engine refusal: those are outputs). */
  onError: (error: unknown) => void;
}

const MAX_TRACE_ENTRIES = 200;
const DUPLICATE_WINDOW_MS = 10_000;
const PASSCODE_STORAGE_PREFIX = 'lociPlayPasscode:';

/**
 * A player's session of one game: starts or joins the instance (the working
 * version in a playtest), loads the game, sends events, applies answers and
 * pushed outputs, keeps the trace of a playtest.
 */
export function usePlaySession(options: {
  gameId: string;
  /** The working version's id in a playtest; undefined for the published version. */
  versionId: string | undefined;
  /** Wait (e.g. for the working version's id) before starting. */
  enabled: boolean;
  handlers: PlaySessionHandlers;
}) {
  const { gameId, versionId, enabled } = options;
  const handlers = useRef(options.handlers);
  useEffect(() => {
    handlers.current = options.handlers;
  });

  const [phase, setPhase] = useState<SessionPhase>({ kind: 'starting' });
  const [instanceId, setInstanceId] = useState<string | null>(null);
  const [view, setView] = useState<PlayerView | null>(null);
  const [game, setGame] = useState<PlayGameInfo | null>(null);
  const [spec, setSpec] = useState<PlaySpec | null>(null);
  const [debug, setDebug] = useState<PlayDebug | null>(null);
  const [traceLog, setTraceLog] = useState<TraceEntry[]>([]);
  const [results, setResults] = useState<Record<string, Output>>({});
  const [end, setEnd] = useState<GameEnd | null>(null);
  const [busy, setBusy] = useState(false);
  const [inactive, setInactive] = useState(false);
  /** Counts the (re)starts: the play screen starts afresh with each. */
  const [generation, setGeneration] = useState(0);
  const seenMessages = useRef(new Set<string>());
  const traceSeq = useRef(0);
  // The server pushes every step's outputs over the socket too: a batch that arrives
  // twice (answer and push, in either order) is shown once.
  const recentBatches = useRef(new Map<string, number>());

  const addTrace = useCallback((answer: PlayAnswer, event: TraceEntry['event']) => {
    if (!answer.debug) return;
    setDebug(answer.debug);
    const entry: TraceEntry = {
      id: ++traceSeq.current,
      when: new Date(),
      event,
      outputs: answer.outputs,
      trace: answer.debug.trace,
      thingNames: Object.fromEntries(
        [
          ...Object.values(answer.debug.world?.objects ?? {}),
          ...Object.values(answer.debug.world?.offers ?? {}),
          ...Object.values(answer.debug.player?.objects ?? {}),
        ].map((thing) => [thing.id, thing.name]),
      ),
    };
    setTraceLog((log) => [entry, ...log].slice(0, MAX_TRACE_ENTRIES));
  }, []);

  const apply = useCallback(
    (answer: PlayAnswer, event: TraceEntry['event']) => {
      setView(answer.view);
      const now = Date.now();
      for (const [key, at] of recentBatches.current)
        if (now - at > DUPLICATE_WINDOW_MS) recentBatches.current.delete(key);
      const batch = answer.outputs.length ? JSON.stringify(answer.outputs) : '';
      const duplicate = batch !== '' && recentBatches.current.has(batch);
      if (duplicate) recentBatches.current.delete(batch);
      else if (batch) recentBatches.current.set(batch, now);
      if (duplicate) {
        if (answer.debug) addTrace(answer, event);
        return;
      }
      const judged: Record<string, Output> = {};
      for (const output of answer.outputs) {
        if (output.action === 'answerResult' && output.interactionId) judged[output.interactionId] = output;
        if (output.action === 'endGame' || output.action === 'completeGame') {
          setEnd({ completed: output.action === 'completeGame', message: output.message });
        }
      }
      if (Object.keys(judged).length) setResults((current) => ({ ...current, ...judged }));
      if (answer.view.finished && !answer.view.pending.length) {
        setEnd((current) => current ?? { completed: answer.view.finished!.completed, message: undefined });
      }
      handlers.current.onOutputs(answer.outputs);
      for (const message of answer.messages ?? []) {
        if (seenMessages.current.has(message.id)) continue;
        seenMessages.current.add(message.id);
        handlers.current.onMessage(message);
      }
      if (answer.debug) addTrace(answer, event);
    },
    [addTrace],
  );

  const loadGame = useCallback(async (id: string) => {
    const answer = await playApi.game(id);
    setGame(answer.game);
    setSpec(answer.spec);
  }, []);

  const start = useCallback(
    async (request: { passcode?: string; restart?: boolean } = {}) => {
      setBusy(true);
      // A passcode that worked once is kept for this tab, so a reload rejoins without asking again.
      const passcodeKey = `${PASSCODE_STORAGE_PREFIX}${gameId}`;
      const passcode = request.passcode ?? sessionStorage.getItem(passcodeKey) ?? undefined;
      try {
        const answer = await playApi.start(gameId, {
          ...(versionId ? { versionId } : {}),
          ...request,
          ...(passcode ? { passcode } : {}),
        });
        if (passcode) sessionStorage.setItem(passcodeKey, passcode);
        setInstanceId(answer.instanceId);
        setInactive(false);
        setEnd(null);
        setResults({});
        if (request.restart) setTraceLog([]);
        apply(answer, { type: request.restart ? 'restart' : 'start' });
        await loadGame(answer.instanceId);
        setGeneration((value) => value + 1);
        setPhase({ kind: 'ready' });
      } catch (error) {
        const code = playErrorCode(error);
        if (code === 'WRONG_PASSCODE') {
          sessionStorage.removeItem(passcodeKey);
          const fieldError = isApiError(error) ? error.body?.errors?.passcode : undefined;
          setPhase({
            kind: 'passcode',
            error: request.passcode ? (typeof fieldError === 'string' ? fieldError : (error as Error).message) : null,
          });
        } else {
          setPhase({
            kind: 'refused',
            code,
            message: error instanceof Error ? error.message : String(error),
          });
        }
      } finally {
        setBusy(false);
      }
    },
    [apply, gameId, loadGame, versionId],
  );

  const started = useRef(false);
  useEffect(() => {
    if (!enabled || started.current) return;
    started.current = true;
    void start();
  }, [enabled, start]);

  const send = useCallback(
    async (event: PlayEvent) => {
      if (!instanceId) return;
      setBusy(true);
      try {
        apply(await playApi.send(instanceId, event), event);
      } catch (error) {
        if (playErrorCode(error) === 'INSTANCE_NOT_ACTIVE') setInactive(true);
        handlers.current.onError(error);
      } finally {
        setBusy(false);
      }
    },
    [apply, instanceId],
  );

  // What others (players, operators, the debugging tools) cause arrives over the socket.
  useRealtimeEvent(
    REALTIME_EVENTS.outputs,
    (payload) => {
      if (payload.instanceId !== instanceId) return;
      apply({ outputs: payload.outputs, view: payload.view, messages: [] }, { type: 'pushed' });
    },
    Boolean(instanceId),
  );
  useRealtimeEvent(
    REALTIME_EVENTS.message,
    (payload) => {
      if (!payload?.message) return;
      if (payload.instanceId && payload.instanceId !== instanceId) return;
      if (payload.id) {
        if (seenMessages.current.has(payload.id)) return;
        seenMessages.current.add(payload.id);
      }
      handlers.current.onMessage({ message: payload.message, when: payload.when, from: payload.from });
    },
    Boolean(instanceId),
  );

  const index: SpecIndex | null = useMemo(() => (spec ? indexSpec(spec.entities) : null), [spec]);

  return {
    phase,
    generation,
    instanceId,
    view,
    game,
    spec,
    index,
    debug,
    traceLog,
    results,
    end,
    busy,
    inactive,
    start,
    send,
    /** The playtest starts over (working version only). */
    restart: () => start({ restart: true }),
    clearEnd: () => setEnd(null),
  };
}

export type PlaySession = ReturnType<typeof usePlaySession>;
