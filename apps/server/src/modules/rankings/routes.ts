import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, rankingsAnswerSchema } from '@loci/domain';
import type { AppContext } from '../../context.js';
import { requireUser } from '../../plugins/auth.js';
import { playerRankings, versionRankings } from './service.js';

const security = [{ bearerAuth: [] }];
const errors = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** Leaderboards: a player's (of their version) and an operator's (of any version of a game they manage). */
export async function rankingsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/play/instances/:instanceId/rankings',
    {
      schema: {
        tags: ['play'],
        security,
        summary:
          'The leaderboard of the caller’s game version (a player of the instance; 404 NO_RANKINGS without one; 403 RANKINGS_AFTER_END before the end unless shown before)',
        params: z.object({ instanceId: z.string() }),
        response: { 200: rankingsAnswerSchema, ...errors },
      },
    },
    async (request) => playerRankings({ ctx, user: requireUser(request), instanceId: request.params.instanceId }),
  );

  api.get(
    '/manage/game-versions/:versionId/rankings',
    {
      schema: {
        tags: ['operations'],
        security,
        summary: 'The leaderboard of a game version for the Gameplay page (manage right; 404 NO_RANKINGS without one)',
        params: z.object({ versionId: z.string() }),
        response: { 200: rankingsAnswerSchema, ...errors },
      },
    },
    async (request) => versionRankings({ ctx, user: requireUser(request), versionId: request.params.versionId }),
  );
}
