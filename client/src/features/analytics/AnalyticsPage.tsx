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
import { useT } from '../../i18n/use-t';
import './analytics.css';

const ALL = 'all';

function pct(rate: number): string {
  return `${Math.round(rate * 1000) / 10}%`;
}

/** "was X (+12%)" under a figure. */
function Beside({ previous, current, show }: { previous: number; current: number; show: (v: number) => string }) {
  const t = useT();
  const c = compare(current, previous);
  const change = c.percent === null ? (c.change === 0 ? t('host.analytics.noChange') : t('host.analytics.new')) : `${c.percent > 0 ? '+' : ''}${c.percent}%`;
  return (
    <>
      {t('host.analytics.before', { value: show(previous) })} <span className="muted">({change})</span>
    </>
  );
}

/** The two series of a chart that sets this period beside the one before. */
function besideSeries(color: string, t: ReturnType<typeof useT>) {
  return [
    { key: 'current' as const, label: t('host.analytics.thisPeriod'), color },
    { key: 'previous' as const, label: t('host.analytics.periodBefore'), color: CHART_COLORS.muted },
  ];
}

/** The Period choice that shows the two date fields. */
const CUSTOM = 'custom';

export function HostAnalyticsPage() {
  const format = useFormat();
  const t = useT();
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
  else if (!report || properties.status !== 'success') body = <SkeletonStats count={4} hints />;
  else if (chosen.length === 0) body = <EmptyState title={t('host.analytics.noProperties')} />;
  else {
    const { current, previous } = report;
    const room = roomIn(current, currency);
    const roomBefore = roomIn(previous, currency);
    const inWhat = currencies.length > 1 ? t('host.analytics.inWhat', { currency }) : '';
    const money = (v: number) => format.money(v, currency);
    const nights = (v: number) => t('host.analytics.nights', { count: v });
    const days = (v: number) => t('host.analytics.days', { count: v });
    const sources = sourceComparison(report);
    const range = `${format.date(periods.current.from)} – ${format.date(addDays(periods.current.to, -1))}`;
    const before = `${format.date(periods.previous.from)} – ${format.date(addDays(periods.previous.to, -1))}`;
    body = (
      <>
        {/* The currency is known only once the bookings are read: here, it comes with the figures
            instead of moving the page under the filters above. */}
        <div className="analytics-range">
          <p className="muted">{t('host.analytics.range', { range, before })}</p>
          {currencies.length > 1 ? (
            <Select label={t('host.finances.currency')} value={currency} onChange={(e) => setCurrency(e.target.value)} options={currencies.map((c) => ({ value: c, label: c }))} />
          ) : null}
        </div>
        <div className="stat-grid">
          <StatCard label={t('host.analytics.occupancy')} value={pct(current.occupancy.rate)} hint={<Beside current={current.occupancy.rate} previous={previous.occupancy.rate} show={pct} />} tone="accent" />
          <StatCard label={t('host.analytics.adr', { inWhat })} value={money(room.adr)} hint={<Beside current={room.adr} previous={roomBefore.adr} show={money} />} />
          <StatCard label={t('host.analytics.revpar', { inWhat })} value={money(room.revpar)} hint={<Beside current={room.revpar} previous={roomBefore.revpar} show={money} />} />
          <StatCard label={t('host.analytics.roomRevenue', { inWhat })} value={money(room.revenue)} hint={<Beside current={room.revenue} previous={roomBefore.revenue} show={money} />} />
          <StatCard label={t('host.analytics.averageStay')} value={nights(current.lengthOfStay.average)} hint={<Beside current={current.lengthOfStay.average} previous={previous.lengthOfStay.average} show={nights} />} />
          <StatCard label={t('host.analytics.averageLead')} value={days(current.leadTime.average)} hint={<Beside current={current.leadTime.average} previous={previous.leadTime.average} show={days} />} />
          <StatCard
            label={t('host.analytics.cancellations')}
            value={t('host.analytics.ofTotal', { count: current.cancellations.cancelled, total: current.cancellations.total })}
            hint={<Beside current={current.cancellations.rate} previous={previous.cancellations.rate} show={pct} />}
            tone={current.cancellations.cancelled > 0 ? 'warning' : 'default'}
          />
          <StatCard label={t('host.analytics.nightsSold')} value={nightsSold(current)} hint={<Beside current={nightsSold(current)} previous={nightsSold(previous)} show={String} />} />
        </div>
        <div className="grid-2">
          <Card>
            <CardHeader title={t('host.analytics.occupancyByProperty')} description={t('host.analytics.occupancyDescription')} />
            <BarChart
              title={t('host.analytics.occupancyChart')}
              horizontal
              height={Math.max(200, report.perProperty.length * 44 + 60)}
              data={report.perProperty.map((p) => ({ label: p.name, current: Math.round(p.current * 1000) / 10, previous: Math.round(p.previous * 1000) / 10 }))}
              series={besideSeries(CHART_COLORS.primary, t)}
              format={(v) => `${v}%`}
            />
            <Table
              caption={t('host.analytics.occupancyByProperty')}
              rows={report.perProperty}
              rowKey={(p) => p.id}
              columns={[
                { key: 'property', header: t('host.bookings.property'), render: (p) => p.name },
                { key: 'now', header: t('host.analytics.thisPeriod'), align: 'end', render: (p) => pct(p.current) },
                { key: 'before', header: t('host.analytics.beforeHeader'), align: 'end', render: (p) => pct(p.previous) },
              ]}
            />
          </Card>
          <Card>
            <CardHeader title={t('host.analytics.sourceMix')} description={t('host.analytics.sourceMixDescription')} />
            {sources.length ? (
              <>
                <BarChart
                  title={t('host.analytics.sourceChart')}
                  horizontal
                  height={Math.max(200, sources.length * 44 + 60)}
                  data={sources.map((s) => ({ label: sourceLabel(s.source), current: s.current, previous: s.previous }))}
                  series={besideSeries(CHART_COLORS.info, t)}
                  format={(v) => String(v)}
                />
                <Table
                  caption={t('host.analytics.bookingsBySite')}
                  rows={sources}
                  rowKey={(s) => s.source}
                  columns={[
                    { key: 'source', header: t('host.guests.site'), render: (s) => sourceLabel(s.source) },
                    { key: 'now', header: t('host.analytics.thisPeriod'), align: 'end', render: (s) => s.current },
                    { key: 'share', header: t('host.analytics.share'), align: 'end', render: (s) => pct(s.share) },
                    { key: 'before', header: t('host.analytics.beforeHeader'), align: 'end', render: (s) => s.previous },
                  ]}
                />
              </>
            ) : (
              <EmptyState title={t('host.analytics.noCheckIns')} />
            )}
          </Card>
        </div>
        <div className="grid-2">
          <Card>
            <CardHeader title={t('host.analytics.ratesIn', { currency })} description={t('host.analytics.ratesDescription', { currency })} />
            <BarChart
              title={t('host.analytics.ratesChart', { currency })}
              height={240}
              data={[
                { label: t('host.analytics.adrShort'), current: room.adr, previous: roomBefore.adr },
                { label: t('host.analytics.revparShort'), current: room.revpar, previous: roomBefore.revpar },
              ]}
              series={besideSeries(CHART_COLORS.primary, t)}
              format={money}
            />
          </Card>
          <Card>
            <CardHeader title={t('host.guests.stays')} description={t('host.analytics.staysDescription')} />
            <BarChart
              title={t('host.analytics.staysChart')}
              height={240}
              data={[
                { label: t('host.analytics.nightsPerStay'), current: current.lengthOfStay.average, previous: previous.lengthOfStay.average },
                { label: t('host.analytics.daysAhead'), current: current.leadTime.average, previous: previous.leadTime.average },
                { label: t('host.analytics.cancelled'), current: current.cancellations.cancelled, previous: previous.cancellations.cancelled },
              ]}
              series={besideSeries(CHART_COLORS.info, t)}
              format={(v) => String(v)}
            />
          </Card>
        </div>
        <Card className="card--flush">
          <CardHeader title={t('host.analytics.staysDetail')} description={t('host.analytics.staysDetailDescription')} />
          <Table
            caption={t('host.analytics.losCaption')}
            rows={[
              { key: 'los', label: t('host.analytics.los'), now: current.lengthOfStay, before: previous.lengthOfStay },
              { key: 'lead', label: t('host.analytics.lead'), now: current.leadTime, before: previous.leadTime },
            ]}
            rowKey={(r) => r.key}
            columns={[
              { key: 'what', header: t('host.analytics.figure'), render: (r) => r.label },
              { key: 'count', header: t('host.bookings.title'), align: 'end', render: (r) => r.now.count },
              { key: 'avg', header: t('host.analytics.average'), align: 'end', render: (r) => r.now.average },
              { key: 'median', header: t('host.analytics.median'), align: 'end', render: (r) => r.now.median },
              { key: 'range', header: t('host.analytics.rangeHeader'), align: 'end', secondary: true, render: (r) => (r.now.count ? `${r.now.min}–${r.now.max}` : '—') },
              { key: 'before', header: t('host.analytics.averageBefore'), align: 'end', render: (r) => r.before.average },
            ]}
          />
        </Card>
      </>
    );
  }

  return (
    <Page
      title={t('host.analytics.title')}
      description={t('host.analytics.description')}
      actions={
        <div className="filter-row">
          <Select
            label={t('host.analytics.period')}
            value={preset}
            onChange={(e) => {
              const value = e.target.value;
              if (isPeriodPreset(value) || value === CUSTOM) setPreset(value);
            }}
            options={[...PERIOD_PRESETS.map((p) => ({ value: p, label: t('host.analytics.preset', { preset: p.replace('-', '_') }) })), { value: CUSTOM, label: t('host.analytics.custom') }]}
          />
          {preset === CUSTOM ? (
            <>
              <DateInput label={t('host.analytics.firstDay')} value={custom.first} onValueChange={(v) => setCustom((c) => ({ ...c, first: v }))} error={customError} />
              <DateInput label={t('host.analytics.lastDay')} value={custom.last} min={custom.first || undefined} onValueChange={(v) => setCustom((c) => ({ ...c, last: v }))} />
            </>
          ) : null}
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
