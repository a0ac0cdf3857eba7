import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountResponseSchema,
  changePasswordSchema,
  loginResponseSchema,
  profileSchema,
  roleRequestBodySchema,
  successResponseSchema,
  updateAccountSchema,
} from '@loci/domain';
import { errorAnswers } from '../../lib/openapi.js';
import type { AppContext } from '../../context.js';
import { requireUser } from '../../plugins/auth.js';
import { presentUser } from '../../presenters/user.js';
import {
  cancelRoleRequest,
  changePassword,
  deleteAccount,
  getAccount,
  renameAccount,
  requestRole,
  signOutEverywhere,
  updateProfile,
} from './service.js';

const tags = ['account'];
const security = [{ bearerAuth: [] }];

/** The signed-in user's own account: GET/DELETE /api/users/account and its role request. */
export async function accountRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/users/account',
    { schema: { tags, security, summary: 'The signed-in account', response: { 200: accountResponseSchema } } },
    async (request) => {
      const user = requireUser(request);
      return { user: presentUser(await getAccount({ ctx, userId: user.id })) };
    },
  );

  api.patch(
    '/users/account',
    {
      schema: {
        tags,
        security,
        summary: 'Change the signed-in account’s name (400 with field errors)',
        body: updateAccountSchema,
        response: { 200: accountResponseSchema, ...errorAnswers(409) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return { user: presentUser(await renameAccount({ ctx, userId: user.id, name: request.body.name })) };
    },
  );

  api.delete(
    '/users/account',
    {
      schema: {
        tags,
        security,
        summary: 'Delete the signed-in account and its personal data',
        response: { 200: successResponseSchema, ...errorAnswers(409) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await deleteAccount({ ctx, userId: user.id });
      return { success: true as const };
    },
  );

  api.post(
    '/users/account/signOutEverywhere',
    {
      schema: {
        tags,
        security,
        summary: 'Revoke every token of the account and close its sockets; answers a fresh token for this device',
        response: { 200: loginResponseSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return { success: true as const, token: await signOutEverywhere({ ctx, userId: user.id }) };
    },
  );

  api.post(
    '/users/account/password',
    {
      // A stolen token must not become a way to guess the password.
      config: { rateLimit: { max: ctx.config.rateLimit, timeWindow: '1 minute' } },
      schema: {
        tags,
        security,
        summary: 'Change the password (the current one required); signs out every other device',
        body: changePasswordSchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return { success: true as const, token: await changePassword({ ctx, userId: user.id, values: request.body }) };
    },
  );

  api.patch(
    '/users/account/profile',
    {
      schema: {
        tags,
        security,
        summary: 'Save the profile: birth date and sex (that some games ask for), and the interface language',
        body: profileSchema,
        response: { 200: accountResponseSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return { user: presentUser(await updateProfile({ ctx, userId: user.id, profile: request.body })) };
    },
  );

  api.post(
    '/users/account/roleRequest',
    {
      schema: {
        tags,
        security,
        summary: 'Ask to be upgraded to designer',
        body: roleRequestBodySchema,
        response: { 200: accountResponseSchema, ...errorAnswers(409) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const row = await requestRole({ ctx, userId: user.id, role: request.body.roleRequest.role });
      return { user: presentUser(row) };
    },
  );

  api.delete(
    '/users/account/roleRequest',
    {
      schema: {
        tags,
        security,
        summary: 'Withdraw the pending role request',
        response: { 200: accountResponseSchema, ...errorAnswers(409) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return { user: presentUser(await cancelRoleRequest({ ctx, userId: user.id })) };
    },
  );
}
