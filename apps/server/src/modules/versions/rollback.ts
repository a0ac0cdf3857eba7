import { and, desc, eq } from 'drizzle-orm';
import {
  DESIGN_KIND_INFO,
  DESIGN_KINDS,
  diffGameSpecs,
  migrateGameSpec,
  VERSION_MESSAGES,
  domainTextRef,
  type GameSpec,
  type RollbackSnapshot,
  type VersionDiff,
} from '@loci/domain';
import type { AppContext } from '../../context.js';
import type { Transaction } from '../../db/client.js';
import { designEntities, gameVersions, rollbackSnapshots, type RollbackSnapshotRow } from '../../db/schema.js';
import { AppError, fail } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import { requireEditableGame, requireGameRight, type LoadedGame } from '../../policies/games.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { beginDesignChange, rowFieldsOf } from '../design/store.js';
import { findLockedByOther } from '../locks/service.js';
import { buildWorkingSpec, specOfVersion } from '../runtime/specs.js';
import {
  readWorkingTranslationRows,
  replaceEntityTranslations,
  translationRowsOfSpec,
  type TranslationRowCopy,
} from '../translations/service.js';
import { CURRENT_VERSION, findVersionRow } from './service.js';

/**
 * Compare and roll back (docs/versions.md). A roll back makes the working copy
 * a copy of an old version's entities and initial world; the working copy as
 * it was is saved first (rollback_snapshots) so "Undo roll back" restores it.
 * The translations (issue 31) go with the texts they translate: a roll back
 * makes the entities' translations the old version's, and its undo brings back
 * the rows as they were (kept in the snapshot as `translationRows`, with the
 * main text each was made from, so a translation marked changed stays so);
 * the game's own texts and their translations stay, as its settings do.
 * The game's settings are not rolled back: they hold who may play and edit,
 * which an old version must not bring back.
 */

interface Caller {
  ctx: AppContext;
  user: CurrentUser;
  gameId: string;
}

/** What changed from version `fromId` to version `toId` ('current' = the working copy) (edit right). */
export async function compareVersions({
  ctx,
  user,
  gameId,
  fromId,
  toId,
}: Caller & { fromId: string; toId: string }): Promise<VersionDiff> {
  const game = await requireGameRight({ ctx, user, gameId, right: 'edit' });
  const [from, to] = await Promise.all(
    [fromId, toId].map(async (versionId) =>
      specOfVersion(ctx.db, game.row, await findVersionRow(ctx.db, { gameId, versionId })),
    ),
  );
  return diffGameSpecs(from!, to!);
}

/** The design entities a change of the working copy rewrites, as lock targets, named as the working copy names them. */
function rewrittenEntities(diff: VersionDiff, working: GameSpec) {
  return diff.changes.flatMap((change) => {
    if (change.subject === 'game' || change.subject === 'world') return [];
    const kind = change.subject;
    const now = (working.entities[kind] as Array<{ id: string; name: string }>).find(
      (entity) => entity.id === change.id,
    );
    return [{ kind, lockKind: DESIGN_KIND_INFO[kind].lockKind, id: change.id, name: now?.name ?? change.name }];
  });
}

/** 409 naming the first entity the change would rewrite that another editor has locked. */
async function assertNoRewrittenLocked(
  tx: Transaction,
  { ctx, user, gameId, working, target }: Caller & { working: GameSpec; target: GameSpec },
): Promise<void> {
  const rewritten = rewrittenEntities(diffGameSpecs(working, target), working);
  const locked = await findLockedByOther({
    ctx,
    db: tx,
    gameId,
    userId: user.id,
    resources: rewritten.map((entity) => ({ kind: entity.lockKind, id: entity.id })),
  });
  if (!locked) return;
  const entity = rewritten.find((candidate) => candidate.id === locked.id && candidate.lockKind === locked.kind)!;
  throw new AppError(
    'CONFLICT',
    domainTextRef('VERSION_MESSAGES', 'lockedEntity', entity.kind, entity.name, locked.holder.name),
    {
      extra: { locked: { kind: entity.kind, id: entity.id, name: entity.name }, holder: locked.holder },
    },
  );
}

/** Replaces the working copy's entities and initial world with a spec's, inside a design change. */
async function writeWorkingCopy(
  tx: Transaction,
  { gameId, spec, now }: { gameId: string; spec: GameSpec; now: Date },
): Promise<void> {
  await tx.delete(designEntities).where(eq(designEntities.gameId, gameId));
  const rows = DESIGN_KINDS.flatMap((kind) =>
    (spec.entities[kind] as Array<Record<string, unknown> & { id: string }>).map((entity) => {
      const { name, sceneId, body } = rowFieldsOf(kind, entity);
      const idx = (kind === 'rule' || kind === 'scene') && typeof entity.idx === 'number' ? entity.idx : null;
      return { gameId, kind, id: entity.id, name, sceneId, idx, body, createdAt: now, updatedAt: now };
    }),
  );
  if (rows.length > 0) await tx.insert(designEntities).values(rows);
  await tx
    .update(gameVersions)
    .set({ initialState: spec.initialState })
    .where(and(eq(gameVersions.gameId, gameId), eq(gameVersions.isLiveSpec, true)));
}

function presentSnapshot(row: RollbackSnapshotRow, version: number): RollbackSnapshot {
  return { id: row.id, gameId: row.gameId, versionId: row.versionId, version, createdAt: row.createdAt.toISOString() };
}

/** The working copy as it is now (read inside the change's transaction). */
async function workingSpec(tx: Transaction, game: LoadedGame): Promise<GameSpec> {
  const working = await findVersionRow(tx, { gameId: game.row.id, versionId: CURRENT_VERSION });
  return buildWorkingSpec(tx, { game: game.row, initialState: working.initialState });
}

/**
 * Rolls the working copy back to the published version `versionId` (edit
 * right): refused with 409 when another editor holds the lock of an entity it
 * would rewrite. Answers the snapshot that "Undo roll back" restores.
 */
export async function rollBack({
  ctx,
  user,
  gameId,
  versionId,
}: Caller & { versionId: string }): Promise<RollbackSnapshot> {
  const game = await requireEditableGame({ ctx, user, gameId, checkLock: false });
  const target = await findVersionRow(ctx.db, { gameId, versionId });
  if (target.isLiveSpec) throw fail.conflict(VERSION_MESSAGES.rollbackWorking);
  if (target.isArchived) throw fail.conflict(VERSION_MESSAGES.rollbackArchived);
  const old = migrateGameSpec(target.spec ?? {});
  const now = ctx.now();
  const snapshot = await ctx.db.transaction(async (tx) => {
    await beginDesignChange(tx, gameId, now);
    const current = await workingSpec(tx, game);
    await assertNoRewrittenLocked(tx, { ctx, user, gameId, working: current, target: old });
    const [saved] = await tx
      .insert(rollbackSnapshots)
      .values({
        gameId,
        versionId: target.id,
        spec: { ...current, translationRows: await readWorkingTranslationRows(tx, gameId) },
        createdBy: user.id,
        createdAt: now,
      })
      .returning();
    await writeWorkingCopy(tx, { gameId, spec: old, now });
    await replaceEntityTranslations(tx, { gameId, rows: translationRowsOfSpec(old), now });
    return saved!;
  });
  return presentSnapshot(snapshot, target.version);
}

/** The roll backs that can be undone, the newest first (edit right). */
export async function listRollbacks({ ctx, user, gameId }: Caller): Promise<RollbackSnapshot[]> {
  await requireGameRight({ ctx, user, gameId, right: 'edit' });
  const rows = await ctx.db
    .select({ snapshot: rollbackSnapshots, version: gameVersions.version })
    .from(rollbackSnapshots)
    .innerJoin(gameVersions, eq(gameVersions.id, rollbackSnapshots.versionId))
    .where(eq(rollbackSnapshots.gameId, gameId))
    .orderBy(desc(rollbackSnapshots.createdAt));
  return rows.map((row) => presentSnapshot(row.snapshot, row.version));
}

/**
 * Undoes a roll back (edit right): the working copy becomes what it was just
 * before it, and the snapshot is spent. Locks are respected as for the roll back.
 */
export async function undoRollback({
  ctx,
  user,
  gameId,
  snapshotId,
}: Caller & { snapshotId: string }): Promise<{ ok: true }> {
  const game = await requireEditableGame({ ctx, user, gameId, checkLock: false });
  if (!isUuid(snapshotId)) throw fail.notFound(VERSION_MESSAGES.snapshotNotFound);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await beginDesignChange(tx, gameId, now);
    const [row] = await tx
      .select()
      .from(rollbackSnapshots)
      .where(and(eq(rollbackSnapshots.gameId, gameId), eq(rollbackSnapshots.id, snapshotId)))
      .for('update');
    if (!row) throw fail.notFound(VERSION_MESSAGES.snapshotNotFound);
    const saved = migrateGameSpec(row.spec);
    await assertNoRewrittenLocked(tx, { ctx, user, gameId, working: await workingSpec(tx, game), target: saved });
    await writeWorkingCopy(tx, { gameId, spec: saved, now });
    // A snapshot taken before roll backs kept translations left them alone: its undo does too.
    const rows = (row.spec as { translationRows?: TranslationRowCopy[] }).translationRows;
    if (Array.isArray(rows)) await replaceEntityTranslations(tx, { gameId, rows, now });
    await tx.delete(rollbackSnapshots).where(eq(rollbackSnapshots.id, row.id));
  });
  return { ok: true };
}
