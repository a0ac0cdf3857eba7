import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { newGameDefaults } from '@loci/domain';
import { games } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { insertEntities } from '../../test/design-factories.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createGame } from '../../test/game-factories.js';

describe('#gallery', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let player: TestUser;
  let harbourId: string;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createUser(t.app.ctx, { role: 'designer', name: 'Alice Zephyrine' });
    bob = await createUser(t.app.ctx, { role: 'designer', name: 'Bob Quill' });
    player = await createUser(t.app.ctx, { role: 'player' });
    t.clock.advance(1000);
    await createGame(t.app.ctx, bob, { title: 'Bob private' });
    t.clock.advance(1000);
    const harbour = await createGame(t.app.ctx, bob, {
      title: 'Harbour walk',
      publicAccess: 'clone',
      language: 'el-Gr',
      pg: { ...newGameDefaults(t.app.ctx.now()).pg, place: { lat: 40.63, lng: 22.94, radius: 300 } },
    });
    harbourId = harbour.row.id;
    const scenes = await insertEntities(t.app.ctx, harbourId, 'scene', 2);
    await insertEntities(t.app.ctx, harbourId, 'location', 3, (i) => ({ sceneId: scenes[i % 2]!.id }));
    await insertEntities(t.app.ctx, harbourId, 'interaction', 4);
    await insertEntities(t.app.ctx, harbourId, 'character', 5);
    t.clock.advance(1000);
    await createGame(t.app.ctx, bob, { title: 'Castle tour', publicAccess: 'view' });
    t.clock.advance(1000);
    const archived = await createGame(t.app.ctx, bob, { title: 'Archived public', publicAccess: 'clone' });
    await t.app.ctx.db.update(games).set({ isArchived: true }).where(eq(games.id, archived.row.id));
  });
  afterAll(() => t.close());

  const gallery = (user: TestUser | null, query: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/design/gallery', headers: user?.headers ?? {}, query });

  it('lists only public, unarchived games, newest first, with size, place and the clone right', async () => {
    const res = await gallery(alice);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 2, page: 1, pageSize: 10 });
    expect(body.games.map((g: { title: string }) => g.title)).toEqual(['Castle tour', 'Harbour walk']);
    expect(body.games[1]).toEqual({
      id: harbourId,
      title: 'Harbour walk',
      // The logo made for the new game from its title.
      logoId: expect.any(String),
      language: 'el-Gr',
      publicAccess: 'clone',
      size: { scenes: 2, locations: 3, interactions: 4 },
      place: { lat: 40.63, lng: 22.94, radius: 300 },
      ownerName: 'Bob Quill',
      canClone: true,
    });
    expect(body.games[0]).toMatchObject({ canClone: false, size: { scenes: 0, locations: 0, interactions: 0 } });
  });

  it('searches by title', async () => {
    const body = (await gallery(alice, { q: 'harb' })).json();
    expect(body.total).toBe(1);
    expect(body.games.map((g: { title: string }) => g.title)).toEqual(['Harbour walk']);
  });

  it('pages', async () => {
    const body = (await gallery(alice, { page: '2', pageSize: '10' })).json();
    expect(body).toMatchObject({ total: 2, page: 2, games: [] });
  });

  it('is for designers and admins: anonymous 401, player 403', async () => {
    expect((await gallery(null)).statusCode).toBe(401);
    expect((await gallery(player)).statusCode).toBe(403);
  });
});
