import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, workspaceResponseSchema } from '@loci/domain';
import type { AppContext } from '../../context.js';
import { PARSED_ANSWER } from '../../lib/parsed-answer.js';
import { requireUser } from '../../plugins/auth.js';
import { loadWorkspace } from './service.js';

const tags = ['design'];
const security = [{ bearerAuth: [] }];
const gameParams = z.object({ gameId: z.string() });

/**
 * The design workspace's one load (spec 2 §2): the design's entities and the game's versions together. A room
 * of its own because it reads both design/ and versions/, and versions/ reads design/ (publishing copies the
 * working design, a rollback writes it back): kept in design/, it made the two folders import each other.
 */
export async function workspaceRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/design/:gameId/workspace',
    {
      ...PARSED_ANSWER,
      schema: {
        tags,
        security,
        summary: 'Everything the design workspace loads, in one answer (view right)',
        params: gameParams,
        response: { 200: workspaceResponseSchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return workspaceResponseSchema.parse(await loadWorkspace({ ctx, user, gameId: request.params.gameId }));
    },
  );
}
