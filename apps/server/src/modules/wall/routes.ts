import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  feedAnswerSchema,
  feedLikeAnswerSchema,
  feedPostBodySchema,
  resultsAnswerSchema,
  wallAnswerSchema,
  wallLinkBodySchema,
  wallLinkSchema,
} from '@loci/domain';
import type { AppContext } from '../../context.js';
import { errorAnswers } from '../../lib/openapi.js';
import { requireUser } from '../../plugins/auth.js';
import { likeFeedItem } from './like.js';
import {
  createWallLink,
  getWallLink,
  manageFeed,
  playerFeed,
  postToFeed,
  readResults,
  readWall,
  revokeWallLink,
  withdrawFromFeed,
} from './service.js';

const tags = ['wall'];
const security = [{ bearerAuth: [] }];
const instanceParams = z.object({ instanceId: z.string() });

/**
 * The feed, the projector link, the wall and the results (issue 29; docs/outings.md "The wall"). The
 * organiser's calls need the manage right on the instance's game; the player's feed a player of the instance
 * (and the game's feed shown in the player); the wall only its token, which opens nothing private.
 */
export async function wallRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/manage/instances/:instanceId/feed',
    {
      schema: {
        tags,
        security,
        summary: 'The instance’s feed, newest first, withdrawn items left out (manage right)',
        params: instanceParams,
        response: { 200: feedAnswerSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => manageFeed({ ctx, user: requireUser(request), instanceId: request.params.instanceId }),
  );

  api.post(
    '/manage/instances/:instanceId/feed',
    {
      schema: {
        tags,
        security,
        summary: 'The organiser posts to the instance’s feed (plain text; manage right); answers the feed',
        params: instanceParams,
        body: feedPostBodySchema,
        response: { 201: feedAnswerSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await postToFeed({
          ctx,
          user: requireUser(request),
          instanceId: request.params.instanceId,
          text: request.body.text,
        }),
      ),
  );

  api.delete(
    '/manage/instances/:instanceId/feed/:itemId',
    {
      schema: {
        tags,
        security,
        summary: 'Withdraws an item of the feed: it leaves every screen at once (manage right); answers the feed',
        params: z.object({ instanceId: z.string(), itemId: z.string() }),
        response: { 200: feedAnswerSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) =>
      withdrawFromFeed({
        ctx,
        user: requireUser(request),
        instanceId: request.params.instanceId,
        itemId: request.params.itemId,
      }),
  );

  api.get(
    '/manage/instances/:instanceId/wall-link',
    {
      schema: {
        tags,
        security,
        summary: 'Whether the instance has a projector link, and its choices (never its token; manage right)',
        params: instanceParams,
        response: { 200: wallLinkSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => getWallLink({ ctx, user: requireUser(request), instanceId: request.params.instanceId }),
  );

  api.post(
    '/manage/instances/:instanceId/wall-link',
    {
      schema: {
        tags,
        security,
        summary:
          'Makes the instance’s projector link (a new token: any previous link stops working); the token is in this answer only (manage right)',
        params: instanceParams,
        body: wallLinkBodySchema,
        response: { 201: wallLinkSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await createWallLink({
          ctx,
          user: requireUser(request),
          instanceId: request.params.instanceId,
          showMap: request.body.showMap,
          layout: request.body.layout,
        }),
      ),
  );

  api.delete(
    '/manage/instances/:instanceId/wall-link',
    {
      schema: {
        tags,
        security,
        summary: 'Revokes the projector link: screens open on it go blank at once (manage right)',
        params: instanceParams,
        response: { 200: wallLinkSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => revokeWallLink({ ctx, user: requireUser(request), instanceId: request.params.instanceId }),
  );

  api.get(
    '/manage/instances/:instanceId/results',
    {
      schema: {
        tags,
        security,
        summary: 'The results per team (or player) and per member, ranked as the scoreboard (manage right)',
        params: instanceParams,
        response: { 200: resultsAnswerSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => readResults({ ctx, user: requireUser(request), instanceId: request.params.instanceId }),
  );

  api.get(
    '/play/instances/:instanceId/feed',
    {
      schema: {
        tags,
        security,
        summary:
          'The feed of the caller’s instance, newest first (a player of it; 404 when the game does not show the feed in the player)',
        params: instanceParams,
        response: { 200: feedAnswerSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => playerFeed({ ctx, user: requireUser(request), instanceId: request.params.instanceId }),
  );

  for (const [method, liked] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    api.route({
      method,
      url: '/play/instances/:instanceId/feed/:itemId/like',
      schema: {
        tags,
        security,
        summary: liked
          ? 'Likes an item of the feed of the caller’s instance (a player of it; once per person and item: liking again changes nothing); answers the item’s count. 404 when the game takes no likes or the item is not shown'
          : 'Takes back the caller’s like of a feed item (a player of the instance); answers the item’s count. 404 when the game takes no likes or the item is not shown',
        params: z.object({ instanceId: z.string(), itemId: z.string() }),
        response: { 200: feedLikeAnswerSchema, ...errorAnswers(400, 401, 403, 404) },
      },
      handler: async (request) =>
        likeFeedItem({
          ctx,
          user: requireUser(request),
          instanceId: request.params.instanceId,
          itemId: request.params.itemId,
          liked,
        }),
    });
  }

  api.get(
    '/wall/:token',
    {
      schema: {
        tags,
        summary:
          'The big screen of a projector link, without signing in: scoreboard, countdown, feed and (when chosen) the teams’ markers; nothing private. 404 for a token that is unknown or revoked',
        params: z.object({ token: z.string() }),
        response: { 200: wallAnswerSchema, ...errorAnswers(400, 404) },
      },
    },
    async (request, reply) => {
      // A projector's screen is not to be cached by anything between: a revoked link must stop at once.
      void reply.header('cache-control', 'no-store');
      void reply.header('referrer-policy', 'no-referrer');
      return readWall(ctx, request.params.token);
    },
  );
}
