import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema, galleryQuerySchema, galleryResponseSchema } from '@loci/domain';
import type { AppContext } from '../../context.js';
import { requireUser } from '../../plugins/auth.js';
import { listGallery } from './service.js';

/** The public library under /api/design/gallery (issue 17 item 5): games to browse and clone. */
export async function galleryRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/design/gallery',
    {
      schema: {
        tags: ['games'],
        security: [{ bearerAuth: [] }],
        summary: 'One page of the public games (view or clone, not archived), with size, place and clone right',
        querystring: galleryQuerySchema,
        response: { 200: galleryResponseSchema, 403: errorBodySchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { games, total } = await listGallery({ ctx, user, query: request.query });
      return {
        games,
        total,
        page: request.query.pageSize === 'all' ? 1 : request.query.page,
        pageSize: request.query.pageSize,
      };
    },
  );
}
