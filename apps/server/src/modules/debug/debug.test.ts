import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { DEBUG_MESSAGES, GAME_MESSAGES, SOCKET_EVENTS } from '@loci/domain';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createGame } from '../../test/game-factories.js';
import { createInstance } from '../../test/instance-factories.js';
import { connectSocket, nextEvent } from '../../test/sockets.js';

describe('#socketio-test', () => {
  let t: TestApp;
  let designer: TestUser;
  let player: TestUser;
  let admin: TestUser;
  const sockets: Socket[] = [];
  const open = async (user: TestUser) => {
    const socket = await connectSocket(t, user.token);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    designer = await createUser(t.app.ctx, { role: 'designer' });
    player = await createUser(t.app.ctx);
    admin = await createUser(t.app.ctx, { role: 'admin' });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t.close();
  });

  const body = (room: string, overrides: Record<string, unknown> = {}) => ({
    room,
    message: 'LOCATION_UPDATE',
    payload: { location: { coords: { latitude: 35.51, longitude: 24.02 } } },
    ...overrides,
  });
  const send = (payload: unknown, user: TestUser | null = player) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/socketio-test',
      headers: user ? user.headers : {},
      payload: payload as Record<string, unknown>,
    });

  it('emits the event named by the message, with the payload, to the caller’s own room', async () => {
    const socket = await open(player);
    const received = nextEvent(socket, 'LOCATION_UPDATE');
    const res = await send(body(`user:${player.user.id}`));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sent: true, room: `user:${player.user.id}`, message: 'LOCATION_UPDATE' });
    expect(await received).toEqual({ location: { coords: { latitude: 35.51, longitude: 24.02 } } });
  });

  it('reads a bare room as a user id, and numbers typed as text as numbers', async () => {
    const socket = await open(player);
    const received = nextEvent(socket, 'LOCATION_UPDATE');
    const res = await send(
      body(player.user.id, { payload: { location: { coords: { latitude: '35.5', longitude: '' } } } }),
    );
    expect(res.json()).toMatchObject({ room: `user:${player.user.id}` });
    expect(await received).toEqual({ location: { coords: { latitude: 35.5, longitude: 0 } } });
  });

  it('sends to an instance of a game the caller manages', async () => {
    const game = await createGame(t.app.ctx, designer);
    const { instance } = await createInstance(t.app.ctx, { gameId: game.row.id, players: [player] });
    const watcher = await open(designer);
    expect(await watcher.timeout(3000).emitWithAck(SOCKET_EVENTS.watch, { instanceId: instance.id })).toEqual({
      ok: true,
    });
    const received = nextEvent(watcher, 'PING');
    expect((await send(body(`instance:${instance.id}`, { message: 'PING' }), designer)).statusCode).toBe(200);
    expect(await received).toMatchObject({ location: expect.any(Object) });
    expect((await send(body(`instance:${instance.id}`), player)).statusCode).toBe(403);
    expect((await send(body('instance:00000000-0000-4000-8000-000000000000'), designer)).statusCode).toBe(404);
  });

  it('refuses other users’ rooms, except to admins', async () => {
    const res = await send(body(`user:${designer.user.id}`));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: DEBUG_MESSAGES.roomForbidden });
    expect((await send(body(designer.user.id))).statusCode).toBe(403);
    expect((await send(body(`user:${designer.user.id}`), admin)).statusCode).toBe(200);
    expect((await send(body('anything-at-all'), admin)).json()).toMatchObject({ room: 'user:anything-at-all' });
  });

  it('refuses bad values with the page’s message and field errors', async () => {
    const res = await send({
      room: ' ',
      message: '',
      payload: { location: { coords: { latitude: 91, longitude: -181 } } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: DEBUG_MESSAGES.payloadValidation,
      errors: {
        room: GAME_MESSAGES.required,
        message: GAME_MESSAGES.required,
        'payload.location.coords.latitude': GAME_MESSAGES.latitudeRange,
        'payload.location.coords.longitude': GAME_MESSAGES.longitudeRange,
      },
    });
    const reserved = await send(body(player.user.id, { message: 'disconnect' }));
    expect(reserved.json().errors).toEqual({ message: DEBUG_MESSAGES.reservedEvent });
    expect((await send({ room: player.user.id, message: 'X' })).json().errors).toHaveProperty(['payload']);
    expect((await send(body(player.user.id), null)).statusCode).toBe(401);
  });
});
