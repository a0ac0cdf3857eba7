/**
 * The writes of several steps of ONE instance in one transaction, held and written together at the end
 * (runtime/clock.ts: an instance's due ticks — at a fixed end for everyone, a whole event's times up at once).
 * Stepped one by one, each tick wrote its log entry and player row, its due timer and its records: three or
 * four round trips per tick, all while the instance's row lock is held and every event of the instance waits.
 * Held here, the batch is at most six statements whatever its size.
 *
 * Why that writes exactly what the steps one by one would have (the transaction holds the instance's row lock
 * throughout, so nothing else writes its rows meanwhile):
 * - the log entries go in one insert in the order the steps ran, so their `seq` is that order;
 * - a player row takes the state the LAST step left it in (each step reads what the steps before it left: the
 *   caller steps on those states, held in memory, not on the rows), as the rows would hold after the last update;
 * - the instance row takes the world the last step that changed it left (and the last step's clock);
 * - a player's due timer is the one its last step computed, each step's records are kept in order.
 * The caller must not read those rows from the database before `flush` (they are not written yet).
 */
import { eq } from 'drizzle-orm';
import { INSTANCE_STATE_VERSION, type PlayerState, type WorldState } from '@loci/engine';
import type { Transaction } from '../../db/client.js';
import { gameInstances, gameplayRecords } from '../../db/schema.js';
import { appendLog, type LogRow } from './event-log.js';
import { writeHeldPlayerRows } from './instance-rows.js';
import { writeDueTimes, type DueTimes } from './due-timers.js';

/** A gameplay record as its table takes it. */
export type RecordRow = typeof gameplayRecords.$inferInsert;

/** What one step writes: handed to `StepWrites.add` instead of being written. */
export interface HeldStep {
  logged: readonly LogRow[];
  /** The players the step changed, as it left them (rows that exist: a held step never joins anyone). */
  changed: ReadonlyArray<readonly [string, PlayerState]>;
  /** The world, when the step changed it. */
  world: WorldState | null;
  now: Date;
  due: DueTimes | null;
  records: readonly RecordRow[];
}

export class StepWrites {
  private readonly logged: LogRow[] = [];
  private readonly players = new Map<string, { player: PlayerState; at: Date }>();
  private world: WorldState | null = null;
  private at: Date | null = null;
  private readonly due: DueTimes = new Map();
  private readonly records: RecordRow[] = [];

  constructor(private readonly instanceId: string) {}

  add(held: HeldStep): void {
    this.logged.push(...held.logged);
    for (const [playerId, player] of held.changed) this.players.set(playerId, { player, at: held.now });
    if (held.world) this.world = held.world;
    this.at = held.now;
    for (const [playerId, dueAt] of held.due ?? []) this.due.set(playerId, dueAt);
    this.records.push(...held.records);
  }

  /** Writes what the held steps wrote, in `tx` (which holds the instance's row lock since before the first step). */
  async flush(tx: Transaction): Promise<void> {
    if (this.at === null) return;
    await appendLog(tx, this.logged);
    // The one writer of player rows (instance-rows.ts), all the batch's rows in one statement.
    await writeHeldPlayerRows(
      tx,
      this.instanceId,
      [...this.players].map(([playerId, { player, at }]) => ({ playerId, player, at })),
    );
    await tx
      .update(gameInstances)
      .set({
        ...(this.world ? { world: this.world, status: this.world.status, stateVersion: INSTANCE_STATE_VERSION } : {}),
        updatedAt: this.at,
      })
      .where(eq(gameInstances.id, this.instanceId));
    if (this.due.size > 0) await writeDueTimes(tx, this.instanceId, this.due);
    if (this.records.length > 0) await tx.insert(gameplayRecords).values(this.records);
  }
}
