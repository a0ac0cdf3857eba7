/**
 * "See as the player" (docs/operations.md): an operator reads one player's
 * screen exactly as the player's own view answers it, changes nothing by
 * reading it, and hears every step of that player over the socket.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { and, count, eq } from 'drizzle-orm';
import { PLAY_MESSAGES, SOCKET_EVENTS, type PlayerViewPush, type WatchAck } from '@loci/domain';
import { gameInstances, gameplayRecords, playerMessages } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { connectSocket, nextEvent, silence } from '../../test/sockets.js';
import {
  createPlayableGame,
  FAR_AWAY,
  PIER,
  sendEvent,
  startedInstance,
  type PlayableGame,
} from '../../test/play-factories.js';
import { WATCH_MESSAGES } from '../realtime/access.js';

describe('See as the player', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let game: PlayableGame;
  const sockets: Socket[] = [];
  const open = async (user: TestUser) => {
    const socket = await connectSocket(t, user.token);
    sockets.push(socket);
    return socket;
  };
  const watchPlayer = (socket: Socket, body: unknown) =>
    socket.timeout(3000).emitWithAck(SOCKET_EVENTS.watchPlayer, body) as Promise<WatchAck>;
  const watchedView = (user: TestUser, instanceId: string, playerId: string, what = 'view') =>
    t.app.inject({
      method: 'GET',
      url: `/api/instances/${instanceId}/players/${playerId}/${what}`,
      headers: user.headers,
    });
  const ownView = (user: TestUser, instanceId: string, what = '') =>
    t.app.inject({ method: 'GET', url: `/api/play/instances/${instanceId}${what}`, headers: user.headers });

  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    owner = await createUser(t.app.ctx, { role: 'designer', name: 'Olga Owner' });
    stranger = await createUser(t.app.ctx, { role: 'designer', name: 'Sam Stranger' });
    game = await createPlayableGame(t.app, owner);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t.close();
  });

  /** A player in their own instance, on the pier with the pier question open. */
  async function playerOnThePier(name: string) {
    const player = await createUser(t.app.ctx, { name });
    const { instanceId } = await startedInstance(t.app, player, game.gameId);
    await sendEvent(t.app, player, instanceId, { type: 'seen', interactionId: game.welcome.id });
    await sendEvent(t.app, player, instanceId, { type: 'location', ...PIER });
    return { player, instanceId };
  }

  it('answers the operator the player’s own view and game, with the pending dialog in it', async () => {
    const { player, instanceId } = await playerOnThePier('Pat Player');
    const asOperator = await watchedView(owner, instanceId, player.user.id);
    expect(asOperator.statusCode).toBe(200);
    const own = await ownView(player, instanceId);
    expect(asOperator.json()).toEqual(own.json());
    expect(asOperator.json().view).toMatchObject({
      playerId: player.user.id,
      location: PIER,
      pending: [expect.objectContaining({ action: 'askQuestion', interactionId: game.question.id })],
    });

    const game1 = await watchedView(owner, instanceId, player.user.id, 'game');
    expect(game1.statusCode).toBe(200);
    expect(game1.json()).toEqual((await ownView(player, instanceId, '/game')).json());
  });

  it('changes nothing: waiting messages stay undelivered, no record, no new state version', async () => {
    const { player, instanceId } = await playerOnThePier('Quinn Quiet');
    await t.app.ctx.db.insert(playerMessages).values({
      gameId: game.gameId,
      instanceId,
      playerId: player.user.id,
      sceneId: null,
      message: 'Meet at the lighthouse',
    });
    const records = async () =>
      (
        await t.app.ctx.db
          .select({ n: count() })
          .from(gameplayRecords)
          .where(eq(gameplayRecords.instanceId, instanceId))
      )[0]!.n;
    const instanceRow = async () =>
      (await t.app.ctx.db.select().from(gameInstances).where(eq(gameInstances.id, instanceId)))[0]!;
    const before = { records: await records(), instance: await instanceRow() };

    for (const _ of [1, 2]) {
      const seen = await watchedView(owner, instanceId, player.user.id);
      expect(seen.json().messages).toEqual([expect.objectContaining({ message: 'Meet at the lighthouse' })]);
    }
    const [message] = await t.app.ctx.db
      .select()
      .from(playerMessages)
      .where(and(eq(playerMessages.instanceId, instanceId), eq(playerMessages.playerId, player.user.id)));
    expect(message!.deliveredAt).toBeNull();
    expect(await records()).toBe(before.records);
    const after = await instanceRow();
    expect([after.stateVersion, after.updatedAt]).toEqual([before.instance.stateVersion, before.instance.updatedAt]);

    // The player still receives the message, once, on their own read.
    expect((await ownView(player, instanceId)).json().messages).toEqual([
      expect.objectContaining({ message: 'Meet at the lighthouse' }),
    ]);
    expect((await ownView(player, instanceId)).json().messages).toEqual([]);
  });

  it('is for the game’s operators only, not for players (not even the one watched)', async () => {
    const { player, instanceId } = await playerOnThePier('Rita Rival');
    const other = await playerOnThePier('Omar Other');
    expect((await watchedView(stranger, instanceId, player.user.id)).statusCode).toBe(403);
    // A player may not see another player's screen, nor their own through the operators' route.
    expect((await watchedView(other.player, instanceId, player.user.id)).statusCode).toBe(403);
    expect((await watchedView(player, instanceId, player.user.id)).statusCode).toBe(403);
    const notHere = await watchedView(owner, instanceId, other.player.user.id);
    expect(notHere.statusCode).toBe(404);
    expect(notHere.json().message).toBe(PLAY_MESSAGES.playerNotFound);
    expect((await watchedView(owner, 'not-an-id', player.user.id)).statusCode).toBe(404);
    expect((await watchedView(owner, instanceId, player.user.id, 'game')).statusCode).toBe(200);
    expect((await watchedView(stranger, instanceId, player.user.id, 'game')).statusCode).toBe(403);
  });

  it('pushes each step of the watched player to the operator’s socket, moves without outputs too', async () => {
    const { player, instanceId } = await playerOnThePier('Mo Mover');
    const operator = await open(owner);
    expect(await watchPlayer(operator, { instanceId, playerId: player.user.id })).toEqual({ ok: true });

    const moved = nextEvent<PlayerViewPush>(operator, SOCKET_EVENTS.playerView);
    await sendEvent(t.app, player, instanceId, { type: 'location', ...FAR_AWAY });
    const pushed = await moved;
    expect(pushed).toMatchObject({ instanceId, playerId: player.user.id, view: { location: FAR_AWAY } });
    // The push carries what the player's own view then answers.
    expect(pushed.view).toEqual((await ownView(player, instanceId)).json().view);

    const answered = nextEvent<PlayerViewPush>(operator, SOCKET_EVENTS.playerView);
    await sendEvent(t.app, player, instanceId, { type: 'answer', interactionId: game.question.id, answer: 1000 });
    expect((await answered).outputs.map((output) => output.action)).toContain('answerResult');

    // Unwatching leaves the room.
    await operator.timeout(3000).emitWithAck(SOCKET_EVENTS.unwatchPlayer, { instanceId, playerId: player.user.id });
    const quiet = silence(operator, SOCKET_EVENTS.playerView);
    await sendEvent(t.app, player, instanceId, { type: 'location', ...PIER });
    expect(await quiet).toBe(true);
  });

  it('lets no one else join a player’s room: not a stranger, not a fellow player, not the player', async () => {
    const { player, instanceId } = await playerOnThePier('Nia Nosy');
    const playerId = player.user.id;
    const outsider = await open(stranger);
    const themselves = await open(player);
    expect(await watchPlayer(outsider, { instanceId, playerId })).toEqual({
      ok: false,
      message: WATCH_MESSAGES.playerForbidden,
    });
    expect(await watchPlayer(themselves, { instanceId, playerId })).toEqual({
      ok: false,
      message: WATCH_MESSAGES.playerForbidden,
    });
    expect(await watchPlayer(outsider, { instanceId })).toEqual({ ok: false, message: WATCH_MESSAGES.invalidPlayer });
    // An instance that does not exist answers like one the caller may not see: ids are not revealed.
    for (const unknown of [randomUUID(), 'nope']) {
      expect(await watchPlayer(outsider, { instanceId: unknown, playerId })).toEqual({
        ok: false,
        message: WATCH_MESSAGES.playerForbidden,
      });
    }
    const operator = await open(owner);
    expect(await watchPlayer(operator, { instanceId, playerId: 'nobody' })).toEqual({
      ok: false,
      message: WATCH_MESSAGES.playerNotFound,
    });

    const outsiderQuiet = silence(outsider, SOCKET_EVENTS.playerView);
    const playerQuiet = silence(themselves, SOCKET_EVENTS.playerView);
    await sendEvent(t.app, player, instanceId, { type: 'location', ...FAR_AWAY });
    expect(await outsiderQuiet).toBe(true);
    expect(await playerQuiet).toBe(true);
  });
});
