/**
 * CSV for the finance exports (RFC 4180): fields separated by commas, records by CRLF, a field
 * quoted when it holds a comma, a quote, a line break or edge spaces, quotes doubled inside.
 * Guest names and references come from booking sites: a text cell starting with = + - @ (or a
 * tab / carriage return) would run as a formula in a spreadsheet, so it is prefixed with an
 * apostrophe (OWASP "CSV injection"). Numbers are written as numbers, never prefixed.
 */

export type CsvValue = string | number | boolean | null | undefined;

export type CsvColumn<T> = { header: string; value: (row: T) => CsvValue };

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/** One field as it goes into the file. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
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

/**
 * Saves the text as a file in the browser. The byte-order mark makes spreadsheet programs read
 * the file as UTF-8 (names with accents), which plain CSV readers ignore.
 */
export function downloadCsv(fileName: string, text: string): void {
  const blob = new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the object URL can go once the event loop turns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
