import { useEffect, useRef } from 'react';
import type { Socket } from 'socket.io-client';
import {
  PROTOCOL_VERSION,
  SOCKET_EVENTS,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type WatchAck,
  type WatchPlayerRequest,
  type WatchRequest,
} from '@loci/domain';
import { afterLoad } from '../after-load';
import { currentLanguage } from '../i18n';
import { readToken } from './client';
import { markOutdated } from './outdated';

/**
 * One Socket.IO connection per signed-in session (same origin, path
 * /socket.io, the stored token as auth). It is opened by the first subscriber,
 * reconnects on its own with a growing delay (so a server without the socket
 * endpoint only costs a retry now and then) — also when the server closed it (a restart: every worker
 * disconnects its sockets on SIGTERM) or refused the handshake for a while (a database outage), which
 * socket.io-client never retries by itself — and is closed when the last
 * subscriber leaves or the token changes. socket.io-client itself is loaded
 * with the first subscriber, not with the page: the player's map is drawn
 * before it comes (bench/player-load.bench.mjs), and what the socket pushes
 * meanwhile is in the answers the player fetches anyway.
 */
type LociSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
/** An event the server pushes, and its payload (the domain's protocol). */
export type PushedEvent = keyof ServerToClientEvents;
export type PushedPayload<E extends PushedEvent> = Parameters<ServerToClientEvents[E]>[0];

let socket: Promise<LociSocket> | null = null;
/** Sockets this page closed on purpose: a pending come-back must not open them again. */
const closedSockets = new WeakSet<LociSocket>();
/** How often each socket has connected: a second connection is a reconnection, after which screens catch up. */
const connections = new WeakMap<LociSocket, number>();
let socketToken: string | null = null;
let subscribers = 0;
let closing: ReturnType<typeof setTimeout> | undefined;
// A screen that remounts (a restarted playtest) unsubscribes and subscribes again at once: keep the socket meanwhile.
const CLOSE_GRACE_MS = 5000;

/**
 * After the page's first load and paint (the player's map and its chunk), then an idle moment: the socket is
 * never urgent — what it would push meanwhile is in the answers the page fetches anyway.
 */
const SOCKET_DELAY_MS = 1500;
const whenIdle = () => new Promise<void>((resolve) => void afterLoad(resolve, SOCKET_DELAY_MS));

/** The first come-back's delay, doubled after each failed one up to the last (spread so a restart's sockets do not return at once). */
const COME_BACK_FIRST_MS = 1000;
const COME_BACK_MAX_MS = 10_000;
/** The handshake refusal's code for a page whose protocol version the server no longer speaks. */
const OUTDATED_CLIENT = 'OUTDATED_CLIENT';
/**
 * Handshake refusals that another try would only repeat: the session is gone (the token is the socket's for
 * life), or the server no longer speaks this page's protocol (only a reload brings the new page).
 */
const FINAL_REFUSALS: readonly unknown[] = ['UNAUTHENTICATED', OUTDATED_CLIENT];

/** Half to all of the attempt's doubled delay, at random. */
export function comeBackDelay(attempt: number, random = Math.random): number {
  const ceiling = Math.min(COME_BACK_FIRST_MS * 2 ** attempt, COME_BACK_MAX_MS);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * Makes `current` come back by itself where socket.io-client gives up: when the server closed the connection
 * (`io server disconnect`: a restart or a deploy) and when the server refused the handshake (a database outage,
 * too many handshakes) — each time after a growing, spread delay. Other losses (the network, a server that does
 * not answer) the client's own reconnection already retries.
 */
function keepConnected(current: LociSocket): LociSocket {
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const comeBack = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (!closedSockets.has(current) && !current.connected && !current.active) current.connect();
    }, comeBackDelay(attempt));
    attempt += 1;
  };
  current.on('connect', () => {
    attempt = 0;
    connections.set(current, (connections.get(current) ?? 0) + 1);
  });
  current.on('disconnect', (reason) => {
    if (reason === 'io server disconnect') comeBack();
  });
  current.on('connect_error', (error: Error & { data?: { errorCode?: unknown } }) => {
    const code = error.data?.errorCode;
    if (code === OUTDATED_CLIENT) markOutdated(error.message);
    // `active`: the client's own reconnection goes on; otherwise the server refused and the client stopped.
    if (current.active || FINAL_REFUSALS.includes(code)) return;
    comeBack();
  });
  return current;
}

function close(current: LociSocket): void {
  closedSockets.add(current);
  current.disconnect();
}

function connect(token: string): Promise<LociSocket> {
  clearTimeout(closing);
  if (socket && socketToken === token) return socket;
  void socket?.then(close);
  socketToken = token;
  socket = whenIdle()
    .then(() => import('socket.io-client'))
    .then(({ io }) =>
      keepConnected(
        io({
          path: '/socket.io',
          // A function: every (re)connection names the interface language of that moment (the server's refusals
          // come in it when the account has no language of its own).
          auth: (send) => send({ token, language: currentLanguage(), protocolVersion: PROTOCOL_VERSION }),
          // WebSocket at once, no HTTP long-polling first: a polling session spans several requests, which the
          // server's workers (LOCI_WORKERS) and a load balancer's nodes would share out (docs/deployment.md).
          transports: ['websocket'],
          reconnection: true,
          reconnectionDelay: 1000,
          // A restart's few seconds away should not cost the screens much more than that when it is over.
          reconnectionDelayMax: COME_BACK_MAX_MS,
        }),
      ),
    );
  return socket;
}

function release(): void {
  subscribers -= 1;
  if (subscribers > 0) return;
  subscribers = 0;
  clearTimeout(closing);
  closing = setTimeout(() => {
    if (subscribers > 0 || !socket) return;
    void socket.then(close);
    socket = null;
    socketToken = null;
  }, CLOSE_GRACE_MS);
}

/**
 * Runs `use` on the session's socket once it is there (the library loads with the first use) and returns
 * the function that undoes it and lets the socket go — at once, even before the socket came.
 */
function withSocket(use: (current: LociSocket) => () => void): () => void {
  const token = readToken();
  if (!token) return () => {};
  const pending = connect(token);
  subscribers += 1;
  let undo: (() => void) | null = null;
  let done = false;
  void pending.then((current) => {
    if (!done) undo = use(current);
  });
  return () => {
    done = true;
    undo?.();
    if (pending === socket) release();
  };
}

/** Listens to `event` on the session's socket; returns the unsubscribe. */
export function subscribe<E extends PushedEvent>(event: E, handler: (payload: PushedPayload<E>) => void): () => void {
  return withSocket((current) => {
    // Socket.IO cannot relate a generic event name to its listener: the map pairs them (PushedPayload<E>).
    const listener = ((payload: PushedPayload<E>) => handler(payload)) as ServerToClientEvents[E];
    current.on<PushedEvent>(event, listener);
    return () => current.off<PushedEvent>(event, listener);
  });
}

/**
 * Calls `handler` each time the session's socket connects again after it was lost (not on its first
 * connection): what was pushed meanwhile never came, so the caller reads it again. Returns the unsubscribe.
 */
export function onReconnect(handler: () => void): () => void {
  return withSocket((current) => {
    const listener = () => {
      if ((connections.get(current) ?? 0) > 1) handler();
    };
    current.on('connect', listener);
    return () => current.off('connect', listener);
  });
}

/**
 * Calls `handler` each time the session's socket connects — its first connection too — and at once when it is
 * connected already: only from then on do pushes reach the page, and what was pushed before never will (the
 * socket connects after the first screen, and a screen's first answer may be older than a teammate's step), so the
 * caller reads it again. Returns the unsubscribe.
 */
export function onLive(handler: () => void): () => void {
  return withSocket((current) => {
    const listener = () => handler();
    current.on('connect', listener);
    if (current.connected) handler();
    return () => current.off('connect', listener);
  });
}

/** Calls the latest `handler` whenever the session's socket is live again while mounted (and `enabled`): `onLive`. */
export function useRealtimeLive(handler: () => void, enabled = true): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!enabled) return;
    return onLive(() => latest.current());
  }, [enabled]);
}

/** Calls the latest `handler` each time the session's socket comes back while mounted (and `enabled`). */
export function useRealtimeReconnect(handler: () => void, enabled = true): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!enabled) return;
    return onReconnect(() => latest.current());
  }, [enabled]);
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
  /** What a teammate did (games played in teams): "Maria answered — correct". */
  teamActivity: SOCKET_EVENTS.teamActivity,
  /** A new message of the player's conversation or team chat, or of an organiser's inbox (docs/outings.md). */
  chat: SOCKET_EVENTS.chat,
  /** Where a teammate is now (games played in teams): their marker on the map moves. */
  teamPosition: SOCKET_EVENTS.teamPosition,
} as const;

/**
 * Sends `event` with `payload` on the session's socket once connected, and
 * again after every reconnect (a new connection starts outside every room),
 * e.g. `watch` { instanceId } to hear an instance's `instance` events, or
 * `watchPlayer` { instanceId, playerId } to hear that player's `playerView`. `onJoined` runs when the
 * server accepted the join. The returned function sends `leaveEvent` (when given) and lets the socket go.
 */
export function joinRoom(
  event: keyof ClientToServerEvents,
  payload: WatchRequest | WatchPlayerRequest,
  leaveEvent?: keyof ClientToServerEvents,
  onJoined?: () => void,
): () => void {
  return withSocket((current) => {
    const join = () => {
      // What was pushed before the room was joined is lost: `onJoined` (the server's ack) lets the caller read
      // the snapshot again, after every (re)join.
      current.emit(event, payload, (answer: WatchAck) => {
        if (answer.ok) onJoined?.();
      });
    };
    current.on('connect', join);
    if (current.connected) join();
    return () => {
      current.off('connect', join);
      if (leaveEvent && current.connected) current.emit(leaveEvent, payload);
    };
  });
}
