import { TABLE } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { useFormat } from '../../lib/display';
import { Page } from '../../components/layout/Page';
import { useCurrentUser } from '../../components/layout/current-user';
import { Card, CardHeader } from '../../components/ui/Card';
import { StatusBadge, humanize } from '../../components/ui/Badge';
import { SkeletonRows } from '../../components/ui/Skeleton';
import { ErrorState } from '../../components/ui/States';
import { WEEKDAYS } from '../../../../shared/enums';

function AccountCard() {
  const user = useCurrentUser();
  const format = useFormat();
  return (
    <Card>
      <CardHeader title="Account" />
      <dl className="details">
        <div>
          <dt>Name</dt>
          <dd>{user.Name || '—'}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>{user.Email}</dd>
        </div>
        <div>
          <dt>Role</dt>
          <dd>{humanize(user.Role)}</dd>
        </div>
        <div>
          <dt>Member since</dt>
          <dd>{user.CreateTime ? format.date(user.CreateTime) : '—'}</dd>
        </div>
      </dl>
    </Card>
  );
}

function DisplayCard() {
  const format = useFormat();
  const { settings } = format;
  return (
    <Card>
      <CardHeader title="Display" description="How dates and times are shown to you" />
      <dl className="details">
        <div>
          <dt>Timezone</dt>
          <dd>{settings.timezone}</dd>
        </div>
        <div>
          <dt>Date format</dt>
          <dd>
            {settings.dateFormat} <span className="muted">(today: {format.date(format.today())})</span>
          </dd>
        </div>
        <div>
          <dt>Clock</dt>
          <dd>
            {settings.use24Hour ? '24-hour' : '12-hour'} <span className="muted">(now: {format.time(new Date())})</span>
          </dd>
        </div>
      </dl>
    </Card>
  );
}

function HostProfileCard() {
  const profile = useRows(TABLE.host_profiles, { PageSize: 1 });
  return (
    <Card>
      <CardHeader title="Business" />
      {profile.status === 'loading' ? <SkeletonRows rows={3} columns={2} /> : null}
      {profile.status === 'error' ? <ErrorState error={profile.error} onRetry={profile.retry} /> : null}
      {profile.status === 'success' ? (
        profile.rows[0] ? (
          <dl className="details">
            <div>
              <dt>Company</dt>
              <dd>{profile.rows[0].company_name || '—'}</dd>
            </div>
            <div>
              <dt>Phone</dt>
              <dd>{profile.rows[0].phone_number || '—'}</dd>
            </div>
            <div>
              <dt>Address</dt>
              <dd>{profile.rows[0].address || '—'}</dd>
            </div>
            <div>
              <dt>Account status</dt>
              <dd>
                <StatusBadge status={profile.rows[0].account_status} />
              </dd>
            </div>
          </dl>
        ) : (
          <p className="muted">No host profile is linked to this account yet.</p>
        )
      ) : null}
    </Card>
  );
}

function StaffProfileCard({ staffId }: { staffId: string | undefined }) {
  const format = useFormat();
  const staff = useRows(TABLE.housekeeping_staff, { PageSize: 1, Filters: staffId ? [{ name: 'id', op: 'Equal', value: staffId }] : [] });
  const me = staff.status === 'success' ? staff.rows[0] : undefined;
  return (
    <Card>
      <CardHeader title="Work" />
      {staff.status === 'loading' ? <SkeletonRows rows={3} columns={2} /> : null}
      {staff.status === 'error' ? <ErrorState error={staff.error} onRetry={staff.retry} /> : null}
      {staff.status === 'success' && !me ? <p className="muted">This account is not linked to a housekeeping staff record yet.</p> : null}
      {me ? (
        <>
          <dl className="details">
            <div>
              <dt>Phone</dt>
              <dd>{me.staff_phone || '—'}</dd>
            </div>
            <div>
              <dt>Specializations</dt>
              <dd>{me.specializations.map(humanize).join(', ') || '—'}</dd>
            </div>
            <div>
              <dt>Since</dt>
              <dd>{me.hire_date ? format.date(me.hire_date) : '—'}</dd>
            </div>
            <div>
              <dt>Emergency contact</dt>
              <dd>{me.emergency_contact || '—'}</dd>
            </div>
          </dl>
          <h3 className="section-title">Availability</h3>
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
        </>
      ) : null}
    </Card>
  );
}

export function ProfilePage() {
  const user = useCurrentUser();
  return (
    <Page title="Profile" description="Your account and how Staykeep shows things to you.">
      <div className="grid-2">
        <AccountCard />
        <DisplayCard />
        {user.Role === 'host' ? <HostProfileCard /> : null}
        {user.Role === 'staff' ? <StaffProfileCard staffId={user.staffId} /> : null}
      </div>
    </Page>
  );
}
