import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { and, eq } from 'drizzle-orm';
import { SOCKET_EVENTS, type OperatorMessage, type ScheduledMessage } from '@loci/domain';
import { dueTimers, playerMessages } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createInstance } from '../../test/instance-factories.js';
import { createPlayableGame, type PlayableGame } from '../../test/play-factories.js';
import { connectSocket, nextEvent, silence } from '../../test/sockets.js';

const MINUTE = 60_000;

/**
 * Scheduled messages (issue 28): an organiser schedules a message to everyone or to one player, at a time or
 * minutes after the start; the server's clock sends it once, like an operator's message, even with no phone
 * sending anything; it can be cancelled until then.
 */
describe('scheduled messages', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let game: PlayableGame;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    owner = await createUser(t.app.ctx, { role: 'designer', name: 'Olga Organiser' });
    stranger = await createUser(t.app.ctx, { role: 'designer' });
    game = await createPlayableGame(t.app, owner);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t.close();
  });

  const url = (instanceId: string) => `/api/manage/instances/${instanceId}/scheduled-messages`;
  const schedule = (instanceId: string, body: Record<string, unknown>, user = owner) =>
    t.app.inject({ method: 'POST', url: url(instanceId), headers: user.headers, payload: body });
  const list = async (instanceId: string) =>
    (await t.app.inject({ method: 'GET', url: url(instanceId), headers: owner.headers })).json() as {
      messages: ScheduledMessage[];
    };
  const storedFor = (instanceId: string) =>
    t.app.ctx.db.select().from(playerMessages).where(eq(playerMessages.instanceId, instanceId));
  const online = async (user: TestUser) => {
    const socket = await connectSocket(t, user.token);
    sockets.push(socket);
    return socket;
  };

  /** One instance with two players: Ann online, Ben offline. */
  async function twoPlayers() {
    const ann = await createUser(t.app.ctx, { name: 'Ann' });
    const ben = await createUser(t.app.ctx, { name: 'Ben' });
    const { instance } = await createInstance(t.app.ctx, { gameId: game.gameId, players: [ann, ben] });
    const instanceId = instance.id;
    return { ann, ben, instanceId, startedAt: instance.createdAt.getTime(), annSocket: await online(ann) };
  }

  it('sends a message to everyone minutes after the start, once, with no phone sending anything', async () => {
    const { ben, instanceId, startedAt, annSocket } = await twoPlayers();
    const res = await schedule(instanceId, { message: 'Ten minutes gone!', afterMinutes: 10 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      playerId: null,
      status: 'scheduled',
      afterMinutes: 10,
      dueAt: new Date(startedAt + 10 * MINUTE).toISOString(),
      createdBy: 'Olga Organiser',
    });
    // Not due yet: nothing is sent.
    await t.app.clock.runOnce();
    expect(await storedFor(instanceId)).toEqual([]);

    t.clock.advance(11 * MINUTE);
    const annGets = nextEvent<OperatorMessage>(annSocket, SOCKET_EVENTS.message);
    await t.app.clock.runOnce();
    expect(await annGets).toMatchObject({ instanceId, message: 'Ten minutes gone!', from: 'Olga Organiser' });
    const stored = await storedFor(instanceId);
    expect(stored).toHaveLength(2);
    // Ben is offline: his copy waits for his next view.
    expect(stored.find((row) => row.playerId === ben.user.id)?.deliveredAt).toBeNull();
    expect((await list(instanceId)).messages).toMatchObject([{ status: 'sent', recipients: 2 }]);

    // Sent once: another run (another process, a restart) finds nothing due.
    const quiet = silence(annSocket, SOCKET_EVENTS.message);
    await t.app.clock.runOnce();
    await quiet;
    expect(await storedFor(instanceId)).toHaveLength(2);
    const timers = await t.app.ctx.db.select().from(dueTimers).where(eq(dueTimers.instanceId, instanceId));
    expect(timers).toEqual([]);
  });

  it('sends a message at a time to one player only, and a cancelled one never', async () => {
    const { ann, ben, instanceId, annSocket } = await twoPlayers();
    const at = new Date(t.clock.now.getTime() + 5 * MINUTE).toISOString();
    const toBen = await schedule(instanceId, { message: 'Ben, come back', at, playerId: ben.user.id });
    expect(toBen.json()).toMatchObject({ playerId: ben.user.id, playerName: 'Ben', dueAt: at });
    const toAll = (await schedule(instanceId, { message: 'Never mind', at })).json() as ScheduledMessage;

    const cancel = (id: string) =>
      t.app.inject({ method: 'DELETE', url: `${url(instanceId)}/${id}`, headers: owner.headers });
    const cancelled = await cancel(toAll.id);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    expect((await cancel(toAll.id)).statusCode).toBe(409);
    expect((await cancel('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);

    t.clock.advance(6 * MINUTE);
    const quiet = silence(annSocket, SOCKET_EVENTS.message);
    await t.app.clock.runOnce();
    await quiet;
    const stored = await storedFor(instanceId);
    expect(stored.map((row) => [row.playerId, row.message])).toEqual([[ben.user.id, 'Ben, come back']]);
    expect(stored.some((row) => row.playerId === ann.user.id)).toBe(false);
    expect((await list(instanceId)).messages.map((message) => message.status).sort()).toEqual(['cancelled', 'sent']);
  });

  it('holds a message due minutes after the start while the clock is paused, and moves it on by the pause', async () => {
    const { instanceId, startedAt } = await twoPlayers();
    const atTime = new Date(t.clock.now.getTime() + 12 * MINUTE).toISOString();
    await schedule(instanceId, { message: 'Ten minutes of play', afterMinutes: 10 });
    await schedule(instanceId, { message: 'At noon', at: atTime });
    const control = (body: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/manage/instances/${instanceId}/clock`,
        headers: owner.headers,
        payload: body,
      });
    t.clock.advance(2 * MINUTE);
    expect((await control({ control: 'pause', reason: 'Rain' })).statusCode).toBe(200);
    t.clock.advance(11 * MINUTE);
    await t.app.clock.runOnce();
    // The time of day went; the minutes of play wait.
    expect((await storedFor(instanceId)).map((row) => row.message)).toEqual(['At noon', 'At noon']);
    expect((await control({ control: 'resume', reason: 'Sun' })).statusCode).toBe(200);
    const [moved] = (await list(instanceId)).messages.filter((message) => message.afterMinutes === 10);
    expect(moved).toMatchObject({ status: 'scheduled', dueAt: new Date(startedAt + 21 * MINUTE).toISOString() });
    t.clock.advance(8 * MINUTE);
    await t.app.clock.runOnce();
    expect((await storedFor(instanceId)).filter((row) => row.message === 'Ten minutes of play')).toHaveLength(2);
  });

  it('refuses a time that has passed, both or neither time, an unknown player, and callers without the right', async () => {
    const { instanceId } = await twoPlayers();
    const past = await schedule(instanceId, {
      message: 'Too late',
      at: new Date(t.clock.now.getTime() - 10 * MINUTE).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(Object.keys(past.json().errors)).toEqual(['at']);
    const neither = await schedule(instanceId, { message: 'When?' });
    expect(neither.statusCode).toBe(400);
    const both = await schedule(instanceId, {
      message: 'When?',
      afterMinutes: 5,
      at: new Date(t.clock.now.getTime() + MINUTE).toISOString(),
    });
    expect(both.statusCode).toBe(400);
    expect((await schedule(instanceId, { message: ' ', afterMinutes: 60 })).statusCode).toBe(400);
    expect((await schedule(instanceId, { message: 'Hi', afterMinutes: 60, playerId: 'nobody' })).statusCode).toBe(404);
    expect((await schedule(instanceId, { message: 'Hi', afterMinutes: 60 }, stranger)).statusCode).toBe(403);
    const listed = await t.app.inject({ method: 'GET', url: url(instanceId), headers: stranger.headers });
    expect(listed.statusCode).toBe(403);
    const timers = await t.app.ctx.db
      .select()
      .from(dueTimers)
      .where(and(eq(dueTimers.instanceId, instanceId)));
    expect(timers).toEqual([]);
  });
});
