import { TABLE } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { useFormat } from '../../lib/display';
import { Page } from '../../components/layout/Page';
import { Card, CardHeader, StatCard } from '../../components/ui/Card';
import { SkeletonStats } from '../../components/ui/Skeleton';
import { Table } from '../../components/ui/Table';
import { DataView } from '../../components/data-view';
import { bookingTotals, byMonth } from '../bookings/stats';
import { ALL_BOOKINGS } from './BookingsPage';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function monthLabel(month: string): string {
  const [y, m] = month.split('-');
  return `${MONTHS[Number(m) - 1] ?? m} ${y}`;
}

export function HostFinancesPage() {
  const format = useFormat();
  const result = useRows(TABLE.bookings, ALL_BOOKINGS);
  const profile = useRows(TABLE.host_profiles, { PageSize: 1 });
  const rate = profile.status === 'success' ? profile.rows[0]?.commission_rate : undefined;
  return (
    <Page title="Finances" description={`Gross booking revenue, platform commission${rate !== undefined ? ` (${rate}%)` : ''} and your net payout, by month of check-in.`}>
      <DataView result={result} skeleton={<SkeletonStats count={3} />} empty={{ title: 'No revenue yet', text: 'Your first booking starts the books.' }}>
        {(rows) => {
          const totals = bookingTotals(rows);
          const months = byMonth(rows);
          return (
            <>
              <div className="stat-grid">
                <StatCard label="Gross revenue" value={format.money(totals.gross)} hint={`${totals.count} stays, ${totals.nights} nights`} />
                <StatCard label="Commission" value={format.money(totals.commission)} />
                <StatCard label="Net payout" value={format.money(totals.net)} tone="accent" />
              </div>
              <Card className="card--flush">
                <CardHeader title="By month" description="Cancelled bookings are left out" />
                <Table
                  caption="Revenue by month"
                  rows={months}
                  rowKey={(m) => m.month}
                  columns={[
                    { key: 'month', header: 'Month', render: (m) => monthLabel(m.month) },
                    { key: 'stays', header: 'Stays', align: 'end', render: (m) => m.count },
                    { key: 'nights', header: 'Nights', align: 'end', secondary: true, render: (m) => m.nights },
                    { key: 'gross', header: 'Gross', align: 'end', render: (m) => format.money(m.gross) },
                    { key: 'commission', header: 'Commission', align: 'end', render: (m) => format.money(m.commission) },
                    { key: 'net', header: 'Net', align: 'end', render: (m) => format.money(m.net) },
                  ]}
                />
              </Card>
            </>
          );
        }}
      </DataView>
    </Page>
  );
}
