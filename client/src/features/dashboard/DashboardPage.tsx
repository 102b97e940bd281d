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
import './dashboard.css';

function StayList({ title, stays, names, empty }: { title: string; stays: readonly Booking[]; names: Map<string, string>; empty: string }) {
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
                · {names.get(b.property_id) ?? 'Unknown property'} · {b.guests_count} guest{b.guests_count === 1 ? '' : 's'}
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
  const what = side.kind === 'booking' ? side.booking.guest_name : `the block “${side.block.summary || 'Blocked'}”`;
  return (
    <>
      {what} ({format.date(side.start)}–{format.date(side.end)})
    </>
  );
}

function Attention({ figures, names, onTask }: { figures: DashboardFigures<Booking, Task>; names: Map<string, string>; onTask: (t: Task) => void }) {
  const format = useFormat();
  const { unassignedTurnovers, overdueTasks, unpaidBookings, clashes } = figures.attention;
  const total = unassignedTurnovers.length + overdueTasks.length + unpaidBookings.length + clashes.length;
  if (total === 0) return <p className="muted">Nothing needs your attention. Every turnover has a housekeeper, tasks are on time, stays are paid and no dates clash.</p>;
  return (
    <ul className="attention">
      {clashes.map((c) => (
        <li key={`${c.a.id}-${c.b.id}`} className="attention__item attention__item--danger">
          <strong>Calendar clash</strong> at {names.get(c.a.property_id) ?? 'a property'}: <ClashSideText side={c.a} /> and <ClashSideText side={c.b} />.{' '}
          <Link to="/host/calendar" search={{ start: c.b.start }} className="text-link">
            Open calendar
          </Link>
        </li>
      ))}
      {unassignedTurnovers.map((t) => (
        <li key={t.id} className="attention__item">
          <strong>Turnover without a housekeeper</strong>: {t.task_title} at {names.get(t.property_id) ?? 'a property'}, {format.when(t.scheduled_date ?? t.due_date)}.{' '}
          <button type="button" className="link-button" onClick={() => onTask(t)}>
            Open task
          </button>
        </li>
      ))}
      {overdueTasks.map((t) => (
        <li key={t.id} className="attention__item attention__item--warning">
          <strong>Overdue</strong>: {t.task_title}, due {format.when(t.due_date)}.{' '}
          <button type="button" className="link-button" onClick={() => onTask(t)}>
            Open task
          </button>
        </li>
      ))}
      {unpaidBookings.map((b) => (
        <li key={b.id} className="attention__item">
          <strong>{b.payment_status === 'partial' ? 'Partly paid' : 'Unpaid'}</strong>: {b.guest_name} at {names.get(b.property_id) ?? 'a property'}, from {format.date(b.check_in_date)}, {format.money(b.total_amount, b.currency)}.{' '}
          <Link to="/host/bookings" search={{ bookingId: b.id }} className="text-link">
            Open booking
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function HostDashboardPage() {
  const user = useCurrentUser();
  const format = useFormat();
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
    <Page title="Dashboard" description={`Good to see you, ${user.Name || user.Email}. Here is what is happening at your properties.`}>
      {failed?.status === 'error' ? (
        <ErrorState error={failed.error} onRetry={failed.retry} />
      ) : !ready || !figures ? (
        <>
          <SkeletonStats />
          <SkeletonRows rows={4} columns={3} />
        </>
      ) : (
        <>
          <div className="stat-grid" data-testid="dashboard-figures">
            <StatCard label="Arrivals today" value={figures.arrivals.today.length} hint={`${figures.arrivals.tomorrow.length} tomorrow`} tone="accent" />
            <StatCard label="Departures today" value={figures.departures.today.length} hint={`${figures.departures.tomorrow.length} tomorrow`} />
            <StatCard
              label="Occupancy, next 30 days"
              value={`${Math.round(figures.occupancy.rate * 1000) / 10}%`}
              hint={`${figures.occupancy.occupiedNights} of ${figures.occupancy.availableNights} nights booked`}
            />
            {figures.revenue.map(({ currency, thisMonth, lastMonth, change }) => (
              <StatCard
                key={currency}
                label={figures.revenue.length > 1 ? `Revenue this month, ${currency}` : 'Revenue this month'}
                value={format.money(thisMonth, currency)}
                hint={`Nights stayed this month; ${format.money(lastMonth, currency)} last month${change === null ? '' : ` (${change >= 0 ? '+' : ''}${change}%)`}`}
                tone={change !== null && change < 0 ? 'warning' : 'default'}
              />
            ))}
            <StatCard
              label="Open housekeeping tasks"
              value={figures.tasks.open}
              hint={`${figures.tasks.urgent} urgent${partial ? `; until ${format.date(window.to)}, later ones still downloading` : ''}`} tone={figures.tasks.urgent ? 'danger' : 'default'} />
            <StatCard label="Unread messages" value={figures.unreadMessages} hint={<Link to="/host/inbox" className="text-link">Open inbox</Link>} />
          </div>
          <div className="grid-2">
            <Card>
              <CardHeader title="Needs attention" description="Unassigned turnovers, overdue tasks, unpaid stays and clashing dates" />
              <Attention figures={figures} names={names} onTask={setOpenTask} />
            </Card>
            <Card>
              <CardHeader title="Arrivals and departures" actions={<Link to="/host/calendar" className="text-link">Calendar</Link>} />
              <div className="dash-lists">
                <StayList title="Arriving today" stays={figures.arrivals.today} names={names} empty="No arrivals today." />
                <StayList title="Leaving today" stays={figures.departures.today} names={names} empty="No departures today." />
                <StayList title="Arriving tomorrow" stays={figures.arrivals.tomorrow} names={names} empty="No arrivals tomorrow." />
                <StayList title="Leaving tomorrow" stays={figures.departures.tomorrow} names={names} empty="No departures tomorrow." />
              </div>
            </Card>
          </div>
        </>
      )}
      <TaskDialog task={openTask} propertyName={openTask ? names.get(openTask.property_id) : undefined} onClose={() => setOpenTask(null)} />
    </Page>
  );
}
