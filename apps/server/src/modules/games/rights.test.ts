import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameRight, PublicAccess } from '@loci/domain';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, uniqueEmail, type TestUser } from '../../test/factories.js';
import { createGame, createMedia, multipartBody, pngBytes } from '../../test/game-factories.js';

type Who =
  | 'owner'
  | 'coDesigner'
  | 'lateCoDesigner'
  | 'tester'
  | 'authorisedPlayer'
  | 'outsider'
  | 'admin'
  | 'playerRole'
  | 'playerCoDesigner';

const ALL: GameRight[] = ['edit', 'view', 'clone', 'manage'];

/** The rights table of spec 1 §6 as the API must apply it, per public access. */
const EXPECTED: Record<PublicAccess, Record<Who, GameRight[]>> = {
  no: {
    owner: ALL,
    coDesigner: ALL,
    lateCoDesigner: ALL,
    tester: ['view'],
    authorisedPlayer: [],
    outsider: [],
    admin: ALL,
    playerRole: [],
    playerCoDesigner: ['view'],
  },
  view: {
    owner: ALL,
    coDesigner: ALL,
    lateCoDesigner: ALL,
    tester: ['view'],
    authorisedPlayer: ['view'],
    outsider: ['view'],
    admin: ALL,
    playerRole: ['view'],
    playerCoDesigner: ['view'],
  },
  clone: {
    owner: ALL,
    coDesigner: ALL,
    lateCoDesigner: ALL,
    tester: ['view', 'clone'],
    authorisedPlayer: ['view'],
    outsider: ['view', 'clone'],
    admin: ALL,
    playerRole: ['view'],
    playerCoDesigner: ['view'],
  },
};

describe('#games.rights', () => {
  let t: TestApp;
  const users = {} as Record<Who, TestUser>;
  const gameIds = {} as Record<PublicAccess, string>;
  const logoIds = {} as Record<PublicAccess, string>;
  const lateEmail = uniqueEmail('late');

  beforeAll(async () => {
    t = await createTestApp();
    const ctx = t.app.ctx;
    users.owner = await createUser(ctx, { role: 'designer' });
    users.coDesigner = await createUser(ctx, { role: 'designer' });
    users.tester = await createUser(ctx, { role: 'designer' });
    users.authorisedPlayer = await createUser(ctx, { role: 'player' });
    users.outsider = await createUser(ctx, { role: 'designer' });
    users.admin = await createUser(ctx, { role: 'admin' });
    users.playerRole = await createUser(ctx, { role: 'player' });
    users.playerCoDesigner = await createUser(ctx, { role: 'player' });
    for (const publicAccess of ['no', 'view', 'clone'] as const) {
      const game = await createGame(ctx, users.owner, {
        title: `Public ${publicAccess}`,
        publicAccess,
        additionalDesignersEmailsText: [
          users.coDesigner.user.email,
          lateEmail.toUpperCase(),
          users.playerCoDesigner.user.email,
        ].join('\n'),
        additionalDesignerOnlyAccessEmailsText: users.tester.user.email,
        restrictAccessToEmailsText: users.authorisedPlayer.user.email,
      });
      gameIds[publicAccess] = game.row.id;
      logoIds[publicAccess] = (await createMedia(ctx, game.row.id)).id;
    }
    // Listed before having an account: signs up after the games were saved.
    users.lateCoDesigner = await createUser(ctx, { role: 'designer', email: lateEmail });
  });
  afterAll(() => t.close());

  const cases = (['no', 'view', 'clone'] as const).flatMap((publicAccess) =>
    (Object.keys(EXPECTED[publicAccess]) as Who[]).map((who) => ({
      publicAccess,
      who,
      rights: EXPECTED[publicAccess][who],
    })),
  );

  it.each(cases)('public access $publicAccess, $who: $rights', async ({ publicAccess, who, rights }) => {
    const user = users[who];
    const gameId = gameIds[publicAccess];
    const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
    const can = (right: GameRight) => rights.includes(right);

    const read = await call('GET', `/api/design/games/${gameId}`);
    expect(read.statusCode).toBe(can('view') ? 200 : 403);
    if (can('view')) expect(read.json().rights).toEqual(rights);
    expect((await call('GET', `/api/design/${gameId}/gameVersions`)).statusCode).toBe(can('view') ? 200 : 403);
    expect((await call('GET', `/api/design/${gameId}/medias`)).statusCode).toBe(can('view') ? 200 : 403);

    // Edit: settings, media and the game lock.
    const owned = await t.app.inject({
      method: 'GET',
      url: `/api/design/games/${gameId}`,
      headers: users.owner.headers,
    });
    const { rights: _rights, ...settings } = owned.json();
    const patch = await call('PATCH', `/api/design/games/${gameId}`, { ...settings, logoId: logoIds[publicAccess] });
    expect(patch.statusCode).toBe(can('edit') ? 200 : 403);
    const upload = await multipartBody([{ filename: 'a.png', bytes: await pngBytes() }]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/design/${gameId}/medias`,
      headers: { ...user.headers, ...upload.headers },
      payload: upload.payload,
    });
    expect(uploaded.statusCode).toBe(can('edit') ? 201 : 403);
    const lock = await call('POST', '/api/design/cc', { kind: 'game', id: gameId, duration: 30 });
    expect(lock.statusCode).toBe(can('edit') ? 200 : 403);
    if (lock.statusCode === 200) await call('DELETE', '/api/design/cc', { kind: 'game', id: gameId });

    // Clone.
    const clone = await call('POST', `/api/design/games/${gameId}/clone`);
    expect(clone.statusCode).toBe(can('clone') ? 201 : 403);

    // Manage: unpublish answers 409 (not published) to managers, 403 to the rest; delete and archive 403 to the rest.
    expect((await call('POST', `/api/design/games/${gameId}/unpublish`)).statusCode).toBe(can('manage') ? 409 : 403);
    if (!can('manage')) {
      expect((await call('DELETE', `/api/design/games/${gameId}`)).statusCode).toBe(403);
      expect((await call('POST', `/api/design/games/${gameId}/archive`)).statusCode).toBe(403);
    }
  });

  it('lists each game under the tab that gives the caller rights, and hides games without rights', async () => {
    const titlesOf = async (who: Who, filter: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/design/games?filter=${filter}&pageSize=all`,
        headers: users[who].headers,
      });
      return res.statusCode === 200
        ? (res.json().games as Array<{ title: string }>)
            .map((g) => g.title)
            .filter((title) => title.startsWith('Public'))
            .sort()
        : res.statusCode;
    };
    const all = ['Public clone', 'Public no', 'Public view'];
    expect(await titlesOf('owner', 'mine')).toEqual(all);
    expect(await titlesOf('coDesigner', 'shared')).toEqual(all);
    expect(await titlesOf('lateCoDesigner', 'shared')).toEqual(all);
    expect(await titlesOf('tester', 'shared')).toEqual(all);
    expect(await titlesOf('outsider', 'shared')).toEqual([]);
    expect(await titlesOf('outsider', 'mine')).toEqual([]);
    expect(await titlesOf('outsider', 'public')).toEqual(['Public clone', 'Public view']);
    expect(await titlesOf('admin', 'all')).toEqual(all);
    expect(await titlesOf('playerRole', 'public')).toBe(403);
    expect(await titlesOf('authorisedPlayer', 'shared')).toBe(403);
  });

  it('answers 401 to anonymous callers', async () => {
    for (const [method, url] of [
      ['GET', '/api/design/games'],
      ['GET', `/api/design/games/${gameIds.view}`],
      ['GET', `/api/design/${gameIds.view}/medias`],
      ['POST', `/api/design/games/${gameIds.clone}/clone`],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
  });
});
