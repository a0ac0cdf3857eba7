import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorBodySchema,
  asyncValidateQuerySchema,
  asyncValidateRequestSchema,
  asyncValidateResponseSchema,
} from '@loci/domain';
import type { AppContext } from '../../context.js';
import { requireUser } from '../../plugins/auth.js';
import { asyncValidateForm } from './service.js';

/**
 * asyncValidateForm: one check for the forms of three modules (game settings,
 * design entities, world entries). It lives apart so that design and
 * initial-state need not import each other.
 */
export async function formCheckRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/design/utils/asyncValidateForm',
    {
      schema: {
        tags: ['design'],
        security: [{ bearerAuth: [] }],
        summary:
          'Check a form while it is filled in: name taken, and the whole form unless one field was left (view right). Never 4xx for invalid values',
        querystring: asyncValidateQuerySchema,
        body: asyncValidateRequestSchema,
        response: {
          200: asyncValidateResponseSchema,
          400: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return asyncValidateForm({ ctx, user, gameId: request.query.gameId, request: request.body });
    },
  );
}
