import type { ReactNode } from 'react';
import { Link, type LinkProps } from '@tanstack/react-router';
import { TABLE, type HostProfile } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { MoneyFigures, useFormat } from '../../lib/display';
import { monthLabel } from '../../lib/months';
import { Page } from '../../components/layout/Page';
import { useCurrentUser } from '../../components/layout/current-user';
import { Card, CardHeader, StatCard } from '../../components/ui/Card';
import { SkeletonStats } from '../../components/ui/Skeleton';
import { EmptyState, ErrorState } from '../../components/ui/States';
import { Badge } from '../../components/ui/Badge';
import { Table } from '../../components/ui/Table';
import { sourceLabel } from '../../lib/source-label';
import { DataView } from '../../components/data-view';
import { OnlineOnlyNote, useOnlineOnly } from '../../components/online-only';
import { HostsTable } from './HostsTable';
import { useDashboard } from './billing-api';
import './admin.css';

/** The figures whose rows no other admin page lists open them here, further down. */
/** Bytes as megabytes with one decimal ("12.3 MB"). */
function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const ATTENTION = { to: '/admin/dashboard', hash: 'attention' } as const;

type StatProps = { label: string; value: ReactNode; hint?: ReactNode; tone?: 'default' | 'accent' | 'warning' | 'danger' };

/** A figure that opens the page listing the rows behind it. */
function LinkedStat({ link, ...stat }: StatProps & { link: Pick<LinkProps, 'to' | 'search' | 'hash'> }) {
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
  const online = useOnlineOnly('the platform summary');
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
          <LinkedStat link={{ to: '/admin/hosts', search: { account_status: 'active' } }} label="Active hosts" value={d.hosts.active} hint={`${d.hosts.total} in all`} tone="accent" />
          <LinkedStat link={{ to: '/admin/hosts', search: { account_status: 'suspended' } }} label="Suspended hosts" value={d.hosts.suspended} tone={d.hosts.suspended > 0 ? 'warning' : 'default'} />
          <LinkedStat link={{ to: '/admin/hosts', search: { sort: '-created' } }} label="New this month" value={d.hosts.newThisMonth} hint={`Registered in ${month}`} />
          <LinkedStat link={{ to: '/admin/hosts' }} label="Properties" value={d.properties} hint="Listed, not archived" />
        </Section>
        <Section title={`Bookings in ${month}`}>
          <LinkedStat link={{ to: '/admin/analytics' }} label="Bookings" value={d.bookingsThisMonth} hint="Checking in this month, not cancelled" />
          <LinkedStat link={{ to: '/admin/analytics' }} label="Gross booking value" value={<MoneyFigures list={d.grossBookingValueThisMonth} />} hint="Of this month's check-ins" />
          <LinkedStat
            link={{ to: '/admin/analytics' }}
            label="Commission earned"
            value={<MoneyFigures list={d.commissionThisMonth} />}
            hint={`${format.moneyList(d.commissionTotal)} on every booking`}
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
            link={ATTENTION}
            label="Calendar feeds failing"
            value={d.calendarFeeds.failing}
            hint="Their last fetch failed"
            tone={d.calendarFeeds.failing > 0 ? 'danger' : 'default'}
          />
          <LinkedStat
            link={ATTENTION}
            label="Calendar feeds stale"
            value={d.calendarFeeds.stale}
            hint="No successful fetch for a day"
            tone={d.calendarFeeds.stale > 0 ? 'warning' : 'default'}
          />
          <LinkedStat
            link={ATTENTION}
            label="Push deliveries failing"
            value={d.pushDeliveriesFailing}
            hint="Being retried after a failure"
            tone={d.pushDeliveriesFailing > 0 ? 'warning' : 'default'}
          />
          <StatCard label="Uploads" value={`${megabytes(d.uploads.bytes)} in ${d.uploads.files} files`} hint="Property images: display copies and originals" />
        </Section>
        <Card className="card--flush" id="attention" tabIndex={-1}>
          <CardHeader title="Needs attention" description="The calendar feeds and push deliveries behind the figures above" level={2} />
          {d.attention.feeds.length === 0 ? (
            <EmptyState title="Every calendar feed is fetching">No feed failed its last fetch or went a day without one.</EmptyState>
          ) : (
            <Table
              caption="Calendar feeds failing or stale"
              showCaption
              rows={d.attention.feeds}
              rowKey={(f) => f.id}
              columns={[
                {
                  key: 'feed',
                  header: 'Feed',
                  render: (f) => (
                    <div className="cell-stack">
                      <span className="cell-strong">{f.propertyName || '—'}</span>
                      <span className="cell-muted">
                        {f.hostName} · {sourceLabel(f.platform)}
                      </span>
                    </div>
                  ),
                },
                { key: 'state', header: 'State', render: (f) => <Badge tone={f.state === 'failing' ? 'danger' : 'warning'}>{f.state === 'failing' ? 'Failing' : 'Stale'}</Badge> },
                { key: 'error', header: 'Last error', render: (f) => f.lastError ?? '—' },
                { key: 'success', header: 'Last success', secondary: true, render: (f) => (f.lastSuccessAt ? format.dateTime(f.lastSuccessAt) : 'Never') },
              ]}
            />
          )}
          {d.attention.pushDeliveries.length === 0 ? (
            <EmptyState title="No push delivery is failing" />
          ) : (
            <Table
              caption="Push deliveries failing"
              showCaption
              rows={d.attention.pushDeliveries}
              rowKey={(p) => String(p.id)}
              columns={[
                { key: 'user', header: 'To', render: (p) => p.userEmail || '—' },
                { key: 'error', header: 'Last error', render: (p) => p.lastError },
                { key: 'attempts', header: 'Attempts', align: 'end', render: (p) => p.attempts },
                { key: 'next', header: 'Next try', secondary: true, render: (p) => format.dateTime(p.nextAttemptAt) },
              ]}
            />
          )}
        </Card>
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
