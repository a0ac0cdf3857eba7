import { existsSync, readdirSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_MESSAGES, MEDIA_LIMITS, MEDIA_MESSAGES, type Media } from '@loci/domain';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import {
  createGame,
  createMedia,
  jpegBytes,
  multipartBody,
  pngBytes,
  wavBytes,
  workingVersionOf,
  type UploadPart,
} from '../../test/game-factories.js';
import { createEntity, designValues } from '../../test/design-factories.js';
import { mediaCacheDir, mediaFilePath } from './storage.js';

describe('media', () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx, { role: 'designer', name: 'Mia Media' });
    other = await createUser(t.app.ctx, { role: 'designer' });
  });
  afterAll(() => t.close());

  async function upload(gameId: string, parts: UploadPart[], user = owner, language?: string) {
    const body = await multipartBody(parts);
    return t.app.inject({
      method: 'POST',
      url: `/api/design/${gameId}/medias`,
      headers: { ...user.headers, ...body.headers, ...(language ? { 'accept-language': language } : {}) },
      payload: body.payload,
    });
  }

  describe('#media.upload', () => {
    it('says why a file is refused in the caller’s language', async () => {
      const game = await createGame(t.app.ctx, owner);
      const big = await sharp({ create: { width: 1200, height: 1200, channels: 3, background: '#808080' } })
        .png({ compressionLevel: 0 })
        .toBuffer();
      const res = await upload(
        game.row.id,
        [{ filename: 'huge.png', bytes: big, contentType: 'image/png' }],
        owner,
        'el',
      );
      expect(res.statusCode).toBe(413);
      expect((res.json() as { rejected: unknown[] }).rejected).toEqual([
        {
          file: 'huge.png',
          status: 413,
          message: `Το αρχείο huge.png (εικόνα) ξεπερνά τα ${MEDIA_LIMITS.image / 1_000_000} MB που επιτρέπονται`,
        },
      ]);
    });

    it('saves several files, skips the one over its limit with 413, and touches the working version', async () => {
      const game = await createGame(t.app.ctx, owner);
      t.clock.advance(60_000);
      const big = await sharp({ create: { width: 1200, height: 1200, channels: 3, background: '#808080' } })
        .png({ compressionLevel: 0 })
        .toBuffer();
      expect(big.length).toBeGreaterThan(MEDIA_LIMITS.image);
      const res = await upload(game.row.id, [
        { filename: 'red.png', bytes: await pngBytes(), contentType: 'image/png' },
        { filename: 'huge.png', bytes: big, contentType: 'image/png' },
        { filename: 'photo.jpg', bytes: await jpegBytes({ width: 64, height: 32 }) },
        { filename: 'sound.wav', bytes: wavBytes(2000), contentType: 'audio/wav' },
      ]);
      expect(res.statusCode).toBe(201);
      const body = res.json() as { saved: Media[]; rejected: unknown[] };
      expect(body.rejected).toEqual([
        { file: 'huge.png', status: 413, message: MEDIA_MESSAGES.tooLarge('image', 'huge.png', MEDIA_LIMITS.image) },
      ]);
      expect(body.saved.map((m) => [m.orig_filename, m.mimetype, m.width, m.height])).toEqual([
        ['red.png', 'image/png', 50, 40],
        ['photo.jpg', 'image/jpeg', 64, 32],
        ['sound.wav', 'audio/wav', null, null],
      ]);
      const [red] = body.saved;
      expect(red).toMatchObject({
        gameId: game.row.id,
        title: 'red',
        description: '',
        size: (await pngBytes()).length,
      });
      expect(red!.storagepath).toBe(`/api/design/medias/file/${red!.id}`);
      // Only the saved files are on disk, under server-made names.
      // (and the logo made for the new game from its title)
      const stored = readdirSync(`${t.config.dataDir}/media/${game.row.id}`).sort();
      expect(stored).toEqual(
        [
          ...body.saved.map((m) => `${m.id}.${m.mimetype === 'image/jpeg' ? 'jpg' : m.mimetype.split('/')[1]}`),
          `${game.row.settings.logoId}.png`,
        ].sort(),
      );
      expect((await workingVersionOf(t.app.ctx, game.row.id)).updatedAt.toISOString()).toBe(t.clock.now.toISOString());
    });

    it('judges files by their bytes, not their names or claimed types', async () => {
      const game = await createGame(t.app.ctx, owner);
      const res = await upload(game.row.id, [
        {
          filename: 'x.png',
          bytes: Buffer.from('just some text, not an image at all\n'.repeat(20)),
          contentType: 'image/png',
        },
        { filename: 'x.mp3', bytes: await pngBytes(), contentType: 'audio/mpeg' },
        { filename: '../../../etc/evil.png', bytes: await pngBytes(), contentType: 'image/png' },
      ]);
      expect(res.statusCode).toBe(201);
      const body = res.json() as { saved: Media[]; rejected: unknown[] };
      expect(body.rejected).toEqual([{ file: 'x.png', status: 415, message: MEDIA_MESSAGES.notAccepted('x.png') }]);
      expect(body.saved.map((m) => [m.orig_filename, m.mimetype])).toEqual([
        ['x.mp3', 'image/png'],
        ['evil.png', 'image/png'],
      ]);
      expect(existsSync(`${t.config.dataDir}/etc`)).toBe(false);
    });

    it('answers the status of the first rejection when nothing is saved', async () => {
      const game = await createGame(t.app.ctx, owner);
      const res = await upload(game.row.id, [
        { filename: 'notes.txt', bytes: Buffer.from('hello') },
        { filename: 'empty.png', bytes: Buffer.alloc(0) },
      ]);
      expect(res.statusCode).toBe(415);
      expect(res.json().saved).toEqual([]);
      expect(res.json().rejected.map((r: { status: number }) => r.status)).toEqual([415, 415]);
      const none = await t.app.inject({
        method: 'GET',
        url: `/api/design/${game.row.id}/medias`,
        headers: owner.headers,
      });
      // Only the logo made for the new game.
      expect(none.json().map((m: Media) => m.id)).toEqual([game.row.settings.logoId]);
    });

    it('answers 400 without files or without a multipart body', async () => {
      const game = await createGame(t.app.ctx, owner);
      const form = new FormData();
      form.append('title', 'no file here');
      const response = new Response(form);
      const noFile = await t.app.inject({
        method: 'POST',
        url: `/api/design/${game.row.id}/medias`,
        headers: { ...owner.headers, 'content-type': response.headers.get('content-type')! },
        payload: Buffer.from(await response.arrayBuffer()),
      });
      expect(noFile.statusCode).toBe(400);
      expect(noFile.json().message).toBe('No file was uploaded');
      const json = await t.app.inject({
        method: 'POST',
        url: `/api/design/${game.row.id}/medias`,
        headers: owner.headers,
        payload: { a: 1 },
      });
      expect(json.statusCode).toBe(400);
      // A file cut short (the connection dropped mid-upload), or a body of another boundary: 400, never 500.
      const body = await multipartBody([{ filename: 'red.png', bytes: await pngBytes(), contentType: 'image/png' }]);
      for (const payload of [body.payload.subarray(0, body.payload.length - 60), Buffer.from('--other\r\n')]) {
        const cut = await t.app.inject({
          method: 'POST',
          url: `/api/design/${game.row.id}/medias`,
          headers: { ...owner.headers, ...body.headers },
          payload,
        });
        expect(cut.statusCode).toBe(400);
        expect(cut.json().errors).toEqual({ file: 'The multipart body could not be read' });
      }
    });

    it('needs the edit right and an unarchived game', async () => {
      const game = await createGame(t.app.ctx, owner, { publicAccess: 'view' });
      expect((await upload(game.row.id, [{ filename: 'a.png', bytes: await pngBytes() }], other)).statusCode).toBe(403);
      await t.app.inject({ method: 'POST', url: `/api/design/games/${game.row.id}/archive`, headers: owner.headers });
      const archived = await upload(game.row.id, [{ filename: 'a.png', bytes: await pngBytes() }]);
      expect(archived.statusCode).toBe(409);
      expect(archived.json().message).toBe('This game has been archived.');
    });
  });

  describe('#media.list', () => {
    it('lists the media of a game, newest first', async () => {
      const game = await createGame(t.app.ctx, owner);
      t.clock.advance(1000);
      const first = await createMedia(t.app.ctx, game.row.id, { title: 'First' });
      t.clock.advance(1000);
      const second = await createMedia(t.app.ctx, game.row.id, { title: 'Second' });
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/design/${game.row.id}/medias`,
        headers: owner.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().map((m: Media) => m.id)).toEqual([second.id, first.id, game.row.settings.logoId]);
      expect(res.body).not.toContain(t.config.dataDir);
    });
  });

  describe('#media.update', () => {
    it('saves title and description and touches the working version', async () => {
      const game = await createGame(t.app.ctx, owner);
      const item = await createMedia(t.app.ctx, game.row.id);
      t.clock.advance(5000);
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/design/${game.row.id}/medias/${item.id}`,
        headers: owner.headers,
        payload: { title: ' Sunset ', description: 'Over the bay' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: item.id, title: 'Sunset', description: 'Over the bay' });
      expect((await workingVersionOf(t.app.ctx, game.row.id)).updatedAt.toISOString()).toBe(t.clock.now.toISOString());
    });

    it('answers 400 "You must enter a title" without a title', async () => {
      const game = await createGame(t.app.ctx, owner);
      const item = await createMedia(t.app.ctx, game.row.id);
      for (const payload of [{ title: '' }, { title: '   ' }, { description: 'no title' }]) {
        const res = await t.app.inject({
          method: 'PATCH',
          url: `/api/design/${game.row.id}/medias/${item.id}`,
          headers: owner.headers,
          payload,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toEqual({ title: 'You must enter a title' });
      }
    });

    it('answers 404 for a medium of another game and 409 while another user holds the game lock', async () => {
      const game = await createGame(t.app.ctx, owner, { additionalDesignersEmailsText: other.user.email });
      const stranger = await createGame(t.app.ctx, owner);
      const foreign = await createMedia(t.app.ctx, stranger.row.id);
      const item = await createMedia(t.app.ctx, game.row.id);
      const patch = (id: string) =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/design/${game.row.id}/medias/${id}`,
          headers: owner.headers,
          payload: { title: 'T' },
        });
      expect((await patch(foreign.id)).statusCode).toBe(404);
      await t.app.inject({
        method: 'POST',
        url: '/api/design/cc',
        headers: other.headers,
        payload: { kind: 'game', id: game.row.id },
      });
      const locked = await patch(item.id);
      expect(locked.statusCode).toBe(409);
      expect(locked.json().message).toBe(LOCK_MESSAGES.heldByOther);
    });
  });

  describe('#media.delete', () => {
    it('removes the row, the file and its thumbnails, and touches the working version', async () => {
      const game = await createGame(t.app.ctx, owner);
      const item = await createMedia(t.app.ctx, game.row.id);
      await t.app.inject({ method: 'GET', url: `/api/design/medias/thumb/${item.id}` });
      expect(readdirSync(mediaCacheDir(t.config)).some((name) => name.startsWith(item.id))).toBe(true);
      t.clock.advance(7000);
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/design/${game.row.id}/medias/${item.id}`,
        headers: owner.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(existsSync(mediaFilePath(t.config, game.row.id, item.storageName))).toBe(false);
      expect(readdirSync(mediaCacheDir(t.config)).some((name) => name.startsWith(item.id))).toBe(false);
      expect((await workingVersionOf(t.app.ctx, game.row.id)).updatedAt.toISOString()).toBe(t.clock.now.toISOString());
      expect((await t.app.inject({ method: 'GET', url: `/api/design/medias/file/${item.id}` })).statusCode).toBe(404);
      const again = await t.app.inject({
        method: 'DELETE',
        url: `/api/design/${game.row.id}/medias/${item.id}`,
        headers: owner.headers,
      });
      expect(again.statusCode).toBe(404);
    });

    it('refuses with 409 and the list of its users while the game or a design entity uses it', async () => {
      const game = await createGame(t.app.ctx, owner, { title: 'Lost Key' });
      const logo = await createMedia(t.app.ctx, game.row.id);
      const avatar = await createMedia(t.app.ctx, game.row.id);
      const picture = await createMedia(t.app.ctx, game.row.id);
      const patched = await t.app.inject({
        method: 'PATCH',
        url: `/api/design/games/${game.row.id}`,
        headers: owner.headers,
        payload: { ...game.row.settings, logoId: logo.id },
      });
      expect(patched.statusCode).toBe(200);
      await createEntity(
        t.app,
        owner,
        game.row.id,
        'character',
        designValues('character', { mediaId: avatar.id }, { name: 'Mia' }),
      );
      await createEntity(
        t.app,
        owner,
        game.row.id,
        'interaction',
        designValues('interaction', {}, { name: 'Pier', mediaId: picture.id }),
      );
      const remove = (id: string) =>
        t.app.inject({ method: 'DELETE', url: `/api/design/${game.row.id}/medias/${id}`, headers: owner.headers });
      const refusals = await Promise.all([logo, avatar, picture].map((item) => remove(item.id)));
      expect(refusals.map((res) => [res.statusCode, res.json().message])).toEqual([
        [409, 'Used by game "Lost Key"'],
        [409, 'Used by character "Mia"'],
        [409, 'Used by interaction "Pier"'],
      ]);
      // Nothing went: the files are still served.
      for (const item of [logo, avatar, picture]) {
        expect((await t.app.inject({ method: 'GET', url: `/api/design/medias/file/${item.id}` })).statusCode).toBe(200);
      }
    });

    it('needs the edit right', async () => {
      const game = await createGame(t.app.ctx, owner, { publicAccess: 'clone' });
      const item = await createMedia(t.app.ctx, game.row.id);
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/design/${game.row.id}/medias/${item.id}`,
        headers: other.headers,
      });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('#media.files', () => {
    it('serves the original at its storagepath, without a token, with its type, ETag and ranges', async () => {
      const game = await createGame(t.app.ctx, owner);
      const bytes = await pngBytes();
      const res = await upload(game.row.id, [{ filename: 'logo.png', bytes }]);
      const [item] = res.json().saved as Media[];
      const file = await t.app.inject({ method: 'GET', url: item!.storagepath });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['cache-control']).toMatch(/max-age=/);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.rawPayload.equals(bytes)).toBe(true);
      const etag = file.headers.etag as string;
      expect(etag).toBeTruthy();
      const cached = await t.app.inject({ method: 'GET', url: item!.storagepath, headers: { 'if-none-match': etag } });
      expect(cached.statusCode).toBe(304);
      const range = await t.app.inject({ method: 'GET', url: item!.storagepath, headers: { range: 'bytes=0-7' } });
      expect(range.statusCode).toBe(206);
      expect(range.rawPayload.equals(bytes.subarray(0, 8))).toBe(true);
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/design/medias/file/${crypto.randomUUID()}` })).statusCode,
      ).toBe(404);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/design/medias/file/..%2F..%2Fjwt-secret' })).statusCode,
      ).toBe(404);
    });
  });

  describe('#media.thumbnails', () => {
    it('makes square thumbnails by default (width 100), cached, with ETag', async () => {
      const game = await createGame(t.app.ctx, owner);
      const item = await createMedia(t.app.ctx, game.row.id, { bytes: await pngBytes({ width: 50, height: 40 }) });
      const res = await t.app.inject({ method: 'GET', url: `/api/design/${game.row.id}/medias/thumb/${item.id}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toMatch(/max-age=/);
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([100, 100]);
      expect(readdirSync(mediaCacheDir(t.config))).toContain(`${item.id}-w100-sq.png`);
      const cached = await t.app.inject({
        method: 'GET',
        url: `/api/design/${game.row.id}/medias/thumb/${item.id}`,
        headers: { 'if-none-match': res.headers.etag as string },
      });
      expect(cached.statusCode).toBe(304);
    });

    it('keeps the aspect ratio when square=0, snaps the width to a fixed one, and answers JPEG for JPEG', async () => {
      const game = await createGame(t.app.ctx, owner);
      const uploaded = await upload(game.row.id, [
        { filename: 'wide.jpg', bytes: await jpegBytes({ width: 400, height: 100 }) },
      ]);
      const [item] = uploaded.json().saved as Media[];
      const wide = await t.app.inject({
        method: 'GET',
        url: `/api/design/medias/thumb/${item!.id}?width=300&square=0`,
      });
      expect(wide.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(wide.rawPayload).metadata();
      expect([meta.width, meta.height, meta.format]).toEqual([300, 75, 'jpeg']);
      const tiny = await sharp(
        (await t.app.inject({ method: 'GET', url: `/api/design/medias/thumb/${item!.id}?width=1` })).rawPayload,
      ).metadata();
      expect([tiny.width, tiny.height]).toEqual([32, 32]);
      const huge = await sharp(
        (await t.app.inject({ method: 'GET', url: `/api/design/medias/thumb/${item!.id}?width=99999&square=0` }))
          .rawPayload,
      ).metadata();
      expect(huge.width).toBe(2048);
    });

    it('answers 404 when the original file is gone', async () => {
      const game = await createGame(t.app.ctx, owner);
      const item = await createMedia(t.app.ctx, game.row.id);
      await rm(mediaFilePath(t.config, game.row.id, item.storageName));
      expect((await t.app.inject({ method: 'GET', url: `/api/design/medias/thumb/${item.id}` })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `/api/design/medias/file/${item.id}` })).statusCode).toBe(404);
    });

    it('answers a placeholder PNG for audio, and 404 for a medium of another game', async () => {
      const game = await createGame(t.app.ctx, owner);
      const stranger = await createGame(t.app.ctx, owner);
      const uploaded = await upload(game.row.id, [{ filename: 'beep.wav', bytes: wavBytes(500) }]);
      const [item] = uploaded.json().saved as Media[];
      const res = await t.app.inject({ method: 'GET', url: `/api/design/medias/thumb/${item!.id}?width=64` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([64, 64]);
      const wrongGame = await t.app.inject({
        method: 'GET',
        url: `/api/design/${stranger.row.id}/medias/thumb/${item!.id}`,
      });
      expect(wrongGame.statusCode).toBe(404);
      // The original audio is served as audio.
      const original = await t.app.inject({ method: 'GET', url: item!.storagepath });
      expect(original.headers['content-type']).toBe('audio/wav');
      expect(original.rawPayload.equals(await readFile(mediaFilePath(t.config, game.row.id, `${item!.id}.wav`)))).toBe(
        true,
      );
    });
  });
});
