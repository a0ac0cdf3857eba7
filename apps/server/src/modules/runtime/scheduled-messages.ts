/**
 * Sending the organisers' scheduled messages (issue 28) on the game clock's scheduler (runtime/clock.ts).
 *
 * A scheduled message (`scheduled_messages`) has one due timer: a `due_timers` row of its instance whose
 * `player_id` is `message:{id}` — no player id has that form, so the player timers never meet it. The
 * scheduler claims it like any due timer (`FOR UPDATE SKIP LOCKED`, a lease) and `fireTimers` hands it here,
 * where it is sent in one transaction: the instance row locked (as every step does), the timer row read again
 * (still due?) and deleted, the message read again (not sent, not cancelled?), a `player_messages` row stored
 * for each recipient and the message stamped sent. So it is sent once across several processes, and one that
 * came due while no process ran is sent at the first poll after the start. The pushes go after COMMIT.
 */
import { and, eq, inArray, isNotNull, isNull, lte, notInArray, sql } from 'drizzle-orm';
import { SOCKET_EVENTS, type OperatorMessage } from '@loci/domain';
import type { AppContext } from '../../context.js';
import { dueTimers, playerMessages, playerStates, scheduledMessages, teamMembers } from '../../db/schema.js';
import type { Transaction } from '../../db/client.js';
import type { FiredTimer } from './clock.js';
import { lockInstance } from './instance-rows.js';

const PREFIX = 'message:';

/** The `due_timers.player_id` of a scheduled message's timer. */
export const messageTimerId = (messageId: string): string => `${PREFIX}${messageId}`;

/** Whether a `due_timers.player_id` is a scheduled message's timer (not a player's). */
export const isMessageTimer = (timerId: string): boolean => timerId.startsWith(PREFIX);

/** Player rows that no longer receive anything from the instance (as the operators' messages skip them). */
const GONE: Array<'left game' | 'movedTo'> = ['left game', 'movedTo'];

interface Push {
  userId: string;
  payload: OperatorMessage;
}

/**
 * Sends the scheduled message of the timer `timerId` of `instanceId` when it is due (see the header). Returns
 * whether it was sent.
 */
export async function fireScheduledMessage(
  ctx: AppContext,
  instanceId: string,
  timerId: string,
  onFired?: (timer: FiredTimer) => void,
): Promise<boolean> {
  const messageId = timerId.slice(PREFIX.length);
  const done = await ctx.db.transaction(async (tx) => {
    const { row } = await lockInstance(tx, instanceId);
    const now = ctx.now();
    const timerOf = and(eq(dueTimers.instanceId, instanceId), eq(dueTimers.playerId, timerId));
    const [timer] = await tx
      .select()
      .from(dueTimers)
      .where(and(timerOf, lte(dueTimers.dueAt, now)))
      .for('update');
    if (!timer) return null;
    await tx.delete(dueTimers).where(timerOf);
    const [message] = await tx
      .select()
      .from(scheduledMessages)
      .where(
        and(
          eq(scheduledMessages.id, messageId),
          eq(scheduledMessages.instanceId, instanceId),
          isNull(scheduledMessages.sentAt),
          isNull(scheduledMessages.cancelledAt),
        ),
      )
      .for('update');
    if (!message) return null;
    if (row.status !== 'active') {
      // The game is over: nobody is left to tell.
      await tx.update(scheduledMessages).set({ cancelledAt: now }).where(eq(scheduledMessages.id, messageId));
      return null;
    }
    if (message.afterMinutes !== null && row.world.clockPausedWhen) {
      // Minutes of play stand still while the clock is paused: resuming moves it on and schedules it again.
      return null;
    }
    const pushes = await storeForRecipients(ctx, tx, { gameId: row.gameId, instanceId, message, now });
    await tx
      .update(scheduledMessages)
      .set({ sentAt: now, recipients: pushes.recipients })
      .where(eq(scheduledMessages.id, messageId));
    return { pushes: pushes.online, dueAt: timer.dueAt, now };
  });
  if (!done) return false;
  try {
    for (const push of done.pushes) ctx.realtime.toUser(push.userId, SOCKET_EVENTS.message, push.payload);
  } catch (error) {
    ctx.log.warn({ err: error, instanceId }, 'scheduled message push failed');
  }
  onFired?.({ instanceId, playerId: timerId, dueAt: done.dueAt, firedAt: done.now });
  return true;
}

/**
 * Stores the message for each player row it goes to (every row still in the instance, or the one it names) —
 * delivered at once to a row with a phone online (a solo player's account, or any member of a team), kept for
 * the next view otherwise — and answers the pushes to make after COMMIT.
 */
async function storeForRecipients(
  ctx: AppContext,
  tx: Transaction,
  args: {
    gameId: string;
    instanceId: string;
    message: typeof scheduledMessages.$inferSelect;
    now: Date;
  },
): Promise<{ recipients: number; online: Push[] }> {
  const { gameId, instanceId, message, now } = args;
  const rows = await tx
    .select({ playerId: playerStates.playerId, userId: playerStates.userId })
    .from(playerStates)
    .where(
      and(
        eq(playerStates.instanceId, instanceId),
        notInArray(playerStates.status, GONE),
        ...(message.playerId !== null ? [eq(playerStates.playerId, message.playerId)] : []),
      ),
    );
  if (rows.length === 0) return { recipients: 0, online: [] };
  // A team's row has no account: its members' phones get it.
  const teamIds = rows.filter((one) => one.userId === null).map((one) => one.playerId);
  const members =
    teamIds.length > 0
      ? await tx
          .select({ teamId: teamMembers.teamId, userId: teamMembers.userId })
          .from(teamMembers)
          .where(
            and(
              eq(teamMembers.instanceId, instanceId),
              inArray(teamMembers.teamId, teamIds),
              isNotNull(teamMembers.userId),
            ),
          )
      : [];
  const usersOf = new Map<string, string[]>(
    rows.map((one) => [
      one.playerId,
      one.userId !== null
        ? [one.userId]
        : members.filter((member) => member.teamId === one.playerId).map((member) => member.userId!),
    ]),
  );
  const online = await ctx.realtime.onlineUsers([...usersOf.values()].flat());
  const stored = await tx
    .insert(playerMessages)
    .values(
      rows.map((one) => ({
        gameId,
        instanceId,
        playerId: one.playerId,
        sceneId: null,
        message: message.message,
        sentBy: message.createdBy,
        createdAt: now,
        deliveredAt: usersOf.get(one.playerId)!.some((userId) => online.has(userId)) ? now : null,
      })),
    )
    .returning({ id: playerMessages.id, playerId: playerMessages.playerId });
  const pushes: Push[] = [];
  for (const one of stored) {
    for (const userId of usersOf.get(one.playerId) ?? []) {
      if (!online.has(userId)) continue;
      pushes.push({
        userId,
        payload: {
          id: one.id,
          instanceId,
          message: message.message,
          sceneId: null,
          when: now.toISOString(),
          from: message.createdByName ?? '',
        },
      });
    }
  }
  return { recipients: rows.length, online: pushes };
}

/**
 * When the organiser resumes the instance's clock (manage/clock.ts, in its transaction): every message scheduled
 * minutes after the start and not sent yet moves on by the pause's length (`pausedMs`), and its due timer with
 * it — minutes of play stood still. Messages scheduled at a time of day keep their time.
 */
export async function shiftElapsedMessages(tx: Transaction, instanceId: string, pausedMs: number): Promise<void> {
  if (!(pausedMs > 0)) return;
  const moved = await tx
    .update(scheduledMessages)
    .set({ dueAt: sql`${scheduledMessages.dueAt} + make_interval(secs => ${pausedMs / 1000})` })
    .where(
      and(
        eq(scheduledMessages.instanceId, instanceId),
        isNotNull(scheduledMessages.afterMinutes),
        isNull(scheduledMessages.sentAt),
        isNull(scheduledMessages.cancelledAt),
      ),
    )
    .returning({ id: scheduledMessages.id, dueAt: scheduledMessages.dueAt });
  if (moved.length === 0) return;
  await tx
    .insert(dueTimers)
    .values(moved.map((one) => ({ instanceId, playerId: messageTimerId(one.id), dueAt: one.dueAt, leaseUntil: null })))
    .onConflictDoUpdate({
      target: [dueTimers.instanceId, dueTimers.playerId],
      set: { dueAt: sql`excluded.due_at`, leaseUntil: null },
    });
}
