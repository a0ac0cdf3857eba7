import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  errorBodySchema,
  BUNDLE_LIMITS,
  BUNDLE_MESSAGES,
  canAuthor,
  GAME_TEXTS,
  gameWithRightsSchema,
  relocationOptionSchema,
  relocationOutcomeSchema,
  relocationRequestSchema,
  sampleGameSchema,
  toFieldErrors,
  type RelocationRequest,
} from '@loci/domain';
import type { AppContext } from '../../context.js';
import { AppError, fail } from '../../lib/errors.js';
import { errorAnswers, fileAnswers, uploadedFileSchema } from '../../lib/openapi.js';
import { requireUser } from '../../plugins/auth.js';
import { presentGame } from '../../presenters/games.js';
import { listSamples, readSample } from './samples.js';
import { exportBundle, importBundle, relocateWorkingVersion } from './service.js';

const tags = ['bundles'];
const security = [{ bearerAuth: [] }];
const idParams = z.object({ id: z.string() });

/** The bundle file and the relocation fields (`lat`, `lng`, `rotation`) of an import's multipart body. */
async function readImportRequest(
  request: FastifyRequest,
): Promise<{ bytes: Uint8Array | null; relocate: RelocationRequest | undefined }> {
  let bytes: Uint8Array | null = null;
  const fields: Record<string, string> = {};
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    if (part.fieldname !== 'bundle' || bytes) {
      part.file.resume();
      continue;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of part.file) chunks.push(chunk as Buffer);
    if (part.file.truncated)
      throw new AppError('TOO_LARGE', BUNDLE_MESSAGES.tooLarge, { errors: { bundle: BUNDLE_MESSAGES.tooLarge } });
    bytes = Buffer.concat(chunks);
  }
  if (fields.lat === undefined || fields.lat === '') return { bytes, relocate: undefined };
  const parsed = relocationRequestSchema.safeParse({
    lat: Number(fields.lat),
    lng: Number(fields.lng),
    rotation: fields.rotation ? Number(fields.rotation) : 0,
  });
  if (!parsed.success) throw fail.validation(toFieldErrors(parsed.error.issues));
  return { bytes, relocate: parsed.data };
}

/**
 * Games that travel (docs/games.md "Bundles and relocation"): export a game as
 * one bundle file, import one as a new game, move a game's working version to
 * another place.
 */
export async function bundleRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: BUNDLE_LIMITS.fileBytes, files: 1, fields: 10, parts: 12 },
      throwFileSizeLimit: false,
    });
    const api = scope.withTypeProvider<ZodTypeProvider>();

    api.get(
      '/design/games/:id/bundle',
      {
        schema: {
          tags,
          security,
          summary:
            'The game as one bundle file (zip): settings without passcode or emails, design, initial world, media; published versions with ?versions=true (clone right)',
          params: idParams,
          querystring: z.object({ versions: z.enum(['true', 'false']).default('false') }),
          // The zip is sent as bytes, not serialised; the document shows it as a file (documentedResponses).
          response: { 200: z.unknown(), ...errorAnswers(403, 404) },
          documentedResponses: fileAnswers(['application/zip'], { whole: true }),
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const { bytes, filename } = await exportBundle({
          ctx,
          user,
          gameId: request.params.id,
          withVersions: request.query.versions === 'true',
        });
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'no-store')
          .send(Buffer.from(bytes));
      },
    );

    api.post(
      '/design/games/import',
      {
        schema: {
          tags,
          security,
          summary:
            'Import a bundle (multipart: file `bundle`, optional `lat`, `lng`, `rotation` to relocate) as a new game of the caller (designers and admins)',
          consumes: ['multipart/form-data'],
          documentedBody: z.object({
            bundle: uploadedFileSchema.meta({ description: 'The bundle (.zip) exported by Loci' }),
            lat: z.string().optional().meta({ description: 'Relocate: the new latitude of the playground' }),
            lng: z.string().optional().meta({ description: 'Relocate: the new longitude of the playground' }),
            rotation: z.string().optional().meta({ description: 'Relocate: degrees to turn the game by (0)' }),
          }),
          response: { 201: gameWithRightsSchema, 400: errorBodySchema, 403: errorBodySchema, 413: errorBodySchema },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        if (!request.isMultipart()) throw fail.validation({ bundle: BUNDLE_MESSAGES.noFile }, BUNDLE_MESSAGES.noFile);
        const { bytes, relocate } = await readImportRequest(request);
        if (!bytes || bytes.length === 0)
          throw fail.validation({ bundle: BUNDLE_MESSAGES.noFile }, BUNDLE_MESSAGES.noFile);
        return reply.status(201).send(presentGame(await importBundle({ ctx, user, bytes, relocate })));
      },
    );

    api.post(
      '/design/games/:id/relocate',
      {
        schema: {
          tags,
          security,
          summary:
            'Move the working version (playground, scenes, locations, objects, offers) to a new centre, optionally rotated; with preview: true nothing is saved (edit right)',
          params: idParams,
          body: relocationRequestSchema.extend({ preview: z.boolean().default(false) }),
          response: { 200: relocationOutcomeSchema, 400: errorBodySchema, 403: errorBodySchema, 409: errorBodySchema },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const { preview, ...relocation } = request.body;
        return relocateWorkingVersion({ ctx, user, gameId: request.params.id, request: relocation, preview });
      },
    );

    api.get(
      '/design/samples',
      {
        schema: {
          tags,
          security,
          summary: 'The sample games shipped with Loci (designers and admins)',
          response: { 200: z.array(sampleGameSchema), 403: errorBodySchema },
        },
      },
      async (request) => {
        const user = requireUser(request);
        if (!canAuthor(user.role)) throw fail.forbidden(GAME_TEXTS.noAuthoringRights(user.role));
        return listSamples();
      },
    );

    api.post(
      '/design/samples/:name',
      {
        schema: {
          tags,
          security,
          summary: 'Create a game from a sample, optionally moved to `relocate`’s centre (designers and admins)',
          params: z.object({ name: z.string() }),
          body: relocationOptionSchema.nullish(),
          response: { 201: gameWithRightsSchema, 403: errorBodySchema, 404: errorBodySchema },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        if (!canAuthor(user.role)) throw fail.forbidden(GAME_TEXTS.noAuthoringRights(user.role));
        const bytes = await readSample(request.params.name);
        const game = await importBundle({ ctx, user, bytes, relocate: request.body?.relocate });
        return reply.status(201).send(presentGame(game));
      },
    );
  });
}
