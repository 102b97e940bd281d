import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { TABLE, type Booking, type Task } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { useFormat } from '../../lib/display';
import { Page } from '../../components/layout/Page';
import { useCurrentUser } from '../../components/layout/current-user';
import { Card, CardHeader, StatCard } from '../../components/ui/Card';
import { SkeletonStats, SkeletonRows } from '../../components/ui/Skeleton';
import { ErrorState } from '../../components/ui/States';
import { MARKS, markPainted } from '../../lib/screen-marks';
import { useBookingsBetween } from '../../data/use-bookings-between';
import { useHydrated } from '../../sync/sync-context';
import { dashboardFigures, dashboardWindow, type ClashSide, type DashboardFigures } from './figures';
import { usePropertyNames, useProperties } from '../../data/common-rows';
import { TaskDialog } from '../tasks';
import { Trans } from '@lingui/react';
import { useT } from '../../i18n/use-t';
import './dashboard.css';

function StayList({ title, stays, names, empty }: { title: string; stays: readonly Booking[]; names: Map<string, string>; empty: string }) {
  const t = useT();
  return (
    <div className="dash-list">
      <h3 className="dash-list__title">
        {title} <span className="badge">{stays.length}</span>
      </h3>
      {stays.length ? (
        <ul className="plain-list">
          {stays.map((b) => (
            <li key={b.id}>
              <Link to="/host/bookings" search={{ bookingId: b.id }} className="text-link">
                {b.guest_name}
              </Link>{' '}
              <span className="muted">
                {t('host.dashboard.stayDetail', { property: names.get(b.property_id) ?? t('host.common.unknownProperty'), count: b.guests_count })}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{empty}</p>
      )}
    </div>
  );
}

function ClashSideText({ side }: { side: ClashSide<Booking> }) {
  const format = useFormat();
  const t = useT();
  const what = side.kind === 'booking' ? side.booking.guest_name : t('host.dashboard.clashBlock', { summary: side.block.summary || t('host.dashboard.blocked') });
  return (
    <>
      {what} ({format.date(side.start)}–{format.date(side.end)})
    </>
  );
}

function Attention({ figures, names, onTask }: { figures: DashboardFigures<Booking, Task>; names: Map<string, string>; onTask: (t: Task) => void }) {
  const format = useFormat();
  const t = useT();
  const aProperty = t('host.dashboard.aProperty');
  const { unassignedTurnovers, overdueTasks, unpaidBookings, clashes } = figures.attention;
  const total = unassignedTurnovers.length + overdueTasks.length + unpaidBookings.length + clashes.length;
  if (total === 0) return <p className="muted">{t('host.dashboard.attentionNone')}</p>;
  return (
    <ul className="attention">
      {clashes.slice(0, ATTENTION_SHOWN).map((c) => (
        <li key={`${c.a.id}-${c.b.id}`} className="attention__item attention__item--danger">
          <Trans
            id="host.dashboard.clash"
            values={{ property: names.get(c.a.property_id) ?? aProperty }}
            components={{ 0: <strong />, 1: <ClashSideText side={c.a} />, 2: <ClashSideText side={c.b} /> }}
          />{' '}
          <Link to="/host/calendar" search={{ start: c.b.start }} className="text-link">
            {t('host.dashboard.openCalendar')}
          </Link>
        </li>
      ))}
      <MoreItems count={clashes.length} to="/host/calendar" text={(count) => t('host.dashboard.moreClashes', { count })} />
      {unassignedTurnovers.slice(0, ATTENTION_SHOWN).map((task) => (
        <li key={task.id} className="attention__item">
          <Trans
            id="host.dashboard.turnoverUnassigned"
            values={{ title: task.task_title, property: names.get(task.property_id) ?? aProperty, when: format.when(task.scheduled_date ?? task.due_date) }}
            components={{ 0: <strong /> }}
          />{' '}
          <button type="button" className="text-link" onClick={() => onTask(task)}>
            {t('host.dashboard.openTask')}
          </button>
        </li>
      ))}
      <MoreItems count={unassignedTurnovers.length} to="/host/housekeeping" text={(count) => t('host.dashboard.moreTurnovers', { count })} />
      {overdueTasks.slice(0, ATTENTION_SHOWN).map((task) => (
        <li key={task.id} className="attention__item attention__item--warning">
          <Trans id="host.dashboard.overdue" values={{ title: task.task_title, due: format.when(task.due_date) }} components={{ 0: <strong /> }} />{' '}
          <button type="button" className="text-link" onClick={() => onTask(task)}>
            {t('host.dashboard.openTask')}
          </button>
        </li>
      ))}
      <MoreItems count={overdueTasks.length} to="/host/housekeeping" text={(count) => t('host.dashboard.moreOverdue', { count })} />
      {unpaidBookings.slice(0, ATTENTION_SHOWN).map((b) => (
        <li key={b.id} className="attention__item">
          <Trans
            id="host.dashboard.unpaid"
            values={{
              partial: b.payment_status === 'partial' ? 'yes' : 'no',
              guest: b.guest_name,
              property: names.get(b.property_id) ?? aProperty,
              from: format.date(b.check_in_date),
              amount: format.money(b.total_amount, b.currency),
            }}
            components={{ 0: <strong /> }}
          />{' '}
          <Link to="/host/bookings" search={{ bookingId: b.id }} className="text-link">
            {t('host.dashboard.openBooking')}
          </Link>
        </li>
      ))}
      <MoreItems count={unpaidBookings.length} to="/host/bookings" text={(count) => t('host.dashboard.moreUnpaid', { count })} />
    </ul>
  );
}

/**
 * How many of each kind the list shows, soonest first (figures.ts orders them). A host with a
 * season of bookings ahead can have hundreds of unassigned turnovers: listing them all made the
 * page thousands of items long and slow to render (again after each page of a first sync).
 */
const ATTENTION_SHOWN = 5;

/** The rest of one kind beyond ATTENTION_SHOWN, as a link to the page that lists them all. */
function MoreItems({ count, to, text }: { count: number; to: '/host/calendar' | '/host/housekeeping' | '/host/bookings'; text: (count: number) => string }) {
  const rest = count - ATTENTION_SHOWN;
  if (rest <= 0) return null;
  return (
    <li className="attention__item attention__item--more">
      <Link to={to} className="text-link">
        {text(rest)}
      </Link>
    </li>
  );
}

export function HostDashboardPage() {
  const user = useCurrentUser();
  const format = useFormat();
  const t = useT();
  const today = format.today();
  const window = dashboardWindow(today);
  const names = usePropertyNames();
  const properties = useProperties();
  const [openTask, setOpenTask] = useState<Task | null>(null);

  // Shown from the first part of a first sync on, its window being this one (sync/pull.ts).
  const early = { firstPart: true };
  const bookings = useBookingsBetween(window.from, window.to, early);
  const tasks = useRows(TABLE.housekeeping_tasks, { PageSize: 100_000, Filters: [{ name: 'task_status', op: 'In', value: ['pending', 'in_progress'] }] }, early);
  const messages = useRows(TABLE.inbox_messages, { PageSize: 100_000, Filters: [{ name: 'status', op: 'Equal', value: 'unread' }] }, early);
  const blocks = useRows(TABLE.calendar_blocks, {
    PageSize: 100_000,
    Filters: [
      { name: 'start_date', op: 'LessThan', value: window.to },
      { name: 'end_date', op: 'GreaterThan', value: today },
    ],
  }, early);
  // Before the rest of a first sync is in, the device holds the open tasks up to the window's end only.
  const partial = useHydrated() === false;
  const all = [properties, bookings, tasks, messages, blocks];
  const failed = all.find((r) => r.status === 'error');
  const ready = all.every((r) => r.status === 'success');

  const figures = useMemo(() => {
    if (!properties.rows || !bookings.rows || !tasks.rows || !messages.rows || !blocks.rows) return null;
    return dashboardFigures({
      today,
      now: new Date(),
      timezone: format.settings.timezone,
      properties: properties.rows.filter((p) => p.status !== 'archived'),
      bookings: bookings.rows,
      blocks: blocks.rows,
      tasks: tasks.rows,
      messages: messages.rows,
    });
  }, [today, format.settings.timezone, properties.rows, bookings.rows, blocks.rows, tasks.rows, messages.rows]);

  useEffect(() => {
    if (!figures) return;
    const frame = requestAnimationFrame(() => markPainted(MARKS.dashboard));
    return () => cancelAnimationFrame(frame);
  }, [figures]);

  return (
    <Page title={t('host.dashboard.title')} description={t('host.dashboard.description', { name: user.Name || user.Email })}>
      {failed?.status === 'error' ? (
        <ErrorState error={failed.error} onRetry={failed.retry} />
      ) : !ready || !figures ? (
        <>
          <SkeletonStats count={8} hints />
          <SkeletonRows rows={4} columns={3} />
        </>
      ) : (
        <>
          <div className="stat-grid" data-testid="dashboard-figures">
            <StatCard
              label={t('host.dashboard.arrivalsToday')}
              value={figures.arrivals.today.length}
              hint={t('host.dashboard.tomorrowCount', { count: figures.arrivals.tomorrow.length })}
              tone="accent"
            />
            <StatCard
              label={t('host.dashboard.departuresToday')}
              value={figures.departures.today.length}
              hint={t('host.dashboard.tomorrowCount', { count: figures.departures.tomorrow.length })}
            />
            <StatCard
              label={t('host.dashboard.occupancy')}
              value={`${Math.round(figures.occupancy.rate * 1000) / 10}%`}
              hint={t('host.dashboard.nightsBooked', { occupied: figures.occupancy.occupiedNights, available: figures.occupancy.availableNights })}
            />
            {figures.revenue.map(({ currency, thisMonth, lastMonth, change }) => (
              <StatCard
                key={currency}
                label={figures.revenue.length > 1 ? t('host.dashboard.revenueIn', { currency }) : t('host.dashboard.revenue')}
                value={format.money(thisMonth, currency)}
                hint={
                  change === null
                    ? t('host.dashboard.revenueHint', { lastMonth: format.money(lastMonth, currency) })
                    : t('host.dashboard.revenueHintChange', { lastMonth: format.money(lastMonth, currency), change: `${change >= 0 ? '+' : ''}${change}` })
                }
                tone={change !== null && change < 0 ? 'warning' : 'default'}
              />
            ))}
            <StatCard
              label={t('host.dashboard.openTasks')}
              value={figures.tasks.open}
              hint={partial ? t('host.dashboard.urgentCountPartial', { count: figures.tasks.urgent, until: format.date(window.to) }) : t('host.dashboard.urgentCount', { count: figures.tasks.urgent })}
              tone={figures.tasks.urgent ? 'danger' : 'default'}
            />
            <StatCard
              label={t('host.dashboard.unread')}
              value={figures.unreadMessages}
              hint={
                <Link to="/host/inbox" className="text-link">
                  {t('host.dashboard.openInbox')}
                </Link>
              }
            />
          </div>
          <div className="grid-2">
            <Card>
              <CardHeader title={t('host.dashboard.attention')} description={t('host.dashboard.attentionDescription')} />
              <Attention figures={figures} names={names} onTask={setOpenTask} />
            </Card>
            <Card>
              <CardHeader
                title={t('host.dashboard.stays')}
                actions={
                  <Link to="/host/calendar" className="text-link">
                    {t('host.dashboard.calendar')}
                  </Link>
                }
              />
              <div className="dash-lists">
                <StayList title={t('host.dashboard.arrivingToday')} stays={figures.arrivals.today} names={names} empty={t('host.dashboard.noArrivalsToday')} />
                <StayList title={t('host.dashboard.leavingToday')} stays={figures.departures.today} names={names} empty={t('host.dashboard.noDeparturesToday')} />
                <StayList title={t('host.dashboard.arrivingTomorrow')} stays={figures.arrivals.tomorrow} names={names} empty={t('host.dashboard.noArrivalsTomorrow')} />
                <StayList title={t('host.dashboard.leavingTomorrow')} stays={figures.departures.tomorrow} names={names} empty={t('host.dashboard.noDeparturesTomorrow')} />
              </div>
            </Card>
          </div>
        </>
      )}
      <TaskDialog task={openTask} propertyName={openTask ? names.get(openTask.property_id) : undefined} onClose={() => setOpenTask(null)} />
    </Page>
  );
}
