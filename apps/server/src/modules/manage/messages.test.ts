import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { eq } from 'drizzle-orm';
import { OPERATION_MESSAGES, SOCKET_EVENTS, type OperatorMessage } from '@loci/domain';
import { playerMessages } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createGame } from '../../test/game-factories.js';
import { createInstance, publishWorkingVersion } from '../../test/instance-factories.js';
import { connectSocket, nextEvent, silence } from '../../test/sockets.js';

describe('#send-message', () => {
  let t: TestApp;
  let owner: TestUser;
  let outsider: TestUser;
  const sockets: Socket[] = [];
  const online = async (user: TestUser) => {
    const socket = await connectSocket(t, user.token);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    owner = await createUser(t.app.ctx, { role: 'designer', name: 'Olga Operator' });
    outsider = await createUser(t.app.ctx, { role: 'designer' });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t.close();
  });

  const send = (gameId: string, body: unknown, user = owner) =>
    t.app.inject({
      method: 'POST',
      url: `/api/games/${gameId}/send-message`,
      headers: user.headers,
      payload: body as Record<string, unknown>,
    });

  /**
   * A game with: ann (online) and ben (offline) in scene 'harbour' of working-version
   * instances, cat (online) in scene 'pier' of a published one, and dan (online) in a
   * terminated instance.
   */
  async function scenario() {
    const [ann, ben, cat, dan] = await Promise.all(
      ['Ann', 'Ben', 'Cat', 'Dan'].map((name) => createUser(t.app.ctx, { name })),
    );
    const game = await createGame(t.app.ctx, owner);
    const gameId = game.row.id;
    const publishedId = await publishWorkingVersion(t.app.ctx, owner, gameId);
    const annIn = await createInstance(t.app.ctx, { gameId, players: [ann!], sceneId: 'harbour' });
    const benIn = await createInstance(t.app.ctx, { gameId, players: [ben!], sceneId: 'harbour' });
    await createInstance(t.app.ctx, { gameId, versionId: publishedId, players: [cat!], sceneId: 'pier' });
    await createInstance(t.app.ctx, { gameId, players: [dan!], status: 'terminated' });
    const [annSocket, catSocket, danSocket] = await Promise.all([online(ann!), online(cat!), online(dan!)]);
    return {
      gameId,
      publishedId,
      ann: ann!,
      ben: ben!,
      annInstance: annIn.instance,
      benInstance: benIn.instance,
      annSocket,
      catSocket,
      danSocket,
    };
  }

  const storedFor = async (gameId: string) =>
    t.app.ctx.db.select().from(playerMessages).where(eq(playerMessages.gameId, gameId));

  it('pushes a synchronous message to every online player of the active instances, and stores nothing', async () => {
    const { gameId, annSocket, catSocket, danSocket, annInstance } = await scenario();
    const annGets = nextEvent<OperatorMessage>(annSocket, SOCKET_EVENTS.message);
    const catGets = nextEvent<OperatorMessage>(catSocket, SOCKET_EVENTS.message);
    const danSilent = silence(danSocket, SOCKET_EVENTS.message);
    const res = await send(gameId, { sceneId: 'all', message: 'Storm coming', asynchronous: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ delivered: 2, stored: 0 });
    expect(await annGets).toMatchObject({
      id: null,
      instanceId: annInstance.id,
      message: 'Storm coming',
      sceneId: null,
      from: 'Olga Operator',
      when: expect.any(String),
    });
    expect((await catGets).message).toBe('Storm coming');
    expect(await danSilent).toBe(true);
    expect(await storedFor(gameId)).toEqual([]);
  });

  it('keeps an asynchronous message for offline players and stamps those pushed live as delivered', async () => {
    const { gameId, ben, annSocket, annInstance, benInstance } = await scenario();
    const annGets = nextEvent<OperatorMessage>(annSocket, SOCKET_EVENTS.message);
    const res = await send(gameId, { message: 'Meet at the pier', asynchronous: true });
    expect(res.json()).toEqual({ delivered: 2, stored: 1 });
    const rows = await storedFor(gameId);
    expect(rows).toHaveLength(3);
    const benRow = rows.find((row) => row.playerId === ben.user.id)!;
    expect(benRow).toMatchObject({ instanceId: benInstance.id, message: 'Meet at the pier', deliveredAt: null });
    expect(benRow.sentBy).toBe(owner.user.id);
    const annMessage = await annGets;
    const annRow = rows.find((row) => row.instanceId === annInstance.id)!;
    expect(annMessage.id).toBe(annRow.id);
    expect(annRow.deliveredAt).not.toBeNull();
  });

  it('narrows to a version and a scene', async () => {
    const { gameId, publishedId, annSocket, catSocket } = await scenario();
    const catGets = nextEvent<OperatorMessage>(catSocket, SOCKET_EVENTS.message);
    const annSilent = silence(annSocket, SOCKET_EVENTS.message);
    const res = await send(gameId, { message: 'Pier only', sceneId: 'pier', gameVersionId: publishedId });
    expect(res.json()).toEqual({ delivered: 1, stored: 0 });
    expect(await catGets).toMatchObject({ sceneId: 'pier' });
    expect(await annSilent).toBe(true);
    expect((await send(gameId, { message: 'x', sceneId: 'harbour', asynchronous: false })).json()).toEqual({
      delivered: 1,
      stored: 0,
    });
    expect((await send(gameId, { message: 'x', gameVersionId: 'nope' })).statusCode).toBe(404);
  });

  it('sends to one player', async () => {
    const { gameId, ann, ben, annSocket, catSocket } = await scenario();
    const annGets = nextEvent<OperatorMessage>(annSocket, SOCKET_EVENTS.message);
    const catSilent = silence(catSocket, SOCKET_EVENTS.message);
    expect((await send(gameId, { userId: ann.user.id, message: 'Hi Ann', asynchronous: false })).json()).toEqual({
      delivered: 1,
      stored: 0,
    });
    expect((await annGets).message).toBe('Hi Ann');
    expect(await catSilent).toBe(true);
    expect((await send(gameId, { userId: ben.user.id, message: 'Hi Ben', asynchronous: true })).json()).toEqual({
      delivered: 0,
      stored: 1,
    });
    const unknown = await send(gameId, { userId: outsider.user.id, message: 'Hi?' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: OPERATION_MESSAGES.playerNotFound });
  });

  it('refuses an empty message, strangers and missing games', async () => {
    const { gameId } = await scenario();
    const empty = await send(gameId, { message: '   ', asynchronous: true });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ message: OPERATION_MESSAGES.messageRequired });
    expect((await send(gameId, { message: 'Hi' }, outsider)).statusCode).toBe(403);
    expect((await send('00000000-0000-4000-8000-000000000000', { message: 'Hi' })).statusCode).toBe(404);
  });
});
