import { describe, expect, it } from 'vitest';
import { BUNDLE_MESSAGES, BUNDLE_SCHEMA_VERSION, migrateBundle, scrubSettings } from './bundle.js';
import { newGameDefaults } from './game.js';

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
