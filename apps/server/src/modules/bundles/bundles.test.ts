import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { and, count, eq, sql } from 'drizzle-orm';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUNDLE_MESSAGES,
  BUNDLE_SCHEMA_VERSION,
  DEFAULT_MAX_GPS_ACCURACY,
  distanceBetween,
  GAME_SPEC_SCHEMA_VERSION,
  LOCK_MESSAGES,
  type GameSpec,
  type InitialState,
} from '@loci/domain';
import { designEntities, games, gameVersions, media } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createBasicDesign, createEntity, designValues, worldObjectValues } from '../../test/design-factories.js';
import { createGame, createMedia, multipartBody, wavBytes, workingVersionOf } from '../../test/game-factories.js';
import { gameMediaDir } from '../media/storage.js';

const HELSINKI = { lat: 60.1699, lng: 24.9384 };
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

describe('bundles', () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let player: TestUser;
  let gameId: string;
  let sceneId: string;
  let locationId: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx, { role: 'designer', name: 'Olga Owner' });
    other = await createUser(t.app.ctx, { role: 'designer', name: 'Otto Other' });
    player = await createUser(t.app.ctx, { role: 'player' });
    // A game with a logo, a scene, a place, an info box, a rule, an object type and a crate in the world.
    const game = await createGame(t.app.ctx, owner, {
      title: 'Harbour Hunt',
      playPassword: '123456',
      additionalDesignersEmailsText: 'secret-friend@example.test',
      publicAccess: 'view',
    });
    gameId = game.row.id;
    const logo = await createMedia(t.app.ctx, gameId, { title: 'Logo' });
    await t.app.ctx.db
      .update(games)
      .set({
        settings: {
          ...game.row.settings,
          logoId: logo.id,
          pg: { ...game.row.settings.pg, place: { lat: 35.517, lng: 24.018, radius: 1000 } },
        },
      })
      .where(eq(games.id, gameId));
    const design = await createBasicDesign(t.app, owner, gameId, { mediaId: logo.id });
    sceneId = design.scene.id;
    locationId = design.location.id;
    const archetype = await createEntity(
      t.app,
      owner,
      gameId,
      'archetype',
      designValues('archetype', { mediaId: logo.id }),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/design/${gameId}/initialStates/current`,
      headers: owner.headers,
      payload: worldObjectValues({ sceneId, archetypeId: archetype.id }, { name: 'Fish crate' }),
    });
    expect(res.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const exportOf = (id: string, user: TestUser | null = owner) =>
    t.app.inject({ method: 'GET', url: `/api/design/games/${id}/bundle`, headers: user?.headers ?? {} });

  async function importBytes(bytes: Uint8Array, user: TestUser = other, fields: Record<string, string> = {}) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('bundle', new Blob([Buffer.from(bytes)]), 'game.loci.zip');
    const response = new Response(form);
    return t.app.inject({
      method: 'POST',
      url: '/api/design/games/import',
      headers: { ...user.headers, 'content-type': response.headers.get('content-type') ?? '' },
      payload: Buffer.from(await response.arrayBuffer()),
    });
  }

  /** A bundle's content with every id replaced by what it names (kind and name), keys sorted: equal when equivalent. */
  function canonical(bytes: Uint8Array) {
    const files = unzipSync(bytes);
    const manifest = JSON.parse(strFromU8(files['manifest.json']!)) as {
      gameId: string;
      media: Array<{ id: string; title: string; file: string }>;
    };
    const game = JSON.parse(strFromU8(files['game.json']!)) as {
      entities: Array<{ kind: string; id: string; name: string }>;
      working: { initialState: InitialState };
    };
    // Media made at the same instant (an import) come in any order.
    manifest.media.sort((a, b) => a.title.localeCompare(b.title));
    const names = new Map<string, string>([[manifest.gameId, 'game']]);
    for (const entity of game.entities) names.set(entity.id, `${entity.kind}:${entity.name}`);
    for (const item of manifest.media) names.set(item.id, `media:${item.title}`);
    for (const byScene of Object.values(game.working.initialState.has.object)) {
      for (const [id, entry] of Object.entries(byScene)) names.set(id, `object:${entry.name}`);
    }
    const sortKeys = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(sortKeys)
        : value && typeof value === 'object'
          ? Object.fromEntries(
              Object.entries(value)
                .map(([key, item]) => [key.replace(UUID, (id) => names.get(id) ?? 'UNKNOWN'), sortKeys(item)] as const)
                .sort(([a], [b]) => a.localeCompare(b)),
            )
          : typeof value === 'string'
            ? value.replace(UUID, (id) => names.get(id) ?? 'UNKNOWN')
            : value;
    const mediaHashes = manifest.media.map((item) => ({
      title: item.title,
      sha: createHash('sha256').update(files[`media/${item.file}`]!).digest('hex'),
    }));
    const { exportedAt: _exportedAt, ...rest } = manifest as unknown as Record<string, unknown>;
    const entities = [...game.entities].sort((a, b) => `${a.kind}:${a.name}`.localeCompare(`${b.kind}:${b.name}`));
    return { manifest: sortKeys(rest), game: sortKeys({ ...game, entities }), mediaHashes };
  }

  describe('#bundles.export', () => {
    it('gives a zip with the design, the world and the media, and no passcode, emails or public access', async () => {
      const res = await exportOf(gameId);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toBe('attachment; filename="harbour-hunt.loci.zip"');
      const files = unzipSync(res.rawPayload);
      // Two media: the uploaded picture and the logo made for the new game from its title.
      expect(Object.keys(files).sort()).toEqual([
        'game.json',
        'manifest.json',
        expect.stringMatching(/^media\/.+\.png$/),
        expect.stringMatching(/^media\/.+\.png$/),
      ]);
      const game = JSON.parse(strFromU8(files['game.json']!));
      expect(game.settings).toMatchObject({
        title: 'Harbour Hunt',
        playPassword: '',
        publicAccess: 'no',
        additionalDesignersEmailsText: '',
      });
      expect(strFromU8(files['game.json']!)).not.toContain('secret-friend');
      expect(game.entities.map((entity: { kind: string }) => entity.kind).sort()).toEqual([
        'archetype',
        'interaction',
        'location',
        'rule',
        'scene',
      ]);
      expect(Object.values(game.working.initialState.has.object[sceneId])).toHaveLength(1);
      expect(JSON.parse(strFromU8(files['manifest.json']!))).toMatchObject({
        format: 'loci-game-bundle',
        schemaVersion: BUNDLE_SCHEMA_VERSION,
        title: 'Harbour Hunt',
      });
    });

    it('needs the clone right: 403 for view only, 401 signed out, 404 for no game', async () => {
      expect((await exportOf(gameId, other)).statusCode).toBe(403);
      expect((await exportOf(gameId, null)).statusCode).toBe(401);
      expect((await exportOf('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    });
  });

  describe('#bundles.import', () => {
    it('imports as a new game of the importer with new ids everywhere, and exports back to an equivalent bundle', async () => {
      const exported = (await exportOf(gameId)).rawPayload;
      const res = await importBytes(exported);
      expect(res.statusCode).toBe(201);
      const imported = res.json();
      expect(imported).toMatchObject({ title: 'Harbour Hunt', userId: { id: other.user.id }, publicAccess: 'no' });
      expect(imported.id).not.toBe(gameId);

      const rows = await t.app.ctx.db.select().from(designEntities).where(eq(designEntities.gameId, imported.id));
      expect(rows).toHaveLength(5);
      const oldIds = new Set([sceneId, locationId]);
      for (const row of rows) expect(oldIds.has(row.id)).toBe(false);
      const newScene = rows.find((row) => row.kind === 'scene')!;
      const newLocation = rows.find((row) => row.kind === 'location')!;
      const rule = rows.find((row) => row.kind === 'rule')!;
      expect(newLocation.sceneId).toBe(newScene.id);
      expect(rule.sceneId).toBe(newScene.id);
      expect(JSON.stringify(rule.body)).toContain(newLocation.id);
      const working = await workingVersionOf(t.app.ctx, imported.id);
      expect(Object.keys(working.initialState.has.object)).toEqual([newScene.id]);
      const [newLogo] = await t.app.ctx.db
        .select()
        .from(media)
        .where(and(eq(media.gameId, imported.id), eq(media.title, 'Logo')));
      expect(imported.logoId).toBe(newLogo!.id);
      expect(existsSync(gameMediaDir(t.app.ctx.config, imported.id))).toBe(true);

      // The importer may export it (they own it now); the result is the same game.
      const again = await exportOf(imported.id, other);
      expect(again.statusCode).toBe(200);
      expect(canonical(again.rawPayload)).toEqual(canonical(exported));
    });

    it('rewrites media links inside rich text and every id of published (v1) versions; the round trip is equivalent', async () => {
      const game = await createGame(t.app.ctx, owner, { title: 'Linked Lighthouse' });
      const sourceId = game.row.id;
      const photo = await createMedia(t.app.ctx, sourceId, { title: 'Lighthouse photo' });
      const thumbLink = `/api/design/${sourceId}/medias/thumb/${photo.id}?width=300&square=0`;
      const fileLink = `/api/design/medias/file/${photo.id}`;
      const design = await createBasicDesign(t.app, owner, sourceId, { mediaId: photo.id });
      const story = await createEntity(
        t.app,
        owner,
        sourceId,
        'interaction',
        designValues(
          'interaction',
          {},
          {
            name: 'Keeper story',
            description: `<p>See <a href="${thumbLink}">the photo</a> and <a href="${fileLink}">the original</a>.</p>`,
          },
        ),
      );
      expect(JSON.stringify(story)).toContain(photo.id);
      // A version published long ago (game spec schema 1, numbers as text) holding a location deleted since.
      const goneLocationId = randomUUID();
      const [source] = await t.app.ctx.db
        .select({ settings: games.settings })
        .from(games)
        .where(eq(games.id, sourceId));
      const spec = {
        schemaVersion: 1,
        game: { ...source!.settings, id: sourceId, logoId: photo.id },
        entities: {
          scene: [{ ...design.scene }],
          location: [
            { ...design.location },
            {
              id: goneLocationId,
              gameId: sourceId,
              name: 'Old pier',
              sceneId: design.scene.id,
              lat: '35.5',
              lng: '24.0',
              radius: '20',
            },
          ],
          interaction: [{ ...story }],
          rule: [{ ...design.rule }],
        },
        initialState: { has: { object: {}, offer: {} } },
      };
      await t.app.ctx.db.insert(gameVersions).values({
        gameId: sourceId,
        isLiveSpec: false,
        versionNotes: 'First walk',
        spec,
        schemaVersion: 1,
        version: 1,
      });

      const exported = await t.app.inject({
        method: 'GET',
        url: `/api/design/games/${sourceId}/bundle?versions=true`,
        headers: owner.headers,
      });
      expect(exported.statusCode).toBe(200);
      const exportedGame = JSON.parse(strFromU8(unzipSync(exported.rawPayload)['game.json']!)) as {
        versions: Array<{ schemaVersion: number; spec: { schemaVersion: number } }>;
      };
      // The bundle carries its versions in the current spec schema.
      expect(exportedGame.versions.map((version) => [version.schemaVersion, version.spec.schemaVersion])).toEqual([
        [GAME_SPEC_SCHEMA_VERSION, GAME_SPEC_SCHEMA_VERSION],
      ]);
      const res = await importBytes(exported.rawPayload);
      expect(res.statusCode).toBe(201);
      const newId = res.json().id as string;

      const sourceIds = [
        sourceId,
        photo.id,
        goneLocationId,
        ...Object.values(design).map((entity) => entity.id),
        story.id,
      ];
      const rows = await t.app.ctx.db.select().from(designEntities).where(eq(designEntities.gameId, newId));
      const versions = await t.app.ctx.db.select().from(gameVersions).where(eq(gameVersions.gameId, newId));
      const [newPhoto] = await t.app.ctx.db
        .select()
        .from(media)
        .where(and(eq(media.gameId, newId), eq(media.title, 'Lighthouse photo')));
      const stored = JSON.stringify({ rows, versions, settings: res.json() });
      for (const id of sourceIds) expect(stored).not.toContain(id);
      const newStory = rows.find((row) => row.name === 'Keeper story')!;
      expect(newStory.body.description).toContain(`/api/design/${newId}/medias/thumb/${newPhoto!.id}?width=300`);
      expect(newStory.body.description).toContain(`/api/design/medias/file/${newPhoto!.id}`);
      const published = versions.find((version) => !version.isLiveSpec)!;
      expect(published.schemaVersion).toBe(GAME_SPEC_SCHEMA_VERSION);
      const publishedSpec = published.spec as unknown as GameSpec;
      expect(publishedSpec.game.logoId).toBe(newPhoto!.id);
      expect(publishedSpec.entities.interaction[0]!.description).toContain(newPhoto!.id);
      const pier = publishedSpec.entities.location.find((location) => location.name === 'Old pier')!;
      expect(pier).toMatchObject({
        lat: 35.5,
        lng: 24,
        radius: 20,
        sceneId: rows.find((row) => row.kind === 'scene')!.id,
      });

      const again = await t.app.inject({
        method: 'GET',
        url: `/api/design/games/${newId}/bundle?versions=true`,
        headers: other.headers,
      });
      expect(canonical(again.rawPayload)).toEqual(canonical(exported.rawPayload));
    });

    it('imports a bundle of schema version 1 (the harbour sample as first shipped) migrated to the current shape', async () => {
      const bytes = await readFile(new URL('./fixtures/harbour-v1.loci.zip', import.meta.url));
      const manifest = JSON.parse(strFromU8(unzipSync(bytes)['manifest.json']!)) as { schemaVersion: number };
      expect(manifest.schemaVersion).toBe(1);
      const res = await importBytes(bytes);
      expect(res.statusCode).toBe(201);
      const imported = res.json();
      expect(imported).toMatchObject({ title: 'Secrets of the Old Harbour', currencyItemId: null, startSceneId: null });
      expect(imported.pg.maxAccuracy).toBe(DEFAULT_MAX_GPS_ACCURACY);
      const rows = await t.app.ctx.db.select().from(designEntities).where(eq(designEntities.gameId, imported.id));
      const locations = rows.filter((row) => row.kind === 'location');
      expect(locations).toHaveLength(3);
      for (const location of locations) expect(location.body.dwell).toBe(0);
      const again = await exportOf(imported.id, other);
      expect(JSON.parse(strFromU8(unzipSync(again.rawPayload)['manifest.json']!))).toMatchObject({
        schemaVersion: BUNDLE_SCHEMA_VERSION,
      });
    });

    it('empties references to media the game no longer has, lists them in the manifest, and the bundle imports', async () => {
      // Deleting a medium in use is refused (409), but a game may still name one it lacks (deleted before that
      // rule, or lost with its row): the game's logo and an object type's image then name nothing.
      const game = await createGame(t.app.ctx, owner, { title: 'Lost Lantern' });
      const logo = await createMedia(t.app.ctx, game.row.id, { title: 'Lantern' });
      await t.app.ctx.db
        .update(games)
        .set({ settings: { ...game.row.settings, logoId: logo.id } })
        .where(eq(games.id, game.row.id));
      await createEntity(
        t.app,
        owner,
        game.row.id,
        'archetype',
        designValues('archetype', { mediaId: logo.id }, { name: 'Lantern' }),
      );
      const refused = await t.app.inject({
        method: 'DELETE',
        url: `/api/design/${game.row.id}/medias/${logo.id}`,
        headers: owner.headers,
      });
      expect(refused.statusCode).toBe(409);
      await t.app.ctx.db.delete(media).where(eq(media.id, logo.id));

      const exported = await exportOf(game.row.id);
      expect(exported.statusCode).toBe(200);
      const files = unzipSync(exported.rawPayload);
      expect(JSON.parse(strFromU8(files['manifest.json']!)).droppedMediaReferences).toEqual([
        { where: 'Object type Lantern', field: 'logoId', mediaId: logo.id },
        { where: 'settings', field: 'logoId', mediaId: logo.id },
      ]);
      const res = await importBytes(exported.rawPayload);
      expect(res.statusCode).toBe(201);
      expect(res.json().logoId).toBeNull();
      const [lantern] = await t.app.ctx.db
        .select()
        .from(designEntities)
        .where(eq(designEntities.gameId, res.json().id));
      expect(lantern!.body.logoId).toBeNull();
    });

    it('relocates on import: the playground lands on the new centre and distances are kept', async () => {
      const res = await importBytes((await exportOf(gameId)).rawPayload, other, {
        lat: String(HELSINKI.lat),
        lng: String(HELSINKI.lng),
        rotation: '30',
      });
      expect(res.statusCode).toBe(201);
      const imported = res.json();
      expect(imported.pg.place.lat).toBeCloseTo(HELSINKI.lat, 6);
      expect(imported.pg.place.lng).toBeCloseTo(HELSINKI.lng, 6);
      const rows = await t.app.ctx.db.select().from(designEntities).where(eq(designEntities.gameId, imported.id));
      const scene = rows.find((row) => row.kind === 'scene')!.body as { lat: number; lng: number };
      const location = rows.find((row) => row.kind === 'location')!.body as { lat: number; lng: number };
      const before = distanceBetween({ lat: 35.517, lng: 24.018 }, { lat: 35.5171, lng: 24.0182 });
      expect(distanceBetween(scene, location)).toBeCloseTo(before, 1);
      expect(distanceBetween(HELSINKI, scene)).toBeLessThan(5000);
    });

    const refusals: Array<[string, () => Uint8Array | Promise<Uint8Array>, number, string | RegExp]> = [
      ['not a zip', () => strToU8('hello, I am a text file'), 400, BUNDLE_MESSAGES.notZip],
      [
        'a truncated zip',
        async () => {
          const bytes = (await exportOf(gameId)).rawPayload;
          return bytes.subarray(0, Math.floor(bytes.length / 2));
        },
        400,
        BUNDLE_MESSAGES.truncated,
      ],
      ['a zip without manifest', () => zipSync({ 'game.json': strToU8('{}') }), 400, BUNDLE_MESSAGES.noManifest],
      [
        'a path with ../',
        () => zipSync({ 'manifest.json': strToU8('{}'), '../../etc/evil.json': strToU8('x') }),
        400,
        BUNDLE_MESSAGES.badEntryName('../../etc/evil.json'),
      ],
      [
        'an absolute path',
        () => zipSync({ 'manifest.json': strToU8('{}'), '/tmp/evil.png': strToU8('x') }),
        400,
        BUNDLE_MESSAGES.badEntryName('/tmp/evil.png'),
      ],
      [
        'a zip bomb (50 MB of zeros in a few kB)',
        () => zipSync({ 'manifest.json': strToU8('{}'), 'media/bomb.png': new Uint8Array(50_000_000) }, { level: 9 }),
        413,
        BUNDLE_MESSAGES.compressionBomb('media/bomb.png'),
      ],
      [
        'a bundle of a newer Loci',
        () => zipSync({ 'manifest.json': strToU8(JSON.stringify({ format: 'loci-game-bundle', schemaVersion: 99 })) }),
        400,
        BUNDLE_MESSAGES.newerVersion(99),
      ],
      [
        'a manifest of another format',
        () => zipSync({ 'manifest.json': strToU8(JSON.stringify({ format: 'other', schemaVersion: 1 })) }),
        400,
        BUNDLE_MESSAGES.notBundle,
      ],
    ];
    it.each(refusals)('refuses %s with a clear error and stores nothing', async (_name, make, status, message) => {
      const gamesBefore = (await t.app.ctx.db.select({ n: count() }).from(games))[0]!.n;
      const mediaDirsBefore = await readdir(`${t.app.ctx.config.dataDir}/media`);
      const res = await importBytes(await make());
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toEqual(message);
      expect((await t.app.ctx.db.select({ n: count() }).from(games))[0]!.n).toBe(gamesBefore);
      expect(await readdir(`${t.app.ctx.config.dataDir}/media`)).toEqual(mediaDirsBefore);
    });

    /** The owner's bundle with game.json and the manifest changed by `edit`, files by `editFiles`. */
    async function tampered(
      edit: (manifest: Record<string, unknown>, game: Record<string, unknown>) => void,
      editFiles: (files: Record<string, Uint8Array>) => void = () => {},
    ) {
      const files = unzipSync((await exportOf(gameId)).rawPayload);
      const manifest = JSON.parse(strFromU8(files['manifest.json']!));
      const game = JSON.parse(strFromU8(files['game.json']!));
      edit(manifest, game);
      files['manifest.json'] = strToU8(JSON.stringify(manifest));
      files['game.json'] = strToU8(JSON.stringify(game));
      editFiles(files);
      return zipSync(files);
    }

    it('refuses media that are not what the bundle says, and references to missing entities, storing nothing', async () => {
      const gamesBefore = (await t.app.ctx.db.select({ n: count() }).from(games))[0]!.n;
      const disguised = await tampered(
        () => {},
        (files) => {
          const name = Object.keys(files).find((file) => file.startsWith('media/'))!;
          files[name] = strToU8('<html><script>alert(1)</script></html>'.padEnd(2000, ' '));
        },
      );
      let res = await importBytes(disguised);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/is not a png, jpeg, audio or video file$/);

      const audioAsImage = await tampered(
        () => {},
        (files) => {
          const name = Object.keys(files).find((file) => file.startsWith('media/'))!;
          files[name] = wavBytes(2000);
        },
      );
      res = await importBytes(audioAsImage);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/is not what the bundle says it is$/);

      const dangling = await tampered((_manifest, game) => {
        const entities = game.entities as Array<{ kind: string }>;
        game.entities = entities.filter((entity) => entity.kind !== 'location');
      });
      res = await importBytes(dangling);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^Rule .* refers to a location \(.+\) the bundle lacks$/);

      const missingFile = await tampered(
        () => {},
        (files) => {
          for (const name of Object.keys(files)) if (name.startsWith('media/')) delete files[name];
        },
      );
      res = await importBytes(missingFile);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^The bundle lists the media file .+ but does not hold it$/);

      const badShape = await tampered((_manifest, game) => {
        (game.settings as Record<string, unknown>).title = 42;
      });
      res = await importBytes(badShape);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: BUNDLE_MESSAGES.invalid,
        errors: { 'game.settings.title': expect.any(String) },
      });
      expect((await t.app.ctx.db.select({ n: count() }).from(games))[0]!.n).toBe(gamesBefore);
    });

    it('needs a designer: 403 for a player, 401 signed out, 400 without a file', async () => {
      const bytes = (await exportOf(gameId)).rawPayload;
      expect((await importBytes(bytes, player)).statusCode).toBe(403);
      const unsigned = await t.app.inject({ method: 'POST', url: '/api/design/games/import', payload: {} });
      expect(unsigned.statusCode).toBe(401);
      const { payload, headers } = await multipartBody([]);
      const empty = await t.app.inject({
        method: 'POST',
        url: '/api/design/games/import',
        headers: { ...other.headers, ...headers },
        payload,
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe(BUNDLE_MESSAGES.noFile);
    });
  });

  describe('#games.relocate', () => {
    it('previews without saving, then moves every place of the working version', async () => {
      const copy = (await importBytes((await exportOf(gameId)).rawPayload, owner)).json();
      const url = `/api/design/games/${copy.id}/relocate`;
      const preview = await t.app.inject({
        method: 'POST',
        url,
        headers: owner.headers,
        payload: { ...HELSINKI, preview: true },
      });
      expect(preview.statusCode).toBe(200);
      const places = preview.json().places as Array<{ kind: string; after: { lat: number } }>;
      expect(places.map((place) => place.kind).sort()).toEqual(['location', 'object', 'playground', 'scene']);
      expect(preview.json().outside).toEqual([]);
      const untouched = await t.app.ctx.db.select().from(games).where(eq(games.id, copy.id));
      expect(untouched[0]!.settings.pg.place.lat).toBeCloseTo(35.517, 6);

      const applied = await t.app.inject({ method: 'POST', url, headers: owner.headers, payload: HELSINKI });
      expect(applied.statusCode).toBe(200);
      const [row] = await t.app.ctx.db.select().from(games).where(eq(games.id, copy.id));
      expect(row!.settings.pg.place.lat).toBeCloseTo(HELSINKI.lat, 6);
      const working = await workingVersionOf(t.app.ctx, copy.id);
      const crate = Object.values(Object.values(working.initialState.has.object)[0]!)[0]!;
      expect(distanceBetween(HELSINKI, { lat: crate.location.latitude, lng: crate.location.longitude })).toBeLessThan(
        1000,
      );
    });

    it('needs the edit right and valid coordinates', async () => {
      const url = `/api/design/games/${gameId}/relocate`;
      expect((await t.app.inject({ method: 'POST', url, headers: other.headers, payload: HELSINKI })).statusCode).toBe(
        403,
      );
      const bad = await t.app.inject({ method: 'POST', url, headers: owner.headers, payload: { lat: 120, lng: 0 } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toHaveProperty('lat');
    });

    it('refuses to apply while another editor holds a lock on a place of the game; previews still', async () => {
      const shared = await createGame(t.app.ctx, owner, { additionalDesignersEmailsText: other.user.email });
      const design = await createBasicDesign(t.app, owner, shared.row.id);
      const lock = { gameId: shared.row.id, kind: 'location', id: design.location.id };
      const cc = (method: 'POST' | 'DELETE') =>
        t.app.inject({ method, url: '/api/design/cc', headers: other.headers, payload: lock });
      expect((await cc('POST')).statusCode).toBe(200);

      const url = `/api/design/games/${shared.row.id}/relocate`;
      const refused = await t.app.inject({ method: 'POST', url, headers: owner.headers, payload: HELSINKI });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ message: LOCK_MESSAGES.heldByOther, holder: { name: 'Otto Other' } });
      const [unmoved] = await t.app.ctx.db.select().from(games).where(eq(games.id, shared.row.id));
      expect(unmoved!.settings.pg.place.lat).toBeCloseTo(shared.row.settings.pg.place.lat, 6);
      const preview = { ...HELSINKI, preview: true };
      expect((await t.app.inject({ method: 'POST', url, headers: owner.headers, payload: preview })).statusCode).toBe(
        200,
      );

      expect((await cc('DELETE')).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'POST', url, headers: owner.headers, payload: HELSINKI })).statusCode).toBe(
        200,
      );
    });
  });

  describe('#games.clone with relocation', () => {
    it('clones and moves the copy to the chosen centre', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/design/games/${gameId}/clone`,
        headers: owner.headers,
        payload: { relocate: HELSINKI },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().pg.place.lat).toBeCloseTo(HELSINKI.lat, 6);
      const versions = await t.app.ctx.db.select().from(gameVersions).where(eq(gameVersions.gameId, res.json().id));
      expect(versions).toHaveLength(1);
      const [location] = await t.app.ctx.db
        .select()
        .from(designEntities)
        .where(and(eq(designEntities.gameId, res.json().id), eq(designEntities.id, locationId)));
      const body = location!.body as { lat: number; lng: number };
      expect(distanceBetween(HELSINKI, body)).toBeLessThan(1000);
    });

    it('creates no game when the relocation is refused or fails', async () => {
      const ownGames = async () =>
        (await t.app.ctx.db.select({ n: count() }).from(games).where(eq(games.ownerId, other.user.id)))[0]!.n;
      const source = await createGame(t.app.ctx, owner, { publicAccess: 'clone' });
      await createBasicDesign(t.app, owner, source.row.id);
      const clone = (relocate: unknown) =>
        t.app.inject({
          method: 'POST',
          url: `/api/design/games/${source.row.id}/clone`,
          headers: other.headers,
          payload: { relocate },
        });
      const before = await ownGames();

      const invalid = await clone({ lat: 91, lng: 0 });
      expect(invalid.statusCode).toBe(400);
      expect(await ownGames()).toBe(before);

      // The database refuses any place stored near the target, as a failing write of the moved rows would.
      await t.app.ctx.db.execute(sql`
        create function refuse_near_target() returns trigger language plpgsql as $$
        begin
          if (new.body->>'lat')::float between -11 and -9 then raise exception 'refused by test'; end if;
          return new;
        end $$`);
      await t.app.ctx.db.execute(
        sql`create trigger refuse_near_target before insert or update on design_entities for each row execute function refuse_near_target()`,
      );
      try {
        const failed = await clone({ lat: -10, lng: 0 });
        expect(failed.statusCode).toBe(500);
        expect(await ownGames()).toBe(before);
      } finally {
        await t.app.ctx.db.execute(sql`drop trigger refuse_near_target on design_entities`);
        await t.app.ctx.db.execute(sql`drop function refuse_near_target()`);
      }

      const moved = await clone({ lat: -10, lng: 0 });
      expect(moved.statusCode).toBe(201);
      expect(moved.json().pg.place.lat).toBeCloseTo(-10, 6);
      expect(await ownGames()).toBe(before + 1);
    });
  });
});

describe('sample games', () => {
  let t: TestApp;
  let designer: TestUser;
  let player: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    designer = await createUser(t.app.ctx, { role: 'designer' });
    player = await createUser(t.app.ctx, { role: 'player' });
  });
  afterAll(() => t.close());

  it('lists the shipped samples, covering the main kinds, to designers only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/design/samples', headers: designer.headers });
    expect(res.statusCode).toBe(200);
    const samples = res.json() as Array<{ name: string; kinds: string[] }>;
    expect(samples.map((sample) => sample.name)).toEqual(['acropolis-quiz-walk', 'secrets-of-the-old-harbour']);
    expect(new Set(samples.flatMap((sample) => sample.kinds))).toEqual(
      new Set(['scene', 'location', 'interaction', 'item', 'milestone', 'mission', 'character', 'offer', 'rule']),
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/design/samples', headers: player.headers })).statusCode,
    ).toBe(403);
  });

  it('creates a game from each sample, moved where the designer chooses, with nothing outside its scenes', async () => {
    for (const name of ['acropolis-quiz-walk', 'secrets-of-the-old-harbour']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/design/samples/${name}`,
        headers: designer.headers,
        payload: { relocate: HELSINKI },
      });
      expect(res.statusCode).toBe(201);
      const game = res.json();
      expect(game.userId.id).toBe(designer.user.id);
      expect(game.pg.place.lat).toBeCloseTo(HELSINKI.lat, 6);
      const check = await t.app.inject({
        method: 'POST',
        url: `/api/design/games/${game.id}/relocate`,
        headers: designer.headers,
        payload: { ...HELSINKI, preview: true },
      });
      expect(check.json().outside).toEqual([]);
    }
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/design/samples/..%2Fpasswd',
      headers: designer.headers,
    });
    expect(missing.statusCode).toBe(404);
  });
});
