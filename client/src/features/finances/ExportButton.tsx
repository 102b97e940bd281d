import { useT } from '../../i18n/use-t';
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
  label,
  variant = 'ghost',
}: {
  rows: readonly T[];
  columns: readonly CsvColumn<T>[];
  fileName: string[];
  what: string;
  label?: string;
  variant?: 'ghost' | 'secondary';
}) {
  const t = useT();
  const shownLabel = label ?? t('host.finances.csv');
  return (
    <Button
      variant={variant}
      size="sm"
      className="export-btn"
      aria-label={t('host.finances.exportName', { label: shownLabel, what })}
      title={t('host.finances.exportTitle', { what })}
      disabled={rows.length === 0}
      onClick={() => downloadCsv(csvFileName(...fileName), toCsv(columns, rows))}
    >
      {shownLabel}
    </Button>
  );
}
