import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { BUNDLE_LIMITS, BUNDLE_MESSAGES, BUNDLE_SCHEMA_VERSION, newGameDefaults, type BundleGame } from '@loci/domain';
import { AppError } from '../../lib/errors.js';
import { readBundle, writeBundle } from './format.js';

const game: BundleGame = {
  settings: { ...newGameDefaults(new Date('2026-01-01T00:00:00Z')), title: 'Tiny' },
  working: { multipleInstances: false, newInstancesAllowed: true, initialState: { has: { object: {}, offer: {} } } },
  entities: [{ kind: 'item', id: 'i1', name: 'Key', sceneId: null, idx: null, body: { title: 'Key' } }],
  versions: [],
};
const manifest = {
  exportedAt: '2026-01-01T00:00:00Z',
  gameId: 'g1',
  title: 'Tiny',
  language: 'en',
  media: [],
  droppedMediaReferences: [],
};

function refusal(bytes: Uint8Array): AppError {
  try {
    readBundle(bytes);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('the bundle was accepted');
}

/** Sets the unpacked size the zip's central directory declares for its first entry. */
function declareSize(zip: Uint8Array, size: number): Uint8Array {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  for (let at = zip.length - 22; at >= 0; at -= 1) {
    if (view.getUint32(at, true) === 0x02014b50) {
      view.setUint32(at + 24, size, true);
      return zip;
    }
  }
  throw new Error('no central directory');
}

describe('bundle format', () => {
  it('reads back what it writes, media included', () => {
    const files = new Map([['m1.png', new Uint8Array([1, 2, 3])]]);
    const read = readBundle(writeBundle(manifest, game, files));
    expect(read.manifest).toMatchObject({
      format: 'loci-game-bundle',
      schemaVersion: BUNDLE_SCHEMA_VERSION,
      title: 'Tiny',
    });
    expect(read.game).toEqual(game);
    expect([...read.files.keys()]).toEqual(['m1.png']);
  });

  it('cuts an entry that lies about its size to the size it declares (no bomb through a false directory)', () => {
    const bytes = declareSize(zipSync({ 'game.json': new Uint8Array(20_000_000) }, { level: 9 }), 10);
    // The zeros past the declared 10 bytes are never inflated; 10 zero bytes are no manifest.
    expect(refusal(bytes).message).toBe(BUNDLE_MESSAGES.noManifest);
  });

  it('refuses more entries than allowed, and a total past the limit, before inflating anything', () => {
    const many = Object.fromEntries(
      Array.from({ length: BUNDLE_LIMITS.entries + 1 }, (_, index) => [`media/f${index}.png`, strToU8('x')]),
    );
    expect(refusal(zipSync(many)).message).toBe(BUNDLE_MESSAGES.tooManyEntries);
    const big = declareSize(zipSync({ 'media/a.png': strToU8('x'.repeat(2000)) }), BUNDLE_LIMITS.totalBytes + 1);
    expect(refusal(big)).toMatchObject({ code: 'TOO_LARGE', message: BUNDLE_MESSAGES.unpackedTooLarge });
  });

  it('refuses names a bundle never has', () => {
    for (const name of ['../x.json', 'media/../../x.png', 'media\\x.png', 'other.txt', 'media/sub/x.png']) {
      expect(refusal(zipSync({ [name]: strToU8('x') })).message).toBe(BUNDLE_MESSAGES.badEntryName(name));
    }
  });
});
