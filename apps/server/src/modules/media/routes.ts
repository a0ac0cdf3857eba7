import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import send from '@fastify/send';
import { z } from 'zod';
import {
  errorBodySchema,
  accountResponseSchema,
  MEDIA_LIMITS,
  MEDIA_MESSAGES,
  mediaSchema,
  mediaUpdateSchema,
  MEDIA_UPLOAD_MESSAGES,
  mediaUploadRefusalSchema,
  mediaUploadResponseSchema,
  PLAYER_UPLOAD_LIMITS,
  successResponseSchema,
  thumbQuerySchema,
} from '@loci/domain';
import type { AppContext } from '../../context.js';
import { answerLanguage } from '../../lib/answer-language.js';
import { AppError, fail } from '../../lib/errors.js';
import { createTokenBuckets } from '../../lib/token-buckets.js';
import { requireUser } from '../../plugins/auth.js';
import { presentMedia } from '../../presenters/media.js';
import { gameMediaDir } from './storage.js';
import { SNIFF_BYTES } from './sniff.js';
import {
  deleteMedia,
  findMedia,
  listMedia,
  thumbnailFile,
  updateMedia,
  uploadMedia,
  uploadPlayerMedia,
  rejectionIn,
} from './service.js';
import { filesOf, isMultipartWithBoundary } from './multipart.js';
import { requireActivePlay } from '../../policies/play.js';
import { presentUser } from '../../presenters/user.js';
import { errorAnswers, fileAnswers, multipartFilesBody } from '../../lib/openapi.js';

/** What a thumbnail is sent as: PNG, or JPEG for a JPEG. */
const THUMBNAIL_TYPES = ['image/png', 'image/jpeg'];
import { accountPhotoFile, deleteAccountPhoto, saveAccountPhoto } from './account-photo.js';
import { assertUploadQuota, startUploadSweeps } from './player-uploads.js';

const tags = ['media'];
const security = [{ bearerAuth: [] }];
const gameParams = z.object({ gameId: z.string() });
const gameMediaParams = z.object({ gameId: z.string(), id: z.string() });
const mediaParams = z.object({ id: z.string() });
/** Files and thumbnails never change under their URL; a day keeps pickers fast and deletions visible soon. */
const CACHE_CONTROL = 'private, max-age=86400';
const LARGEST_LIMIT = Math.max(...Object.values(MEDIA_LIMITS));

/** Streams a file of `root` with ETag, Last-Modified, 304s and byte ranges (for audio and video seeking). */
async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  { root, name, contentType, filename }: { root: string; name: string; contentType?: string; filename?: string },
) {
  const result = await send(request.raw, `/${encodeURIComponent(name)}`, {
    root,
    cacheControl: false,
    contentType: contentType === undefined,
    dotfiles: 'deny',
    index: false,
  });
  if (result.type !== 'file') throw fail.notFound('Media file not found');
  reply.status(result.statusCode).headers(result.headers);
  reply.header('cache-control', CACHE_CONTROL).header('x-content-type-options', 'nosniff');
  if (contentType && result.statusCode < 300) reply.header('content-type', contentType);
  if (filename) reply.header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(filename)}`);
  return reply.send(result.stream);
}

/**
 * The media library of a game (spec 3 §2, §7).
 *
 * Reading files and thumbnails needs no token: `<img>`, `<audio>` and `<video>`
 * cannot send the bearer header, and the players' app loads the same media. A
 * medium's URL is a capability: its id is a random UUID that only people who
 * may see the game (through the media list or the game's spec) learn, like an
 * unlisted link. Listing, uploading, editing and deleting need the game's view
 * or edit right as usual.
 */
export async function mediaRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Per player and instance, in this process (docs/security.md "Player uploads").
  const uploadRate = createTokenBuckets({
    perSecond: PLAYER_UPLOAD_LIMITS.rate.perMinute / 60,
    burst: PLAYER_UPLOAD_LIMITS.rate.burst,
    now: () => ctx.now().getTime(),
  });
  const stopSweeps = startUploadSweeps(ctx);
  app.addHook('onClose', async () => stopSweeps());
  await app.register(async (scope) => {
    // Our own byte counter enforces each type's limit; busboy's stops a runaway file just past the largest one.
    await scope.register(multipart, {
      limits: { fileSize: LARGEST_LIMIT + SNIFF_BYTES, files: 50, fields: 20, parts: 70 },
      throwFileSizeLimit: false,
    });
    const api = scope.withTypeProvider<ZodTypeProvider>();

    api.get(
      '/design/:gameId/medias',
      {
        schema: {
          tags,
          security,
          summary: 'The media of a game, newest first (view right)',
          params: gameParams,
          response: { 200: z.array(mediaSchema), ...errorAnswers(403, 404) },
        },
      },
      async (request) => {
        const user = requireUser(request);
        return (await listMedia({ ctx, user, gameId: request.params.gameId })).map(presentMedia);
      },
    );

    api.post(
      '/design/:gameId/medias',
      {
        schema: {
          tags,
          security,
          summary:
            'Upload files (multipart, edit right). 201 when at least one is saved, else the status of the first rejection (413 too large, 415 not png, jpeg, audio or video)',
          consumes: ['multipart/form-data'],
          documentedBody: multipartFilesBody('The files to add: each file part of the body, whatever its field name'),
          params: gameParams,
          response: {
            201: mediaUploadResponseSchema,
            413: mediaUploadRefusalSchema,
            415: mediaUploadRefusalSchema,
            ...errorAnswers(400, 403, 404, 409),
          },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        if (!isMultipartWithBoundary(request)) throw fail.validation({ file: 'Send the files as multipart/form-data' });
        const { saved, rejected } = await uploadMedia({
          ctx,
          user,
          gameId: request.params.gameId,
          files: filesOf(request),
        });
        const status = saved.length > 0 ? 201 : (rejected[0]?.status ?? 400);
        const language = answerLanguage(request);
        const answer = {
          saved: saved.map(presentMedia),
          rejected: rejected.map((item) => rejectionIn(item, language)),
        };
        if (status === 201) return reply.status(status).send(answer);
        // Nothing saved: an error answer, in the one error shape.
        const errorCode = status === 413 ? 'TOO_LARGE' : status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : undefined;
        const message = answer.rejected[0]?.message ?? MEDIA_UPLOAD_MESSAGES.noFile;
        return reply.status(status).send({ message, ...(errorCode ? { errorCode } : {}), ...answer });
      },
    );

    api.post(
      '/play/instances/:instanceId/media',
      {
        schema: {
          tags: ['play'],
          security,
          summary:
            "A player's photo, video or sound for a mission submission (multipart, one file; a player of the active instance). 201 with the medium; 413 too large or past the player's or the instance's upload quota, 415 not png, jpeg, audio or video, 429 too many uploads a minute (Retry-After)",
          consumes: ['multipart/form-data'],
          documentedBody: multipartFilesBody('One file: the first file part of the body, whatever its field name'),
          params: z.object({ instanceId: z.string() }),
          response: {
            201: mediaSchema,
            413: errorBodySchema,
            415: errorBodySchema,
            400: errorBodySchema,
            403: errorBodySchema,
            404: errorBodySchema,
            409: errorBodySchema,
            429: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        if (!isMultipartWithBoundary(request)) throw fail.validation({ file: 'Send the file as multipart/form-data' });
        const instance = await requireActivePlay(ctx, user, request.params.instanceId);
        const taken = uploadRate.take(`${user.id}:${instance.id}`);
        if (!taken.ok) {
          reply.header('retry-after', Math.ceil(taken.retryAfterMs / 1000));
          throw new AppError('RATE_LIMITED', MEDIA_MESSAGES.tooManyUploads);
        }
        await assertUploadQuota(ctx, instance.id, user.id);
        const outcome = await uploadPlayerMedia({ ctx, instance, userId: user.id, files: filesOf(request) });
        if ('rejected' in outcome) {
          const { status, message } = rejectionIn(outcome.rejected, answerLanguage(request));
          return reply.status(status).send({ message, errors: { file: message } });
        }
        return reply.status(201).send(presentMedia(outcome.saved));
      },
    );

    api.patch(
      '/design/:gameId/medias/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Save the title and description of a medium (edit right)',
          params: gameMediaParams,
          body: mediaUpdateSchema,
          response: { 200: mediaSchema, ...errorAnswers(400, 403, 404, 409) },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const { gameId, id } = request.params;
        return presentMedia(await updateMedia({ ctx, user, gameId, mediaId: id, values: request.body }));
      },
    );

    api.delete(
      '/design/:gameId/medias/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Delete a medium and its file (edit right)',
          params: gameMediaParams,
          response: { 200: successResponseSchema, ...errorAnswers(403, 404, 409) },
        },
      },
      async (request) => {
        const user = requireUser(request);
        await deleteMedia({ ctx, user, gameId: request.params.gameId, mediaId: request.params.id });
        return { success: true as const };
      },
    );

    api.get(
      '/design/:gameId/medias/thumb/:id',
      {
        schema: {
          tags,
          summary:
            'A thumbnail of a medium of this game (width snapped up to one of 32, 64, 100, 200, 300, 600, 800, 1200, 2048; default 100; square=1 by default)',
          params: gameMediaParams,
          querystring: thumbQuerySchema,
          response: errorAnswers(404),
          documentedResponses: fileAnswers(THUMBNAIL_TYPES),
        },
      },
      async (request, reply) => {
        const row = await findMedia({ ctx, mediaId: request.params.id, gameId: request.params.gameId });
        return sendFile(request, reply, await thumbnailFile({ ctx, row, ...request.query }));
      },
    );

    api.get(
      '/design/medias/thumb/:id',
      {
        schema: {
          tags,
          summary:
            'A thumbnail of a medium (width snapped up to one of 32, 64, 100, 200, 300, 600, 800, 1200, 2048; default 100; square=1 by default)',
          params: mediaParams,
          querystring: thumbQuerySchema,
          response: errorAnswers(404),
          documentedResponses: fileAnswers(THUMBNAIL_TYPES),
        },
      },
      async (request, reply) => {
        const row = await findMedia({ ctx, mediaId: request.params.id });
        return sendFile(request, reply, await thumbnailFile({ ctx, row, ...request.query }));
      },
    );

    api.get(
      '/design/medias/file/:id',
      {
        schema: {
          tags,
          summary: 'The original file of a medium (its storagepath)',
          params: mediaParams,
          response: errorAnswers(404),
          documentedResponses: fileAnswers(['image/*', 'audio/*', 'video/*']),
        },
      },
      async (request, reply) => {
        const row = await findMedia({ ctx, mediaId: request.params.id });
        return sendFile(request, reply, {
          root: gameMediaDir(ctx.config, row.gameId),
          name: row.storageName,
          contentType: row.mimetype,
          filename: row.origFilename,
        });
      },
    );

    api.post(
      '/users/account/photo',
      {
        schema: {
          tags: ['account'],
          security,
          summary:
            'Set the account photo (multipart, one file: JPEG, PNG or WebP up to 5 MB; stored re-encoded as a square JPEG). 413 too large, 415 not such an image',
          consumes: ['multipart/form-data'],
          documentedBody: multipartFilesBody('The photo: the first file part of the body, whatever its field name'),
          response: { 200: accountResponseSchema, 400: errorBodySchema, 413: errorBodySchema, 415: errorBodySchema },
        },
      },
      async (request) => {
        const user = requireUser(request);
        if (!isMultipartWithBoundary(request)) throw fail.validation({ file: 'Send the file as multipart/form-data' });
        return { user: presentUser(await saveAccountPhoto(ctx, user.id, filesOf(request))) };
      },
    );

    api.delete(
      '/users/account/photo',
      {
        schema: {
          tags: ['account'],
          security,
          summary: 'Remove the account photo',
          response: { 200: accountResponseSchema },
        },
      },
      async (request) => ({ user: presentUser(await deleteAccountPhoto(ctx, requireUser(request).id)) }),
    );

    api.get(
      '/users/photos/:photoId',
      {
        schema: {
          tags: ['account'],
          summary:
            'An account photo (a capability URL, as media files: its random id is shown only to who may see the player)',
          params: z.object({ photoId: z.string() }),
          response: errorAnswers(404),
          documentedResponses: fileAnswers(['image/jpeg']),
        },
      },
      async (request, reply) =>
        sendFile(request, reply, {
          ...accountPhotoFile(ctx.config, request.params.photoId),
          contentType: 'image/jpeg',
        }),
    );
  });
}
