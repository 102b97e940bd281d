import { TABLE } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { MoneyFigures, useFormat } from '../../lib/display';
import { Page } from '../../components/layout/Page';
import { Card, CardHeader, StatCard } from '../../components/ui/Card';
import { humanize } from '../../components/ui/Badge';
import { SkeletonRows } from '../../components/ui/Skeleton';
import { EmptyState, ErrorState } from '../../components/ui/States';
import { Table } from '../../components/ui/Table';
import { bookingTotals, byMonth, bySource } from './booking-stats';
import { sourceLabel } from '../../lib/source-label';
import { monthLabel } from '../../lib/months';

export function AdminAnalyticsPage() {
  const format = useFormat();
  const bookings = useRows(TABLE.bookings, { PageSize: 1000, OrderByField: 'check_in_date', IsAsc: false });
  const hosts = useRows(TABLE.host_profiles, { PageSize: 1000 });
  const failed = [bookings, hosts].find((r) => r.status === 'error');

  let body;
  if (failed?.status === 'error') body = <ErrorState error={failed.error} onRetry={failed.retry} />;
  else if (bookings.status !== 'success' || hosts.status !== 'success') body = <SkeletonRows rows={6} columns={4} />;
  else if (bookings.rows.length === 0 && hosts.rows.length === 0) body = <EmptyState title="No activity on the platform yet" />;
  else {
    const totals = bookingTotals(bookings.rows);
    const tiers = new Map<string, number>();
    for (const h of hosts.rows) tiers.set(h.subscription_tier, (tiers.get(h.subscription_tier) ?? 0) + 1);
    body = (
      <>
        <div className="stat-grid">
          <StatCard label="Gross booking value" value={<MoneyFigures list={totals.gross} />} hint={`${totals.count} stays`} />
          <StatCard label="Platform commission" value={<MoneyFigures list={totals.commission} />} tone="accent" />
          <StatCard label="Nights booked" value={totals.nights} />
          <StatCard label="Hosts" value={hosts.rows.length} />
        </div>
        <div className="grid-2">
          <Card className="card--flush">
            <CardHeader title="By month of check-in" description={bookings.total > bookings.rows.length ? `Latest ${bookings.rows.length} of ${bookings.total} bookings` : undefined} />
            <Table
              caption="Bookings by month"
              rows={byMonth(bookings.rows).slice(0, 12)}
              rowKey={(m) => m.month}
              columns={[
                { key: 'month', header: 'Month', render: (m) => monthLabel(m.month) },
                { key: 'count', header: 'Stays', align: 'end', render: (m) => m.count },
                { key: 'gross', header: 'Gross', align: 'end', render: (m) => format.moneyList(m.gross, '—') },
                { key: 'commission', header: 'Commission', align: 'end', render: (m) => format.moneyList(m.commission, '—') },
              ]}
            />
          </Card>
          <Card className="card--flush">
            <CardHeader title="By booking site" />
            <Table
              caption="Bookings by site"
              rows={bySource(bookings.rows)}
              rowKey={(s) => s.source}
              columns={[
                { key: 'source', header: 'Site', render: (s) => sourceLabel(s.source) },
                { key: 'count', header: 'Stays', align: 'end', render: (s) => s.count },
                { key: 'gross', header: 'Gross', align: 'end', render: (s) => format.moneyList(s.gross, '—') },
              ]}
            />
            <CardHeader title="Hosts by plan" level={3} />
            <Table
              caption="Hosts by plan"
              rows={[...tiers.entries()].sort((a, b) => b[1] - a[1])}
              rowKey={([tier]) => tier}
              columns={[
                { key: 'tier', header: 'Plan', render: ([tier]) => humanize(tier) },
                { key: 'hosts', header: 'Hosts', align: 'end', render: ([, n]) => n },
              ]}
            />
          </Card>
        </div>
      </>
    );
  }
  return (
    <Page title="Analytics" description="Bookings and hosts across the whole platform; money per currency, never added across currencies.">
      {body}
    </Page>
  );
}
