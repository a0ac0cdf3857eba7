import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PLAYER_UPLOAD_LIMITS, type MyTeam, type TeamInstance, type WallAnswer } from '@loci/domain';
import { media } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { multipartBody, pngBytes, wavBytes, type UploadPart } from '../../test/game-factories.js';
import { createPlayableGame, type PlayableGame } from '../../test/play-factories.js';
import { sweepUnusedUploads } from '../media/player-uploads.js';

/**
 * A team's picture (issue 28): the organiser uploads an image for a team — through the media library's checks (a
 * png or jpeg only, its size and pixels) — and it shows on the members' team card, the Teams panel and the wall.
 */
describe('#teams.picture', () => {
  let t: TestApp;
  let owner: TestUser;
  let maria: TestUser;
  let stranger: TestUser;
  let game: PlayableGame;
  let event: TeamInstance;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx, { role: 'designer' });
    maria = await createUser(t.app.ctx, { name: 'Maria' });
    stranger = await createUser(t.app.ctx, { role: 'designer', name: 'Stranger' });
    game = await createPlayableGame(t.app, owner, {
      settings: { teams: { enabled: true, minSize: 1, maxSize: 4, playersFormTeams: false } } as never,
    });
    const made = await t.app.inject({
      method: 'POST',
      url: `/api/manage/games/${game.gameId}/team-instances`,
      headers: owner.headers,
      payload: { teamNames: ['Owls', 'Foxes'] },
    });
    expect(made.statusCode).toBe(201);
    event = made.json();
    const joined = await t.app.inject({
      method: 'POST',
      url: '/api/play/team-join',
      headers: maria.headers,
      payload: { code: event.teams[0]!.code },
    });
    expect(joined.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const owls = () => event.teams[0]!;
  const pictureUrl = (teamId = owls().id) => `/api/manage/team-instances/${event.instanceId}/teams/${teamId}/picture`;
  async function upload(parts: UploadPart[], user = owner, teamId?: string) {
    const body = await multipartBody(parts);
    return t.app.inject({
      method: 'POST',
      url: pictureUrl(teamId),
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
  }
  const png = async () => [{ filename: 'owl.png', bytes: await pngBytes(), contentType: 'image/png' }];

  it('sets the picture: the Teams panel, the member’s team card and the wall show it, its thumbnail needs no sign-in', async () => {
    const res = await upload(await png());
    expect(res.statusCode, res.body).toBe(200);
    const pictureId = (res.json() as TeamInstance).teams[0]!.pictureId;
    expect(pictureId).toEqual(expect.any(String));
    expect((res.json() as TeamInstance).teams[1]!.pictureId).toBeNull();

    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/play/instances/${event.instanceId}/team`,
      headers: maria.headers,
    });
    expect((mine.json() as MyTeam).team.pictureId).toBe(pictureId);
    const thumb = await t.app.inject({ method: 'GET', url: `/api/design/medias/thumb/${pictureId}?width=64&square=1` });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toMatch(/^image\//);

    const link = await t.app.inject({
      method: 'POST',
      url: `/api/manage/instances/${event.instanceId}/wall-link`,
      headers: owner.headers,
      payload: {},
    });
    expect(link.statusCode).toBe(201);
    const wall = await t.app.inject({ method: 'GET', url: `/api/wall/${link.json().token}` });
    expect(wall.statusCode).toBe(200);
    const row = (wall.json() as WallAnswer).scoreboard.find((entry) => entry.name === 'Owls');
    expect(row?.pictureId).toBe(pictureId);
    // Not the media library's: the designer's list leaves it out.
    const library = await t.app.inject({
      method: 'GET',
      url: `/api/design/${game.gameId}/medias`,
      headers: owner.headers,
    });
    expect(JSON.stringify(library.json())).not.toContain(pictureId!);
  });

  it('a new picture replaces the old, whose medium goes; removing it shows the avatar again', async () => {
    const first = (await upload(await png())).json() as TeamInstance;
    const old = first.teams[0]!.pictureId!;
    const second = (await upload(await png())).json() as TeamInstance;
    expect(second.teams[0]!.pictureId).not.toBe(old);
    expect(await t.app.ctx.db.select().from(media).where(eq(media.id, old))).toEqual([]);

    const removed = await t.app.inject({ method: 'DELETE', url: pictureUrl(), headers: owner.headers });
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as TeamInstance).teams[0]!.pictureId).toBeNull();
    expect(await t.app.ctx.db.select().from(media).where(eq(media.id, second.teams[0]!.pictureId!))).toEqual([]);
  });

  it('takes only a png or jpeg image: 415 with the file’s field error, 400 without a file or a multipart body', async () => {
    const sound = await upload([{ filename: 'hoot.wav', bytes: wavBytes(), contentType: 'audio/wav' }]);
    expect(sound.statusCode).toBe(415);
    expect(sound.json()).toMatchObject({
      errorCode: 'UNSUPPORTED_MEDIA_TYPE',
      errors: { file: 'hoot.wav is not a png or jpeg image' },
    });
    const text = await upload([
      { filename: 'owl.png', bytes: Buffer.from('not an image at all'), contentType: 'image/png' },
    ]);
    expect(text.statusCode).toBe(415);
    const wav = await multipartBody([{ filename: 'hoot.wav', bytes: wavBytes() }]);
    const greek = await t.app.inject({
      method: 'POST',
      url: pictureUrl(),
      headers: { ...owner.headers, ...wav.headers, 'accept-language': 'el' },
      payload: wav.payload,
    });
    expect(greek.statusCode).toBe(415);
    expect(greek.json().errors.file).toBe('Το hoot.wav δεν είναι εικόνα png ή jpeg');
    expect((await upload([])).statusCode).toBe(400);
    // A body cut short, or not of the boundary its header announces: 400, never 500.
    const other = await multipartBody([{ filename: 'owl.png', bytes: await pngBytes() }]);
    const mismatched = await t.app.inject({
      method: 'POST',
      url: pictureUrl(),
      headers: { ...owner.headers, ...wav.headers },
      payload: other.payload,
    });
    expect(mismatched.statusCode).toBe(400);
    const json = await t.app.inject({ method: 'POST', url: pictureUrl(), headers: owner.headers, payload: {} });
    expect(json.statusCode).toBe(400);
  });

  it('needs the manage right; an unknown team is 404', async () => {
    expect((await upload(await png(), stranger)).statusCode).toBe(403);
    expect((await upload(await png(), maria)).statusCode).toBe(403);
    expect((await upload(await png(), owner, 'no-such-team')).statusCode).toBe(404);
    const removed = await t.app.inject({ method: 'DELETE', url: pictureUrl('no-such-team'), headers: owner.headers });
    expect(removed.statusCode).toBe(404);
    const strangers = await t.app.inject({ method: 'DELETE', url: pictureUrl(), headers: stranger.headers });
    expect(strangers.statusCode).toBe(403);
  });

  it('is kept while the team shows it: the sweep of unused uploads leaves it', async () => {
    const pictureId = ((await upload(await png())).json() as TeamInstance).teams[0]!.pictureId!;
    t.clock.advance(PLAYER_UPLOAD_LIMITS.unusedForMs + 60_000);
    await sweepUnusedUploads(t.app.ctx);
    expect(await t.app.ctx.db.select().from(media).where(eq(media.id, pictureId))).toHaveLength(1);
  });
});
