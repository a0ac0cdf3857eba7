import { readdirSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_MAX_PIXELS, MEDIA_MESSAGES, PROFILE_MESSAGES, THUMB_WIDTHS } from '@loci/domain';
import { createTestApp, type TestApp } from '../../test/app.js';
import { exportedBundleFiles, importBundleFiles } from '../../test/bundle-factories.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createGame, createMedia, multipartBody, pngBytes } from '../../test/game-factories.js';
import { createPlayableGame, startedInstance } from '../../test/play-factories.js';
import { mediaCacheDir } from './storage.js';

/** Pixel bombs (docs/security.md "Media"): small files of huge pictures are refused wherever images come in. */
describe('image pixel limit', () => {
  let t: TestApp;
  let owner: TestUser;
  /** 6,000 × 5,000 pixels (30 megapixels) of one colour: about 100 kB. */
  let bomb: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx, { role: 'designer' });
    bomb = await sharp({ create: { width: 6000, height: 5000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(6000 * 5000).toBeGreaterThan(MEDIA_MAX_PIXELS);
  });
  afterAll(async () => t.close());

  async function post(url: string, user: TestUser, filename: string, bytes: Buffer, field = 'files') {
    const body = await multipartBody([{ filename, bytes, field }]);
    return t.app.inject({ method: 'POST', url, headers: { ...user.headers, ...body.headers }, payload: body.payload });
  }

  it('refuses it in the media library (413, saying the limit) and keeps the others of the upload', async () => {
    const game = await createGame(t.app.ctx, owner);
    const body = await multipartBody([
      { filename: 'bomb.png', bytes: bomb },
      { filename: 'fine.png', bytes: await pngBytes({ width: 2000, height: 1000 }) },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/design/${game.row.id}/medias`,
      headers: { ...owner.headers, ...body.headers },
      payload: body.payload,
    });
    const answer = res.json() as { saved: Array<{ orig_filename: string }>; rejected: unknown[] };
    expect(answer.rejected).toEqual([
      { file: 'bomb.png', status: 413, message: MEDIA_MESSAGES.tooManyPixels('bomb.png') },
    ]);
    expect(answer.saved.map((saved) => saved.orig_filename)).toEqual(['fine.png']);
  });

  it('refuses it from a player (413)', async () => {
    const game = await createPlayableGame(t.app, owner);
    const player = await createUser(t.app.ctx);
    const { instanceId } = await startedInstance(t.app, player, game.gameId);
    const res = await post(`/api/play/instances/${instanceId}/media`, player, 'bomb.png', bomb, 'file');
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(MEDIA_MESSAGES.tooManyPixels('bomb.png'));
  });

  it('refuses it as an account photo (413)', async () => {
    const player = await createUser(t.app.ctx);
    const res = await post('/api/users/account/photo', player, 'me.png', bomb, 'file');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ errors: { file: PROFILE_MESSAGES.photoTooManyPixels } });
  });

  it('refuses a bundle that holds one (400, saying the limit)', async () => {
    const game = await createGame(t.app.ctx, owner);
    await createMedia(t.app.ctx, game.row.id);
    const files = await exportedBundleFiles(t.app, owner, game.row.id);
    const name = Object.keys(files).find((file) => file.startsWith('media/'))!;
    files[name] = new Uint8Array(bomb);
    const res = await importBundleFiles(t.app, owner, files);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MEDIA_MESSAGES.tooManyPixels(name.replace(/^media\//, '')));
  });

  it('makes thumbnails only in the fixed widths, each once, and never of a planted bomb', async () => {
    const game = await createGame(t.app.ctx, owner);
    const medium = await createMedia(t.app.ctx, game.row.id, { bytes: await pngBytes({ width: 1000, height: 800 }) });
    const widths: number[] = [];
    for (const asked of [33, 40, 57, 64, 3000]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/design/medias/thumb/${medium.id}?width=${asked}&square=1`,
      });
      expect(res.statusCode).toBe(200);
      widths.push((await sharp(res.rawPayload).metadata()).width!);
    }
    expect(widths).toEqual([64, 64, 64, 64, THUMB_WIDTHS.at(-1)]);
    const made = readdirSync(mediaCacheDir(t.app.ctx.config)).filter((file) => file.startsWith(medium.id));
    expect(made.sort()).toEqual([`${medium.id}-w2048-sq.png`, `${medium.id}-w64-sq.png`]);

    // A bomb stored before the limit (or by hand) is never decoded: no thumbnail.
    const planted = await createMedia(t.app.ctx, game.row.id, { bytes: bomb, width: 6000, height: 5000 });
    const res = await t.app.inject({ method: 'GET', url: `/api/design/medias/thumb/${planted.id}?width=100` });
    expect(res.statusCode).toBe(404);
  });
});
