/**
 * Analytics: occupancy, ADR, RevPAR, length of stay, lead time, source mix and
 * cancellations for a chosen period and property, each beside the period just before, with
 * charts. Night-based and booking-based figures follow shared/stats.ts. Money figures are of one
 * currency at a time: a Currency switch appears when the chosen properties have more than one.
 */
import { useMemo, useState } from 'react';
import { addDays } from '../../../../shared/dates';
import { useFormat } from '../../lib/display';
import { Page } from '../../components/layout/Page';
import { Card, CardHeader, StatCard } from '../../components/ui/Card';
import { Select } from '../../components/ui/Input';
import { DateInput } from '../../components/ui/Field';
import { SkeletonStats } from '../../components/ui/Skeleton';
import { EmptyState, ErrorState } from '../../components/ui/States';
import { Table } from '../../components/ui/Table';
import { BarChart, CHART_COLORS } from '../../components/charts/BarChart';
import { useProperties, useEveryBooking } from '../../data/common-rows';
import {
  PERIOD_LABELS,
  PERIOD_PRESETS,
  analyticsReport,
  compare,
  customPeriods,
  isPeriodPreset,
  nightsSold,
  periodsFor,
  reportCurrencies,
  roomIn,
  sourceComparison,
  type PeriodPreset,
} from './analytics';
import { sourceLabel } from '../../lib/source-label';
import './analytics.css';

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

/** The two series of a chart that sets this period beside the one before. */
function besideSeries(color: string) {
  return [
    { key: 'current' as const, label: 'This period', color },
    { key: 'previous' as const, label: 'Period before', color: CHART_COLORS.muted },
  ];
}

/** The Period choice that shows the two date fields. */
const CUSTOM = 'custom';

export function HostAnalyticsPage() {
  const format = useFormat();
  const today = format.today();
  const bookings = useEveryBooking();
  const properties = useProperties();
  const [preset, setPreset] = useState<PeriodPreset | typeof CUSTOM>('last-30');
  const [custom, setCustom] = useState(() => ({ first: addDays(today, -29), last: today }));
  const [propertyId, setPropertyId] = useState<string>(ALL);
  const customChoice = useMemo(() => customPeriods(custom.first, custom.last), [custom]);
  // A custom range that cannot be used yet keeps the last good one on screen (its error shows by the fields).
  const [lastGood, setLastGood] = useState(() => periodsFor('last-30', today));
  const presetPeriods = useMemo(() => (preset === CUSTOM ? null : periodsFor(preset, today)), [preset, today]);
  const chosenPeriods = preset === CUSTOM ? ('error' in customChoice ? null : customChoice) : presetPeriods;
  if (chosenPeriods && (chosenPeriods.current.from !== lastGood.current.from || chosenPeriods.current.to !== lastGood.current.to)) setLastGood(chosenPeriods);
  const periods = chosenPeriods ?? lastGood;

  const chosen = useMemo(() => {
    const rows = (properties.rows ?? []).filter((p) => p.status !== 'archived');
    return propertyId === ALL ? rows : (properties.rows ?? []).filter((p) => p.id === propertyId);
  }, [properties.rows, propertyId]);
  const report = useMemo(() => (bookings.rows ? analyticsReport(bookings.rows, chosen, periods) : null), [bookings.rows, chosen, periods]);
  const customError = preset === CUSTOM && 'error' in customChoice ? customChoice.error : undefined;
  const [chosenCurrency, setCurrency] = useState<string | null>(null);
  const currencies = report ? reportCurrencies(report) : [];
  const currency = chosenCurrency && currencies.includes(chosenCurrency) ? chosenCurrency : (currencies[0] ?? 'USD');

  const failed = [bookings, properties].find((r) => r.status === 'error');
  let body;
  if (failed?.status === 'error') body = <ErrorState error={failed.error} onRetry={failed.retry} />;
  else if (!report || properties.status !== 'success') body = <SkeletonStats count={4} />;
  else if (chosen.length === 0) body = <EmptyState title="No properties to analyse yet" />;
  else {
    const { current, previous } = report;
    const room = roomIn(current, currency);
    const roomBefore = roomIn(previous, currency);
    const inWhat = currencies.length > 1 ? `, ${currency}` : '';
    const money = (v: number) => format.money(v, currency);
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
          <StatCard label={`ADR (average daily rate)${inWhat}`} value={money(room.adr)} hint={<Beside current={room.adr} previous={roomBefore.adr} show={money} />} />
          <StatCard label={`RevPAR${inWhat}`} value={money(room.revpar)} hint={<Beside current={room.revpar} previous={roomBefore.revpar} show={money} />} />
          <StatCard label={`Room revenue${inWhat}`} value={money(room.revenue)} hint={<Beside current={room.revenue} previous={roomBefore.revenue} show={money} />} />
          <StatCard label="Average stay" value={nights(current.lengthOfStay.average)} hint={<Beside current={current.lengthOfStay.average} previous={previous.lengthOfStay.average} show={nights} />} />
          <StatCard label="Average lead time" value={days(current.leadTime.average)} hint={<Beside current={current.leadTime.average} previous={previous.leadTime.average} show={days} />} />
          <StatCard
            label="Cancellations"
            value={`${current.cancellations.cancelled} of ${current.cancellations.total}`}
            hint={<Beside current={current.cancellations.rate} previous={previous.cancellations.rate} show={pct} />}
            tone={current.cancellations.cancelled > 0 ? 'warning' : 'default'}
          />
          <StatCard label="Nights sold" value={nightsSold(current)} hint={<Beside current={nightsSold(current)} previous={nightsSold(previous)} show={String} />} />
        </div>
        <div className="grid-2">
          <Card>
            <CardHeader title="Occupancy by property" description="Share of nights booked, this period and the one before" />
            <BarChart
              title="Occupancy by property, this period and the one before"
              horizontal
              height={Math.max(200, report.perProperty.length * 44 + 60)}
              data={report.perProperty.map((p) => ({ label: p.name, current: Math.round(p.current * 1000) / 10, previous: Math.round(p.previous * 1000) / 10 }))}
              series={besideSeries(CHART_COLORS.primary)}
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
                  series={besideSeries(CHART_COLORS.info)}
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
        <div className="grid-2">
          <Card>
            <CardHeader title={`Rates in ${currency}`} description={`Average daily rate and revenue per available night of the stays priced in ${currency}, this period and the one before`} />
            <BarChart
              title={`ADR and RevPAR in ${currency}, this period and the one before`}
              height={240}
              data={[
                { label: 'ADR', current: room.adr, previous: roomBefore.adr },
                { label: 'RevPAR', current: room.revpar, previous: roomBefore.revpar },
              ]}
              series={besideSeries(CHART_COLORS.primary)}
              format={money}
            />
          </Card>
          <Card>
            <CardHeader title="Stays" description="Average nights per stay, days booked ahead and cancellations, this period and the one before" />
            <BarChart
              title="Length of stay, lead time and cancellations, this period and the one before"
              height={240}
              data={[
                { label: 'Nights per stay', current: current.lengthOfStay.average, previous: previous.lengthOfStay.average },
                { label: 'Days booked ahead', current: current.leadTime.average, previous: previous.leadTime.average },
                { label: 'Cancelled', current: current.cancellations.cancelled, previous: previous.cancellations.cancelled },
              ]}
              series={besideSeries(CHART_COLORS.info)}
              format={(v) => String(v)}
            />
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
        <div className="filter-row">
          <Select
            label="Period"
            value={preset}
            onChange={(e) => {
              const value = e.target.value;
              if (isPeriodPreset(value) || value === CUSTOM) setPreset(value);
            }}
            options={[...PERIOD_PRESETS.map((p) => ({ value: p, label: PERIOD_LABELS[p] })), { value: CUSTOM, label: 'Custom dates…' }]}
          />
          {preset === CUSTOM ? (
            <>
              <DateInput label="First day" value={custom.first} onValueChange={(v) => setCustom((c) => ({ ...c, first: v }))} error={customError} />
              <DateInput label="Last day" value={custom.last} min={custom.first || undefined} onValueChange={(v) => setCustom((c) => ({ ...c, last: v }))} />
            </>
          ) : null}
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
