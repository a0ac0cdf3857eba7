import { and, desc, eq, sql } from 'drizzle-orm';
import {
  DESIGN_API_MESSAGES,
  GAME_SPEC_SCHEMA_VERSION,
  GAME_TEXTS,
  type DesignGameVersion,
  type GameSpec,
  type GameVersionFormValues,
  type GameValues,
  type UpdateVersionValues,
} from '@loci/domain';
import type { AppContext } from '../../context.js';
import { games, gameVersions, type GameRow, type GameVersionRow } from '../../db/schema.js';
import { fail } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import { assertNotArchived, type LoadedGame, requireEditableGame, requireGameRight } from '../../policies/games.js';
import type { Executor, Transaction } from '../../db/client.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { presentGameVersion } from '../../presenters/games.js';
import { buildWorkingSpec, specOfVersion } from '../runtime/specs.js';
import { assertPublishable } from './publish-gate.js';

/** The key word for the working version in paths (`/initialStates/current`). */
export const CURRENT_VERSION = 'current';

// ─── Reading ─────────────────────────────────────────────────────────────────

/** The versions of a game, working version first, then the newest published. */
export async function versionRowsOf(db: Executor, gameId: string): Promise<GameVersionRow[]> {
  return db
    .select()
    .from(gameVersions)
    .where(eq(gameVersions.gameId, gameId))
    .orderBy(desc(gameVersions.isLiveSpec), desc(gameVersions.createdAt), desc(gameVersions.version));
}

/**
 * Spec 2 §4: publishing is offered when the newest published version is older
 * than the working version's last change, or when nothing was published yet.
 */
export function isPublishDue(rows: readonly GameVersionRow[]): boolean {
  const working = rows.find((row) => row.isLiveSpec);
  const published = rows.filter((row) => !row.isLiveSpec);
  if (published.length === 0) return true;
  const newest = Math.max(...published.map((row) => row.createdAt.getTime()));
  return working !== undefined && working.updatedAt.getTime() > newest;
}

/** The rows of a game's versions presented, working version first, with `publishDue` on it. */
export function presentVersions(rows: readonly GameVersionRow[]): DesignGameVersion[] {
  const due = isPublishDue(rows);
  return rows.map((row) => presentGameVersion(row, due));
}

/** The versions of a game (view right). */
export async function listVersions({
  ctx,
  user,
  gameId,
}: {
  ctx: AppContext;
  user: CurrentUser;
  gameId: string;
}): Promise<DesignGameVersion[]> {
  await requireGameRight({ ctx, user, gameId, right: 'view' });
  return presentVersions(await versionRowsOf(ctx.db, gameId));
}

/** The version `versionId` of a game ('current' = the working version), or 404. */
export async function findVersionRow(
  db: Executor,
  { gameId, versionId, forUpdate = false }: { gameId: string; versionId: string; forUpdate?: boolean },
): Promise<GameVersionRow> {
  const isCurrent = versionId === CURRENT_VERSION;
  if (!isCurrent && !isUuid(versionId)) throw fail.notFound(DESIGN_API_MESSAGES.versionNotFound);
  const query = db
    .select()
    .from(gameVersions)
    .where(
      and(
        eq(gameVersions.gameId, gameId),
        isCurrent ? eq(gameVersions.isLiveSpec, true) : eq(gameVersions.id, versionId),
      ),
    )
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw fail.notFound(DESIGN_API_MESSAGES.versionNotFound);
  return row;
}

/** Settings that only editors see (as the games presenter hides them). */
function maskedSettings(settings: GameSpec['game']): GameSpec['game'] {
  const masked: GameValues & { id: string; title: string } = {
    ...settings,
    playPassword: '',
    additionalDesignersEmailsText: '',
    additionalDesignerOnlyAccessEmailsText: '',
    restrictAccessToEmailsText: '',
  };
  return masked;
}

/** One version with its whole spec (view right; the passcode and email lists only for editors). */
export async function getVersion({
  ctx,
  user,
  gameId,
  versionId,
}: {
  ctx: AppContext;
  user: CurrentUser;
  gameId: string;
  versionId: string;
}): Promise<DesignGameVersion & { spec: GameSpec }> {
  const game = await requireGameRight({ ctx, user, gameId, right: 'view' });
  const row = await findVersionRow(ctx.db, { gameId, versionId });
  const spec = await specOfVersion(ctx.db, game.row, row);
  const shown = game.rights.includes('edit') ? spec : { ...spec, game: maskedSettings(spec.game) };
  const rows = row.isLiveSpec ? await versionRowsOf(ctx.db, gameId) : [];
  return { ...presentGameVersion(row, row.isLiveSpec ? isPublishDue(rows) : undefined), spec: shown };
}

// ─── Publishing ──────────────────────────────────────────────────────────────

/**
 * Locks the game row against design changes (they hold it FOR SHARE, see
 * design/store `beginDesignChange`) and settings saves, for publishing and for
 * the public version's choice. 404 / 409 archived.
 */
async function lockGameForVersions(tx: Transaction, gameId: string): Promise<GameRow> {
  const [game] = await tx.select().from(games).where(eq(games.id, gameId)).for('no key update');
  if (!game) throw fail.notFound(GAME_TEXTS.gameNotFound);
  assertNotArchived(game);
  return game;
}

/**
 * Chooses the game's public version: the newest published version that is not
 * archived and not owner-only (restrictAccessToDesigner), or none.
 *
 * A game that is not published (never, or withdrawn by "unpublish") stays so
 * unless the change itself releases a version — a new version published for
 * everyone, or a version's owner-only flag cleared — so that archiving or
 * editing the notes of an old version never republishes a withdrawn game.
 */
async function choosePublicVersion(
  tx: Transaction,
  { game, releases, now }: { game: GameRow; releases: boolean; now: Date },
): Promise<void> {
  if (game.publicVersionId === null && !releases) return;
  const [newest] = await tx
    .select({ id: gameVersions.id })
    .from(gameVersions)
    .where(
      and(
        eq(gameVersions.gameId, game.id),
        eq(gameVersions.isLiveSpec, false),
        eq(gameVersions.isArchived, false),
        eq(gameVersions.restrictAccessToDesigner, false),
      ),
    )
    .orderBy(desc(gameVersions.createdAt), desc(gameVersions.version))
    .limit(1);
  const publicVersionId = newest?.id ?? null;
  if (publicVersionId !== game.publicVersionId) {
    await tx.update(games).set({ publicVersionId, updatedAt: now }).where(eq(games.id, game.id));
  }
}

/**
 * Publishes the working version (edit right): a new version whose spec is the
 * whole game as it is now — settings, every entity, the initial world — read
 * under the game lock, so no design change can land halfway through the
 * snapshot. Then the public version is chosen again.
 */
export async function publishVersion({
  ctx,
  user,
  gameId,
  values,
}: {
  ctx: AppContext;
  user: CurrentUser;
  gameId: string;
  values: GameVersionFormValues;
}): Promise<DesignGameVersion> {
  await requireEditableGame({ ctx, user, gameId, checkLock: false });
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const game = await lockGameForVersions(tx, gameId);
    const working = await findVersionRow(tx, { gameId, versionId: CURRENT_VERSION });
    const spec = await buildWorkingSpec(tx, { game, initialState: working.initialState });
    // A design with errors (the Problems panel's) is refused, with the list.
    assertPublishable(spec);
    const [last] = await tx
      .select({ max: sql<number | null>`max(${gameVersions.version})` })
      .from(gameVersions)
      .where(eq(gameVersions.gameId, gameId));
    const [inserted] = await tx
      .insert(gameVersions)
      .values({
        gameId,
        isLiveSpec: false,
        versionNotes: values.versionNotes,
        restrictAccessToDesigner: values.restrictAccessToDesigner,
        multipleInstances: values.multipleInstances,
        newInstancesAllowed: values.newInstancesAllowed,
        spec: { ...spec },
        schemaVersion: GAME_SPEC_SCHEMA_VERSION,
        version: Number(last?.max ?? 0) + 1,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await choosePublicVersion(tx, { game, releases: !values.restrictAccessToDesigner, now });
    return inserted!;
  });
  return presentGameVersion(row);
}

/**
 * Saves a version's form (edit right): notes, multiple instances, new
 * instances allowed and — except on the working version (spec 2 §4) — the
 * owner-only flag. Archived versions are final.
 */
export async function updateVersion({
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
  values: UpdateVersionValues;
}): Promise<DesignGameVersion> {
  await requireEditableGame({ ctx, user, gameId, checkLock: false });
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const game = await lockGameForVersions(tx, gameId);
    const existing = await findVersionRow(tx, { gameId, versionId, forUpdate: true });
    if (existing.isArchived) throw fail.conflict(DESIGN_API_MESSAGES.versionArchived);
    const ownerOnly = values.restrictAccessToDesigner;
    if (existing.isLiveSpec && ownerOnly !== undefined && ownerOnly !== existing.restrictAccessToDesigner) {
      throw fail.validation({ restrictAccessToDesigner: DESIGN_API_MESSAGES.workingVersionOwnerOnly });
    }
    const [updated] = await tx
      .update(gameVersions)
      .set({
        ...(values.versionNotes !== undefined ? { versionNotes: values.versionNotes } : {}),
        ...(values.multipleInstances !== undefined ? { multipleInstances: values.multipleInstances } : {}),
        ...(values.newInstancesAllowed !== undefined ? { newInstancesAllowed: values.newInstancesAllowed } : {}),
        ...(ownerOnly !== undefined && !existing.isLiveSpec ? { restrictAccessToDesigner: ownerOnly } : {}),
        // The working version's updatedAt marks design changes (publishDue); its form is not one.
        ...(existing.isLiveSpec ? {} : { updatedAt: now }),
      })
      .where(eq(gameVersions.id, existing.id))
      .returning();
    if (!existing.isLiveSpec) {
      const releases = existing.restrictAccessToDesigner && ownerOnly === false;
      await choosePublicVersion(tx, { game, releases, now });
    }
    return updated!;
  });
  return presentGameVersion(row, row.isLiveSpec ? isPublishDue(await versionRowsOf(ctx.db, gameId)) : undefined);
}

/** Archives a published version for good (edit right); the public version is chosen again. */
export async function archiveVersion({
  ctx,
  user,
  gameId,
  versionId,
}: {
  ctx: AppContext;
  user: CurrentUser;
  gameId: string;
  versionId: string;
}): Promise<DesignGameVersion> {
  await requireEditableGame({ ctx, user, gameId, checkLock: false });
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const game = await lockGameForVersions(tx, gameId);
    const existing = await findVersionRow(tx, { gameId, versionId, forUpdate: true });
    if (existing.isLiveSpec) throw fail.conflict(DESIGN_API_MESSAGES.workingVersionNotArchivable);
    if (existing.isArchived) throw fail.conflict(DESIGN_API_MESSAGES.versionArchived);
    const [updated] = await tx
      .update(gameVersions)
      .set({ isArchived: true, updatedAt: now })
      .where(eq(gameVersions.id, existing.id))
      .returning();
    await choosePublicVersion(tx, { game, releases: false, now });
    return updated!;
  });
  await ctx.realtime.recheckRooms({ gameId });
  return presentGameVersion(row);
}

/** The loaded game's working version row (for the workspace). */
export function workingVersionOf(rows: readonly GameVersionRow[], game: LoadedGame): GameVersionRow {
  const working = rows.find((row) => row.isLiveSpec);
  if (!working) throw new Error(`game ${game.row.id} has no working version`);
  return working;
}
