import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  MEDIA_LIMITS,
  createOwnTeamBodySchema,
  createTeamInstanceBodySchema,
  dealBodySchema,
  moveMemberBodySchema,
  myTeamSchema,
  teamAvatarBodySchema,
  teamInstanceSchema,
  teamInstancesSchema,
  teamJoinBodySchema,
} from '@loci/domain';
import type { AppContext } from '../../context.js';
import { fail } from '../../lib/errors.js';
import { errorAnswers, multipartFilesBody } from '../../lib/openapi.js';
import { filesOf, isMultipartWithBoundary } from '../media/multipart.js';
import { SNIFF_BYTES } from '../media/sniff.js';
import { requireUser } from '../../plugins/auth.js';
import {
  clearTeamPicture,
  createOwnTeam,
  createTeamInstance,
  dealTeamInstance,
  getMyTeam,
  getTeamInstance,
  joinTeam,
  listTeamInstances,
  moveTeamMember,
  setTeamAvatar,
  setTeamPicture,
} from './service.js';

const tags = ['teams'];
const security = [{ bearerAuth: [] }];
const gameParams = z.object({ gameId: z.string() });
const instanceParams = z.object({ instanceId: z.string() });
const memberParams = z.object({ instanceId: z.string(), memberId: z.string() });
const teamParams = z.object({ instanceId: z.string(), teamId: z.string() });

/**
 * Teams (issue 28; docs/outings.md): the organiser's calls (manage right on the game) under /api/manage, and
 * the players' way into a team under /api/play.
 */
export async function teamRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/manage/games/:gameId/team-instances',
    {
      schema: {
        tags,
        security,
        summary: 'The game’s instances with teams, newest first, with their teams, codes and members (manage right)',
        params: gameParams,
        response: { 200: teamInstancesSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => listTeamInstances({ ctx, user: requireUser(request), gameId: request.params.gameId }),
  );

  api.post(
    '/manage/games/:gameId/team-instances',
    {
      schema: {
        tags,
        security,
        summary:
          'A new instance of the published version with teams (typed names or a number), a class list as CSV (name, email, group) dealt at random, balanced or by hand (manage right). 400 with a field error per bad row of the class list; 409 when the game is not played in teams or not published',
        params: gameParams,
        body: createTeamInstanceBodySchema,
        response: { 201: teamInstanceSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await createTeamInstance({
          ctx,
          user: requireUser(request),
          gameId: request.params.gameId,
          body: request.body,
        }),
      ),
  );

  api.get(
    '/manage/team-instances/:instanceId',
    {
      schema: {
        tags,
        security,
        summary: 'An instance’s teams, codes and members (manage right; 409 when the instance has no teams)',
        params: instanceParams,
        response: { 200: teamInstanceSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => getTeamInstance({ ctx, user: requireUser(request), instanceId: request.params.instanceId }),
  );

  api.post(
    '/manage/team-instances/:instanceId/deal',
    {
      schema: {
        tags,
        security,
        summary: 'Deals every member into the teams again: at random or balanced (manage right)',
        params: instanceParams,
        body: dealBodySchema,
        response: { 200: teamInstanceSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      dealTeamInstance({
        ctx,
        user: requireUser(request),
        instanceId: request.params.instanceId,
        mode: request.body.mode,
      }),
  );

  api.patch(
    '/manage/team-instances/:instanceId/members/:memberId',
    {
      schema: {
        tags,
        security,
        summary: 'Moves a member to another team, or out of every team with teamId null (manage right)',
        params: memberParams,
        body: moveMemberBodySchema,
        response: { 200: teamInstanceSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      moveTeamMember({
        ctx,
        user: requireUser(request),
        instanceId: request.params.instanceId,
        memberId: request.params.memberId,
        teamId: request.body.teamId,
      }),
  );

  api.patch(
    '/manage/team-instances/:instanceId/teams/:teamId',
    {
      schema: {
        tags,
        security,
        summary:
          'Sets a team’s avatar (one of the emoji avatars), or clears it with null (manage right; 404 for no such team)',
        params: teamParams,
        body: teamAvatarBodySchema,
        response: { 200: teamInstanceSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      setTeamAvatar({
        ctx,
        user: requireUser(request),
        instanceId: request.params.instanceId,
        teamId: request.params.teamId,
        avatar: request.body.avatar,
      }),
  );

  // A team's picture (one png or jpeg): the media library's checks (media/service.ts), in a scope that reads
  // multipart bodies; our own byte counter stops the file past the image limit, busboy's just after it.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: MEDIA_LIMITS.image + SNIFF_BYTES, files: 1, fields: 5, parts: 6 },
      throwFileSizeLimit: false,
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/manage/team-instances/:instanceId/teams/:teamId/picture',
      {
        schema: {
          tags,
          security,
          summary:
            'Sets a team’s picture: one png or jpeg image (multipart), shown instead of its avatar on the team card, the Teams panel and the wall (manage right). 413 too large, 415 not a png or jpeg image, each with the field error `file`; 404 for no such team',
          consumes: ['multipart/form-data'],
          documentedBody: multipartFilesBody('The image: the first file part of the body, whatever its field name'),
          params: teamParams,
          response: { 200: teamInstanceSchema, ...errorAnswers(400, 401, 403, 404, 409, 413, 415) },
        },
      },
      async (request) => {
        const user = requireUser(request);
        if (!isMultipartWithBoundary(request)) throw fail.validation({ file: 'Send the file as multipart/form-data' });
        return setTeamPicture({
          ctx,
          user,
          instanceId: request.params.instanceId,
          teamId: request.params.teamId,
          files: filesOf(request),
        });
      },
    );
  });

  api.delete(
    '/manage/team-instances/:instanceId/teams/:teamId/picture',
    {
      schema: {
        tags,
        security,
        summary: 'Removes a team’s picture: it shows its avatar again (manage right; 404 for no such team)',
        params: teamParams,
        response: { 200: teamInstanceSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      clearTeamPicture({
        ctx,
        user: requireUser(request),
        instanceId: request.params.instanceId,
        teamId: request.params.teamId,
      }),
  );

  api.post(
    '/play/team-join',
    {
      schema: {
        tags,
        security,
        summary:
          'Joins the team whose code was typed or scanned; then starting the game plays for the team. 404 for an unknown code; 409 when the team is full, the caller is in another team, or the event is over',
        body: teamJoinBodySchema,
        response: { 200: myTeamSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => joinTeam({ ctx, user: requireUser(request), code: request.body.code }),
  );

  api.post(
    '/play/games/:gameId/teams',
    {
      schema: {
        tags,
        security,
        summary:
          'Creates a team of one’s own, with the caller in it, in games whose players form teams (403 otherwise); answers its code to share',
        params: gameParams,
        body: createOwnTeamBodySchema,
        response: { 201: myTeamSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await createOwnTeam({
          ctx,
          user: requireUser(request),
          gameId: request.params.gameId,
          name: request.body.name,
          avatar: request.body.avatar ?? null,
        }),
      ),
  );

  api.get(
    '/play/instances/:instanceId/team',
    {
      schema: {
        tags,
        security,
        summary: 'The caller’s team in an instance: its name, colour, code and members with their positions',
        params: instanceParams,
        response: { 200: myTeamSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => getMyTeam({ ctx, user: requireUser(request), instanceId: request.params.instanceId }),
  );
}
