/** Finances, the page of routes/_host/host.finances.tsx. */
export { HostFinancesPage } from './FinancesPage';
/** The CSV writer (RFC 4180, formula-safe), shared with the admin billing export. */
export { csvFileName, downloadCsv, toCsv, type CsvColumn } from './csv';
