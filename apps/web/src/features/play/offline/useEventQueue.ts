import { useEffect, useMemo, useState } from 'react';
import { playApi, type PlayAnswer, type PlayEvent } from '../../../api/play';
import { EMPTY_STATUS, EventQueue, type QueueStatus, type QueueStore } from './event-queue';
import { hasIndexedDb, idbQueueStore, memoryQueueStore } from './idb-store';

/** How long a queue that could not reach the server waits before trying again (the `online` event may come first). */
export const RETRY_MS = 5_000;

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/**
 * The player's event queue for one instance: `enqueue` keeps an event on the device and sends what waits;
 * `status` says how many wait and whether the server is reachable. Sends again when the browser comes
 * back online, every RETRY_MS while events wait, and at once for events a previous page left behind.
 */
export function useEventQueue(
  instanceId: string | null,
  handlers: {
    onAnswer: (event: PlayEvent, answer: PlayAnswer) => void;
    onRefused: (error: unknown) => void;
    onHeld: (error: unknown) => void;
    /**
     * The revision of the view the app holds when an event leaves (null: none): sent with it, so the answer
     * may carry only what changed (protocol version 2).
     */
    viewRevision?: () => string | null;
  },
  store: QueueStore = defaultStore(),
) {
  const [status, setStatus] = useState<QueueStatus>(EMPTY_STATUS);
  const [latest] = useState(() => ({ handlers }));
  latest.handlers = handlers;

  const queue = useMemo(
    () =>
      instanceId
        ? new EventQueue(instanceId, {
            store,
            send: (id, body, signal) =>
              playApi.send(
                id,
                latest.handlers.viewRevision ? { ...body, viewRevision: latest.handlers.viewRevision() } : body,
                signal,
              ),
            onAnswer: (entry, answer) => latest.handlers.onAnswer(entry.event, answer),
            onRefused: (_entry, error) => latest.handlers.onRefused(error),
            onHeld: (_entry, error) => latest.handlers.onHeld(error),
            onStatus: setStatus,
            online: browserOnline,
          })
        : null,
    [instanceId, store, latest],
  );

  useEffect(() => {
    if (!queue) return;
    const flush = () => void queue.flush();
    const offline = () => setStatus((current) => ({ ...current, offline: true }));
    flush();
    window.addEventListener('online', flush);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', flush);
      window.removeEventListener('offline', offline);
    };
  }, [queue]);

  const stuck = status.waiting > 0 && !status.sending;
  useEffect(() => {
    if (!queue || !stuck) return;
    const timer = setInterval(() => void queue.flush(), RETRY_MS);
    return () => clearInterval(timer);
  }, [queue, stuck]);

  const enqueue = useMemo(() => (event: PlayEvent) => queue?.enqueue(event) ?? Promise.resolve(), [queue]);
  return { status, enqueue };
}

let shared: QueueStore | null = null;
function defaultStore(): QueueStore {
  shared ??= hasIndexedDb() ? idbQueueStore : memoryQueueStore();
  return shared;
}
