import type { Output } from '@loci/engine';
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { playApi, playErrorCode, type PlayEvent } from '../../../api/play';
import { isApiError } from '../../../api/client';
import { useInstancePushes } from '../realtime/play-socket';
import { indexSpec, type SpecIndex } from '../spec-index';
import { playErrorMessage } from './play-error';
import {
  initialSessionState,
  outputKey,
  selectDialog,
  selectEnding,
  sessionReducer,
  type PlayerMessage,
} from './session-reducer';

export interface PlaySessionHandlers {
  /** Non-blocking outputs (notifications, scene changes, errors). */
  onOutputs: (outputs: Output[]) => void;
  onMessage: (message: PlayerMessage) => void;
  /** A refused call (not an engine refusal: those are outputs). */
  onError: (error: unknown) => void;
}

const PASSCODE_STORAGE_PREFIX = 'lociPlayPasscode:';

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

  useEffect(() => {
    if (!notices.length) return;
    for (const notice of notices) {
      if (notice.kind === 'outputs') handlers.current.onOutputs(notice.outputs);
      else handlers.current.onMessage(notice.message);
    }
    dispatch({ type: 'noticesDelivered', count: notices.length });
  }, [notices]);

  const start = useCallback(
    async (request: { passcode?: string; restart?: boolean } = {}) => {
      dispatch({ type: 'startRequested' });
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

  const sendAndWait = useCallback(
    async (event: PlayEvent) => {
      if (!instanceId) return;
      dispatch({ type: 'eventSent' });
      try {
        dispatch({ type: 'answered', answer: await playApi.send(instanceId, event), event, at: Date.now() });
      } catch (error) {
        dispatch({ type: 'eventFailed', code: playErrorCode(error) });
        handlers.current.onError(error);
      }
    },
    [instanceId],
  );
  const send = useCallback((event: PlayEvent) => void sendAndWait(event), [sendAndWait]);

  useInstancePushes(instanceId, {
    onOutputs: (pushed) => dispatch({ type: 'pushed', answer: { ...pushed, messages: [] }, at: Date.now() }),
    onMessage: (message) => dispatch({ type: 'messageReceived', message }),
  });

  const index: SpecIndex | null = useMemo(() => (state.spec ? indexSpec(state.spec.entities) : null), [state.spec]);

  return {
    phase: state.phase,
    generation: state.generation,
    instanceId,
    view: state.view,
    game: state.game,
    index,
    debug: state.debug,
    traceLog: state.traceLog,
    results: state.results,
    busy: state.busy,
    /** The blocking output waiting for the player's answer. */
    dialog: selectDialog(state),
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
      if (!instanceId) throw new Error('The game has not started');
      return (await playApi.uploadMedia(instanceId, file)).id;
    },
    /** Leaves the game for good (asked for from the menu). */
    leave: () => sendAndWait({ type: 'leave' }).then(() => dispatch({ type: 'left' })),
  };
}

export type PlaySession = ReturnType<typeof usePlaySession>;

/** A session whose game is loaded: what the play screen needs. */
export type LoadedSession = PlaySession & {
  view: NonNullable<PlaySession['view']>;
  game: NonNullable<PlaySession['game']>;
  index: SpecIndex;
};

/** Whether the session plays, its game and view loaded. */
export function isLoaded(session: PlaySession): session is LoadedSession {
  return session.phase.kind === 'playing' && !!session.view && !!session.game && !!session.index;
}
