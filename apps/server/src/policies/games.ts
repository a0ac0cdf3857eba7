/**
 * The rights of a caller on a game, for every module (spec 1 §6): one place
 * loads what the domain's pure rights function needs (the game row and the
 * accounts its email lists name) and answers view, edit, clone and manage; the
 * guards every design change shares (archived, the game lock) sit beside them.
 * Playing is answered by ./play.ts from the same loaded game.
 */
import { eq, inArray } from 'drizzle-orm';
import { GAME_OPERATION_MESSAGES, GAME_TEXTS, gameRights, type GameRight } from '@loci/domain';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { gameAccess, games, users, type GameRow } from '../db/schema.js';
import { fail } from '../lib/errors.js';
import { isUuid } from '../lib/uuid.js';
import { assertNotLockedByOther } from '../modules/locks/service.js';
import type { CurrentUser } from '../plugins/auth.js';

/** Users the email lists name who have an account (resolved by email when read). */
export interface ResolvedAccess {
  designers: string[];
  testers: string[];
  players: string[];
}

/** A game with what its presentation and its rights need. */
export interface LoadedGame {
  row: GameRow;
  ownerName: string | null;
  access: ResolvedAccess;
  rights: GameRight[];
}

const RIGHT_MESSAGES: Record<GameRight, string> = {
  view: GAME_OPERATION_MESSAGES.noView,
  edit: GAME_OPERATION_MESSAGES.noEdit,
  clone: GAME_OPERATION_MESSAGES.noClone,
  manage: GAME_OPERATION_MESSAGES.noManage,
};

/** The account ids the email lists of these games name, per game. One query, whatever the number of games. */
export async function loadAccess(db: Executor, gameIds: readonly string[]): Promise<Map<string, ResolvedAccess>> {
  const byGame = new Map<string, ResolvedAccess>(
    gameIds.map((id) => [id, { designers: [], testers: [], players: [] }]),
  );
  if (gameIds.length === 0) return byGame;
  const rows = await db
    .select({ gameId: gameAccess.gameId, kind: gameAccess.kind, userId: users.id })
    .from(gameAccess)
    .innerJoin(users, eq(users.email, gameAccess.email))
    .where(inArray(gameAccess.gameId, [...gameIds]));
  for (const row of rows) {
    const access = byGame.get(row.gameId);
    if (!access) continue;
    const list = row.kind === 'designer' ? access.designers : row.kind === 'tester' ? access.testers : access.players;
    list.push(row.userId);
  }
  return byGame;
}

/** The caller's rights on a game (spec 1 §6), computed by the domain's rules. */
export function rightsOf(user: CurrentUser, row: GameRow, access: ResolvedAccess): GameRight[] {
  return gameRights(
    { id: user.id, role: user.role, email: user.email },
    {
      // A game whose owner deleted their account has no owner; '' matches nobody.
      userId: row.ownerId ?? '',
      additionalDesigners: access.designers,
      designerOnlyAccessUserIds: access.testers,
      authorisedPlayerIds: access.players,
      publicAccess: row.publicAccess,
    },
  );
}

/** The game with the caller's rights, or 404 'Game not found. Sorry.'. */
export async function loadGame({
  ctx,
  user,
  gameId,
  db = ctx.db,
}: {
  ctx: AppContext;
  user: CurrentUser;
  gameId: string;
  db?: Executor;
}): Promise<LoadedGame> {
  if (!isUuid(gameId)) throw fail.notFound(GAME_TEXTS.gameNotFound);
  const [found] = await db
    .select({ row: games, ownerName: users.name })
    .from(games)
    .leftJoin(users, eq(users.id, games.ownerId))
    .where(eq(games.id, gameId))
    .limit(1);
  if (!found) throw fail.notFound(GAME_TEXTS.gameNotFound);
  const access = (await loadAccess(db, [gameId])).get(gameId) ?? { designers: [], testers: [], players: [] };
  return { row: found.row, ownerName: found.ownerName, access, rights: rightsOf(user, found.row, access) };
}

/** The game when the caller has `right` on it; 404 when there is no such game, 403 without the right. */
export async function requireGameRight({
  ctx,
  user,
  gameId,
  right,
}: {
  ctx: AppContext;
  user: CurrentUser;
  gameId: string;
  right: GameRight;
}): Promise<LoadedGame> {
  const game = await loadGame({ ctx, user, gameId });
  if (!game.rights.includes(right)) throw fail.forbidden(RIGHT_MESSAGES[right]);
  return game;
}

/** 409 'This game has been archived.' for any design change to an archived game. */
export function assertNotArchived(row: Pick<GameRow, 'isArchived'>): void {
  if (row.isArchived) throw fail.conflict(GAME_OPERATION_MESSAGES.archived);
}

/**
 * The game when the caller may change its design now: edit right, not archived,
 * and no other user holding the live 'game' lock on it (spec 2 §7).
 */
export async function requireEditableGame({
  ctx,
  user,
  gameId,
  checkLock = true,
}: {
  ctx: AppContext;
  user: CurrentUser;
  gameId: string;
  checkLock?: boolean;
}): Promise<LoadedGame> {
  const game = await requireGameRight({ ctx, user, gameId, right: 'edit' });
  assertNotArchived(game.row);
  if (checkLock) await assertNotLockedByOther({ ctx, target: { gameId, kind: 'game', id: gameId }, userId: user.id });
  return game;
}
