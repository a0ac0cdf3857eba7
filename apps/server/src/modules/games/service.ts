import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { and, desc, eq, exists, ilike, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  canAuthor,
  cloneTitle,
  GAME_OPERATION_MESSAGES,
  GAME_TEXTS,
  NEW_GAME_SCENE_ENTRY,
  marketFieldsWhileOff,
  parseEmailList,
  relocateEntityBody,
  relocateInitialState,
  relocateSettings,
  relocationTo,
  type DesignKind,
  type FieldErrors,
  type GameValues,
  type GamesListQuery,
  type InitialState,
  type RelocationRequest,
  scrubSettings,
} from '@loci/domain';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import {
  designEntities,
  gameAccess,
  games,
  gameTranslations,
  gameVersions,
  media,
  users,
  type GameAccessKind,
  type GameRow,
} from '../../db/schema.js';
import { AppError, fail } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import {
  loadAccess,
  loadGame,
  requireEditableGame,
  requireGameRight,
  rightsOf,
  type LoadedGame,
} from '../../policies/games.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { assertNotLockedByOther } from '../locks/service.js';
import { touchWorkingVersion } from '../design/working-version.js';
import { copyMediaFiles, gameMediaDir, removeGameMediaFiles, storageNameFor } from '../media/storage.js';
import { createGeneratedLogo } from '../media/generated-logo.js';
import { roomsOfGame } from '../realtime/recheck.js';

const ACCESS_FIELDS: Record<GameAccessKind, keyof GameValues> = {
  designer: 'additionalDesignersEmailsText',
  tester: 'additionalDesignerOnlyAccessEmailsText',
  player: 'restrictAccessToEmailsText',
};

// ─── Games list ──────────────────────────────────────────────────────────────

/** Escapes LIKE wildcards so that a search for '50%' finds '50%'. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One page of the games matching `where` (which may name the owner's columns),
 * newest change first, with the owner's name and the total. Two queries rather
 * than count(*) over (): the window would carry every matching row's settings
 * through the sort, while the page alone can walk the updated_at index and stop.
 */
export async function pageOfGames(
  ctx: AppContext,
  where: SQL | undefined,
  { page, pageSize }: { page: number; pageSize: GamesListQuery['pageSize'] },
): Promise<{ rows: Array<{ row: GameRow; ownerName: string | null }>; total: number }> {
  const select = ctx.db
    .select({ row: games, ownerName: users.name })
    .from(games)
    .leftJoin(users, eq(users.id, games.ownerId))
    .where(where)
    .orderBy(desc(games.updatedAt), desc(games.id));
  const rows = await (pageSize === 'all' ? select : select.limit(pageSize).offset((page - 1) * pageSize));
  if (pageSize === 'all') return { rows, total: rows.length };
  const [count] = await ctx.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(games)
    .leftJoin(users, eq(users.id, games.ownerId))
    .where(where);
  return { rows, total: count?.n ?? 0 };
}

/**
 * One page of the games list (spec 1 §2), newest change first. Each filter only
 * selects games the caller has a right on: mine (owned), shared (named in the
 * co-designer or tester list of someone else's game), public (public access
 * view or clone) and all (admins, who have every right). One query for the page,
 * one for the total and one for the email lists of that page: no query per game.
 */
export async function listGames({
  ctx,
  user,
  query,
}: {
  ctx: AppContext;
  user: CurrentUser;
  query: GamesListQuery;
}): Promise<{ games: LoadedGame[]; total: number }> {
  if (!canAuthor(user.role)) throw fail.forbidden(GAME_TEXTS.noAuthoringRights(user.role));
  if (query.filter === 'all' && user.role !== 'admin') throw fail.forbidden(GAME_OPERATION_MESSAGES.allFilterAdminOnly);

  const conditions: Array<SQL | undefined> = [];
  if (query.filter === 'mine') conditions.push(eq(games.ownerId, user.id));
  if (query.filter === 'public') conditions.push(ne(games.publicAccess, 'no'));
  if (query.filter === 'shared') {
    conditions.push(
      or(isNull(games.ownerId), ne(games.ownerId, user.id)),
      exists(
        ctx.db
          .select({ one: sql`1` })
          .from(gameAccess)
          .where(
            and(
              eq(gameAccess.gameId, games.id),
              eq(gameAccess.email, user.email.toLowerCase()),
              inArray(gameAccess.kind, ['designer', 'tester']),
            ),
          ),
      ),
    );
  }
  if (query.q) {
    const pattern = likePattern(query.q);
    conditions.push(or(ilike(games.title, pattern), ilike(users.name, pattern)));
  }
  const where = and(...conditions);

  const { rows, total } = await pageOfGames(ctx, where, query);

  const access = await loadAccess(
    ctx.db,
    rows.map((r) => r.row.id),
  );
  const loaded = rows.map(({ row, ownerName }) => {
    const gameAccessLists = access.get(row.id) ?? { designers: [], testers: [], players: [] };
    return { row, ownerName, access: gameAccessLists, rights: rightsOf(user, row, gameAccessLists) };
  });
  // Every filter only selects games with rights; this guards the rule itself.
  return { games: loaded.filter((game) => game.rights.length > 0), total };
}

// ─── Changes ─────────────────────────────────────────────────────────────────

/** Rewrites the email-list rows of a game from the three texts of its settings. */
/**
 * Inserts a game of `ownerId` and its working version (creating, cloning and
 * importing a game); `working` gives the working version's columns beyond the
 * defaults. Its id.
 */
export async function insertGame(
  tx: Executor,
  {
    id,
    ownerId,
    settings,
    now,
    working = {},
  }: {
    id?: string;
    ownerId: string;
    settings: GameValues;
    now: Date;
    working?: Omit<typeof gameVersions.$inferInsert, 'gameId' | 'isLiveSpec' | 'createdAt' | 'updatedAt'>;
  },
): Promise<string> {
  const [row] = await tx
    .insert(games)
    .values({
      ...(id ? { id } : {}),
      ownerId,
      title: settings.title,
      publicAccess: settings.publicAccess,
      settings,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: games.id });
  if (!row) throw new Error('insertGame: insert returned no row');
  await tx
    .insert(gameVersions)
    .values({ ...working, gameId: row.id, isLiveSpec: true, createdAt: now, updatedAt: now });
  return row.id;
}

async function rebuildAccess(tx: Executor, gameId: string, values: GameValues): Promise<void> {
  await tx.delete(gameAccess).where(eq(gameAccess.gameId, gameId));
  const rows = (Object.keys(ACCESS_FIELDS) as GameAccessKind[]).flatMap((kind) =>
    parseEmailList(values[ACCESS_FIELDS[kind]] as string).map((email) => ({ gameId, kind, email })),
  );
  if (rows.length > 0) await tx.insert(gameAccess).values(rows);
}

/** Field errors for media fields (logo, background image, currency icon) that name no media of this game. */
async function checkMediaReferences(db: Executor, gameId: string | null, values: GameValues): Promise<FieldErrors> {
  const fields: Array<[string, string | null]> = [
    ['logoId', values.logoId],
    ['pg.bgImageId', values.pg.bgImageId],
    ['currencyIcon', values.currencyIcon],
  ];
  const wanted = fields.filter((field): field is [string, string] => field[1] !== null);
  if (wanted.length === 0) return {};
  const ids = wanted.map(([, id]) => id).filter(isUuid);
  const known =
    gameId && ids.length > 0
      ? new Set(
          (
            await db
              .select({ id: media.id })
              .from(media)
              .where(and(eq(media.gameId, gameId), isNull(media.instanceId), inArray(media.id, ids)))
          ).map((row) => row.id),
        )
      : new Set<string>();
  const errors: FieldErrors = {};
  for (const [field, id] of wanted) if (!known.has(id)) errors[field] = GAME_OPERATION_MESSAGES.unknownMedia;
  return errors;
}

/** A field error when the currency item (`currencyItemId`) names no item of this game. */
async function checkCurrencyItem(db: Executor, gameId: string | null, values: GameValues): Promise<FieldErrors> {
  const id = values.currencyItemId;
  if (id === null) return {};
  const [found] = gameId
    ? await db
        .select({ id: designEntities.id })
        .from(designEntities)
        .where(and(eq(designEntities.gameId, gameId), eq(designEntities.kind, 'item'), eq(designEntities.id, id)))
        .limit(1)
    : [];
  return found ? {} : { currencyItemId: GAME_OPERATION_MESSAGES.unknownCurrencyItem };
}

function throwIfErrors(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw fail.validation(errors);
}

/** Creates a game owned by the caller, with its working version, in one transaction. */
export async function createGame({
  ctx,
  user,
  values,
}: {
  ctx: AppContext;
  user: CurrentUser;
  values: GameValues;
}): Promise<LoadedGame> {
  if (!canAuthor(user.role)) throw fail.forbidden(GAME_TEXTS.noAuthoringRights(user.role));
  // A new game has no media yet, so any media reference is unknown.
  throwIfErrors({
    ...(await checkMediaReferences(ctx.db, null, values)),
    ...(await checkCurrencyItem(ctx.db, null, values)),
    ...marketFieldsWhileOff(values),
  });
  const now = ctx.now();
  const gameId = await ctx.db.transaction(async (tx) => {
    // A new game enters its scenes by the script unless the form chose otherwise.
    const settings = { ...values, sceneEntry: values.sceneEntry ?? NEW_GAME_SCENE_ENTRY };
    const id = await insertGame(tx, { ownerId: user.id, settings, now });
    // Without a logo of its own, the game gets one made from its title (issue 30): the logo the form
    // requires on edit never stops a save.
    if (!values.logoId) {
      const logoId = await createGeneratedLogo(tx, ctx.config, { gameId: id, title: values.title, now });
      await tx
        .update(games)
        .set({ settings: { ...settings, logoId } })
        .where(eq(games.id, id));
    }
    await rebuildAccess(tx, id, values);
    return id;
  });
  return loadGame({ ctx, user, gameId });
}

/**
 * Saves the settings form of a game (the whole form, as the console sends it).
 * Needs the edit right, an unarchived game and no other user holding its lock.
 */
export async function updateGame({
  ctx,
  user,
  gameId,
  values,
}: {
  ctx: AppContext;
  user: CurrentUser;
  gameId: string;
  values: GameValues;
}): Promise<LoadedGame> {
  const stored = await requireEditableGame({ ctx, user, gameId });
  // A form that does not know the scene entry keeps the stored one.
  const settings = { ...values, sceneEntry: values.sceneEntry ?? stored.row.settings.sceneEntry };
  throwIfErrors({
    ...(await checkMediaReferences(ctx.db, gameId, values)),
    ...(await checkCurrencyItem(ctx.db, gameId, values)),
    ...marketFieldsWhileOff(values),
  });
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    // The archived guard in the update itself closes the race with a concurrent archive.
    const [updated] = await tx
      .update(games)
      .set({ title: values.title, publicAccess: values.publicAccess, settings, updatedAt: now })
      .where(and(eq(games.id, gameId), eq(games.isArchived, false)))
      .returning({ id: games.id });
    if (!updated) throw fail.conflict(GAME_OPERATION_MESSAGES.archived);
    await rebuildAccess(tx, gameId, values);
    await touchWorkingVersion(tx, gameId, now);
  });
  // The access lists may have dropped someone who watches an instance or a player's screen.
  await ctx.realtime.recheckRooms({ gameId });
  return loadGame({ ctx, user, gameId });
}

/** Deletes an unpublished game with its versions, access lists, media rows and files. */
export async function deleteGame({
  ctx,
  user,
  gameId,
}: {
  ctx: AppContext;
  user: CurrentUser;
  gameId: string;
}): Promise<void> {
  await requireGameRight({ ctx, user, gameId, right: 'manage' });
  await assertNotLockedByOther({ ctx, target: { gameId, kind: 'game', id: gameId }, userId: user.id });
  // Named before they go: once the game is deleted nobody may hold its instances' rooms.
  const rooms = await roomsOfGame(ctx, gameId);
  const mediaIds = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ publicVersionId: games.publicVersionId })
      .from(games)
      .where(eq(games.id, gameId))
      .for('update');
    if (!row) throw fail.notFound(GAME_TEXTS.gameNotFound);
    if (row.publicVersionId) throw fail.conflict(GAME_OPERATION_MESSAGES.unpublishBeforeDelete);
    const ids = await tx.select({ id: media.id }).from(media).where(eq(media.gameId, gameId));
    // Versions, access rows, media rows, design entities and edit locks go with the game (on delete cascade).
    await tx.delete(games).where(eq(games.id, gameId));
    return ids.map((item) => item.id);
  });
  await ctx.realtime.recheckRooms({ rooms });
  await removeGameMediaFiles(ctx.config, gameId, mediaIds);
}

/**
 * Replaces, anywhere in a JSON value, every string that is an old media id by
 * its new id; in an image value's `uri` (`{ id, type: 'image', uri }`), every
 * old media id it contains too, so the copy's images point at the copied files.
 */
function remapIds<T>(value: T, ids: ReadonlyMap<string, string>, key?: string): T {
  if (ids.size === 0 || value === null || value === undefined) return value;
  if (typeof value === 'string') {
    const exact = ids.get(value);
    if (exact !== undefined) return exact as T;
    if (key !== 'uri') return value;
    let uri: string = value;
    for (const [from, to] of ids) if (uri.includes(from)) uri = uri.split(from).join(to);
    return uri as T;
  }
  if (Array.isArray(value)) return value.map((item: unknown) => remapIds(item, ids)) as T;
  if (typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, remapIds(item, ids, name)])) as T;
  }
  return value;
}

/**
 * Clones a game to the caller: its settings (title 'Copy of …'), its working
 * version (spec, initial world), its design entities and its media (rows and
 * files, under new ids that the settings, the entities and the initial world
 * are rewritten to). Design entities keep their ids: ids are unique per
 * (game, kind), so the copy's ids cannot clash with anything and every
 * reference between entities, and from the initial world, stays valid as is.
 * Not copied: the email lists (access is personal to the original), public
 * access (a clone starts private) and the published versions.
 * With `relocate`, the copied rows are moved to that centre before they are
 * stored, so the clone exists relocated or not at all (docs/games.md).
 */
export async function cloneGame({
  ctx,
  user,
  gameId,
  relocate,
}: {
  ctx: AppContext;
  user: CurrentUser;
  gameId: string;
  relocate?: RelocationRequest | undefined;
}): Promise<LoadedGame> {
  const source = await requireGameRight({ ctx, user, gameId, right: 'clone' });
  const [working] = await ctx.db
    .select()
    .from(gameVersions)
    .where(and(eq(gameVersions.gameId, gameId), eq(gameVersions.isLiveSpec, true)))
    .limit(1);
  // Players' uploads belong to their game play, not to the design: a clone leaves them.
  const sourceMedia = await ctx.db
    .select()
    .from(media)
    .where(and(eq(media.gameId, gameId), isNull(media.instanceId)));
  const sourceEntities = await ctx.db.select().from(designEntities).where(eq(designEntities.gameId, gameId));

  const newGameId = randomUUID();
  const idMap = new Map(sourceMedia.map((item) => [item.id, randomUUID()]));
  const newMedia = sourceMedia.map((item) => {
    const id = idMap.get(item.id) ?? randomUUID();
    const extension = item.storageName.split('.').pop() ?? 'bin';
    return { ...item, id, gameId: newGameId, storageName: storageNameFor(id, extension) };
  });
  const place = source.row.settings.pg.place;
  const relocation = relocate ? relocationTo({ lat: place.lat, lng: place.lng }, relocate) : null;
  // Who may not edit the game was never shown its passcode: their copy starts without it (like a bundle).
  const mayEdit = source.rights.includes('edit');
  const copiedSettings = remapIds(source.row.settings, idMap);
  const settings: GameValues = {
    ...scrubSettings(relocation ? relocateSettings(copiedSettings, relocation) : copiedSettings),
    ...(mayEdit ? { playPassword: copiedSettings.playPassword } : {}),
    title: cloneTitle(source.row.settings.title),
  };
  const copiedSpec = working?.spec ? remapIds(working.spec, idMap) : null;
  const moveState = (state: InitialState) => (relocation ? relocateInitialState(state, relocation) : state);
  const moveBody = (kind: DesignKind, body: Record<string, unknown>) =>
    relocation ? relocateEntityBody(kind, body, relocation) : body;
  const now = ctx.now();

  await copyMediaFiles(
    ctx.config,
    sourceMedia.map((item, index) => ({
      fromGameId: gameId,
      fromName: item.storageName,
      toGameId: newGameId,
      toName: newMedia[index]!.storageName,
    })),
  );
  try {
    await ctx.db.transaction(async (tx) => {
      await insertGame(tx, {
        id: newGameId,
        ownerId: user.id,
        settings,
        now,
        working: {
          spec: mayEdit ? copiedSpec : scrubSpecSettings(copiedSpec),
          schemaVersion: working?.schemaVersion ?? 1,
          ...(working ? { initialState: moveState(remapIds(working.initialState, idMap)) } : {}),
          multipleInstances: working?.multipleInstances ?? false,
          newInstancesAllowed: working?.newInstancesAllowed ?? true,
        },
      });
      if (newMedia.length > 0) {
        await tx.insert(media).values(newMedia.map((item) => ({ ...item, createdAt: item.createdAt, updatedAt: now })));
      }
      // In batches: a statement has at most 65,535 parameters (9 per row).
      for (let start = 0; start < sourceEntities.length; start += 1000) {
        await tx.insert(designEntities).values(
          sourceEntities.slice(start, start + 1000).map((entity) => ({
            ...entity,
            gameId: newGameId,
            body: moveBody(entity.kind, remapIds(entity.body, idMap)),
            createdAt: now,
            updatedAt: now,
          })),
        );
      }
      // The other languages' texts (issue 31): a clone keeps the entities' ids, so their text ids hold.
      await tx.execute(sql`
        insert into ${gameTranslations} (game_id, language, text_id, text, source, updated_at)
        select ${newGameId}, language, text_id, text, source, ${now.toISOString()}::timestamptz
        from ${gameTranslations} where game_id = ${gameId}`);
    });
  } catch (error) {
    await rm(gameMediaDir(ctx.config, newGameId), { recursive: true, force: true });
    throw error;
  }
  return loadGame({ ctx, user, gameId: newGameId });
}

/** A stored spec whose game settings are scrubbed (no passcode, no emails), for a copy by someone who may not edit. */
function scrubSpecSettings<T>(spec: T): T {
  if (!spec || typeof spec !== 'object' || !('game' in spec) || !spec.game || typeof spec.game !== 'object')
    return spec;
  return { ...spec, game: scrubSettings(spec.game as GameValues) };
}

/** Withdraws the published version (spec 1 §4); 409 when the game is not published. */
export async function unpublishGame({
  ctx,
  user,
  gameId,
}: {
  ctx: AppContext;
  user: CurrentUser;
  gameId: string;
}): Promise<LoadedGame> {
  await requireGameRight({ ctx, user, gameId, right: 'manage' });
  const [row] = await ctx.db
    .update(games)
    .set({ publicVersionId: null, updatedAt: ctx.now() })
    .where(and(eq(games.id, gameId), isNotNull(games.publicVersionId)))
    .returning({ id: games.id });
  if (!row) throw fail.conflict(GAME_OPERATION_MESSAGES.notPublished);
  // Who may watch does not depend on publication today; checked anyway, so a rule that comes to depend on it holds.
  await ctx.realtime.recheckRooms({ gameId });
  return loadGame({ ctx, user, gameId });
}

/** Archives a game for good (spec 1 §4); afterwards every design change answers 409. */
export async function archiveGame({
  ctx,
  user,
  gameId,
}: {
  ctx: AppContext;
  user: CurrentUser;
  gameId: string;
}): Promise<LoadedGame> {
  await requireGameRight({ ctx, user, gameId, right: 'manage' });
  const [row] = await ctx.db
    .update(games)
    .set({ isArchived: true, updatedAt: ctx.now() })
    .where(and(eq(games.id, gameId), eq(games.isArchived, false)))
    .returning({ id: games.id });
  if (!row) throw new AppError('CONFLICT', GAME_OPERATION_MESSAGES.alreadyArchived);
  await ctx.realtime.recheckRooms({ gameId });
  return loadGame({ ctx, user, gameId });
}

/** Games that are not archived (admin dashboard). */
export async function countActiveGames({ ctx }: { ctx: AppContext }): Promise<number> {
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(games)
    .where(eq(games.isArchived, false));
  return row?.n ?? 0;
}

/** Games with a published version (admin dashboard). */
export async function countPublishedGames({ ctx }: { ctx: AppContext }): Promise<number> {
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(games)
    .where(isNotNull(games.publicVersionId));
  return row?.n ?? 0;
}
