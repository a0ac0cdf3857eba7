import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { REALTIME_PATH, WALL_SOCKET, type WallAnswer } from '@loci/domain';
import { feedItems, games } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createEntity } from '../../test/design-factories.js';
import {
  codeRule,
  createPlayableGame,
  giveToPlayer as give,
  PIER,
  publishVersionOf,
  sendEvent,
  startedInstance,
} from '../../test/play-factories.js';
import { connectSocket, nextEvent } from '../../test/sockets.js';
import { addFeedItem, withdrawFeedItem } from './service.js';

/** Opens the wall's socket (namespace /wall) with a projector link's token; rejects with the connect_error. */
function connectWall(t: TestApp, wallToken: string): Promise<Socket> {
  const socket = io(`${t.config.publicUrl}${WALL_SOCKET.namespace}`, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    auth: { wallToken },
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** Every key of a JSON value, at any depth. */
function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => keysOf(v, into));
  else if (value && typeof value === 'object')
    for (const [key, v] of Object.entries(value)) {
      into.add(key);
      keysOf(v, into);
    }
  return into;
}

describe('the feed, the projector link and the wall', () => {
  let t: TestApp;
  let owner: TestUser;
  let outsider: TestUser;
  let maria: TestUser;
  let nikos: TestUser;
  let gameId: string;
  let instanceId: string;
  let token: string;

  const call = (user: TestUser | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: user ? user.headers : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const wall = async (which = token) => call(null, 'GET', `/api/wall/${which}`);

  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    owner = await createUser(t.app.ctx, { role: 'designer' });
    outsider = await createUser(t.app.ctx, { role: 'designer' });
    maria = await createUser(t.app.ctx, { name: 'Maria', email: 'maria@example.com' });
    nikos = await createUser(t.app.ctx, { name: 'Nikos', email: 'nikos@example.com' });
    const game = await createPlayableGame(t.app, owner, {
      publish: false,
      settings: {
        multiplayer: true,
        market: true,
        currencyName: 'Lanterns',
        wall: { feedInPlayer: true, scoreSource: 'currency', scoreAttributeId: null },
      } as never,
    });
    gameId = game.gameId;
    // Code "key": a lantern and an announcement with the player's name; code "two": two more lanterns.
    await createEntity(
      t.app,
      owner,
      gameId,
      'rule',
      codeRule(game.scene.id, 'key', [
        give(game.lantern.id, 1),
        { actorId: 'system', actionName: 'announceInFeed', actionArgs: { msg: '{name} found the key' }, notify: false },
      ]),
    );
    await createEntity(t.app, owner, gameId, 'rule', codeRule(game.scene.id, 'two', [give(game.lantern.id, 2)]));
    const [row] = await t.app.ctx.db.select().from(games).where(eq(games.id, gameId));
    await t.app.ctx.db
      .update(games)
      .set({ settings: { ...row!.settings, currencyItemId: game.lantern.id } })
      .where(eq(games.id, gameId));
    await publishVersionOf(t.app, owner, gameId);
    instanceId = (await startedInstance(t.app, maria, gameId)).instanceId;
    expect((await startedInstance(t.app, nikos, gameId)).instanceId).toBe(instanceId);
    for (const player of [maria, nikos])
      await sendEvent(t.app, player, instanceId, { type: 'seen', interactionId: game.welcome.id });
  });
  afterAll(async () => t.close());

  it('makes a projector link for the organiser only, its token shown once', async () => {
    expect((await call(null, 'POST', `/api/manage/instances/${instanceId}/wall-link`, {})).statusCode).toBe(401);
    expect((await call(outsider, 'POST', `/api/manage/instances/${instanceId}/wall-link`, {})).statusCode).toBe(403);
    expect((await call(maria, 'POST', `/api/manage/instances/${instanceId}/wall-link`, {})).statusCode).toBe(403);
    const bad = await call(owner, 'POST', `/api/manage/instances/${instanceId}/wall-link`, { layout: 'sideways' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('layout');
    const made = await call(owner, 'POST', `/api/manage/instances/${instanceId}/wall-link`, { showMap: true });
    expect(made.statusCode).toBe(201);
    token = made.json().token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const read = await call(owner, 'GET', `/api/manage/instances/${instanceId}/wall-link`);
    expect(read.json()).toMatchObject({ exists: true, revoked: false, showMap: true });
    expect(read.json()).not.toHaveProperty('token');
  });

  it('shows the wall without signing in, with nothing private in it', async () => {
    const res = await wall();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body: WallAnswer = res.json();
    expect(body.scoredBy).toBe('players');
    expect(body.pointsName).toBe('Lanterns');
    expect(body.scoreboard.map((entry) => entry.name).sort()).toEqual(['Maria', 'Nikos']);
    const text = res.body;
    for (const secret of [maria.user.email, nikos.user.email, maria.user.id, nikos.user.id, instanceId, gameId])
      expect(text).not.toContain(secret);
    const keys = keysOf(body);
    for (const field of ['email', 'userId', 'playerId', 'instanceId', 'gameId', 'id', 'deviceId'])
      expect(keys.has(field)).toBe(false);
  });

  it('answers 404 without telling why to a wrong, malformed or revoked token', async () => {
    const wrong = await wall('A'.repeat(32));
    const malformed = await wall('not%20a%20token');
    const long = await wall('x'.repeat(100));
    for (const res of [wrong, malformed, long]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('This wall link does not work. Ask the organiser for a new one.');
    }
    await expect(connectWall(t, 'A'.repeat(32))).rejects.toThrow('This wall link does not work');
  });

  it('reorders the scoreboard when a player scores, and tells the wall within 2 s', async () => {
    const socket = await connectWall(t, token);
    try {
      const changed = nextEvent(socket, WALL_SOCKET.changed, 2000);
      await sendEvent(t.app, nikos, instanceId, { type: 'code', code: 'two' });
      await changed;
      const body: WallAnswer = (await wall()).json();
      expect(body.scoreboard.map((e) => [e.rank, e.name, e.points])).toEqual([
        [1, 'Nikos', 2],
        [2, 'Maria', 0],
      ]);
      // Maria reaches 2 too, later: the tie goes to Nikos, who reached it first.
      t.clock.advance(1000);
      await sendEvent(t.app, maria, instanceId, { type: 'code', code: 'two' });
      const tied: WallAnswer = (await wall()).json();
      expect(tied.scoreboard.map((e) => [e.rank, e.name])).toEqual([
        [1, 'Nikos'],
        [2, 'Maria'],
      ]);
      // Nikos walks on later: a step that does not score keeps his earlier time, and his lead.
      t.clock.advance(1000);
      expect((await sendEvent(t.app, nikos, instanceId, { type: 'location', ...PIER })).statusCode).toBe(200);
      const still: WallAnswer = (await wall()).json();
      expect(still.scoreboard.map((e) => e.name)).toEqual(['Nikos', 'Maria']);
      // Then she passes him; her key stays hers, so the screen can animate the move.
      const before = tied.scoreboard.find((e) => e.name === 'Maria')!.key;
      t.clock.advance(1000);
      const keyed = await sendEvent(t.app, maria, instanceId, { type: 'code', code: 'key' });
      expect(keyed.json().outputs).toContainEqual(
        expect.objectContaining({ action: 'announceInFeed', message: 'Maria found the key' }),
      );
      const after: WallAnswer = (await wall()).json();
      expect(after.scoreboard[0]).toMatchObject({ name: 'Maria', points: 3, key: before });
    } finally {
      socket.close();
    }
  });

  it('puts the designer’s announcement, with the player’s name, in the feed', async () => {
    await expect
      .poll(async () => ((await wall()).json() as WallAnswer).feed.map((item) => [item.kind, item.text]))
      .toEqual([['announcement', 'Maria found the key']]);
    const mine = await call(maria, 'GET', `/api/play/instances/${instanceId}/feed`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().items[0]).toMatchObject({ kind: 'announcement', teamName: 'Maria' });
    expect((await call(outsider, 'GET', `/api/play/instances/${instanceId}/feed`)).statusCode).toBe(403);
  });

  it('lets the organiser post and withdraw; players and the wall hear it live', async () => {
    const player = await connectSocket(t, maria.token);
    const screen = await connectWall(t, token);
    try {
      const watched = await player.timeout(2000).emitWithAck('watch', { instanceId });
      expect(watched).toMatchObject({ ok: true });
      t.clock.advance(1000);
      const heard = nextEvent(screen, WALL_SOCKET.changed, 2000);
      const told = nextEvent<{ instanceId: string }>(player, 'feedChanged', 2000);
      const empty = await call(owner, 'POST', `/api/manage/instances/${instanceId}/feed`, { text: '   ' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().errors).toEqual({ text: 'Write the post first' });
      expect(
        (await call(outsider, 'POST', `/api/manage/instances/${instanceId}/feed`, { text: 'Hi' })).statusCode,
      ).toBe(403);
      const posted = await call(owner, 'POST', `/api/manage/instances/${instanceId}/feed`, {
        text: 'Lunch at the fountain at 12:30',
      });
      expect(posted.statusCode).toBe(201);
      await heard;
      expect(await told).toEqual({ instanceId });
      const feed = ((await wall()).json() as WallAnswer).feed;
      expect(feed.map((item) => item.text)).toEqual(['Lunch at the fountain at 12:30', 'Maria found the key']);
      const [post] = posted.json().items as Array<{ id: string }>;
      const gone = nextEvent(screen, WALL_SOCKET.changed, 2000);
      const withdrawn = await call(owner, 'DELETE', `/api/manage/instances/${instanceId}/feed/${post!.id}`);
      expect(withdrawn.statusCode).toBe(200);
      await gone;
      expect(((await wall()).json() as WallAnswer).feed.map((item) => item.text)).toEqual(['Maria found the key']);
      const again = await call(owner, 'DELETE', `/api/manage/instances/${instanceId}/feed/${post!.id}`);
      expect(again.statusCode).toBe(404);
    } finally {
      player.close();
      screen.close();
    }
  });

  it('adds and withdraws a submission by its id, once, from judging’s transaction', async () => {
    const submissionId = 'b4d6c1a2-1111-4222-8333-444455556666';
    // The newest item: after the announcements of the steps above, which are dated by the app's clock.
    t.clock.advance(1000);
    await t.app.ctx.db.transaction(async (tx) => {
      const first = await addFeedItem(tx, {
        instanceId,
        kind: 'submission',
        sourceId: submissionId,
        playerId: null,
        memberName: 'Maria',
        text: 'The lighthouse at noon',
        createdAt: t.clock.now,
      });
      const twice = await addFeedItem(tx, {
        instanceId,
        kind: 'submission',
        sourceId: submissionId,
        playerId: null,
        text: 'again',
      });
      expect(twice.id).toBe(first.id);
    });
    expect(((await wall()).json() as WallAnswer).feed[0]).toMatchObject({
      kind: 'submission',
      memberName: 'Maria',
      text: 'The lighthouse at noon',
    });
    expect(await withdrawFeedItem(t.app.ctx.db, { instanceId, kind: 'submission', sourceId: submissionId })).toBe(true);
    expect(await withdrawFeedItem(t.app.ctx.db, { instanceId, kind: 'submission', sourceId: submissionId })).toBe(
      false,
    );
    const shown = ((await wall()).json() as WallAnswer).feed.map((item) => item.kind);
    expect(shown).not.toContain('submission');
    const rows = await t.app.ctx.db.select().from(feedItems).where(eq(feedItems.sourceId, submissionId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.withdrawnAt).not.toBeNull();
  });

  it('gives the organiser the results, ranked', async () => {
    const res = await call(owner, 'GET', `/api/manage/instances/${instanceId}/results`);
    expect(res.statusCode).toBe(200);
    expect(res.json().entries.map((e: { name: string; points: number }) => [e.name, e.points])).toEqual([
      ['Maria', 3],
      ['Nikos', 2],
    ]);
    expect((await call(outsider, 'GET', `/api/manage/instances/${instanceId}/results`)).statusCode).toBe(403);
  });

  it('stops the link at once when revoked, closing the screen’s socket; a new link works', async () => {
    const screen = await connectWall(t, token);
    const closed = new Promise<void>((resolve) => screen.once('disconnect', () => resolve()));
    const revoked = await call(owner, 'DELETE', `/api/manage/instances/${instanceId}/wall-link`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ exists: true, revoked: true });
    await closed;
    expect((await wall()).statusCode).toBe(404);
    await expect(connectWall(t, token)).rejects.toThrow();
    const made = await call(owner, 'POST', `/api/manage/instances/${instanceId}/wall-link`, {});
    const fresh = made.json().token as string;
    expect(fresh).not.toBe(token);
    expect((await wall(fresh)).statusCode).toBe(200);
    expect((await wall()).statusCode).toBe(404);
    // The map was not chosen this time: no positions at all.
    expect(((await wall(fresh)).json() as WallAnswer).map).toBeNull();
  });
});
