import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  exportQuerySchema,
  importReportSchema,
  importTranslationsBodySchema,
  languageParamsSchema,
  saveTranslationsBodySchema,
  translationOverviewSchema,
  translationTableSchema,
} from '@loci/domain';
import type { AppContext } from '../../context.js';
import { errorAnswers, fileAnswers } from '../../lib/openapi.js';
import { requireUser } from '../../plugins/auth.js';
import {
  exportTranslations,
  getTranslationOverview,
  getTranslationTable,
  importTranslations,
  saveTranslations,
} from './service.js';

const tags = ['translations'];
const security = [{ bearerAuth: [] }];
const gameParams = z.object({ gameId: z.string() });
/** A translation file of up to TRANSLATION_FILE_MAX_LENGTH characters, in UTF-8 (Greek or Chinese take more bytes). */
const IMPORT_BODY_LIMIT = 8 * 1024 * 1024;

/**
 * One game in many languages (issue 31; docs/design.md "Translating a game"):
 * the languages and their coverage, the translation table of a language,
 * saving translations, and a language exported for translators (XLIFF 2.0 or
 * CSV) and imported back with a report.
 */
export async function translationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/design/:gameId/translations',
    {
      schema: {
        tags,
        security,
        summary: 'The game’s main and other languages, and how much of each is translated (view right)',
        params: gameParams,
        response: { 200: translationOverviewSchema, ...errorAnswers(403, 404) },
      },
    },
    async (request) => getTranslationOverview({ ctx, user: requireUser(request), gameId: request.params.gameId }),
  );

  api.get(
    '/design/:gameId/translations/:language',
    {
      schema: {
        tags,
        security,
        summary:
          'Every text of the working version beside its translation into one of the game’s other languages, with where each stands: missing, changed (the main text changed since) or done (view right; 400 not a language of the game)',
        params: languageParamsSchema,
        response: { 200: translationTableSchema, ...errorAnswers(403, 404) },
      },
    },
    async (request) => getTranslationTable({ ctx, user: requireUser(request), ...request.params }),
  );

  api.patch(
    '/design/:gameId/translations/:language',
    {
      schema: {
        tags,
        security,
        summary:
          'Saves translations by text id; an empty text removes one (edit right; 400 unknown text ids as field errors, not a language of the game; 409 archived or locked game)',
        params: languageParamsSchema,
        body: saveTranslationsBodySchema,
        response: { 200: translationTableSchema, ...errorAnswers(403, 404, 409) },
      },
    },
    async (request) =>
      saveTranslations({ ctx, user: requireUser(request), ...request.params, texts: request.body.texts }),
  );

  api.get(
    '/design/:gameId/translations/:language/export',
    {
      schema: {
        tags,
        security,
        summary:
          'The language as a file for translators: XLIFF 2.0 (default) or CSV; each text by its stable id, the main text, the translation, and whether it is new, changed or done (view right; 400 not a language of the game)',
        params: languageParamsSchema,
        querystring: exportQuerySchema,
        response: { 200: z.unknown(), ...errorAnswers(403, 404) },
        documentedResponses: fileAnswers(['application/xliff+xml', 'text/csv'], { whole: true }),
      },
    },
    async (request, reply) => {
      const file = await exportTranslations({
        ctx,
        user: requireUser(request),
        ...request.params,
        format: request.query.format,
      });
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  api.post(
    '/design/:gameId/translations/:language/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags,
        security,
        summary:
          'Reads a translation file (the text of an exported XLIFF or CSV) back and saves what changed; the report lists unknown ids, texts still missing and texts whose main text changed since the export (edit right; 400 unreadable file or another language; 409 archived or locked game; 413 too large)',
        params: languageParamsSchema,
        body: importTranslationsBodySchema,
        response: { 200: importReportSchema, ...errorAnswers(403, 404, 409, 413) },
      },
    },
    async (request) => importTranslations({ ctx, user: requireUser(request), ...request.params, body: request.body }),
  );
}
