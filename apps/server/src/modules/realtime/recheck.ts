import { eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { gameInstances, playerStates, users } from '../../db/schema.js';
import { instanceRoom, PLAYER_WATCH_PREFIX, playerWatchRoom, userRoom, type RecheckScope } from '../../lib/realtime.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { checkWatchAccess, checkWatchPlayerAccess } from './access.js';

/** A socket as fetchSockets answers it, here or in another process (the Redis adapter). */
interface HeldSocket {
  data: { user?: CurrentUser };
  rooms: Set<string>;
  leave(room: string): void;
}

/** What the check needs of the Socket.IO server: the sockets in some rooms, across every process. */
export interface SocketFinder {
  in(rooms: string | string[]): { fetchSockets(): Promise<HeldSocket[]> };
}

/** The rooms a game's rights guard: its instances' rooms and the rooms of each of their players' screens. */
export async function roomsOfGame(ctx: AppContext, gameId: string): Promise<string[]> {
  const instances = await ctx.db
    .select({ id: gameInstances.id })
    .from(gameInstances)
    .where(eq(gameInstances.gameId, gameId));
  if (instances.length === 0) return [];
  const ids = instances.map((instance) => instance.id);
  const players = await ctx.db
    .select({ instanceId: playerStates.instanceId, playerId: playerStates.playerId })
    .from(playerStates)
    .where(inArray(playerStates.instanceId, ids));
  return [...ids.map(instanceRoom), ...players.map((player) => playerWatchRoom(player.instanceId, player.playerId))];
}

/** Whether `user` may still be in `room` (a room no right guards answers true). */
async function mayHold(ctx: AppContext, user: CurrentUser, room: string): Promise<boolean> {
  if (room.startsWith('instance:')) {
    return (await checkWatchAccess(ctx, user, room.slice('instance:'.length))).ok;
  }
  if (room.startsWith(PLAYER_WATCH_PREFIX)) {
    const [instanceId, ...rest] = room.slice(PLAYER_WATCH_PREFIX.length).split(':');
    return (await checkWatchPlayerAccess(ctx, user, instanceId ?? '', rest.join(':'))).ok;
  }
  return true;
}

/**
 * After rights changed (a game's settings saved, an account's role changed; a
 * game or version archived, unpublished or deleted),
 * every socket in scope — of one user, or in the rooms of one game — leaves
 * at once the instance and player-screen rooms its user may no longer hold,
 * in whichever server process holds it. The user is read afresh (a new role).
 * Answers how many rooms were left.
 */
export async function recheckRooms(ctx: AppContext, io: SocketFinder, scope: RecheckScope): Promise<number> {
  const rooms =
    'userId' in scope
      ? [userRoom(scope.userId)]
      : 'rooms' in scope
        ? [...scope.rooms]
        : await roomsOfGame(ctx, scope.gameId);
  if (rooms.length === 0) return 0;
  const sockets = await io.in(rooms).fetchSockets();
  const fresh = new Map<string, CurrentUser | null>();
  let left = 0;
  for (const socket of sockets) {
    const id = socket.data.user?.id;
    if (!id) continue;
    if (!fresh.has(id)) {
      const [row] = await ctx.db
        .select({ id: users.id, name: users.name, email: users.email, role: users.role, language: users.language })
        .from(users)
        .where(eq(users.id, id));
      fresh.set(id, row ?? null);
    }
    const user = fresh.get(id);
    for (const room of socket.rooms) {
      if (room.startsWith('instance:') || room.startsWith(PLAYER_WATCH_PREFIX)) {
        if (!user || !(await mayHold(ctx, user, room))) {
          socket.leave(room);
          left += 1;
        }
      }
    }
  }
  return left;
}
