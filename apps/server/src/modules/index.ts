import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { accountRoutes } from './account/routes.js';
import { adminRoutes } from './admin/routes.js';
import { analyticsRoutes } from './analytics/routes.js';
import { authRoutes } from './auth/routes.js';
import { clientConfigRoutes } from './client-config/routes.js';
import { bundleRoutes } from './bundles/routes.js';
import { debugRoutes } from './debug/routes.js';
import { designRoutes } from './design/routes.js';
import { formCheckRoutes } from './form-checks/routes.js';
import { galleryRoutes } from './gallery/routes.js';
import { gamesRoutes } from './games/routes.js';
import { healthRoutes } from './health/routes.js';
import { initialStateRoutes } from './initial-state/routes.js';
import { lockRoutes } from './locks/routes.js';
import { manageRoutes } from './manage/routes.js';
import { mediaRoutes } from './media/routes.js';
import { playRoutes } from './play/routes.js';
import { rankingsRoutes } from './rankings/routes.js';
import { tradeRoutes } from './trades/routes.js';
import { versionsRoutes } from './versions/routes.js';
import { wayInRoutes } from './way-in/routes.js';

/** Registers every area's routes under /api. One line per module. */
export async function registerModules(api: FastifyInstance, ctx: AppContext): Promise<void> {
  await healthRoutes(api, ctx);
  await clientConfigRoutes(api, ctx);
  await authRoutes(api, ctx);
  await accountRoutes(api, ctx);
  await adminRoutes(api, ctx);
  await gamesRoutes(api, ctx);
  await bundleRoutes(api, ctx);
  await galleryRoutes(api, ctx);
  await lockRoutes(api, ctx);
  await mediaRoutes(api, ctx);
  await designRoutes(api, ctx);
  await formCheckRoutes(api, ctx);
  await versionsRoutes(api, ctx);
  await initialStateRoutes(api, ctx);
  await manageRoutes(api, ctx);
  await debugRoutes(api, ctx);
  await wayInRoutes(api, ctx);
  await playRoutes(api, ctx);
  await rankingsRoutes(api, ctx);
  await tradeRoutes(api, ctx);
  await analyticsRoutes(api, ctx);
}
