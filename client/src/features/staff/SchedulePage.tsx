/**
 * The housekeeper's week: each day with their hours (or off) and the tasks assigned that day in
 * the order to work them; a task outside their hours or overlapping another is pointed out so
 * they can tell the host.
 */
import { useMemo, useState } from 'react';
import type { Task } from '../../data/tables';
import { useFormat } from '../../lib/display';
import { Page } from '../../components/layout/Page';
import { useCurrentUser } from '../../components/layout/current-user';
import { Card, CardHeader } from '../../components/ui/Card';
import { Button } from '../../components/ui/Button';
import { humanize } from '../../components/ui/Badge';
import { DataView } from '../../components/data-view';
import { taskDay, dayOrder, daysFrom, weekStart, assignmentWarnings, hoursOn, timeOf, weekdayOf } from '../tasks';
import { addDays } from '../../../../shared/format/dates';
import { TaskCards } from './TaskCards';
import { StaffTaskDialog } from './StaffTaskDialog';
import { useMyProperties, useMyStaffRows, useMyTasks } from './use-my-tasks';
import { HostFilter, useStaffHosts } from './hosts';
import './staff.css';

export function StaffSchedulePage() {
  const user = useCurrentUser();
  const format = useFormat();
  const tz = format.settings.timezone;
  const today = format.today();
  const hosts = useStaffHosts(user);
  const tasks = useMyTasks(hosts.staffIds);
  const mine = useMyStaffRows(hosts.staffIds);
  const [hostId, setHostId] = useState('');
  const properties = useMyProperties();
  const propertyList = useMemo(() => properties.rows ?? [], [properties.rows]);
  const propertyNames = useMemo(() => new Map(propertyList.map((p) => [p.id, p.property_name])), [propertyList]);
  const [start, setStart] = useState(() => weekStart(today));
  const [openId, setOpenId] = useState<string | null>(null);
  const open = openId && tasks.status === 'success' ? (tasks.rows.find((t) => t.id === openId) ?? null) : null;
  const setOpen = (task: Task | null) => setOpenId(task?.id ?? null);
  // Her hours are per host: the current host's are shown, each task is checked against its own host's.
  const staffRows = useMemo(() => mine.rows ?? [], [mine.rows]);
  const staff = staffRows.find((r) => r.id === user.staffId) ?? staffRows[0];
  const staffOf = (task: Task) => staffRows.find((r) => r.host_id === task.host_id) ?? staff;
  const currentHost = hosts.many ? hosts.list.find((h) => h.staffId === user.staffId)?.hostName : undefined;
  const days = daysFrom(start, 7);

  return (
    <Page title="Schedule" description="Your week: your hours and the tasks planned each day.">
      {hosts.many ? (
        <div className="staff-filters" role="group" aria-label="Filter by host">
          <HostFilter hosts={hosts} value={hostId} onChange={setHostId} />
        </div>
      ) : null}
      <div className="staff-week__nav">
        <Button variant="secondary" aria-label="Previous week" onClick={() => setStart(addDays(start, -7))}>
          ‹
        </Button>
        <p className="cell-strong">
          {format.date(days[0])} – {format.date(days[6])}
        </p>
        <Button variant="secondary" aria-label="Next week" onClick={() => setStart(addDays(start, 7))}>
          ›
        </Button>
      </div>
      {start !== weekStart(today) ? (
        <Button variant="ghost" onClick={() => setStart(weekStart(today))}>
          Back to this week
        </Button>
      ) : null}
      <DataView result={tasks} empty={{ title: 'Nothing scheduled', text: 'Tasks assigned to you appear on the day they are planned.' }}>
        {(all) =>
          days.map((day) => {
            const rows = hostId ? all.filter((t) => t.host_id === hostId) : all;
            const hours = staff ? hoursOn(staff.availability_schedule, day) : null;
            const list = dayOrder(
              rows.filter((t) => taskDay(t, tz) === day && t.task_status !== 'cancelled'),
              tz,
            );
            const off = hours === 'off';
            const warned = list.filter((t) => {
              const own = staffOf(t);
              // Overlaps count across every host: she cannot be in two homes at once.
              return own ? assignmentWarnings(t, own, all, tz).some((w) => w.kind === 'outside-hours' || w.kind === 'overlap' || w.kind === 'day-off') : false;
            });
            return (
              <Card key={day} className={off ? 'staff-day staff-day--off' : 'staff-day'}>
                <CardHeader
                  title={`${humanize(weekdayOf(day))} ${format.date(day)}${day === today ? ' · Today' : ''}`}
                  description={
                    <span className="staff-day__hours">{hours === null ? 'Hours not known' : off ? 'Off' : `Available ${format.time(timeOf(hours.start))} – ${format.time(timeOf(hours.end))}`}
                      {currentHost && hours !== null ? ` (${currentHost})` : ''}</span>
                  }
                />
                {list.length ? <TaskCards tasks={list} propertyNames={propertyNames} hostLabel={hosts.labelOf} onOpen={setOpen} /> : <p className="muted">No tasks.</p>}
                {warned.length ? (
                  <p className="staff-day__warn">
                    {warned.length === 1 ? `"${warned[0]?.task_title}" is` : `${warned.length} tasks are`} outside your hours or overlap; tell your host if that does not work.
                  </p>
                ) : null}
              </Card>
            );
          })
        }
      </DataView>
      <StaffTaskDialog task={open} properties={propertyList} hostLabel={hosts.labelOf} onClose={() => setOpen(null)} />
    </Page>
  );
}
