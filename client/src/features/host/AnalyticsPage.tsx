/**
 * Analytics (issue 7): occupancy, ADR, RevPAR, length of stay, lead time, source mix and
 * cancellations for a chosen period and property, each beside the period just before, with
 * charts. Night-based and booking-based figures follow shared/stats.ts.
 */
import { useMemo, useState } from 'react';
import { addDays } from '../../../../shared/dates';
import { TABLE } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { useFormat } from '../../lib/display';
import { Page } from '../../components/layout/Page';
import { Card, CardHeader, StatCard } from '../../components/ui/Card';
import { Select } from '../../components/ui/Input';
import { SkeletonStats } from '../../components/ui/Skeleton';
import { EmptyState, ErrorState } from '../../components/ui/States';
import { Table } from '../../components/ui/Table';
import { BarChart, CHART_COLORS } from '../../components/charts/BarChart';
import { sourceLabel } from '../bookings/BookingsTable';
import { useProperties } from '../properties/use-properties';
import { EVERY_BOOKING } from './FinancesPage';
import { PERIOD_LABELS, PERIOD_PRESETS, analyticsReport, compare, isPeriodPreset, periodsFor, sourceComparison, type PeriodPreset } from '../analytics/analytics';
import '../finances/finances.css';

const ALL = 'all';

function pct(rate: number): string {
  return `${Math.round(rate * 1000) / 10}%`;
}

/** "was X (+12%)" under a figure. */
function Beside({ previous, current, show }: { previous: number; current: number; show: (v: number) => string }) {
  const c = compare(current, previous);
  const change = c.percent === null ? (c.change === 0 ? 'no change' : 'new') : `${c.percent > 0 ? '+' : ''}${c.percent}%`;
  return (
    <>
      before: {show(previous)} <span className="muted">({change})</span>
    </>
  );
}

export function HostAnalyticsPage() {
  const format = useFormat();
  const today = format.today();
  const bookings = useRows(TABLE.bookings, EVERY_BOOKING);
  const properties = useProperties();
  const [preset, setPreset] = useState<PeriodPreset>('last-30');
  const [propertyId, setPropertyId] = useState<string>(ALL);
  const periods = useMemo(() => periodsFor(preset, today), [preset, today]);

  const chosen = useMemo(() => {
    const rows = (properties.rows ?? []).filter((p) => p.status !== 'archived');
    return propertyId === ALL ? rows : (properties.rows ?? []).filter((p) => p.id === propertyId);
  }, [properties.rows, propertyId]);
  const report = useMemo(() => (bookings.rows ? analyticsReport(bookings.rows, chosen, periods) : null), [bookings.rows, chosen, periods]);

  const failed = [bookings, properties].find((r) => r.status === 'error');
  let body;
  if (failed?.status === 'error') body = <ErrorState error={failed.error} onRetry={failed.retry} />;
  else if (!report || properties.status !== 'success') body = <SkeletonStats count={4} />;
  else if (chosen.length === 0) body = <EmptyState title="No properties to analyse yet" />;
  else {
    const { current, previous } = report;
    const money = (v: number) => format.money(v);
    const nights = (v: number) => `${v} night${v === 1 ? '' : 's'}`;
    const days = (v: number) => `${v} day${v === 1 ? '' : 's'}`;
    const sources = sourceComparison(report);
    const range = `${format.date(periods.current.from)} – ${format.date(addDays(periods.current.to, -1))}`;
    const before = `${format.date(periods.previous.from)} – ${format.date(addDays(periods.previous.to, -1))}`;
    body = (
      <>
        <p className="muted analytics-range">
          {range}, set beside {before}
        </p>
        <div className="stat-grid">
          <StatCard label="Occupancy" value={pct(current.occupancy.rate)} hint={<Beside current={current.occupancy.rate} previous={previous.occupancy.rate} show={pct} />} tone="accent" />
          <StatCard label="ADR (average daily rate)" value={money(current.roomRevenue.adr)} hint={<Beside current={current.roomRevenue.adr} previous={previous.roomRevenue.adr} show={money} />} />
          <StatCard label="RevPAR" value={money(current.roomRevenue.revpar)} hint={<Beside current={current.roomRevenue.revpar} previous={previous.roomRevenue.revpar} show={money} />} />
          <StatCard label="Room revenue" value={money(current.roomRevenue.revenue)} hint={<Beside current={current.roomRevenue.revenue} previous={previous.roomRevenue.revenue} show={money} />} />
          <StatCard label="Average stay" value={nights(current.lengthOfStay.average)} hint={<Beside current={current.lengthOfStay.average} previous={previous.lengthOfStay.average} show={nights} />} />
          <StatCard label="Average lead time" value={days(current.leadTime.average)} hint={<Beside current={current.leadTime.average} previous={previous.leadTime.average} show={days} />} />
          <StatCard
            label="Cancellations"
            value={`${current.cancellations.cancelled} of ${current.cancellations.total}`}
            hint={<Beside current={current.cancellations.rate} previous={previous.cancellations.rate} show={pct} />}
            tone={current.cancellations.cancelled > 0 ? 'warning' : 'default'}
          />
          <StatCard label="Nights sold" value={current.roomRevenue.nightsSold} hint={<Beside current={current.roomRevenue.nightsSold} previous={previous.roomRevenue.nightsSold} show={String} />} />
        </div>
        <div className="grid-2">
          <Card>
            <CardHeader title="Occupancy by property" description="Share of nights booked, this period and the one before" />
            <BarChart
              title="Occupancy by property, this period and the one before"
              horizontal
              height={Math.max(200, report.perProperty.length * 44 + 60)}
              data={report.perProperty.map((p) => ({ label: p.name, current: Math.round(p.current * 1000) / 10, previous: Math.round(p.previous * 1000) / 10 }))}
              series={[
                { key: 'current', label: 'This period', color: CHART_COLORS.primary },
                { key: 'previous', label: 'Period before', color: CHART_COLORS.muted },
              ]}
              format={(v) => `${v}%`}
            />
            <Table
              caption="Occupancy by property"
              rows={report.perProperty}
              rowKey={(p) => p.id}
              columns={[
                { key: 'property', header: 'Property', render: (p) => p.name },
                { key: 'now', header: 'This period', align: 'end', render: (p) => pct(p.current) },
                { key: 'before', header: 'Before', align: 'end', render: (p) => pct(p.previous) },
              ]}
            />
          </Card>
          <Card>
            <CardHeader title="Source mix" description="Bookings checking in, by booking site (cancelled left out)" />
            {sources.length ? (
              <>
                <BarChart
                  title="Bookings by site, this period and the one before"
                  horizontal
                  height={Math.max(200, sources.length * 44 + 60)}
                  data={sources.map((s) => ({ label: sourceLabel(s.source), current: s.current, previous: s.previous }))}
                  series={[
                    { key: 'current', label: 'This period', color: CHART_COLORS.info },
                    { key: 'previous', label: 'Period before', color: CHART_COLORS.muted },
                  ]}
                  format={(v) => String(v)}
                />
                <Table
                  caption="Bookings by site"
                  rows={sources}
                  rowKey={(s) => s.source}
                  columns={[
                    { key: 'source', header: 'Site', render: (s) => sourceLabel(s.source) },
                    { key: 'now', header: 'This period', align: 'end', render: (s) => s.current },
                    { key: 'share', header: 'Share', align: 'end', render: (s) => pct(s.share) },
                    { key: 'before', header: 'Before', align: 'end', render: (s) => s.previous },
                  ]}
                />
              </>
            ) : (
              <EmptyState title="No check-ins in either period" />
            )}
          </Card>
        </div>
        <Card className="card--flush">
          <CardHeader title="Stays in detail" description="Length of stay and lead time of the bookings checking in" />
          <Table
            caption="Length of stay and lead time"
            rows={[
              { key: 'los', label: 'Length of stay (nights)', now: current.lengthOfStay, before: previous.lengthOfStay },
              { key: 'lead', label: 'Lead time (days booked ahead)', now: current.leadTime, before: previous.leadTime },
            ]}
            rowKey={(r) => r.key}
            columns={[
              { key: 'what', header: 'Figure', render: (r) => r.label },
              { key: 'count', header: 'Bookings', align: 'end', render: (r) => r.now.count },
              { key: 'avg', header: 'Average', align: 'end', render: (r) => r.now.average },
              { key: 'median', header: 'Median', align: 'end', render: (r) => r.now.median },
              { key: 'range', header: 'Range', align: 'end', secondary: true, render: (r) => (r.now.count ? `${r.now.min}–${r.now.max}` : '—') },
              { key: 'before', header: 'Average before', align: 'end', render: (r) => r.before.average },
            ]}
          />
        </Card>
      </>
    );
  }

  return (
    <Page
      title="Analytics"
      description="How your properties perform, beside the period before."
      actions={
        <div className="finance-filters">
          <Select
            label="Period"
            value={preset}
            onChange={(e) => {
              if (isPeriodPreset(e.target.value)) setPreset(e.target.value);
            }}
            options={PERIOD_PRESETS.map((p) => ({ value: p, label: PERIOD_LABELS[p] }))}
          />
          <Select
            label="Property"
            value={propertyId}
            onChange={(e) => setPropertyId(e.target.value)}
            options={[{ value: ALL, label: 'All properties' }, ...(properties.rows ?? []).map((p) => ({ value: p.id, label: p.property_name }))]}
          />
        </div>
      }
    >
      {body}
    </Page>
  );
}
