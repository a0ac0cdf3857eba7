import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { SOCKET_EVENTS } from '@loci/domain';
import type { Output } from '@loci/engine';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createGame, createMedia } from '../../test/game-factories.js';
import { createEntity, designValues, worldObjectValues } from '../../test/design-factories.js';
import { createInstance } from '../../test/instance-factories.js';
import { connectSocket, nextEvent } from '../../test/sockets.js';

/** What operators' changes push to players and watchers over the realtime channel. */
describe('operators’ changes reach sockets', () => {
  let t: TestApp;
  let owner: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  const sockets: Socket[] = [];
  const open = async (user: TestUser) => {
    const socket = await connectSocket(t, user.token);
    sockets.push(socket);
    return socket;
  };
  const watching = async (user: TestUser, instanceId: string) => {
    const socket = await open(user);
    expect(await socket.timeout(3000).emitWithAck(SOCKET_EVENTS.watch, { instanceId })).toEqual({ ok: true });
    return socket;
  };

  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    owner = await createUser(t.app.ctx, { role: 'designer' });
    bob = await createUser(t.app.ctx, { name: 'Bob' });
    carol = await createUser(t.app.ctx, { name: 'Carol' });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t.close();
  });

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: owner.headers,
      ...(body !== undefined ? { payload: body as Record<string, unknown> } : {}),
    });

  it('terminating tells the players the game ended and the watchers the new status', async () => {
    const game = await createGame(t.app.ctx, owner);
    const { instance } = await createInstance(t.app.ctx, { gameId: game.row.id, players: [bob] });
    const player = await open(bob);
    const operator = await watching(owner, instance.id);
    const outputs = nextEvent<{ instanceId: string; outputs: Output[] }>(player, SOCKET_EVENTS.outputs);
    const status = nextEvent(operator, SOCKET_EVENTS.instance);
    expect((await call('POST', `/api/instances/${instance.id}/terminate`)).statusCode).toBe(200);
    const pushed = await outputs;
    expect(pushed.instanceId).toBe(instance.id);
    expect(pushed.outputs).toEqual([expect.objectContaining({ playerId: bob.user.id, action: 'endGame' })]);
    expect(await status).toEqual({ instanceId: instance.id, status: 'terminated' });
  });

  it('applying the expiration tells every player of every instance the game ended', async () => {
    const game = await createGame(t.app.ctx, owner);
    const gameId = game.row.id;
    const { instance: first } = await createInstance(t.app.ctx, { gameId, players: [bob] });
    const { instance: second } = await createInstance(t.app.ctx, { gameId, players: [carol] });
    const bobSocket = await open(bob);
    const carolSocket = await open(carol);
    const operator = await watching(owner, second.id);
    const now = t.clock.now.getTime();
    const playingPeriod = {
      start: new Date(now - 3 * 3600_000).toISOString(),
      end: new Date(now - 3600_000).toISOString(),
      timezone: 'Europe/Athens',
    };
    const period = await call('PATCH', `/api/manage/gameInstances/${first.id}/playingPeriod`, { playingPeriod });
    expect(period.statusCode).toBe(200);
    const pushed = [bobSocket, carolSocket].map((socket) =>
      nextEvent<{ instanceId: string; outputs: Output[] }>(socket, SOCKET_EVENTS.outputs),
    );
    const status = nextEvent(operator, SOCKET_EVENTS.instance);
    expect((await call('GET', `/api/manage/games/${gameId}/applyExpiration`)).statusCode).toBe(200);
    const [toBob, toCarol] = await Promise.all(pushed);
    expect(toBob).toMatchObject({ instanceId: first.id, outputs: [{ playerId: bob.user.id, action: 'endGame' }] });
    expect(toCarol).toMatchObject({ instanceId: second.id, outputs: [{ playerId: carol.user.id, action: 'endGame' }] });
    expect(await status).toEqual({ instanceId: second.id, status: 'expired' });
  });

  it('editing the world and deleting the instance reach the watchers', async () => {
    const game = await createGame(t.app.ctx, owner);
    const gameId = game.row.id;
    const medium = await createMedia(t.app.ctx, gameId);
    const scene = await createEntity(t.app, owner, gameId, 'scene', designValues('scene', { mediaId: medium.id }));
    const crate = await createEntity(
      t.app,
      owner,
      gameId,
      'archetype',
      designValues('archetype', { mediaId: medium.id }),
    );
    const { instance } = await createInstance(t.app.ctx, { gameId, players: [bob] });
    const player = await watching(bob, instance.id);

    const changed = nextEvent(player, SOCKET_EVENTS.instance);
    const values = worldObjectValues({ sceneId: scene.id, archetypeId: crate.id });
    expect((await call('POST', `/api/instances/${instance.id}/updateWorldStateItem`, values)).statusCode).toBe(200);
    expect(await changed).toEqual({ instanceId: instance.id, status: 'active' });

    const deleted = nextEvent(player, SOCKET_EVENTS.instance);
    expect((await call('DELETE', `/api/instances/${instance.id}`)).statusCode).toBe(200);
    expect(await deleted).toEqual({ instanceId: instance.id, status: 'deleted' });
  });

  it('lists the operators’ calls in the OpenAPI document', async () => {
    const paths = Object.keys((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/manage/gameInstances/{gameId}/thin-list',
        '/api/manage/gameInstances/{gameId}/playerStates',
        '/api/instances/{id}',
        '/api/instances/{id}/terminate',
        '/api/instances/{id}/updateWorldStateItem',
        '/api/instances/{id}/deleteWorldStateItem/{key}',
        '/api/games/{gameId}/send-message',
        '/api/manage/games/{id}/applyExpiration',
        '/api/design/games/{id}/terminateAllInstances',
        '/api/game-versions/{versionId}/playingPeriod',
        '/api/manage/gameInstances/{instanceId}/playingPeriod',
        '/api/users/socketio-test',
      ]),
    );
  });
});
