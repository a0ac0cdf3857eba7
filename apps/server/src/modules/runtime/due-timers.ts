/**
 * The rows of the due timers table (`due_timers`) a step writes in its own transaction: when each player
 * row's clock must next be looked at (runtime/clock.ts has the reasoning and the scheduler that fires them).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { GameSpec } from '@loci/domain';
import { compileSpec, nextDueOf, usesClock, type InstanceState } from '@loci/engine';
import type { Transaction } from '../../db/client.js';
import { dueTimers } from '../../db/schema.js';

/** Whether a step on `spec` must keep the due timers of `state`'s players (the game or a player uses the clock). */
export function keepsClock(spec: GameSpec, state: InstanceState, playerIds: readonly string[]): boolean {
  if (usesClock(compileSpec(spec))) return true;
  return playerIds.some((id) => state.players[id]?.clock !== undefined);
}

/** When each player's clock must next be looked at (null: nothing is due, the row goes), by player id. */
export type DueTimes = Map<string, Date | null>;

/**
 * When each of `playerIds` must next be looked at after a step left `state` (null: nothing due any more — the
 * game is over for them, the clock is paused, the instance ended); null when the step keeps no clock at all.
 */
export function dueTimesOf(
  spec: GameSpec,
  state: InstanceState,
  playerIds: readonly string[],
  now: Date,
): DueTimes | null {
  if (playerIds.length === 0 || !keepsClock(spec, state, playerIds)) return null;
  const times: DueTimes = new Map();
  for (const playerId of playerIds) {
    const next = nextDueOf(spec, state, playerId, now);
    times.set(playerId, next === null ? null : new Date(next));
  }
  return times;
}

/** Writes `times` in `tx`: the due rows upserted (their lease cleared), the rows of nothing due deleted. */
export async function writeDueTimes(tx: Transaction, instanceId: string, times: DueTimes): Promise<void> {
  const due: Array<{ instanceId: string; playerId: string; dueAt: Date; leaseUntil: null }> = [];
  const none: string[] = [];
  for (const [playerId, dueAt] of times) {
    if (dueAt === null) none.push(playerId);
    else due.push({ instanceId, playerId, dueAt, leaseUntil: null });
  }
  if (due.length > 0) {
    await tx
      .insert(dueTimers)
      .values(due)
      .onConflictDoUpdate({
        target: [dueTimers.instanceId, dueTimers.playerId],
        set: { dueAt: sql`excluded.due_at`, leaseUntil: null },
      });
  }
  if (none.length > 0) {
    await tx.delete(dueTimers).where(and(eq(dueTimers.instanceId, instanceId), inArray(dueTimers.playerId, none)));
  }
}
