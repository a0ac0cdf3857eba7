import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { eq } from 'drizzle-orm';
import { SOCKET_EVENTS, type WatchAck } from '@loci/domain';
import { games } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createMedia } from '../../test/game-factories.js';
import { connectSocket, nextEvent, silence } from '../../test/sockets.js';
import { createPlayableGame, FAR_AWAY, PIER, sendEvent, startedInstance } from '../../test/play-factories.js';

/** Rights are checked again when they change (docs/security.md "Sockets"): a removed co-designer stops hearing. */
describe('sockets when rights change', () => {
  let t: TestApp;
  let owner: TestUser;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    owner = await createUser(t.app.ctx, { role: 'designer', name: 'Olga Owner' });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t.close();
  });

  const open = async (user: TestUser) => {
    const socket = await connectSocket(t, user.token);
    sockets.push(socket);
    return socket;
  };
  const ack = (socket: Socket, event: string, body: unknown) =>
    socket.timeout(3000).emitWithAck(event, body) as Promise<WatchAck>;

  async function saveSettings(gameId: string, patch: Record<string, unknown>) {
    const [row] = await t.app.ctx.db.select().from(games).where(eq(games.id, gameId));
    const logo = await createMedia(t.app.ctx, gameId);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/design/games/${gameId}`,
      headers: owner.headers,
      payload: { ...row!.settings, logoId: logo.id, ...patch },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  it('takes a removed co-designer out of the instance’s pushes and the watched player’s live view at once', async () => {
    const codesigner = await createUser(t.app.ctx, { role: 'designer', name: 'Cora Codesigner' });
    const game = await createPlayableGame(t.app, owner, {
      settings: { additionalDesignersEmailsText: codesigner.user.email },
    });
    const player = await createUser(t.app.ctx, { name: 'Pat Player' });
    const { instanceId } = await startedInstance(t.app, player, game.gameId);
    const socket = await open(codesigner);
    expect(await ack(socket, SOCKET_EVENTS.watch, { instanceId })).toEqual({ ok: true });
    expect(await ack(socket, SOCKET_EVENTS.watchPlayer, { instanceId, playerId: player.user.id })).toEqual({
      ok: true,
    });
    const heard = nextEvent(socket, SOCKET_EVENTS.playerView);
    await sendEvent(t.app, player, instanceId, { type: 'location', ...PIER });
    await heard;

    await saveSettings(game.gameId, { additionalDesignersEmailsText: '' });

    const noView = silence(socket, SOCKET_EVENTS.playerView, 500);
    const noPush = silence(socket, 'instance', 500);
    await sendEvent(t.app, player, instanceId, { type: 'location', ...FAR_AWAY });
    t.app.ctx.realtime.toInstance(instanceId, 'instance', { instanceId, status: 'active' });
    expect(await noView).toBe(true);
    expect(await noPush).toBe(true);
    // Asked again, the answer is the refusal.
    expect((await ack(socket, SOCKET_EVENTS.watch, { instanceId })).ok).toBe(false);
  });

  it('takes everyone out of a deleted game’s instance and player-screen rooms at once', async () => {
    const game = await createPlayableGame(t.app, owner);
    const player = await createUser(t.app.ctx, { name: 'Pia Player' });
    const { instanceId } = await startedInstance(t.app, player, game.gameId);
    const operator = await open(owner);
    const playing = await open(player);
    expect(await ack(operator, SOCKET_EVENTS.watch, { instanceId })).toEqual({ ok: true });
    expect(await ack(operator, SOCKET_EVENTS.watchPlayer, { instanceId, playerId: player.user.id })).toEqual({
      ok: true,
    });
    expect(await ack(playing, SOCKET_EVENTS.watch, { instanceId })).toEqual({ ok: true });

    for (const [method, url] of [
      ['POST', `/api/design/games/${game.gameId}/unpublish`],
      ['DELETE', `/api/design/games/${game.gameId}`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: owner.headers });
      expect(res.statusCode, res.body).toBe(200);
    }

    // Nobody is left in the rooms: a push to them reaches no one.
    const operatorHears = silence(operator, 'instance', 500);
    const playerHears = silence(playing, 'instance', 500);
    const noView = silence(operator, SOCKET_EVENTS.playerView, 500);
    t.app.ctx.realtime.toInstance(instanceId, 'instance', { instanceId, status: 'active' });
    t.app.ctx.realtime.toPlayerWatchers(instanceId, player.user.id, SOCKET_EVENTS.playerView, {} as never);
    expect(await operatorHears).toBe(true);
    expect(await playerHears).toBe(true);
    expect(await noView).toBe(true);
  });
});
