import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MEDIA_MESSAGES, PLAYER_UPLOAD_LIMITS } from '@loci/domain';
import { media } from '../../db/schema.js';
import { sweepUnusedUploads } from '../media/player-uploads.js';
import { mediaFilePath } from '../media/storage.js';
import type { App } from '../../app.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createEntity } from '../../test/design-factories.js';
import { multipartBody, pngBytes, wavBytes } from '../../test/game-factories.js';
import {
  createPlayableGame,
  publishVersionOf,
  sendEvent,
  startedInstance,
  type PlayableGame,
} from '../../test/play-factories.js';

type Json = Record<string, unknown>;

/** POST /api/play/instances/{id}/media with one file, as `user`. */
async function upload(app: App, user: TestUser, instanceId: string, bytes: Buffer, filename: string) {
  const { payload, headers } = await multipartBody([{ bytes, filename, field: 'file' }]);
  return app.inject({
    method: 'POST',
    url: `/api/play/instances/${instanceId}/media`,
    headers: { ...user.headers, ...headers },
    payload,
  });
}

describe('mission submissions with a photo, video or sound', () => {
  let t: TestApp;
  let owner: TestUser;
  let game: PlayableGame;
  let selfie: { id: string };
  let versionId: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx, { role: 'designer' });
    game = await createPlayableGame(t.app, owner, { publish: false });
    selfie = await createEntity(t.app, owner, game.gameId, 'mission', {
      name: 'selfie',
      title: 'A selfie on the pier',
      description: '<p>Take a photo of yourself on the pier.</p>',
      notes: '',
      accomplishment: {
        accomplishmentType: 'action',
        action: { type: 'ACTION_TYPE_CAPTURE', mediatypemediaRequired: true, mediatypeimage: true },
        condition: [],
        submissions: [],
        ordered: false,
        notifyPlayer: true,
      },
    });
    await createEntity(t.app, owner, game.gameId, 'rule', {
      name: 'assign the selfie',
      notes: '',
      sceneId: game.scene.id,
      trigger: { conditionType: 'player-scene', verb: 'has_entered', elementId: game.scene.id },
      triggerPreconditions: [],
      sideeffects: [{ actorId: 'system', actionName: 'assignMission', actionArgs: { what: selfie.id } }],
      sideeffectselse: [],
      fireOnce: true,
    });
    versionId = await publishVersionOf(t.app, owner, game.gameId);
  });
  afterAll(async () => t.close());

  it('takes the medium the mission asks for, refuses another kind, and keeps uploads out of the media library', async () => {
    const player = await createUser(t.app.ctx, { name: 'Sam Selfie' });
    const { instanceId, view } = await startedInstance(t.app, player, game.gameId);
    expect(view.missions).toMatchObject([{ missionId: selfie.id, status: 'assigned' }]);

    const sound = await upload(t.app, player, instanceId, wavBytes(), 'hello.wav');
    expect(sound.statusCode).toBe(201);
    const wrongKind = await sendEvent(t.app, player, instanceId, {
      type: 'submission',
      missionId: selfie.id,
      mediaId: sound.json().id,
    });
    expect(wrongKind.json().outputs).toMatchObject([
      {
        action: 'error',
        errorCode: 'INVALID_SUBMISSION',
        message: 'This mission asks for a photo',
        text: { key: 'asksForKinds', values: { kinds: ['image'] } },
      },
    ]);

    const photo = await upload(t.app, player, instanceId, await pngBytes(), 'me.png');
    expect(photo.statusCode).toBe(201);
    expect(photo.json()).toMatchObject({ mimetype: 'image/png', orig_filename: 'me.png' });
    const accepted = await sendEvent(t.app, player, instanceId, {
      type: 'submission',
      missionId: selfie.id,
      mediaId: photo.json().id,
      // A client cannot claim the kind of its medium: the server reads it from the upload.
      mediaType: 'image',
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().view.missions).toMatchObject([{ missionId: selfie.id, status: 'completed' }]);

    const library = await t.app.inject({
      method: 'GET',
      url: `/api/design/${game.gameId}/medias`,
      headers: owner.headers,
    });
    expect((library.json() as Json[]).map((item) => item.id)).not.toContain(photo.json().id);

    const analytics = await t.app.inject({ method: 'GET', url: `/api/analytics/${versionId}`, headers: owner.headers });
    const record = (analytics.json().analytics as Json[]).find((entry) => entry.userId === player.user.id);
    expect((record?.events as Record<string, Json[]>)['has been assigned or completed mission']).toContainEqual(
      expect.objectContaining({ status: 'completed', capturedInfo: { mediaId: photo.json().id } }),
    );
  });

  it('limits a player’s uploads in count, bytes and rate (413, 429 with Retry-After)', async () => {
    const { perPlayer, rate } = PLAYER_UPLOAD_LIMITS;
    const player = await createUser(t.app.ctx);
    const { instanceId } = await startedInstance(t.app, player, game.gameId);
    const statuses: number[] = [];
    for (let i = 0; i < rate.burst + 1; i += 1) {
      statuses.push((await upload(t.app, player, instanceId, wavBytes(), `s${i}.wav`)).statusCode);
    }
    expect(statuses.slice(0, rate.burst).every((status) => status === 201)).toBe(true);
    const fast = await upload(t.app, player, instanceId, wavBytes(), 'fast.wav');
    expect(fast.statusCode).toBe(429);
    expect(Number(fast.headers['retry-after'])).toBeGreaterThan(0);
    expect(fast.json().message).toBe(MEDIA_MESSAGES.tooManyUploads);

    // Past the count: 413, whatever the pace.
    for (let i = rate.burst; i < perPlayer.count; i += 1) {
      t.clock.advance(60_000);
      expect((await upload(t.app, player, instanceId, wavBytes(), `s${i}.wav`)).statusCode).toBe(201);
    }
    t.clock.advance(60_000);
    const over = await upload(t.app, player, instanceId, wavBytes(), 'over.wav');
    expect(over.statusCode).toBe(413);
    expect(over.json().message).toBe(MEDIA_MESSAGES.playerUploadQuota);
  });

  it('removes the uploads no submission used, a day after, and keeps the used ones', async () => {
    const player = await createUser(t.app.ctx);
    const { instanceId } = await startedInstance(t.app, player, game.gameId);
    const used = (await upload(t.app, player, instanceId, await pngBytes(), 'used.png')).json();
    const unused = (await upload(t.app, player, instanceId, await pngBytes(), 'unused.png')).json();
    await sendEvent(t.app, player, instanceId, { type: 'submission', missionId: selfie.id, mediaId: used.id });
    const fileOf = async (id: string) => {
      const [row] = await t.app.ctx.db.select().from(media).where(eq(media.id, id));
      return row ? mediaFilePath(t.app.ctx.config, game.gameId, row.storageName) : null;
    };
    const unusedFile = (await fileOf(unused.id))!;
    expect(await sweepUnusedUploads(t.app.ctx)).toBe(0);
    t.clock.advance(PLAYER_UPLOAD_LIMITS.unusedForMs + 60_000);
    expect(await sweepUnusedUploads(t.app.ctx)).toBeGreaterThanOrEqual(1);
    expect(await fileOf(unused.id)).toBeNull();
    expect(existsSync(unusedFile)).toBe(false);
    expect(existsSync((await fileOf(used.id))!)).toBe(true);
  });

  it("removes a player's uploads with their instance", async () => {
    const player = await createUser(t.app.ctx);
    const { instanceId } = await startedInstance(t.app, player, game.gameId);
    const photo = (await upload(t.app, player, instanceId, await pngBytes(), 'pier.png')).json();
    const [row] = await t.app.ctx.db.select().from(media).where(eq(media.id, photo.id));
    const onDisk = mediaFilePath(t.app.ctx.config, game.gameId, row!.storageName);
    expect(existsSync(onDisk)).toBe(true);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/instances/${instanceId}`,
      headers: owner.headers,
    });
    expect(deleted.statusCode).toBe(200);
    expect(existsSync(onDisk)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: `/api/design/medias/file/${photo.id}` })).statusCode).toBe(404);
  });

  it("refuses a medium that is not the player's own upload in this instance, and uploads by non-players", async () => {
    const [first, second] = [await createUser(t.app.ctx), await createUser(t.app.ctx)];
    const one = await startedInstance(t.app, first, game.gameId);
    const two = await startedInstance(t.app, second, game.gameId);
    const theirs = await upload(t.app, first, one.instanceId, await pngBytes(), 'theirs.png');

    const borrowed = await sendEvent(t.app, second, two.instanceId, {
      type: 'submission',
      missionId: selfie.id,
      mediaId: theirs.json().id,
    });
    expect(borrowed.statusCode).toBe(400);
    expect(borrowed.json().errors).toEqual({ mediaId: 'Upload the photo, video or sound of your submission first' });

    const intruder = await upload(t.app, second, one.instanceId, await pngBytes(), 'intruder.png');
    expect(intruder.statusCode).toBe(403);
    const notAnImage = await upload(t.app, first, one.instanceId, Buffer.from('just text'), 'notes.txt');
    expect(notAnImage.statusCode).toBe(415);
  });
});
