import { Button } from '../../components/ui/Button';
import { downloadCsv, toCsv, csvFileName, type CsvColumn } from './csv';

/**
 * Downloads rows as a CSV file, built in the browser from what is on the device (works offline).
 * `what` finishes the accessible name: "Download CSV of <what>".
 */
export function ExportButton<T>({
  rows,
  columns,
  fileName,
  what,
  label = 'CSV',
  variant = 'ghost',
}: {
  rows: readonly T[];
  columns: readonly CsvColumn<T>[];
  fileName: string[];
  what: string;
  label?: string;
  variant?: 'ghost' | 'secondary';
}) {
  return (
    <Button
      variant={variant}
      size="sm"
      className="export-btn"
      aria-label={`${label}: download ${what} as a CSV file`}
      title={`Download ${what} as a CSV file`}
      disabled={rows.length === 0}
      onClick={() => downloadCsv(csvFileName(...fileName), toCsv(columns, rows))}
    >
      {label}
    </Button>
  );
}
