import { z } from 'zod';
import { RICH_TEXT_MAX_LENGTH } from '../rich-text.js';
import { CONTENT_LANGUAGES } from './translations.js';

/**
 * The translators' API (issue 31): the whole-game translation table, saving
 * texts of one language, and a language exported for translation (XLIFF 2.0 or
 * CSV) and imported back with a report. Texts are keyed by their stable text
 * id (design/translations.ts).
 */

/** Texts of the translation API a user reads. */
export const TRANSLATION_MESSAGES = {
  notAGameLanguage: 'This language is not one of the game’s other languages; add it in the game’s settings first',
  unreadableFile: 'This file could not be read as a translation file',
  wrongLanguage: 'This file is a translation into another language',
  tooLong: 'This translation is too long',
  unknownText: 'This is no text of the game (was it deleted?)',
} as const;

/** The formats a language is exported in and imported from. */
export const TRANSLATION_FORMATS = ['xliff', 'csv'] as const;
export type TranslationFormat = (typeof TRANSLATION_FORMATS)[number];

/**
 * Where a translation stands: `missing` (none yet), `changed` (the main text
 * changed since it was translated: a translator should look again) or `done`.
 */
export const TRANSLATION_STATES = ['missing', 'changed', 'done'] as const;
export type TranslationState = (typeof TRANSLATION_STATES)[number];

export const languageParamsSchema = z.object({
  gameId: z.string(),
  language: z.enum(CONTENT_LANGUAGES, { error: TRANSLATION_MESSAGES.notAGameLanguage }),
});

export const languageCoverageSchema = z.object({
  language: z.string(),
  translated: z.number(),
  total: z.number(),
  percent: z.number(),
});

/** One row of the translation table. */
export const translationRowSchema = z.object({
  id: z.string(),
  kind: z.string(),
  entityId: z.string().nullable(),
  entityTitle: z.string(),
  field: z.string(),
  rich: z.boolean(),
  /** The text in the main language. */
  text: z.string(),
  /** The text in the language asked for ('' when none). */
  translation: z.string(),
  state: z.enum(TRANSLATION_STATES),
});
export type TranslationRow = z.infer<typeof translationRowSchema>;

/** GET /api/design/{gameId}/translations: the languages and their coverage. */
export const translationOverviewSchema = z.object({
  /** The main language's ISO code. */
  main: z.string(),
  others: z.array(z.string()),
  required: z.array(z.string()),
  coverage: z.array(languageCoverageSchema),
});
export type TranslationOverview = z.infer<typeof translationOverviewSchema>;

/** GET /api/design/{gameId}/translations/{language}: every text beside its translation. */
export const translationTableSchema = translationOverviewSchema.extend({
  language: z.string(),
  rows: z.array(translationRowSchema),
});
export type TranslationTable = z.infer<typeof translationTableSchema>;

/** PUT /api/design/{gameId}/translations/{language}: texts by id; an empty text removes the translation. */
export const saveTranslationsBodySchema = z.object({
  texts: z.record(z.string().max(500), z.string().max(RICH_TEXT_MAX_LENGTH, { error: TRANSLATION_MESSAGES.tooLong })),
});
export type SaveTranslationsBody = z.infer<typeof saveTranslationsBodySchema>;

export const exportQuerySchema = z.object({ format: z.enum(TRANSLATION_FORMATS).default('xliff') });

/** The largest translation file imported (characters). */
export const TRANSLATION_FILE_MAX_LENGTH = 2_000_000;

/** POST /api/design/{gameId}/translations/{language}/import: a file's text. */
export const importTranslationsBodySchema = z.object({
  format: z.enum(TRANSLATION_FORMATS),
  content: z.string().min(1, { error: TRANSLATION_MESSAGES.unreadableFile }).max(TRANSLATION_FILE_MAX_LENGTH),
});
export type ImportTranslationsBody = z.infer<typeof importTranslationsBodySchema>;

/** What an import did: counts and the ids the translator should know about. */
export const importReportSchema = z.object({
  /** Translations saved (new or different from what was stored). */
  updated: z.number(),
  /** Translations in the file equal to what was stored. */
  unchanged: z.number(),
  /** Ids in the file that are no text of the game (an entity deleted since, or a mistyped id). */
  unknownIds: z.array(z.string()),
  /** Texts of the game the file leaves untranslated. */
  missing: z.array(z.string()),
  /** Texts whose main-language text changed since the file was exported: imported, and marked to look at again. */
  changedSinceExport: z.array(z.string()),
  coverage: languageCoverageSchema,
});
export type ImportReport = z.infer<typeof importReportSchema>;
