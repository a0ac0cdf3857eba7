import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { accountRoutes } from './account/routes.js';
import { adminRoutes } from './admin/routes.js';
import { authRoutes } from './auth/routes.js';
import { healthRoutes } from './health/routes.js';

/** Registers every area's routes under /api. One line per module. */
export async function registerModules(api: FastifyInstance, ctx: AppContext): Promise<void> {
  await healthRoutes(api, ctx);
  await authRoutes(api, ctx);
  await accountRoutes(api, ctx);
  await adminRoutes(api, ctx);
}
