import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptedLanguages,
  DEVICE_HEADER,
  PLAY_MESSAGES,
  playEventAnswerSchema,
  playEventRequestSchema,
  playGameAnswerSchema,
  playLobbySchema,
  playStateAnswerSchema,
  startPlayAnswerSchema,
  startPlayBodySchema,
} from '@loci/domain';
import type { AppContext } from '../../context.js';
import { AppError, fail } from '../../lib/errors.js';
import { PARSED_ANSWER, TYPED_ANSWER } from '../../lib/parsed-answer.js';
import { withPasscodeTries } from '../../lib/secret-limits.js';
import { createTokenBuckets } from '../../lib/token-buckets.js';
import { requireUser } from '../../plugins/auth.js';
import {
  getPlayGame,
  getPlayLobby,
  getPlayState,
  getWatchedPlayGame,
  getWatchedPlayState,
  sendPlayEvent,
  startPlaying,
} from './service.js';
import { errorAnswers } from '../../lib/openapi.js';

const tags = ['play'];
const security = [{ bearerAuth: [] }];
const gameParams = z.object({ gameId: z.string() });
const instanceParams = z.object({ instanceId: z.string() });
const watchedParams = z.object({ instanceId: z.string(), playerId: z.string() });
const errors = errorAnswers(400, 401, 403, 404, 409, 429);

/** The device id the app sends (`X-Loci-Device`), for games that bind a player to one device. */
function deviceOf(request: FastifyRequest): string | null {
  const value = request.headers[DEVICE_HEADER];
  const id = Array.isArray(value) ? value[0] : value;
  return id && id.trim() !== '' ? id.trim().slice(0, 200) : null;
}

/** The languages the caller reads, best first (Accept-Language): the game's texts follow them (issue 31). */
function languagesOf(request: FastifyRequest): string[] {
  return acceptedLanguages(request.headers['accept-language']);
}

/** A refusal of a passcode that was sent and is not the game's (a missing one is no guess). */
function isWrongPasscode(error: unknown): boolean {
  return error instanceof AppError && error.message === PLAY_MESSAGES.wrongPasscode;
}

/**
 * The player API under /api/play (spec 4 §4; docs/play.md): what the
 * companion app and Loci's web player call with the player's bearer token.
 */
export async function playRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { playerEventsPerSecond } = ctx.config.limits;
  // Per player and instance: each event takes the instance's row lock, so a flood would stall the other players.
  const playerEvents = createTokenBuckets({
    perSecond: playerEventsPerSecond,
    burst: playerEventsPerSecond * 2,
    now: () => ctx.now().getTime(),
  });

  api.get(
    '/play/games/:gameId',
    {
      schema: {
        tags,
        security,
        summary:
          'Before starting: the game’s introduction, whether a passcode is asked, the caller’s own active instance, and why a start would be refused now',
        params: gameParams,
        response: { 200: playLobbySchema, ...errors },
      },
    },
    async (request) =>
      getPlayLobby({
        ctx,
        user: requireUser(request),
        gameId: request.params.gameId,
        languages: languagesOf(request),
      }),
  );

  api.post(
    '/play/games/:gameId/instances',
    {
      schema: {
        tags,
        security,
        summary:
          'Start or join the game (201), or come back to one’s own active instance (200). Refusals: 403 WRONG_PASSCODE, NOT_STARTED_YET, PERIOD_ENDED, NOT_AUTHORISED, NEW_INSTANCES_NOT_ALLOWED; 409 NOT_PUBLISHED, VERSION_ARCHIVED, OTHER_DEVICE; 429 RATE_LIMITED with Retry-After (seconds) after too many wrong passcodes from the account or its address',
        params: gameParams,
        body: startPlayBodySchema,
        response: { 200: startPlayAnswerSchema, 201: startPlayAnswerSchema, ...errors },
      },
      ...TYPED_ANSWER,
    },
    async (request, reply) => {
      const user = requireUser(request);
      const answer = await withPasscodeTries({
        ctx,
        request,
        reply,
        userId: user.id,
        isWrong: isWrongPasscode,
        run: () =>
          startPlaying({
            ctx,
            user,
            gameId: request.params.gameId,
            body: request.body,
            deviceId: deviceOf(request),
            languages: languagesOf(request),
          }),
      });
      return reply.status(answer.rejoined ? 200 : 201).send(answer);
    },
  );

  api.get(
    '/play/instances/:instanceId',
    {
      schema: {
        tags,
        security,
        summary: 'The caller’s view of an instance they play (403 NOT_A_PLAYER otherwise)',
        params: instanceParams,
        response: { 200: playStateAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return getPlayState({ ctx, user, instanceId: request.params.instanceId, languages: languagesOf(request) });
    },
  );

  api.get(
    '/play/instances/:instanceId/game',
    {
      schema: {
        tags,
        security,
        summary: 'The game an instance runs and a player-safe copy of its spec (no rules, conditions or answers)',
        params: instanceParams,
        response: { 200: playGameAnswerSchema, ...errors },
      },
      // The player-safe spec is read through its schema once per version (player-spec.ts).
      ...PARSED_ANSWER,
    },
    async (request) => {
      const user = requireUser(request);
      return getPlayGame({ ctx, user, instanceId: request.params.instanceId, languages: languagesOf(request) });
    },
  );

  // "See as the player" (docs/operations.md): an operator reads one player's screen, read-only.
  api.get(
    '/instances/:instanceId/players/:playerId/view',
    {
      schema: {
        tags: ['manage'],
        security,
        summary:
          'One player’s view of an instance, exactly as their own GET /play/instances/{instanceId} answers it (manage right); read-only: waiting messages are shown, not delivered',
        params: watchedParams,
        response: { 200: playStateAnswerSchema, ...errors },
      },
    },
    async (request) => getWatchedPlayState({ ctx, user: requireUser(request), ...request.params }),
  );

  api.get(
    '/instances/:instanceId/players/:playerId/game',
    {
      schema: {
        tags: ['manage'],
        security,
        summary:
          'The game as that player’s app reads it (GET /play/instances/{instanceId}/game), for an operator (manage right)',
        params: watchedParams,
        response: { 200: playGameAnswerSchema, ...errors },
      },
      ...PARSED_ANSWER,
    },
    async (request) => getWatchedPlayGame({ ctx, user: requireUser(request), ...request.params }),
  );

  api.post(
    '/play/instances/:instanceId/events',
    {
      // Before the body is read: a refused event costs no parsing, no validation and no query.
      // The caller's account is read with the instance, in the event's one read (runtime/player-event.ts runPlayerEvent).
      config: { deferAccountLookup: true },
      onRequest: async (request, reply) => {
        if (!request.tokenClaims) return;
        const taken = playerEvents.take(`${request.tokenClaims.id}:${request.params.instanceId}`);
        if (taken.ok) return;
        reply.header('retry-after', Math.ceil(taken.retryAfterMs / 1000));
        throw new AppError('TOO_MANY_EVENTS', PLAY_MESSAGES.tooManyEvents);
      },
      schema: {
        tags,
        security,
        summary:
          'One event of the caller, applied at most once per clientEventId (a retry gets the first answer); engine refusals come back as error outputs with 200. A `chat` event is a message to the organiser or the team (docs/outings.md "Messages"): 403 MESSAGES_OFF, NOT_IN_A_TEAM; 429 MESSAGES_TOO_FAST with Retry-After. 409 INSTANCE_NOT_ACTIVE, OTHER_DEVICE; 429 TOO_MANY_EVENTS',
        params: instanceParams,
        body: playEventRequestSchema,
        response: { 200: playEventAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const claims = request.tokenClaims;
      if (!claims) throw fail.unauthenticated();
      const { clientEventId, viewRevision, ...event } = request.body;
      try {
        return await sendPlayEvent({
          ctx,
          claims,
          instanceId: request.params.instanceId,
          event,
          clientEventId: clientEventId ?? null,
          deviceId: deviceOf(request),
          languages: languagesOf(request),
          ...(viewRevision === undefined ? {} : { viewRevision }),
        });
      } catch (error) {
        // Messages faster than MESSAGE_LIMITS (issue 29): the app's queue holds them and sends again after this.
        if (error instanceof AppError && error.code === 'MESSAGES_TOO_FAST') {
          reply.header('retry-after', String(error.extra?.retryAfter ?? 1));
        }
        throw error;
      }
    },
  );
}
