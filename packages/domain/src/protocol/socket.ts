import { z } from 'zod';
import { outputSchema } from './outputs.js';
import type { TradePush } from './trades.js';
import type { ChatMessage } from './messages.js';
import type { SOCKET_EVENTS } from './socket-names.js';
import { playerViewSchema } from './view.js';
import { viewPartSchema } from './view-delta.js';

/**
 * The realtime protocol (Socket.IO): every event name with its payload's
 * schema, and the typed event maps the server and the web client hand to
 * Socket.IO's generics, so neither side casts a payload.
 */

// The names and messages (no zod): socket-names.ts, which the web player's first load reads alone.
export * from './socket-names.js';

/** Body of the `watch` and `unwatch` events. */
export const watchRequestSchema = z.object({ instanceId: z.string().min(1) });
export type WatchRequest = z.infer<typeof watchRequestSchema>;

/** Body of the `watchPlayer` and `unwatchPlayer` events. */
export const watchPlayerRequestSchema = z.object({ instanceId: z.string().min(1), playerId: z.string().min(1) });
export type WatchPlayerRequest = z.infer<typeof watchPlayerRequestSchema>;

/** Acknowledgement of `watch` / `unwatch`. */
export const watchAckSchema = z.object({ ok: z.boolean(), message: z.string().optional() });
export type WatchAck = z.infer<typeof watchAckSchema>;

const pushBase = z.object({
  instanceId: z.string(),
  /** The step's id, as its answer carries it (absent when the push is no step's: an operator's change). */
  stepId: z.string().optional(),
  outputs: z.array(outputSchema),
});

/**
 * Payload of `outputs`: what one step produced for the player, with their new view — whole, or what changed
 * since the last view the server sent them (protocol/view-delta.ts).
 */
export const outputsPushSchema = pushBase.extend(viewPartSchema.shape);
export type OutputsPush = z.infer<typeof outputsPushSchema>;

/** Payload of `playerView`: one player's outputs of a step and their new view (always whole), for who watches them. */
export const playerViewPushSchema = pushBase.extend({ playerId: z.string(), view: playerViewSchema });
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

/** Payload of `teamActivity`: what a teammate did, for the team's other members (games played in teams). */
export const teamActivityPushSchema = z.object({
  instanceId: z.string(),
  /** The member who acted: their member id and name. */
  member: z.object({ id: z.string(), name: z.string() }),
  /** The event's type (answer, pick, code, location…). */
  event: z.string(),
  /** For an answer: whether it was correct (null when the step judged nothing). */
  correct: z.boolean().nullable(),
  /** The step's id, as the acting member's answer carries it. */
  stepId: z.string().optional(),
});
export type TeamActivityPush = z.infer<typeof teamActivityPushSchema>;

/** Payload of `teamPosition`: where a teammate is now, for the team's other members' map. */
export const teamPositionPushSchema = z.object({
  instanceId: z.string(),
  /** The member who moved: their member id and name. */
  member: z.object({ id: z.string(), name: z.string() }),
  latitude: z.number(),
  longitude: z.number(),
});
export type TeamPositionPush = z.infer<typeof teamPositionPushSchema>;

/** What the server emits, by event name (Socket.IO's first generic on both ends). */
export interface ServerToClientEvents {
  outputs: (payload: OutputsPush) => void;
  playerView: (payload: PlayerViewPush) => void;
  instance: (payload: InstancePush) => void;
  message: (payload: OperatorMessage) => void;
  trade: (payload: TradePush) => void;
  teamActivity: (payload: TeamActivityPush) => void;
  feedChanged: (payload: { instanceId: string }) => void;
  chat: (payload: ChatMessage) => void;
  teamPosition: (payload: TeamPositionPush) => void;
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
