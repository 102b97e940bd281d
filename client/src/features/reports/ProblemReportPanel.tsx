/**
 * The host's view of the problem report behind a maintenance task, in the task's dialog: what was
 * reported (category, severity, description), by whom, when, and for which stay. Nothing when the
 * task did not come from a report.
 */
import { Badge } from '../../components/ui/Badge';
import { TABLE, type ProblemReport } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { useFormat } from '../../lib/display';
import { useT } from '../../i18n/use-t';
import { CATEGORY_LABELS, SEVERITY_LABELS } from './report-form';
import './reports.css';

export function ProblemReportPanel({ taskId }: { taskId: string }) {
  const reports = useRows(TABLE.problem_reports, { PageSize: 1, Filters: [{ name: 'maintenance_task_id', op: 'Equal', value: taskId }] });
  const report = reports.rows?.[0];
  if (!report) return null;
  return <ReportDetails report={report} />;
}

function ReportDetails({ report }: { report: ProblemReport }) {
  const format = useFormat();
  const t = useT();
  const staff = useRows(TABLE.housekeeping_staff, { PageSize: 1, Filters: [{ name: 'id', op: 'Equal', value: report.reported_by_staff_id ?? '' }] }, { enabled: Boolean(report.reported_by_staff_id) });
  const stay = useRows(TABLE.bookings, { PageSize: 1, Filters: [{ name: 'id', op: 'Equal', value: report.booking_id ?? '' }] }, { enabled: Boolean(report.booking_id) });
  const reporter = report.reported_by_staff_id ? (staff.rows?.[0]?.staff_name ?? t('host.reports.aHousekeeper')) : t('host.reports.you');
  const booking = stay.rows?.[0];
  return (
    <section className="callout problem-report" aria-label={t('host.reports.panelTitle')}>
      <p className="callout__title">{t('host.reports.panelTitle')}</p>
      <div className="badge-row">
        <Badge>{t(CATEGORY_LABELS[report.category])}</Badge>
        <Badge tone={report.severity === 'urgent' ? 'danger' : report.severity === 'low' ? 'neutral' : 'warning'}>{t(SEVERITY_LABELS[report.severity])}</Badge>
      </div>
      <p className="pre-wrap">{report.description}</p>
      <dl className="details">
        <div>
          <dt>{t('host.reports.reportedBy')}</dt>
          <dd>{reporter}</dd>
        </div>
        <div>
          <dt>{t('host.reports.reported')}</dt>
          <dd>{format.dateTime(report.reported_at ?? report.created_date ?? '')}</dd>
        </div>
        <div>
          <dt>{t('host.reports.stay')}</dt>
          <dd>
            {booking
              ? t('host.reports.stayOf', { guest: booking.guest_name, from: format.date(booking.check_in_date), to: format.date(booking.check_out_date) })
              : report.booking_id ? t('host.reports.stayElsewhere') : t('host.reports.noStay')}
          </dd>
        </div>
      </dl>
    </section>
  );
}
