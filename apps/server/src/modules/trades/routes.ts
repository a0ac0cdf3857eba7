import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PLAY_MESSAGES, tradeListSchema, tradeProposalBodySchema, tradeSchema } from '@loci/domain';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { createTokenBuckets } from '../../lib/token-buckets.js';
import { requireUser } from '../../plugins/auth.js';
import { acceptTrade, closeTrade, listTrades, proposeTrade } from './service.js';
import { errorAnswers } from '../../lib/openapi.js';

const tags = ['play'];
const security = [{ bearerAuth: [] }];
const errors = errorAnswers(400, 401, 403, 404, 409, 429);
const instanceParams = z.object({ instanceId: z.string() });
const tradeParams = z.object({ instanceId: z.string(), tradeId: z.string() });

/**
 * Trading between players of one instance (docs/play.md "Trading"): a player
 * of the instance lists, proposes, accepts, declines and cancels; each answer
 * is the trade, and both players get it over the socket event `trade`.
 */
export async function tradeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { tradeProposalsPerMinute } = ctx.config.limits;
  // Per player and instance, as player events (play/routes.ts): proposals are pushed to another player.
  const proposals = createTokenBuckets({
    perSecond: tradeProposalsPerMinute / 60,
    burst: Math.max(1, Math.floor(tradeProposalsPerMinute / 2)),
    now: () => ctx.now().getTime(),
  });

  api.get(
    '/play/instances/:instanceId/trades',
    {
      schema: {
        tags,
        security,
        summary:
          'The caller’s open trades (proposed and received), the players they may trade with and their tradable assets (a player of the instance)',
        params: instanceParams,
        response: { 200: tradeListSchema, ...errors },
      },
    },
    async (request) => listTrades(ctx, requireUser(request), request.params.instanceId),
  );

  api.post(
    '/play/instances/:instanceId/trades',
    {
      onRequest: async (request, reply) => {
        if (!request.currentUser) return;
        const taken = proposals.take(`${request.currentUser.id}:${request.params.instanceId}`);
        if (taken.ok) return;
        reply.header('retry-after', Math.ceil(taken.retryAfterMs / 1000));
        throw new AppError('TOO_MANY_EVENTS', PLAY_MESSAGES.tooManyEvents);
      },
      schema: {
        tags,
        security,
        summary:
          'Propose a trade to another player of the instance (201). Refusals: 409 TRADING_OFF, NOT_TRADABLE, NOT_OWNED, TOO_MANY_OPEN_TRADES; 404 UNKNOWN_PLAYER; 400 EMPTY_TRADE; 429 TOO_MANY_EVENTS',
        params: instanceParams,
        body: tradeProposalBodySchema,
        response: { 201: tradeSchema, ...errors },
      },
    },
    async (request, reply) => {
      const trade = await proposeTrade(ctx, requireUser(request), request.params.instanceId, request.body);
      return reply.code(201).send(trade);
    },
  );

  api.post(
    '/play/instances/:instanceId/trades/:tradeId/accept',
    {
      schema: {
        tags,
        security,
        summary:
          'Accept a trade offered to the caller: both sides are exchanged at once, or nothing (409 TRADE_CLOSED, NOT_OWNED, LIMIT_REACHED, TRADING_OFF)',
        params: tradeParams,
        response: { 200: tradeSchema, ...errors },
      },
    },
    async (request) => acceptTrade(ctx, requireUser(request), request.params.instanceId, request.params.tradeId),
  );

  for (const as of ['decline', 'cancel'] as const) {
    api.post(
      `/play/instances/:instanceId/trades/:tradeId/${as}`,
      {
        schema: {
          tags,
          security,
          summary:
            as === 'decline'
              ? 'Decline a trade offered to the caller (409 TRADE_CLOSED once closed)'
              : 'Cancel a trade the caller proposed (409 TRADE_CLOSED once closed)',
          params: tradeParams,
          response: { 200: tradeSchema, ...errors },
        },
      },
      async (request) => closeTrade(ctx, requireUser(request), request.params.instanceId, request.params.tradeId, as),
    );
  }
}
