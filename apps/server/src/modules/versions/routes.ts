import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBodySchema,
  designGameVersionSchema,
  gameVersionFormSchema,
  gameVersionWithSpecSchema,
  instanceMigrationSchema,
  migrationPreviewSchema,
  rollbackSnapshotSchema,
  versionDiffSchema,
  updateVersionSchema,
} from '@loci/domain';
import type { AppContext } from '../../context.js';
import { PARSED_ANSWER } from '../../lib/parsed-answer.js';
import { requireUser } from '../../plugins/auth.js';
import { listMigrations, migrateInstances, previewMigration, undoMigration } from './migration.js';
import { compareVersions, listRollbacks, rollBack, undoRollback } from './rollback.js';
import { archiveVersion, getVersion, listVersions, publishVersion, updateVersion } from './service.js';

const tags = ['versions'];
const security = [{ bearerAuth: [] }];
const gameParams = z.object({ gameId: z.string() });
const versionParams = z.object({ gameId: z.string(), id: z.string() });

/** Game versions and publishing under /api/design/{gameId}/gameVersions (spec 2 §3, §4, §7). */
export async function versionsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/design/:gameId/gameVersions',
    {
      schema: {
        tags,
        security,
        summary: 'The versions of a game, working version first (with publishDue), then the newest (view right)',
        params: gameParams,
        response: { 200: z.array(designGameVersionSchema), 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return listVersions({ ctx, user, gameId: request.params.gameId });
    },
  );

  api.post(
    '/design/:gameId/gameVersions',
    {
      schema: {
        tags,
        security,
        summary: 'Publish: snapshot the whole working version into a new version (edit right)',
        params: gameParams,
        body: gameVersionFormSchema,
        response: { 201: designGameVersionSchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const version = await publishVersion({ ctx, user, gameId: request.params.gameId, values: request.body });
      return reply.status(201).send(version);
    },
  );

  api.get(
    '/design/:gameId/gameVersions/:id',
    {
      // The spec is parsed already (migrateGameSpec / parseGameSpec); its schema documents it.
      ...PARSED_ANSWER,
      schema: {
        tags,
        security,
        summary: "One version with its whole spec ('current' or the working version's id: as it is now) (view right)",
        params: versionParams,
        response: { 200: gameVersionWithSpecSchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return getVersion({ ctx, user, gameId: request.params.gameId, versionId: request.params.id });
    },
  );

  api.patch(
    '/design/:gameId/gameVersions/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Save a version’s form (edit right; the working version’s owner-only flag is fixed)',
        params: versionParams,
        body: updateVersionSchema,
        response: {
          200: designGameVersionSchema,
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
      return updateVersion({ ctx, user, gameId, versionId: id, values: request.body });
    },
  );

  api.post(
    '/design/:gameId/gameVersions/:id/archive',
    {
      schema: {
        tags,
        security,
        summary: 'Archive a published version for good (edit right)',
        params: versionParams,
        response: { 200: designGameVersionSchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { gameId, id } = request.params;
      return archiveVersion({ ctx, user, gameId, versionId: id });
    },
  );

  api.get(
    '/design/:gameId/gameVersions/:id/compare/:otherId',
    {
      schema: {
        tags,
        security,
        summary:
          "What changed from version :id to :otherId ('current' = the working copy), field by field (edit right)",
        params: z.object({ gameId: z.string(), id: z.string(), otherId: z.string() }),
        response: { 200: versionDiffSchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { gameId, id, otherId } = request.params;
      return compareVersions({ ctx, user, gameId, fromId: id, toId: otherId });
    },
  );

  api.post(
    '/design/:gameId/gameVersions/:id/rollback',
    {
      schema: {
        tags,
        security,
        summary: 'Roll the working copy back to a published version; answers the snapshot to undo it (edit right)',
        params: versionParams,
        response: { 200: rollbackSnapshotSchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { gameId, id } = request.params;
      return rollBack({ ctx, user, gameId, versionId: id });
    },
  );

  api.get(
    '/design/:gameId/rollbacks',
    {
      schema: {
        tags,
        security,
        summary: 'The roll backs that can be undone, newest first (edit right)',
        params: gameParams,
        response: { 200: z.array(rollbackSnapshotSchema), 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => listRollbacks({ ctx, user: requireUser(request), gameId: request.params.gameId }),
  );

  api.post(
    '/design/:gameId/rollbacks/:id/undo',
    {
      schema: {
        tags,
        security,
        summary: 'Undo a roll back: the working copy as it was just before it (edit right)',
        params: versionParams,
        response: {
          200: z.object({ ok: z.literal(true) }),
          403: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { gameId, id } = request.params;
      return undoRollback({ ctx, user, gameId, snapshotId: id });
    },
  );

  api.get(
    '/design/:gameId/gameVersions/:id/migration',
    {
      schema: {
        tags,
        security,
        summary: 'Preview: what migrating the running instances to this version changes for each player (manage right)',
        params: versionParams,
        response: {
          200: z.array(migrationPreviewSchema),
          403: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return previewMigration({ ctx, user, gameId: request.params.gameId, versionId: request.params.id });
    },
  );

  api.post(
    '/design/:gameId/gameVersions/:id/migration',
    {
      schema: {
        tags,
        security,
        summary:
          'Migrate running instances to this version: the chosen ones (else all), the first `canary` only when given (manage right)',
        params: versionParams,
        body: z.object({
          instanceIds: z.array(z.string()).max(1000).optional(),
          canary: z.number().int().min(1).max(1000).optional(),
        }),
        response: {
          200: z.object({ migrated: z.array(z.object({ instanceId: z.string(), migrationId: z.string() })) }),
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
      return migrateInstances({ ctx, user, gameId, versionId: id, ...request.body });
    },
  );

  api.post(
    '/design/:gameId/migrations/:id/undo',
    {
      schema: {
        tags,
        security,
        summary: 'Undo a migration while nothing happened in the instance since (manage right)',
        params: versionParams,
        response: {
          200: z.object({ ok: z.literal(true) }),
          403: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { gameId, id } = request.params;
      return undoMigration({ ctx, user, gameId, migrationId: id });
    },
  );

  api.get(
    '/design/:gameId/instances/:instanceId/migrations',
    {
      schema: {
        tags,
        security,
        summary:
          "An instance's migrations, newest first: when, who, from and to which version, undone when (manage right)",
        params: z.object({ gameId: z.string(), instanceId: z.string() }),
        response: {
          200: z.object({ migrations: z.array(instanceMigrationSchema) }),
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { gameId, instanceId } = request.params;
      return listMigrations({ ctx, user, gameId, instanceId });
    },
  );
}
