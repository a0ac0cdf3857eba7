/**
 * The instance input log (`instance_events`), from which the engine replays a
 * player's game (modules/replay; docs/operations.md "Replay").
 *
 * What is logged. Every change of an instance's world or players, in the
 * write that makes it: each engine step as it was stepped (any event type —
 * players', operators', whatever the engine steps next — with the clock and
 * the random numbers it used and the playing period laid over the spec), the
 * instance's first world, and the states written outside a step (an
 * operator's world edit, the expiry of a game's active instances, a live
 * migration to another version and its undo: versions/migration.ts) as they
 * were written. Operator messages change no engine state:
 * the replay reads them from `player_messages`. An account's deletion
 * rewrites its player id in the log as everywhere else.
 *
 * Why it is atomic. The entry is written by the same statement (the
 * optimistic path's grouped write, event-write.ts, where each entry comes
 * only with its own event's player row; `touchWithPlayer`) or in the same
 * transaction as the change: it exists exactly when the change committed.
 *
 * Why `seq` is the instance's commit order. `seq` comes from one sequence;
 * every writer of an instance draws it while it holds the instance's row lock
 * (runtime/player-event.ts: the `FOR UPDATE` of the locking path; the optimistic
 * write's `FOR NO KEY UPDATE` of its batch's instance rows — the entry is
 * inserted only `from written`, whose rows come after that lock), and keeps
 * the lock until COMMIT. So the next
 * writer of the instance draws after this one committed, and a larger `seq`
 * of one instance is always a later change, on the state the earlier ones
 * left. (A rolled-back writer leaves a gap, never a disorder.) The shared
 * world of a multiplayer instance is therefore replayed by stepping every
 * player's entries in `seq` order.
 */
import type { PlayingPeriod } from '@loci/domain';
import type { EngineEvent, LoggedInput } from '@loci/engine';
import { instanceEvents, type GameInstanceRow } from '../../db/schema.js';
import type { Executor } from '../../db/client.js';

/** One entry to append. */
export interface LogRow {
  instanceId: string;
  playerId: string | null;
  versionId: string;
  at: Date;
  entry: LoggedInput;
}

/** The entry of an engine step. */
export function stepEntry(
  event: EngineEvent,
  now: Date,
  drawn: readonly number[],
  period: PlayingPeriod | null,
): LoggedInput {
  return {
    kind: 'step',
    event,
    now: now.toISOString(),
    ...(drawn.length > 0 ? { random: [...drawn] } : {}),
    ...(period ? { period } : {}),
  };
}

/** The acting player of an event, if any. */
export function actorOf(event: EngineEvent): string | null {
  const playerId = (event as { playerId?: unknown }).playerId;
  return typeof playerId === 'string' ? playerId : null;
}

/** Appends entries in the caller's transaction. */
export async function appendLog(db: Executor, rows: readonly LogRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(instanceEvents).values([...rows]);
}

/** The entry of a world written outside a step (an operator's edit, an expiry), as the row now holds it. */
export function worldEntry(row: Pick<GameInstanceRow, 'id' | 'versionId' | 'world'>, at: Date): LogRow {
  return {
    instanceId: row.id,
    playerId: null,
    versionId: row.versionId,
    at,
    entry: { kind: 'world', world: row.world },
  };
}
