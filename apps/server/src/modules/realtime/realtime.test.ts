import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { eq } from 'drizzle-orm';
import { DOMAIN_EL, REALTIME_MESSAGES, REALTIME_PATH, SOCKET_EVENTS, type WatchAck } from '@loci/domain';
import { users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createGame } from '../../test/game-factories.js';
import { createInstance } from '../../test/instance-factories.js';
import { redisAvailable, TEST_REDIS_URL } from '../../test/redis.js';
import { connectSocket, nextEvent, silence } from '../../test/sockets.js';
import { WATCH_MESSAGES } from './access.js';

const watch = (socket: Socket, instanceId: unknown) =>
  socket.timeout(3000).emitWithAck(SOCKET_EVENTS.watch, { instanceId }) as Promise<WatchAck>;

describe('realtime', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  const sockets: Socket[] = [];
  const open = async (token?: string) => {
    const socket = await connectSocket(t, token);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    alice = await createUser(t.app.ctx, { role: 'designer', name: 'Alice' });
    bob = await createUser(t.app.ctx, { name: 'Bob' });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t.close();
  });

  it('refuses a connection without a token', async () => {
    await expect(connectSocket(t)).rejects.toThrow(REALTIME_MESSAGES.noToken);
  });

  it('refuses a forged token and the token of a deleted account', async () => {
    await expect(connectSocket(t, 'not-a-jwt')).rejects.toThrow(REALTIME_MESSAGES.badToken);
    const gone = await createUser(t.app.ctx);
    await t.app.ctx.db.delete(users).where(eq(users.id, gone.user.id));
    await expect(connectSocket(t, gone.token)).rejects.toThrow(REALTIME_MESSAGES.badToken);
  });

  it('refuses and answers in the socket user’s language: the account’s choice, else Accept-Language', async () => {
    await expect(connectSocket(t, undefined, { 'accept-language': 'el-GR,el;q=0.9' })).rejects.toThrow(
      DOMAIN_EL.REALTIME_MESSAGES.noToken,
    );
    await expect(connectSocket(t, 'not-a-jwt', { 'accept-language': 'el' })).rejects.toThrow(
      DOMAIN_EL.REALTIME_MESSAGES.badToken,
    );
    // An account that chose Greek hears Greek from a browser that asks for English.
    const greek = await createUser(t.app.ctx, { name: 'Eleni' });
    await t.app.ctx.db.update(users).set({ language: 'el' }).where(eq(users.id, greek.user.id));
    const socket = await connectSocket(t, greek.token, { 'accept-language': 'en' });
    sockets.push(socket);
    expect(await watch(socket, 'nope')).toEqual({ ok: false, message: DOMAIN_EL.WATCH_MESSAGES.forbidden });
    expect(await watch(socket, 42)).toEqual({ ok: false, message: DOMAIN_EL.WATCH_MESSAGES.invalid });
    // Without a choice, the connection's Accept-Language decides.
    const browser = await connectSocket(t, bob.token, { 'accept-language': 'el' });
    sockets.push(browser);
    expect(await watch(browser, 'nope')).toEqual({ ok: false, message: DOMAIN_EL.WATCH_MESSAGES.forbidden });
  });

  it('takes the interface language the client names in its handshake over Accept-Language', async () => {
    const socket = io(t.config.publicUrl, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      auth: { language: 'el' },
      extraHeaders: { 'accept-language': 'en' },
    });
    const refused = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
    socket.close();
    expect(refused.message).toBe(DOMAIN_EL.REALTIME_MESSAGES.noToken);
  });

  it('delivers toUser to every socket of that user, and only to them', async () => {
    const first = await open(alice.token);
    const second = await connectSocket(t, undefined, { authorization: `Bearer ${alice.token}` });
    sockets.push(second);
    const other = await open(bob.token);
    const received = Promise.all([nextEvent(first, 'message'), nextEvent(second, 'message')]);
    const bobSilent = silence(other, 'message');
    const message = { id: null, instanceId: 'i', message: 'Hello', sceneId: null, when: 'now', from: 'Op' };
    t.app.ctx.realtime.toUser(alice.user.id, 'message', message);
    expect(await received).toEqual([message, message]);
    expect(await bobSilent).toBe(true);
  });

  it('knows who is online', async () => {
    const carol = await createUser(t.app.ctx);
    await open(bob.token);
    const online = await t.app.ctx.realtime.onlineUsers([bob.user.id, carol.user.id]);
    expect([...online]).toEqual([bob.user.id]);
    expect(await t.app.ctx.realtime.onlineUsers([])).toEqual(new Set());
  });

  it('lets players and managers watch an instance, and nobody else', async () => {
    const game = await createGame(t.app.ctx, alice);
    const { instance } = await createInstance(t.app.ctx, { gameId: game.row.id, players: [bob] });
    const stranger = await createUser(t.app.ctx, { role: 'designer' });
    const manager = await open(alice.token);
    const player = await open(bob.token);
    const outsider = await open(stranger.token);

    expect(await watch(manager, instance.id)).toEqual({ ok: true });
    expect(await watch(player, instance.id)).toEqual({ ok: true });
    expect(await watch(outsider, instance.id)).toEqual({ ok: false, message: WATCH_MESSAGES.forbidden });
    // An unknown instance answers exactly like a forbidden one: ids are not revealed.
    for (const unknown of ['nope', randomUUID()]) {
      expect(await watch(outsider, unknown)).toEqual({ ok: false, message: WATCH_MESSAGES.forbidden });
    }
    expect(await watch(outsider, 42)).toEqual({ ok: false, message: WATCH_MESSAGES.invalid });

    const seen = Promise.all([nextEvent(manager, 'instance'), nextEvent(player, 'instance')]);
    const outsiderSilent = silence(outsider, 'instance');
    t.app.ctx.realtime.toInstance(instance.id, 'instance', { instanceId: instance.id, status: 'active' });
    expect(await seen).toHaveLength(2);
    expect(await outsiderSilent).toBe(true);

    // Unwatching leaves the room.
    expect(await player.timeout(3000).emitWithAck(SOCKET_EVENTS.unwatch, { instanceId: instance.id })).toEqual({
      ok: true,
    });
    const playerSilent = silence(player, 'instance');
    t.app.ctx.realtime.toInstance(instance.id, 'instance', { instanceId: instance.id, status: 'active' });
    expect(await playerSilent).toBe(true);
  });

  it('does not throw on a reserved event name', () => {
    expect(() =>
      t.app.ctx.realtime.toRoom(`user:${alice.user.id}`, 'disconnect', {
        location: { coords: { latitude: 0, longitude: 0 } },
      }),
    ).not.toThrow();
  });
});

const hasRedis = await redisAvailable();

describe.skipIf(!hasRedis)(
  `realtime across two server processes on one Redis${hasRedis ? '' : ` (skipped: no Redis at ${TEST_REDIS_URL}; CI sets LOCI_REQUIRE_REDIS=1)`}`,
  () => {
    let a: TestApp;
    let b: TestApp;
    let dana: TestUser;
    let socket: Socket;

    beforeAll(async () => {
      const env = { REDIS_URL: TEST_REDIS_URL };
      [a, b] = await Promise.all([createTestApp({ listen: true, env }), createTestApp({ listen: true, env })]);
      dana = await createUser(a.app.ctx, { name: 'Dana' });
      socket = await connectSocket(a, dana.token);
    });
    afterAll(async () => {
      socket?.close();
      await Promise.all([a?.close(), b?.close()]);
    });

    it('delivers an event sent by app B to a socket held by app A', async () => {
      const received = nextEvent(socket, 'instance');
      b.app.ctx.realtime.toUser(dana.user.id, 'instance', { instanceId: 'x', status: 'active' });
      expect(await received).toEqual({ instanceId: 'x', status: 'active' });
    });

    it('counts a user online on app A as online from app B', async () => {
      expect([...(await b.app.ctx.realtime.onlineUsers([dana.user.id]))]).toEqual([dana.user.id]);
    });
  },
);
