import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { gameVersions } from '../../db/schema.js';

/**
 * Marks a design change: the working version's updatedAt becomes `now`
 * (ARCHITECTURE "Conventions"). Every change to game fields or media calls this,
 * inside the change's transaction.
 */
export async function touchWorkingVersion(tx: Executor, gameId: string, now: Date): Promise<void> {
  await tx
    .update(gameVersions)
    .set({ updatedAt: now })
    .where(and(eq(gameVersions.gameId, gameId), eq(gameVersions.isLiveSpec, true)));
}
