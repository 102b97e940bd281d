/**
 * CSV for every export (RFC 4180): fields separated by commas, records by CRLF, quotes doubled
 * inside a quoted field. The one encoder: the finance exports and the admin billing export build
 * their files with it (client/src/features/finances/csv.ts saves them). docs/security.md,
 * Encoding for calendars, e-mail and CSV.
 *
 * - **Formulas.** Guest names, references, plan and host names come from booking sites and other
 *   people: a text cell that a spreadsheet would run as a formula (it starts with = + - @, a tab,
 *   a carriage return or a line feed, or with spaces before = + - @, or with the full-width forms
 *   ＝ ＋ － ＠ that some spreadsheets also read as formulas) is prefixed with an apostrophe (OWASP
 *   "CSV injection"). The apostrophe shows in the cell: the text is kept, not run.
 * - **Numbers stay numbers.** A JavaScript number (an amount, a count) is written as it is,
 *   negative ones included (`-12`), never prefixed: a number cannot hold a formula, and an amount
 *   column must stay numeric. Only text is neutralised, so a column that must be numeric passes
 *   numbers, never their text.
 * - **No extra cell or record.** A field is quoted when it holds a comma, a quote, a line break
 *   or edge spaces, and also a semicolon or a tab: spreadsheets set to those separators (the
 *   list separator of many locales) would otherwise split the field into cells of their own.
 */

export type CsvValue = string | number | boolean | null | undefined;

export type CsvColumn<T> = { header: string; value: (row: T) => CsvValue };

const FORMULA_START = /^(?:[\t\r\n]|[\s\u3000]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/;
const NEEDS_QUOTES = /[",;\t\r\n]|^\s|\s$/;

/** Text as a cell holds it: prefixed with an apostrophe when a spreadsheet would run it. */
export function csvText(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** One field as it goes into the file. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = csvText(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The file's text: a header record, then one record per row, each ended by CRLF. */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const lines = [columns.map((c) => csvField(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvField(c.value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** A file name safe on every system: lower-case words joined by dashes, `.csv` added. */
export function csvFileName(...parts: string[]): string {
  const base = parts
    .join(' ')
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${base || 'export'}.csv`;
}
