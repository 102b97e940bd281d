/**
 * Finances: gross, commission and net per month of check-in, per property and per
 * booking site for a chosen year and property, with a chart, the unpaid bookings, and a CSV of
 * the bookings behind every figure. Everything is computed from the bookings on this device.
 * Money is per currency: the stat cards list one figure per currency; the chart, the tables and
 * the summary exports are of the currency chosen in the Currency switch (on the chart's card, shown
 * when there are two).
 */
import { useT } from '../../i18n/use-t';
import { useMemo, useState } from 'react';
import { TABLE, type Booking } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { MoneyFigures, useFormat } from '../../lib/display';
import { Page } from '../../components/layout/Page';
import { Card, CardHeader, StatCard } from '../../components/ui/Card';
import { Select } from '../../components/ui/Input';
import { Badge, statusTone } from '../../components/ui/Badge';
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
  const t = useT();
  const columns: Column<FinanceGroup<Booking>>[] = [
    { key: 'key', header: keyHeader, render: (g) => g.label },
    { key: 'stays', header: t('host.guests.stays'), align: 'end', render: (g) => g.bookings },
    { key: 'gross', header: t('host.statement.gross'), align: 'end', render: (g) => format.money(g.revenue, g.currency) },
    { key: 'commission', header: t('host.bookingForm.commission'), align: 'end', render: (g) => format.money(g.commission, g.currency) },
    { key: 'net', header: t('host.bookings.net'), align: 'end', render: (g) => format.money(g.net, g.currency) },
    {
      key: 'csv',
      header: t('host.bookings.title'),
      align: 'end',
      render: (g) => <ExportButton rows={g.rows} columns={csvColumns} fileName={[...exportName, g.label]} what={t('host.finances.bookingsBehind', { count: g.bookings, label: g.label })} />,
    },
  ];
  return <Table caption={caption} columns={columns} rows={groups} rowKey={(g) => g.key} />;
}

export function HostFinancesPage() {
  const format = useFormat();
  const t = useT();
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
  else if (bookings.status !== 'success' || properties.status !== 'success') body = <SkeletonStats count={4} hints />;
  else if (bookings.rows.length === 0) body = <EmptyState title={t('host.finances.emptyTitle')}>{t('host.finances.emptyText')}</EmptyState>;
  else {
    const filter = { year, propertyId: propertyId === ALL ? null : propertyId };
    const rows = financeRows(bookings.rows, filter);
    const shownProperties = filter.propertyId ? properties.rows.filter((p) => p.id === filter.propertyId) : properties.rows;
    const totals = moneyTotals(rows, currenciesOf(shownProperties));
    const stays = totals.reduce((n, total) => n + total.bookings, 0);
    const months = financeByMonth(rows, year, currency);
    const byProperty = financeByProperty(rows, shownProperties, currency, t('host.common.unknownProperty'));
    const bySource = financeBySource(rows, sourceLabel, currency);
    const unpaid = unpaidBookings(bookings.rows, filter.propertyId);
    const unpaidTotal = moneyTotals(unpaid).filter((total) => total.bookings > 0);
    const inWhat = currencies.length > 1 ? t('host.finances.inCurrency', { currency }) : '';
    const scope = filter.propertyId ? (names.get(filter.propertyId) ?? t('host.finances.property')) : t('host.finances.allProperties');
    const exportBase = ['bookings', String(year), filter.propertyId ? scope : ''];

    const unpaidColumns: Column<Booking>[] = [
      { key: 'guest', header: t('host.bookings.guest'), render: (b) => b.guest_name || t('host.bookings.guest') },
      { key: 'property', header: t('host.bookings.property'), render: (b) => names.get(b.property_id) ?? t('host.common.unknownProperty') },
      { key: 'dates', header: t('host.guests.stay'), render: (b) => `${format.date(b.check_in_date)} – ${format.date(b.check_out_date)}` },
      { key: 'source', header: t('host.guests.site'), secondary: true, render: (b) => sourceLabel(b.booking_source) },
      { key: 'payment', header: t('host.bookings.payment'), render: (b) => <Badge tone={statusTone(b.payment_status)}>{t('host.enum.paymentStatus', { value: b.payment_status })}</Badge> },
      { key: 'amount', header: t('host.guests.amount'), align: 'end', render: (b) => format.money(b.total_amount, b.currency) },
    ];

    body = (
      <>
        <div className="stat-grid">
          <StatCard
            label={t('host.finances.grossRevenue')}
            value={<MoneyFigures list={amountsOf(totals, 'revenue')} />}
            hint={t('host.finances.staysDuring', { stays, year: String(year), many: totals.length > 1 ? 'yes' : 'no' })}
          />
          <StatCard
            label={t('host.bookingForm.commission')}
            value={<MoneyFigures list={amountsOf(totals, 'commission')} />}
            hint={rate !== undefined ? t('host.finances.atRate', { rate }) : undefined}
          />
          <StatCard label={t('host.finances.netPayout')} value={<MoneyFigures list={amountsOf(totals, 'net')} />} tone="accent" />
          <StatCard
            label={t('host.finances.unpaid')}
            value={<MoneyFigures list={amountsOf(unpaidTotal, 'revenue')} empty={format.money(0, currency)} />}
            hint={t('host.finances.unpaidHint', { count: unpaid.length })}
            tone={unpaid.length > 0 ? 'warning' : 'default'}
          />
        </div>
        <Card>
          <CardHeader
            title={t('host.finances.revenueByMonth', { year: String(year), inWhat })}
            description={t('host.finances.chartDescription', { scope })}
            // Here rather than beside the year: known only once the bookings are read, it would
            // move the page when it came (and it is what the chart and the tables below are in).
            actions={
              currencies.length > 1 ? (
                <Select label={t('host.finances.currency')} value={currency} onChange={(e) => setCurrency(e.target.value)} options={currencies.map((c) => ({ value: c, label: c }))} />
              ) : null
            }
          />
          <BarChart
            title={t('host.finances.chartTitle', { year: String(year), currency })}
            data={months.map((m) => ({ label: m.label.slice(0, 3), net: m.net, commission: m.commission }))}
            series={[
              { key: 'net', label: t('host.finances.netPayout'), color: CHART_COLORS.primary, stack: 'gross' },
              { key: 'commission', label: t('host.bookingForm.commission'), color: CHART_COLORS.accent, stack: 'gross' },
            ]}
            format={(v) => format.money(v, currency)}
          />
        </Card>
        <Card className="card--flush">
          <CardHeader
            title={t('host.finances.byMonth', { inWhat })}
            description={t('host.finances.byMonthDescription')}
            actions={
              <>
                <ExportButton
                  rows={months}
                  columns={groupCsvColumns('month')}
                  fileName={['finances by month', String(year), currency]}
                  what={t('host.finances.monthlyFigures')}
                  label={t('host.finances.summaryCsv')}
                  variant="secondary"
                />
                <ExportButton
                  rows={rows}
                  columns={csvColumns}
                  fileName={exportBase}
                  what={t('host.finances.allBookingsOf', { count: rows.length, year: String(year) })}
                  label={t('host.finances.bookingsCsv')}
                  variant="secondary"
                />
              </>
            }
          />
          <GroupTable
            caption={t('host.finances.revenueByMonthIn', { year: String(year), currency })}
            keyHeader={t('host.calendar.month')}
            groups={months} exportName={['bookings']} csvColumns={csvColumns} />
        </Card>
        <div className="grid-2">
          <Card className="card--flush">
            <CardHeader
              title={t('host.finances.byProperty', { inWhat })}
              actions={
                <ExportButton
                  rows={byProperty}
                  columns={groupCsvColumns('property')}
                  fileName={['finances by property', String(year), currency]}
                  what={t('host.finances.perProperty')}
                  label={t('host.finances.summaryCsv')}
                  variant="secondary"
                />
              }
            />
            <GroupTable
              caption={t('host.finances.revenueByPropertyIn', { year: String(year), currency })}
              keyHeader={t('host.bookings.property')}
              groups={byProperty} exportName={['bookings', String(year)]} csvColumns={csvColumns} />
          </Card>
          <Card className="card--flush">
            <CardHeader
              title={t('host.finances.bySite', { inWhat })}
              actions={
                <ExportButton
                  rows={bySource}
                  columns={groupCsvColumns('source')}
                  fileName={['finances by site', String(year), currency]}
                  what={t('host.finances.perSite')}
                  label={t('host.finances.summaryCsv')}
                  variant="secondary"
                />
              }
            />
            {bySource.length ? (
              <GroupTable
                caption={t('host.finances.revenueBySiteIn', { year: String(year), currency })}
                keyHeader={t('host.guests.site')}
                groups={bySource} exportName={['bookings', String(year)]} csvColumns={csvColumns} />
            ) : (
              <EmptyState title={t('host.finances.noStaysIn', { currency, year: String(year) })} />
            )}
          </Card>
        </div>
        <Card className="card--flush">
          <CardHeader
            title={t('host.finances.unpaidBookings')}
            description={t('host.finances.unpaidDescription')}
            actions={
              <ExportButton
                rows={unpaid}
                columns={csvColumns}
                fileName={['unpaid bookings', filter.propertyId ? scope : '']}
                what={t('host.finances.theUnpaid', { count: unpaid.length })}
                label={t('host.finances.bookingsCsv')}
                variant="secondary"
              />
            }
          />
          {unpaid.length ? (
            <Table caption={t('host.finances.unpaidBookings')} columns={unpaidColumns} rows={unpaid} rowKey={(b) => b.id} />
          ) : (
            <EmptyState title={t('host.finances.allPaid')} />
          )}
        </Card>
      </>
    );
  }

  const years = financeYears(bookings.rows ?? [], currentYear);
  return (
    <Page
      title={t('host.finances.title')}
      description={rate !== undefined ? t('host.finances.descriptionRate', { rate }) : t('host.finances.description')}
      actions={
        <div className="filter-row">
          <Select label={t('host.finances.year')} value={String(year)} onChange={(e) => setYear(Number(e.target.value))} options={years.map((y) => ({ value: String(y), label: String(y) }))} />
          <Select
            label={t('host.bookings.property')}
            value={propertyId}
            onChange={(e) => setPropertyId(e.target.value)}
            options={[{ value: ALL, label: t('host.common.allProperties') }, ...(properties.rows ?? []).map((p) => ({ value: p.id, label: p.property_name }))]}
          />
        </div>
      }
    >
      {body}
    </Page>
  );
}
