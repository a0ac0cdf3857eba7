/**
 * A player who comes back to a game they finished (docs/play.md "Finished,
 * and back"): the lobby shows when and how it ended, and a new game starts only
 * when the game lets players play again and they chose to.
 */
import { and, desc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { PLAY_MESSAGES, type FinishedGame, type GameValues } from '@loci/domain';
import type { Executor } from '../../db/client.js';
import { playerStates } from '../../db/schema.js';
import { playRefusal } from '../../policies/play.js';

/** What is read of a finished game. */
export interface FinishedRow {
  when: string;
  completed: boolean;
  startedWhen: string | null;
  items: Record<string, number> | null;
}

/** The caller's newest finished game of a version (playtests and moved rows aside), or null. */
export async function findOwnFinishedGame(
  db: Executor,
  userId: string,
  versionId: string,
): Promise<FinishedRow | null> {
  const [found] = await db
    .select({
      finished: sql<{ when: string; completed: boolean }>`${playerStates.state}->'finished'`,
      startedWhen: sql<string | null>`${playerStates.state}->>'startedWhen'`,
      items: sql<Record<string, number> | null>`${playerStates.state}->'items'`,
    })
    .from(playerStates)
    .where(
      and(
        eq(playerStates.userId, userId),
        eq(playerStates.versionId, versionId),
        ne(playerStates.status, 'movedTo'),
        isNotNull(sql`nullif(${playerStates.state}->'finished', 'null'::jsonb)`),
      ),
    )
    .orderBy(desc(playerStates.updatedAt))
    .limit(1);
  if (!found) return null;
  return { ...found, when: found.finished.when, completed: found.finished.completed === true };
}

/** The lobby's account of a finished game: when, completed or not, how long, the currency, may they play again. */
export function presentFinishedGame(row: FinishedRow, settings: GameValues): FinishedGame {
  const taken = row.startedWhen ? Date.parse(row.when) - Date.parse(row.startedWhen) : Number.NaN;
  const currencyId = settings.market ? settings.currencyItemId : null;
  return {
    when: row.when,
    completed: row.completed,
    durationMs: Number.isFinite(taken) ? Math.max(0, taken) : null,
    currency: currencyId ? { name: settings.currencyName, amount: row.items?.[currencyId] ?? 0 } : null,
    playAgain: settings.playAgain === true,
  };
}

/**
 * A player who finished the version starts a new game only when the game lets them (403 ALREADY_FINISHED)
 * and they chose to (409 PLAY_AGAIN_NOT_CHOSEN): never a silent second game.
 */
export function assertMayPlayAgain(settings: GameValues, finished: FinishedRow | null, chosen: boolean): void {
  if (!finished) return;
  if (settings.playAgain !== true) throw playRefusal('ALREADY_FINISHED', PLAY_MESSAGES.alreadyFinished);
  if (!chosen) {
    throw playRefusal('PLAY_AGAIN_NOT_CHOSEN', PLAY_MESSAGES.playAgainNotChosen, { status: 'CONFLICT' });
  }
}
