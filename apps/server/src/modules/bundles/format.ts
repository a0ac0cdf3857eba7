import { unzipSync, zipSync, type UnzipFileInfo, type Zippable } from 'fflate';
import {
  BUNDLE_FORMAT,
  BUNDLE_LIMITS,
  BUNDLE_MESSAGES,
  BUNDLE_SCHEMA_VERSION,
  migrateBundle,
  type BundleGame,
  type BundleManifest,
  type MigratedBundleGame,
} from '@loci/domain';
import { AppError, fail } from '../../lib/errors.js';

/**
 * The zip side of a bundle: writing one, and reading one without trusting it.
 * fflate (well kept, no native code) does the (de)compression; the checks of
 * names, counts, sizes and ratios are ours and run on the zip's directory
 * before a byte is inflated.
 */

/** A bundle as read: its migrated JSON and its media files by name under media/. */
export interface ReadBundle {
  manifest: BundleManifest;
  game: MigratedBundleGame;
  files: Map<string, Uint8Array>;
}

/** A media file's name inside the bundle: `media/` and a plain name (letters, digits, `-`, `_`, one `.ext`). */
const MEDIA_ENTRY = /^media\/[A-Za-z0-9_-]{1,100}\.[A-Za-z0-9]{1,10}$/;
const JSON_ENTRIES = new Set(['manifest.json', 'game.json']);

/** Writes a bundle: the manifest, game.json and each medium's bytes (already compressed media are stored). */
export function writeBundle(
  manifest: Omit<BundleManifest, 'format' | 'schemaVersion'>,
  game: BundleGame,
  files: ReadonlyMap<string, Uint8Array>,
): Uint8Array {
  const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value, null, 2));
  const entries: Zippable = {
    'manifest.json': json({ format: BUNDLE_FORMAT, schemaVersion: BUNDLE_SCHEMA_VERSION, ...manifest }),
    'game.json': json(game),
  };
  // PNG, JPEG, audio and video are compressed already: deflating them again costs time for nothing.
  for (const [name, bytes] of files) entries[`media/${name}`] = [bytes, { level: 0 }];
  return zipSync(entries, { level: 6 });
}

/** Refuses an entry before it is inflated: its name, and its declared size and ratio. */
function checkEntry(file: UnzipFileInfo): void {
  const { name } = file;
  if (!JSON_ENTRIES.has(name) && !MEDIA_ENTRY.test(name)) {
    // Folders some zip tools add are harmless; anything else (../, absolute, backslashes) is not.
    if (name === 'media/') return;
    throw fail.validation(
      { bundle: BUNDLE_MESSAGES.badEntryName(name.slice(0, 120)) },
      BUNDLE_MESSAGES.badEntryName(name.slice(0, 120)),
    );
  }
  const limit = JSON_ENTRIES.has(name) ? BUNDLE_LIMITS.jsonBytes : BUNDLE_LIMITS.totalBytes;
  if (file.originalSize > limit) throw tooLarge(BUNDLE_MESSAGES.unpackedTooLarge);
  if (file.originalSize > 1024 && file.originalSize > file.size * BUNDLE_LIMITS.compressionRatio) {
    throw tooLarge(BUNDLE_MESSAGES.compressionBomb(name));
  }
}

function tooLarge(message: string): AppError {
  return new AppError('TOO_LARGE', message, { errors: { bundle: message } });
}

function invalid(message: string, errors: Record<string, string> = { bundle: message }): AppError {
  return fail.validation(errors, message);
}

/** The end-of-central-directory record's signature: every zip file ends with it (within its last 64 KiB). */
function looksLikeZip(bytes: Uint8Array): boolean {
  return bytes.length >= 22 && bytes[0] === 0x50 && bytes[1] === 0x4b;
}

/**
 * Reads a bundle the way one reads anything a stranger sends: the zip's
 * directory is checked first (at most BUNDLE_LIMITS.entries entries, only the
 * names a bundle has, no declared size past the limits, no suspicious ratio,
 * the total unpacked size within its limit), then the entries are inflated —
 * each into a buffer of its declared size, so an entry that lies about its
 * size cannot grow past it — and the JSON is migrated and validated.
 * Throws 400/413 with a clear message; nothing is stored.
 */
export function readBundle(bytes: Uint8Array): ReadBundle {
  if (bytes.length > BUNDLE_LIMITS.fileBytes) throw tooLarge(BUNDLE_MESSAGES.tooLarge);
  if (!looksLikeZip(bytes)) throw invalid(BUNDLE_MESSAGES.notZip);
  let entries = 0;
  let total = 0;
  let unzipped: Record<string, Uint8Array>;
  try {
    unzipped = unzipSync(bytes, {
      filter: (file) => {
        entries += 1;
        if (entries > BUNDLE_LIMITS.entries) throw tooLarge(BUNDLE_MESSAGES.tooManyEntries);
        checkEntry(file);
        total += file.originalSize;
        if (total > BUNDLE_LIMITS.totalBytes) throw tooLarge(BUNDLE_MESSAGES.unpackedTooLarge);
        return file.name !== 'media/';
      },
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    // fflate's own errors: a cut-off file, a bad directory, an unknown compression method.
    throw invalid(BUNDLE_MESSAGES.truncated);
  }
  const manifestBytes = unzipped['manifest.json'];
  if (!manifestBytes) throw invalid(BUNDLE_MESSAGES.noManifest);
  const parse = (data: Uint8Array | undefined): unknown => {
    if (!data) return undefined;
    try {
      return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(data)) as unknown;
    } catch {
      throw invalid(BUNDLE_MESSAGES.truncated);
    }
  };
  const migrated = migrateBundle(parse(manifestBytes), parse(unzipped['game.json']));
  if (!migrated.ok) throw invalid(migrated.message, migrated.errors ?? { bundle: migrated.message });
  const files = new Map<string, Uint8Array>();
  for (const [name, data] of Object.entries(unzipped)) {
    if (name.startsWith('media/')) files.set(name.slice('media/'.length), data);
  }
  return { manifest: migrated.manifest, game: migrated.game, files };
}
