/** The operators' messages to a player: delivered with the player's next event's write, or read as they wait. */
import { and, eq, isNull } from 'drizzle-orm';
import { playerMessages } from '../../db/schema.js';
import type { Executor } from '../../db/client.js';

/** A message an operator sent, as a player's answer carries it. */
export interface DeliveredMessage {
  id: string;
  message: string;
  sceneId: string | null;
  when: string;
}

/** Marks a player's undelivered messages delivered and returns them, oldest first. */
export async function deliverMessages(
  db: Executor,
  instanceId: string,
  playerId: string,
  now: Date,
): Promise<DeliveredMessage[]> {
  const rows = await db
    .update(playerMessages)
    .set({ deliveredAt: now })
    .where(
      and(
        eq(playerMessages.instanceId, instanceId),
        eq(playerMessages.playerId, playerId),
        isNull(playerMessages.deliveredAt),
      ),
    )
    .returning();
  return rows.sort(byCreation).map(presentMessage);
}

type MessageRow = typeof playerMessages.$inferSelect;

const byCreation = (a: MessageRow, b: MessageRow) => a.createdAt.getTime() - b.createdAt.getTime();

const presentMessage = (row: MessageRow): DeliveredMessage => ({
  id: row.id,
  message: row.message,
  sceneId: row.sceneId,
  when: row.createdAt.toISOString(),
});

/** The operators' messages that wait for a player, oldest first, as `deliverMessages` answers them, left undelivered. */
export async function waitingMessages(db: Executor, instanceId: string, playerId: string): Promise<DeliveredMessage[]> {
  const rows = await db
    .select()
    .from(playerMessages)
    .where(
      and(
        eq(playerMessages.instanceId, instanceId),
        eq(playerMessages.playerId, playerId),
        isNull(playerMessages.deliveredAt),
      ),
    );
  return rows.sort(byCreation).map(presentMessage);
}
