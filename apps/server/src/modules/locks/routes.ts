import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  canAuthor,
  GAME_TEXTS,
  LOCK_MESSAGES,
  lockHeldSchema,
  lockRefusedSchema,
  lockReleasedSchema,
  lockReleaseSchema,
  lockRequestSchema,
  lockGameId,
} from '@loci/domain';
import { errorAnswers } from '../../lib/openapi.js';
import type { AppContext } from '../../context.js';
import { fail } from '../../lib/errors.js';
import { requireUser, type CurrentUser } from '../../plugins/auth.js';
import { requireGameRight } from '../../policies/games.js';
import { releaseLock, takeLock } from './service.js';

const tags = ['locks'];
const security = [{ bearerAuth: [] }];

function requireAuthor(user: CurrentUser): void {
  if (!canAuthor(user.role)) throw fail.forbidden(GAME_TEXTS.noAuthoringRights(user.role));
}

/**
 * The edit-lock service of the design workspace (spec 2 §7), at /api/design/cc.
 * Every lock is a resource of a game (the request names it) and needs the edit
 * right on that game, so that nobody can freeze a game they may not change nor
 * learn who edits it; the server caps how long one request holds a lock.
 */
export async function lockRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/design/cc',
    {
      schema: {
        tags,
        security,
        summary: 'Take or renew an edit lock: 200 to its holder, 409 with the holder to anyone else',
        body: lockRequestSchema,
        response: { 200: lockHeldSchema, 409: lockRefusedSchema, ...errorAnswers(403, 404) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      requireAuthor(user);
      const { kind, id, duration } = request.body;
      const gameId = lockGameId(request.body);
      await requireGameRight({ ctx, user, gameId, right: 'edit' });
      const outcome = await takeLock({ ctx, userId: user.id, target: { gameId, kind, id }, duration });
      if (outcome.locked) return { locked: true as const, expiresAt: outcome.expiresAt.toISOString() };
      return reply.status(409).send({
        locked: false as const,
        holder: outcome.holder,
        message: LOCK_MESSAGES.heldByOther,
        expiresAt: outcome.expiresAt.toISOString(),
      });
    },
  );

  api.delete(
    '/design/cc',
    {
      schema: {
        tags,
        security,
        summary: 'Release the caller’s own lock (edit right; someone else’s is left alone)',
        body: lockReleaseSchema,
        response: { 200: lockReleasedSchema, ...errorAnswers(403, 404) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      requireAuthor(user);
      const { kind, id } = request.body;
      const gameId = lockGameId(request.body);
      await requireGameRight({ ctx, user, gameId, right: 'edit' });
      return { released: await releaseLock({ ctx, userId: user.id, target: { gameId, kind, id } }) };
    },
  );
}
