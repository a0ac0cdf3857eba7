/**
 * A game's texts in its other languages (issue 31; docs/design.md "Translating a game"):
 * the working version's translations (game_translations), the translation
 * table, saving, and a language exported for translators and imported back
 * with a report. Publishing and playtests read `workingTranslations` into the
 * spec (runtime/specs.ts buildWorkingSpec).
 */
import { and, eq, inArray, notLike, sql } from 'drizzle-orm';
import {
  coverageOf,
  gameLanguagesOf,
  TRANSLATION_MESSAGES,
  translatableTexts,
  type GameSpec,
  type ImportReport,
  type ImportTranslationsBody,
  type LanguageCoverage,
  type TranslatableText,
  type TranslationFormat,
  type TranslationOverview,
  type TranslationRow,
  type TranslationTable,
  type Translations,
} from '@loci/domain';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { gameTranslations, type GameRow } from '../../db/schema.js';
import { fail } from '../../lib/errors.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { requireEditableGame, requireGameRight } from '../../policies/games.js';
import { loadEntitiesByKind } from '../design/store.js';
import { touchWorkingVersion } from '../design/working-version.js';
import { readCsv, readXliff, writeCsv, writeXliff, type TranslationFile } from './formats.js';

/** A stored translation: its text and the main text it was made from. */
interface Stored {
  text: string;
  source: string;
}

/** Every stored translation of a game, by language then text id. */
async function storedOf(db: Executor, gameId: string): Promise<Map<string, Map<string, Stored>>> {
  const rows = await db
    .select({
      language: gameTranslations.language,
      textId: gameTranslations.textId,
      text: gameTranslations.text,
      source: gameTranslations.source,
    })
    .from(gameTranslations)
    .where(eq(gameTranslations.gameId, gameId));
  const byLanguage = new Map<string, Map<string, Stored>>();
  for (const row of rows) {
    const own = byLanguage.get(row.language) ?? new Map<string, Stored>();
    own.set(row.textId, { text: row.text, source: row.source });
    byLanguage.set(row.language, own);
  }
  return byLanguage;
}

/** The working design's texts (the game's settings and every entity). */
async function workingTextsOf(db: Executor, game: GameRow): Promise<TranslatableText[]> {
  return translatableTexts({
    game: { ...game.settings, title: game.title },
    entities: await loadEntitiesByKind(db, game.id),
  });
}

/** Stored translations as the spec carries them. */
function asTranslations(stored: Map<string, Map<string, Stored>>): Translations {
  return Object.fromEntries(
    [...stored].map(([language, own]) => [language, Object.fromEntries([...own].map(([id, { text }]) => [id, text]))]),
  );
}

/**
 * The working version's translations as a spec carries them: the game's other
 * languages only, texts that exist only (what a spec of the design as it is
 * now can use; `specInLanguage` ignores the rest anyway).
 */
export async function workingTranslations(db: Executor, game: GameRow): Promise<Translations> {
  const { others } = gameLanguagesOf(game.settings);
  if (others.length === 0) return {};
  const stored = await storedOf(db, game.id);
  return Object.fromEntries(
    others.flatMap((language) => {
      const own = stored.get(language);
      if (!own || own.size === 0) return [];
      return [
        [language, Object.fromEntries([...own].filter(([, v]) => v.text.trim() !== '').map(([id, v]) => [id, v.text]))],
      ];
    }),
  );
}

/** A stored translation row as a roll back's snapshot keeps it (the working table, whatever the game's languages). */
export interface TranslationRowCopy {
  language: string;
  textId: string;
  text: string;
  source: string;
}

/** Every stored translation of the working version, with the main text each was made from (a roll back's snapshot). */
export async function readWorkingTranslationRows(db: Executor, gameId: string): Promise<TranslationRowCopy[]> {
  return db
    .select({
      language: gameTranslations.language,
      textId: gameTranslations.textId,
      text: gameTranslations.text,
      source: gameTranslations.source,
    })
    .from(gameTranslations)
    .where(eq(gameTranslations.gameId, gameId));
}

/**
 * A spec's translations as working rows: each kept with the spec's own main text as the text it translates, so
 * what a version published reads as done against that version's texts.
 */
export function translationRowsOfSpec(spec: GameSpec): TranslationRowCopy[] {
  const mainText = new Map(translatableTexts(spec).map((text) => [text.id, text.text]));
  return Object.entries(spec.translations ?? {}).flatMap(([language, own]) =>
    Object.entries(own).map(([textId, text]) => ({ language, textId, text, source: mainText.get(textId) ?? '' })),
  );
}

/**
 * Replaces the translations of the working version's entities with `rows` (a roll back and its undo), in the
 * caller's transaction. The game's own texts are its settings, which a roll back leaves as they are: so are their
 * translations (`game:…`).
 */
export async function replaceEntityTranslations(
  tx: Executor,
  args: { gameId: string; rows: readonly TranslationRowCopy[]; now: Date },
): Promise<void> {
  const isGameText = (textId: string) => textId.startsWith('game:');
  await tx
    .delete(gameTranslations)
    .where(and(eq(gameTranslations.gameId, args.gameId), notLike(gameTranslations.textId, 'game:%')));
  const rows = args.rows.filter((row) => !isGameText(row.textId));
  if (rows.length === 0) return;
  await tx.insert(gameTranslations).values(rows.map((row) => ({ ...row, gameId: args.gameId, updatedAt: args.now })));
}

/** Each other language's coverage over `texts`. */
function coveragesOf(texts: TranslatableText[], others: string[], translations: Translations): LanguageCoverage[] {
  return others.map((language) => coverageOf(texts, translations, language));
}

/** GET /api/design/{gameId}/translations: the game's languages and each one's coverage (view right). */
export async function getTranslationOverview(args: {
  ctx: AppContext;
  user: CurrentUser;
  gameId: string;
}): Promise<TranslationOverview> {
  const game = await requireGameRight({ ...args, right: 'view' });
  const { main, others, required } = gameLanguagesOf(game.row.settings);
  const texts = await workingTextsOf(args.ctx.db, game.row);
  const stored = await storedOf(args.ctx.db, game.row.id);
  return { main, others, required, coverage: coveragesOf(texts, others, asTranslations(stored)) };
}

/** 404-like refusal of a language the game does not have (as a field error: the language is the request's). */
function assertGameLanguage(settings: GameRow['settings'], language: string): void {
  if (!gameLanguagesOf(settings).others.includes(language as never)) {
    throw fail.validation({ language: TRANSLATION_MESSAGES.notAGameLanguage }, TRANSLATION_MESSAGES.notAGameLanguage);
  }
}

/** Every text beside its translation into `language`, with where each stands. */
function rowsOf(texts: TranslatableText[], own: Map<string, Stored> | undefined): TranslationRow[] {
  return texts.map((text) => {
    const stored = own?.get(text.id);
    const translation = stored?.text ?? '';
    const state = translation.trim() === '' ? 'missing' : stored!.source !== text.text ? 'changed' : 'done';
    return { ...text, translation, state };
  });
}

/** GET /api/design/{gameId}/translations/{language}: the translation table (view right). */
export async function getTranslationTable(args: {
  ctx: AppContext;
  user: CurrentUser;
  gameId: string;
  language: string;
}): Promise<TranslationTable> {
  const game = await requireGameRight({ ...args, right: 'view' });
  assertGameLanguage(game.row.settings, args.language);
  const { main, others, required } = gameLanguagesOf(game.row.settings);
  const texts = await workingTextsOf(args.ctx.db, game.row);
  const stored = await storedOf(args.ctx.db, game.row.id);
  return {
    main,
    others,
    required,
    coverage: coveragesOf(texts, others, asTranslations(stored)),
    language: args.language,
    rows: rowsOf(texts, stored.get(args.language)),
  };
}

/**
 * Writes translations of `language` (an empty text removes one). Each is kept
 * with the main text it translates, so a later change of the main text marks
 * it. Rich texts are sanitised as every stored rich text is.
 */
async function writeTranslations(
  db: Executor,
  args: {
    game: GameRow;
    language: string;
    texts: Record<string, string>;
    byId: Map<string, TranslatableText>;
    now: Date;
  },
): Promise<void> {
  const entries = Object.entries(args.texts);
  const removed = entries.filter(([, text]) => text.trim() === '').map(([id]) => id);
  const kept = entries
    .filter(([, text]) => text.trim() !== '')
    .map(([id, text]) => {
      const main = args.byId.get(id)!;
      return {
        gameId: args.game.id,
        language: args.language,
        textId: id,
        text: main.rich ? sanitizeRichText(text) : text,
        source: main.text,
        updatedAt: args.now,
      };
    });
  if (removed.length > 0) {
    await db
      .delete(gameTranslations)
      .where(
        and(
          eq(gameTranslations.gameId, args.game.id),
          eq(gameTranslations.language, args.language),
          inArray(gameTranslations.textId, removed),
        ),
      );
  }
  if (kept.length > 0) {
    await db
      .insert(gameTranslations)
      .values(kept)
      .onConflictDoUpdate({
        target: [gameTranslations.gameId, gameTranslations.language, gameTranslations.textId],
        set: { text: sql`excluded.text`, source: sql`excluded.source`, updatedAt: args.now },
      });
  }
  await touchWorkingVersion(db, args.game.id, args.now);
}

/** PUT /api/design/{gameId}/translations/{language}: saves texts (edit right); 400 names unknown text ids. */
export async function saveTranslations(args: {
  ctx: AppContext;
  user: CurrentUser;
  gameId: string;
  language: string;
  texts: Record<string, string>;
}): Promise<TranslationTable> {
  const game = await requireEditableGame(args);
  assertGameLanguage(game.row.settings, args.language);
  const texts = await workingTextsOf(args.ctx.db, game.row);
  const byId = new Map(texts.map((text) => [text.id, text]));
  const unknown = Object.keys(args.texts).filter((id) => !byId.has(id));
  if (unknown.length > 0) {
    const errors = Object.fromEntries(unknown.map((id) => [`texts.${id}`, TRANSLATION_MESSAGES.unknownText]));
    throw fail.validation(errors, TRANSLATION_MESSAGES.unknownText);
  }
  await args.ctx.db.transaction((tx) =>
    writeTranslations(tx, { game: game.row, language: args.language, texts: args.texts, byId, now: args.ctx.now() }),
  );
  return getTranslationTable(args);
}

/** A file name part from a title: letters, digits and dashes. */
function slugOf(title: string): string {
  return (
    title
      .normalize('NFKD')
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'game'
  );
}

/** GET /api/design/{gameId}/translations/{language}/export: the language as a file for translators (view right). */
export async function exportTranslations(args: {
  ctx: AppContext;
  user: CurrentUser;
  gameId: string;
  language: string;
  format: TranslationFormat;
}): Promise<{ fileName: string; contentType: string; body: string }> {
  const game = await requireGameRight({ ...args, right: 'view' });
  const table = await getTranslationTable(args);
  const base = `${slugOf(game.row.title)}.${table.main}-${args.language}`;
  if (args.format === 'csv') {
    return {
      fileName: `${base}.csv`,
      contentType: 'text/csv; charset=utf-8',
      body: `\uFEFF${writeCsv({ main: table.main, language: args.language, rows: table.rows })}`,
    };
  }
  return {
    fileName: `${base}.xlf`,
    contentType: 'application/xliff+xml; charset=utf-8',
    body: await writeXliff({ gameId: game.row.id, main: table.main, language: args.language, rows: table.rows }),
  };
}

/**
 * POST /api/design/{gameId}/translations/{language}/import: reads a file of
 * `exportTranslations` back (edit right). Translations that differ from what
 * is stored are saved; the report lists the ids that are no text of the game,
 * the texts the file leaves untranslated, and those whose main text changed
 * since the file was exported (saved, and marked to look at again). 400 when
 * the file cannot be read or is a translation into another language.
 */
export async function importTranslations(args: {
  ctx: AppContext;
  user: CurrentUser;
  gameId: string;
  language: string;
  body: ImportTranslationsBody;
}): Promise<ImportReport> {
  const game = await requireEditableGame(args);
  assertGameLanguage(game.row.settings, args.language);
  const file: TranslationFile | null =
    args.body.format === 'csv' ? readCsv(args.body.content) : await readXliff(args.body.content);
  if (!file || file.entries.length === 0) {
    throw fail.validation({ content: TRANSLATION_MESSAGES.unreadableFile }, TRANSLATION_MESSAGES.unreadableFile);
  }
  if (file.targetLanguage && file.targetLanguage.slice(0, 2).toLowerCase() !== args.language) {
    throw fail.validation({ content: TRANSLATION_MESSAGES.wrongLanguage }, TRANSLATION_MESSAGES.wrongLanguage);
  }
  const texts = await workingTextsOf(args.ctx.db, game.row);
  const byId = new Map(texts.map((text) => [text.id, text]));
  const own = (await storedOf(args.ctx.db, game.row.id)).get(args.language);
  const unknownIds: string[] = [];
  const changedSinceExport: string[] = [];
  const toWrite: Record<string, string> = {};
  let unchanged = 0;
  for (const entry of file.entries) {
    const text = byId.get(entry.id);
    if (!text) {
      unknownIds.push(entry.id);
      continue;
    }
    if (entry.translation.trim() === '') continue;
    if (entry.source !== '' && entry.source !== text.text) changedSinceExport.push(entry.id);
    const stored = own?.get(entry.id);
    if (stored && stored.text === entry.translation && stored.source === text.text) unchanged += 1;
    else toWrite[entry.id] = entry.translation;
  }
  await args.ctx.db.transaction((tx) =>
    writeTranslations(tx, { game: game.row, language: args.language, texts: toWrite, byId, now: args.ctx.now() }),
  );
  // A text whose main text changed since the export keeps the OLD source, so the table marks it changed.
  if (changedSinceExport.length > 0) {
    await args.ctx.db
      .update(gameTranslations)
      .set({ source: '' })
      .where(
        and(
          eq(gameTranslations.gameId, game.row.id),
          eq(gameTranslations.language, args.language),
          inArray(gameTranslations.textId, changedSinceExport),
        ),
      );
  }
  const after = await getTranslationTable(args);
  const missing = after.rows.filter((row) => row.state === 'missing').map((row) => row.id);
  return {
    updated: Object.keys(toWrite).length,
    unchanged,
    unknownIds,
    missing,
    changedSinceExport,
    coverage: after.coverage.find((entry) => entry.language === args.language)!,
  };
}
