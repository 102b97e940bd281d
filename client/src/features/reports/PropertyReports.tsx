/**
 * The problem reports of one property, newest first, on the host's property page: what was
 * reported, how urgent, when, and a link to the maintenance task each became.
 */
import { Link } from '@tanstack/react-router';
import { DataView } from '../../components/data-view';
import { Badge } from '../../components/ui/Badge';
import { Table, type Column } from '../../components/ui/Table';
import { TABLE, type ProblemReport } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { useFormat } from '../../lib/display';
import { useT } from '../../i18n/use-t';
import { CATEGORY_LABELS, SEVERITY_LABELS } from './report-form';
import './reports.css';

/** Reports listed on a property's page; the rest are on their tasks. */
const SHOWN = 20;

export function PropertyReports({ propertyId, propertyName }: { propertyId: string; propertyName: string }) {
  const format = useFormat();
  const t = useT();
  const reports = useRows(TABLE.problem_reports, { PageSize: SHOWN, OrderByField: 'created_date', IsAsc: false, Filters: [{ name: 'property_id', op: 'Equal', value: propertyId }] });
  const columns: Column<ProblemReport>[] = [
    { key: 'when', header: t('host.reports.reported'), render: (r) => format.date(r.reported_at ?? r.created_date ?? '') },
    {
      key: 'what',
      header: t('host.reports.problem'),
      render: (r) => (
        <span className="problem-report__what">
          <Badge>{t(CATEGORY_LABELS[r.category])}</Badge> {r.description.length > 80 ? `${r.description.slice(0, 77)}…` : r.description}
        </span>
      ),
    },
    { key: 'severity', header: t('host.reports.severity'), render: (r) => <Badge tone={r.severity === 'urgent' ? 'danger' : r.severity === 'low' ? 'neutral' : 'warning'}>{t(SEVERITY_LABELS[r.severity])}</Badge> },
    {
      key: 'task',
      header: t('host.reports.task'),
      align: 'end',
      render: (r) =>
        r.maintenance_task_id ? (
          <Link to="/host/housekeeping" search={{ taskId: r.maintenance_task_id }} className="text-link">
            {t('host.reports.openTask')}
          </Link>
        ) : (
          <span className="muted">{t('host.reports.notSent')}</span>
        ),
    },
  ];
  return (
    <DataView result={reports} empty={{ title: t('host.reports.emptyTitle'), text: t('host.reports.emptyText') }}>
      {(rows) => <Table caption={t('host.reports.caption', { property: propertyName })} columns={columns} rows={rows} rowKey={(r) => r.id} />}
    </DataView>
  );
}
