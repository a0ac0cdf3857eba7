import { z } from 'zod';
import { DEFAULT_MAX_GPS_ACCURACY, gameSettingsSchema, type GameValues } from './game.js';
import { DESIGN_KINDS } from './design/registry.js';
import { GAME_SPEC_SCHEMA_VERSION, migrateGameSpec, type GameSpec } from './design/spec.js';
import { translationsSchema } from './design/translations.js';
import { MEGABYTE } from './media.js';
import { relocationRequestSchema } from './relocate.js';

/**
 * A game bundle (issue 17): one zip file that carries a game to another Loci
 * server — `manifest.json` (format, schema version, the media list),
 * `game.json` (settings, every design entity, the initial world, optionally the
 * published versions) and `media/{id}.{ext}` (the original files). Never in a
 * bundle: players, instances, analytics, the passcode and people's emails.
 */

/** The `format` of every bundle's manifest. */
export const BUNDLE_FORMAT = 'loci-game-bundle';

/**
 * The version of the bundle's shape. Bump it with every change of shape and add
 * a step to `BUNDLE_MIGRATIONS` (STYLE.md rule 7).
 *
 * 1: the first shape (settings, entities, world, media, optional published versions).
 * 2: every field the game model gained since is present — the settings'
 *    `currencyItemId`, `startSceneId` and `pg.maxAccuracy`, each entity's `idx`,
 *    each location's `dwell` — and the published versions' specs are of the
 *    current game spec schema (GAME_SPEC_SCHEMA_VERSION) when exported.
 */
export const BUNDLE_SCHEMA_VERSION = 2;

/** The file extension the console offers and downloads. */
export const BUNDLE_EXTENSION = '.loci.zip';

/** What a bundle may hold; past any of these it is refused before anything is unpacked or stored. */
export const BUNDLE_LIMITS = {
  /** The zip file itself. */
  fileBytes: 60 * MEGABYTE,
  /** Every entry unpacked, added up (as the zip declares them; larger entries are cut to the declared size). */
  totalBytes: 200 * MEGABYTE,
  /** manifest.json and game.json each. */
  jsonBytes: 20 * MEGABYTE,
  entries: 2000,
  /** Unpacked size over packed size of one entry: beyond, it is a zip bomb. */
  compressionRatio: 200,
} as const;

/** Texts of bundle export and import, written once. */
export const BUNDLE_MESSAGES = {
  noFile: 'Choose a bundle file (.loci.zip) to import',
  tooLarge: `The bundle is larger than the ${BUNDLE_LIMITS.fileBytes / MEGABYTE} MB allowed`,
  notZip: 'This file is not a Loci game bundle (not a zip file)',
  truncated: 'The bundle is damaged or truncated',
  tooManyEntries: `The bundle holds more than ${BUNDLE_LIMITS.entries} files`,
  unpackedTooLarge: `The bundle unpacks to more than ${BUNDLE_LIMITS.totalBytes / MEGABYTE} MB`,
  compressionBomb: (name: string) => `The bundle entry ${name} is compressed suspiciously well (a zip bomb?)`,
  badEntryName: (name: string) => `The bundle entry ${name} has a name a bundle never has`,
  noManifest: 'The bundle has no manifest.json',
  notBundle: 'This zip file is not a Loci game bundle',
  newerVersion: (version: number) =>
    `This bundle was made by a newer Loci (bundle version ${version}; this server reads up to ${BUNDLE_SCHEMA_VERSION})`,
  newerSpecVersion: (version: number, specVersion: number) =>
    `Published version ${version} of this bundle was made by a newer Loci (game spec version ${specVersion}; this server reads up to ${GAME_SPEC_SCHEMA_VERSION})`,
  invalid: 'The bundle’s content is not valid',
  missingMedia: (name: string) => `The bundle lists the media file ${name} but does not hold it`,
  mediaMismatch: (name: string) => `The media file ${name} is not what the bundle says it is`,
  mediaNotAccepted: (name: string) => `The media file ${name} is not a png, jpeg, audio or video file`,
  mediaTooLarge: (name: string) => `The media file ${name} is larger than its type allows`,
  missingReference: (where: string, kind: string, id: string) =>
    `${where} refers to a ${kind} (${id}) the bundle lacks`,
  duplicateEntity: (kind: string, name: string) => `The bundle holds two ${kind} entities named ${name}`,
  /** A value the game's forms would refuse (out of range, too long): where, which field, the form's message. */
  invalidValue: (where: string, field: string, message: string) => `${where}, ${field}: ${message}`,
  imported: (title: string) => `Game ${title} imported`,
  exported: 'Bundle downloaded',
} as const;

/** One medium listed in the manifest; its file is `media/{file}`. */
export const bundleMediaSchema = z.object({
  id: z.string().min(1),
  file: z.string().min(1),
  title: z.string(),
  description: z.string().default(''),
  origFilename: z.string(),
  mimetype: z.string(),
  size: z.number().int().nonnegative(),
  width: z.number().int().nullable().default(null),
  height: z.number().int().nullable().default(null),
});
export type BundleMedia = z.infer<typeof bundleMediaSchema>;

/**
 * A reference to a medium the game no longer has (deleted while in use, or its
 * file gone), emptied at export so that the bundle imports: `where` is
 * `settings` or the entity (`Object type Lantern`), `field` the emptied field.
 */
export const droppedMediaReferenceSchema = z.object({
  where: z.string(),
  field: z.string(),
  mediaId: z.string(),
});
export type DroppedMediaReference = z.infer<typeof droppedMediaReferenceSchema>;

/** manifest.json. */
export const bundleManifestSchema = z.object({
  format: z.literal(BUNDLE_FORMAT),
  schemaVersion: z.number().int().positive(),
  exportedAt: z.string(),
  /** The game's id on the server that exported it; every id is new on import. */
  gameId: z.string(),
  title: z.string(),
  language: z.string(),
  media: z.array(bundleMediaSchema).max(BUNDLE_LIMITS.entries),
  /** Media references emptied at export; informative, bundles without the list are read as having dropped none. */
  droppedMediaReferences: z.array(droppedMediaReferenceSchema).default([]),
});
export type BundleManifest = z.infer<typeof bundleManifestSchema>;

/** One design entity as a bundle holds it. */
export const bundleEntitySchema = z.object({
  kind: z.enum(DESIGN_KINDS),
  id: z.string().min(1),
  name: z.string(),
  sceneId: z.string().nullable().default(null),
  idx: z.number().int().nullable(),
  body: z.record(z.string(), z.unknown()),
});
export type BundleEntity = z.infer<typeof bundleEntitySchema>;

const worldEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  sceneId: z.string(),
  type: z.enum(['object', 'offer']),
  archetypeId: z.string().optional(),
  offerId: z.string().optional(),
  approved: z.boolean().optional(),
  quantity: z.number().optional(),
  payload: z.record(z.string(), z.unknown()),
  location: z.object({ latitude: z.number(), longitude: z.number() }),
});
const worldByScene = z.record(z.string(), z.record(z.string(), worldEntrySchema));

/** A published version as a bundle holds it (its GameSpec snapshot, scrubbed like the settings). */
export const bundleVersionSchema = z.object({
  version: z.number().int(),
  versionNotes: z.string(),
  createdAt: z.string(),
  schemaVersion: z.number().int().positive(),
  spec: z.record(z.string(), z.unknown()),
});
export type BundleVersion = z.infer<typeof bundleVersionSchema>;
/** A published version of a read bundle: its spec migrated to the current schema and typed. */
export type MigratedBundleVersion = Omit<BundleVersion, 'spec'> & { spec: GameSpec };

/** game.json. */
export const bundleGameSchema = z.object({
  // Bundles made before the currency setting existed have none.
  settings: gameSettingsSchema,
  working: z.object({
    multipleInstances: z.boolean(),
    newInstancesAllowed: z.boolean(),
    initialState: z.object({ has: z.object({ object: worldByScene, offer: worldByScene }) }),
    /** The working version's texts in the game's other languages (issue 31); absent in older bundles. */
    translations: translationsSchema.optional(),
  }),
  entities: z.array(bundleEntitySchema),
  versions: z.array(bundleVersionSchema).default([]),
});
export type BundleGame = z.infer<typeof bundleGameSchema>;
/** A read bundle's game: its published versions' specs migrated and typed. */
export type MigratedBundleGame = Omit<BundleGame, 'versions'> & { versions: MigratedBundleVersion[] };

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Each step brings a bundle's manifest and game.json from version `n` to
 * `n + 1`; the chain runs whatever steps a bundle's version needs. A step is
 * tolerant: what it does not recognise it leaves for the schema to refuse.
 */
export const BUNDLE_MIGRATIONS: Record<
  number,
  (bundle: { manifest: Json; game: Json }) => { manifest: Json; game: Json }
> = {
  // 1 → 2: the fields the game model gained after version 1, with the values a game saved without them plays with.
  1: ({ manifest, game }) => {
    const settings = isObject(game.settings) ? game.settings : {};
    const pg = isObject(settings.pg) ? settings.pg : {};
    const entities = Array.isArray(game.entities) ? (game.entities as unknown[]) : [];
    return {
      manifest: { ...manifest, droppedMediaReferences: manifest.droppedMediaReferences ?? [], schemaVersion: 2 },
      game: {
        ...game,
        settings: isObject(game.settings)
          ? {
              ...settings,
              currencyItemId: settings.currencyItemId ?? null,
              startSceneId: settings.startSceneId ?? null,
              pg: isObject(settings.pg) ? { ...pg, maxAccuracy: pg.maxAccuracy ?? DEFAULT_MAX_GPS_ACCURACY } : pg,
            }
          : game.settings,
        entities: entities.map((entity) => {
          if (!isObject(entity)) return entity;
          const body = entity.body;
          return {
            ...entity,
            idx: entity.idx ?? null,
            body: entity.kind === 'location' && isObject(body) ? { ...body, dwell: body.dwell ?? 0 } : body,
          };
        }),
        versions: game.versions ?? [],
      },
    };
  },
};

/**
 * A published version's spec brought to the current game spec schema (the
 * migration of stored specs, design/spec.ts), or why it cannot be.
 */
function migrateVersions(versions: readonly BundleVersion[]): MigratedBundleVersion[] | { refused: string } {
  const migrated: MigratedBundleVersion[] = [];
  for (const version of versions) {
    const specVersion =
      typeof version.spec.schemaVersion === 'number' ? version.spec.schemaVersion : version.schemaVersion;
    if (specVersion > GAME_SPEC_SCHEMA_VERSION) {
      return { refused: BUNDLE_MESSAGES.newerSpecVersion(version.version, specVersion) };
    }
    let spec: GameSpec;
    try {
      spec = migrateGameSpec({ ...version.spec, schemaVersion: specVersion });
    } catch {
      return { refused: BUNDLE_MESSAGES.invalid };
    }
    migrated.push({ ...version, schemaVersion: spec.schemaVersion, spec });
  }
  return migrated;
}

/** The outcome of reading a bundle's JSON: the current shape, or why it is refused. */
export type MigratedBundle =
  | { ok: true; manifest: BundleManifest; game: MigratedBundleGame }
  | { ok: false; message: string; errors?: Record<string, string> };

/** Brings a bundle of any earlier schema version to the current one and checks its shape. */
export function migrateBundle(manifest: unknown, game: unknown): MigratedBundle {
  const head = z.object({ format: z.literal(BUNDLE_FORMAT), schemaVersion: z.number().int().positive() });
  const parsedHead = head.safeParse(manifest);
  if (!parsedHead.success) return { ok: false, message: BUNDLE_MESSAGES.notBundle };
  let version = parsedHead.data.schemaVersion;
  if (version > BUNDLE_SCHEMA_VERSION) return { ok: false, message: BUNDLE_MESSAGES.newerVersion(version) };
  let current = { manifest: manifest as Record<string, unknown>, game: (game ?? {}) as Record<string, unknown> };
  for (; version < BUNDLE_SCHEMA_VERSION; version += 1) {
    const step = BUNDLE_MIGRATIONS[version];
    if (!step) return { ok: false, message: BUNDLE_MESSAGES.newerVersion(version) };
    current = step(current);
  }
  const parsedManifest = bundleManifestSchema.safeParse({ ...current.manifest, schemaVersion: BUNDLE_SCHEMA_VERSION });
  const parsedGame = bundleGameSchema.safeParse(current.game);
  if (!parsedManifest.success || !parsedGame.success) {
    const issues = [
      ...(parsedManifest.success ? [] : parsedManifest.error.issues.map((issue) => ({ ...issue, file: 'manifest' }))),
      ...(parsedGame.success ? [] : parsedGame.error.issues.map((issue) => ({ ...issue, file: 'game' }))),
    ];
    const errors: Record<string, string> = {};
    for (const issue of issues.slice(0, 20)) {
      errors[[issue.file, ...issue.path.map(String)].join('.')] = issue.message;
    }
    return { ok: false, message: BUNDLE_MESSAGES.invalid, errors };
  }
  const versions = migrateVersions(parsedGame.data.versions);
  if ('refused' in versions) return { ok: false, message: versions.refused };
  return { ok: true, manifest: parsedManifest.data, game: { ...parsedGame.data, versions } };
}

/**
 * A game's settings fit for a bundle: no passcode, no email lists, private.
 * Whoever imports it sets their own.
 */
export function scrubSettings(settings: GameValues): GameValues {
  return {
    ...settings,
    playPassword: '',
    publicAccess: 'no',
    additionalDesignersEmailsText: '',
    additionalDesignerOnlyAccessEmailsText: '',
    restrictAccessToEmailsText: '',
  };
}

/** The optional relocation fields of an import, a clone or a sample (multipart or JSON). */
export const relocationOptionSchema = z.object({ relocate: relocationRequestSchema.optional() });
export type RelocationOption = z.infer<typeof relocationOptionSchema>;

/** The answer of an import: the new game's id and title. */
export const importBundleResponseSchema = z.object({ id: z.string(), title: z.string() });
export type ImportBundleResponse = z.infer<typeof importBundleResponseSchema>;

/** A sample game shipped with Loci, as GET /api/design/samples lists it. */
export const sampleGameSchema = z.object({
  /** Its file name without `.loci.zip`: what POST /api/design/samples/{name} takes. */
  name: z.string(),
  title: z.string(),
  language: z.string(),
  description: z.string(),
  place: z.object({ lat: z.number(), lng: z.number(), radius: z.number() }),
  entities: z.number(),
  kinds: z.array(z.string()),
});
export type SampleGame = z.infer<typeof sampleGameSchema>;
