import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clientConfigSchema } from '@loci/domain';
import type { AppContext } from '../../context.js';

/**
 * GET /api/client-config: the settings the browser reads from the server (the map tiles: standard and satellite, with their attributions). An endpoint,
 * not a value written into index.html, since the Content-Security-Policy forbids inline script.
 */
export async function clientConfigRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/client-config',
    {
      schema: {
        tags: ['health'],
        summary: 'Public settings of this server for the console and the player (map tiles)',
        response: { 200: clientConfigSchema },
      },
    },
    async () => ({
      tileUrl: ctx.config.tileUrl,
      tileAttribution: ctx.config.tileAttribution,
      satelliteTileUrl: ctx.config.satelliteTileUrl,
      satelliteTileAttribution: ctx.config.satelliteTileAttribution,
      publicUrl: ctx.config.publicUrl,
    }),
  );
}
