// The realtime protocol's names and messages, apart from its payload schemas (socket.ts): no zod here, so
// a client that only names events (the web player's first load) takes no schema library with it.

/** Where Socket.IO listens, on the same origin and port as the API. */
export const REALTIME_PATH = '/socket.io';

/**
 * Socket events. Clients emit `watch` / `unwatch` (with an acknowledgement);
 * the server emits the others to rooms `user:{userId}` (every socket of a user)
 * and `instance:{instanceId}` (its watchers).
 */
export const SOCKET_EVENTS = {
  /** Server → `instance:{id}`: `{ instanceId }` when the instance's feed changed (issue 29): read it again. */
  feedChanged: 'feedChanged',
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
  /**
   * Server → `user:{id}` of every OTHER member of a team (games played in teams): `{ instanceId, member, event,
   * correct }` after a member's step — "Maria answered — correct" (TeamActivityPush).
   */
  teamActivity: 'teamActivity',
  /**
   * Server → `user:{id}` of the players of a conversation (a solo player, or every member of the team) and the
   * organisers' inbox room (`player:{instanceId}:~inbox`, joined with `watchPlayer`): a new message (ChatMessage,
   * issue 29).
   */
  chat: 'chat',
  /**
   * Server → `user:{id}` of every OTHER member of a team: `{ instanceId, member, latitude, longitude }` after a
   * member's location event — their teammates' map moves their marker (TeamPositionPush).
   */
  teamPosition: 'teamPosition',
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
  outdatedClient: 'Loci has been updated. Reload the page to keep getting live updates',
} as const;

/** Why a `watch` or `watchPlayer` is refused (its acknowledgement's message). */
export const WATCH_MESSAGES = {
  invalid: 'Send { instanceId } to watch an instance',
  forbidden: 'You may only watch instances you play in or whose game you manage',
  invalidPlayer: 'Send { instanceId, playerId } to see a player’s screen',
  playerNotFound: 'Player not found in this instance',
  playerForbidden: 'Only the game’s operators (manage right) may see a player’s screen',
} as const;
