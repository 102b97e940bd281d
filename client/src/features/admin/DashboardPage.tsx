import type { ReactNode } from 'react';
import { Link, type LinkProps } from '@tanstack/react-router';
import { TABLE, type HostProfile } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { useFormat } from '../../lib/display';
import { monthLabel } from '../../lib/months';
import { Page } from '../../components/layout/Page';
import { useCurrentUser } from '../../components/layout/current-user';
import { Card, CardHeader, StatCard } from '../../components/ui/Card';
import { SkeletonStats } from '../../components/ui/Skeleton';
import { ErrorState } from '../../components/ui/States';
import { DataView } from '../../components/data-view';
import { OnlineOnlyNote, useOnlineOnly } from '../../components/online-only';
import { HostsTable } from './HostsTable';
import { useDashboard } from './billing-api';
import './admin.css';

type StatProps = { label: string; value: ReactNode; hint?: ReactNode; tone?: 'default' | 'accent' | 'warning' | 'danger' };

/** A figure that opens the page listing the rows behind it. */
function LinkedStat({ link, ...stat }: StatProps & { link: Pick<LinkProps, 'to' | 'search'> }) {
  return (
    <Link {...link} className="stat-link">
      <StatCard {...stat} />
    </Link>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="dashboard-section" aria-label={title}>
      <h2>{title}</h2>
      <div className="stat-grid">{children}</div>
    </section>
  );
}

/**
 * The platform at a glance, from GET /api/admin/dashboard (online: the figures are counted on the
 * server over every host), each figure a link to the page that lists its rows.
 */
export function AdminDashboardPage() {
  const user = useCurrentUser();
  const format = useFormat();
  const online = useOnlineOnly('the platform figures');
  const figures = useDashboard(online.available);
  const hosts = useRows(TABLE.host_profiles, { PageSize: 5, OrderByField: 'created_date', IsAsc: false });

  let body: ReactNode;
  if (!online.available) body = <OnlineOnlyNote state={online} />;
  else if (figures.status === 'error') body = <ErrorState title="Could not load the platform figures" error={figures.error} onRetry={() => void figures.refetch()} />;
  else if (!figures.data) body = <SkeletonStats count={8} />;
  else {
    const d = figures.data;
    const money = (units: number) => format.money(units, d.subscriptions.currency);
    const month = monthLabel(d.month);
    body = (
      <>
        <Section title="Hosts">
          <LinkedStat link={{ to: '/admin/hosts' }} label="Active hosts" value={d.hosts.active} hint={`${d.hosts.total} in all`} tone="accent" />
          <LinkedStat link={{ to: '/admin/hosts' }} label="Suspended hosts" value={d.hosts.suspended} tone={d.hosts.suspended > 0 ? 'warning' : 'default'} />
          <LinkedStat link={{ to: '/admin/hosts' }} label="New this month" value={d.hosts.newThisMonth} hint={`Registered in ${month}`} />
          <LinkedStat link={{ to: '/admin/hosts' }} label="Properties" value={d.properties} hint="Listed, not archived" />
        </Section>
        <Section title={`Bookings in ${month}`}>
          <LinkedStat link={{ to: '/admin/analytics' }} label="Bookings" value={d.bookingsThisMonth} hint="Checking in this month, not cancelled" />
          <LinkedStat link={{ to: '/admin/analytics' }} label="Gross booking value" value={format.money(d.grossBookingValueThisMonth)} hint="Of this month's check-ins" />
          <LinkedStat
            link={{ to: '/admin/analytics' }}
            label="Commission earned"
            value={format.money(d.commissionThisMonth)}
            hint={`${format.money(d.commissionTotal)} on every booking`}
            tone="accent"
          />
        </Section>
        <Section title="Subscriptions">
          <LinkedStat
            link={{ to: '/admin/billings', search: { status: 'COMPLETED' } }}
            label="Subscription revenue"
            value={money(d.subscriptions.monthlyRevenue)}
            hint={`Completed payments in ${month}`}
          />
          <LinkedStat link={{ to: '/admin/billings' }} label="Active subscriptions" value={d.subscriptions.activeSubscriptions} />
          <LinkedStat
            link={{ to: '/admin/billings', search: { status: 'COMPLETED', days: 60 } }}
            label="Growth"
            value={`${d.subscriptions.growthRate > 0 ? '+' : ''}${d.subscriptions.growthRate.toFixed(2)}%`}
            hint="Revenue this month over last month"
            tone={d.subscriptions.growthRate < 0 ? 'warning' : 'default'}
          />
          <LinkedStat
            link={{ to: '/admin/billings', search: { status: 'COMPLETED', days: 31 } }}
            label="Average revenue per host"
            value={money(d.subscriptions.averageRevenuePerHost)}
            hint="This month, per subscribing host"
          />
        </Section>
        <Section title="Integrations">
          <LinkedStat
            link={{ to: '/admin/hosts' }}
            label="Calendar feeds failing"
            value={d.calendarFeeds.failing}
            hint="Their last fetch failed"
            tone={d.calendarFeeds.failing > 0 ? 'danger' : 'default'}
          />
          <LinkedStat
            link={{ to: '/admin/hosts' }}
            label="Calendar feeds stale"
            value={d.calendarFeeds.stale}
            hint="No successful fetch for a day"
            tone={d.calendarFeeds.stale > 0 ? 'warning' : 'default'}
          />
          <LinkedStat
            link={{ to: '/admin/hosts' }}
            label="Push deliveries failing"
            value={d.pushDeliveriesFailing}
            hint="Being retried after a failure"
            tone={d.pushDeliveriesFailing > 0 ? 'warning' : 'default'}
          />
        </Section>
      </>
    );
  }

  return (
    <Page title="Dashboard" description={`Welcome, ${user.Name || user.Email}. The platform at a glance.`}>
      {body}
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
