/**
 * The problem reports of one property, newest first, on the host's property page: what was
 * reported, how urgent, when, and a link to the maintenance task each became.
 */
import { Link } from '@tanstack/react-router';
import { PROBLEM_CATEGORY_LABELS, PROBLEM_SEVERITY_LABELS } from '../../../../shared/problem-reports';
import { DataView } from '../../components/data-view';
import { Badge } from '../../components/ui/Badge';
import { Table, type Column } from '../../components/ui/Table';
import { TABLE, type ProblemReport } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { useFormat } from '../../lib/display';
import './reports.css';

/** Reports listed on a property's page; the rest are on their tasks. */
const SHOWN = 20;

export function PropertyReports({ propertyId, propertyName }: { propertyId: string; propertyName: string }) {
  const format = useFormat();
  const reports = useRows(TABLE.problem_reports, { PageSize: SHOWN, OrderByField: 'created_date', IsAsc: false, Filters: [{ name: 'property_id', op: 'Equal', value: propertyId }] });
  const columns: Column<ProblemReport>[] = [
    { key: 'when', header: 'Reported', render: (r) => format.date(r.reported_at ?? r.created_date ?? '') },
    {
      key: 'what',
      header: 'Problem',
      render: (r) => (
        <span className="problem-report__what">
          <Badge>{PROBLEM_CATEGORY_LABELS[r.category]}</Badge> {r.description.length > 80 ? `${r.description.slice(0, 77)}…` : r.description}
        </span>
      ),
    },
    { key: 'severity', header: 'Severity', render: (r) => <Badge tone={r.severity === 'urgent' ? 'danger' : r.severity === 'low' ? 'neutral' : 'warning'}>{PROBLEM_SEVERITY_LABELS[r.severity]}</Badge> },
    {
      key: 'task',
      header: 'Task',
      align: 'end',
      render: (r) =>
        r.maintenance_task_id ? (
          <Link to="/host/housekeeping" search={{ taskId: r.maintenance_task_id }} className="text-link">
            Open task
          </Link>
        ) : (
          <span className="muted">Not yet sent</span>
        ),
    },
  ];
  return (
    <DataView result={reports} empty={{ title: 'No problems reported', text: 'What your housekeepers report here becomes a maintenance task.' }}>
      {(rows) => <Table caption={`Problem reports at ${propertyName}`} columns={columns} rows={rows} rowKey={(r) => r.id} />}
    </DataView>
  );
}
