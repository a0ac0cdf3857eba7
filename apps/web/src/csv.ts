import Papa from 'papaparse';

/**
 * A cell a spreadsheet would run as a formula: led by =, +, -, @, a tab or a
 * carriage return. papaparse's own default stops at a line break (`.*$`), so a
 * multi-line cell would pass: this one tests only the first character.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * The text of a CSV file: comma-separated, CRLF lines, a field quoted when it
 * holds a quote, comma or line break, and a text cell that a spreadsheet would
 * read as a formula led by an apostrophe (papaparse's escapeFormulae) — a
 * player named `=HYPERLINK(…)` stays a name. Numbers are left as they are.
 */
export function unparseCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<unknown>>): string {
  return Papa.unparse(
    { fields: [...header], data: rows.map((row) => [...row]) },
    { newline: '\r\n', escapeFormulae: FORMULA_START },
  );
}
