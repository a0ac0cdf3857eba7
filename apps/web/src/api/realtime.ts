import { useEffect, useRef } from 'react';
import { io, type Socket } from 'socket.io-client';
import {
  SOCKET_EVENTS,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type WatchPlayerRequest,
  type WatchRequest,
} from '@loci/domain';
import { readToken } from './client';

/**
 * One Socket.IO connection per signed-in session (same origin, path
 * /socket.io, the stored token as auth). It is opened by the first subscriber,
 * reconnects on its own with a growing delay (so a server without the socket
 * endpoint only costs a retry now and then) and is closed when the last
 * subscriber leaves or the token changes.
 */
type LociSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
/** An event the server pushes, and its payload (the domain's protocol). */
export type PushedEvent = keyof ServerToClientEvents;
export type PushedPayload<E extends PushedEvent> = Parameters<ServerToClientEvents[E]>[0];

let socket: LociSocket | null = null;
let socketToken: string | null = null;
let subscribers = 0;
let closing: ReturnType<typeof setTimeout> | undefined;
// A screen that remounts (a restarted playtest) unsubscribes and subscribes again at once: keep the socket meanwhile.
const CLOSE_GRACE_MS = 5000;

function connect(token: string): LociSocket {
  clearTimeout(closing);
  if (socket && socketToken === token) return socket;
  socket?.disconnect();
  socketToken = token;
  socket = io({
    path: '/socket.io',
    auth: { token },
    // WebSocket at once, no HTTP long-polling first: a polling session spans several requests, which the
    // server's workers (LOCI_WORKERS) and a load balancer's nodes would share out (docs/deployment.md).
    transports: ['websocket'],
    reconnection: true,
    reconnectionDelay: 1000,
    reconnectionDelayMax: 30_000,
  });
  return socket;
}

function release(): void {
  subscribers -= 1;
  if (subscribers > 0) return;
  subscribers = 0;
  clearTimeout(closing);
  closing = setTimeout(() => {
    if (subscribers > 0 || !socket) return;
    socket.disconnect();
    socket = null;
    socketToken = null;
  }, CLOSE_GRACE_MS);
}

/** Listens to `event` on the session's socket; returns the unsubscribe. */
export function subscribe<E extends PushedEvent>(event: E, handler: (payload: PushedPayload<E>) => void): () => void {
  const token = readToken();
  if (!token) return () => {};
  const current = connect(token);
  subscribers += 1;
  // Socket.IO cannot relate a generic event name to its listener: the map pairs them (PushedPayload<E>).
  const listener = ((payload: PushedPayload<E>) => handler(payload)) as ServerToClientEvents[E];
  current.on<PushedEvent>(event, listener);
  return () => {
    current.off<PushedEvent>(event, listener);
    if (current === socket) release();
  };
}

/**
 * Calls `handler` for every `event` pushed to the signed-in user while the
 * component is mounted (and `enabled`). The latest handler is always used.
 */
export function useRealtimeEvent<E extends PushedEvent>(
  event: E,
  handler: (payload: PushedPayload<E>) => void,
  enabled = true,
): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!enabled) return;
    return subscribe(event, (payload) => latest.current(payload));
  }, [event, enabled]);
}

/** Events the server pushes to a player's room (the names are the domain's, shared with the server). */
export const REALTIME_EVENTS = {
  outputs: SOCKET_EVENTS.outputs,
  message: SOCKET_EVENTS.message,
  /** A trade the player is part of was proposed or changed status. */
  trade: SOCKET_EVENTS.trade,
  /** A debug event (the debugging-tools page): the message text is the event name. */
  locationUpdate: SOCKET_EVENTS.locationUpdate,
  /** A step of the player an operator watches ("See as the player", after `watchPlayer`). */
  playerView: SOCKET_EVENTS.playerView,
} as const;

/**
 * Sends `event` with `payload` on the session's socket once connected, and
 * again after every reconnect (a new connection starts outside every room),
 * e.g. `watch` { instanceId } to hear an instance's `instance` events, or
 * `watchPlayer` { instanceId, playerId } to hear that player's `playerView`. The
 * returned function sends `leaveEvent` (when given) and lets the socket go.
 */
export function joinRoom(
  event: keyof ClientToServerEvents,
  payload: WatchRequest | WatchPlayerRequest,
  leaveEvent?: keyof ClientToServerEvents,
): () => void {
  const token = readToken();
  if (!token) return () => {};
  const current = connect(token);
  subscribers += 1;
  const join = () => {
    current.emit(event, payload);
  };
  current.on('connect', join);
  if (current.connected) join();
  return () => {
    current.off('connect', join);
    if (leaveEvent && current.connected) current.emit(leaveEvent, payload);
    if (current === socket) release();
  };
}
