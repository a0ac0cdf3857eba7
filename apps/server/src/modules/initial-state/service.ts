import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import {
  DESIGN_API_MESSAGES,
  DESIGN_MESSAGES,
  emptyInitialState,
  migrateGameSpec,
  toFieldErrors,
  type DesignEntity,
  type InitialState,
  type InitialStatePath,
  type InitialStateSpecs,
  type PayloadSpecLike,
  type WorldEntry,
  type WorldEntryType,
  worldEntrySchemaFor,
} from '@loci/domain';
import type { AppContext } from '../../context.js';
import { designEntities, gameVersions, type GameVersionRow } from '../../db/schema.js';
import { fail } from '../../lib/errors.js';
import { requireEditableGame, requireGameRight } from '../../policies/games.js';
import type { Executor } from '../../db/client.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { assertNotLockedByOther, clearLocks } from '../locks/service.js';
import { beginDesignChange, findEntityRow, presentEntity } from '../design/store.js';
import { CURRENT_VERSION, findVersionRow } from '../versions/service.js';

/** The edit-lock kind of each entry type's form (spec 3 §4). */
const LOCK_KIND = { object: 'object', offer: 'offerObject' } as const;

/** The field naming the entry's archetype or offer. */
const TYPE_FIELD = { object: 'archetypeId', offer: 'offerId' } as const;

/** The type of a posted form: an offer when it says so or names an offer, else an object. */
function entryTypeOf(values: Record<string, unknown>): WorldEntryType {
  return values.type === 'offer' || (values.type === undefined && typeof values.offerId === 'string')
    ? 'offer'
    : 'object';
}

// ─── Reading ─────────────────────────────────────────────────────────────────

/** The initial world of a version: the working one's column, a published one's snapshot. */
function initialStateOf(row: GameVersionRow): InitialState {
  if (row.isLiveSpec) return row.initialState;
  const spec = migrateGameSpec(row.spec ?? {});
  return spec.initialState ?? emptyInitialState();
}

/** The initial world of a version ('current' = the working version) (view right). */
export async function getInitialState({
  ctx,
  user,
  gameId,
  versionId,
}: {
  ctx: AppContext;
  user: CurrentUser;
  gameId: string;
  versionId: string;
}): Promise<InitialState> {
  await requireGameRight({ ctx, user, gameId, right: 'view' });
  return initialStateOf(await findVersionRow(ctx.db, { gameId, versionId }));
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
function numberOf(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
}
function recordOf(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
/** A thumbnail URL of a medium fit for a map marker (25 × 25 px, spec 3 §9; twice that for sharp screens). */
function iconUriOf(logoId: unknown): string | null {
  return typeof logoId === 'string' && logoId !== '' ? `/api/design/medias/thumb/${logoId}?width=50&square=1` : null;
}

/** Where a scene is: its place.center (spec 2 §3) or its lat/lng; its radius. */
function sceneGeometry(scene: DesignEntity): { center: { latitude: number; longitude: number }; radius: number } {
  const place = recordOf(scene.place);
  const center = recordOf(place.center);
  return {
    center: {
      latitude: numberOf(center.latitude) ?? numberOf(scene.lat) ?? 0,
      longitude: numberOf(center.longitude) ?? numberOf(scene.lng) ?? 0,
    },
    radius: numberOf(place.radius) ?? numberOf(scene.radius) ?? 100,
  };
}

/** What the object and offer forms pick from, out of a version's scenes, archetypes and offers. */
function specsOf(entities: {
  scene: DesignEntity[];
  archetype: DesignEntity[];
  offer: DesignEntity[];
}): InitialStateSpecs {
  return {
    scenes: entities.scene.map((scene) => ({
      id: scene.id,
      name: scene.name,
      title: textOf(scene.title),
      ...sceneGeometry(scene),
      universe: scene.universe === true,
    })),
    archetypes: entities.archetype.map((archetype) => ({
      id: archetype.id,
      name: archetype.name,
      title: textOf(archetype.title),
      payloadSpec: recordOf(archetype.payloadSpec),
      iconUri: iconUriOf(archetype.logoId),
      moderated: archetype.moderated === true,
    })),
    offers: entities.offer.map((offer) => ({
      id: offer.id,
      name: offer.name,
      title: textOf(offer.title),
      payloadSpec: recordOf(offer.payloadSpec),
      iconUri: iconUriOf(offer.logoId),
      quantity: numberOf(offer.quantity),
    })),
  };
}

/** GET /initialStateSpecs/{versionId}: the scenes, archetypes and offers of a version (view right). */
export async function getInitialStateSpecs({
  ctx,
  user,
  gameId,
  versionId,
}: {
  ctx: AppContext;
  user: CurrentUser;
  gameId: string;
  versionId: string;
}): Promise<InitialStateSpecs> {
  await requireGameRight({ ctx, user, gameId, right: 'view' });
  const row = await findVersionRow(ctx.db, { gameId, versionId });
  if (!row.isLiveSpec) {
    const { entities } = migrateGameSpec(row.spec ?? {});
    return specsOf({
      scene: entities?.scene ?? [],
      archetype: entities?.archetype ?? [],
      offer: entities?.offer ?? [],
    });
  }
  const rows = await ctx.db
    .select()
    .from(designEntities)
    .where(and(eq(designEntities.gameId, gameId), inArray(designEntities.kind, ['scene', 'archetype', 'offer'])));
  const byName = (a: DesignEntity, b: DesignEntity) => a.name.toLowerCase().localeCompare(b.name.toLowerCase());
  const of = (kind: 'scene' | 'archetype' | 'offer') =>
    rows
      .filter((entity) => entity.kind === kind)
      .map(presentEntity)
      .sort(byName);
  return specsOf({ scene: of('scene'), archetype: of('archetype'), offer: of('offer') });
}

/** True when another entry of `type` in the working initial world is called `name` (case-insensitive). */
export async function isWorldNameTaken(
  db: Executor,
  { gameId, type, name, exceptId }: { gameId: string; type: WorldEntryType; name: string; exceptId?: string },
): Promise<boolean> {
  const working = await findVersionRow(db, { gameId, versionId: CURRENT_VERSION });
  return nameTakenIn(working.initialState, type, name, exceptId);
}

function nameTakenIn(state: InitialState, type: WorldEntryType, name: string, exceptId?: string): boolean {
  const wanted = name.trim().toLowerCase();
  return Object.values(state.has[type] ?? {}).some((entries) =>
    Object.values(entries ?? {}).some((entry) => entry.id !== exceptId && entry.name.trim().toLowerCase() === wanted),
  );
}

// ─── Changes ─────────────────────────────────────────────────────────────────

/** The working version for a change: 404 if there is no such version, 409 if it is a published one. */
async function requireWorkingVersion(db: Executor, gameId: string, versionId: string): Promise<void> {
  const row = await findVersionRow(db, { gameId, versionId });
  if (!row.isLiveSpec) throw fail.conflict(DESIGN_API_MESSAGES.publishedVersionImmutable);
}

/** `state` without the entry `id` of `type`, and without scenes left empty. */
function withoutEntry(state: InitialState, type: WorldEntryType, id: string): InitialState {
  const scenes = Object.entries(state.has[type] ?? {})
    .map(
      ([sceneId, entries]) =>
        [sceneId, Object.fromEntries(Object.entries(entries).filter(([key]) => key !== id))] as const,
    )
    .filter(([, entries]) => Object.keys(entries).length > 0);
  return { has: { ...state.has, [type]: Object.fromEntries(scenes) } };
}

/** Writes the working version's initial world (inside a design change). */
async function writeInitialState(tx: Executor, gameId: string, state: InitialState): Promise<void> {
  await tx
    .update(gameVersions)
    .set({ initialState: state })
    .where(and(eq(gameVersions.gameId, gameId), eq(gameVersions.isLiveSpec, true)));
}

/**
 * Adds or saves a world object or offer of the working version (edit right;
 * a published version is immutable: 409). A form without id gets a new one; an
 * entry whose scene changed moves to its new scene's key. Its scene, object
 * type or offer must exist (400 under the field), and its name must be unique
 * among the entries of its type (409 with errors.name).
 */
export async function saveWorldEntry({
  ctx,
  user,
  gameId,
  versionId,
  values,
}: {
  ctx: AppContext;
  user: CurrentUser;
  gameId: string;
  versionId: string;
  values: Record<string, unknown>;
}): Promise<InitialState> {
  await requireEditableGame({ ctx, user, gameId, checkLock: false });
  await requireWorkingVersion(ctx.db, gameId, versionId);
  const type = entryTypeOf(values);
  // First the form's own rules, then (once its type is known) its payload against the type's payload spec.
  const form = worldEntrySchemaFor(type).safeParse(values);
  if (!form.success) throw fail.validation(toFieldErrors(form.error.issues));
  const id = form.data.id || randomUUID();
  if (form.data.id)
    await assertNotLockedByOther({ ctx, target: { gameId, kind: LOCK_KIND[type], id }, userId: user.id });
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    await beginDesignChange(tx, gameId, now);
    const typeId = (type === 'object' ? form.data.archetypeId : form.data.offerId) ?? '';
    const scene = await findEntityRow(tx, { gameId, kind: 'scene', id: form.data.sceneId });
    const typeRow = await findEntityRow(tx, { gameId, kind: type === 'object' ? 'archetype' : 'offer', id: typeId });
    const errors: Record<string, string> = {};
    if (!scene) errors.sceneId = DESIGN_MESSAGES.selectScene;
    if (!typeRow) errors[TYPE_FIELD[type]] = DESIGN_MESSAGES.selectObjectType;
    if (Object.keys(errors).length > 0 || !typeRow) throw fail.validation(errors);
    const parsed = worldEntrySchemaFor(type, {
      payloadSpec: recordOf(typeRow.body.payloadSpec) as PayloadSpecLike,
      moderated: typeRow.body.moderated === true,
    }).safeParse(values);
    if (!parsed.success) throw fail.validation(toFieldErrors(parsed.error.issues));
    const entry: WorldEntry = { ...parsed.data, id };

    const working = await findVersionRow(tx, { gameId, versionId: CURRENT_VERSION, forUpdate: true });
    if (nameTakenIn(working.initialState, type, entry.name, entry.id)) {
      throw fail.conflict(DESIGN_API_MESSAGES.nameTaken, { name: DESIGN_API_MESSAGES.nameTaken });
    }
    const state = withoutEntry(working.initialState, type, entry.id);
    state.has[type] = { ...state.has[type], [entry.sceneId]: { ...state.has[type][entry.sceneId], [entry.id]: entry } };
    await writeInitialState(tx, gameId, state);
    return state;
  });
}

/** The entry type a DELETE path names. */
const PATH_TYPE: Record<InitialStatePath, WorldEntryType> = {
  'state.has.object': 'object',
  'state.has.offer': 'offer',
};

/** Removes a world object or offer of the working version (edit right; 404 when it is not there). */
export async function deleteWorldEntry({
  ctx,
  user,
  gameId,
  versionId,
  path,
  sceneId,
  id,
}: {
  ctx: AppContext;
  user: CurrentUser;
  gameId: string;
  versionId: string;
  path: InitialStatePath;
  sceneId: string;
  id: string;
}): Promise<InitialState> {
  await requireEditableGame({ ctx, user, gameId, checkLock: false });
  await requireWorkingVersion(ctx.db, gameId, versionId);
  const type = PATH_TYPE[path];
  await assertNotLockedByOther({ ctx, target: { gameId, kind: LOCK_KIND[type], id }, userId: user.id });
  const now = ctx.now();
  const state = await ctx.db.transaction(async (tx) => {
    await beginDesignChange(tx, gameId, now);
    const working = await findVersionRow(tx, { gameId, versionId: CURRENT_VERSION, forUpdate: true });
    if (!working.initialState.has[type]?.[sceneId]?.[id]) throw fail.notFound(DESIGN_API_MESSAGES.worldEntryNotFound);
    const next = withoutEntry(working.initialState, type, id);
    await writeInitialState(tx, gameId, next);
    return next;
  });
  await clearLocks({ ctx, target: { gameId, kind: LOCK_KIND[type], id } });
  return state;
}
