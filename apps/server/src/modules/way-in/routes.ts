import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  gameShareSchema,
  JOIN_CODE_MESSAGES,
  joinCodeAnswerSchema,
  joinCodeBodySchema,
  myGamesSchema,
  publicLobbySchema,
} from '@loci/domain';
import type { AppContext } from '../../context.js';
import { acceptedLanguages } from '@loci/domain';
import { AppError } from '../../lib/errors.js';
import { withPasscodeTries } from '../../lib/secret-limits.js';
import { requireUser } from '../../plugins/auth.js';
import { getGameShare, getPublicLobby, listMyGames, resolveJoinCode } from './service.js';
import { errorAnswers } from '../../lib/openapi.js';

const security = [{ bearerAuth: [] }];
const errors = errorAnswers(400, 401, 403, 404, 409, 429);

/** The way in for players (docs/play.md "The way in"): share panel, public lobby, my games, join with a code. */
export async function wayInRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/design/games/:id/share',
    {
      schema: {
        tags: ['games'],
        security,
        summary:
          'The share panel of a game (view right): its play link, whether a player could join now and why not; the passcode with the edit right',
        params: z.object({ id: z.string() }),
        response: { 200: gameShareSchema, ...errors },
      },
    },
    async (request) => getGameShare({ ctx, user: requireUser(request), gameId: request.params.id }),
  );

  api.get(
    '/play/games/:gameId/public',
    {
      schema: {
        tags: ['play'],
        summary:
          'The lobby anyone may read (no account) of a game with a published version: texts, terms, playing period, passcode needed, why nobody could start now',
        params: z.object({ gameId: z.string() }),
        response: { 200: publicLobbySchema, ...errors },
      },
    },
    async (request) =>
      getPublicLobby({
        ctx,
        gameId: request.params.gameId,
        languages: acceptedLanguages(request.headers['accept-language']),
      }),
  );

  api.get(
    '/play/my-games',
    {
      schema: {
        tags: ['play'],
        security,
        summary: 'The games the caller plays or played (published versions), newest first, with the instance to resume',
        response: { 200: myGamesSchema, ...errors },
      },
    },
    async (request) => ({ games: await listMyGames({ ctx, user: requireUser(request) }) }),
  );

  api.post(
    '/play/join-code',
    {
      schema: {
        tags: ['play'],
        security,
        summary:
          'The game a typed or scanned code leads to: a play link, a deep link, a game id or a passcode (404 none, 409 several, 429 too many tries, or too many wrong passcodes from the account or its address, with Retry-After)',
        body: joinCodeBodySchema,
        response: { 200: joinCodeAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const taken = await ctx.limits.joinCodes.take(user.id);
      if (!taken.ok) {
        reply.header('retry-after', Math.ceil(taken.retryAfterMs / 1000));
        throw new AppError('TOO_MANY_EVENTS', JOIN_CODE_MESSAGES.tooMany);
      }
      return withPasscodeTries({
        ctx,
        request,
        reply,
        userId: user.id,
        // A code that leads nowhere may have been a guessed passcode.
        isWrong: (error) => error instanceof AppError && error.code === 'NOT_FOUND',
        run: () => resolveJoinCode({ ctx, user, code: request.body.code }),
      });
    },
  );
}
