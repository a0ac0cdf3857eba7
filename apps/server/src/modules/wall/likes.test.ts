import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedAnswer, FeedLikeAnswer, WallAnswer } from '@loci/domain';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createPlayableGame, startedInstance } from '../../test/play-factories.js';

/** Likes of feed items (issue 29): one per person and item whatever the races, counts on the wall, the setting. */
describe('#wall.likes', () => {
  let t: TestApp;
  let owner: TestUser;
  let maria: TestUser;
  let nikos: TestUser;
  let outsider: TestUser;
  let instanceId: string;
  let postId: string;
  let wallToken: string;

  const call = (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload: payload as never } : {}) });
  const like = (user: TestUser, itemId = postId, method: 'PUT' | 'DELETE' = 'PUT') =>
    call(user, method, `/api/play/instances/${instanceId}/feed/${itemId}/like`);
  const feedOf = async (user: TestUser) =>
    ((await call(user, 'GET', `/api/play/instances/${instanceId}/feed`)).json() as FeedAnswer).items;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx, { role: 'designer' });
    maria = await createUser(t.app.ctx, { name: 'Maria' });
    nikos = await createUser(t.app.ctx, { name: 'Nikos' });
    outsider = await createUser(t.app.ctx, { name: 'Olive' });
    const game = await createPlayableGame(t.app, owner, {
      settings: {
        multiplayer: true,
        wall: { feedInPlayer: true, scoreSource: 'currency', scoreAttributeId: null, likes: true },
      } as never,
    });
    instanceId = (await startedInstance(t.app, maria, game.gameId)).instanceId;
    expect((await startedInstance(t.app, nikos, game.gameId)).instanceId).toBe(instanceId);
    const posted = await call(owner, 'POST', `/api/manage/instances/${instanceId}/feed`, { text: 'Lunch at noon' });
    expect(posted.statusCode, posted.body).toBe(201);
    postId = (posted.json() as FeedAnswer).items[0]!.id;
    const link = await call(owner, 'POST', `/api/manage/instances/${instanceId}/wall-link`, {});
    wallToken = link.json().token;
  });
  afterAll(async () => t.close());

  it('counts one like per person, however often and however fast they tap', async () => {
    const first = await like(maria);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ itemId: postId, likes: 1, liked: true } satisfies FeedLikeAnswer);
    expect((await like(maria)).json()).toMatchObject({ likes: 1 });
    // Ten taps of Nikos's at once (two phones, a retry): one like.
    const taps = await Promise.all(Array.from({ length: 10 }, () => like(nikos)));
    expect(taps.map((tap) => tap.statusCode)).toEqual(Array(10).fill(200));
    const [item] = await feedOf(maria);
    expect(item).toMatchObject({ id: postId, likes: 2, liked: true });
  });

  it('shows the count on the wall and in the console, never who liked', async () => {
    const shown = (await t.app.inject({ method: 'GET', url: `/api/wall/${wallToken}` })).json() as WallAnswer;
    expect(shown.feed[0]).toMatchObject({ text: 'Lunch at noon', likes: 2, liked: false });
    const res = await t.app.inject({ method: 'GET', url: `/api/wall/${wallToken}` });
    for (const secret of [maria.user.id, nikos.user.id, maria.user.email, nikos.user.email])
      expect(res.body).not.toContain(secret);
    const managed = (await call(owner, 'GET', `/api/manage/instances/${instanceId}/feed`)).json() as FeedAnswer;
    expect(managed.items[0]).toMatchObject({ likes: 2 });
  });

  it('takes a like back', async () => {
    expect((await like(nikos, postId, 'DELETE')).json()).toEqual({ itemId: postId, likes: 1, liked: false });
    expect((await like(nikos, postId, 'DELETE')).json()).toMatchObject({ likes: 1, liked: false });
    expect((await feedOf(nikos))[0]).toMatchObject({ likes: 1, liked: false });
    expect((await feedOf(maria))[0]).toMatchObject({ likes: 1, liked: true });
  });

  it('refuses who does not play the instance, an item not shown, and a game without likes', async () => {
    expect((await like(outsider)).statusCode).toBe(403);
    expect((await like(maria, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await like(maria, 'not-an-id')).statusCode).toBe(404);
    const withdrawn = await call(owner, 'DELETE', `/api/manage/instances/${instanceId}/feed/${postId}`);
    expect(withdrawn.statusCode).toBe(200);
    expect((await like(maria)).statusCode).toBe(404);

    const plain = await createPlayableGame(t.app, owner, {
      settings: { wall: { feedInPlayer: true, scoreSource: 'currency', scoreAttributeId: null } } as never,
    });
    const solo = (await startedInstance(t.app, outsider, plain.gameId)).instanceId;
    const post = await call(owner, 'POST', `/api/manage/instances/${solo}/feed`, { text: 'Hello' });
    const itemId = (post.json() as FeedAnswer).items[0]!.id;
    const refused = await call(outsider, 'PUT', `/api/play/instances/${solo}/feed/${itemId}/like`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('This game has no likes on its feed');
  });
});
