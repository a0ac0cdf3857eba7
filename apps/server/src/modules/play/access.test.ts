import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { GAME_TEXTS, PLAY_MESSAGES } from '@loci/domain';
import { games } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { designRequest } from '../../test/design-factories.js';
import { createPlayableGame, publishVersionOf, sendEvent, startPlay } from '../../test/play-factories.js';

/** Who may play what (docs/play.md "Who may play"): every refusal with its status and errorCode. */
describe('player API refusals', () => {
  let t: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx, { role: 'designer' });
  });
  afterAll(async () => t.close());

  const newPlayer = () => createUser(t.app.ctx);
  const hours = (n: number) => new Date(t.app.ctx.now().getTime() + n * 3600_000).toISOString();

  it('asks for the passcode: missing or wrong → 403 WRONG_PASSCODE with errors.passcode; right → 201', async () => {
    const game = await createPlayableGame(t.app, owner, { settings: { playPassword: '482913' } });
    const player = await newPlayer();
    const missing = await startPlay(t.app, player, game.gameId);
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toMatchObject({
      errorCode: 'WRONG_PASSCODE',
      errors: { passcode: 'This game needs a passcode' },
    });
    const wrong = await startPlay(t.app, player, game.gameId, { passcode: '111111' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ errorCode: 'WRONG_PASSCODE', errors: { passcode: 'Wrong passcode' } });
    expect((await startPlay(t.app, player, game.gameId, { passcode: '482913' })).statusCode).toBe(201);
    // Coming back needs no passcode; the designer never needs one.
    expect((await startPlay(t.app, player, game.gameId)).statusCode).toBe(200);
    expect((await startPlay(t.app, owner, game.gameId)).statusCode).toBe(201);
  });

  it("checks the player's profile against the game's ages, adults-only and sexRequired, in the lobby too", async () => {
    const game = await createPlayableGame(t.app, owner, { settings: { minAge: 12, maxAge: 30, sexRequired: true } });
    const adults = await createPlayableGame(t.app, owner, { settings: { minAge: 18, adultsOnly: true } });
    const player = await newPlayer();
    const bornYearsAgo = (years: number) => {
      const now = t.app.ctx.now();
      return `${now.getUTCFullYear() - years}-01-01`;
    };
    const setProfile = (profile: object) =>
      t.app.inject({ method: 'PATCH', url: '/api/users/account/profile', headers: player.headers, payload: profile });
    const refusalOf = async (gameId: string) => {
      const start = await startPlay(t.app, player, gameId);
      const lobby = await t.app.inject({ method: 'GET', url: `/api/play/games/${gameId}`, headers: player.headers });
      expect(lobby.json().refusal).toEqual(
        start.statusCode === 201 ? null : { errorCode: start.json().errorCode, message: start.json().message },
      );
      return [start.statusCode, start.json().errorCode, start.json().message];
    };

    expect(await refusalOf(game.gameId)).toEqual([403, 'PROFILE_INCOMPLETE', PLAY_MESSAGES.sexRequired]);
    expect(await refusalOf(adults.gameId)).toEqual([403, 'PROFILE_INCOMPLETE', PLAY_MESSAGES.adultsOnly]);
    const bad = await setProfile({ birthDate: '3000-01-01', sex: 'robot' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['birthDate', 'sex']);

    const young = await setProfile({ birthDate: bornYearsAgo(10), sex: 'female' });
    expect(young.json().user).toMatchObject({ _id: player.user.id, birthDate: bornYearsAgo(10), sex: 'female' });
    expect(await refusalOf(game.gameId)).toEqual([403, 'AGE_NOT_ALLOWED', PLAY_MESSAGES.tooYoung(12)]);
    await setProfile({ birthDate: bornYearsAgo(40), sex: 'female' });
    expect(await refusalOf(game.gameId)).toEqual([403, 'AGE_NOT_ALLOWED', PLAY_MESSAGES.tooOld(30)]);
    await setProfile({ birthDate: bornYearsAgo(17), sex: null });
    expect(await refusalOf(adults.gameId)).toEqual([403, 'AGE_NOT_ALLOWED', PLAY_MESSAGES.tooYoung(18)]);
    await setProfile({ birthDate: bornYearsAgo(20), sex: 'other' });
    expect((await refusalOf(game.gameId))[0]).toBe(201);
    expect((await refusalOf(adults.gameId))[0]).toBe(201);
    // The designer playtests their own game whatever its audience.
    expect((await startPlay(t.app, owner, adults.gameId)).statusCode).toBe(201);
  });

  it('refuses before the playing period (403 NOT_STARTED_YET) and after it (403 PERIOD_ENDED)', async () => {
    const game = await createPlayableGame(t.app, owner);
    const player = await newPlayer();
    const [row] = await t.app.ctx.db.select().from(games).where(eq(games.id, game.gameId));
    const setPeriod = (start: string, end: string | null) =>
      t.app.ctx.db
        .update(games)
        .set({ settings: { ...row!.settings, playingPeriod: { start, end, timezone: 'Europe/Athens' } } })
        .where(eq(games.id, game.gameId));

    await setPeriod(hours(2), null);
    const early = await startPlay(t.app, player, game.gameId);
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ errorCode: 'NOT_STARTED_YET', message: 'This game has not started yet' });

    await setPeriod(hours(-5), hours(-1));
    const late = await startPlay(t.app, player, game.gameId);
    expect(late.statusCode).toBe(403);
    expect(late.json()).toMatchObject({ errorCode: 'PERIOD_ENDED' });

    await setPeriod(hours(-5), hours(1));
    expect((await startPlay(t.app, player, game.gameId)).statusCode).toBe(201);
  });

  it('refuses a game without a published version (409 NOT_PUBLISHED) to its designers, and hides it from others', async () => {
    const game = await createPlayableGame(t.app, owner, { publish: false });
    const res = await startPlay(t.app, owner, game.gameId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ errorCode: 'NOT_PUBLISHED', message: 'This game is not published' });
    const stranger = await startPlay(t.app, await newPlayer(), game.gameId);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ message: GAME_TEXTS.gameNotFound });
  });

  describe('the lobby and versions of an unpublished game', () => {
    const lobby = (user: TestUser, gameId: string) =>
      t.app.inject({ method: 'GET', url: `/api/play/games/${gameId}`, headers: user.headers });

    it('shows the lobby of a published game to any signed-in user (the share link), not to anonymous visitors', async () => {
      const game = await createPlayableGame(t.app, owner, {
        settings: { title: 'Open Harbour', restrictAccessToEmailsText: 'someone@example.test' },
      });
      const res = await lobby(await newPlayer(), game.gameId);
      expect(res.statusCode).toBe(200);
      expect(res.json().game.title).toBe('Open Harbour');
      expect(res.json().refusal).toMatchObject({ errorCode: 'NOT_AUTHORISED' });
      const anonymous = await t.app.inject({ method: 'GET', url: `/api/play/games/${game.gameId}` });
      expect(anonymous.statusCode).toBe(401);
    });

    it('keeps the lobby of a private unpublished game to its editors and testers', async () => {
      const tester = await createUser(t.app.ctx, { role: 'designer' });
      const listedPlayer = await newPlayer();
      const game = await createPlayableGame(t.app, owner, {
        publish: false,
        settings: {
          title: 'Secret Harbour',
          description: 'Not for you yet',
          instructions: 'Walk to the pier',
          additionalDesignerOnlyAccessEmailsText: tester.user.email,
          restrictAccessToEmailsText: listedPlayer.user.email,
        },
      });
      for (const stranger of [await newPlayer(), listedPlayer, await createUser(t.app.ctx, { role: 'designer' })]) {
        const res = await lobby(stranger, game.gameId);
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain('Secret Harbour');
        expect(res.body).not.toContain('Walk to the pier');
      }
      for (const insider of [owner, tester]) {
        const res = await lobby(insider, game.gameId);
        expect(res.statusCode).toBe(200);
        expect(res.json().game).toMatchObject({ title: 'Secret Harbour', instructions: 'Walk to the pier' });
      }
    });

    it('no longer starts an old version for players once the game is unpublished; editors and testers still may', async () => {
      const tester = await createUser(t.app.ctx, { role: 'designer' });
      const game = await createPlayableGame(t.app, owner, {
        settings: { additionalDesignerOnlyAccessEmailsText: tester.user.email },
      });
      const player = await newPlayer();
      expect((await startPlay(t.app, player, game.gameId, { versionId: game.versionId! })).statusCode).toBe(201);
      const unpublished = await t.app.inject({
        method: 'POST',
        url: `/api/design/games/${game.gameId}/unpublish`,
        headers: owner.headers,
      });
      expect(unpublished.statusCode).toBe(200);

      const late = await startPlay(t.app, await newPlayer(), game.gameId, { versionId: game.versionId! });
      expect(late.statusCode).toBe(404);
      expect((await lobby(player, game.gameId)).statusCode).toBe(404);
      expect((await startPlay(t.app, owner, game.gameId, { versionId: game.versionId! })).statusCode).toBe(201);
      expect((await startPlay(t.app, tester, game.gameId, { versionId: game.versionId! })).statusCode).toBe(201);
    });
  });

  it('refuses an archived version (409 VERSION_ARCHIVED) while the game stays published', async () => {
    const game = await createPlayableGame(t.app, owner);
    await publishVersionOf(t.app, owner, game.gameId);
    const archived = await designRequest(
      t.app,
      owner,
      'POST',
      `/api/design/${game.gameId}/gameVersions/${game.versionId}/archive`,
    );
    expect(archived.statusCode).toBe(200);
    const res = await startPlay(t.app, await newPlayer(), game.gameId, { versionId: game.versionId! });
    expect(res.statusCode).toBe(409);
    expect(res.json().errorCode).toBe('VERSION_ARCHIVED');
    expect((await startPlay(t.app, owner, game.gameId, { versionId: game.versionId! })).statusCode).toBe(409);
  });

  it('refuses new instances when the version takes none (403), but lets a player back into theirs', async () => {
    const game = await createPlayableGame(t.app, owner);
    const earlier = await newPlayer();
    expect((await startPlay(t.app, earlier, game.gameId)).statusCode).toBe(201);
    const patched = await designRequest(
      t.app,
      owner,
      'PATCH',
      `/api/design/${game.gameId}/gameVersions/${game.versionId}`,
      {
        versionNotes: 'closed',
        newInstancesAllowed: false,
      },
    );
    expect(patched.statusCode).toBe(200);
    const res = await startPlay(t.app, await newPlayer(), game.gameId);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ errorCode: 'NEW_INSTANCES_NOT_ALLOWED' });
    expect((await startPlay(t.app, earlier, game.gameId)).statusCode).toBe(200);
  });

  it('keeps an owner-only version to those who may edit the game (403 NOT_AUTHORISED)', async () => {
    const game = await createPlayableGame(t.app, owner, { version: { restrictAccessToDesigner: true } });
    // A public version beside it: a game whose only version is owner-only is not published at all.
    await publishVersionOf(t.app, owner, game.gameId);
    const res = await startPlay(t.app, await newPlayer(), game.gameId, { versionId: game.versionId! });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      errorCode: 'NOT_AUTHORISED',
      message: 'Only the designers of this game may play this version',
    });
    expect((await startPlay(t.app, owner, game.gameId, { versionId: game.versionId! })).statusCode).toBe(201);
  });

  it('lets only the authorised players (and editors) play a game that lists them', async () => {
    const listed = await newPlayer();
    const game = await createPlayableGame(t.app, owner, {
      settings: { restrictAccessToEmailsText: `someone@example.test\n${listed.user.email.toUpperCase()}` },
    });
    const other = await startPlay(t.app, await newPlayer(), game.gameId);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({
      errorCode: 'NOT_AUTHORISED',
      message: 'You are not allowed to play this game',
    });
    expect((await startPlay(t.app, listed, game.gameId)).statusCode).toBe(201);
    expect((await startPlay(t.app, owner, game.gameId)).statusCode).toBe(201);
  });

  it('binds a player to their first device when the game says so (409 OTHER_DEVICE)', async () => {
    const game = await createPlayableGame(t.app, owner, { settings: { enforceSingleDevice: true } });
    const player = await newPlayer();
    const first = await startPlay(t.app, player, game.gameId, {}, 'phone-a');
    expect(first.statusCode).toBe(201);
    const other = await startPlay(t.app, player, game.gameId, {}, 'phone-b');
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ errorCode: 'OTHER_DEVICE' });
    const event = await sendEvent(t.app, player, first.json().instanceId, { type: 'pause' }, 'phone-b');
    expect(event.statusCode).toBe(409);
    const same = await sendEvent(t.app, player, first.json().instanceId, { type: 'pause' }, 'phone-a');
    expect(same.statusCode).toBe(200);
    expect((await startPlay(t.app, player, game.gameId, {}, 'phone-a')).statusCode).toBe(200);
  });

  it('does not bind devices when the game does not ask for it', async () => {
    const game = await createPlayableGame(t.app, owner);
    const player = await newPlayer();
    const first = await startPlay(t.app, player, game.gameId, {}, 'phone-a');
    const event = await sendEvent(t.app, player, first.json().instanceId, { type: 'pause' }, 'phone-b');
    expect(event.statusCode).toBe(200);
  });
});
