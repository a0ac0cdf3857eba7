import { existsSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PHOTO_MAX_BYTES, ACCOUNT_PHOTO_SIZE, PLAY_MESSAGES, PROFILE_MESSAGES } from '@loci/domain';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { jpegBytes, multipartBody, pngBytes, type UploadPart } from '../../test/game-factories.js';
import { createPlayableGame, startPlay } from '../../test/play-factories.js';
import { accountPhotoDir } from './account-photo.js';

/** The account photo (docs/accounts.md "Photo") and the games that require one (docs/play.md "Who may play"). */
describe('account photo', () => {
  let t: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx, { role: 'designer' });
  });
  afterAll(async () => t.close());

  async function upload(user: TestUser | null, parts: UploadPart[]) {
    const body = await multipartBody(parts);
    return t.app.inject({
      method: 'POST',
      url: '/api/users/account/photo',
      headers: { ...(user?.headers ?? {}), ...body.headers },
      payload: body.payload,
    });
  }
  const photoFile = (uri: string) => t.app.inject({ method: 'GET', url: uri });

  it('stores a photo re-encoded as an upright square JPEG without metadata, replaces and removes it', async () => {
    const player = await createUser(t.app.ctx);
    // A wide PNG that claims to be a GIF: the bytes decide.
    const sent = await upload(player, [
      { filename: 'me.png', bytes: await pngBytes({ width: 900, height: 600 }), contentType: 'image/gif' },
    ]);
    expect(sent.statusCode).toBe(200);
    const first = sent.json().user.photoUri as string;
    expect(first).toMatch(/^\/api\/users\/photos\/[0-9a-f-]{36}$/);
    const file = await photoFile(first);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual([
      'jpeg',
      ACCOUNT_PHOTO_SIZE,
      ACCOUNT_PHOTO_SIZE,
      undefined,
    ]);
    const account = await t.app.inject({ method: 'GET', url: '/api/users/account', headers: player.headers });
    expect(account.json().user.photoUri).toBe(first);

    // A new photo replaces the old one, whose URL no longer answers.
    const again = await upload(player, [{ filename: 'me.jpg', bytes: await jpegBytes({ width: 300, height: 800 }) }]);
    const second = again.json().user.photoUri as string;
    expect(second).not.toBe(first);
    expect((await photoFile(first)).statusCode).toBe(404);
    expect((await photoFile(second)).statusCode).toBe(200);

    const removed = await t.app.inject({ method: 'DELETE', url: '/api/users/account/photo', headers: player.headers });
    expect(removed.json().user.photoUri).toBeNull();
    expect((await photoFile(second)).statusCode).toBe(404);
  });

  it('refuses what is not a JPEG, PNG or WebP (415), what is too large (413), no file (400) and no token (401)', async () => {
    const player = await createUser(t.app.ctx);
    const text = await upload(player, [
      { filename: 'me.jpg', bytes: Buffer.from('not a photo at all'), contentType: 'image/jpeg' },
    ]);
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({
      message: PROFILE_MESSAGES.photoNotImage,
      errors: { file: PROFILE_MESSAGES.photoNotImage },
    });
    // PNG magic, then garbage: the first bytes say image, sharp cannot read the rest.
    const broken = Buffer.concat([(await pngBytes()).subarray(0, 40), Buffer.alloc(200, 7)]);
    expect((await upload(player, [{ filename: 'broken.png', bytes: broken }])).statusCode).toBe(415);
    const big = Buffer.concat([await pngBytes(), Buffer.alloc(ACCOUNT_PHOTO_MAX_BYTES, 1)]);
    const tooLarge = await upload(player, [{ filename: 'big.png', bytes: big }]);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe(PROFILE_MESSAGES.photoTooLarge);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/users/account/photo',
      headers: { ...player.headers, 'content-type': 'application/json' },
      payload: {},
    });
    expect(none.statusCode).toBe(400);
    expect((await upload(null, [{ filename: 'me.png', bytes: await pngBytes() }])).statusCode).toBe(401);
    // Nothing was kept of the refused ones.
    const account = await t.app.inject({ method: 'GET', url: '/api/users/account', headers: player.headers });
    expect(account.json().user.photoUri).toBeNull();
    expect((await photoFile('/api/users/photos/..%2F..%2Fjwt-secret')).statusCode).toBe(404);
  });

  it('refuses a start of a game with photoRequired until the account has a photo, in the lobby too', async () => {
    const game = await createPlayableGame(t.app, owner, { settings: { photoRequired: true } });
    const player = await createUser(t.app.ctx);
    const start = await startPlay(t.app, player, game.gameId);
    expect(start.statusCode).toBe(403);
    expect(start.json()).toMatchObject({ errorCode: 'PROFILE_INCOMPLETE', message: PLAY_MESSAGES.photoRequired });
    const lobby = await t.app.inject({ method: 'GET', url: `/api/play/games/${game.gameId}`, headers: player.headers });
    expect(lobby.json().refusal).toEqual({ errorCode: 'PROFILE_INCOMPLETE', message: PLAY_MESSAGES.photoRequired });
    // The game's designer playtests whatever the setting.
    expect((await startPlay(t.app, owner, game.gameId)).statusCode).toBe(201);

    const photoUri = (await upload(player, [{ filename: 'me.png', bytes: await pngBytes() }])).json().user.photoUri;
    const joined = await startPlay(t.app, player, game.gameId);
    expect(joined.statusCode).toBe(201);

    // The operators see it beside the player's name (the players list and the instance's players).
    const players = await t.app.inject({
      method: 'GET',
      url: `/api/manage/gameInstances/${game.gameId}/playerStates`,
      headers: owner.headers,
    });
    const mine = players.json().find((row: { userId: string }) => row.userId === player.user.id);
    expect(mine.avatar).toEqual({ name: player.user.name, photo: { uri: photoUri } });
    const instance = await t.app.inject({
      method: 'GET',
      url: `/api/instances/${joined.json().instanceId}?fullState=true`,
      headers: owner.headers,
    });
    expect(JSON.stringify(instance.json())).toContain(photoUri);
  });

  it('deletes the photo with the account', async () => {
    const player = await createUser(t.app.ctx);
    const uri = (await upload(player, [{ filename: 'me.png', bytes: await pngBytes() }])).json().user
      .photoUri as string;
    const id = uri.split('/').pop()!;
    expect(existsSync(`${accountPhotoDir(t.app.ctx.config)}/${id}.jpg`)).toBe(true);
    await t.app.inject({ method: 'DELETE', url: '/api/users/account', headers: player.headers });
    expect(existsSync(`${accountPhotoDir(t.app.ctx.config)}/${id}.jpg`)).toBe(false);
  });
});
