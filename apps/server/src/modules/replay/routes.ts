import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, playerReplaySchema } from '@loci/domain';
import type { AppContext } from '../../context.js';
import { requireUser } from '../../plugins/auth.js';
import { replayPlayer } from './service.js';

/** A player's game replayed by the engine from the instance's input log (manage right, as the instance page). */
export async function replayRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/instances/:id/players/:playerId/replay',
    {
      schema: {
        tags: ['operations'],
        security: [{ bearerAuth: [] }],
        summary:
          'A player’s game step by step, replayed from the recorded events (manage right; 409 when recorded before replay existed)',
        params: z.object({ id: z.string(), playerId: z.string() }),
        response: {
          200: playerReplaySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) =>
      replayPlayer({
        ctx,
        user: requireUser(request),
        instanceId: request.params.id,
        playerId: request.params.playerId,
      }),
  );
}
