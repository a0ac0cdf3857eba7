import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dashboardStatsSchema,
  roleDecisionResponseSchema,
  roleDecisionSchema,
  roleRequestListItemSchema,
} from '@loci/domain';
import { errorAnswers } from '../../lib/openapi.js';
import type { AppContext } from '../../context.js';
import { requireAdmin } from '../../plugins/auth.js';
import { presentRoleRequest, presentUser } from '../../presenters/user.js';
import { decideRoleRequest, getDashboardStats, listRoleRequests } from './service.js';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];

/** The admin area: role-upgrade requests and dashboard statistics. Admins only. */
export async function adminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/admin/role-requests',
    {
      schema: {
        tags,
        security,
        summary: 'Pending role requests, oldest first',
        response: { 200: z.array(roleRequestListItemSchema), ...errorAnswers(403) },
      },
    },
    async (request) => {
      requireAdmin(request);
      return (await listRoleRequests({ ctx })).map(presentRoleRequest);
    },
  );

  api.patch(
    '/admin/role-requests',
    {
      schema: {
        tags,
        security,
        summary: 'Approve or reject a role request; mails the user',
        body: roleDecisionSchema,
        response: { 200: roleDecisionResponseSchema, ...errorAnswers(403, 404) },
      },
    },
    async (request) => {
      requireAdmin(request);
      const user = await decideRoleRequest({ ctx, values: request.body });
      return { success: true as const, user: presentUser(user) };
    },
  );

  api.get(
    '/admin/dashboard-stats',
    {
      schema: {
        tags,
        security,
        summary: 'Counts for the admin dashboard',
        response: { 200: dashboardStatsSchema, ...errorAnswers(403) },
      },
    },
    async (request) => {
      requireAdmin(request);
      return getDashboardStats({ ctx });
    },
  );
}
