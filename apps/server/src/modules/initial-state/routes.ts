import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBodySchema,
  INITIAL_STATE_PATHS,
  initialStateAnswerSchema,
  initialStateSpecsSchema,
  worldEntryBodySchema,
  worldEntryFormSchema,
} from '@loci/domain';
import type { AppContext } from '../../context.js';
import { requireUser } from '../../plugins/auth.js';
import { deleteWorldEntry, getInitialState, getInitialStateSpecs, saveWorldEntry } from './service.js';

const tags = ['initial-state'];
const security = [{ bearerAuth: [] }];
const versionParams = z.object({ gameId: z.string(), versionId: z.string() });
const entryParams = versionParams.extend({
  path: z.enum(INITIAL_STATE_PATHS),
  sceneId: z.string(),
  id: z.string(),
});

/**
 * The initial world of a game version (spec 3 §2, §7): its objects and offers
 * by scene. `{versionId}` is a version's id or 'current' (the working
 * version); only the working version can be changed.
 */
export async function initialStateRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/design/:gameId/initialStates/:versionId',
    {
      schema: {
        tags,
        security,
        summary: 'The initial world of a version: objects and offers by scene, then id (view right)',
        params: versionParams,
        response: { 200: initialStateAnswerSchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { gameId, versionId } = request.params;
      return { state: await getInitialState({ ctx, user, gameId, versionId }) };
    },
  );

  api.get(
    '/design/:gameId/initialStateSpecs/:versionId',
    {
      schema: {
        tags,
        security,
        summary: 'The scenes, object types and offers the object and offer forms pick from (view right)',
        params: versionParams,
        response: { 200: initialStateSpecsSchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { gameId, versionId } = request.params;
      return getInitialStateSpecs({ ctx, user, gameId, versionId });
    },
  );

  api.post(
    '/design/:gameId/initialStates/:versionId',
    {
      schema: {
        tags,
        security,
        summary:
          'Add or save a world object or offer of the working version (edit right; 400 field errors; 404 unknown game; 409 published version, name taken)',
        params: versionParams,
        body: worldEntryBodySchema,
        documentedBody: worldEntryFormSchema,
        response: {
          200: initialStateAnswerSchema,
          400: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { gameId, versionId } = request.params;
      return { state: await saveWorldEntry({ ctx, user, gameId, versionId, values: request.body }) };
    },
  );

  api.delete(
    '/design/:gameId/initialStates/:versionId/:path/:sceneId/:id',
    {
      schema: {
        tags,
        security,
        summary:
          'Remove a world object (state.has.object) or offer (state.has.offer) of the working version (edit right)',
        params: entryParams,
        response: { 200: initialStateAnswerSchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return { state: await deleteWorldEntry({ ctx, user, ...request.params }) };
    },
  );
}
