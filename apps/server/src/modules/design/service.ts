import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import {
  DESIGN_API_MESSAGES,
  DESIGN_KIND_INFO,
  DESIGN_MESSAGES,
  designEntitySchema,
  domainTextRef,
  referencesOf,
  toFieldErrors,
  type DesignEntity,
  type DesignKind,
  type EntityUser,
  type GameValues,
  type InitialState,
} from '@loci/domain';
import type { AppContext } from '../../context.js';
import { designEntities, gameVersions, type DesignEntityRow } from '../../db/schema.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { fail } from '../../lib/errors.js';
import { type LoadedGame, requireEditableGame, requireGameRight } from '../../policies/games.js';
import type { Executor, Transaction } from '../../db/client.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { sanitizeRichTextFields } from '../../lib/rich-text.js';
import { assertNotLockedByOther, clearLocks } from '../locks/service.js';
import {
  beginDesignChange,
  findEntityRow,
  loadEntityRows,
  presentEntity,
  rowFieldsOf,
  schemaContextOf,
} from './store.js';

const NAME_UNIQUE_INDEX = 'design_entities_name_unique';

/** The kinds a scene's delete takes with it. */
const SCENE_PARTS: ReadonlySet<DesignKind> = new Set<DesignKind>(['rule', 'location']);

// ─── Validation ──────────────────────────────────────────────────────────────

/** Fields the client may send back that the server owns: dropped before the kind's schema reads the form. */
const SERVER_FIELDS = ['id', '_id', 'gameId', 'idx', 'createdAt', 'updatedAt'];

/** The form values without the server's fields. */
export function formValuesOf(values: Record<string, unknown>): Record<string, unknown> {
  const form = { ...values };
  for (const field of SERVER_FIELDS) delete form[field];
  return form;
}

/** The kind's zod schema for this game (its background type and market change what is required). */
export function entitySchemaFor(kind: DesignKind, settings: GameValues) {
  return designEntitySchema(kind, schemaContextOf(settings));
}

/** Parses a form body with its kind's schema, rich text sanitised; 400 with the field errors under their paths. */
function parseEntity(kind: DesignKind, settings: GameValues, values: Record<string, unknown>): Record<string, unknown> {
  const schema = entitySchemaFor(kind, settings);
  const result = schema.safeParse(sanitizeRichTextFields(schema, formValuesOf(values)));
  if (!result.success) throw fail.validation(toFieldErrors(result.error.issues));
  return { ...result.data };
}

/** The message of a reference to an element the game does not have. */
export const missingReferenceMessage = (id: string) => `Refers to a missing item (id ${id})`;

/** The dotted path of the first string equal to `id` in `value` ('sideeffects.0.actionArgs.what'), or null. */
function pathOf(value: unknown, id: string, prefix = ''): string | null {
  if (value === id) return prefix || null;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    const found = pathOf(item, id, prefix ? `${prefix}.${key}` : key);
    if (found) return found;
  }
  return null;
}

/**
 * 400 unless every design element the entity refers to is one of this game's
 * (one query for the game's ids): `sceneId` as 'Select a scene' (rules need
 * one; a location may have none), anything else under its path or, when the
 * path is not found, as `generalError`. An action's 'what' that may be of
 * several kinds is satisfied by an element of any of them. Media ids are not
 * checked here.
 */
async function checkReferences(
  db: Executor,
  gameId: string,
  kind: DesignKind,
  id: string,
  fields: { name: string; sceneId: string | null; body: Record<string, unknown> },
): Promise<void> {
  const rows = await db
    .select({ id: designEntities.id, kind: designEntities.kind })
    .from(designEntities)
    .where(eq(designEntities.gameId, gameId));
  const kindsById = new Map<string, Set<DesignKind>>();
  for (const row of rows) kindsById.set(row.id, (kindsById.get(row.id) ?? new Set()).add(row.kind));
  const exists = (refKind: DesignKind, refId: string) => kindsById.get(refId)?.has(refKind) ?? false;

  if (kind === 'rule' || kind === 'location') {
    if (fields.sceneId === null ? kind === 'rule' : !exists('scene', fields.sceneId)) {
      throw fail.validation({ sceneId: DESIGN_MESSAGES.selectScene });
    }
  }
  const values = { ...fields.body, name: fields.name, sceneId: fields.sceneId };
  const entity = { ...values, id, gameId } as DesignEntity;
  const references = referencesOf(kind, entity);
  const errors: Record<string, string> = {};
  for (const refId of new Set(references.map((reference) => reference.id))) {
    const satisfied = references.some((reference) => reference.id === refId && exists(reference.kind, refId));
    if (satisfied) continue;
    const field = pathOf(values, refId) ?? 'generalError';
    errors[field] ??= missingReferenceMessage(refId);
  }
  if (Object.keys(errors).length > 0) throw fail.validation(errors);
}

/** Runs a write, turning a taken name into 409 with `errors.name`. */
async function mapNameTaken<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, NAME_UNIQUE_INDEX)) {
      throw fail.conflict(DESIGN_API_MESSAGES.nameTaken, { name: DESIGN_API_MESSAGES.nameTaken });
    }
    throw error;
  }
}

/** The game when the caller may change its design: edit right and not archived (checked again under lock). */
async function requireDesignEditor(ctx: AppContext, user: CurrentUser, gameId: string): Promise<LoadedGame> {
  const game = await requireEditableGame({ ctx, user, gameId, checkLock: false });
  return game;
}

function notFound(kind: DesignKind) {
  return fail.notFound(domainTextRef('DESIGN_API_MESSAGES', 'kindNotFound', kind));
}

// ─── Rule positions ──────────────────────────────────────────────────────────

/** The next position at the end of a scene's script (positions start at 1, spec 2 §9). */
async function nextRuleIdx(tx: Transaction, gameId: string, sceneId: string | null): Promise<number> {
  const [row] = await tx
    .select({ max: sql<number | null>`max(${designEntities.idx})` })
    .from(designEntities)
    .where(
      and(
        eq(designEntities.gameId, gameId),
        eq(designEntities.kind, 'rule'),
        sceneId === null ? sql`${designEntities.sceneId} is null` : eq(designEntities.sceneId, sceneId),
      ),
    );
  return Number(row?.max ?? 0) + 1;
}

/** Closes the gap a rule leaves at `idx` in its scene. */
async function closeRuleGap(tx: Transaction, gameId: string, sceneId: string | null, idx: number | null) {
  if (idx === null || sceneId === null) return;
  await tx
    .update(designEntities)
    .set({ idx: sql`${designEntities.idx} - 1` })
    .where(
      and(
        eq(designEntities.gameId, gameId),
        eq(designEntities.kind, 'rule'),
        eq(designEntities.sceneId, sceneId),
        gt(designEntities.idx, idx),
      ),
    );
}

// ─── Scene order ─────────────────────────────────────────────────────────────

/**
 * The position of a new scene: after the last one when every scene of the
 * game is ordered; null (after the ordered ones, by name) while some are not,
 * so a new scene never jumps ahead of scenes made before scenes had an order.
 */
async function nextSceneIdx(tx: Transaction, gameId: string): Promise<number | null> {
  const [row] = await tx
    .select({
      max: sql<number | null>`max(${designEntities.idx})`,
      unordered: sql<number>`count(*) filter (where ${designEntities.idx} is null)`,
    })
    .from(designEntities)
    .where(and(eq(designEntities.gameId, gameId), eq(designEntities.kind, 'scene')));
  if (Number(row?.unordered ?? 0) > 0) return null;
  return Number(row?.max ?? 0) + 1;
}

/**
 * Puts the game's scenes in the designer's order (edit right): `ids` must list
 * every scene exactly once (400 with a field error otherwise); positions
 * become 1…n. The game starts in the first enabled non-universe scene of this
 * order unless its settings choose one. Answers the scenes in their new order.
 */
export async function orderScenes({
  ctx,
  user,
  gameId,
  ids,
}: {
  ctx: AppContext;
  user: CurrentUser;
  gameId: string;
  ids: string[];
}): Promise<DesignEntity[]> {
  await requireDesignEditor(ctx, user, gameId);
  const now = ctx.now();
  const rows = await ctx.db.transaction(async (tx) => {
    await beginDesignChange(tx, gameId, now);
    const scenes = await loadEntityRows(tx, gameId, 'scene');
    const known = new Set(scenes.map((scene) => scene.id));
    const listed = new Set(ids);
    if (listed.size !== ids.length || listed.size !== known.size || ids.some((id) => !known.has(id))) {
      throw fail.validation({ ids: DESIGN_API_MESSAGES.sceneOrderIncomplete });
    }
    for (const [index, id] of ids.entries()) {
      await tx
        .update(designEntities)
        .set({ idx: index + 1, updatedAt: now })
        .where(and(eq(designEntities.gameId, gameId), eq(designEntities.kind, 'scene'), eq(designEntities.id, id)));
    }
    return loadEntityRows(tx, gameId, 'scene');
  });
  return rows.map(presentEntity);
}

// ─── Reading ─────────────────────────────────────────────────────────────────

/** The entities of one kind (view right): by name, rules by scene then position, scenes in the designer's order. */
export async function listDesignEntities({
  ctx,
  user,
  gameId,
  kind,
}: {
  ctx: AppContext;
  user: CurrentUser;
  gameId: string;
  kind: DesignKind;
}): Promise<DesignEntity[]> {
  await requireGameRight({ ctx, user, gameId, right: 'view' });
  return (await loadEntityRows(ctx.db, gameId, kind)).map(presentEntity);
}

/** One entity (view right), or 404. */
export async function getDesignEntity({
  ctx,
  user,
  gameId,
  kind,
  id,
}: {
  ctx: AppContext;
  user: CurrentUser;
  gameId: string;
  kind: DesignKind;
  id: string;
}): Promise<DesignEntity> {
  await requireGameRight({ ctx, user, gameId, right: 'view' });
  const row = await findEntityRow(ctx.db, { gameId, kind, id });
  if (!row) throw notFound(kind);
  return presentEntity(row);
}

// ─── Changes ─────────────────────────────────────────────────────────────────

/** Creates an entity (edit right) with a server-made id; a rule goes to the end of its scene. */
export async function createDesignEntity({
  ctx,
  user,
  gameId,
  kind,
  values,
}: {
  ctx: AppContext;
  user: CurrentUser;
  gameId: string;
  kind: DesignKind;
  values: Record<string, unknown>;
}): Promise<DesignEntity> {
  const game = await requireDesignEditor(ctx, user, gameId);
  const fields = rowFieldsOf(kind, parseEntity(kind, game.row.settings, values));
  const now = ctx.now();
  const row = await mapNameTaken(() =>
    ctx.db.transaction(async (tx) => {
      await beginDesignChange(tx, gameId, now);
      // Under the design lock, so that nothing referred to can go between this check and the write.
      const id = randomUUID();
      await checkReferences(tx, gameId, kind, id, fields);
      const idx =
        kind === 'rule'
          ? await nextRuleIdx(tx, gameId, fields.sceneId)
          : kind === 'scene'
            ? await nextSceneIdx(tx, gameId)
            : null;
      const [inserted] = await tx
        .insert(designEntities)
        .values({ gameId, kind, id, ...fields, idx, createdAt: now, updatedAt: now })
        .returning();
      return inserted!;
    }),
  );
  return presentEntity(row);
}

/**
 * Saves the whole form of an entity (edit right; 409 while another user holds
 * its edit lock). A rule moved to another scene goes to the end of that scene's
 * script and closes its gap in the old one.
 */
export async function updateDesignEntity({
  ctx,
  user,
  gameId,
  kind,
  id,
  values,
}: {
  ctx: AppContext;
  user: CurrentUser;
  gameId: string;
  kind: DesignKind;
  id: string;
  values: Record<string, unknown>;
}): Promise<DesignEntity> {
  const game = await requireDesignEditor(ctx, user, gameId);
  await assertNotLockedByOther({ ctx, target: { gameId, kind: DESIGN_KIND_INFO[kind].lockKind, id }, userId: user.id });
  const fields = rowFieldsOf(kind, parseEntity(kind, game.row.settings, values));
  const now = ctx.now();
  const row = await mapNameTaken(() =>
    ctx.db.transaction(async (tx) => {
      await beginDesignChange(tx, gameId, now);
      // Under the design lock, so that nothing referred to can go between this check and the write.
      await checkReferences(tx, gameId, kind, id, fields);
      const existing = await findEntityRow(tx, { gameId, kind, id, forUpdate: true });
      if (!existing) throw notFound(kind);
      let idx = existing.idx;
      if (kind === 'rule' && existing.sceneId !== fields.sceneId) {
        await closeRuleGap(tx, gameId, existing.sceneId, existing.idx);
        idx = await nextRuleIdx(tx, gameId, fields.sceneId);
      }
      const [updated] = await tx
        .update(designEntities)
        .set({ ...fields, idx, updatedAt: now })
        .where(and(eq(designEntities.gameId, gameId), eq(designEntities.kind, kind), eq(designEntities.id, id)))
        .returning();
      return updated!;
    }),
  );
  return presentEntity(row);
}

/** The world objects and offers of an initial state, as (entry, its type, scene) triples. */
function worldEntriesOf(state: InitialState) {
  return (['object', 'offer'] as const).flatMap((type) =>
    Object.entries(state.has[type] ?? {}).flatMap(([sceneId, entries]) =>
      Object.values(entries ?? {}).map((entry) => ({ type, sceneId, entry })),
    ),
  );
}

/**
 * Deletes an entity (edit right; 409 while another user holds its edit lock).
 *
 * A scene takes its rules and locations with it, and the world objects and
 * offers placed in it: the workspace shows them as parts of the scene (its
 * Script and Places tabs, the world list grouped by scene) and none of them
 * means anything without it. Anything else that still uses what would go — a
 * rule of another scene entering it, a rule showing an interaction, a world
 * object of an object type — makes the delete answer 409, naming the users
 * ('Used by rule "Enter harbour", location "Old Harbour"'), and nothing is
 * deleted. A rule's delete closes the gap in its scene's positions.
 */
export async function deleteDesignEntity({
  ctx,
  user,
  gameId,
  kind,
  id,
}: {
  ctx: AppContext;
  user: CurrentUser;
  gameId: string;
  kind: DesignKind;
  id: string;
}): Promise<Array<{ kind: DesignKind; id: string; name: string }>> {
  await requireDesignEditor(ctx, user, gameId);
  await assertNotLockedByOther({ ctx, target: { gameId, kind: DESIGN_KIND_INFO[kind].lockKind, id }, userId: user.id });
  const now = ctx.now();
  const deleted = await ctx.db.transaction(async (tx) => {
    await beginDesignChange(tx, gameId, now);
    const target = await findEntityRow(tx, { gameId, kind, id, forUpdate: true });
    if (!target) throw notFound(kind);
    const all = await loadEntityRows(tx, gameId);
    const going: DesignEntityRow[] = [
      target,
      ...(kind === 'scene' ? all.filter((row) => SCENE_PARTS.has(row.kind) && row.sceneId === id) : []),
    ];
    const goingKeys = new Set(going.map((row) => `${row.kind}:${row.id}`));

    // An action's 'what' may name an item or an attribute: the game's own ids say which.
    const kindById = new Map(all.map((row) => [row.id, row.kind]));
    const kindOf = (entityId: string) => kindById.get(entityId);
    const users: EntityUser[] = [];
    for (const row of all) {
      if (goingKeys.has(`${row.kind}:${row.id}`)) continue;
      const uses = referencesOf(row.kind, presentEntity(row), kindOf).some((ref) =>
        goingKeys.has(`${ref.kind}:${ref.id}`),
      );
      if (uses) users.push({ kind: row.kind, name: row.name });
    }
    const [working] = await tx
      .select({ initialState: gameVersions.initialState })
      .from(gameVersions)
      .where(and(eq(gameVersions.gameId, gameId), eq(gameVersions.isLiveSpec, true)))
      .for('update');
    const state = working?.initialState;
    let placedInScene = 0;
    if (state) {
      for (const { type, sceneId, entry } of worldEntriesOf(state)) {
        if (kind === 'scene' && sceneId === id) {
          placedInScene++;
          continue;
        }
        const typeId = type === 'object' ? entry.archetypeId : entry.offerId;
        const typeKind: DesignKind = type === 'object' ? 'archetype' : 'offer';
        if (typeId !== undefined && goingKeys.has(`${typeKind}:${typeId}`)) {
          users.push({ kind: type === 'object' ? 'worldObject' : 'worldOffer', name: entry.name });
        }
      }
    }
    if (users.length > 0) throw fail.conflict(domainTextRef('DESIGN_API_MESSAGES', 'usedBy', users));

    for (const kindGoing of new Set(going.map((row) => row.kind))) {
      await tx.delete(designEntities).where(
        and(
          eq(designEntities.gameId, gameId),
          eq(designEntities.kind, kindGoing),
          inArray(
            designEntities.id,
            going.filter((row) => row.kind === kindGoing).map((row) => row.id),
          ),
        ),
      );
    }
    if (kind === 'rule') await closeRuleGap(tx, gameId, target.sceneId, target.idx);
    if (state && placedInScene > 0) {
      const next: InitialState = {
        has: {
          object: Object.fromEntries(Object.entries(state.has.object).filter(([sceneId]) => sceneId !== id)),
          offer: Object.fromEntries(Object.entries(state.has.offer).filter(([sceneId]) => sceneId !== id)),
        },
      };
      await tx
        .update(gameVersions)
        .set({ initialState: next })
        .where(and(eq(gameVersions.gameId, gameId), eq(gameVersions.isLiveSpec, true)));
    }
    return going.map((row) => ({ kind: row.kind, id: row.id, name: row.name }));
  });
  for (const row of deleted)
    await clearLocks({ ctx, target: { gameId, kind: DESIGN_KIND_INFO[row.kind].lockKind, id: row.id } });
  return deleted;
}

/** A rule and the neighbour it swaps with; 404 for no such rule, 409 at the ends of its scene. */
async function ruleAndNeighbour(
  db: Executor,
  { gameId, id, direction, forUpdate }: { gameId: string; id: string; direction: 'up' | 'down'; forUpdate: boolean },
): Promise<{ rule: DesignEntityRow & { idx: number }; neighbour: DesignEntityRow }> {
  const rule = await findEntityRow(db, { gameId, kind: 'rule', id, forUpdate });
  if (!rule || rule.idx === null || rule.sceneId === null) throw notFound('rule');
  const neighbourIdx = direction === 'up' ? rule.idx - 1 : rule.idx + 1;
  const query = db
    .select()
    .from(designEntities)
    .where(
      and(
        eq(designEntities.gameId, gameId),
        eq(designEntities.kind, 'rule'),
        eq(designEntities.sceneId, rule.sceneId),
        eq(designEntities.idx, neighbourIdx),
      ),
    )
    .limit(1);
  const [neighbour] = forUpdate ? await query.for('update') : await query;
  if (!neighbour) {
    throw fail.conflict(
      direction === 'up' ? DESIGN_API_MESSAGES.ruleAlreadyFirst : DESIGN_API_MESSAGES.ruleAlreadyLast,
    );
  }
  return { rule: { ...rule, idx: rule.idx }, neighbour };
}

/**
 * Moves a rule one place up or down its scene's script (spec 2 §4): it swaps
 * positions with its neighbour, both rows in one transaction. 409 at the ends,
 * and while another user holds the edit lock of either rule (checked before
 * the transaction, as saves check theirs).
 */
export async function moveRule({
  ctx,
  user,
  gameId,
  id,
  direction,
}: {
  ctx: AppContext;
  user: CurrentUser;
  gameId: string;
  id: string;
  direction: 'up' | 'down';
}): Promise<DesignEntity[]> {
  await requireDesignEditor(ctx, user, gameId);
  const before = await ruleAndNeighbour(ctx.db, { gameId, id, direction, forUpdate: false });
  for (const row of [before.rule, before.neighbour]) {
    await assertNotLockedByOther({
      ctx,
      target: { gameId, kind: DESIGN_KIND_INFO.rule.lockKind, id: row.id },
      userId: user.id,
    });
  }
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    await beginDesignChange(tx, gameId, now);
    const { rule, neighbour } = await ruleAndNeighbour(tx, { gameId, id, direction, forUpdate: true });
    const swap = async (row: DesignEntityRow, idx: number) => {
      const [updated] = await tx
        .update(designEntities)
        .set({ idx, updatedAt: now })
        .where(and(eq(designEntities.gameId, gameId), eq(designEntities.kind, 'rule'), eq(designEntities.id, row.id)))
        .returning();
      return presentEntity(updated!);
    };
    const moved = await swap(rule, neighbour.idx!);
    const other = await swap(neighbour, rule.idx);
    return [moved, other];
  });
}
