import { z } from 'zod';

/**
 * The leaderboard of a game version (spec 1 §3 `rankings`): its players
 * ranked by the market's currency they hold (most first), then by the
 * milestones they reached (most first), then by the time they took to
 * complete the game (fastest first; players who have not completed it come
 * after those who have). Players equal on all three share a rank.
 */
/**
 * What one member of a team did for it (games played in teams; records name the member who acted): every recorded
 * action, the questions (and quiz questions) they answered and how many of those were correct, the missions they
 * accomplished. The answers and missions are absent in answers from before they were counted.
 */
export const memberContributionSchema = z.object({
  name: z.string(),
  actions: z.number().int(),
  answered: z.number().int().optional(),
  correct: z.number().int().optional(),
  missions: z.number().int().optional(),
});
export type MemberContribution = z.infer<typeof memberContributionSchema>;

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
  /**
   * A team's entry (games played in teams): its members who joined, each with how many recorded actions they made
   * for the team, most first. Absent for a solo player.
   */
  members: z.array(memberContributionSchema).optional(),
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
