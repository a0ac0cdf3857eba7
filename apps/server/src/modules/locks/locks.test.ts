import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_DURATION_SECONDS, LOCK_MAX_DURATION_SECONDS, LOCK_MESSAGES, LOCK_REQUEST_MESSAGES } from '@loci/domain';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createGame } from '../../test/game-factories.js';

describe('#locks', () => {
  let t: TestApp;
  let anna: TestUser;
  let ben: TestUser;
  let outsider: TestUser;
  let tester: TestUser;
  let player: TestUser;
  let gameId: string;

  beforeAll(async () => {
    t = await createTestApp();
    anna = await createUser(t.app.ctx, { role: 'designer', name: 'Anna Holder' });
    ben = await createUser(t.app.ctx, { role: 'designer', name: 'Ben Waiting' });
    outsider = await createUser(t.app.ctx, { role: 'designer', name: 'Olly Outsider' });
    tester = await createUser(t.app.ctx, { role: 'designer', name: 'Tess Tester' });
    player = await createUser(t.app.ctx, { role: 'player' });
    const game = await createGame(t.app.ctx, anna, {
      publicAccess: 'clone',
      additionalDesignersEmailsText: ben.user.email,
      additionalDesignerOnlyAccessEmailsText: tester.user.email,
    });
    gameId = game.row.id;
  });
  afterAll(() => t.close());

  const take = (user: TestUser, body: object) =>
    t.app.inject({ method: 'POST', url: '/api/design/cc', headers: user.headers, payload: { gameId, ...body } });
  const release = (user: TestUser, body: object) =>
    t.app.inject({ method: 'DELETE', url: '/api/design/cc', headers: user.headers, payload: { gameId, ...body } });
  const seconds = (s: number) => new Date(t.clock.now.getTime() + s * 1000).toISOString();

  it('gives the lock to the first caller and renews it for them', async () => {
    const first = await take(anna, { kind: 'scene', id: 'scene-1', duration: 480 });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ locked: true, expiresAt: seconds(480) });
    t.clock.advance(10_000);
    const renewed = await take(anna, { kind: 'scene', id: 'scene-1', duration: 480 });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json()).toEqual({ locked: true, expiresAt: seconds(480) });
  });

  it('refuses another editor with 409, the holder’s name and the exact message', async () => {
    await take(anna, { kind: 'rule', id: 'rule-1' });
    const res = await take(ben, { kind: 'rule', id: 'rule-1' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      locked: false,
      holder: { id: anna.user.id, name: 'Anna Holder' },
      message:
        'This resource is currently being edited by another user. Please wait until they are done before making any changes',
      expiresAt: seconds(LOCK_DURATION_SECONDS),
    });
    expect(res.json().message).toBe(LOCK_MESSAGES.heldByOther);
    // Another kind with the same id is another resource.
    expect((await take(ben, { kind: 'item', id: 'rule-1' })).statusCode).toBe(200);
  });

  it('lets another editor take an expired lock, and the old holder is then refused', async () => {
    await take(anna, { kind: 'milestone', id: 'm-1', duration: 60 });
    t.clock.advance(59_000);
    expect((await take(ben, { kind: 'milestone', id: 'm-1', duration: 60 })).statusCode).toBe(409);
    t.clock.advance(1_000);
    const taken = await take(ben, { kind: 'milestone', id: 'm-1', duration: 60 });
    expect(taken.statusCode).toBe(200);
    const lost = await take(anna, { kind: 'milestone', id: 'm-1', duration: 60 });
    expect(lost.statusCode).toBe(409);
    expect(lost.json().holder.name).toBe('Ben Waiting');
  });

  it('releases the caller’s own lock only', async () => {
    await take(anna, { kind: 'location', id: 'l-1' });
    const notMine = await release(ben, { kind: 'location', id: 'l-1' });
    expect(notMine.statusCode).toBe(200);
    expect(notMine.json()).toEqual({ released: false });
    expect((await take(ben, { kind: 'location', id: 'l-1' })).statusCode).toBe(409);
    const mine = await release(anna, { kind: 'location', id: 'l-1' });
    expect(mine.json()).toEqual({ released: true });
    expect((await take(ben, { kind: 'location', id: 'l-1' })).statusCode).toBe(200);
  });

  it('validates the request and is for signed-in designers and admins', async () => {
    const bad = await take(anna, { kind: 'castle', id: '' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['id', 'kind']);
    expect((await take(player, { kind: 'scene', id: 'x' })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/design/cc', payload: { gameId, kind: 'scene', id: 'x' } }))
        .statusCode,
    ).toBe(401);
  });

  it('needs the game of a design resource, and a game lock names its game as its id', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/design/cc',
      headers: anna.headers,
      payload: { kind: 'scene', id: 'scene-9' },
    });
    expect(anonymous.statusCode).toBe(400);
    expect(anonymous.json().errors).toEqual({ gameId: LOCK_REQUEST_MESSAGES.gameRequired });
    const mismatch = await take(anna, { kind: 'game', id: '00000000-0000-4000-8000-000000000000' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors).toEqual({ gameId: LOCK_REQUEST_MESSAGES.gameMismatch });
    // The game lock may leave gameId out, as before.
    const game = await t.app.inject({
      method: 'POST',
      url: '/api/design/cc',
      headers: anna.headers,
      payload: { kind: 'game', id: gameId },
    });
    expect(game.statusCode).toBe(200);
  });

  it('is only for editors of the game: outsiders and view-only testers get 403 and never the holder', async () => {
    await take(anna, { kind: 'scene', id: 'scene-held' });
    for (const user of [outsider, tester]) {
      for (const kind of ['scene', 'game'] as const) {
        const res = await take(user, { kind, id: kind === 'game' ? gameId : 'scene-held' });
        expect(res.statusCode).toBe(403);
        expect(res.json()).not.toHaveProperty('holder');
        expect(JSON.stringify(res.json())).not.toContain('Anna Holder');
      }
      // Nor can they hold a free resource of the game.
      expect((await take(user, { kind: 'item', id: 'free-item' })).statusCode).toBe(403);
    }
    expect((await take(ben, { kind: 'item', id: 'free-item' })).statusCode).toBe(200);
    const unknown = await take(ben, { kind: 'game', id: 'not-a-game', gameId: 'not-a-game' });
    expect(unknown.statusCode).toBe(404);
  });

  it('keys locks by game: a lock in a clone does not block the same entity of the original', async () => {
    const clone = await t.app.inject({
      method: 'POST',
      url: `/api/design/games/${gameId}/clone`,
      headers: outsider.headers,
    });
    expect(clone.statusCode).toBe(201);
    const cloneId = clone.json().id as string;
    const inClone = await t.app.inject({
      method: 'POST',
      url: '/api/design/cc',
      headers: outsider.headers,
      payload: { gameId: cloneId, kind: 'scene', id: 'shared-scene-id' },
    });
    expect(inClone.statusCode).toBe(200);
    expect((await take(anna, { kind: 'scene', id: 'shared-scene-id' })).statusCode).toBe(200);
  });

  it('caps the duration whatever the client asks', async () => {
    const long = await take(anna, { kind: 'attribute', id: 'a-1', duration: 3600 });
    expect(long.statusCode).toBe(200);
    expect(long.json().expiresAt).toBe(seconds(LOCK_MAX_DURATION_SECONDS));
    expect(LOCK_MAX_DURATION_SECONDS).toBeLessThan(3600);
    t.clock.advance(LOCK_MAX_DURATION_SECONDS * 1000);
    expect((await take(ben, { kind: 'attribute', id: 'a-1' })).statusCode).toBe(200);
  });

  it('has exactly one winner when 20 editors race for the same lock', async () => {
    const racers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => createUser(t.app.ctx, { role: 'designer', name: `Racer ${i}` })),
    );
    const raceGame = await createGame(t.app.ctx, anna, {
      additionalDesignersEmailsText: racers.map((racer) => racer.user.email).join('\n'),
    });
    const answers = await Promise.all(
      racers.map((racer) => take(racer, { gameId: raceGame.row.id, kind: 'interaction', id: 'race-1', duration: 480 })),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const winner = racers[statuses.indexOf(200)]!;
    for (const res of answers.filter((r) => r.statusCode === 409)) {
      expect(res.json().holder).toEqual({ id: winner.user.id, name: winner.user.name });
    }
  });
});
