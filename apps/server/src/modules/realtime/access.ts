import { and, eq } from 'drizzle-orm';
import { INBOX_WATCH_ID, WATCH_MESSAGES } from '@loci/domain';
import type { AppContext } from '../../context.js';
import { gameInstances, playerStates } from '../../db/schema.js';
import { isUuid } from '../../lib/uuid.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { loadGame } from '../../policies/games.js';
import { ownPlayerRow } from '../../policies/play.js';

/** Why a socket may not watch an instance, in words a client can show. */
export { WATCH_MESSAGES };

/**
 * Whether `user` may join the room of an instance: its players (the instance's
 * outputs are theirs), and whoever has the manage right on its game (the
 * operators of spec 1 §2). Answers the message to send back when not.
 */
export async function checkWatchAccess(
  ctx: AppContext,
  user: CurrentUser,
  instanceId: string,
): Promise<{ ok: true } | { ok: false; message: string }> {
  // An unknown instance answers as a forbidden one does: the answer must not tell which ids exist.
  const refused = { ok: false, message: WATCH_MESSAGES.forbidden } as const;
  if (!isUuid(instanceId)) return refused;
  const [instance] = await ctx.db
    .select({ gameId: gameInstances.gameId })
    .from(gameInstances)
    .where(eq(gameInstances.id, instanceId))
    .limit(1);
  if (!instance) return refused;
  const [player] = await ctx.db
    .select({ playerId: playerStates.playerId })
    .from(playerStates)
    .where(and(eq(playerStates.instanceId, instanceId), ownPlayerRow(user.id)))
    .limit(1);
  if (player) return { ok: true };
  const game = await loadGame({ ctx, user, gameId: instance.gameId });
  return game.rights.includes('manage') ? { ok: true } : refused;
}

/**
 * Whether `user` may see the screen of `playerId` in an instance ("See as the
 * player"): only with the manage right on its game, never as a fellow player.
 */
export async function checkWatchPlayerAccess(
  ctx: AppContext,
  user: CurrentUser,
  instanceId: string,
  playerId: string,
): Promise<{ ok: true } | { ok: false; message: string }> {
  // As for an instance: unknown answers as forbidden; only an operator hears that a player is not there.
  const refused = { ok: false, message: WATCH_MESSAGES.playerForbidden } as const;
  if (!isUuid(instanceId)) return refused;
  const [found] = await ctx.db
    .select({ gameId: gameInstances.gameId, playerId: playerStates.playerId })
    .from(gameInstances)
    .leftJoin(playerStates, and(eq(playerStates.instanceId, gameInstances.id), eq(playerStates.playerId, playerId)))
    .where(eq(gameInstances.id, instanceId))
    .limit(1);
  if (!found) return refused;
  const game = await loadGame({ ctx, user, gameId: found.gameId });
  if (!game.rights.includes('manage')) return refused;
  // The organisers' inbox (issue 29) is watched as a pseudo player of the instance.
  if (playerId === INBOX_WATCH_ID) return { ok: true };
  return found.playerId ? { ok: true } : { ok: false, message: WATCH_MESSAGES.playerNotFound };
}
