import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBodySchema,
  DESIGN_KIND_INFO,
  DESIGN_KINDS,
  designDeleteResponseSchema,
  designEntityBodySchema,
  designEntitySchema,
  designEntityAnswerSchema,
  type DesignEntity,
  ruleMoveSchema,
  sceneOrderSchema,
} from '@loci/domain';
import type { AppContext } from '../../context.js';
import { PARSED_ANSWER } from '../../lib/parsed-answer.js';
import { requireUser } from '../../plugins/auth.js';
import {
  createDesignEntity,
  deleteDesignEntity,
  getDesignEntity,
  listDesignEntities,
  moveRule,
  orderScenes,
  updateDesignEntity,
} from './service.js';

const tags = ['design'];
const security = [{ bearerAuth: [] }];
const gameParams = z.object({ gameId: z.string() });
const entityParams = z.object({ gameId: z.string(), id: z.string() });

/**
 * The design workspace API (spec 2 §7): the same five routes for every kind of
 * DESIGN_KINDS at /api/design/{gameId}/{segment}, the rule reorder, the
 * workspace loader and the asynchronous form check.
 */
export async function designRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  for (const kind of DESIGN_KINDS) {
    const { segment, label } = DESIGN_KIND_INFO[kind];
    const base = `/design/:gameId/${segment}`;
    const order =
      kind === 'rule' ? 'by scene, then position' : kind === 'scene' ? "in the designer's order" : 'by name';
    // The service answers stored entities; the handlers type them through the answer schema (PARSED_ANSWER).
    const entitySchema = designEntityAnswerSchema(kind);
    const answer = (entity: DesignEntity) => entitySchema.parse(entity);
    // The form as the document shows it; the service validates it with the game's own settings (market, map).
    const formSchema = designEntitySchema(kind);

    api.get(
      base,
      {
        ...PARSED_ANSWER,
        schema: {
          tags,
          security,
          summary: `Every ${label.toLowerCase()} of a game, ${order} (view right)`,
          params: gameParams,
          response: { 200: z.array(entitySchema), 403: errorBodySchema, 404: errorBodySchema },
        },
      },
      async (request) => {
        const user = requireUser(request);
        return (await listDesignEntities({ ctx, user, gameId: request.params.gameId, kind })).map(answer);
      },
    );

    api.get(
      `${base}/:id`,
      {
        ...PARSED_ANSWER,
        schema: {
          tags,
          security,
          summary: `One ${label.toLowerCase()} (view right)`,
          params: entityParams,
          response: { 200: entitySchema, 403: errorBodySchema, 404: errorBodySchema },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const { gameId, id } = request.params;
        return answer(await getDesignEntity({ ctx, user, gameId, kind, id }));
      },
    );

    api.post(
      base,
      {
        ...PARSED_ANSWER,
        schema: {
          tags,
          security,
          summary: `Create a ${label.toLowerCase()} (edit right; 400 field errors; 409 name taken or game archived)`,
          params: gameParams,
          body: designEntityBodySchema,
          documentedBody: formSchema,
          response: {
            201: entitySchema,
            400: errorBodySchema,
            403: errorBodySchema,
            404: errorBodySchema,
            409: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const entity = await createDesignEntity({
          ctx,
          user,
          gameId: request.params.gameId,
          kind,
          values: request.body,
        });
        return reply.status(201).send(answer(entity));
      },
    );

    api.patch(
      `${base}/:id`,
      {
        ...PARSED_ANSWER,
        schema: {
          tags,
          security,
          summary: `Save a ${label.toLowerCase()}: the whole form (edit right; 409 name taken, locked by another user, archived)`,
          params: entityParams,
          body: designEntityBodySchema,
          documentedBody: formSchema,
          response: {
            200: entitySchema,
            400: errorBodySchema,
            403: errorBodySchema,
            404: errorBodySchema,
            409: errorBodySchema,
          },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const { gameId, id } = request.params;
        return answer(await updateDesignEntity({ ctx, user, gameId, kind, id, values: request.body }));
      },
    );

    api.delete(
      `${base}/:id`,
      {
        schema: {
          tags,
          security,
          summary:
            kind === 'scene'
              ? 'Delete a scene with its rules, locations and world objects (edit right; 409 while used elsewhere)'
              : `Delete a ${label.toLowerCase()} (edit right; 409 while other entities use it)`,
          params: entityParams,
          response: {
            200: designDeleteResponseSchema,
            403: errorBodySchema,
            404: errorBodySchema,
            409: errorBodySchema,
          },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const { gameId, id } = request.params;
        return { success: true as const, deleted: await deleteDesignEntity({ ctx, user, gameId, kind, id }) };
      },
    );
  }

  api.post(
    '/design/:gameId/rules/:id/move',
    {
      ...PARSED_ANSWER,
      schema: {
        tags,
        security,
        summary: 'Move a rule one place up or down its scene: swaps positions with its neighbour (409 at the ends)',
        params: entityParams,
        body: ruleMoveSchema,
        response: {
          200: z.array(designEntityAnswerSchema('rule')),
          403: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { gameId, id } = request.params;
      const rules = await moveRule({ ctx, user, gameId, id, direction: request.body.direction });
      return rules.map((rule) => designEntityAnswerSchema('rule').parse(rule));
    },
  );

  api.put(
    '/design/:gameId/scenes/order',
    {
      ...PARSED_ANSWER,
      schema: {
        tags,
        security,
        summary:
          "Put the game's scenes in the designer's order (every scene id once); the game starts in the first enabled non-universe one",
        params: gameParams,
        body: sceneOrderSchema,
        response: {
          200: z.array(designEntityAnswerSchema('scene')),
          400: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const scenes = await orderScenes({ ctx, user, gameId: request.params.gameId, ids: request.body.ids });
      return scenes.map((scene) => designEntityAnswerSchema('scene').parse(scene));
    },
  );
}
