import type { TranslationRow, TranslationTable } from '@loci/domain';

// Test data of the translation API (issue 31): rows of a language's table, and German's table of an English game.

/** A row of a translation table: a plain text not translated yet unless `fields` say otherwise. */
export function makeTranslationRow(
  fields: Partial<TranslationRow> & Pick<TranslationRow, 'id' | 'kind' | 'field' | 'text'>,
): TranslationRow {
  return { entityId: null, entityTitle: '', rich: false, translation: '', state: 'missing', ...fields };
}

/** German's table of a game in English with `rows`, its coverage counted from them. */
export function makeTranslationTable(rows: TranslationRow[]): TranslationTable {
  const translated = rows.filter((row) => row.translation !== '').length;
  return {
    main: 'en',
    others: ['de'],
    required: [],
    coverage: [
      {
        language: 'de',
        translated,
        total: rows.length,
        percent: rows.length === 0 ? 100 : Math.floor((translated * 100) / rows.length),
      },
    ],
    language: 'de',
    rows,
  };
}
