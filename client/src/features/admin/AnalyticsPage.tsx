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
import { useT } from '../../i18n/use-t';

export function AdminAnalyticsPage() {
  const format = useFormat();
  const t = useT();
  const bookings = useRows(TABLE.bookings, { PageSize: 1000, OrderByField: 'check_in_date', IsAsc: false });
  const hosts = useRows(TABLE.host_profiles, { PageSize: 1000 });
  const failed = [bookings, hosts].find((r) => r.status === 'error');

  let body;
  if (failed?.status === 'error') body = <ErrorState error={failed.error} onRetry={failed.retry} />;
  else if (bookings.status !== 'success' || hosts.status !== 'success') body = <SkeletonRows rows={6} columns={4} />;
  else if (bookings.rows.length === 0 && hosts.rows.length === 0) body = <EmptyState title={t('admin.analytics.empty')} />;
  else {
    const totals = bookingTotals(bookings.rows);
    const tiers = new Map<string, number>();
    for (const h of hosts.rows) tiers.set(h.subscription_tier, (tiers.get(h.subscription_tier) ?? 0) + 1);
    body = (
      <>
        <div className="stat-grid">
          <StatCard label={t('admin.common.grossBookingValue')} value={<MoneyFigures list={totals.gross} />} hint={t('admin.analytics.stays', { count: totals.count })} />
          <StatCard label={t('admin.analytics.platformCommission')} value={<MoneyFigures list={totals.commission} />} tone="accent" />
          <StatCard label={t('admin.analytics.nightsBooked')} value={totals.nights} />
          <StatCard label={t('admin.hosts.title')} value={hosts.rows.length} />
        </div>
        <div className="grid-2">
          <Card className="card--flush">
            <CardHeader title={t('admin.analytics.byMonth')} description={bookings.total > bookings.rows.length ? t('admin.analytics.latestOf', { shown: bookings.rows.length, total: bookings.total }) : undefined} />
            <Table
              caption={t('admin.analytics.bookingsByMonth')}
              rows={byMonth(bookings.rows).slice(0, 12)}
              rowKey={(m) => m.month}
              columns={[
                { key: 'month', header: t('admin.column.month'), render: (m) => monthLabel(m.month) },
                { key: 'count', header: t('admin.column.stays'), align: 'end', render: (m) => m.count },
                { key: 'gross', header: t('admin.column.gross'), align: 'end', render: (m) => format.moneyList(m.gross, '—') },
                { key: 'commission', header: t('admin.column.commission'), align: 'end', render: (m) => format.moneyList(m.commission, '—') },
              ]}
            />
          </Card>
          <Card className="card--flush">
            <CardHeader title={t('admin.analytics.bySite')} />
            <Table
              caption={t('admin.analytics.bookingsBySite')}
              rows={bySource(bookings.rows)}
              rowKey={(s) => s.source}
              columns={[
                { key: 'source', header: t('admin.column.site'), render: (s) => sourceLabel(s.source) },
                { key: 'count', header: t('admin.column.stays'), align: 'end', render: (s) => s.count },
                { key: 'gross', header: t('admin.column.gross'), align: 'end', render: (s) => format.moneyList(s.gross, '—') },
              ]}
            />
            <CardHeader title={t('admin.analytics.hostsByPlan')} level={3} />
            <Table
              caption={t('admin.analytics.hostsByPlan')}
              rows={[...tiers.entries()].sort((a, b) => b[1] - a[1])}
              rowKey={([tier]) => tier}
              columns={[
                { key: 'tier', header: t('admin.column.plan'), render: ([tier]) => humanize(tier) },
                { key: 'hosts', header: t('admin.hosts.title'), align: 'end', render: ([, n]) => n },
              ]}
            />
          </Card>
        </div>
      </>
    );
  }
  return (
    <Page title={t('admin.analytics.title')} description={t('admin.analytics.description')}>
      {body}
    </Page>
  );
}
