import { z } from 'zod';

/**
 * Judged submissions (issue 29, docs/outings.md "Judging"): an organiser's verdict on one submission, as the
 * engine takes it. The server sends it for the submission's player (a solo player or a team's row) after it
 * recorded the verdict; it is never sent by an app.
 *
 * - `approved`: a mission that waits for the organiser is accomplished; `points` are what the organiser
 *   awarded (the `awardJudgedPoints` action gives them to an attribute).
 * - `rejected`: the mission is open again (the player may submit again) and the player is told the reason.
 * - `withdrawn`: an approved submission taken back later; the points it gave through `awardJudgedPoints`
 *   are taken back.
 */
export const JUDGE_VERDICTS = ['approved', 'rejected', 'withdrawn'] as const;
export type JudgeVerdict = (typeof JUDGE_VERDICTS)[number];

export const judgeEventSchema = z.object({
  type: z.literal('judge'),
  playerId: z.string(),
  missionId: z.string(),
  submissionId: z.string(),
  verdict: z.enum(JUDGE_VERDICTS),
  points: z.number().int().default(0),
  reason: z.string().max(500).optional(),
});
export type JudgeEvent = z.infer<typeof judgeEventSchema>;

/** Where a mission's last submission stands with the organiser (the player's view and the conditions read it). */
export const SUBMISSION_VERDICT_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type SubmissionVerdictStatus = (typeof SUBMISSION_VERDICT_STATUSES)[number];
