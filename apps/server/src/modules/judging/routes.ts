import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bulkApproveAnswerSchema,
  bulkApproveRequestSchema,
  judgingStatsSchema,
  submissionListQuerySchema,
  submissionListSchema,
  verdictAnswerSchema,
  verdictRequestSchema,
} from '@loci/domain';
import type { AppContext } from '../../context.js';
import { errorAnswers } from '../../lib/openapi.js';
import { requireUser } from '../../plugins/auth.js';
import { judgingStats } from '../analytics/judging-stats.js';
import { bulkApprove, judgeSubmission, listSubmissions } from './service.js';

const tags = ['operations'];
const security = [{ bearerAuth: [] }];
const idParams = z.object({ id: z.string() });
const submissionParams = z.object({ id: z.string(), submissionId: z.string() });

/**
 * Judged submissions (issue 29; docs/outings.md "Judging"): the organisers' review queue of an instance
 * (manage right on its game).
 */
export async function judgingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/manage/instances/:id/submissions',
    {
      schema: {
        tags,
        security,
        summary:
          'The review queue of an instance: its submissions newest first, filtered by ?status=, ?missionId=, ?playerId= (a team), a page of at most ?limit=; the answer’s nextCursor, passed as ?cursor=, reads the next page (manage right)',
        params: idParams,
        querystring: submissionListQuerySchema,
        response: { 200: submissionListSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) =>
      listSubmissions({ ctx, user: requireUser(request), instanceId: request.params.id, query: request.query }),
  );

  api.get(
    '/manage/instances/:id/submissions/stats',
    {
      schema: {
        tags,
        security,
        summary:
          'Judging per mission of an instance: submissions, verdicts, approval rate and the median time to judge (manage right)',
        params: idParams,
        response: { 200: judgingStatsSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => judgingStats({ ctx, user: requireUser(request), instanceId: request.params.id }),
  );

  api.post(
    '/manage/instances/:id/submissions/:submissionId/verdict',
    {
      schema: {
        tags,
        security,
        summary:
          'Approves (with points), rejects (with a reason) or withdraws (an approved one) a submission; the engine reacts, the player is told at once, the verdict is audited (manage right; 409 when someone judged it first, or the instance is over)',
        params: submissionParams,
        body: verdictRequestSchema,
        response: { 200: verdictAnswerSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      judgeSubmission({
        ctx,
        user: requireUser(request),
        instanceId: request.params.id,
        submissionId: request.params.submissionId,
        body: request.body,
      }),
  );

  api.post(
    '/manage/instances/:id/submissions/bulk-approve',
    {
      schema: {
        tags,
        security,
        summary:
          'Approves the pending submissions among ids (each with the same points); those judged meanwhile are skipped (manage right; 409 when the instance is over)',
        params: idParams,
        body: bulkApproveRequestSchema,
        response: { 200: bulkApproveAnswerSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      bulkApprove({ ctx, user: requireUser(request), instanceId: request.params.id, body: request.body }),
  );
}
