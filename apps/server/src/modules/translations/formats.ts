/**
 * A language of a game written for translators and read back (issue 31):
 * XLIFF 2.0 through the `xliff` package (locize/xliff), CSV through papaparse
 * (the project's CSV library). Both carry, per text, its stable id, the main
 * language's text as exported (to tell on import what changed since), the
 * translation, and whether it needs work (`new`, `changed`, `done`).
 */
import Papa from 'papaparse';
import js2xliff from 'xliff/js2xliff';
import xliff2js from 'xliff/xliff2js';
import type { TranslationRow } from '@loci/domain';

/** XLIFF 2.0 unit types of Loci (`type` is "prefix:value" in XLIFF 2.0): what a translator should do. */
const UNIT_TYPE = { missing: 'loci:new', changed: 'loci:changed', done: 'loci:done' } as const;

/** One text of a translation file, as read back. */
export interface FileEntry {
  id: string;
  /** The main text when the file was exported. */
  source: string;
  translation: string;
}

/** The file's language pair and entries. */
export interface TranslationFile {
  sourceLanguage: string | null;
  targetLanguage: string | null;
  entries: FileEntry[];
}

/** Where a text is, for the translator: "scene · The pier · title". */
const noteOf = (row: TranslationRow) => `${row.kind} · ${row.entityTitle} · ${row.field}${row.rich ? ' · HTML' : ''}`;

/** The rows as an XLIFF 2.0 document: one unit per text, its type saying whether it needs work. */
export async function writeXliff(args: {
  gameId: string;
  main: string;
  language: string;
  rows: readonly TranslationRow[];
}): Promise<string> {
  const units = Object.fromEntries(
    args.rows.map((row) => [
      row.id,
      {
        source: row.text,
        target: row.translation,
        note: noteOf(row),
        additionalAttributes: { type: UNIT_TYPE[row.state] },
      },
    ]),
  );
  return js2xliff({ sourceLanguage: args.main, targetLanguage: args.language, resources: { [args.gameId]: units } });
}

/** Text of an XLIFF segment as the library gives it (a string, or inline parts of which the text ones count). */
function plain(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(plain).join('');
  return '';
}

/** An XLIFF 2.0 (or 1.2-shaped) document read back; null when it is no XLIFF. */
export async function readXliff(xml: string): Promise<TranslationFile | null> {
  try {
    const document = await xliff2js(xml);
    if (!document || typeof document.resources !== 'object' || document.resources === null) return null;
    const entries: FileEntry[] = [];
    for (const units of Object.values(document.resources)) {
      for (const [id, unit] of Object.entries(units ?? {})) {
        entries.push({ id, source: plain(unit.source), translation: plain(unit.target) });
      }
    }
    return {
      sourceLanguage: document.sourceLanguage ?? null,
      targetLanguage: document.targetLanguage ?? null,
      entries,
    };
  } catch {
    return null;
  }
}

/** The CSV's columns, in order. */
export const CSV_COLUMNS = ['id', 'state', 'where', 'source', 'target'] as const;

/**
 * The rows as CSV (UTF-8, one header row; formulas escaped as the console's
 * CSVs are), the language pair in the column names `source:en` / `target:de`.
 */
export function writeCsv(args: { main: string; language: string; rows: readonly TranslationRow[] }): string {
  const fields = ['id', 'state', 'where', `source:${args.main}`, `target:${args.language}`];
  const data = args.rows.map((row) => [row.id, UNIT_TYPE[row.state].slice(5), noteOf(row), row.text, row.translation]);
  return Papa.unparse({ fields, data }, { escapeFormulae: true, newline: '\r\n' });
}

/** A CSV written by `writeCsv` (columns found by name, in any order), read back; null when it is not one. */
export function readCsv(text: string): TranslationFile | null {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
  });
  const fields = parsed.meta.fields ?? [];
  const sourceField = fields.find((field) => field.startsWith('source'));
  const targetField = fields.find((field) => field.startsWith('target'));
  if (!fields.includes('id') || !targetField) return null;
  const languageOf = (field: string | undefined) => (field?.includes(':') ? field.split(':')[1]!.trim() : null);
  // escapeFormulae put a ' before texts starting with = + - @: take it off again.
  const unescape = (value: string | undefined) => (value ?? '').replace(/^'(?=[=+\-@\t\r])/, '');
  return {
    sourceLanguage: languageOf(sourceField),
    targetLanguage: languageOf(targetField),
    entries: parsed.data
      .filter((row) => typeof row.id === 'string' && row.id.trim() !== '')
      .map((row) => ({
        id: row.id!.trim(),
        source: sourceField ? unescape(row[sourceField]) : '',
        translation: unescape(row[targetField]),
      })),
  };
}
