import { eq } from 'drizzle-orm';
import { OPERATION_MESSAGES, DEBUG_MESSAGES, type SocketioTestBody } from '@loci/domain';
import type { AppContext } from '../../context.js';
import { gameInstances } from '../../db/schema.js';
import { fail } from '../../lib/errors.js';
import { instanceRoom, userRoom } from '../../lib/realtime.js';
import { isUuid } from '../../lib/uuid.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { loadGame } from '../../policies/games.js';

const USER_PREFIX = 'user:';
const INSTANCE_PREFIX = 'instance:';

/**
 * The room a debug event goes to, when the caller may send there: their own
 * user room (a bare id is read as a user id, as the debugging page's "Socket
 * Room" field is usually a player's id), an instance of a game they manage,
 * or — for admins — any room. A fake event in someone else's app could move
 * their player, so nothing else is allowed (403).
 */
async function authorisedRoom(ctx: AppContext, user: CurrentUser, room: string): Promise<string> {
  const admin = user.role === 'admin';
  if (room.startsWith(INSTANCE_PREFIX)) {
    if (admin) return room;
    const instanceId = room.slice(INSTANCE_PREFIX.length);
    const [instance] = isUuid(instanceId)
      ? await ctx.db
          .select({ gameId: gameInstances.gameId })
          .from(gameInstances)
          .where(eq(gameInstances.id, instanceId))
          .limit(1)
      : [];
    if (!instance) throw fail.notFound(OPERATION_MESSAGES.instanceNotFound);
    const game = await loadGame({ ctx, user, gameId: instance.gameId });
    if (!game.rights.includes('manage')) throw fail.forbidden(DEBUG_MESSAGES.roomForbidden);
    return instanceRoom(instanceId);
  }
  const userId = room.startsWith(USER_PREFIX) ? room.slice(USER_PREFIX.length) : room;
  if (!admin && userId !== user.id) throw fail.forbidden(DEBUG_MESSAGES.roomForbidden);
  return userRoom(userId);
}

/** Emits the debug event `message` with `payload` to `room` (spec 3 §2 Debugging tools). */
export async function sendDebugEvent({
  ctx,
  user,
  body,
}: {
  ctx: AppContext;
  user: CurrentUser;
  body: SocketioTestBody;
}): Promise<{ sent: true; room: string; message: string }> {
  const room = await authorisedRoom(ctx, user, body.room);
  ctx.realtime.toRoom(room, body.message, body.payload);
  return { sent: true, room, message: body.message };
}
