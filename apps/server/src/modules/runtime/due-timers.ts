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

/**
 * Writes, in the step's transaction, when each of `playerIds` must next be
 * looked at (upsert), or deletes their rows (nothing due: the game is over
 * for them, the clock is paused, the instance ended). The lease is cleared.
 */
export async function syncDueTimers(
  tx: Transaction,
  instanceId: string,
  spec: GameSpec,
  state: InstanceState,
  playerIds: readonly string[],
  now: Date,
): Promise<void> {
  if (playerIds.length === 0 || !keepsClock(spec, state, playerIds)) return;
  const due: Array<{ instanceId: string; playerId: string; dueAt: Date; leaseUntil: null }> = [];
  const none: string[] = [];
  for (const playerId of playerIds) {
    const next = nextDueOf(spec, state, playerId, now);
    if (next === null) none.push(playerId);
    else due.push({ instanceId, playerId, dueAt: new Date(next), leaseUntil: null });
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
