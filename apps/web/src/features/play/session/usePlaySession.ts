import type { Output } from '@loci/engine';
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { playApi, playErrorCode, type PlayEvent } from '../../../api/play';
import { isApiError, NoResponseError } from '../../../api/client';
import { REALTIME_EVENTS, useRealtimeEvent, useRealtimeLive } from '../../../api/realtime';
import i18n from '../../../i18n';
import '../locales';
import { loadSnapshot, saveSnapshot } from '../offline/idb-store';
import { PASSCODE_STORAGE_PREFIX } from '../offline/clear-play-data';
import { EVENT_SEND_TIMEOUT_MS } from '../offline/event-queue';
import { useEventQueue } from '../offline/useEventQueue';
import { useInstancePushes } from '../realtime/play-socket';
import { indexSpec, type SpecIndex } from '../spec-index';
import { playErrorMessage } from './play-error';
import {
  initialSessionState,
  outputKey,
  selectDialog,
  selectEnding,
  sessionReducer,
  revisionAfter,
  type PlayerMessage,
  type ViewCarrier,
} from './session-reducer';

export interface PlaySessionHandlers {
  /** Non-blocking outputs (notifications, scene changes, errors). */
  onOutputs: (outputs: Output[]) => void;
  onMessage: (message: PlayerMessage) => void;
  /** A refused call (not an engine refusal: those are outputs). */
  onError: (error: unknown) => void;
}

/**
 * A player's session of one game: starts or joins the instance (the working
 * version in a playtest), loads the game, sends events, applies answers and
 * pushed outputs, keeps the trace of a playtest. The state is `sessionReducer`'s;
 * this hook makes the calls and tells the player what the reducer queued.
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
  const [state, dispatch] = useReducer(sessionReducer, initialSessionState);
  const { instanceId, notices } = state;
  // The revision of the view the session holds, followed as each answer and push arrives (the reducer's rule,
  // `revisionAfter`), so the queue's next event sends it at once, before React renders the answer. A start names
  // its view's revision; a reload from the device and a read of the whole view bring a view without one (null).
  const revision = useRef<string | null>(null);

  useEffect(() => {
    if (!notices.length) return;
    for (const notice of notices) {
      if (notice.kind === 'outputs') handlers.current.onOutputs(notice.outputs);
      else handlers.current.onMessage(notice.message);
    }
    dispatch({ type: 'noticesDelivered', count: notices.length });
  }, [notices]);

  const start = useCallback(
    async (request: { passcode?: string; restart?: boolean; acceptTerms?: boolean; again?: boolean } = {}) => {
      dispatch({ type: 'startRequested' });
      // A passcode that worked once is kept for this tab, so a reload rejoins without asking again.
      const passcodeKey = `${PASSCODE_STORAGE_PREFIX}${gameId}`;
      const passcode = request.passcode ?? sessionStorage.getItem(passcodeKey) ?? undefined;
      try {
        const answer = await playApi.start(gameId, {
          ...(versionId ? { versionId } : {}),
          // This app speaks view deltas: the answer names its view's revision (protocol/view-delta.ts).
          viewRevision: null,
          ...request,
          ...(passcode ? { passcode } : {}),
        });
        if (passcode) sessionStorage.setItem(passcodeKey, passcode);
        // The start names its view's revision: the first event is answered with what changed since.
        revision.current = revisionAfter(null, answer);
        dispatch({
          type: 'started',
          instanceId: answer.instanceId,
          answer,
          restart: Boolean(request.restart),
          at: Date.now(),
        });
        const { game, spec } = await playApi.game(answer.instanceId);
        dispatch({ type: 'gameLoaded', game, spec });
      } catch (error) {
        // Without network, a game already played on this device resumes from its last saved state.
        const snapshot =
          error instanceof NoResponseError ? await loadSnapshot(gameId).catch(() => undefined) : undefined;
        if (snapshot && !request.restart) {
          revision.current = null;
          dispatch({
            type: 'started',
            instanceId: snapshot.instanceId,
            answer: snapshot.answer,
            restart: false,
            at: Date.now(),
          });
          dispatch({ type: 'gameLoaded', ...snapshot.game });
          return;
        }
        const code = playErrorCode(error);
        let passcodeError: string | null = null;
        if (code === 'WRONG_PASSCODE') {
          sessionStorage.removeItem(passcodeKey);
          // Only a passcode the player typed is wrong; none at all just asks for one.
          const fieldError = isApiError(error) ? error.body?.errors?.passcode : undefined;
          if (request.passcode) passcodeError = typeof fieldError === 'string' ? fieldError : playErrorMessage(error);
        }
        dispatch({ type: 'startFailed', code, message: playErrorMessage(error), passcodeError });
      }
    },
    [gameId, versionId],
  );

  const started = useRef(false);
  useEffect(() => {
    if (!enabled || started.current) return;
    started.current = true;
    void start();
  }, [enabled, start]);

  // The last state the player saw, kept on the device for a reload without network.
  const { view, game, spec } = state;
  useEffect(() => {
    if (!instanceId || !view || !game || !spec) return;
    const answer = { outputs: [], view, messages: [] };
    void saveSnapshot({ gameId, instanceId, answer, game: { game, spec }, savedAt: Date.now() }).catch(() => undefined);
  }, [gameId, instanceId, view, game, spec]);

  // An event that ran on another version than the loaded game's (an operator migrated the live game,
  // docs/versions.md): the game and its spec are read again, so texts and places are the new version's.
  const loadedVersion = useRef<string | undefined>(undefined);
  loadedVersion.current = game?.versionId;
  const reloadOnNewVersion = useCallback(
    (answer: { versionId?: string | undefined }) => {
      const loaded = loadedVersion.current;
      if (!instanceId || !answer.versionId || !loaded || answer.versionId === loaded) return;
      loadedVersion.current = answer.versionId;
      void playApi
        .game(instanceId)
        .then((reloaded) => dispatch({ type: 'gameReloaded', ...reloaded }))
        .catch(() => undefined);
    },
    [instanceId],
  );

  // The player switches language during the game (the menu, issue 31): a game in several languages is read again,
  // so its texts are the new language's (the server answers them by Accept-Language, falling back to the main one).
  const gameLanguages = useRef<readonly string[]>([]);
  gameLanguages.current = game?.languages ?? [];
  // Only the latest read lands: a quick switch back and forth must not leave the page in the language left.
  const rereads = useRef(0);
  useEffect(() => {
    if (!instanceId) return;
    const reread = () => {
      if (gameLanguages.current.length < 2) return;
      const asked = ++rereads.current;
      void playApi
        .game(instanceId)
        .then((reloaded) => {
          if (asked === rereads.current) dispatch({ type: 'gameReloaded', ...reloaded });
        })
        .catch(() => undefined);
    };
    i18n.on('languageChanged', reread);
    return () => i18n.off('languageChanged', reread);
  }, [instanceId]);

  const follow = useCallback((answer: ViewCarrier) => {
    revision.current = revisionAfter(revision.current, answer);
  }, []);

  // Every event goes through the device's queue (IndexedDB): sent in order, each with its clientEventId.
  const queue = useEventQueue(instanceId, {
    onAnswer: (event, answer) => {
      follow(answer);
      dispatch({ type: 'answered', answer, event, at: Date.now() });
      reloadOnNewVersion(answer);
    },
    viewRevision: () => revision.current,
    onRefused: (error) => {
      dispatch({ type: 'eventFailed', code: playErrorCode(error) });
      handlers.current.onError(error);
    },
    onHeld: (error) => handlers.current.onError(error),
  });
  const { enqueue } = queue;
  const send = useCallback((event: PlayEvent) => void enqueue(event), [enqueue]);

  // Leaving is not queued: it needs the server's answer there and then.
  const sendAndWait = useCallback(
    async (event: PlayEvent) => {
      if (!instanceId) return;
      dispatch({ type: 'eventSent' });
      try {
        const body = { ...event, clientEventId: crypto.randomUUID(), viewRevision: revision.current };
        const answer = await playApi.send(instanceId, body, AbortSignal.timeout(EVENT_SEND_TIMEOUT_MS));
        follow(answer);
        dispatch({ type: 'answered', answer, event, at: Date.now() });
      } catch (error) {
        dispatch({ type: 'eventFailed', code: playErrorCode(error) });
        handlers.current.onError(error);
      }
    },
    [instanceId, follow],
  );

  useInstancePushes(instanceId, {
    onOutputs: (pushed) => {
      follow(pushed);
      dispatch({ type: 'pushed', answer: { ...pushed, messages: [] }, at: Date.now() });
    },
    onMessage: (message) => dispatch({ type: 'messageReceived', message }),
  });

  const rereadView = useCallback(() => {
    if (!instanceId) return;
    playApi
      .instance(instanceId)
      .then((answer) => {
        revision.current = null;
        dispatch({ type: 'pushed', answer: { outputs: [], view: answer.view, messages: [] }, at: Date.now() });
      })
      .catch((error: unknown) => handlers.current.onError(error));
  }, [instanceId]);

  // An accepted trade changed the player's items or skills outside any step of theirs: read the view again.
  useRealtimeEvent(
    REALTIME_EVENTS.trade,
    (pushed) => {
      if (pushed.instanceId === instanceId && pushed.trade.status === 'accepted') rereadView();
    },
    Boolean(instanceId),
  );
  // The socket is live: at first (it connects after the first screen is drawn, so a teammate's step or an
  // operator's rescue between the start's answer and the connection was pushed to nobody) and whenever it comes
  // back (a server restart, an outage): what others changed meanwhile is read.
  useRealtimeLive(rereadView, Boolean(instanceId));
  // A change of a view the session does not hold (a push missed, another device's step): read it whole.
  useEffect(() => {
    if (state.stale) rereadView();
  }, [state.stale, rereadView]);

  const index: SpecIndex | null = useMemo(() => (state.spec ? indexSpec(state.spec.entities) : null), [state.spec]);

  return {
    phase: state.phase,
    generation: state.generation,
    instanceId,
    view: state.view,
    game: state.game,
    /** The player-safe spec (kept on the device for offline play). */
    spec: state.spec,
    index,
    debug: state.debug,
    traceLog: state.traceLog,
    results: state.results,
    /** A start or a leave runs, or an event is on its way (never while the events wait for the network). */
    busy: state.busy || queue.status.sending,
    /** The device's queue of events: how many wait, whether the server can be reached. */
    queue: queue.status,
    /** The blocking output waiting for the player's answer (not one whose answer waits in the queue). */
    dialog: visibleDialog(selectDialog(state), queue.status.answering),
    ending: selectEnding(state),
    start,
    /** Sends the player's event; the answer (or the failure) arrives in the state. */
    send,
    /** The playtest starts over (working version only). */
    restart: () => start({ restart: true }),
    /** Closes a blocking output that takes no answer. */
    dismiss: (output: Output) => dispatch({ type: 'dialogDismissed', key: outputKey(output) }),
    /** Uploads a file the player submits; resolves to the medium's id. */
    upload: async (file: File) => {
      if (!instanceId) throw new Error(i18n.t('play.notStarted'));
      return (await playApi.uploadMedia(instanceId, file)).id;
    },
    /** Leaves the game for good (asked for from the menu). */
    leave: () => sendAndWait({ type: 'leave' }).then(() => dispatch({ type: 'left' })),
  };
}

function visibleDialog(dialog: Output | undefined, answering: string[]): Output | undefined {
  return dialog?.interactionId && answering.includes(dialog.interactionId) ? undefined : dialog;
}

export type PlaySession = ReturnType<typeof usePlaySession>;

/** A session whose game is loaded: what the play screen needs. */
export type LoadedSession = PlaySession & {
  view: NonNullable<PlaySession['view']>;
  game: NonNullable<PlaySession['game']>;
  spec: NonNullable<PlaySession['spec']>;
  index: SpecIndex;
};

/** Whether the session plays, its game and view loaded. */
export function isLoaded(session: PlaySession): session is LoadedSession {
  return session.phase.kind === 'playing' && !!session.view && !!session.game && !!session.spec && !!session.index;
}
