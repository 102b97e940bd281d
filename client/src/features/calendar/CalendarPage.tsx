import { useCallback, useMemo, useState } from 'react';
import { addDays } from '../../../../shared/format/dates';
import { TABLE, type Booking } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { useFormat } from '../../lib/display';
import { Page } from '../../components/layout/Page';
import { Card } from '../../components/ui/Card';
import { Button } from '../../components/ui/Button';
import { Segmented } from '../../components/ui/Field';
import { SkeletonRows } from '../../components/ui/Skeleton';
import { EmptyState, ErrorState } from '../../components/ui/States';
import { BookingForm } from '../bookings';
import type { BookingDraft } from '../bookings';
import { MARKS, markPainted } from '../../lib/screen-marks';
import { layoutTimeline } from './timeline';
import { useBookingsBetween } from '../../data/use-bookings-between';
import { Timeline, TimelineLegend } from './Timeline';
import { useProperties } from '../../data/common-rows';
import { monthStart } from '../../lib/months';
import { useT } from '../../i18n/use-t';

export type CalendarView = '2w' | 'month' | '90d';

function daysIn(month: string): number {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** The window a view shows: two weeks from a day, a calendar month, or 90 days. */
export function windowOf(view: CalendarView, start: string): { from: string; days: number } {
  if (view === 'month') {
    const from = monthStart(start);
    return { from, days: daysIn(from) };
  }
  return { from: start, days: view === '2w' ? 14 : 90 };
}

function step(view: CalendarView, from: string, direction: 1 | -1): string {
  if (view === 'month') {
    const [y, m] = from.split('-').map(Number) as [number, number];
    const d = new Date(Date.UTC(y, m - 1 + direction, 1));
    return d.toISOString().slice(0, 10);
  }
  return addDays(from, direction * (view === '2w' ? 14 : 90));
}

type Editing = { booking: Booking | null; initial?: Partial<BookingDraft> } | null;

export function HostCalendarPage({ view, start, onChange }: { view: CalendarView; start?: string; onChange: (next: { view?: CalendarView; start?: string }) => void }) {
  const format = useFormat();
  const t = useT();
  const today = format.today();
  const { from, days: count } = windowOf(view, start ?? today);
  const to = addDays(from, count);
  const days = useMemo(() => Array.from({ length: count }, (_, i) => addDays(from, i)), [from, count]);
  const [editing, setEditing] = useState<Editing>(null);

  const properties = useProperties();
  const bookings = useBookingsBetween(from, to);
  const blocks = useRows(TABLE.calendar_blocks, {
    PageSize: 100_000,
    Filters: [
      { name: 'start_date', op: 'LessThan', value: to },
      { name: 'end_date', op: 'GreaterThan', value: from },
    ],
  });
  const shown = useMemo(() => (properties.rows ?? []).filter((p) => p.status !== 'archived'), [properties.rows]);
  const rows = useMemo(
    () => layoutTimeline(
      shown.map((p) => p.id),
      bookings.rows ?? [],
      blocks.rows ?? [],
      from,
      count,
    ),
    [shown, bookings.rows, blocks.rows, from, count],
  );
  const failed = [properties, bookings, blocks].find((r) => r.status === 'error');
  const ready = properties.status === 'success' && bookings.status === 'success' && blocks.status === 'success';

  const onPainted = useCallback(() => markPainted(MARKS.calendar), []);
  const onOpen = useCallback((b: Booking) => setEditing({ booking: b }), []);
  const onCreate = useCallback((propertyId: string, checkIn: string, checkOut: string) => setEditing({ booking: null, initial: { property_id: propertyId, check_in_date: checkIn, check_out_date: checkOut } }), []);

  return (
    <Page
      title={t('host.dashboard.calendar')}
      description={t('host.calendar.description', { from: format.date(from), to: format.date(addDays(to, -1)) })}
      actions={
        <div className="calendar-toolbar">
          <Segmented
            label={t('host.calendar.view')}
            value={view}
            onChange={(v) => onChange({ view: v })}
            options={[
              { value: '2w', label: t('host.calendar.twoWeeks') },
              { value: 'month', label: t('host.calendar.month') },
              { value: '90d', label: t('host.calendar.ninetyDays') },
            ]}
          />
          <div className="button-group">
            <Button variant="secondary" onClick={() => onChange({ start: step(view, from, -1) })}>
              {t('host.calendar.previous')}
            </Button>
            <Button variant="secondary" onClick={() => onChange({ start: today })}>
              {t('host.calendar.today')}
            </Button>
            <Button variant="secondary" onClick={() => onChange({ start: step(view, from, 1) })}>
              {t('host.calendar.next')}
            </Button>
          </div>
          <Button onClick={() => setEditing({ booking: null })}>{t('host.bookings.new')}</Button>
        </div>
      }
    >
      <Card className="card--flush">
        {failed?.status === 'error' ? (
          <ErrorState error={failed.error} onRetry={failed.retry} />
        ) : !ready ? (
          <SkeletonRows rows={6} columns={8} />
        ) : shown.length === 0 ? (
          <EmptyState title={t('host.common.noPropertiesYet')}>{t('host.calendar.emptyText')}</EmptyState>
        ) : (
          <Timeline properties={shown} rows={rows} days={days} today={today} formatDate={format.date} onOpen={onOpen} onCreate={onCreate} onPainted={onPainted} />
        )}
        <TimelineLegend />
      </Card>
      <BookingForm open={editing !== null} booking={editing?.booking ?? null} initial={editing?.initial} onClose={() => setEditing(null)} />
    </Page>
  );
}
