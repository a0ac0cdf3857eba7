import { z } from 'zod';
import { outputSchema } from './outputs.js';
import type { TradePush } from './trades.js';
import { playerViewSchema } from './view.js';

/**
 * The realtime protocol (Socket.IO): every event name with its payload's
 * schema, and the typed event maps the server and the web client hand to
 * Socket.IO's generics, so neither side casts a payload.
 */

/** Where Socket.IO listens, on the same origin and port as the API. */
export const REALTIME_PATH = '/socket.io';

/**
 * Socket events. Clients emit `watch` / `unwatch` (with an acknowledgement);
 * the server emits the others to rooms `user:{userId}` (every socket of a user)
 * and `instance:{instanceId}` (its watchers).
 */
export const SOCKET_EVENTS = {
  /** Client → server: `{ instanceId }`, ack `{ ok, message? }`; joins `instance:{instanceId}`. */
  watch: 'watch',
  /** Client → server: `{ instanceId }`, ack `{ ok }`; leaves the instance's room. */
  unwatch: 'unwatch',
  /**
   * Client → server (operators, manage right): `{ instanceId, playerId }`, ack `{ ok, message? }`; joins
   * `player:{instanceId}:{playerId}` to hear `playerView` (the operators' "See as the player").
   */
  watchPlayer: 'watchPlayer',
  /** Client → server: `{ instanceId, playerId }`, ack `{ ok }`; leaves that player's room. */
  unwatchPlayer: 'unwatchPlayer',
  /** Server → `user:{id}`: `{ instanceId, outputs, view }` after each step that produced outputs for the player. */
  outputs: 'outputs',
  /**
   * Server → `player:{instanceId}:{playerId}`: `{ instanceId, playerId, outputs, view }` after each step that
   * moved the player or produced outputs for them: what the player's own screen shows, for their watchers.
   */
  playerView: 'playerView',
  /** Server → `instance:{id}`: `{ instanceId, status }` after each change of the instance. */
  instance: 'instance',
  /** Server → `user:{id}`: an operator's message (OperatorMessage). */
  message: 'message',
  /** Server → `user:{id}`: `{ instanceId, trade }` when a trade the user is part of is proposed or changes status. */
  trade: 'trade',
  /** Server → any room: the debugging tools' default fake event (spec 3 §3 "Debug event"). */
  locationUpdate: 'LOCATION_UPDATE',
} as const;

/** Names Socket.IO keeps for itself: emitting one throws, so the debug page may not use them. */
export const RESERVED_SOCKET_EVENTS = [
  'connect',
  'connect_error',
  'disconnect',
  'disconnecting',
  'newListener',
  'removeListener',
] as const;

/** Why a socket connection or a watch is refused. */
export const REALTIME_MESSAGES = {
  noToken: 'Not loged in',
  badToken: 'Your session has expired or is not valid. Please sign in again',
  tooManySockets: 'This account has too many open connections. Close Loci in another tab or device and try again',
  tooManyHandshakes: 'Too many connection attempts from your address. Please wait a minute and try again',
} as const;

/** Body of the `watch` and `unwatch` events. */
export const watchRequestSchema = z.object({ instanceId: z.string().min(1) });
export type WatchRequest = z.infer<typeof watchRequestSchema>;

/** Body of the `watchPlayer` and `unwatchPlayer` events. */
export const watchPlayerRequestSchema = z.object({ instanceId: z.string().min(1), playerId: z.string().min(1) });
export type WatchPlayerRequest = z.infer<typeof watchPlayerRequestSchema>;

/** Acknowledgement of `watch` / `unwatch`. */
export const watchAckSchema = z.object({ ok: z.boolean(), message: z.string().optional() });
export type WatchAck = z.infer<typeof watchAckSchema>;

/** Payload of `outputs`: what one step produced for the player, with their new view. */
export const outputsPushSchema = z.object({
  instanceId: z.string(),
  outputs: z.array(outputSchema),
  view: playerViewSchema,
});
export type OutputsPush = z.infer<typeof outputsPushSchema>;

/** Payload of `playerView`: one player's outputs of a step and their new view, for who watches them. */
export const playerViewPushSchema = outputsPushSchema.extend({ playerId: z.string() });
export type PlayerViewPush = z.infer<typeof playerViewPushSchema>;

/** Payload of `instance`: the instance's status after a change ('deleted' once it is gone). */
export const instancePushSchema = z.object({ instanceId: z.string(), status: z.string() });
export type InstancePush = z.infer<typeof instancePushSchema>;

/** Payload of `message`: an operator's message to a player (spec 1 §7 send-message). */
export const operatorMessageSchema = z.object({
  /** The stored message's id (asynchronous messages), so a client shown it live can skip it in its next view. */
  id: z.string().nullable(),
  instanceId: z.string(),
  message: z.string(),
  /** The scene the message was sent to, or null for every scene. */
  sceneId: z.string().nullable(),
  /** ISO time it was sent. */
  when: z.string(),
  /** The operator's name. */
  from: z.string(),
});
export type OperatorMessage = z.infer<typeof operatorMessageSchema>;

/** Payload of a debug event (`LOCATION_UPDATE` unless the designer names it otherwise): a position to show. */
export const debugLocationPayloadSchema = z.object({
  location: z.object({ coords: z.object({ latitude: z.number(), longitude: z.number() }) }),
});
export type DebugLocationPayload = z.infer<typeof debugLocationPayloadSchema>;

/** What the server emits, by event name (Socket.IO's first generic on both ends). */
export interface ServerToClientEvents {
  outputs: (payload: OutputsPush) => void;
  playerView: (payload: PlayerViewPush) => void;
  instance: (payload: InstancePush) => void;
  message: (payload: OperatorMessage) => void;
  trade: (payload: TradePush) => void;
  LOCATION_UPDATE: (payload: DebugLocationPayload) => void;
}

/** What a client emits, by event name: both are answered through Socket.IO's acknowledgement when one is asked for. */
export interface ClientToServerEvents {
  watch: (body: WatchRequest, ack?: (answer: WatchAck) => void) => void;
  unwatch: (body: WatchRequest, ack?: (answer: WatchAck) => void) => void;
  watchPlayer: (body: WatchPlayerRequest, ack?: (answer: WatchAck) => void) => void;
  unwatchPlayer: (body: WatchPlayerRequest, ack?: (answer: WatchAck) => void) => void;
}

// The maps' keys are the names in SOCKET_EVENTS, no more and no less.
type SocketEventName = (typeof SOCKET_EVENTS)[keyof typeof SOCKET_EVENTS];
const socketMapsMatchNames: [
  Exclude<SocketEventName, keyof ServerToClientEvents | keyof ClientToServerEvents>,
  Exclude<keyof ServerToClientEvents | keyof ClientToServerEvents, SocketEventName>,
] extends [never, never]
  ? true
  : false = true;
void socketMapsMatchNames;
