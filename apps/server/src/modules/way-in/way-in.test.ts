import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { gameInstances, games } from '../../db/schema.js';
import { createMemoryMailer, createTestApp, lastLink, type TestApp } from '../../test/app.js';
import { createUser, DEFAULT_PASSWORD, uniqueEmail, type TestUser } from '../../test/factories.js';
import { createPlayableGame, startedInstance } from '../../test/play-factories.js';

describe('the way in for players', () => {
  let t: TestApp;
  let owner: TestUser;
  const mailer = createMemoryMailer();

  beforeAll(async () => {
    t = await createTestApp({ mailer });
    owner = await createUser(t.app.ctx, { role: 'designer', name: 'Olga Owner' });
  });
  afterAll(async () => t.close());

  const get = (url: string, user?: TestUser) =>
    t.app.inject({ method: 'GET', url, ...(user ? { headers: user.headers } : {}) });
  const joinCode = (user: TestUser, code: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/play/join-code', headers: user.headers, payload: { code } });

  async function setSettings(gameId: string, patch: Record<string, unknown>) {
    const [row] = await t.app.ctx.db.select().from(games).where(eq(games.id, gameId));
    await t.app.ctx.db
      .update(games)
      .set({ settings: { ...row!.settings, ...patch } })
      .where(eq(games.id, gameId));
  }

  describe('GET /api/play/games/{gameId}/public', () => {
    it('shows a visitor without an account the lobby-safe fields of a published game, and nothing else', async () => {
      const game = await createPlayableGame(t.app, owner, {
        settings: {
          playPassword: '482913',
          terms: '<p>Be kind.</p><script>alert(1)</script>',
          restrictAccessToEmailsText: 'someone@example.com',
        },
      });
      const answer = await get(`/api/play/games/${game.gameId}/public`);
      expect(answer.statusCode).toBe(200);
      const body = answer.json();
      expect(body).toMatchObject({
        game: { id: game.gameId, multiplayer: false, terms: '<p>Be kind.</p>' },
        needsPasscode: true,
        restricted: true,
        refusal: null,
      });
      expect(body.game.playingPeriod).toMatchObject({ timezone: expect.any(String) });
      // Never the passcode, the spec or anybody's email.
      const text = answer.body;
      expect(text).not.toContain('482913');
      expect(text).not.toContain('someone@example.com');
      expect(text).not.toContain(owner.user.email);
      expect(body).not.toHaveProperty('spec');
    });

    it('answers 404 for a game without a published version and for an unknown one', async () => {
      const draft = await createPlayableGame(t.app, owner, { publish: false });
      expect((await get(`/api/play/games/${draft.gameId}/public`)).statusCode).toBe(404);
      expect((await get(`/api/play/games/${draft.gameId}/public`, owner)).statusCode).toBe(404);
      expect((await get('/api/play/games/not-a-game/public')).statusCode).toBe(404);
      expect((await get('/api/play/games/00000000-0000-4000-8000-000000000000/public')).statusCode).toBe(404);
    });

    it('says why nobody can start now: the playing period is over', async () => {
      const game = await createPlayableGame(t.app, owner);
      const past = new Date(t.clock.now.getTime() - 3_600_000).toISOString();
      await setSettings(game.gameId, {
        playingPeriod: { start: '2020-01-01T00:00:00.000Z', end: past, timezone: 'Europe/Athens' },
      });
      expect((await get(`/api/play/games/${game.gameId}/public`)).json().refusal).toMatchObject({
        errorCode: 'PERIOD_ENDED',
      });
    });
  });

  describe('GET /api/design/games/{id}/share', () => {
    it('gives an editor the play link under PUBLIC_URL, the passcode and whether a player can join now', async () => {
      const game = await createPlayableGame(t.app, owner, { settings: { playPassword: '482913' } });
      const answer = await get(`/api/design/games/${game.gameId}/share`, owner);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({
        gameId: game.gameId,
        playUrl: `${t.config.publicUrl}/fe/play/${game.gameId}`,
        passcode: '482913',
        hasPasscode: true,
        published: true,
        joinable: true,
        refusal: null,
      });
    });

    it('hides the passcode from a tester (view right only) and refuses outsiders, players and visitors', async () => {
      const tester = await createUser(t.app.ctx, { role: 'designer' });
      const game = await createPlayableGame(t.app, owner, {
        settings: { playPassword: '482913', additionalDesignerOnlyAccessEmailsText: tester.user.email },
      });
      const seen = await get(`/api/design/games/${game.gameId}/share`, tester);
      expect(seen.statusCode).toBe(200);
      expect(seen.json()).toMatchObject({ passcode: null, hasPasscode: true });
      expect(seen.body).not.toContain('482913');

      const outsider = await createUser(t.app.ctx, { role: 'designer' });
      expect((await get(`/api/design/games/${game.gameId}/share`, outsider)).statusCode).toBe(403);
      expect((await get(`/api/design/games/${game.gameId}/share`, await createUser(t.app.ctx))).statusCode).toBe(403);
      expect((await get(`/api/design/games/${game.gameId}/share`)).statusCode).toBe(401);
      expect((await get('/api/design/games/00000000-0000-4000-8000-000000000000/share', owner)).statusCode).toBe(404);
    });

    it('says why a game cannot be joined: not published, archived, no new instances', async () => {
      const draft = await createPlayableGame(t.app, owner, { publish: false });
      expect((await get(`/api/design/games/${draft.gameId}/share`, owner)).json()).toMatchObject({
        published: false,
        joinable: false,
        refusal: { errorCode: 'NOT_PUBLISHED', message: 'This game is not published' },
      });

      const closed = await createPlayableGame(t.app, owner, { version: { newInstancesAllowed: false } });
      expect((await get(`/api/design/games/${closed.gameId}/share`, owner)).json()).toMatchObject({
        joinable: false,
        refusal: { errorCode: 'NEW_INSTANCES_NOT_ALLOWED' },
      });

      const archived = await createPlayableGame(t.app, owner);
      await t.app.ctx.db.update(games).set({ isArchived: true }).where(eq(games.id, archived.gameId));
      expect((await get(`/api/design/games/${archived.gameId}/share`, owner)).json()).toMatchObject({
        joinable: false,
        refusal: { message: 'This game has been archived.' },
      });
    });
  });

  describe('GET /api/play/my-games', () => {
    it("lists the games a player plays or played, newest first, with what can be resumed; never another's", async () => {
      const player = await createUser(t.app.ctx);
      const other = await createUser(t.app.ctx);
      const first = await createPlayableGame(t.app, owner, { settings: { title: 'First walk' } });
      const second = await createPlayableGame(t.app, owner, { settings: { title: 'Second walk' } });
      const firstInstance = await startedInstance(t.app, player, first.gameId);
      t.clock.advance(60_000);
      const secondInstance = await startedInstance(t.app, player, second.gameId);
      await startedInstance(t.app, other, first.gameId);
      await t.app.ctx.db
        .update(gameInstances)
        .set({ status: 'terminated' })
        .where(eq(gameInstances.id, firstInstance.instanceId));

      const answer = await get('/api/play/my-games', player);
      expect(answer.statusCode).toBe(200);
      expect(answer.json().games).toEqual([
        expect.objectContaining({
          gameId: second.gameId,
          title: 'Second walk',
          instanceId: secondInstance.instanceId,
          status: 'active',
          resumable: true,
        }),
        expect.objectContaining({
          gameId: first.gameId,
          title: 'First walk',
          instanceId: firstInstance.instanceId,
          status: 'terminated',
          resumable: false,
        }),
      ]);
      expect((await get('/api/play/my-games', await createUser(t.app.ctx))).json()).toEqual({ games: [] });
      expect((await get('/api/play/my-games')).statusCode).toBe(401);
    });

    it("leaves out a designer's playtests of the working version", async () => {
      const designer = await createUser(t.app.ctx, { role: 'designer' });
      const game = await createPlayableGame(t.app, designer);
      await startedInstance(t.app, designer, game.gameId, { versionId: 'current' });
      expect((await get('/api/play/my-games', designer)).json()).toEqual({ games: [] });
    });
  });

  describe('POST /api/play/join-code', () => {
    it('finds the game of a play link, a deep link (bare or https), a game id or a passcode', async () => {
      const player = await createUser(t.app.ctx);
      const game = await createPlayableGame(t.app, owner, { settings: { playPassword: '735194' } });
      const id = game.gameId;
      for (const code of [`https://loci.example/fe/play/${id}`, id, ` ${id.toUpperCase()} `]) {
        const answer = await joinCode(player, code);
        expect(answer.statusCode, code).toBe(200);
        expect(answer.json()).toEqual({ gameId: id, passcode: null, deepLink: null });
      }
      const deep = `gameplay/${id}/any/de/Contact_a/o1`;
      for (const code of [deep, `https://loci.example/fe/${deep}`]) {
        expect((await joinCode(player, code)).json()).toEqual({ gameId: id, passcode: null, deepLink: deep });
      }
      expect((await joinCode(player, '735194')).json()).toEqual({ gameId: id, passcode: '735194', deepLink: null });
    });

    it('refuses an unknown code, an empty one, a draft it may not see, and a passcode two games share', async () => {
      const player = await createUser(t.app.ctx);
      expect((await joinCode(player, '000001')).statusCode).toBe(404);
      const empty = await joinCode(player, '   ');
      expect(empty.statusCode).toBe(400);
      expect(empty.json().errors).toMatchObject({ code: 'Type or scan a code' });
      const draft = await createPlayableGame(t.app, owner, { publish: false, settings: { playPassword: '246810' } });
      expect((await joinCode(player, draft.gameId)).statusCode).toBe(404);
      expect((await joinCode(player, '246810')).statusCode).toBe(404);
      expect((await joinCode(owner, draft.gameId)).json()).toMatchObject({ gameId: draft.gameId });

      await createPlayableGame(t.app, owner, { settings: { playPassword: '135791' } });
      await createPlayableGame(t.app, owner, { settings: { playPassword: '135791' } });
      expect((await joinCode(player, '135791')).statusCode).toBe(409);
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/play/join-code', payload: { code: 'x' } })).statusCode,
      ).toBe(401);
    });

    it('stops guessing passcodes after a few tries a minute (429)', async () => {
      const player = await createUser(t.app.ctx);
      const statuses: number[] = [];
      for (let i = 0; i < 12; i += 1) statuses.push((await joinCode(player, `99999${i % 10}`)).statusCode);
      expect(statuses.slice(0, 10).every((status) => status === 404)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    });
  });

  describe('sign-up from a share link', () => {
    it('mails a confirmation link that comes back to the play link, and drops an unsafe return path', async () => {
      const register = (email: string, returnTo: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/users/register',
          payload: { name: 'Pat Player', email, password: DEFAULT_PASSWORD, password2: DEFAULT_PASSWORD, returnTo },
        });
      const email = uniqueEmail('pat');
      expect((await register(email, '/fe/play/abc?x=1')).statusCode).toBeLessThan(300);
      const { url } = lastLink(mailer, email);
      expect(url.pathname).toBe('/fe/confirmemail');
      expect(url.searchParams.get('next')).toBe('/play/abc?x=1');

      for (const unsafe of ['https://evil.example/fe/play', '//evil.example/x', '/\\evil.example']) {
        const other = uniqueEmail('pat');
        expect((await register(other, unsafe)).statusCode).toBeLessThan(300);
        expect(lastLink(mailer, other).url.searchParams.has('next')).toBe(false);
      }
    });
  });
});
