import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAME_MESSAGES, GAME_OPERATION_MESSAGES, GAME_TEXTS } from '@loci/domain';
import { games } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createGame } from '../../test/game-factories.js';

describe('#games.list', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let admin: TestUser;
  let player: TestUser;
  const titles: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createUser(t.app.ctx, { role: 'designer', name: 'Alice Zephyrine' });
    bob = await createUser(t.app.ctx, { role: 'designer', name: 'Bob Quill' });
    admin = await createUser(t.app.ctx, { role: 'admin', name: 'Ada Admin' });
    player = await createUser(t.app.ctx, { role: 'player' });
    // 25 games of Alice's, one second apart, so updatedAt orders them.
    for (let i = 1; i <= 25; i++) {
      t.clock.advance(1000);
      const game = await createGame(t.app.ctx, alice, { title: `Alice game ${String(i).padStart(2, '0')}` });
      titles[game.row.id] = game.row.title;
    }
    t.clock.advance(1000);
    await createGame(t.app.ctx, bob, { title: 'Bob private' });
    t.clock.advance(1000);
    await createGame(t.app.ctx, bob, { title: 'Bob public 50%_off', publicAccess: 'view' });
    t.clock.advance(1000);
    await createGame(t.app.ctx, bob, {
      title: 'Bob shares with Alice',
      additionalDesignersEmailsText: alice.user.email,
    });
    t.clock.advance(1000);
    await createGame(t.app.ctx, bob, {
      title: 'Bob tests with Alice',
      additionalDesignerOnlyAccessEmailsText: alice.user.email,
    });
    t.clock.advance(1000);
    await createGame(t.app.ctx, bob, { title: 'Bob lets Alice play', restrictAccessToEmailsText: alice.user.email });
  });
  afterAll(() => t.close());

  const list = (user: TestUser, query: Record<string, string | number> = {}) =>
    t.app.inject({
      method: 'GET',
      url: '/api/design/games',
      headers: user.headers,
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    });

  it('mine (default): the caller’s games, newest change first, 10 per page', async () => {
    const res = await list(alice);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 25, page: 1, pageSize: 10 });
    expect(body.games.map((g: { title: string }) => g.title)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Alice game ${String(25 - i).padStart(2, '0')}`),
    );
    expect(body.games[0]).toMatchObject({
      userId: { id: alice.user.id, name: 'Alice Zephyrine' },
      rights: ['edit', 'view', 'clone', 'manage'],
      publicVersionId: null,
      isArchived: false,
    });
    expect(Object.keys(body.games[0])).not.toContain('settings');
  });

  it('pages with sizes 10, 20, 50 and all', async () => {
    const page3 = (await list(alice, { page: 3, pageSize: 10 })).json();
    expect(page3).toMatchObject({ total: 25, page: 3, pageSize: 10 });
    expect(page3.games.map((g: { title: string }) => g.title)).toEqual([
      'Alice game 05',
      'Alice game 04',
      'Alice game 03',
      'Alice game 02',
      'Alice game 01',
    ]);
    expect((await list(alice, { pageSize: 20 })).json().games).toHaveLength(20);
    expect((await list(alice, { pageSize: 20, page: 2 })).json().games).toHaveLength(5);
    expect((await list(alice, { pageSize: 50 })).json().games).toHaveLength(25);
    const all = (await list(alice, { pageSize: 'all' })).json();
    expect(all).toMatchObject({ total: 25, page: 1, pageSize: 'all' });
    expect(all.games).toHaveLength(25);
    const beyond = (await list(alice, { page: 9 })).json();
    expect(beyond).toMatchObject({ games: [], total: 25 });
    const bad = await list(alice, { pageSize: 30 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ pageSize: GAME_MESSAGES.pageSize });
  });

  it('shared: games of others that name the caller as co-designer or tester', async () => {
    const body = (await list(alice, { filter: 'shared' })).json();
    expect(body.games.map((g: { title: string }) => g.title)).toEqual([
      'Bob tests with Alice',
      'Bob shares with Alice',
    ]);
    expect(body.games.map((g: { rights: string[] }) => g.rights)).toEqual([
      ['view'],
      ['edit', 'view', 'clone', 'manage'],
    ]);
    expect(body.games[1].additionalDesigners).toEqual([alice.user.id]);
  });

  it('public: games with public access view or clone', async () => {
    const body = (await list(alice, { filter: 'public' })).json();
    expect(body.games.map((g: { title: string }) => g.title)).toEqual(['Bob public 50%_off']);
    expect(body.games[0].rights).toEqual(['view']);
  });

  it('all: every game, for admins only', async () => {
    const body = (await list(admin, { filter: 'all', pageSize: 'all' })).json();
    expect(body.total).toBe(30);
    expect(body.games.every((g: { rights: string[] }) => g.rights.length === 4)).toBe(true);
    const refused = await list(alice, { filter: 'all' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(GAME_OPERATION_MESSAGES.allFilterAdminOnly);
  });

  it('is not for players', async () => {
    const res = await list(player);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(GAME_TEXTS.noAuthoringRights('player'));
  });

  it('searches title or owner name, case-insensitively, only past 3 characters', async () => {
    const byTitle = (await list(alice, { q: 'GAME 2' })).json();
    expect(byTitle.games.map((g: { title: string }) => g.title)).toEqual([
      'Alice game 25',
      'Alice game 24',
      'Alice game 23',
      'Alice game 22',
      'Alice game 21',
      'Alice game 20',
    ]);
    // Three characters or fewer: no search.
    expect((await list(alice, { q: 'zzz' })).json().total).toBe(25);
    // The owner's name.
    expect((await list(admin, { filter: 'all', q: 'quill' })).json().total).toBe(5);
    expect((await list(admin, { filter: 'all', q: 'zephyr' })).json().total).toBe(25);
    // Wildcards are literal.
    expect(
      (await list(admin, { filter: 'all', q: '50%_' })).json().games.map((g: { title: string }) => g.title),
    ).toEqual(['Bob public 50%_off']);
    expect((await list(admin, { filter: 'all', q: '%%%%' })).json().total).toBe(0);
  });

  // How fast is measured by bench/games-list; here, that a page costs the same few statements whatever its size.
  it('lists games of 10,000 in a fixed number of statements per page (no N+1)', async () => {
    const settings = (await t.app.ctx.db.select({ settings: games.settings }).from(games).limit(1))[0]!.settings;
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      ownerId: i % 2 === 0 ? bob.user.id : admin.user.id,
      title: `Bulk ${i}`,
      publicAccess: (i % 10 === 0 ? 'view' : 'no') as 'view' | 'no',
      settings: { ...settings, title: `Bulk ${i}` },
      createdAt: new Date(Date.UTC(2020, 0, 1) + i * 1000),
      updatedAt: new Date(Date.UTC(2020, 0, 1) + i * 1000),
    }));
    for (let i = 0; i < rows.length; i += 1000) await t.app.ctx.db.insert(games).values(rows.slice(i, i + 1000));

    // Every statement outside a transaction goes through the driver's client (a pg pool or PGlite) — count them.
    const client = (t.app.ctx.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const query = client.query.bind(client);
    let statements = 0;
    client.query = (...args: unknown[]) => {
      statements += 1;
      return query(...args);
    };
    const statementsOf = async (user: TestUser, filter: Record<string, string | number>) => {
      statements = 0;
      const res = await list(user, filter);
      expect(res.statusCode).toBe(200);
      return { statements, body: res.json() as { games: unknown[]; total: number } };
    };
    try {
      for (const [user, filter] of [
        [admin, { filter: 'all' }],
        [alice, { filter: 'public' }],
        [admin, { filter: 'all', q: 'Bulk 99' }],
        [bob, { filter: 'mine' }],
      ] as const) {
        const small = await statementsOf(user, { ...filter, pageSize: 10 });
        const large = await statementsOf(user, { ...filter, pageSize: 50 });
        expect(small.body.games).toHaveLength(10);
        expect(large.body.games).toHaveLength(50);
        expect(large.statements).toBe(small.statements);
        expect(small.statements).toBeGreaterThan(0);
        expect(small.statements).toBeLessThanOrEqual(5);
      }
      expect((await list(admin, { filter: 'all' })).json().total).toBe(10_030);
    } finally {
      client.query = query;
    }
  });
});
