/**
 * The host's view of the problem report behind a maintenance task, in the task's dialog: what was
 * reported (category, severity, description), by whom, when, and for which stay. Nothing when the
 * task did not come from a report.
 */
import { PROBLEM_CATEGORY_LABELS, PROBLEM_SEVERITY_LABELS } from '../../../../shared/problem-reports';
import { Badge } from '../../components/ui/Badge';
import { TABLE, type ProblemReport } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { useFormat } from '../../lib/display';
import './reports.css';

export function ProblemReportPanel({ taskId }: { taskId: string }) {
  const reports = useRows(TABLE.problem_reports, { PageSize: 1, Filters: [{ name: 'maintenance_task_id', op: 'Equal', value: taskId }] });
  const report = reports.rows?.[0];
  if (!report) return null;
  return <ReportDetails report={report} />;
}

function ReportDetails({ report }: { report: ProblemReport }) {
  const format = useFormat();
  const staff = useRows(TABLE.housekeeping_staff, { PageSize: 1, Filters: [{ name: 'id', op: 'Equal', value: report.reported_by_staff_id ?? '' }] }, { enabled: Boolean(report.reported_by_staff_id) });
  const stay = useRows(TABLE.bookings, { PageSize: 1, Filters: [{ name: 'id', op: 'Equal', value: report.booking_id ?? '' }] }, { enabled: Boolean(report.booking_id) });
  const reporter = report.reported_by_staff_id ? (staff.rows?.[0]?.staff_name ?? 'A housekeeper') : 'You';
  const booking = stay.rows?.[0];
  return (
    <section className="callout problem-report" aria-label="Problem report">
      <p className="callout__title">Problem report</p>
      <div className="badge-row">
        <Badge>{PROBLEM_CATEGORY_LABELS[report.category]}</Badge>
        <Badge tone={report.severity === 'urgent' ? 'danger' : report.severity === 'low' ? 'neutral' : 'warning'}>{PROBLEM_SEVERITY_LABELS[report.severity]}</Badge>
      </div>
      <p className="pre-wrap">{report.description}</p>
      <dl className="details">
        <div>
          <dt>Reported by</dt>
          <dd>{reporter}</dd>
        </div>
        <div>
          <dt>Reported</dt>
          <dd>{format.dateTime(report.reported_at ?? report.created_date ?? '')}</dd>
        </div>
        <div>
          <dt>Stay</dt>
          <dd>{booking ? `${booking.guest_name}, ${format.date(booking.check_in_date)} – ${format.date(booking.check_out_date)}` : report.booking_id ? 'A stay not on this device' : 'No stay at the property yet'}</dd>
        </div>
      </dl>
    </section>
  );
}
