import { Link } from '@tanstack/react-router';
import { TABLE, type HostProfile } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { useFormat } from '../../lib/display';
import { Page } from '../../components/layout/Page';
import { useCurrentUser } from '../../components/layout/current-user';
import { Card, CardHeader, StatCard } from '../../components/ui/Card';
import { SkeletonStats } from '../../components/ui/Skeleton';
import { ErrorState } from '../../components/ui/States';
import { DataView } from '../../components/data-view';
import { HostsTable } from './HostsTable';

export function AdminDashboardPage() {
  const user = useCurrentUser();
  const format = useFormat();
  const today = format.today();
  const hosts = useRows(TABLE.host_profiles, { PageSize: 5, OrderByField: 'created_date', IsAsc: false });
  const activeHosts = useRows(TABLE.host_profiles, { PageSize: 1, Filters: [{ name: 'account_status', op: 'Equal', value: 'active' }] });
  const properties = useRows(TABLE.properties, { PageSize: 1 });
  const upcoming = useRows(TABLE.bookings, {
    PageSize: 1,
    Filters: [
      { name: 'check_in_date', op: 'GreaterThanOrEqual', value: today },
      { name: 'booking_status', op: 'NotEqual', value: 'cancelled' },
    ],
  });
  const all = [hosts, activeHosts, properties, upcoming];
  const failed = all.find((r) => r.status === 'error');

  return (
    <Page title="Dashboard" description={`Welcome, ${user.Name || user.Email}. The platform at a glance.`}>
      {failed?.status === 'error' ? (
        <ErrorState error={failed.error} onRetry={failed.retry} />
      ) : hosts.status === 'success' && activeHosts.status === 'success' && properties.status === 'success' && upcoming.status === 'success' ? (
        <div className="stat-grid">
          <StatCard label="Hosts" value={hosts.total} />
          <StatCard label="Active hosts" value={activeHosts.total} tone="accent" />
          <StatCard label="Properties" value={properties.total} />
          <StatCard label="Upcoming bookings" value={upcoming.total} />
        </div>
      ) : (
        <SkeletonStats />
      )}
      <Card className="card--flush">
        <CardHeader
          title="Newest hosts"
          actions={
            <Link to="/admin/hosts" className="text-link">
              All hosts
            </Link>
          }
        />
        <DataView result={hosts} empty={{ title: 'No hosts yet', text: 'Hosts appear here when they register.' }}>
          {(rows: HostProfile[]) => <HostsTable hosts={rows} caption="Newest hosts" />}
        </DataView>
      </Card>
    </Page>
  );
}
