import { z } from 'zod';

/**
 * The leaderboard of a game version (spec 1 §3 `rankings`): its players
 * ranked by the market's currency they hold (most first), then by the
 * milestones they reached (most first), then by the time they took to
 * complete the game (fastest first; players who have not completed it come
 * after those who have). Players equal on all three share a rank.
 */
export const rankingEntrySchema = z.object({
  /** 1 for the first; equal players share a rank (1, 1, 3). */
  rank: z.number().int().min(1),
  name: z.string(),
  /** The currency held (0 without a market). */
  currency: z.number(),
  milestones: z.number().int(),
  /** Milliseconds from start to completion; null when not completed. */
  completedInMs: z.number().nullable(),
  /** The caller's own entry (player answers only). */
  you: z.boolean(),
});
export type RankingEntry = z.infer<typeof rankingEntrySchema>;

/** The most entries a leaderboard answer lists (the caller's own entry is added when it ranks lower). */
export const RANKINGS_LIMIT = 100;

/** GET /api/play/instances/{instanceId}/rankings and GET /api/manage/game-versions/{versionId}/rankings. */
export const rankingsAnswerSchema = z.object({
  versionId: z.string(),
  /** The currency's name, for the column heading ('' without a market). */
  currencyName: z.string(),
  /** How many players the version has (the list stops at RANKINGS_LIMIT). */
  total: z.number().int(),
  entries: z.array(rankingEntrySchema),
});
export type RankingsAnswer = z.infer<typeof rankingsAnswerSchema>;
