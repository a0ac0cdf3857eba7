import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBodySchema,
  analyticsAnswerSchema,
  judgingStatsSchema,
  analyticsQuerySchema,
  mapAnalyticsAnswerSchema,
  mapAnalyticsQuerySchema,
} from '@loci/domain';
import type { AppContext } from '../../context.js';
import { requireUser } from '../../plugins/auth.js';
import { errorAnswers } from '../../lib/openapi.js';
import { judgingStatsOfVersion } from './judging-stats.js';
import { getMapAnalytics } from './map-service.js';
import { getAnalyticsJson } from './service.js';

const tags = ['analytics'];
const security = [{ bearerAuth: [] }];

/** The analytics of a game version (spec 3 §3, §7). */
export async function analyticsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/analytics/:versionId',
    {
      schema: {
        tags,
        security,
        summary:
          'Per-player records of a version grouped by record name (manage right); players of abandoned instances only with includeAbandoned=true',
        params: z.object({ versionId: z.string() }),
        querystring: analyticsQuerySchema,
        response: { 200: analyticsAnswerSchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const analytics = await getAnalyticsJson({
        ctx,
        user,
        versionId: request.params.versionId,
        includeAbandoned: request.query.includeAbandoned,
      });
      // Already JSON, built by PostgreSQL in the schema's shape: Fastify sends a string as it is.
      return reply.type('application/json; charset=utf-8').send(`{"analytics":${analytics}}` as never);
    },
  );

  api.get(
    '/analytics/:versionId/map',
    {
      schema: {
        tags,
        security,
        summary:
          'The map analytics of a version (manage right): heatmap, tracks of the players asked for, geofences, milestone and scene funnels, answers by place',
        params: z.object({ versionId: z.string() }),
        querystring: mapAnalyticsQuerySchema,
        response: {
          200: mapAnalyticsAnswerSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) =>
      getMapAnalytics({
        ctx,
        user: requireUser(request),
        versionId: request.params.versionId,
        query: request.query,
      }),
  );

  api.get(
    '/analytics/:versionId/judging',
    {
      schema: {
        tags,
        security,
        summary:
          'Judged submissions of a version per mission (manage right): submitted, waiting, approved, rejected, withdrawn, the approval rate and the median time to judge; abandoned instances only with includeAbandoned=true',
        params: z.object({ versionId: z.string() }),
        querystring: analyticsQuerySchema,
        response: { 200: judgingStatsSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) =>
      judgingStatsOfVersion({
        ctx,
        user: requireUser(request),
        versionId: request.params.versionId,
        includeAbandoned: request.query.includeAbandoned,
      }),
  );
}
