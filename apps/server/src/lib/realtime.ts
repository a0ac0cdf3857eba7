import type { DebugLocationPayload, ServerToClientEvents } from '@loci/domain';

/** An event the server emits, and its payload (the domain's protocol). */
export type ServerEvent = keyof ServerToClientEvents;
export type ServerEventPayload<E extends ServerEvent> = Parameters<ServerToClientEvents[E]>[0];

/**
 * What the rest of the server needs from realtime delivery (Socket.IO, see
 * modules/realtime): push an event to a signed-in user's sockets, to everyone
 * watching an instance, or to a named room. Rooms: `user:{userId}` holds every
 * socket of that user (the player's room: outputs, operator messages and
 * LOCATION_UPDATE debug events arrive there); `instance:{instanceId}` holds the
 * operators and players of an instance; `player:{instanceId}:{playerId}` the
 * operators who see that player's screen. Sends are fire-and-forget: nothing
 * durable depends on them (a player who is offline reads the same outputs in
 * their next `view`).
 */
export interface Realtime {
  /** Emits `event` to every socket of the user (room `user:{userId}`). */
  toUser<E extends ServerEvent>(userId: string, event: E, payload: ServerEventPayload<E>): void;
  /** Emits `event` to every socket watching one player of the instance (room `player:{instanceId}:{playerId}`). */
  toPlayerWatchers<E extends ServerEvent>(
    instanceId: string,
    playerId: string,
    event: E,
    payload: ServerEventPayload<E>,
  ): void;
  /** Emits `event` to every socket watching the instance (room `instance:{instanceId}`). */
  toInstance<E extends ServerEvent>(instanceId: string, event: E, payload: ServerEventPayload<E>): void;
  /**
   * Emits a debug event to any room by its full name: the debugging tools
   * name the event themselves (spec 3 §3), so its name is any text.
   */
  toRoom(room: string, event: string, payload: DebugLocationPayload): void;
  /**
   * Tells the instance's walls (the projector links' sockets, namespace `/wall`) that what they show changed:
   * coalesced per instance, they read the wall again. With `close`, their sockets are closed too (the link was
   * revoked or made again).
   */
  toWall(instanceId: string, options?: { close?: boolean }): void;
  /**
   * Closes every socket of the user (across every server process): their
   * tokens were revoked or the account deleted. Clients must sign in again.
   */
  disconnectUser(userId: string): void;
  /**
   * After rights changed (or a game was archived, unpublished or deleted): every socket of the user, or in the
   * rooms of the game, leaves at once the instance and player-screen rooms its user may no longer hold (across
   * every server process; modules/realtime/recheck.ts).
   */
  recheckRooms(scope: RecheckScope): Promise<void>;
  /** The users among `userIds` with at least one connected socket now (across every server process). */
  onlineUsers(userIds: readonly string[]): Promise<Set<string>>;
  close(): Promise<void>;
}

/**
 * Whose sockets to check again after rights changed: one user's, those in the rooms of one game, or those in
 * the given rooms (a deleted game's, named before it went).
 */
export type RecheckScope = { userId: string } | { gameId: string } | { rooms: readonly string[] };

/** The room of every socket of one user. */
export const userRoom = (userId: string): string => `user:${userId}`;
/** The room of an instance's players and watchers. */
export const instanceRoom = (instanceId: string): string => `instance:${instanceId}`;

/** The room of the operators who see one player's screen ("See as the player"): never the players'. */
/** Every player-watch room's name starts with this. */
export const PLAYER_WATCH_PREFIX = 'player:';
export const playerWatchRoom = (instanceId: string, playerId: string): string =>
  `${PLAYER_WATCH_PREFIX}${instanceId}:${playerId}`;

/** A Realtime that delivers nothing: used until the HTTP server listens, and by tests that do not listen. */
export function createNullRealtime(): Realtime {
  return {
    toUser: () => undefined,
    toPlayerWatchers: () => undefined,
    toInstance: () => undefined,
    toRoom: () => undefined,
    toWall: () => undefined,
    disconnectUser: () => undefined,
    recheckRooms: async () => undefined,
    onlineUsers: async () => new Set(),
    close: async () => undefined,
  };
}
