import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { Server, type Socket } from 'socket.io';
import {
  ERROR_MESSAGES,
  isSpokenProtocolVersion,
  PLAY_MESSAGES,
  SOCKET_EVENTS,
  REALTIME_PATH,
  REALTIME_MESSAGES,
  watchPlayerRequestSchema,
  watchRequestSchema,
  type ClientToServerEvents,
  type ServerToClientEvents,
  languageOf,
  renderDomainText,
  translateDomainMessage,
  type InterfaceLanguage,
  type WatchAck,
} from '@loci/domain';
import { ConfigError } from '../../config.js';
import type { AppContext } from '../../context.js';
import { clientAddressOf, trustProxyOf } from '../../lib/client-address.js';
import { languageFor } from '../../lib/answer-language.js';
import { isDatabaseOutage } from '../../lib/database-outage.js';
import { AppError } from '../../lib/errors.js';
import {
  instanceRoom,
  PLAYER_WATCH_PREFIX,
  playerWatchRoom,
  userRoom,
  type Realtime,
  type ServerEvent,
  type ServerEventPayload,
} from '../../lib/realtime.js';
import { createTokenBuckets } from '../../lib/token-buckets.js';
import { createSessionReader, type CurrentUser } from '../../plugins/auth.js';
import { checkWatchAccess, checkWatchPlayerAccess, WATCH_MESSAGES } from './access.js';
import { recheckRooms } from './recheck.js';
import { adapterCodec, pushParser, withPayloadJson } from './push-encoding.js';
import { withSafePublish } from './safe-publish.js';
import { createWatchInterest } from './watch-interest.js';
import { attachWallNamespace } from '../wall/socket.js';

/** What a socket carries once authenticated (synced to other processes by the Redis adapter's fetchSockets). */
interface SocketData {
  user: CurrentUser;
  /** When the handshake token expires (seconds since the epoch): the socket closes then. */
  expiresAt: number;
}
/** Between server processes (the Redis adapter's serverSideEmit): the watch rooms a process's sockets are in. */
interface ServerSideEvents {
  /** Every announce period: the rooms held here. */
  watching: (rooms: string[]) => void;
  /** A room joined here just now: each other process answers once it has heard it (the watch's ack waits). */
  joined: (rooms: string[], heard: () => void) => void;
}
/** Socket.IO typed by the domain's protocol maps. */
type LociServer = Server<ClientToServerEvents, ServerToClientEvents, ServerSideEvents, SocketData>;
type LociSocket = Socket<ClientToServerEvents, ServerToClientEvents, ServerSideEvents, SocketData>;

/** How many announce periods (LOCI_WATCH_ANNOUNCE_MS) the other processes remember an announcement. */
const WATCH_TTL_PERIODS = 3;

/**
 * The prefix of the Redis adapter's channels: not the adapter's default ('socket.io'), since our processes
 * exchange pushes in their own format (push-encoding.ts), which a process of an older version would misread.
 */
const ADAPTER_KEY = 'loci-realtime-1';

/** How long the first connection to Redis may take before start-up fails with a clear message. */
const REDIS_FIRST_CONNECT_RETRIES = 5;

/**
 * Connects the two Redis clients the adapter needs (one publishes, one
 * subscribes). The first connection fails fast, so a wrong REDIS_URL stops
 * start-up; once connected, the clients retry for ever, since a Redis restart
 * must not take the server down (realtime is fire-and-forget meanwhile).
 */
async function connectRedis(ctx: AppContext, url: string) {
  let connectedOnce = false;
  const pub = createClient({
    url,
    socket: {
      connectTimeout: 5000,
      reconnectStrategy: (retries: number, cause: Error) =>
        !connectedOnce && retries >= REDIS_FIRST_CONNECT_RETRIES ? cause : Math.min(100 * 2 ** retries, 3000),
    },
  });
  const sub = pub.duplicate();
  for (const client of [pub, sub]) {
    // Without a listener, a lost connection would be an uncaught 'error' event.
    client.on('error', (error: unknown) => ctx.log.warn({ err: error }, 'realtime: Redis connection error'));
  }
  try {
    await Promise.all([pub.connect(), sub.connect()]);
  } catch (error) {
    await Promise.allSettled([pub.destroy(), sub.destroy()]);
    // A configuration problem: main.ts prints the message alone and exits.
    throw new ConfigError(
      `Cannot connect to Redis at REDIS_URL: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  connectedOnce = true;
  return { pub, sub };
}

/** setTimeout cannot wait longer than this (about 24.8 days). */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * The language of what the server says to a socket (refusals, acknowledgements): the account's choice once
 * signed in, else the interface language the client names in its handshake (`auth.language`, as the web sends
 * its Accept-Language header to the API), else the Accept-Language of the connection's request, else English.
 */
function socketLanguage(
  socket: Pick<LociSocket, 'request' | 'handshake'>,
  user?: Pick<CurrentUser, 'language'>,
): InterfaceLanguage {
  const named = (socket.handshake.auth as Record<string, unknown> | undefined)?.language;
  const chosen = user?.language ?? (typeof named === 'string' ? languageOf(named) : undefined);
  return languageFor(chosen, socket.request);
}

/** A text of @loci/domain's catalogue in `language` (any other text as it is). */
const inLanguage = (message: string, language: InterfaceLanguage) => translateDomainMessage(message, language);

/** A handshake refusal the client receives as its connect_error (message and `data.errorCode`). */
function refusal(
  message: string,
  errorCode: 'UNAUTHENTICATED' | 'RATE_LIMITED' | 'SERVICE_UNAVAILABLE' | 'OUTDATED_CLIENT',
  language: InterfaceLanguage,
): Error {
  return Object.assign(new Error(inLanguage(message, language)), { data: { errorCode } });
}

/** `next` of a handshake middleware that counts its refusals by code (metrics). */
function countRefusals(ctx: AppContext, next: (error?: Error) => void): (error?: Error) => void {
  return (error) => {
    if (error)
      ctx.metrics.socketRefusals.inc({
        code: String((error as { data?: { errorCode?: unknown } }).data?.errorCode ?? 'INTERNAL'),
      });
    next(error);
  };
}

/** Closes the socket when its token expires (re-armed when that is further away than a timer can wait). */
function disconnectAtExpiry(socket: LociSocket, expiresAt: number): void {
  let timer: NodeJS.Timeout;
  const arm = () => {
    const left = expiresAt * 1000 - Date.now();
    if (left <= 0) return void socket.disconnect(true);
    timer = setTimeout(arm, Math.min(left, MAX_TIMEOUT_MS));
  };
  arm();
  socket.once('disconnect', () => clearTimeout(timer));
}

/**
 * Starts Socket.IO on the app's HTTP server (path /socket.io) and makes it the
 * app's `ctx.realtime`. Called once the server listens (main.ts, and the test
 * app when it listens). With REDIS_URL, the Redis adapter makes every server
 * process on that Redis act as one: a room emit reaches sockets held by any of
 * them, and `onlineUsers` asks all of them.
 */
export async function startRealtime(ctx: AppContext, httpServer: HttpServer): Promise<Realtime> {
  const redis = ctx.config.redisUrl ? await connectRedis(ctx, ctx.config.redisUrl) : null;
  const io: LociServer = new Server(httpServer, {
    path: REALTIME_PATH,
    serveClient: false,
    ...(redis
      ? {
          adapter: createAdapter(
            withSafePublish(redis.pub, (error) => ctx.log.warn({ err: error }, 'realtime: a Redis publish failed')),
            redis.sub,
            { parser: adapterCodec, key: ADAPTER_KEY },
          ),
        }
      : {}),
    // A push's payload written as JSON once for every socket and process it reaches (push-encoding.ts).
    parser: pushParser,
    // Several workers share the port and node:cluster hands each connection to any of them, so an HTTP
    // long-polling session (several requests) would reach workers that do not know it: WebSocket only,
    // one connection that stays with one worker (the web client connects with WebSocket directly).
    ...(ctx.config.workers.count > 1 ? { transports: ['websocket' as const] } : {}),
  });

  ctx.metrics.readers.sockets = () => io.engine.clientsCount;
  const { limits } = ctx.config;
  const readSession = createSessionReader(ctx);
  const trustProxy = trustProxyOf(ctx.config.trustProxy);
  // Handshakes per address: in Redis when configured, so every process counts one budget (lib/secret-limits.ts).
  const { handshakes } = ctx.limits;
  // Every `watch` reads the database: a socket gets as many a second as a player gets events.
  const watches = createTokenBuckets({
    perSecond: limits.playerEventsPerSecond,
    burst: limits.playerEventsPerSecond * 2,
    now: () => ctx.now().getTime(),
  });
  /** This process's sockets per user, counted from an accepted handshake until the connection closes. */
  const socketsOf = new Map<string, Set<string>>();
  /** The token each socket signed in with; not in `socket.data`, which the Redis adapter sends to other processes. */
  const tokens = new WeakMap<LociSocket, string>();
  const release = (userId: string, socketId: string) => {
    const ids = socketsOf.get(userId);
    if (ids?.delete(socketId) && ids.size === 0) socketsOf.delete(userId);
  };

  /** The rest of a handshake once its address had a try left: the protocol, the token, the sockets per user. */
  const admit = (socket: LociSocket, next: (error?: Error) => void, language: ReturnType<typeof socketLanguage>) => {
    const auth: Record<string, unknown> = socket.handshake.auth ?? {};
    // An app that speaks another protocol would misread what it is sent: it is told to reload, in words.
    if (!isSpokenProtocolVersion(auth.protocolVersion))
      return next(refusal(REALTIME_MESSAGES.outdatedClient, 'OUTDATED_CLIENT', language));
    // `auth.token` from browsers; an Authorization header from clients that can set one (native apps).
    const token = auth.token ?? socket.handshake.headers.authorization;
    if (typeof token !== 'string' || token === '')
      return next(refusal(REALTIME_MESSAGES.noToken, 'UNAUTHENTICATED', language));
    const bare = token.replace(/^Bearer\s+/i, '');
    readSession(bare)
      .then((session) => {
        if (!session) return next(refusal(REALTIME_MESSAGES.badToken, 'UNAUTHENTICATED', language));
        const ids = socketsOf.get(session.user.id) ?? new Set<string>();
        // The new one is refused, not the oldest closed: closed tabs reconnecting would otherwise evict each other.
        if (ids.size >= limits.socketsPerUser)
          return next(refusal(REALTIME_MESSAGES.tooManySockets, 'RATE_LIMITED', socketLanguage(socket, session.user)));
        ids.add(socket.id);
        socketsOf.set(session.user.id, ids);
        // Either fires: 'disconnect' once connected, the transport's close also when it went before connecting.
        socket.once('disconnect', () => release(session.user.id, socket.id));
        socket.conn.once('close', () => release(session.user.id, socket.id));
        socket.data.user = session.user;
        socket.data.expiresAt = session.expiresAt;
        tokens.set(socket, bare);
        next();
      })
      .catch((error: unknown) => {
        // The client tries again by itself (apps/web/src/api/realtime.ts); the outage is logged once.
        if (isDatabaseOutage(error)) {
          ctx.outages.met(error);
          return next(refusal(ERROR_MESSAGES.unavailable, 'SERVICE_UNAVAILABLE', language));
        }
        ctx.log.error({ err: error }, 'realtime: handshake failed');
        next(new Error(inLanguage(ERROR_MESSAGES.internal, language)));
      });
  };

  let closed = false;
  io.use((socket, proceed) => {
    const next = countRefusals(ctx, proceed);
    const language = socketLanguage(socket);
    // A process shutting down still accepts connections until its HTTP server closes: a socket that came back
    // to it would be lost again a moment later, so it is sent to try again (the next process, or this one
    // restarted).
    if (closed) return next(refusal(ERROR_MESSAGES.unavailable, 'SERVICE_UNAVAILABLE', language));
    // Counted before the token is read, so a flood costs no signature check and no query.
    handshakes
      .take(clientAddressOf(socket.request, trustProxy))
      .then((taken) => {
        if (!taken.ok) return next(refusal(REALTIME_MESSAGES.tooManyHandshakes, 'RATE_LIMITED', language));
        admit(socket, next, language);
      })
      .catch((error: unknown) => {
        ctx.log.error({ err: error }, 'realtime: handshake failed');
        next(new Error(inLanguage(ERROR_MESSAGES.internal, language)));
      });
  });

  io.on('connection', (socket: LociSocket) => {
    const { user } = socket.data;
    void socket.join(userRoom(user.id));
    disconnectAtExpiry(socket, socket.data.expiresAt);
    // The maps type what a well-behaved client sends; any client may send anything, so both are checked here.
    const joinChecked = (
      ack: unknown,
      check: (user: CurrentUser) => Promise<{ ok: true } | { ok: false; message: string }>,
      room: string,
      onJoined?: () => Promise<void>,
    ) => {
      // Refusals in the socket user's language (the account's choice, read again with the session below).
      let language = socketLanguage(socket, socket.data.user);
      const reply = (answer: WatchAck) =>
        typeof ack === 'function' &&
        ack(
          answer.ok || answer.message === undefined
            ? answer
            : { ...answer, message: inLanguage(answer.message, language) },
        );
      if (!watches.take(socket.id).ok) return reply({ ok: false, message: PLAY_MESSAGES.tooManyEvents });
      // Read again, like every API call: a role granted since counts; a token revoked while this process did
      // not hear of it (Redis away) does not.
      readSession(tokens.get(socket) ?? '')
        .then(async (session) => {
          if (!session) {
            reply({ ok: false, message: REALTIME_MESSAGES.badToken });
            return void socket.disconnect(true);
          }
          socket.data.user = session.user;
          language = socketLanguage(socket, session.user);
          const access = await check(session.user);
          if (access.ok) {
            await socket.join(room);
            await onJoined?.();
          }
          reply(access);
        })
        .catch((error: unknown) => {
          // A refusal of the services (the game vanished meanwhile) is an answer; anything else a failure.
          if (error instanceof AppError)
            return reply({ ok: false, message: error.text ? renderDomainText(error.text, language) : error.message });
          if (isDatabaseOutage(error)) {
            ctx.outages.met(error);
            return reply({ ok: false, message: ERROR_MESSAGES.unavailable });
          }
          ctx.log.error({ err: error }, 'realtime: watch failed');
          reply({ ok: false, message: ERROR_MESSAGES.internal });
        });
    };
    socket.on(SOCKET_EVENTS.watch, (body: unknown, ack: unknown) => {
      const parsed = watchRequestSchema.safeParse(body);
      if (!parsed.success) {
        const message = inLanguage(WATCH_MESSAGES.invalid, socketLanguage(socket, socket.data.user));
        return typeof ack === 'function' && ack({ ok: false, message });
      }
      const { instanceId } = parsed.data;
      joinChecked(ack, (user) => checkWatchAccess(ctx, user, instanceId), instanceRoom(instanceId));
    });
    socket.on(SOCKET_EVENTS.unwatch, (body: unknown, ack: unknown) => {
      const parsed = watchRequestSchema.safeParse(body);
      if (parsed.success) void socket.leave(instanceRoom(parsed.data.instanceId));
      if (typeof ack === 'function') ack({ ok: parsed.success });
    });
    socket.on(SOCKET_EVENTS.watchPlayer, (body: unknown, ack: unknown) => {
      const parsed = watchPlayerRequestSchema.safeParse(body);
      if (!parsed.success) {
        const message = inLanguage(WATCH_MESSAGES.invalidPlayer, socketLanguage(socket, socket.data.user));
        return typeof ack === 'function' && ack({ ok: false, message });
      }
      const { instanceId, playerId } = parsed.data;
      joinChecked(
        ack,
        (user) => checkWatchPlayerAccess(ctx, user, instanceId, playerId),
        playerWatchRoom(instanceId, playerId),
        () => announceJoined([playerWatchRoom(instanceId, playerId)]),
      );
    });
    socket.on(SOCKET_EVENTS.unwatchPlayer, (body: unknown, ack: unknown) => {
      const parsed = watchPlayerRequestSchema.safeParse(body);
      if (parsed.success) void socket.leave(playerWatchRoom(parsed.data.instanceId, parsed.data.playerId));
      if (typeof ack === 'function') ack({ ok: parsed.success });
    });
  });

  const emit = (send: () => void, room: string, event: string) => {
    try {
      send();
    } catch (error) {
      // A reserved event name ('connect', 'disconnect', …) throws; sends are fire-and-forget.
      ctx.log.warn({ err: error, room, event }, 'realtime: emit failed');
    }
  };
  // A push to a room nobody holds is neither encoded nor published: every step of every player pushes to the
  // player's watch room, mostly empty. One process without Redis knows its rooms; with Redis, the player-watch
  // rooms of every process are known from their announcements (watch-interest.ts), other rooms are assumed held.
  const local = io.of('/').adapter;
  const watchInterest = createWatchInterest({
    now: () => Date.now(),
    ttlMs: WATCH_TTL_PERIODS * ctx.config.watchAnnounceMs,
    hasLocal: (room) => (local.rooms.get(room)?.size ?? 0) > 0,
  });
  function announce(rooms: string[]): void {
    if (!redis || rooms.length === 0) return;
    try {
      io.serverSideEmit('watching', rooms);
    } catch (error) {
      ctx.log.warn({ err: error }, 'realtime: announcing watch rooms failed');
    }
  }
  /**
   * A room joined here, announced at once; resolves when every other process has heard it (or could not say so
   * within the adapter's request timeout, 5 s: it then still pushes to the room during its own first moments, or
   * hears it with the next period's announcement). The join's ack waits for it, so a watcher who is answered
   * `ok` is pushed the very next step, whichever process runs it (realtime/nodes.test.ts).
   */
  async function announceJoined(rooms: string[]): Promise<void> {
    if (!redis) return;
    try {
      await io.serverSideEmitWithAck('joined', rooms);
    } catch (error) {
      ctx.log.warn({ err: error }, 'realtime: a watch room was not heard by every process in time');
    }
  }
  const announcing = redis
    ? setInterval(() => {
        watchInterest.prune();
        announce([...local.rooms.keys()].filter((room) => room.startsWith(PLAYER_WATCH_PREFIX)));
      }, ctx.config.watchAnnounceMs).unref()
    : undefined;
  const hear = (rooms: unknown) => {
    // Another process of ours sent it, through Redis: still, only names are kept.
    if (Array.isArray(rooms)) watchInterest.heard(rooms.filter((room): room is string => typeof room === 'string'));
  };
  io.on('watching', hear);
  io.on('joined', (rooms, heard) => {
    hear(rooms);
    if (typeof heard === 'function') heard();
  });
  const mayBeHeld = (room: string) =>
    !redis ? local.rooms.has(room) : !room.startsWith(PLAYER_WATCH_PREFIX) || watchInterest.watched(room);
  const emitPush = <E extends ServerEvent>(room: string, event: E, payload: ServerEventPayload<E>) => {
    if (!mayBeHeld(room)) return;
    ctx.metrics.pushes.inc({ event });
    emit(
      () =>
        withPayloadJson(payload, () => io.to(room).emit(event, ...([payload] as Parameters<ServerToClientEvents[E]>))),
      room,
      event,
    );
  };
  // Debug events carry a name the designer typed (spec 3 §3): the one emit outside the protocol's map.
  const anyEvent: Server = io;
  // The projector links' sockets (issue 29): their own namespace, without sign-in (modules/wall/socket.ts).
  const walls = attachWallNamespace(ctx, io);

  return {
    toUser: (userId, event, payload) => emitPush(userRoom(userId), event, payload),
    toPlayerWatchers: (instanceId, playerId, event, payload) =>
      emitPush(playerWatchRoom(instanceId, playerId), event, payload),
    toInstance: (instanceId, event, payload) => emitPush(instanceRoom(instanceId), event, payload),
    toRoom: (room, event, payload) =>
      emit(() => withPayloadJson(payload, () => anyEvent.to(room).emit(event, payload)), room, event),
    toWall: walls.toWall,
    disconnectUser: (userId) => io.in(userRoom(userId)).disconnectSockets(true),
    async recheckRooms(scope) {
      try {
        await recheckRooms(ctx, io, scope);
      } catch (error) {
        // Another process did not answer in time: its sockets are checked at their next watch.
        ctx.log.warn({ err: error }, 'realtime: rooms not rechecked after a change of rights');
      }
    },
    async onlineUsers(userIds) {
      const wanted = new Set(userIds);
      if (wanted.size === 0) return new Set();
      const rooms = [...wanted].map(userRoom);
      let sockets: { data: Partial<SocketData> }[];
      try {
        sockets = await io.in(rooms).fetchSockets();
      } catch (error) {
        // Another process did not answer in time: count the sockets this one holds.
        ctx.log.warn({ err: error }, 'realtime: fetchSockets across processes failed');
        sockets = await io.local.in(rooms).fetchSockets();
      }
      const online = new Set<string>();
      for (const socket of sockets) {
        const id = socket.data.user?.id;
        if (id && wanted.has(id)) online.add(id);
      }
      return online;
    },
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(announcing);
      // Not io.close(): that also closes the HTTP server, which Fastify closes itself right after.
      io.local.disconnectSockets(true);
      io.of('/wall').local.disconnectSockets(true);
      await io.of('/').adapter.close();
      io.engine.close();
      if (redis) await Promise.allSettled([redis.pub.close(), redis.sub.close()]);
    },
  };
}
