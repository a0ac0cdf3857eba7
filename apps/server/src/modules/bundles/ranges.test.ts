import { randomBytes } from 'node:crypto';
import { strFromU8, strToU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESIGN_MESSAGES, GAME_MESSAGES, TEXT_LIMIT_MESSAGES, TEXT_LIMITS } from '@loci/domain';
import { createTestApp, type TestApp } from '../../test/app.js';
import { exportedBundleFiles, importBundleFiles } from '../../test/bundle-factories.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createBasicDesign, createEntity, designValues, worldObjectValues } from '../../test/design-factories.js';
import { createGame, createMedia } from '../../test/game-factories.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A bundle import checks every value with the forms' own rules: ranges and lengths (docs/games.md "Bundles"). */
describe('bundle import ranges', () => {
  let t: TestApp;
  let owner: TestUser;
  let files: Record<string, Uint8Array>;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx, { role: 'designer' });
    const game = await createGame(t.app.ctx, owner);
    const logo = await createMedia(t.app.ctx, game.row.id);
    const { scene } = await createBasicDesign(t.app, owner, game.row.id, { mediaId: logo.id });
    const crate = await createEntity(
      t.app,
      owner,
      game.row.id,
      'archetype',
      designValues('archetype', { mediaId: logo.id }),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/design/${game.row.id}/initialStates/current`,
      headers: owner.headers,
      payload: worldObjectValues({ sceneId: scene.id, archetypeId: crate.id }),
    });
    expect(res.statusCode).toBe(200);
    files = await exportedBundleFiles(t.app, owner, game.row.id);
  });
  afterAll(async () => t.close());

  /** Imports the exported bundle with game.json changed by `edit`. */
  function importEdited(edit: (game: Json) => void) {
    const game = JSON.parse(strFromU8(files['game.json']!)) as Json;
    edit(game);
    return importBundleFiles(t.app, owner, { ...files, 'game.json': strToU8(JSON.stringify(game)) });
  }

  it('imports the bundle as exported', async () => {
    const res = await importEdited(() => {});
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses a playground at ±1e308, a negative radius and a 3,000,000-character title', async () => {
    const res = await importEdited((game) => {
      game.settings.pg.place = { lat: 1e308, lng: -1e308, radius: -5 };
      // Random letters: a repeated one would be refused as a zip bomb before anything is read.
      game.settings.title = randomBytes(2_250_000).toString('base64');
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      'settings.pg.place.lat': GAME_MESSAGES.latitudeRange,
      'settings.pg.place.lng': GAME_MESSAGES.longitudeRange,
      'settings.pg.place.radius': GAME_MESSAGES.radiusRequired,
      'settings.title': TEXT_LIMIT_MESSAGES.tooLong(TEXT_LIMITS.title),
    });
  });

  it('refuses an entity at 1e308 or with a negative radius', async () => {
    const res = await importEdited((game) => {
      const location = (game.entities as Json[]).find((entity) => entity.kind === 'location')!;
      location.body.lat = 1e308;
      location.body.radius = -1;
    });
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors as Record<string, string>;
    const keys = Object.keys(errors);
    expect(keys.some((key) => key.endsWith('.lat'))).toBe(true);
    expect(Object.values(errors)).toEqual(
      expect.arrayContaining([GAME_MESSAGES.latitudeRange, DESIGN_MESSAGES.atLeast(1)]),
    );
  });

  it('refuses a world entry out of range', async () => {
    const res = await importEdited((game) => {
      const byScene = Object.values(game.working.initialState.has.object as Json)[0] as Json;
      const entry = Object.values(byScene)[0] as Json;
      entry.location = { latitude: 95, longitude: 400 };
    });
    expect(res.statusCode).toBe(400);
    expect(Object.values(res.json().errors as Record<string, string>)).toEqual(
      expect.arrayContaining([GAME_MESSAGES.latitudeRange, GAME_MESSAGES.longitudeRange]),
    );
  });
});
