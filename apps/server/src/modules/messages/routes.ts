import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  inboxAnswerSchema,
  organiserMessageAnswerSchema,
  organiserMessageBodySchema,
  playerMessagesAnswerSchema,
  quickRepliesBodySchema,
} from '@loci/domain';
import type { AppContext } from '../../context.js';
import { errorAnswers } from '../../lib/openapi.js';
import { requireUser } from '../../plugins/auth.js';
import {
  getInbox,
  getPlayerMessages,
  markInboxRead,
  markPlayerMessagesRead,
  saveQuickReplies,
  sendOrganiserMessage,
} from './service.js';

const security = [{ bearerAuth: [] }];
const instanceParams = z.object({ instanceId: z.string() });
const conversationParams = z.object({ instanceId: z.string(), playerId: z.string() });
const gameParams = z.object({ gameId: z.string() });
const unreadSchema = z.object({ unread: z.number().int() });
const quickRepliesAnswerSchema = z.object({ quickReplies: z.array(z.string()) });

/**
 * Messages both ways (issue 29; docs/outings.md "Messages"). A player WRITES with the player event `chat`
 * (POST /api/play/instances/{instanceId}/events); here they read their conversation and their team's chat.
 * The organiser's inbox and replies are under /api/manage (manage right on the instance's game).
 */
export async function messageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/play/instances/:instanceId/messages',
    {
      schema: {
        tags: ['play'],
        security,
        summary:
          'The caller’s conversation with the organiser and, in a team, their team’s chat (403 NOT_A_PLAYER otherwise)',
        params: instanceParams,
        response: { 200: playerMessagesAnswerSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => getPlayerMessages({ ctx, user: requireUser(request), instanceId: request.params.instanceId }),
  );

  api.post(
    '/play/instances/:instanceId/messages/read',
    {
      schema: {
        tags: ['play'],
        security,
        summary: 'The caller has read the organiser’s messages (their unread badge goes)',
        params: instanceParams,
        response: { 200: unreadSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) =>
      markPlayerMessagesRead({ ctx, user: requireUser(request), instanceId: request.params.instanceId }),
  );

  api.get(
    '/manage/instances/:instanceId/inbox',
    {
      schema: {
        tags: ['manage'],
        security,
        summary:
          'The organiser’s inbox: every team’s or player’s conversation and team chat, with unread counts, and the quick replies (manage right)',
        params: instanceParams,
        response: { 200: inboxAnswerSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => getInbox({ ctx, user: requireUser(request), instanceId: request.params.instanceId }),
  );

  api.post(
    '/manage/instances/:instanceId/messages',
    {
      schema: {
        tags: ['manage'],
        security,
        summary:
          'The organiser writes to one team or player (playerId) or to everyone still playing (playerId null) (manage right)',
        params: instanceParams,
        body: organiserMessageBodySchema,
        response: { 200: organiserMessageAnswerSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) =>
      sendOrganiserMessage({
        ctx,
        user: requireUser(request),
        instanceId: request.params.instanceId,
        body: request.body,
      }),
  );

  api.post(
    '/manage/instances/:instanceId/inbox/:playerId/read',
    {
      schema: {
        tags: ['manage'],
        security,
        summary: 'The organiser has read a team’s or player’s messages (manage right)',
        params: conversationParams,
        response: { 200: unreadSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => markInboxRead({ ctx, user: requireUser(request), ...request.params }),
  );

  api.put(
    '/manage/games/:gameId/quick-replies',
    {
      schema: {
        tags: ['manage'],
        security,
        summary: 'The inbox’s quick replies of a game, in order (manage right)',
        params: gameParams,
        body: quickRepliesBodySchema,
        response: { 200: quickRepliesAnswerSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) =>
      saveQuickReplies({
        ctx,
        user: requireUser(request),
        gameId: request.params.gameId,
        quickReplies: request.body.quickReplies,
      }),
  );
}
