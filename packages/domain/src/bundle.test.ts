import { describe, expect, it } from 'vitest';
import { BUNDLE_MESSAGES, BUNDLE_SCHEMA_VERSION, migrateBundle, scrubSettings } from './bundle.js';
import { GAME_SPEC_SCHEMA_VERSION } from './design/spec.js';
import { DEFAULT_MAX_GPS_ACCURACY, newGameDefaults } from './game.js';

const settings = { ...newGameDefaults(new Date('2026-01-01T00:00:00Z')), title: 'Tiny' };
const manifest = {
  format: 'loci-game-bundle',
  schemaVersion: 1,
  exportedAt: '2026-01-01T00:00:00Z',
  gameId: 'g1',
  title: 'Tiny',
  language: 'en',
  media: [],
};
const game = {
  settings,
  working: { multipleInstances: false, newInstancesAllowed: true, initialState: { has: { object: {}, offer: {} } } },
  entities: [],
};

describe('migrateBundle', () => {
  it('reads a bundle of the current version, with defaults for what it may leave out', () => {
    const read = migrateBundle(manifest, game);
    expect(read).toMatchObject({
      ok: true,
      game: { versions: [] },
      manifest: { schemaVersion: BUNDLE_SCHEMA_VERSION },
    });
  });

  it('migrates a version 1 bundle: the fields added since get their defaults, published v1 specs are typed', () => {
    const { currencyItemId: _currency, startSceneId: _start, ...oldSettings } = settings;
    const { maxAccuracy: _accuracy, ...oldPg } = settings.pg;
    const v1Settings = { ...oldSettings, pg: oldPg };
    const v1Location = {
      id: 'l1',
      gameId: 'g1',
      name: 'Gate',
      sceneId: 's1',
      lat: '37.97',
      lng: '23.72',
      radius: '30',
    };
    const read = migrateBundle(manifest, {
      ...game,
      settings: v1Settings,
      entities: [
        { kind: 'scene', id: 's1', name: 'Plaka', sceneId: null, body: { lat: 37.97, lng: 23.72, radius: 300 } },
        { kind: 'location', id: 'l1', name: 'Gate', sceneId: 's1', body: { lat: 37.97, lng: 23.72, radius: 30 } },
      ],
      versions: [
        {
          version: 1,
          versionNotes: 'first',
          createdAt: '2026-01-01T00:00:00Z',
          schemaVersion: 1,
          spec: {
            schemaVersion: 1,
            game: { ...v1Settings, id: 'g1' },
            entities: { scene: [], location: [v1Location] },
            initialState: { has: { object: {}, offer: {} } },
          },
        },
      ],
    });
    if (!read.ok) throw new Error(`${read.message} ${JSON.stringify(read.errors)}`);
    expect(read.manifest).toMatchObject({ schemaVersion: BUNDLE_SCHEMA_VERSION, droppedMediaReferences: [] });
    expect(read.game.settings).toMatchObject({
      currencyItemId: null,
      startSceneId: null,
      pg: { maxAccuracy: DEFAULT_MAX_GPS_ACCURACY },
    });
    expect(read.game.entities.map((entity) => entity.idx)).toEqual([null, null]);
    expect(read.game.entities[1]!.body).toMatchObject({ dwell: 0 });
    const [version] = read.game.versions;
    expect(version!.schemaVersion).toBe(GAME_SPEC_SCHEMA_VERSION);
    expect(version!.spec).toMatchObject({ schemaVersion: GAME_SPEC_SCHEMA_VERSION });
    const spec = version!.spec as { entities: { location: Array<Record<string, unknown>> } };
    expect(spec.entities.location[0]).toMatchObject({ id: 'l1', lat: 37.97, lng: 23.72, radius: 30, dwell: 0 });
  });

  it('refuses a published version of a newer game spec schema, naming it', () => {
    const read = migrateBundle(manifest, {
      ...game,
      versions: [
        {
          version: 3,
          versionNotes: '',
          createdAt: '2026-01-01T00:00:00Z',
          schemaVersion: GAME_SPEC_SCHEMA_VERSION + 1,
          spec: { schemaVersion: GAME_SPEC_SCHEMA_VERSION + 1 },
        },
      ],
    });
    expect(read).toEqual({ ok: false, message: BUNDLE_MESSAGES.newerSpecVersion(3, GAME_SPEC_SCHEMA_VERSION + 1) });
  });

  it('refuses a bundle of a newer Loci, of another format, or without a version', () => {
    expect(migrateBundle({ ...manifest, schemaVersion: BUNDLE_SCHEMA_VERSION + 1 }, game)).toEqual({
      ok: false,
      message: BUNDLE_MESSAGES.newerVersion(BUNDLE_SCHEMA_VERSION + 1),
    });
    expect(migrateBundle({ ...manifest, format: 'zip' }, game)).toEqual({
      ok: false,
      message: BUNDLE_MESSAGES.notBundle,
    });
    expect(migrateBundle({ format: 'loci-game-bundle' }, game)).toEqual({
      ok: false,
      message: BUNDLE_MESSAGES.notBundle,
    });
  });

  it('names the fields in error, by file', () => {
    const read = migrateBundle(manifest, { ...game, entities: [{ kind: 'spaceship', id: 'x', name: 'X', body: {} }] });
    expect(read.ok).toBe(false);
    expect(!read.ok && read.errors).toHaveProperty(['game.entities.0.kind']);
  });
});

describe('scrubSettings', () => {
  it('leaves out the passcode, the email lists and public access', () => {
    const scrubbed = scrubSettings({
      ...settings,
      playPassword: '123456',
      publicAccess: 'clone',
      additionalDesignersEmailsText: 'a@example.test',
      additionalDesignerOnlyAccessEmailsText: 'b@example.test',
      restrictAccessToEmailsText: 'c@example.test',
    });
    expect(scrubbed).toEqual({ ...settings, publicAccess: 'no', playPassword: '' });
  });
});
