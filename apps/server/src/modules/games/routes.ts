import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBodySchema,
  gamesListQuerySchema,
  gamesListResponseSchema,
  gameValuesSchemaFor,
  gameWithRightsSchema,
  relocationOptionSchema,
  successResponseSchema,
} from '@loci/domain';
import type { AppContext } from '../../context.js';
import { requireGameRight } from '../../policies/games.js';
import { requireUser } from '../../plugins/auth.js';
import { presentGame, presentGamesListItem } from '../../presenters/games.js';
import { archiveGame, cloneGame, createGame, deleteGame, listGames, unpublishGame, updateGame } from './service.js';

const tags = ['games'];
const security = [{ bearerAuth: [] }];
const idParams = z.object({ id: z.string() });

/** The games list and game settings under /api/design/games (spec 1 §2, §7). */
export async function gamesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/design/games',
    {
      schema: {
        tags,
        security,
        summary: 'One page of the games the caller may see, newest change first',
        querystring: gamesListQuerySchema,
        response: { 200: gamesListResponseSchema, 403: errorBodySchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { games, total } = await listGames({ ctx, user, query: request.query });
      return {
        games: games.map(presentGamesListItem),
        total,
        page: request.query.pageSize === 'all' ? 1 : request.query.page,
        pageSize: request.query.pageSize,
      };
    },
  );

  api.get(
    '/design/games/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One game with the caller’s rights on it (view right)',
        params: idParams,
        response: { 200: gameWithRightsSchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return presentGame(await requireGameRight({ ctx, user, gameId: request.params.id, right: 'view' }));
    },
  );

  api.post(
    '/design/games',
    {
      schema: {
        tags,
        security,
        summary: 'Create a game (designers and admins)',
        body: gameValuesSchemaFor('create'),
        response: { 201: gameWithRightsSchema, 400: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const game = await createGame({ ctx, user, values: request.body });
      return reply.status(201).send(presentGame(game));
    },
  );

  api.patch(
    '/design/games/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Save the settings form of a game (edit right; not archived; not locked by another user)',
        params: idParams,
        body: gameValuesSchemaFor('edit'),
        response: {
          200: gameWithRightsSchema,
          400: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return presentGame(await updateGame({ ctx, user, gameId: request.params.id, values: request.body }));
    },
  );

  api.delete(
    '/design/games/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete an unpublished game with its versions and media (manage right)',
        params: idParams,
        response: { 200: successResponseSchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await deleteGame({ ctx, user, gameId: request.params.id });
      return { success: true as const };
    },
  );

  api.post(
    '/design/games/:id/clone',
    {
      schema: {
        tags,
        security,
        summary:
          'Clone a game, its working version and media to the caller (clone right); with `relocate`, the copy is moved to that centre',
        params: idParams,
        body: relocationOptionSchema.nullish(),
        response: { 201: gameWithRightsSchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const clone = await cloneGame({ ctx, user, gameId: request.params.id, relocate: request.body?.relocate });
      return reply.status(201).send(presentGame(clone));
    },
  );

  api.post(
    '/design/games/:id/unpublish',
    {
      schema: {
        tags,
        security,
        summary: 'Withdraw the published version (manage right; 409 unless published)',
        params: idParams,
        response: { 200: gameWithRightsSchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return presentGame(await unpublishGame({ ctx, user, gameId: request.params.id }));
    },
  );

  api.post(
    '/design/games/:id/archive',
    {
      schema: {
        tags,
        security,
        summary: 'Archive a game for good (manage right)',
        params: idParams,
        response: { 200: gameWithRightsSchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return presentGame(await archiveGame({ ctx, user, gameId: request.params.id }));
    },
  );
}
