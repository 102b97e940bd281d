import { addDays } from '../../../../shared/format/dates';
import { TABLE } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { useFormat } from '../../lib/display';
import { Page } from '../../components/layout/Page';
import { Card, CardHeader, StatCard } from '../../components/ui/Card';
import { SkeletonRows } from '../../components/ui/Skeleton';
import { EmptyState, ErrorState } from '../../components/ui/States';
import { Table } from '../../components/ui/Table';
import { averageNightlyRate, bookingTotals, bySource, occupancyPercent } from '../bookings/stats';
import { sourceLabel } from '../bookings/BookingsTable';
import { useProperties } from '../properties/use-properties';
import { ALL_BOOKINGS } from './BookingsPage';

export function HostAnalyticsPage() {
  const format = useFormat();
  const today = format.today();
  const bookings = useRows(TABLE.bookings, ALL_BOOKINGS);
  const properties = useProperties();
  const failed = [bookings, properties].find((r) => r.status === 'error');

  let body;
  if (failed?.status === 'error') body = <ErrorState error={failed.error} onRetry={failed.retry} />;
  else if (bookings.status !== 'success' || properties.status !== 'success') body = <SkeletonRows rows={6} columns={4} />;
  else if (bookings.rows.length === 0) body = <EmptyState title="No bookings to analyse yet" />;
  else {
    const totals = bookingTotals(bookings.rows);
    const sources = bySource(bookings.rows);
    const last30 = addDays(today, -30);
    body = (
      <>
        <div className="stat-grid">
          <StatCard label="Average nightly rate" value={format.money(averageNightlyRate(bookings.rows))} />
          <StatCard label="Average stay" value={`${totals.count ? (totals.nights / totals.count).toFixed(1) : '0'} nights`} />
          <StatCard label="Cancelled" value={bookings.rows.length - totals.count} hint={`of ${bookings.rows.length} bookings`} />
          <StatCard label="Booking sites" value={sources.length} tone="accent" />
        </div>
        <div className="grid-2">
          <Card className="card--flush">
            <CardHeader title="Occupancy" description="Share of nights booked per property" />
            <Table
              caption="Occupancy by property"
              rows={properties.rows}
              rowKey={(p) => p.id}
              columns={[
                { key: 'property', header: 'Property', render: (p) => p.property_name },
                { key: 'past', header: 'Last 30 days', align: 'end', render: (p) => `${occupancyPercent(bookings.rows, p.id, last30, 30)}%` },
                { key: 'next', header: 'Next 30 days', align: 'end', render: (p) => `${occupancyPercent(bookings.rows, p.id, today, 30)}%` },
              ]}
            />
          </Card>
          <Card className="card--flush">
            <CardHeader title="By booking site" description="Cancelled bookings are left out" />
            <Table
              caption="Bookings by site"
              rows={sources}
              rowKey={(s) => s.source}
              columns={[
                { key: 'source', header: 'Site', render: (s) => sourceLabel(s.source) },
                { key: 'count', header: 'Stays', align: 'end', render: (s) => s.count },
                { key: 'share', header: 'Share', align: 'end', render: (s) => `${Math.round((s.count / totals.count) * 100)}%` },
                { key: 'gross', header: 'Revenue', align: 'end', render: (s) => format.money(s.gross) },
              ]}
            />
          </Card>
        </div>
      </>
    );
  }
  return (
    <Page title="Analytics" description="How your properties perform: occupancy, rates and where bookings come from.">
      {body}
    </Page>
  );
}
