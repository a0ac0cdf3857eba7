import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { and, asc, eq, isNull } from 'drizzle-orm';
import {
  BUNDLE_MESSAGES,
  canAuthor,
  DESIGN_KIND_INFO,
  DESIGN_MESSAGES,
  findOutsideScenes,
  GAME_SPEC_SCHEMA_VERSION,
  GAME_TEXTS,
  isAcceptedMediaType,
  MEDIA_LIMITS,
  MEDIA_MESSAGES,
  mediaTypeOf,
  migrateGameSpec,
  referencesOf,
  relocateEntityBody,
  relocateInitialState,
  relocateSettings,
  relocationTo,
  scrubSettings,
  worldEntryReferences,
  type BundleEntity,
  type BundleGame,
  type BundleMedia,
  type DesignKind,
  type DroppedMediaReference,
  type FieldErrors,
  toFieldErrors,
  validateDesignEntity,
  validateGameValues,
  WORLD_ENTRY_TYPES,
  worldEntrySchemaFor,
  type GameValues,
  type InitialState,
  type Relocation,
  type RelocatedPlace,
  type RelocationOutcome,
  type RelocationRequest,
  type WorldEntry,
  translatableTexts,
  type Translations,
} from '@loci/domain';
import type { AppContext } from '../../context.js';
import { designEntities, games, gameTranslations, gameVersions, media } from '../../db/schema.js';
import { fail } from '../../lib/errors.js';
import type { Executor } from '../../db/client.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { loadGame, requireEditableGame, requireGameRight, type LoadedGame } from '../../policies/games.js';
import { assertNoneLockedByOther } from '../locks/service.js';
import { hasTooManyPixels, imageSize } from '../media/pixels.js';
import { sniffType } from '../media/sniff.js';
import { insertGame } from '../games/service.js';
import { gameMediaDir, mediaFilePath, storageNameFor } from '../media/storage.js';
import { readBundle, writeBundle } from './format.js';
import { remapIds } from './remap.js';
import { loadEntitiesByKind } from '../design/store.js';
import { workingTranslations } from '../translations/service.js';

// ─── Export ──────────────────────────────────────────────────────────────────

/** A design entity row as a bundle (and the relocation) holds it. */
function toBundleEntity(row: typeof designEntities.$inferSelect): BundleEntity {
  return { kind: row.kind, id: row.id, name: row.name, sceneId: row.sceneId, idx: row.idx, body: row.body };
}

/** How messages name an entity of a bundle: `Object type Lantern`. */
function entityLabel(entity: BundleEntity): string {
  return `${DESIGN_KIND_INFO[entity.kind].label} ${entity.name}`;
}

/** The fields of a design entity's body that name a medium (null when none). */
const ENTITY_MEDIA_FIELDS = ['logoId', 'mediaId'] as const;

/**
 * Empties every reference to a medium the bundle does not carry (deleted in use before that was refused,
 * or its file gone), which the import would otherwise refuse, and says which.
 */
function dropMissingMedia(
  game: BundleGame,
  mediaIds: ReadonlySet<string>,
): { game: BundleGame; dropped: DroppedMediaReference[] } {
  const dropped: DroppedMediaReference[] = [];
  const missing = (id: unknown): id is string => typeof id === 'string' && id !== '' && !mediaIds.has(id);
  const entities = game.entities.map((entity) => {
    const body = { ...entity.body };
    for (const field of ENTITY_MEDIA_FIELDS) {
      const id = body[field];
      if (!missing(id)) continue;
      dropped.push({ where: entityLabel(entity), field, mediaId: id });
      body[field] = null;
    }
    return { ...entity, body };
  });
  const { settings } = game;
  const drop = (field: string, id: string | null): null | string => {
    if (!missing(id)) return id;
    dropped.push({ where: 'settings', field, mediaId: id });
    return null;
  };
  const cleaned: BundleGame['settings'] = {
    ...settings,
    logoId: drop('logoId', settings.logoId),
    currencyIcon: drop('currencyIcon', settings.currencyIcon),
    pg: { ...settings.pg, bgImageId: drop('pg.bgImageId', settings.pg.bgImageId) },
  };
  return { game: { ...game, settings: cleaned, entities }, dropped };
}

/** A file name fit for a download: the title's letters and digits joined by dashes. */
function bundleFilename(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_-]+/g, '-')
    .toLowerCase()
    .slice(0, 60);
  return `${slug || 'game'}.loci.zip`;
}

/** A published version's spec with its copy of the settings scrubbed like the game's. */
function scrubSpec(spec: Record<string, unknown>): Record<string, unknown> {
  const game = spec.game as (GameValues & { id: string }) | undefined;
  return game ? { ...spec, game: { ...scrubSettings(game), id: game.id } } : spec;
}

/**
 * A game as one bundle file (clone right, since a bundle is a clone one can
 * carry): settings without passcode, emails or public access, every design
 * entity, the initial world, the design media's original files and, when
 * asked, the published versions. No players, instances, analytics or players'
 * uploads.
 */
export async function exportBundle({
  ctx,
  user,
  gameId,
  withVersions,
}: {
  ctx: AppContext;
  user: CurrentUser;
  gameId: string;
  withVersions: boolean;
}): Promise<{ bytes: Uint8Array; filename: string }> {
  const game = await requireGameRight({ ctx, user, gameId, right: 'clone' });
  const versions = await ctx.db
    .select()
    .from(gameVersions)
    .where(eq(gameVersions.gameId, gameId))
    .orderBy(asc(gameVersions.version));
  const working = versions.find((version) => version.isLiveSpec);
  const mediaRows = await ctx.db
    .select()
    .from(media)
    .where(and(eq(media.gameId, gameId), isNull(media.instanceId)))
    .orderBy(asc(media.createdAt), asc(media.id));
  const entities = await ctx.db
    .select()
    .from(designEntities)
    .where(eq(designEntities.gameId, gameId))
    .orderBy(asc(designEntities.kind), asc(designEntities.name));

  const files = new Map<string, Uint8Array>();
  const listed: BundleMedia[] = [];
  for (const row of mediaRows) {
    let bytes: Buffer;
    try {
      bytes = await readFile(mediaFilePath(ctx.config, gameId, row.storageName));
    } catch {
      // A medium whose file is gone cannot travel; the references to it are emptied below.
      ctx.log.warn({ mediaId: row.id, gameId }, 'bundle export: media file missing, left out');
      continue;
    }
    files.set(row.storageName, bytes);
    listed.push({
      id: row.id,
      file: row.storageName,
      title: row.title,
      description: row.description,
      origFilename: row.origFilename,
      mimetype: row.mimetype,
      size: bytes.length,
      width: row.width,
      height: row.height,
    });
  }
  const { game: content, dropped } = dropMissingMedia(
    {
      settings: scrubSettings(game.row.settings),
      working: {
        multipleInstances: working?.multipleInstances ?? false,
        newInstancesAllowed: working?.newInstancesAllowed ?? true,
        initialState: working?.initialState ?? { has: { object: {}, offer: {} } },
        translations: await workingTranslations(ctx.db, game.row),
      },
      entities: entities.map(toBundleEntity),
      versions: withVersions
        ? versions
            .filter((version) => !version.isLiveSpec && version.spec)
            .map((version) => ({
              version: version.version,
              versionNotes: version.versionNotes,
              createdAt: version.createdAt.toISOString(),
              // Of the current game spec schema, as the bundle's schema version promises.
              schemaVersion: GAME_SPEC_SCHEMA_VERSION,
              spec: scrubSpec(migrateGameSpec(version.spec ?? {})),
            }))
        : [],
    },
    new Set(listed.map((item) => item.id)),
  );
  if (dropped.length > 0) ctx.log.warn({ gameId, dropped }, 'bundle export: references to missing media emptied');
  const bytes = writeBundle(
    {
      exportedAt: ctx.now().toISOString(),
      gameId,
      title: game.row.settings.title,
      language: game.row.settings.language,
      media: listed,
      droppedMediaReferences: dropped,
    },
    content,
    files,
  );
  return { bytes, filename: bundleFilename(game.row.settings.title) };
}

/**
 * An imported game's translations (issue 31), each kept with the main text it
 * translates as the bundle's design has it (so none reads as changed).
 */
async function insertTranslations(
  tx: Executor,
  args: { gameId: string; settings: GameValues; translations: Translations; now: Date },
): Promise<void> {
  const entries = Object.entries(args.translations);
  if (entries.length === 0) return;
  const texts = translatableTexts({ game: args.settings, entities: await loadEntitiesByKind(tx, args.gameId) });
  const mainOf = new Map(texts.map((text) => [text.id, text.text]));
  const rows = entries.flatMap(([language, own]) =>
    Object.entries(own)
      .filter(([id, text]) => mainOf.has(id) && text.trim() !== '')
      .map(([textId, text]) => ({
        gameId: args.gameId,
        language,
        textId,
        text,
        source: mainOf.get(textId)!,
        updatedAt: args.now,
      })),
  );
  for (let start = 0; start < rows.length; start += 1000) {
    await tx.insert(gameTranslations).values(rows.slice(start, start + 1000));
  }
}

// ─── Checks of an incoming bundle ────────────────────────────────────────────

/** The media of a bundle, checked against their bytes like uploads are; the sniffed type is what is stored. */
async function checkMedia(
  listed: readonly BundleMedia[],
  files: ReadonlyMap<string, Uint8Array>,
): Promise<Array<BundleMedia & { bytes: Uint8Array; extension: string }>> {
  const seen = new Set<string>();
  const checked: Array<BundleMedia & { bytes: Uint8Array; extension: string }> = [];
  for (const item of listed) {
    const bytes = files.get(item.file);
    if (!bytes || seen.has(item.id)) throw invalidBundle(BUNDLE_MESSAGES.missingMedia(item.file));
    seen.add(item.id);
    const sniffed = await sniffType(bytes.subarray(0, 4100));
    if (!sniffed || !isAcceptedMediaType(sniffed.mimetype))
      throw invalidBundle(BUNDLE_MESSAGES.mediaNotAccepted(item.file));
    if (mediaTypeOf(sniffed.mimetype) !== mediaTypeOf(item.mimetype)) {
      throw invalidBundle(BUNDLE_MESSAGES.mediaMismatch(item.file));
    }
    if (bytes.length > MEDIA_LIMITS[mediaTypeOf(sniffed.mimetype)]) {
      throw invalidBundle(BUNDLE_MESSAGES.mediaTooLarge(item.file));
    }
    if (mediaTypeOf(sniffed.mimetype) === 'image') {
      const size = await imageSize(bytes);
      if (!size) throw invalidBundle(BUNDLE_MESSAGES.mediaNotAccepted(item.file));
      if (hasTooManyPixels(size)) throw invalidBundle(MEDIA_MESSAGES.tooManyPixels(item.file));
    }
    checked.push({ ...item, mimetype: sniffed.mimetype, size: bytes.length, bytes, extension: sniffed.extension });
  }
  return checked;
}

/**
 * Refuses values the game's forms would refuse — out of range, too long: the
 * settings, each entity and each world entry go through their form's own
 * schema (a bundle is written by hand as easily as by an export), but for
 * their 'Required' (a missing value is the game's to fill in). The field
 * errors are keyed `settings.…`, `entities.{index}.…` and `world.{id}.…`.
 */
function checkValues(game: BundleGame): void {
  const errors: FieldErrors = {};
  let first: string | null = null;
  const add = (where: string, prefix: string, found: FieldErrors | null) => {
    for (const [field, message] of Object.entries(found ?? {})) {
      // What a bundle lacks stays lacking (its export empties references to media the game no longer has):
      // the forms' 'Required' is theirs to ask; what the bundle holds must be in range.
      if (message === DESIGN_MESSAGES.required) continue;
      errors[`${prefix}.${field}`] ??= message;
      first ??= BUNDLE_MESSAGES.invalidValue(where, field, message);
    }
  };
  add('settings', 'settings', validateGameValues(game.settings, 'create'));
  const context = { backgroundType: game.settings.pg.type, market: game.settings.market };
  game.entities.forEach((entity, index) => {
    add(
      entityLabel(entity),
      `entities.${index}`,
      validateDesignEntity(entity.kind, { ...entity.body, name: entity.name, sceneId: entity.sceneId }, context),
    );
  });
  for (const type of WORLD_ENTRY_TYPES) {
    for (const byId of Object.values(game.working.initialState.has[type])) {
      for (const [id, entry] of Object.entries(byId)) {
        const parsed = worldEntrySchemaFor(type).safeParse(entry);
        if (!parsed.success) add(`World entry ${entry.name}`, `world.${id}`, toFieldErrors(parsed.error.issues));
      }
    }
  }
  if (first) throw invalidBundle(first, errors);
}

function invalidBundle(message: string, errors: FieldErrors = { bundle: message }) {
  return fail.validation(errors, message);
}

/**
 * Refuses a bundle whose references lead nowhere: an entity using another the
 * bundle lacks (conditions, actions, scenes, speakers), a world entry on a
 * missing scene, object type or offer, a setting or an entity naming a medium
 * the bundle does not carry. Names must be unique per kind, as in any game.
 */
function checkReferences(game: BundleGame, mediaIds: ReadonlySet<string>): void {
  const kinds = new Map<string, DesignKind>();
  const names = new Set<string>();
  for (const entity of game.entities) {
    const nameKey = `${entity.kind}:${entity.name.toLowerCase()}`;
    if (names.has(nameKey) || kinds.has(`${entity.kind}:${entity.id}`)) {
      throw invalidBundle(BUNDLE_MESSAGES.duplicateEntity(entity.kind, entity.name));
    }
    names.add(nameKey);
    kinds.set(`${entity.kind}:${entity.id}`, entity.kind);
    kinds.set(entity.id, entity.kind);
  }
  const has = (kind: DesignKind, id: string) => kinds.has(`${kind}:${id}`);
  const kindOf = (id: string) => kinds.get(id);
  for (const entity of game.entities) {
    const where = entityLabel(entity);
    const full = { ...entity.body, id: entity.id, gameId: '', name: entity.name, sceneId: entity.sceneId };
    for (const reference of referencesOf(entity.kind, full, kindOf)) {
      if (!has(reference.kind, reference.id)) {
        throw invalidBundle(BUNDLE_MESSAGES.missingReference(where, reference.kind, reference.id));
      }
    }
    const logoId = entity.body.logoId;
    if (typeof logoId === 'string' && logoId !== '' && !mediaIds.has(logoId)) {
      throw invalidBundle(BUNDLE_MESSAGES.missingReference(where, 'medium', logoId));
    }
  }
  for (const entries of [game.working.initialState.has.object, game.working.initialState.has.offer]) {
    for (const byId of Object.values(entries)) {
      for (const entry of Object.values(byId)) {
        for (const reference of worldEntryReferences(entry)) {
          if (!has(reference.kind, reference.id)) {
            throw invalidBundle(
              BUNDLE_MESSAGES.missingReference(`World entry ${entry.name}`, reference.kind, reference.id),
            );
          }
        }
      }
    }
  }
  const { settings } = game;
  for (const [field, id] of [
    ['logoId', settings.logoId],
    ['pg.bgImageId', settings.pg.bgImageId],
    ['currencyIcon', settings.currencyIcon],
  ] as const) {
    if (id !== null && !mediaIds.has(id)) throw invalidBundle(BUNDLE_MESSAGES.missingReference(field, 'medium', id));
  }
}

// ─── Relocation of a game's data ─────────────────────────────────────────────

interface GameData {
  settings: GameValues;
  entities: BundleEntity[];
  initialState: InitialState;
  /** The working version's other languages' texts (issue 31): their text ids carry entity ids, remapped too. */
  translations?: Translations;
}

/** Settings, entities and initial world moved by `relocation` (scene and location bodies keep their other fields). */
function relocateData(data: GameData, relocation: Relocation): GameData {
  return {
    settings: relocateSettings(data.settings, relocation),
    entities: data.entities.map((entity) => ({
      ...entity,
      body: relocateEntityBody(entity.kind, entity.body, relocation),
    })),
    initialState: relocateInitialState(data.initialState, relocation),
    ...(data.translations ? { translations: data.translations } : {}),
  };
}

/** A published version's spec moved like the working version. */
function relocateSpec(spec: Record<string, unknown>, relocation: Relocation): Record<string, unknown> {
  const moved: Record<string, unknown> = { ...spec };
  const game = spec.game as GameValues | undefined;
  if (game?.pg?.place) moved.game = relocateSettings(game, relocation);
  const entities = spec.entities as Record<string, Array<Record<string, unknown>>> | undefined;
  if (entities && typeof entities === 'object') {
    moved.entities = Object.fromEntries(
      Object.entries(entities).map(([kind, list]) => [
        kind,
        Array.isArray(list) ? list.map((entity) => relocateEntityBody(kind as DesignKind, entity, relocation)) : list,
      ]),
    );
  }
  const state = spec.initialState as InitialState | undefined;
  if (state?.has) moved.initialState = relocateInitialState(state, relocation);
  return moved;
}

// ─── Import ──────────────────────────────────────────────────────────────────

/** Calls `renew` with the id of every world entry. */
function addWorldIds(state: InitialState, renew: (id: string) => void): void {
  for (const entries of [state.has.object, state.has.offer]) {
    for (const byId of Object.values(entries)) for (const entryId of Object.keys(byId)) renew(entryId);
  }
}

/**
 * Imports a bundle as a new game owned by the caller (designers and admins):
 * new ids for the game, every entity, medium and world entry, with every
 * reference rewritten; optionally moved to `relocate`'s centre. Everything is
 * checked before anything is stored; the rows go in one transaction, and the
 * media files written before it are removed if it fails.
 */
export async function importBundle({
  ctx,
  user,
  bytes,
  relocate,
}: {
  ctx: AppContext;
  user: CurrentUser;
  bytes: Uint8Array;
  relocate?: RelocationRequest | undefined;
}): Promise<LoadedGame> {
  if (!canAuthor(user.role)) throw fail.forbidden(GAME_TEXTS.noAuthoringRights(user.role));
  const bundle = readBundle(bytes);
  const checkedMedia = await checkMedia(bundle.manifest.media, bundle.files);
  checkReferences(bundle.game, new Set(checkedMedia.map((item) => item.id)));
  checkValues(bundle.game);

  const newGameId = randomUUID();
  const ids = new Map<string, string>([[bundle.manifest.gameId, newGameId]]);
  const renew = (id: string) => {
    if (!ids.has(id)) ids.set(id, randomUUID());
  };
  for (const item of checkedMedia) renew(item.id);
  for (const entity of bundle.game.entities) renew(entity.id);
  addWorldIds(bundle.game.working.initialState as InitialState, renew);
  // A published version may hold entities and world entries deleted since: they get new ids too.
  for (const version of bundle.game.versions) {
    const spec = version.spec;
    for (const list of Object.values(spec.entities)) {
      for (const entity of list as Array<{ id?: unknown }>) if (typeof entity.id === 'string') renew(entity.id);
    }
    addWorldIds(spec.initialState, renew);
  }

  let data: GameData = {
    settings: bundle.game.settings,
    entities: bundle.game.entities,
    initialState: bundle.game.working.initialState as InitialState,
    translations: bundle.game.working.translations ?? {},
  };
  const place = data.settings.pg.place;
  const relocation = relocate ? relocationTo({ lat: place.lat, lng: place.lng }, relocate) : null;
  if (relocation) data = relocateData(data, relocation);
  data = remapIds(data, ids);
  const settings: GameValues = scrubSettings(data.settings);
  const now = ctx.now();

  const newMedia = checkedMedia.map((item) => {
    const id = ids.get(item.id)!;
    return { item, id, storageName: storageNameFor(id, item.extension) };
  });
  try {
    await mkdir(gameMediaDir(ctx.config, newGameId), { recursive: true });
    for (const { item, storageName } of newMedia) {
      await writeFile(mediaFilePath(ctx.config, newGameId, storageName), item.bytes, { flag: 'wx' });
    }
    await ctx.db.transaction(async (tx) => {
      await insertGame(tx, {
        id: newGameId,
        ownerId: user.id,
        settings,
        now,
        working: {
          initialState: data.initialState,
          multipleInstances: bundle.game.working.multipleInstances,
          newInstancesAllowed: bundle.game.working.newInstancesAllowed,
        },
      });
      if (newMedia.length > 0) {
        await tx.insert(media).values(
          newMedia.map(({ item, id, storageName }) => ({
            id,
            gameId: newGameId,
            title: item.title,
            description: item.description,
            origFilename: item.origFilename,
            mimetype: item.mimetype,
            size: item.size,
            width: item.width,
            height: item.height,
            storageName,
            createdAt: now,
            updatedAt: now,
          })),
        );
      }
      // In batches: a statement has at most 65,535 parameters (9 per row).
      for (let start = 0; start < data.entities.length; start += 1000) {
        await tx.insert(designEntities).values(
          data.entities.slice(start, start + 1000).map((entity) => ({
            gameId: newGameId,
            kind: entity.kind,
            id: entity.id,
            name: entity.name,
            sceneId: entity.sceneId,
            idx: entity.idx,
            body: entity.body,
            createdAt: now,
            updatedAt: now,
          })),
        );
      }
      await insertTranslations(tx, { gameId: newGameId, settings, translations: data.translations ?? {}, now });
      // Published versions come as the importer's drafts: restricted to the designers until they release one.
      for (const version of bundle.game.versions) {
        const spec = remapIds(relocation ? relocateSpec(version.spec, relocation) : version.spec, ids);
        await tx.insert(gameVersions).values({
          gameId: newGameId,
          isLiveSpec: false,
          versionNotes: version.versionNotes,
          restrictAccessToDesigner: true,
          spec: scrubSpec(spec),
          schemaVersion: version.schemaVersion,
          version: version.version,
          createdAt: new Date(version.createdAt),
          updatedAt: now,
        });
      }
    });
  } catch (error) {
    await rm(gameMediaDir(ctx.config, newGameId), { recursive: true, force: true });
    throw error;
  }
  return loadGame({ ctx, user, gameId: newGameId });
}

// ─── Relocating a game's working version ─────────────────────────────────────

async function loadGameData(db: Executor, row: LoadedGame['row']): Promise<GameData & { workingId: string }> {
  const [working] = await db
    .select({ id: gameVersions.id, initialState: gameVersions.initialState })
    .from(gameVersions)
    .where(and(eq(gameVersions.gameId, row.id), eq(gameVersions.isLiveSpec, true)))
    .limit(1);
  if (!working) throw fail.notFound(GAME_TEXTS.gameNotFound);
  const rows = await db.select().from(designEntities).where(eq(designEntities.gameId, row.id));
  return {
    workingId: working.id,
    settings: row.settings,
    initialState: working.initialState,
    entities: rows.map(toBundleEntity),
  };
}

const pointOf = (body: Record<string, unknown>) =>
  typeof body.lat === 'number' && typeof body.lng === 'number' ? { lat: body.lat, lng: body.lng } : null;

/** Every place of a game side by side before and after. */
function placesOf(before: GameData, after: GameData): RelocatedPlace[] {
  const places: RelocatedPlace[] = [
    {
      kind: 'playground',
      id: 'playground',
      name: before.settings.pg.title,
      before: { lat: before.settings.pg.place.lat, lng: before.settings.pg.place.lng },
      after: { lat: after.settings.pg.place.lat, lng: after.settings.pg.place.lng },
      radius: before.settings.pg.place.radius,
    },
  ];
  before.entities.forEach((entity, index) => {
    if (entity.kind !== 'scene' && entity.kind !== 'location') return;
    const from = pointOf(entity.body);
    const to = pointOf(after.entities[index]!.body);
    if (!from || !to) return;
    const radius = typeof entity.body.radius === 'number' ? entity.body.radius : null;
    places.push({ kind: entity.kind, id: entity.id, name: entity.name, before: from, after: to, radius });
  });
  for (const type of ['object', 'offer'] as const) {
    for (const [sceneId, entries] of Object.entries(before.initialState.has[type])) {
      for (const [id, entry] of Object.entries(entries) as Array<[string, WorldEntry]>) {
        const moved = after.initialState.has[type][sceneId]?.[id];
        if (!moved) continue;
        places.push({
          kind: type,
          id,
          name: entry.name,
          before: { lat: entry.location.latitude, lng: entry.location.longitude },
          after: { lat: moved.location.latitude, lng: moved.location.longitude },
          radius: null,
        });
      }
    }
  }
  return places;
}

/** Writes moved data over a game's working version, in the caller's transaction. */
async function saveRelocated(tx: Executor, gameId: string, workingId: string, data: GameData, now: Date) {
  await tx.update(games).set({ settings: data.settings, updatedAt: now }).where(eq(games.id, gameId));
  for (const entity of data.entities) {
    if (entity.kind !== 'scene' && entity.kind !== 'location') continue;
    await tx
      .update(designEntities)
      .set({ body: entity.body, updatedAt: now })
      .where(
        and(eq(designEntities.gameId, gameId), eq(designEntities.kind, entity.kind), eq(designEntities.id, entity.id)),
      );
  }
  await tx
    .update(gameVersions)
    .set({ initialState: data.initialState, updatedAt: now })
    .where(eq(gameVersions.id, workingId));
}

/** The lock kinds of what a relocation rewrites besides the settings (guarded by the game lock). */
const RELOCATED_LOCK_KINDS = ['scene', 'location', 'object', 'offerObject'] as const;

/**
 * Moves a game's working version — playground, scenes, locations, objects and
 * offers — so that its playground's centre lands on `request`'s centre, turned
 * by its rotation (edit right, not archived, no other user's lock on the game
 * or, when applying, on any scene, location or world entry: their open form
 * would save the old coordinates back). With `preview`, nothing is saved: the
 * answer shows where everything would go. Published versions keep their
 * place: publish again to play at the new one.
 */
export async function relocateWorkingVersion({
  ctx,
  user,
  gameId,
  request,
  preview,
}: {
  ctx: AppContext;
  user: CurrentUser;
  gameId: string;
  request: RelocationRequest;
  preview: boolean;
}): Promise<RelocationOutcome> {
  const game = await requireEditableGame({ ctx, user, gameId });
  if (!preview) await assertNoneLockedByOther({ ctx, gameId, kinds: RELOCATED_LOCK_KINDS, userId: user.id });
  const before = await loadGameData(ctx.db, game.row);
  const place = before.settings.pg.place;
  const after = relocateData(before, relocationTo({ lat: place.lat, lng: place.lng }, request));
  // Scened kinds keep their scene in a column, not in the body.
  const withScenes = after.entities.map((entity) => ({
    ...entity,
    body: { ...entity.body, sceneId: entity.sceneId ?? entity.body.sceneId },
  }));
  const outcome = { places: placesOf(before, after), outside: findOutsideScenes(withScenes, after.initialState) };
  if (!preview) {
    await ctx.db.transaction((tx) => saveRelocated(tx, game.row.id, before.workingId, after, ctx.now()));
  }
  return outcome;
}
