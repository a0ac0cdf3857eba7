import { z } from 'zod';
import { JUDGE_VERDICTS, SUBMISSION_VERDICT_STATUSES } from './protocol/judging.js';

/**
 * The review queue of judged submissions (issue 29, docs/outings.md "Judging"): the organisers' calls under
 * /api/manage/instances/{id}/submissions, their requests and answers, and their texts.
 */
export const JUDGING_MESSAGES = {
  submissionNotFound: 'This submission is not in this game instance',
  alreadyJudged: 'Someone else judged this submission first',
  reasonRequired: 'Say why the submission is rejected',
  notApproved: 'Only an approved submission can be withdrawn',
} as const;

/** The longest reason an organiser may give, and the most points for one submission. */
export const JUDGING_LIMITS = { reason: 500, points: 10_000, page: 1000, bulk: 500 } as const;

/** Quick reasons offered for a rejection (the organiser may edit the text before sending it). */
export const QUICK_REJECT_REASONS = ['blurred', 'wrongSubject', 'notTeam', 'incomplete'] as const;
export type QuickRejectReason = (typeof QUICK_REJECT_REASONS)[number];

export const submissionStatusSchema = z.enum(SUBMISSION_VERDICT_STATUSES);

/** GET …/submissions: filters (newest first). */
export const submissionListQuerySchema = z.object({
  status: submissionStatusSchema.optional(),
  missionId: z.string().max(100).optional(),
  playerId: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(JUDGING_LIMITS.page).default(200),
  /** The next page: the `nextCursor` of the previous answer (the last submission it listed). */
  cursor: z.uuid().optional(),
});
export type SubmissionListQuery = z.input<typeof submissionListQuerySchema>;

export const submissionItemSchema = z.object({
  id: z.string(),
  playerId: z.string(),
  /** The player's (or the team's) name. */
  playerName: z.string(),
  memberName: z.string().nullable(),
  missionId: z.string(),
  missionTitle: z.string(),
  mediaId: z.string().nullable(),
  /** The medium's MIME type (image/…, video/…, audio/…) when known. */
  mediaType: z.string().nullable(),
  text: z.string().nullable(),
  status: submissionStatusSchema,
  points: z.number().int(),
  reason: z.string().nullable(),
  judgedByName: z.string().nullable(),
  judgedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type SubmissionItem = z.infer<typeof submissionItemSchema>;

export const submissionListSchema = z.object({
  submissions: z.array(submissionItemSchema),
  /** How many match the filters (the list holds at most `limit`). */
  total: z.number().int(),
  /** Where the next page starts (pass it as `cursor`); null on the last page. */
  nextCursor: z.string().nullable(),
  /** Waiting for a verdict, whatever the filters. */
  pending: z.number().int(),
  /** The judged missions and the players (teams) of the instance, for the filters. */
  missions: z.array(z.object({ id: z.string(), title: z.string() })),
  players: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type SubmissionList = z.infer<typeof submissionListSchema>;

/** POST …/submissions/{submissionId}/verdict. A rejection needs a reason; points go with an approval. */
export const verdictRequestSchema = z
  .object({
    verdict: z.enum(JUDGE_VERDICTS),
    points: z.number().int().min(0).max(JUDGING_LIMITS.points).default(0),
    reason: z.string().trim().max(JUDGING_LIMITS.reason).default(''),
  })
  .superRefine((body, ctx) => {
    if (body.verdict === 'rejected' && body.reason === '') {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: JUDGING_MESSAGES.reasonRequired });
    }
  });
export type VerdictRequest = z.input<typeof verdictRequestSchema>;

export const verdictAnswerSchema = z.object({ submission: submissionItemSchema });
export type VerdictAnswer = z.infer<typeof verdictAnswerSchema>;

/** POST …/submissions/bulk-approve: approves the pending ones of `ids` (others are skipped). */
export const bulkApproveRequestSchema = z.object({
  ids: z.array(z.string().max(64)).min(1).max(JUDGING_LIMITS.bulk),
  points: z.number().int().min(0).max(JUDGING_LIMITS.points).default(0),
});
export type BulkApproveRequest = z.input<typeof bulkApproveRequestSchema>;
export const bulkApproveAnswerSchema = z.object({ approved: z.number().int(), skipped: z.number().int() });
export type BulkApproveAnswer = z.infer<typeof bulkApproveAnswerSchema>;

/** GET …/submissions/stats: per mission, how many were judged, approved, and how long judging took. */
export const judgingStatsSchema = z.object({
  missions: z.array(
    z.object({
      missionId: z.string(),
      missionTitle: z.string(),
      submitted: z.number().int(),
      pending: z.number().int(),
      approved: z.number().int(),
      rejected: z.number().int(),
      withdrawn: z.number().int(),
      /** Approved (or later withdrawn) of the judged ones, 0–1; null when none was judged. */
      approvalRate: z.number().nullable(),
      /** Median seconds from submission to verdict; null when none was judged. */
      medianSecondsToJudge: z.number().nullable(),
    }),
  ),
});
export type JudgingStats = z.infer<typeof judgingStatsSchema>;

export type SubmissionStatusFilter = z.infer<typeof submissionStatusSchema>;
