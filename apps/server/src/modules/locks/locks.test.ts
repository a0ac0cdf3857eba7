import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_DURATION_SECONDS, LOCK_MESSAGES } from '@loci/domain';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createGame } from '../../test/game-factories.js';

describe('#locks', () => {
  let t: TestApp;
  let anna: TestUser;
  let ben: TestUser;
  let player: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    anna = await createUser(t.app.ctx, { role: 'designer', name: 'Anna Holder' });
    ben = await createUser(t.app.ctx, { role: 'designer', name: 'Ben Waiting' });
    player = await createUser(t.app.ctx, { role: 'player' });
  });
  afterAll(() => t.close());

  const take = (user: TestUser, body: object) =>
    t.app.inject({ method: 'POST', url: '/api/design/cc', headers: user.headers, payload: body });
  const release = (user: TestUser, body: object) =>
    t.app.inject({ method: 'DELETE', url: '/api/design/cc', headers: user.headers, payload: body });
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

  it('refuses anyone else with 409, the holder’s name and the exact message', async () => {
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

  it('lets another user take an expired lock, and the old holder is then refused', async () => {
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
      (await t.app.inject({ method: 'POST', url: '/api/design/cc', payload: { kind: 'scene', id: 'x' } })).statusCode,
    ).toBe(401);
  });

  it('needs the edit right for a game lock', async () => {
    const game = await createGame(t.app.ctx, anna, { publicAccess: 'clone' });
    expect((await take(ben, { kind: 'game', id: game.row.id })).statusCode).toBe(403);
    expect((await take(anna, { kind: 'game', id: game.row.id })).statusCode).toBe(200);
    expect((await take(ben, { kind: 'game', id: 'not-a-game' })).statusCode).toBe(404);
  });

  it('has exactly one winner when 20 users race for the same lock', async () => {
    const racers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => createUser(t.app.ctx, { role: 'designer', name: `Racer ${i}` })),
    );
    const answers = await Promise.all(
      racers.map((racer) => take(racer, { kind: 'interaction', id: 'race-1', duration: 480 })),
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
