/**
 * The wall's realtime channel (issue 29): the Socket.IO namespace `/wall`, apart from the signed-in default
 * namespace. A socket hands the projector link's token (`auth.wallToken`); a working token puts it in its
 * instance's wall room and nothing else — it can emit nothing (no watch, no events) and only ever hears
 * `wallChanged`, upon which it reads the wall again over HTTP (GET /api/wall/{token}), as it does after every
 * reconnection: so a screen that was offline catches up by itself.
 */
import type { Namespace, Server } from 'socket.io';
import { REALTIME_MESSAGES, WALL_MESSAGES, WALL_SOCKET } from '@loci/domain';
import type { AppContext } from '../../context.js';
import { clientAddressOf, trustProxyOf } from '../../lib/client-address.js';
import { instanceOfWallToken } from './service.js';

/** The room of an instance's walls (in the `/wall` namespace). */
export const wallRoom = (instanceId: string): string => `wall:${instanceId}`;

/** Changes within this window reach the walls as one `wallChanged` (a busy outing steps many times a second). */
export const WALL_COALESCE_MS = 250;

/** Opens the `/wall` namespace on `io` and returns how the server tells an instance's walls about a change. */
export function attachWallNamespace(
  ctx: AppContext,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the default namespace's typed maps do not apply here
  io: Server<any, any, any, any>,
): { toWall: (instanceId: string, options?: { close?: boolean }) => void } {
  const nsp: Namespace = io.of(WALL_SOCKET.namespace);
  const trustProxy = trustProxyOf(ctx.config.trustProxy);
  nsp.use((socket, next) => {
    const token = (socket.handshake.auth as Record<string, unknown> | undefined)?.wallToken;
    ctx.limits.handshakes
      .take(clientAddressOf(socket.request, trustProxy))
      .then(async (taken) => {
        if (!taken.ok) return next(Object.assign(new Error(REALTIME_MESSAGES.tooManyHandshakes), {}));
        const instanceId = typeof token === 'string' ? await instanceOfWallToken(ctx.db, token) : null;
        if (!instanceId)
          return next(Object.assign(new Error(WALL_MESSAGES.linkNotFound), { data: { errorCode: 'UNAUTHENTICATED' } }));
        socket.data = { wall: instanceId };
        void socket.join(wallRoom(instanceId));
        next();
      })
      .catch((error: unknown) => {
        ctx.log.warn({ err: error }, 'realtime: a wall handshake failed');
        next(new Error(REALTIME_MESSAGES.tooManyHandshakes));
      });
  });
  // Nothing a wall sends is heard: any event is ignored.

  const pending = new Map<string, NodeJS.Timeout>();
  return {
    toWall(instanceId, options) {
      const room = wallRoom(instanceId);
      try {
        if (options?.close) {
          nsp.to(room).emit(WALL_SOCKET.changed, {});
          nsp.in(room).disconnectSockets(true);
          return;
        }
        if (pending.has(instanceId)) return;
        pending.set(
          instanceId,
          setTimeout(() => {
            pending.delete(instanceId);
            nsp.to(room).emit(WALL_SOCKET.changed, {});
          }, WALL_COALESCE_MS).unref(),
        );
      } catch (error) {
        ctx.log.warn({ err: error, room }, 'realtime: a wall emit failed');
      }
    },
  };
}
