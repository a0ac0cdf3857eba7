import { SOCKET_EVENTS } from '@loci/domain';
import { useEffect, useMemo, useReducer, useRef } from 'react';
import { playApi } from '../../../api/play';
import { joinRoom, REALTIME_EVENTS, useRealtimeEvent } from '../../../api/realtime';
import { EMPTY_STATUS } from '../offline/event-queue';
import type { PlaySession, PlaySessionHandlers } from '../session/usePlaySession';
import { initialSessionState, outputKey, selectDialog, selectEnding, sessionReducer } from '../session/session-reducer';
import { indexSpec, type SpecIndex } from '../spec-index';

const nothing = () => undefined;
const nothingLater = async () => undefined;

/**
 * An operator's read-only session of one player's game ("See as the player"):
 * the player's view and game as their own app reads them (the operators'
 * routes answer them with the same presenter), then every step of theirs
 * pushed over the socket (`watchPlayer`), through the player's own reducer.
 * It sends nothing: every action of the play screen is a no-op here.
 */
export function useWatchedSession(
  instanceId: string,
  playerId: string,
  handlers: Pick<PlaySessionHandlers, 'onOutputs' | 'onMessage'>,
): PlaySession & { error: unknown } {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const [state, dispatch] = useReducer(sessionReducer, initialSessionState);
  const [error, setError] = useReducer((_: unknown, next: unknown) => next, null);
  // A first read that failed (the server away: a restart, an outage) is made again when the socket is back.
  const [attempt, loadAgain] = useReducer((count: number) => count + 1, 0);
  const failed = useRef(false);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    Promise.all([
      playApi.watchedInstance(instanceId, playerId, signal),
      playApi.watchedGame(instanceId, playerId, signal),
    ])
      .then(([answer, { game, spec }]) => {
        const { view, messages } = answer;
        dispatch({
          type: 'started',
          instanceId,
          answer: { outputs: [], view, messages },
          restart: false,
          at: Date.now(),
        });
        dispatch({ type: 'gameLoaded', game, spec });
        failed.current = false;
        setError(null);
      })
      .catch((failure: unknown) => {
        if (signal.aborted) return;
        failed.current = true;
        setError(failure);
      });
    return () => controller.abort();
  }, [instanceId, playerId, attempt]);

  // Subscribe, then read the snapshot: the first read above may predate the join (the socket comes a moment
  // after the page), and a step in between would be lost; every (re)join reads the player's view again.
  useEffect(() => {
    const controller = new AbortController();
    const reread = () => {
      if (failed.current) return loadAgain();
      playApi
        .watchedInstance(instanceId, playerId, controller.signal)
        .then(({ view }) => dispatch({ type: 'pushed', answer: { outputs: [], view, messages: [] }, at: Date.now() }))
        .catch(() => undefined); // the next push or rejoin brings it
    };
    const leave = joinRoom(SOCKET_EVENTS.watchPlayer, { instanceId, playerId }, SOCKET_EVENTS.unwatchPlayer, reread);
    return () => {
      controller.abort();
      leave();
    };
  }, [instanceId, playerId]);
  useRealtimeEvent(REALTIME_EVENTS.playerView, (pushed) => {
    if (pushed.instanceId !== instanceId || pushed.playerId !== playerId) return;
    dispatch({ type: 'pushed', answer: { outputs: pushed.outputs, view: pushed.view, messages: [] }, at: Date.now() });
  });

  const { notices } = state;
  useEffect(() => {
    if (!notices.length) return;
    for (const notice of notices) {
      if (notice.kind === 'outputs') latest.current.onOutputs(notice.outputs);
      else latest.current.onMessage(notice.message);
    }
    dispatch({ type: 'noticesDelivered', count: notices.length });
  }, [notices]);

  const index: SpecIndex | null = useMemo(() => (state.spec ? indexSpec(state.spec.entities) : null), [state.spec]);
  return {
    error,
    phase: state.phase,
    generation: state.generation,
    instanceId: state.instanceId,
    view: state.view,
    game: state.game,
    spec: state.spec,
    index,
    debug: null,
    traceLog: [],
    results: state.results,
    busy: false,
    queue: EMPTY_STATUS,
    dialog: selectDialog(state),
    ending: selectEnding(state),
    start: nothingLater,
    send: nothing,
    restart: nothingLater,
    // Closing a dialog that takes no answer is the operator's own screen: nothing is sent.
    dismiss: (output) => dispatch({ type: 'dialogDismissed', key: outputKey(output) }),
    upload: () => Promise.reject(new Error('Read only')),
    leave: nothingLater,
  };
}
