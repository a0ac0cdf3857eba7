import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBodySchema,
  applyExpirationAnswerSchema,
  auditListSchema,
  rescueAnswerSchema,
  rescueRequestSchema,
  clockControlRequestSchema,
  stuckListSchema,
  stuckQuerySchema,
  fullInstanceSchema,
  instanceListQuerySchema,
  instanceListSchema,
  instanceQuerySchema,
  playerStatesQuerySchema,
  playerStatesSchema,
  playingPeriodAnswerSchema,
  playingPeriodBodySchema,
  sendMessageAnswerSchema,
  sendMessageBodySchema,
  terminateAllAnswerSchema,
  worldEditReasonSchema,
  worldEntryBodySchema,
  worldEntryFormSchema,
  worldItemDeleteQuerySchema,
} from '@loci/domain';
import type { AppContext } from '../../context.js';
import { requireUser } from '../../plugins/auth.js';
import {
  applyExpiration,
  deleteAllInstances,
  deleteInstance,
  deleteWorldItem,
  getInstance,
  listInstances,
  listPlayerStates,
  sendMessage,
  setInstancePlayingPeriod,
  setVersionPlayingPeriod,
  terminateInstance,
  updateWorldItem,
} from './service.js';
import { listAudit, rescuePlayer } from './rescue.js';
import { controlClock } from './clock.js';
import { listStuckPlayers } from './stuck.js';

const tags = ['operations'];
const security = [{ bearerAuth: [] }];
/** The refusals every operator call may answer. */
const refusals = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const gameParams = z.object({ gameId: z.string() });
const idParams = z.object({ id: z.string() });

/**
 * The operators' calls of the Gameplay and Instance pages (spec 1 §2, §7;
 * spec 3 §7): all need the manage right on the game, except deleting every
 * instance, which is a design action (edit right).
 */
export async function manageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/manage/gameInstances/:gameId/thin-list',
    {
      schema: {
        tags,
        security,
        summary: 'The instances of a game, active ones first (manage right); ?status= keeps one world status',
        params: gameParams,
        querystring: instanceListQuerySchema,
        response: { 200: instanceListSchema, ...refusals },
      },
    },
    async (request) =>
      listInstances({ ctx, user: requireUser(request), gameId: request.params.gameId, status: request.query.status }),
  );

  api.get(
    '/manage/gameInstances/:gameId/playerStates',
    {
      schema: {
        tags,
        security,
        summary: 'The players of a game’s instances for the live map (manage right)',
        params: gameParams,
        querystring: playerStatesQuerySchema,
        response: { 200: playerStatesSchema, ...refusals },
      },
    },
    async (request) =>
      listPlayerStates({
        ctx,
        user: requireUser(request),
        gameId: request.params.gameId,
        showType: request.query.showType,
      }),
  );

  api.get(
    '/instances/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One instance with its world (manage right); ?fullState=true adds every player’s state',
        params: idParams,
        querystring: instanceQuerySchema,
        response: { 200: fullInstanceSchema, ...refusals },
      },
    },
    async (request) =>
      getInstance({
        ctx,
        user: requireUser(request),
        instanceId: request.params.id,
        fullState: request.query.fullState,
      }),
  );

  api.post(
    '/instances/:id/terminate',
    {
      schema: {
        tags,
        security,
        summary: 'Terminate an instance: its players are told the game ended (manage right; 409 when terminated)',
        params: idParams,
        response: { 200: fullInstanceSchema, ...refusals, 409: errorBodySchema },
      },
    },
    async (request) => terminateInstance({ ctx, user: requireUser(request), instanceId: request.params.id }),
  );

  api.delete(
    '/instances/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete an instance with its players’ states, records and messages (manage right)',
        params: idParams,
        response: { 200: z.object({ deleted: z.literal(true) }), ...refusals },
      },
    },
    async (request) => {
      await deleteInstance({ ctx, user: requireUser(request), instanceId: request.params.id });
      return { deleted: true as const };
    },
  );

  api.post(
    '/instances/:id/updateWorldStateItem',
    {
      schema: {
        tags,
        security,
        summary:
          'Add or replace an object or offer in an instance’s world, from the world form’s values and an optional `reason` for the audit log (manage right; 400 field errors)',
        params: idParams,
        body: worldEntryBodySchema,
        documentedBody: worldEntryFormSchema.extend({ reason: worldEditReasonSchema }),
        response: { 200: fullInstanceSchema, ...refusals },
      },
    },
    async (request) =>
      updateWorldItem({ ctx, user: requireUser(request), instanceId: request.params.id, body: request.body }),
  );

  api.delete(
    '/instances/:id/deleteWorldStateItem/:key',
    {
      schema: {
        tags,
        security,
        summary:
          "Remove an object or offer from an instance's world; key 'has.{object|offer}.{sceneId}.{id}', ?reason= for the audit log",
        params: idParams.extend({ key: z.string() }),
        querystring: worldItemDeleteQuerySchema,
        response: { 200: fullInstanceSchema, ...refusals },
      },
    },
    async (request) =>
      deleteWorldItem({
        ctx,
        user: requireUser(request),
        instanceId: request.params.id,
        key: request.params.key,
        reason: request.query.reason,
      }),
  );

  api.post(
    '/games/:gameId/send-message',
    {
      schema: {
        tags,
        security,
        summary:
          'Message one player (userId) or every player of the running instances, of a version and scene (manage right)',
        params: gameParams,
        body: sendMessageBodySchema,
        response: { 200: sendMessageAnswerSchema, ...refusals },
      },
    },
    async (request) =>
      sendMessage({ ctx, user: requireUser(request), gameId: request.params.gameId, body: request.body }),
  );

  api.get(
    '/manage/games/:id/applyExpiration',
    {
      schema: {
        tags,
        security,
        summary: 'Expire every active instance once the game’s playing period has ended (manage right; 409 before)',
        params: idParams,
        response: { 200: applyExpirationAnswerSchema, ...refusals, 409: errorBodySchema },
      },
    },
    async (request) => applyExpiration({ ctx, user: requireUser(request), gameId: request.params.id }),
  );

  api.post(
    '/design/games/:id/terminateAllInstances',
    {
      schema: {
        tags,
        security,
        summary: 'Delete every instance of a game (edit right)',
        params: idParams,
        response: { 200: terminateAllAnswerSchema, ...refusals },
      },
    },
    async (request) => deleteAllInstances({ ctx, user: requireUser(request), gameId: request.params.id }),
  );

  api.patch(
    '/game-versions/:versionId/playingPeriod',
    {
      schema: {
        tags,
        security,
        summary: 'Set the playing period of the version’s game, for all its instances (manage right)',
        params: z.object({ versionId: z.string() }),
        body: playingPeriodBodySchema,
        response: { 200: playingPeriodAnswerSchema, ...refusals, 409: errorBodySchema },
      },
    },
    async (request) =>
      setVersionPlayingPeriod({
        ctx,
        user: requireUser(request),
        versionId: request.params.versionId,
        period: request.body.playingPeriod,
      }),
  );

  api.patch(
    '/manage/gameInstances/:instanceId/playingPeriod',
    {
      schema: {
        tags,
        security,
        summary: 'Set the playing period of the instance’s game, for all its instances (manage right)',
        params: z.object({ instanceId: z.string() }),
        body: playingPeriodBodySchema,
        response: { 200: playingPeriodAnswerSchema, ...refusals, 409: errorBodySchema },
      },
    },
    async (request) =>
      setInstancePlayingPeriod({
        ctx,
        user: requireUser(request),
        instanceId: request.params.instanceId,
        period: request.body.playingPeriod,
      }),
  );

  api.post(
    '/manage/instances/:id/players/:playerId/rescue',
    {
      schema: {
        tags,
        security,
        summary:
          'Rescue a player: engine actions applied as the operator event `rescue`, with a reason, audited and pushed to the player (manage right; 400 field errors)',
        params: idParams.extend({ playerId: z.string() }),
        body: rescueRequestSchema,
        response: { 200: rescueAnswerSchema, ...refusals, 409: errorBodySchema },
      },
    },
    async (request) =>
      rescuePlayer({
        ctx,
        user: requireUser(request),
        instanceId: request.params.id,
        playerId: request.params.playerId,
        body: request.body,
      }),
  );

  api.post(
    '/manage/instances/:id/clock',
    {
      schema: {
        tags,
        security,
        summary:
          'The game clock (issue 28): pause or resume the whole instance’s clock, or add (negative: take) minutes for one player or team, with a reason; audited and pushed to the phones at once (manage right; 400 field errors, 409 when the instance is over). `rate` runs a playtest’s clock at 1–20× (whoever may debug the playtest: play the working version; 409 on an instance that is not a playtest)',
        params: idParams,
        body: clockControlRequestSchema,
        response: { 200: rescueAnswerSchema, ...refusals, 409: errorBodySchema },
      },
    },
    async (request) =>
      controlClock({ ctx, user: requireUser(request), instanceId: request.params.id, body: request.body }),
  );

  api.get(
    '/manage/instances/:id/audit',
    {
      schema: {
        tags,
        security,
        summary: "An instance's audit log: operators' rescues and world edits, oldest first (manage right)",
        params: idParams,
        response: { 200: auditListSchema, ...refusals },
      },
    },
    async (request) => listAudit({ ctx, user: requireUser(request), instanceId: request.params.id }),
  );

  api.get(
    '/manage/games/:gameId/stuck-players',
    {
      schema: {
        tags,
        security,
        summary:
          'Players of the active instances flagged stuck: no progress for ?minutes= (default 15), a dialog open that long, or in no scene (manage right)',
        params: gameParams,
        querystring: stuckQuerySchema,
        response: { 200: stuckListSchema, ...refusals },
      },
    },
    async (request) =>
      listStuckPlayers({
        ctx,
        user: requireUser(request),
        gameId: request.params.gameId,
        minutes: request.query.minutes,
      }),
  );
}
