/**
 * Which rooms of a kind have a member somewhere in the cluster — so that a push nobody would receive is not
 * encoded and published to Redis at all. Used for the operators' "See as the player" rooms: every step of
 * every player pushes its view to that player's watch room, and almost always nobody is in it (bench/city:
 * encoding and publishing those empty-room pushes was ~8 % of the server's CPU).
 *
 * Each process announces the rooms its own sockets are in — at once when a socket joins one, and again every
 * `announceMs` — and remembers what the others announced for `ttlMs` (a few announce periods). So:
 * - a room joined anywhere is known everywhere after one Redis round trip (the join's announcement, which every
 *   other process acknowledges before the joining socket is answered: server.ts `announceJoined`);
 * - a room left (or whose process died) is forgotten after at most `ttlMs`: pushes meanwhile are only wasted;
 * - a process that has just started has heard nobody's announcement yet, so for its first `ttlMs` it treats
 *   every room as watched: it never drops a push it should have sent.
 * The answer is never "no" for a room that has a member: at worst a push goes to an empty room.
 */
export interface WatchInterest {
  /** Could a member of `room` be anywhere: here, announced by another process, or still unknown? */
  watched(room: string): boolean;
  /** Another process announced these rooms. */
  heard(rooms: readonly string[]): void;
  /** Forgets announcements past their time (called on each announce tick). */
  prune(): void;
}

export function createWatchInterest(options: {
  now: () => number;
  ttlMs: number;
  /** Is a socket of this process in `room`? */
  hasLocal: (room: string) => boolean;
}): WatchInterest {
  const { now, ttlMs, hasLocal } = options;
  const startedAt = now();
  const remote = new Map<string, number>();
  return {
    watched(room) {
      if (hasLocal(room)) return true;
      const at = now();
      if (at - startedAt < ttlMs) return true;
      return (remote.get(room) ?? 0) > at;
    },
    heard(rooms) {
      const until = now() + ttlMs;
      for (const room of rooms) remote.set(room, until);
    },
    prune() {
      const at = now();
      for (const [room, until] of remote) if (until <= at) remote.delete(room);
    },
  };
}
