import { existsSync } from 'node:fs';
import sharp from 'sharp';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FORM_ERROR_MESSAGE,
  GAME_MESSAGES,
  GAME_OPERATION_MESSAGES,
  GAME_TEXTS,
  LOCK_MESSAGES,
  newGameDefaults,
} from '@loci/domain';
import { gameAccess, games, gameVersions, media } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createGame, createMedia, gameFormValues, publishGame, workingVersionOf } from '../../test/game-factories.js';
import { createEntity, designValues } from '../../test/design-factories.js';
import { mediaFilePath } from '../media/storage.js';

describe('games', () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let player: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx, { role: 'designer', name: 'Olga Owner' });
    other = await createUser(t.app.ctx, { role: 'designer', name: 'Otto Other' });
    admin = await createUser(t.app.ctx, { role: 'admin', name: 'Ada Admin' });
    player = await createUser(t.app.ctx, { role: 'player', name: 'Pia Player' });
  });
  afterAll(() => t.close());

  const countGames = async () => (await t.app.ctx.db.select({ n: count() }).from(games))[0]!.n;
  const request = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user: TestUser | null, payload?: object) =>
    t.app.inject({ method, url, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });

  /** A game of `owner` with a logo, so that its settings can be saved (the edit form requires a logo). */
  async function gameWithLogo(overrides = {}) {
    const game = await createGame(t.app.ctx, owner, overrides);
    const logo = await createMedia(t.app.ctx, game.row.id, { title: 'Logo' });
    return { game, logo, values: { ...game.row.settings, logoId: logo.id } };
  }

  describe('#games.create', () => {
    it('creates the game with its working version and answers 201 with the full game and rights', async () => {
      const values = gameFormValues({ title: 'The Lost Key' });
      const res = await request('POST', '/api/design/games', owner, values);
      expect(res.statusCode).toBe(201);
      const game = res.json();
      expect(game).toMatchObject({
        title: 'The Lost Key',
        userId: { id: owner.user.id, name: 'Olga Owner' },
        publicVersionId: null,
        isArchived: false,
        additionalDesigners: [],
        rights: ['edit', 'view', 'clone', 'manage'],
        pg: { title: 'Neverland', place: { radius: 1000 } },
      });
      expect(GAME_TEXTS.gameCreated(game.title)).toBe('Game The Lost Key created');
      const versions = await t.app.ctx.db.select().from(gameVersions).where(eq(gameVersions.gameId, game.id));
      expect(versions).toHaveLength(1);
      expect(versions[0]).toMatchObject({ isLiveSpec: true, isArchived: false });
    });

    it('gives a game created without capabilities or showScenes the new game form’s defaults', async () => {
      const { capabilities: _capabilities, pg, ...values } = gameFormValues({ title: 'Sent by a script' });
      const { showScenes: _showScenes, ...pgWithoutShowScenes } = pg!;
      const res = await request('POST', '/api/design/games', owner, { ...values, pg: pgWithoutShowScenes });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        capabilities: newGameDefaults(new Date()).capabilities,
        pg: { showScenes: true },
      });
      // On an image the scenes are not shown, as the form has it.
      const onImage = await request('POST', '/api/design/games', owner, {
        ...values,
        pg: { ...pgWithoutShowScenes, type: 'image' },
      });
      expect(onImage.json()).toMatchObject({ pg: { showScenes: false } });
    });

    it('answers 400 with errors under their paths and saves nothing', async () => {
      const before = await countGames();
      const values = gameFormValues({
        title: '',
        pg: { ...gameFormValues().pg!, place: { lat: 35, lng: 24, radius: 0 } },
        minAge: 20,
        maxAge: 10,
      });
      const res = await request('POST', '/api/design/games', owner, values);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: FORM_ERROR_MESSAGE,
        errors: {
          title: GAME_MESSAGES.required,
          'pg.place.radius': GAME_MESSAGES.radiusRequired,
          maxAge: GAME_MESSAGES.maxAgeAboveMinAge,
        },
      });
      expect(await countGames()).toBe(before);
    });

    it('answers a field error for an email list with a bad line', async () => {
      const res = await request(
        'POST',
        '/api/design/games',
        owner,
        gameFormValues({ additionalDesignersEmailsText: 'good@example.test\nnot an email\n' }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ additionalDesignersEmailsText: GAME_MESSAGES.invalidEmail('not an email') });
    });

    it('refuses a logo that is not a media of the game', async () => {
      const res = await request('POST', '/api/design/games', owner, gameFormValues({ logoId: crypto.randomUUID() }));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ logoId: GAME_OPERATION_MESSAGES.unknownMedia });
    });

    it('is for designers and admins only', async () => {
      expect((await request('POST', '/api/design/games', player, gameFormValues())).statusCode).toBe(403);
      expect((await request('POST', '/api/design/games', null, gameFormValues())).statusCode).toBe(401);
      expect((await request('POST', '/api/design/games', admin, gameFormValues())).statusCode).toBe(201);
    });

    it('stores the email lists lower-cased, one row per address', async () => {
      const game = await createGame(t.app.ctx, owner, {
        additionalDesignersEmailsText: 'A@Example.test\n\na@example.test\nb@example.test',
        restrictAccessToEmailsText: 'p@example.test',
      });
      const rows = await t.app.ctx.db.select().from(gameAccess).where(eq(gameAccess.gameId, game.row.id));
      expect(rows.map((r) => `${r.kind}:${r.email}`).sort()).toEqual([
        'designer:a@example.test',
        'designer:b@example.test',
        'player:p@example.test',
      ]);
    });
  });

  describe('#games.get', () => {
    it('answers the game with the caller’s rights; only editors see the passcode and the email lists', async () => {
      const game = await createGame(t.app.ctx, owner, {
        publicAccess: 'view',
        playPassword: '123456',
        additionalDesignersEmailsText: 'someone@example.test',
      });
      const mine = (await request('GET', `/api/design/games/${game.row.id}`, owner)).json();
      expect(mine).toMatchObject({ playPassword: '123456', additionalDesignersEmailsText: 'someone@example.test' });
      const res = await request('GET', `/api/design/games/${game.row.id}`, other);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ rights: ['view'], playPassword: '', additionalDesignersEmailsText: '' });
    });

    it('answers 404 for an unknown or malformed id and 403 without the view right', async () => {
      const game = await createGame(t.app.ctx, owner);
      expect((await request('GET', `/api/design/games/${crypto.randomUUID()}`, owner)).json()).toEqual({
        message: GAME_TEXTS.gameNotFound,
        errorCode: 'NOT_FOUND',
      });
      expect((await request('GET', '/api/design/games/not-a-uuid', owner)).statusCode).toBe(404);
      expect((await request('GET', `/api/design/games/${game.row.id}`, other)).statusCode).toBe(403);
      expect((await request('GET', `/api/design/games/${game.row.id}`, null)).statusCode).toBe(401);
    });
  });

  describe('#games.update', () => {
    it('saves the settings, rebuilds the access lists and touches the working version', async () => {
      const { game, values } = await gameWithLogo();
      t.clock.advance(60_000);
      const res = await request('PATCH', `/api/design/games/${game.row.id}`, owner, {
        ...values,
        title: 'Renamed',
        additionalDesignersEmailsText: other.user.email.toUpperCase(),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ title: 'Renamed', additionalDesigners: [other.user.id] });
      expect(GAME_TEXTS.gameSaved(res.json().title)).toBe('Game Renamed saved');
      const working = await workingVersionOf(t.app.ctx, game.row.id);
      expect(working.updatedAt.toISOString()).toBe(t.clock.now.toISOString());
      // The new co-designer may now change it too.
      const again = await request('PATCH', `/api/design/games/${game.row.id}`, other, { ...values, title: 'By other' });
      expect(again.statusCode).toBe(200);
    });

    it('enters scenes by the script in a new game; a form without the setting keeps the stored one', async () => {
      const { sceneEntry: _omitted, ...withoutEntry } = gameFormValues({ title: 'Harbour Trail' });
      const created = await request('POST', '/api/design/games', owner, withoutEntry);
      expect(created.json()).toMatchObject({ sceneEntry: 'script' });
      const { game, values } = await gameWithLogo({ sceneEntry: 'walk' });
      const { sceneEntry: _stored, ...form } = values;
      const res = await request('PATCH', `/api/design/games/${game.row.id}`, owner, { ...form, title: 'Kept' });
      expect(res.json()).toMatchObject({ title: 'Kept', sceneEntry: 'walk' });
    });

    it('requires a logo when editing, and answers field errors', async () => {
      const game = await createGame(t.app.ctx, owner);
      const res = await request('PATCH', `/api/design/games/${game.row.id}`, owner, {
        ...game.row.settings,
        logoId: null,
        playPassword: '12',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ logoId: GAME_MESSAGES.required, playPassword: GAME_MESSAGES.passcodeLength });
    });

    it('gives a new game without a logo one made from its title, a medium of the game the designer may replace', async () => {
      const res = await request('POST', '/api/design/games', owner, {
        ...newGameDefaults(t.clock.now),
        title: 'Όλυμπος trail',
      });
      expect(res.statusCode).toBe(201);
      const { id, logoId } = res.json() as { id: string; logoId: string };
      expect(logoId).toEqual(expect.any(String));
      const file = await t.app.inject({
        method: 'GET',
        url: `/api/design/medias/file/${logoId}`,
        headers: owner.headers,
      });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      const image = sharp(file.rawPayload);
      expect(await image.metadata()).toMatchObject({ width: 256, height: 256 });
      // Its initial, white, on its colour: the centre is white, a corner's inside is not.
      const { data, info } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const pixel = (x: number, y: number) => [
        ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
      ];
      expect(pixel(20, 128)).not.toEqual([255, 255, 255]);
      // Saving the settings again needs no upload.
      const saved = await request('PATCH', `/api/design/games/${id}`, owner, {
        ...newGameDefaults(t.clock.now),
        title: 'Όλυμπος trail',
        logoId,
      });
      expect(saved.statusCode).toBe(200);
    });

    it('refuses a logo from another game', async () => {
      const { game, values } = await gameWithLogo();
      const stranger = await createGame(t.app.ctx, owner);
      const foreign = await createMedia(t.app.ctx, stranger.row.id);
      const res = await request('PATCH', `/api/design/games/${game.row.id}`, owner, { ...values, logoId: foreign.id });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ logoId: GAME_OPERATION_MESSAGES.unknownMedia });
    });

    it("takes the market's currency as an item of this game, required with the market on", async () => {
      const { game, values } = await gameWithLogo();
      const icon = await createMedia(t.app.ctx, game.row.id, { title: 'Coin' });
      const market = { ...values, market: true, currencyName: 'Drachma', currencyIcon: icon.id };
      const missing = await request('PATCH', `/api/design/games/${game.row.id}`, owner, market);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toEqual({ currencyItemId: GAME_MESSAGES.required });

      const stranger = await createGame(t.app.ctx, owner);
      const foreign = await createEntity(
        t.app,
        owner,
        stranger.row.id,
        'item',
        designValues('item', {}, { name: 'x' }),
      );
      const unknown = await request('PATCH', `/api/design/games/${game.row.id}`, owner, {
        ...market,
        currencyItemId: foreign.id,
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().errors).toEqual({ currencyItemId: GAME_OPERATION_MESSAGES.unknownCurrencyItem });

      const coin = await createEntity(t.app, owner, game.row.id, 'item', designValues('item', {}, { name: 'coin' }));
      const saved = await request('PATCH', `/api/design/games/${game.row.id}`, owner, {
        ...market,
        currencyItemId: coin.id,
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({ market: true, currencyItemId: coin.id });
    });

    it('refuses market settings sent while the market is off, with a field error for each', async () => {
      const { game, values } = await gameWithLogo();
      const icon = await createMedia(t.app.ctx, game.row.id, { title: 'Coin' });
      const coin = await createEntity(t.app, owner, game.row.id, 'item', designValues('item', {}, { name: 'coin' }));
      const res = await request('PATCH', `/api/design/games/${game.row.id}`, owner, {
        ...values,
        market: false,
        currencyName: 'Drachma',
        currencyIcon: icon.id,
        currencyItemId: coin.id,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({
        currencyName: GAME_MESSAGES.marketOff,
        currencyIcon: GAME_MESSAGES.marketOff,
        currencyItemId: GAME_MESSAGES.marketOff,
      });
      // A new game likewise; with the market's settings empty it is made.
      const created = await request('POST', '/api/design/games', owner, {
        ...gameFormValues(),
        market: false,
        currencyName: 'Drachma',
      });
      expect(created.statusCode).toBe(400);
      expect(created.json().errors).toEqual({ currencyName: GAME_MESSAGES.marketOff });
      expect((await request('POST', '/api/design/games', owner, gameFormValues())).statusCode).toBe(201);
    });

    it('answers 403 without the edit right', async () => {
      const { game, values } = await gameWithLogo({ publicAccess: 'clone' });
      expect((await request('PATCH', `/api/design/games/${game.row.id}`, other, values)).statusCode).toBe(403);
    });

    it('answers 409 while another user holds the game lock', async () => {
      const { game, values } = await gameWithLogo({ additionalDesignersEmailsText: other.user.email });
      const lock = await request('POST', '/api/design/cc', other, { kind: 'game', id: game.row.id, duration: 480 });
      expect(lock.statusCode).toBe(200);
      const res = await request('PATCH', `/api/design/games/${game.row.id}`, owner, values);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        message: LOCK_MESSAGES.heldByOther,
        holder: { id: other.user.id, name: 'Otto Other' },
      });
      // The holder itself may save.
      expect((await request('PATCH', `/api/design/games/${game.row.id}`, other, values)).statusCode).toBe(200);
      // Once the lock expires, anyone with the edit right may.
      t.clock.advance(481_000);
      expect((await request('PATCH', `/api/design/games/${game.row.id}`, owner, values)).statusCode).toBe(200);
    });
  });

  describe('#games.delete', () => {
    it('refuses a published game, then deletes it with its versions, media rows and files once unpublished', async () => {
      const { game, logo } = await gameWithLogo();
      await publishGame(t.app.ctx, game.row.id);
      const refused = await request('DELETE', `/api/design/games/${game.row.id}`, owner);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('Unpublish the game before deleting it');

      expect((await request('POST', `/api/design/games/${game.row.id}/unpublish`, owner)).statusCode).toBe(200);
      const file = mediaFilePath(t.config, game.row.id, logo.storageName);
      expect(existsSync(file)).toBe(true);
      const res = await request('DELETE', `/api/design/games/${game.row.id}`, owner);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
      expect((await request('GET', `/api/design/games/${game.row.id}`, owner)).statusCode).toBe(404);
      expect(await t.app.ctx.db.select().from(gameVersions).where(eq(gameVersions.gameId, game.row.id))).toEqual([]);
      expect(await t.app.ctx.db.select().from(media).where(eq(media.gameId, game.row.id))).toEqual([]);
      expect(existsSync(file)).toBe(false);
    });

    it('needs the manage right', async () => {
      const game = await createGame(t.app.ctx, owner, { publicAccess: 'clone' });
      expect((await request('DELETE', `/api/design/games/${game.row.id}`, other)).statusCode).toBe(403);
      expect((await request('DELETE', `/api/design/games/${game.row.id}`, admin)).statusCode).toBe(200);
    });
  });

  describe('#games.unpublish', () => {
    it('clears the public version, and answers 409 when not published', async () => {
      const game = await createGame(t.app.ctx, owner);
      const first = await request('POST', `/api/design/games/${game.row.id}/unpublish`, owner);
      expect(first.statusCode).toBe(409);
      expect(first.json().message).toBe(GAME_OPERATION_MESSAGES.notPublished);
      const versionId = await publishGame(t.app.ctx, game.row.id);
      expect((await request('GET', `/api/design/games/${game.row.id}`, owner)).json().publicVersionId).toBe(versionId);
      const res = await request('POST', `/api/design/games/${game.row.id}/unpublish`, owner);
      expect(res.statusCode).toBe(200);
      expect(res.json().publicVersionId).toBeNull();
    });
  });

  describe('#games.archive', () => {
    it('archives for good; afterwards design changes answer 409', async () => {
      const { game, values } = await gameWithLogo();
      const res = await request('POST', `/api/design/games/${game.row.id}/archive`, owner);
      expect(res.statusCode).toBe(200);
      expect(res.json().isArchived).toBe(true);
      const again = await request('POST', `/api/design/games/${game.row.id}/archive`, owner);
      expect(again.statusCode).toBe(409);
      const patch = await request('PATCH', `/api/design/games/${game.row.id}`, owner, values);
      expect(patch.statusCode).toBe(409);
      expect(patch.json().message).toBe('This game has been archived.');
      const mediaPatch = await request('PATCH', `/api/design/${game.row.id}/medias/${values.logoId}`, owner, {
        title: 'x',
      });
      expect(mediaPatch.statusCode).toBe(409);
      // Reading still works.
      expect((await request('GET', `/api/design/games/${game.row.id}`, owner)).statusCode).toBe(200);
    });

    it('needs the manage right', async () => {
      const game = await createGame(t.app.ctx, owner, { publicAccess: 'view' });
      expect((await request('POST', `/api/design/games/${game.row.id}/archive`, other)).statusCode).toBe(403);
    });
  });

  describe('#games.clone', () => {
    it('copies settings, the working spec and the media (rows and files) to the caller, but not the access lists', async () => {
      const { game, logo, values } = await gameWithLogo({
        publicAccess: 'clone',
        additionalDesignersEmailsText: 'friend@example.test',
        description: '<p>The original</p>',
      });
      await request('PATCH', `/api/design/games/${game.row.id}`, owner, values);
      await t.app.ctx.db
        .update(gameVersions)
        .set({ spec: { scenes: [{ id: 's1', logoId: logo.id }] } })
        .where(eq(gameVersions.gameId, game.row.id));

      const res = await request('POST', `/api/design/games/${game.row.id}/clone`, other);
      expect(res.statusCode).toBe(201);
      const copy = res.json();
      expect(copy).toMatchObject({
        title: `Copy of ${game.row.title}`,
        description: '<p>The original</p>',
        userId: { id: other.user.id, name: 'Otto Other' },
        publicAccess: 'no',
        additionalDesignersEmailsText: '',
        additionalDesigners: [],
        publicVersionId: null,
        rights: ['edit', 'view', 'clone', 'manage'],
      });
      expect(copy.id).not.toBe(game.row.id);

      const copiedMedia = await t.app.ctx.db.select().from(media).where(eq(media.gameId, copy.id));
      // The uploaded logo, and the one made for the new game from its title.
      expect(copiedMedia.map((row) => row.title).sort()).toEqual(['Generated logo', 'Logo']);
      const copied = copiedMedia.find((row) => row.title === 'Logo');
      expect(copied).toMatchObject({ title: 'Logo', mimetype: 'image/png', size: logo.size });
      expect(copied!.id).not.toBe(logo.id);
      expect(copy.logoId).toBe(copied!.id);
      expect(existsSync(mediaFilePath(t.config, copy.id, copied!.storageName))).toBe(true);
      expect(existsSync(mediaFilePath(t.config, game.row.id, logo.storageName))).toBe(true);
      const working = await workingVersionOf(t.app.ctx, copy.id);
      expect(working.spec).toEqual({ scenes: [{ id: 's1', logoId: copied!.id }] });
    });

    it('starts a clone by someone without the edit right with no passcode and no access emails', async () => {
      const game = await createGame(t.app.ctx, owner, {
        publicAccess: 'clone',
        playPassword: '482913',
        restrictAccessToEmailsText: 'pupil@example.test',
        additionalDesignerOnlyAccessEmailsText: 'tester@example.test',
      });
      await t.app.ctx.db
        .update(gameVersions)
        .set({
          spec: { game: { title: 'Spec', playPassword: '482913', restrictAccessToEmailsText: 'pupil@example.test' } },
        })
        .where(eq(gameVersions.gameId, game.row.id));
      const settingsOf = async (id: string) =>
        (await t.app.ctx.db.select().from(games).where(eq(games.id, id)))[0]!.settings;

      const byViewer = (await request('POST', `/api/design/games/${game.row.id}/clone`, other)).json();
      expect(await settingsOf(byViewer.id)).toMatchObject({
        playPassword: '',
        restrictAccessToEmailsText: '',
        additionalDesignerOnlyAccessEmailsText: '',
      });
      expect((await workingVersionOf(t.app.ctx, byViewer.id)).spec).toEqual({
        game: expect.objectContaining({ title: 'Spec', playPassword: '', restrictAccessToEmailsText: '' }),
      });
      // The owner's own copy keeps the passcode they know.
      const byOwner = (await request('POST', `/api/design/games/${game.row.id}/clone`, owner)).json();
      expect(await settingsOf(byOwner.id)).toMatchObject({ playPassword: '482913', restrictAccessToEmailsText: '' });
    });

    it('needs the clone right', async () => {
      const game = await createGame(t.app.ctx, owner, { publicAccess: 'view' });
      expect((await request('POST', `/api/design/games/${game.row.id}/clone`, other)).statusCode).toBe(403);
    });
  });

  describe('#games.dashboardCounts', () => {
    it('counts unarchived games and published games on the admin dashboard', async () => {
      const fresh = await createTestApp();
      try {
        const boss = await createUser(fresh.app.ctx, { role: 'admin' });
        const published = await createGame(fresh.app.ctx, boss);
        await publishGame(fresh.app.ctx, published.row.id);
        await createGame(fresh.app.ctx, boss);
        const archived = await createGame(fresh.app.ctx, boss);
        await fresh.app.inject({
          method: 'POST',
          url: `/api/design/games/${archived.row.id}/archive`,
          headers: boss.headers,
        });
        const res = await fresh.app.inject({ method: 'GET', url: '/api/admin/dashboard-stats', headers: boss.headers });
        expect(res.json()).toMatchObject({ games: 2, publishedGames: 1 });
      } finally {
        await fresh.close();
      }
    });
  });

  describe('#games.ownerDeleted', () => {
    it('keeps the game of a deleted account for its co-designers, with a "Deleted user" owner', async () => {
      const leaving = await createUser(t.app.ctx, { role: 'designer', name: 'Leaving' });
      const game = await createGame(t.app.ctx, leaving, { additionalDesignersEmailsText: other.user.email });
      const res = await request('DELETE', '/api/users/account', leaving);
      expect(res.statusCode).toBe(200);
      const seen = await request('GET', `/api/design/games/${game.row.id}`, other);
      expect(seen.statusCode).toBe(200);
      expect(seen.json()).toMatchObject({
        userId: { id: '', name: 'Deleted user' },
        rights: ['edit', 'view', 'clone', 'manage'],
      });
    });
  });
});
