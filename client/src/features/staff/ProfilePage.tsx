/**
 * The housekeeper's profile: their account, their details as the host keeps them (read-only for
 * staff, decisions.md), their weekly hours, and push notifications on this device.
 */
import { WEEKDAYS } from '../../../../shared/enums';
import { useFormat } from '../../lib/display';
import { Page } from '../../components/layout/Page';
import { useCurrentUser } from '../../components/layout/current-user';
import { Card, CardHeader } from '../../components/ui/Card';
import { StatusBadge, humanize } from '../../components/ui/Badge';
import { SkeletonRows } from '../../components/ui/Skeleton';
import { ErrorState } from '../../components/ui/States';
import { PushSubscriptionCard } from '../notifications/PushSubscriptionCard';
import { useMyStaffRow } from './use-my-tasks';
import './staff.css';

export function StaffProfilePage() {
  const user = useCurrentUser();
  const format = useFormat();
  const staff = useMyStaffRow(user.staffId);
  const me = staff.status === 'success' ? staff.rows[0] : undefined;
  return (
    <Page title="Profile" description="Your details, your hours and alerts on this device.">
      <div className="grid-2">
        <Card>
          <CardHeader title="You" description="Your host keeps these details; ask them to change anything." />
          {!user.staffId ? <p className="muted">This account is not linked to a housekeeping staff record yet.</p> : null}
          {user.staffId && staff.status === 'loading' ? <SkeletonRows rows={4} columns={2} /> : null}
          {staff.status === 'error' ? <ErrorState error={staff.error} onRetry={staff.retry} /> : null}
          {user.staffId && staff.status === 'success' && !me ? <p className="muted">Your staff record is not on this device yet.</p> : null}
          <dl className="details">
            <div>
              <dt>Name</dt>
              <dd>{me?.staff_name || user.Name || '—'}</dd>
            </div>
            <div>
              <dt>E-mail</dt>
              <dd>{user.Email}</dd>
            </div>
            {me ? (
              <>
                <div>
                  <dt>Phone</dt>
                  <dd>{me.staff_phone || '—'}</dd>
                </div>
                <div>
                  <dt>Specializations</dt>
                  <dd>{me.specializations.join(', ') || '—'}</dd>
                </div>
                <div>
                  <dt>Status</dt>
                  <dd>
                    <StatusBadge status={me.status} />
                  </dd>
                </div>
                <div>
                  <dt>Hourly rate</dt>
                  <dd>{format.money(me.hourly_rate)}</dd>
                </div>
                <div>
                  <dt>Since</dt>
                  <dd>{me.hire_date ? format.date(me.hire_date) : '—'}</dd>
                </div>
                <div>
                  <dt>Emergency contact</dt>
                  <dd>{me.emergency_contact || '—'}</dd>
                </div>
              </>
            ) : null}
          </dl>
        </Card>
        {me ? (
          <Card>
            <CardHeader title="Your hours" />
            <ul className="availability">
              {WEEKDAYS.map((day) => {
                const slot = me.availability_schedule[day];
                return (
                  <li key={day}>
                    <span className="availability__day">{humanize(day)}</span>
                    <span>{!slot || slot === 'off' ? 'Off' : `${format.time(slot.start)} – ${format.time(slot.end)}`}</span>
                  </li>
                );
              })}
            </ul>
          </Card>
        ) : null}
        <PushSubscriptionCard description="New tasks, changes and urgent alerts reach this phone even when Staykeep is closed." />
      </div>
    </Page>
  );
}
