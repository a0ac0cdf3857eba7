/**
 * The server's game clock (issue 28): the table of due timers and the
 * scheduler that fires them, so a time limit runs out, a named timer rings and
 * "when 10 minutes are left" fires although no phone sends anything.
 *
 * Why one table with `FOR UPDATE SKIP LOCKED`, and not pg-boss or graphile-worker.
 * Both are well-kept job queues, but both run on PostgreSQL only: pg-boss
 * creates its own schema, advisory locks and LISTEN channels, graphile-worker
 * installs PL/pgSQL functions and a worker that holds its own connection pool.
 * Loci's default database is the embedded PGlite (one process, one
 * connection, `npm start` for a teacher), where neither runs — so a library
 * would give us TWO clocks: the library's on PostgreSQL and a hand-made one on
 * PGlite, each with its own bugs. And the queue would not give what matters
 * most here: a timer must be marked fired in the SAME transaction as the
 * engine step it causes, under the instance's row lock (player-event.ts:
 * every write of a player row holds that lock). A job queue commits its job's
 * completion in its own transaction, so a crash between the step's commit and
 * the job's completion would step twice. So: one table, one scheduler,
 * identical on both databases:
 *
 * - `due_timers` holds, per player row (a solo player or a team), the next
 *   instant its clock must be looked at (`nextDueOf` of the engine: the
 *   deadline, a named timer, the instant a timed condition may change). Every
 *   step on the locking path writes it in its own transaction
 *   (`dueTimesOf`, `writeDueTimes`); a player event on the optimistic path that changes it
 *   writes it in its own conditional write, in the commit of its player row
 *   and under the same instance lock (event-write.ts). So the row is never
 *   later than the truth; a row earlier than needed only costs a tick that
 *   changes nothing and moves the row on.
 * - The scheduler claims due rows in one statement (`FOR UPDATE SKIP LOCKED`:
 *   several processes never claim the same row at once) and gives each a short
 *   lease, so the others skip it while it is fired.
 * - The claimed timers of one instance fire together, in one transaction (up
 *   to `PER_TRANSACTION`): lock the instance row once (as every step does, so
 *   no deadlock: instance first, then the timer rows), read the timer rows
 *   again — still due? another process or a newer step may have moved them —
 *   step `{ type: 'tick', playerId }` for each through the same `stepLoaded` as
 *   every event (input log, records, pushes after COMMIT), each on the states
 *   the ticks before it left, and write them all, with each next due time (or
 *   the row deleted), together at the end of that transaction (step-writes.ts:
 *   a handful of statements for the batch, not three or four per tick). A fixed end time for an
 *   event of 200 teams is 200 ticks due at the same instant in ONE instance:
 *   one lock and one commit for them, not 200 (bench/clock.bench.mjs). Fired
 *   exactly once: a second process that claimed the same rows after a lease
 *   ran out finds them no longer due under the lock.
 * - A timer that came due while no process ran (a restart) is simply due: the
 *   first poll after the start fires it, once.
 * - An organiser's scheduled message has a row here too (`player_id`
 *   `message:{id}`): claimed the same way, and sent, not stepped
 *   (runtime/scheduled-messages.ts).
 */
import { and, eq, inArray, lte } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { dueTimers } from '../../db/schema.js';
import { lockInstance, playerRowsOf } from './instance-rows.js';
import { stepLoaded } from './locked-step.js';
import { StepWrites } from './step-writes.js';
import { pushStepped } from './pushes.js';
import { pushToTeamMembers } from './clock-team-pushes.js';
import { fireScheduledMessage, isMessageTimer } from './scheduled-messages.js';

/** The most ticks of one instance stepped in one transaction (bounds how long its lock is held). */
const PER_TRANSACTION = 50;

/** A claimed timer. */
interface Claimed {
  instance_id: string;
  player_id: string;
  due_at: Date | string;
}

/**
 * Claims up to `limit` due timers (due at `now` and not leased by another
 * process), leasing them until `now + leaseMs`. One statement: the rows are
 * locked only while it runs, and rows another claim holds are skipped.
 */
const CLAIM = `
update due_timers t set lease_until = $2
from (
  select instance_id, player_id from due_timers
  where due_at <= $1 and (lease_until is null or lease_until <= $1)
  order by due_at
  limit $3
  for update skip locked
) c
where t.instance_id = c.instance_id and t.player_id = c.player_id
returning t.instance_id, t.player_id, t.due_at`;

export interface FiredTimer {
  instanceId: string;
  playerId: string;
  dueAt: Date;
  /** When the tick's step committed. */
  firedAt: Date;
}

export interface ClockSchedulerOptions {
  /** How often to look for due timers (ms). */
  pollMs: number;
  /** Timers claimed per statement. */
  batch?: number;
  /** How long a claim keeps other processes off a timer (ms). */
  leaseMs?: number;
  /**
   * Timers fired at once, each in its own transaction (default 8 on PostgreSQL; 1 on PGlite, which has one
   * connection). Timers of different instances never wait for each other; two of one instance take turns at
   * its row lock.
   */
  concurrency?: number;
  /** Told of every timer fired (the bench's lateness). */
  onFired?: (timer: FiredTimer) => void;
}

/**
 * The scheduler of one server process: every `pollMs`, claims the due timers
 * and fires each (`fireTimer`), until none is due. `stop()` waits for the run
 * in progress. `runOnce()` is one such run (tests, and the first poll after
 * the start).
 */
export class ClockScheduler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopped = true;
  private readonly batch: number;
  private readonly leaseMs: number;
  private readonly concurrency: number;

  constructor(
    private readonly ctx: AppContext,
    private readonly options: ClockSchedulerOptions,
  ) {
    this.batch = options.batch ?? 100;
    this.leaseMs = options.leaseMs ?? 15_000;
    this.concurrency = options.concurrency ?? (ctx.database.kind === 'postgresql' ? 8 : 1);
  }

  start(): void {
    if (!this.stopped || this.options.pollMs <= 0) return;
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => 0);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.runOnce()
        .catch((error: unknown) => this.ctx.log.warn({ err: error }, 'clock: a run of the scheduler failed'))
        .finally(() => this.schedule(this.options.pollMs));
    }, ms);
    this.timer.unref();
  }

  /** Fires every timer due now (claiming `batch` at a time); returns how many fired. */
  runOnce(): Promise<number> {
    this.running ??= this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /**
   * One instance's timers in one transaction; when that fails, each alone, so one player's failing tick does
   * not hold back the others. A timer whose tick fails stays leased: tried again when the lease runs out.
   */
  private async fireGroup(instanceId: string, playerIds: readonly string[]): Promise<number> {
    try {
      return await fireTimers(this.ctx, instanceId, playerIds, this.options.onFired);
    } catch (error) {
      if (playerIds.length === 1) {
        this.ctx.log.warn({ err: error, instanceId, playerId: playerIds[0] }, 'clock: a timer failed');
        return 0;
      }
      let fired = 0;
      for (const playerId of playerIds) fired += await this.fireGroup(instanceId, [playerId]);
      return fired;
    }
  }

  private async run(): Promise<number> {
    let fired = 0;
    for (;;) {
      const now = this.ctx.now();
      const claimed = await this.ctx.database.query<Claimed>('clock_claim', CLAIM, [
        now.toISOString(),
        new Date(now.getTime() + this.leaseMs).toISOString(),
        this.batch,
      ]);
      if (claimed.length === 0) return fired;
      // The timers of one instance go together (one lock, one commit), PER_TRANSACTION at most.
      const byInstance = new Map<string, string[]>();
      for (const row of claimed)
        byInstance.set(row.instance_id, [...(byInstance.get(row.instance_id) ?? []), row.player_id]);
      const groups = [...byInstance].flatMap(([instanceId, playerIds]) =>
        Array.from({ length: Math.ceil(playerIds.length / PER_TRANSACTION) }, (_, i) => ({
          instanceId,
          playerIds: playerIds.slice(i * PER_TRANSACTION, (i + 1) * PER_TRANSACTION),
        })),
      );
      let next = 0;
      const worker = async () => {
        while (next < groups.length) {
          const { instanceId, playerIds } = groups[next++]!;
          // Read `fired` after the await: `fired += await …` would read it before, and concurrent workers
          // would overwrite each other's counts.
          const count = await this.fireGroup(instanceId, playerIds);
          fired += count;
        }
      };
      await Promise.all(Array.from({ length: Math.min(this.concurrency, groups.length) }, worker));
      if (claimed.length < this.batch) return fired;
    }
  }
}

/**
 * Fires the due timers of `playerIds` in one instance, in one transaction:
 * locks the instance, reads the timers again (still due now? else someone
 * fired or moved them: nothing to do), steps a tick on each player's row in
 * turn (each on what the one before left) and writes them all, with each
 * next due time, after the last (step-writes.ts `StepWrites`). An
 * instance that is no longer active (also: one an earlier tick of this batch
 * ended), or a player row that is gone, just loses its timer. Returns how many
 * ticks were stepped.
 */
export async function fireTimers(
  ctx: AppContext,
  instanceId: string,
  playerIds: readonly string[],
  onFired?: (timer: FiredTimer) => void,
): Promise<number> {
  // Scheduled messages' timers (issue 28): sent, not stepped (runtime/scheduled-messages.ts).
  let sent = 0;
  for (const id of playerIds.filter(isMessageTimer)) {
    if (await fireScheduledMessage(ctx, instanceId, id, onFired)) sent += 1;
  }
  const ticked = playerIds.filter((id) => !isMessageTimer(id));
  if (ticked.length === 0) return sent;
  const done = await ctx.db.transaction(async (tx) => {
    const locked = await lockInstance(tx, instanceId);
    let row = locked.row;
    const now = ctx.now();
    const timers = await tx
      .select()
      .from(dueTimers)
      .where(and(eq(dueTimers.instanceId, instanceId), inArray(dueTimers.playerId, ticked), lte(dueTimers.dueAt, now)))
      .for('update');
    if (timers.length === 0) return null;
    // A tick reads the ticking player's row (a team's, in an event of teams) and the world, as a player's
    // event does: stepLoaded reads everyone only when the tick may end the shared instance (someone's time
    // is up), and then once for the whole batch — at a fixed end for everyone, 200 teams' ticks come due
    // together, and reading all 200 rows again for each would be 200² rows.
    const rows = new Map(
      (
        await playerRowsOf(
          tx,
          instanceId,
          timers.map((timer) => timer.playerId),
        )
      ).map((player) => [player.playerId, player]),
    );
    // The ticks' writes are held and written together after the last (step-writes.ts): the rows read here are
    // the ticks' only source, each kept as the tick before left it.
    const writes = new StepWrites(instanceId);
    let readAll = false;
    const everyone = async () => {
      if (!readAll) {
        // The rows not read yet; those read are newer in memory than in the database.
        for (const player of await playerRowsOf(tx, instanceId))
          if (!rows.has(player.playerId)) rows.set(player.playerId, player);
        readAll = true;
      }
      return [...rows.values()];
    };
    const fired = [];
    for (const timer of timers) {
      const player = rows.get(timer.playerId);
      if (row.status !== 'active' || !player) {
        await tx
          .delete(dueTimers)
          .where(and(eq(dueTimers.instanceId, instanceId), eq(dueTimers.playerId, timer.playerId)));
        continue;
      }
      const stepped = await stepLoaded(ctx, tx, {
        row,
        period: locked.period,
        rows: [player],
        args: { instanceId, event: { type: 'tick', playerId: timer.playerId } },
        everyone,
        writes,
      });
      row = stepped.instance;
      // What this tick wrote is what the next one reads.
      for (const [playerId, state] of Object.entries(stepped.result.state.players)) {
        const known = rows.get(playerId);
        if (known && known.state !== state) rows.set(playerId, { ...known, state });
      }
      fired.push({ stepped, timer });
    }
    await writes.flush(tx);
    return { fired };
  });
  if (!done) return sent;
  const committed = ctx.now();
  for (const { stepped, timer } of done.fired) {
    pushStepped(ctx, stepped.push);
    onFired?.({ instanceId, playerId: timer.playerId, dueAt: timer.dueAt, firedAt: committed });
  }
  // A team's row has no account: its members' phones are pushed too, every team of the batch with one read of
  // their members (clock-team-pushes.ts).
  await pushToTeamMembers(
    ctx,
    done.fired.map(({ stepped }) => stepped.push),
  );
  return done.fired.length + sent;
}
