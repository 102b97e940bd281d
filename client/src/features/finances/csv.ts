/**
 * Saving a CSV export in the browser. The text comes from the one CSV encoder,
 * shared/format/csv.ts (RFC 4180, formula-safe), re-exported here for the export buttons.
 */
import { saveBlob } from '../../lib/save-file';

export { csvField, csvFileName, csvText, toCsv, type CsvColumn, type CsvValue } from '../../../../shared/format/csv';

/**
 * Saves the text as a file in the browser. The byte-order mark makes spreadsheet programs read
 * the file as UTF-8 (names with accents), which plain CSV readers ignore.
 */
export function downloadCsv(fileName: string, text: string): void {
  saveBlob(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }), fileName);
}
