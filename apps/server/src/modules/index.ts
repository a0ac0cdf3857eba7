import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { healthRoutes } from './health/routes.js';

/** Registers every area's routes under /api. One line per module. */
export async function registerModules(api: FastifyInstance, ctx: AppContext): Promise<void> {
  await healthRoutes(api, ctx);
}
