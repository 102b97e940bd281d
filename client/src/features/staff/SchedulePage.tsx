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
import { DataView } from '../../components/data-view';
import { taskDay, dayOrder, daysFrom, weekStart, assignmentWarnings, hoursOn, timeOf } from '../tasks';
import { useLocale, useT } from '../../i18n/use-t';
import { addDays } from '../../../../shared/format/dates';
import { TaskCards } from './TaskCards';
import { StaffTaskDialog } from './StaffTaskDialog';
import { useMyProperties, useMyStaffRows, useMyTasks } from './use-my-tasks';
import { HostFilter, useStaffHosts } from './hosts';
import './staff.css';

/** A day's weekday name (`YYYY-MM-DD`, a calendar day: read at noon UTC) in the reader's language, capitalised. */
function weekdayName(day: string, locale: string): string {
  const name = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

export function StaffSchedulePage() {
  const user = useCurrentUser();
  const t = useT();
  const locale = useLocale();
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
  const open = openId && tasks.status === 'success' ? (tasks.rows.find((row) => row.id === openId) ?? null) : null;
  const setOpen = (task: Task | null) => setOpenId(task?.id ?? null);
  // Her hours are per host: the current host's are shown, each task is checked against its own host's.
  const staffRows = useMemo(() => mine.rows ?? [], [mine.rows]);
  const staff = staffRows.find((r) => r.id === user.staffId) ?? staffRows[0];
  const staffOf = (task: Task) => staffRows.find((r) => r.host_id === task.host_id) ?? staff;
  const currentHost = hosts.many ? hosts.list.find((h) => h.staffId === user.staffId)?.hostName : undefined;
  const days = daysFrom(start, 7);
  const hoursLine = (hours: ReturnType<typeof hoursOn> | null, host: string | undefined): string => {
    const text =
      hours === null
        ? t('staff.schedule.hoursUnknown')
        : hours === 'off'
          ? t('staff.schedule.off')
          : t('staff.schedule.available', { start: format.time(timeOf(hours.start)), end: format.time(timeOf(hours.end)) });
    return host && hours !== null ? t('staff.schedule.hoursOfHost', { hours: text, host }) : text;
  };

  return (
    <Page title={t('staff.schedule.title')} description={t('staff.schedule.description')}>
      {hosts.many ? (
        <div className="staff-filters" role="group" aria-label={t('staff.filterByHost')}>
          <HostFilter hosts={hosts} value={hostId} onChange={setHostId} />
        </div>
      ) : null}
      <div className="staff-week__nav">
        <Button variant="secondary" aria-label={t('staff.schedule.previousWeek')} onClick={() => setStart(addDays(start, -7))}>
          ‹
        </Button>
        <p className="cell-strong">
          {t('staff.schedule.weekRange', { start: format.date(days[0]), end: format.date(days[6]) })}
        </p>
        <Button variant="secondary" aria-label={t('staff.schedule.nextWeek')} onClick={() => setStart(addDays(start, 7))}>
          ›
        </Button>
      </div>
      {start !== weekStart(today) ? (
        <Button variant="ghost" onClick={() => setStart(weekStart(today))}>
          {t('staff.schedule.backToThisWeek')}
        </Button>
      ) : null}
      <DataView result={tasks} empty={{ title: t('staff.schedule.emptyTitle'), text: t('staff.schedule.emptyText') }}>
        {(all) =>
          days.map((day) => {
            const rows = hostId ? all.filter((row) => row.host_id === hostId) : all;
            const hours = staff ? hoursOn(staff.availability_schedule, day) : null;
            const list = dayOrder(
              rows.filter((row) => taskDay(row, tz) === day && row.task_status !== 'cancelled'),
              tz,
            );
            const off = hours === 'off';
            const warned = list.filter((row) => {
              const own = staffOf(row);
              // Overlaps count across every host: she cannot be in two homes at once.
              return own ? assignmentWarnings(row, own, all, tz).some((w) => w.kind === 'outside-hours' || w.kind === 'overlap' || w.kind === 'day-off') : false;
            });
            return (
              <Card key={day} className={off ? 'staff-day staff-day--off' : 'staff-day'}>
                <CardHeader
                  title={t(day === today ? 'staff.schedule.dayTitleToday' : 'staff.schedule.dayTitle', { weekday: weekdayName(day, locale), date: format.date(day) })}
                  description={<span className="staff-day__hours">{hoursLine(hours, currentHost)}</span>}
                />
                {list.length ? <TaskCards tasks={list} propertyNames={propertyNames} hostLabel={hosts.labelOf} onOpen={setOpen} /> : <p className="muted">{t('staff.schedule.noTasks')}</p>}
                {warned.length ? (
                  <p className="staff-day__warn">
                    {warned.length === 1 ? t('staff.schedule.warnOne', { title: warned[0]?.task_title ?? '' }) : t('staff.schedule.warnMany', { count: warned.length })}
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
