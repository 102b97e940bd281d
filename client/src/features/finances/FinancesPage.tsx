/**
 * Finances: gross, commission and net per month of check-in, per property and per
 * booking site for a chosen year and property, with a chart, the unpaid bookings, and a CSV of
 * the bookings behind every figure. Everything is computed from the bookings on this device.
 * Money is per currency: the stat cards list one figure per currency; the chart, the tables and
 * the summary exports are of the currency chosen in the Currency switch (shown when there are two).
 */
import { useMemo, useState } from 'react';
import { TABLE, type Booking } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { MoneyFigures, useFormat } from '../../lib/display';
import { Page } from '../../components/layout/Page';
import { Card, CardHeader, StatCard } from '../../components/ui/Card';
import { Select } from '../../components/ui/Input';
import { StatusBadge } from '../../components/ui/Badge';
import { SkeletonStats } from '../../components/ui/Skeleton';
import { EmptyState, ErrorState } from '../../components/ui/States';
import { Table, type Column } from '../../components/ui/Table';
import { BarChart, CHART_COLORS } from '../../components/charts/BarChart';
import { useProperties, useEveryBooking } from '../../data/common-rows';
import { ExportButton } from './ExportButton';
import {
  bookingCsvColumns,
  financeByMonth,
  financeByProperty,
  financeBySource,
  financeCurrencies,
  financeRows,
  financeYears,
  groupCsvColumns,
  unpaidBookings,
  type FinanceGroup,
} from './finance';
import { amountsOf } from '../../../../shared/money';
import { currenciesOf, moneyTotals } from '../../../../shared/stats';
import { sourceLabel } from '../../lib/source-label';
import './finances.css';

const ALL = 'all';

function GroupTable({
  caption,
  keyHeader,
  groups,
  exportName,
  csvColumns,
}: {
  caption: string;
  keyHeader: string;
  groups: FinanceGroup<Booking>[];
  exportName: string[];
  csvColumns: ReturnType<typeof bookingCsvColumns>;
}) {
  const format = useFormat();
  const columns: Column<FinanceGroup<Booking>>[] = [
    { key: 'key', header: keyHeader, render: (g) => g.label },
    { key: 'stays', header: 'Stays', align: 'end', render: (g) => g.bookings },
    { key: 'gross', header: 'Gross', align: 'end', render: (g) => format.money(g.revenue, g.currency) },
    { key: 'commission', header: 'Commission', align: 'end', render: (g) => format.money(g.commission, g.currency) },
    { key: 'net', header: 'Net', align: 'end', render: (g) => format.money(g.net, g.currency) },
    {
      key: 'csv',
      header: 'Bookings',
      align: 'end',
      render: (g) => <ExportButton rows={g.rows} columns={csvColumns} fileName={[...exportName, g.label]} what={`the ${g.bookings} bookings behind ${g.label}`} />,
    },
  ];
  return <Table caption={caption} columns={columns} rows={groups} rowKey={(g) => g.key} />;
}

export function HostFinancesPage() {
  const format = useFormat();
  const currentYear = Number(format.today().slice(0, 4));
  const bookings = useEveryBooking();
  const properties = useProperties();
  const profile = useRows(TABLE.host_profiles, { PageSize: 1 });
  const rate = profile.status === 'success' ? profile.rows[0]?.commission_rate : undefined;
  const [year, setYear] = useState(currentYear);
  const [propertyId, setPropertyId] = useState<string>(ALL);
  const [chosenCurrency, setCurrency] = useState<string | null>(null);
  const currencies = financeCurrencies(bookings.rows ?? [], properties.rows ?? []);
  const currency = chosenCurrency && currencies.includes(chosenCurrency) ? chosenCurrency : (currencies[0] ?? 'USD');

  const names = useMemo(() => new Map((properties.rows ?? []).map((p) => [p.id, p.property_name])), [properties.rows]);
  const csvColumns = useMemo(() => bookingCsvColumns((id) => names.get(id) ?? id), [names]);

  const failed = [bookings, properties].find((r) => r.status === 'error');
  let body;
  if (failed?.status === 'error') body = <ErrorState error={failed.error} onRetry={failed.retry} />;
  else if (bookings.status !== 'success' || properties.status !== 'success') body = <SkeletonStats count={4} />;
  else if (bookings.rows.length === 0) body = <EmptyState title="No revenue yet">Your first booking starts the books.</EmptyState>;
  else {
    const filter = { year, propertyId: propertyId === ALL ? null : propertyId };
    const rows = financeRows(bookings.rows, filter);
    const shownProperties = filter.propertyId ? properties.rows.filter((p) => p.id === filter.propertyId) : properties.rows;
    const totals = moneyTotals(rows, currenciesOf(shownProperties));
    const stays = totals.reduce((n, t) => n + t.bookings, 0);
    const months = financeByMonth(rows, year, currency);
    const byProperty = financeByProperty(rows, shownProperties, currency);
    const bySource = financeBySource(rows, sourceLabel, currency);
    const unpaid = unpaidBookings(bookings.rows, filter.propertyId);
    const unpaidTotal = moneyTotals(unpaid).filter((t) => t.bookings > 0);
    const inWhat = currencies.length > 1 ? ` in ${currency}` : '';
    const scope = filter.propertyId ? (names.get(filter.propertyId) ?? 'property') : 'all properties';
    const exportBase = ['bookings', String(year), filter.propertyId ? scope : ''];

    const unpaidColumns: Column<Booking>[] = [
      { key: 'guest', header: 'Guest', render: (b) => b.guest_name || 'Guest' },
      { key: 'property', header: 'Property', render: (b) => names.get(b.property_id) ?? 'Unknown property' },
      { key: 'dates', header: 'Stay', render: (b) => `${format.date(b.check_in_date)} – ${format.date(b.check_out_date)}` },
      { key: 'source', header: 'Site', secondary: true, render: (b) => sourceLabel(b.booking_source) },
      { key: 'payment', header: 'Payment', render: (b) => <StatusBadge status={b.payment_status} /> },
      { key: 'amount', header: 'Amount', align: 'end', render: (b) => format.money(b.total_amount, b.currency) },
    ];

    body = (
      <>
        <div className="stat-grid">
          <StatCard label="Gross revenue" value={<MoneyFigures list={amountsOf(totals, 'revenue')} />} hint={`${stays} stays checking in during ${year}${totals.length > 1 ? ', per currency' : ''}`} />
          <StatCard label="Commission" value={<MoneyFigures list={amountsOf(totals, 'commission')} />} hint={rate !== undefined ? `at ${rate}%` : undefined} />
          <StatCard label="Net payout" value={<MoneyFigures list={amountsOf(totals, 'net')} />} tone="accent" />
          <StatCard
            label="Unpaid"
            value={<MoneyFigures list={amountsOf(unpaidTotal, 'revenue')} empty={format.money(0, currency)} />}
            hint={`${unpaid.length} bookings, any date`}
            tone={unpaid.length > 0 ? 'warning' : 'default'}
          />
        </div>
        <Card>
          <CardHeader title={`Revenue by month, ${year}${inWhat}`} description={`Net payout and commission make up the gross, by month of check-in (${scope})`} />
          <BarChart
            title={`Net payout and commission by month of check-in, ${year}, in ${currency}`}
            data={months.map((m) => ({ label: m.label.slice(0, 3), net: m.net, commission: m.commission }))}
            series={[
              { key: 'net', label: 'Net payout', color: CHART_COLORS.primary, stack: 'gross' },
              { key: 'commission', label: 'Commission', color: CHART_COLORS.accent, stack: 'gross' },
            ]}
            format={(v) => format.money(v, currency)}
          />
        </Card>
        <Card className="card--flush">
          <CardHeader
            title={`By month${inWhat}`}
            description="Cancelled bookings are left out; a stay counts in the month it checks in"
            actions={
              <>
                <ExportButton rows={months} columns={groupCsvColumns('month')} fileName={['finances by month', String(year), currency]} what="the monthly figures" label="Summary CSV" variant="secondary" />
                <ExportButton rows={rows} columns={csvColumns} fileName={exportBase} what={`all ${rows.length} bookings of ${year}`} label="Bookings CSV" variant="secondary" />
              </>
            }
          />
          <GroupTable caption={`Revenue by month, ${year}, in ${currency}`} keyHeader="Month" groups={months} exportName={['bookings']} csvColumns={csvColumns} />
        </Card>
        <div className="grid-2">
          <Card className="card--flush">
            <CardHeader
              title={`By property${inWhat}`}
              actions={<ExportButton rows={byProperty} columns={groupCsvColumns('property')} fileName={['finances by property', String(year), currency]} what="the figures per property" label="Summary CSV" variant="secondary" />}
            />
            <GroupTable caption={`Revenue by property, ${year}, in ${currency}`} keyHeader="Property" groups={byProperty} exportName={['bookings', String(year)]} csvColumns={csvColumns} />
          </Card>
          <Card className="card--flush">
            <CardHeader
              title={`By booking site${inWhat}`}
              actions={<ExportButton rows={bySource} columns={groupCsvColumns('source')} fileName={['finances by site', String(year), currency]} what="the figures per booking site" label="Summary CSV" variant="secondary" />}
            />
            {bySource.length ? (
              <GroupTable caption={`Revenue by booking site, ${year}, in ${currency}`} keyHeader="Site" groups={bySource} exportName={['bookings', String(year)]} csvColumns={csvColumns} />
            ) : (
              <EmptyState title={`No stays in ${currency} check in during ${year}`} />
            )}
          </Card>
        </div>
        <Card className="card--flush">
          <CardHeader
            title="Unpaid bookings"
            description="Payment pending or partial, cancelled bookings left out, any date"
            actions={<ExportButton rows={unpaid} columns={csvColumns} fileName={['unpaid bookings', filter.propertyId ? scope : '']} what={`the ${unpaid.length} unpaid bookings`} label="Bookings CSV" variant="secondary" />}
          />
          {unpaid.length ? <Table caption="Unpaid bookings" columns={unpaidColumns} rows={unpaid} rowKey={(b) => b.id} /> : <EmptyState title="Everything is paid" />}
        </Card>
      </>
    );
  }

  const years = financeYears(bookings.rows ?? [], currentYear);
  return (
    <Page
      title="Finances"
      description={`Gross booking revenue, platform commission${rate !== undefined ? ` (${rate}%)` : ''} and your net payout.`}
      actions={
        <div className="filter-row">
          <Select label="Year" value={String(year)} onChange={(e) => setYear(Number(e.target.value))} options={years.map((y) => ({ value: String(y), label: String(y) }))} />
          <Select
            label="Property"
            value={propertyId}
            onChange={(e) => setPropertyId(e.target.value)}
            options={[{ value: ALL, label: 'All properties' }, ...(properties.rows ?? []).map((p) => ({ value: p.id, label: p.property_name }))]}
          />
          {currencies.length > 1 ? (
            <Select label="Currency" value={currency} onChange={(e) => setCurrency(e.target.value)} options={currencies.map((c) => ({ value: c, label: c }))} />
          ) : null}
        </div>
      }
    >
      {body}
    </Page>
  );
}
