import { TABLE, type Guest } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { useFormat } from '../../lib/display';
import { Page } from '../../components/layout/Page';
import { Card } from '../../components/ui/Card';
import { Badge, StatusBadge } from '../../components/ui/Badge';
import { Table, type Column } from '../../components/ui/Table';
import { DataView, ListFooter } from '../../components/data-view';

export function HostGuestsPage() {
  const format = useFormat();
  const result = useRows(TABLE.guests, { PageSize: 1000, OrderByField: 'last_booking_date', IsAsc: false });
  const columns: Column<Guest>[] = [
    {
      key: 'guest',
      header: 'Guest',
      render: (g) => (
        <div className="cell-stack">
          <span className="cell-strong">
            {g.guest_name || g.guest_email} {g.vip_status ? <Badge tone="accent">VIP</Badge> : null}
          </span>
          <span className="cell-muted">{g.guest_email}</span>
        </div>
      ),
    },
    { key: 'status', header: 'Status', render: (g) => <StatusBadge status={g.guest_status} /> },
    { key: 'stays', header: 'Bookings', align: 'end', render: (g) => g.total_bookings },
    { key: 'spent', header: 'Total spent', align: 'end', render: (g) => format.money(g.total_spent) },
    { key: 'last', header: 'Last stay', render: (g) => (g.last_booking_date ? format.date(g.last_booking_date) : '—') },
    { key: 'rating', header: 'Rating', align: 'end', secondary: true, render: (g) => g.average_rating.toFixed(1) },
    { key: 'properties', header: 'Stayed at', secondary: true, render: (g) => g.properties_stayed.join(', ') || '—' },
    { key: 'country', header: 'Country', secondary: true, render: (g) => g.country || '—' },
  ];
  return (
    <Page title="Guests" description="Everyone who has booked with you, built from your bookings. VIPs have 3 or more stays or have spent 2,000 or more.">
      <Card className="card--flush">
        <DataView result={result} empty={{ title: 'No guests yet', text: 'Guests are built from bookings that carry an e-mail address.' }}>
          {(rows, total) => (
            <>
              <Table caption="Guests" columns={columns} rows={rows} rowKey={(g) => g.id} />
              <ListFooter shown={rows.length} total={total} />
            </>
          )}
        </DataView>
      </Card>
    </Page>
  );
}
