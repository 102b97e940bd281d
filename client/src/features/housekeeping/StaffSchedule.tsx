/**
 * Day and week lists per staff member: each person's tasks on each day against their hours
 * (off days shaded), unassigned tasks last. Warnings (overlap, outside hours) are marked on the
 * task they concern.
 */
import { useState } from 'react';
import type { Staff, Task } from '../../data/tables';
import { useFormat } from '../../lib/display';
import { Button } from '../../components/ui/Button';
import { Input } from '../../components/ui/Input';
import { addDays } from '../../../../shared/format/dates';
import { assignmentWarnings, hoursOn, taskSlot, timeOf, weekdayOf, daysFrom, weekStart } from '../tasks';
import { staffDays } from './task-filters';
import { useT } from '../../i18n/use-t';
import type { MessageId } from '../../i18n/message-ids';

/** The mark of a task that breaks its assignee's plan (the warnings of features/tasks). */
const WARNING_MARK: Record<string, MessageId> = {
  overlap: 'host.housekeeping.schedule.overlap',
  'over-capacity': 'host.housekeeping.schedule.overHours',
};

export function StaffSchedule({ tasks, allTasks, staff, propertyNames, onOpen }: { tasks: readonly Task[]; allTasks: readonly Task[]; staff: readonly Staff[]; propertyNames: Map<string, string>; onOpen: (task: Task) => void }) {
  const format = useFormat();
  const t = useT();
  const tz = format.settings.timezone;
  const [mode, setMode] = useState<'day' | 'week'>('week');
  const [anchor, setAnchor] = useState(() => format.today());
  const days = mode === 'day' ? [anchor] : daysFrom(weekStart(anchor), 7);
  const rows = staffDays(tasks, staff, days, tz);
  const step = mode === 'day' ? 1 : 7;

  return (
    <div className="hk-schedule">
      <div className="hk-schedule__bar">
        <div className="button-group" role="group" aria-label={t('host.housekeeping.schedule.period')}>
          <Button variant={mode === 'day' ? 'primary' : 'secondary'} aria-pressed={mode === 'day'} onClick={() => setMode('day')}>
            {t('host.housekeeping.schedule.day')}
          </Button>
          <Button variant={mode === 'week' ? 'primary' : 'secondary'} aria-pressed={mode === 'week'} onClick={() => setMode('week')}>
            {t('host.housekeeping.schedule.week')}
          </Button>
        </div>
        <div className="button-group">
          <Button variant="ghost" aria-label={mode === 'day' ? t('host.housekeeping.schedule.previousDay') : t('host.housekeeping.schedule.previousWeek')} onClick={() => setAnchor(addDays(anchor, -step))}>
            ‹
          </Button>
          <Button variant="ghost" onClick={() => setAnchor(format.today())}>
            {t('host.housekeeping.schedule.today')}
          </Button>
          <Button variant="ghost" aria-label={mode === 'day' ? t('host.housekeeping.schedule.nextDay') : t('host.housekeeping.schedule.nextWeek')} onClick={() => setAnchor(addDays(anchor, step))}>
            ›
          </Button>
        </div>
        <Input label={mode === 'day' ? t('host.housekeeping.schedule.day') : t('host.housekeeping.schedule.weekOf')} type="date" value={anchor} onChange={(e) => e.target.value && setAnchor(e.target.value)} />
      </div>
      <ul className="hk-schedule__rows">
        {rows.map((row) => (
          <li key={row.member?.id ?? 'unassigned'} className="hk-schedule__row">
            <h3 className="hk-schedule__name">{row.member ? row.member.staff_name : t('task.unassigned')}</h3>
            <ol className={mode === 'week' ? 'hk-schedule__days hk-schedule__days--week' : 'hk-schedule__days'}>
              {row.days.map(({ day, tasks: list }) => {
                const hours = row.member ? hoursOn(row.member.availability_schedule, day) : null;
                const off = hours === 'off';
                return (
                  <li key={day} className={off ? 'hk-day hk-day--off' : day === format.today() ? 'hk-day hk-day--today' : 'hk-day'}>
                    <p className="hk-day__head">
                      <span className="hk-day__name">
                        {format.weekday(weekdayOf(day)).slice(0, 3)} {format.date(day)}
                      </span>
                      {hours ? <span className="hk-day__hours">{off ? t('host.housekeeping.off') : `${timeOf(hours.start)}–${timeOf(hours.end)}`}</span> : null}
                    </p>
                    {list.length ? (
                      <ul className="hk-day__tasks">
                        {list.map((task) => {
                          const slot = taskSlot(task, tz);
                          const warns = row.member ? assignmentWarnings(task, row.member, allTasks, tz).filter((w) => w.kind !== 'inactive') : [];
                          return (
                            <li key={task.id}>
                              <button type="button" className={warns.length ? 'hk-chip hk-chip--warn' : 'hk-chip'} onClick={() => onOpen(task)}>
                                <span className="hk-chip__time">{slot?.start != null && slot.end != null ? `${timeOf(slot.start)}–${timeOf(slot.end)}` : t('duration.minutes', { minutes: task.estimated_duration })}</span>
                                <span className="hk-chip__title">{task.task_title}</span>
                                <span className="hk-chip__meta">{propertyNames.get(task.property_id) ?? ''}</span>
                                {warns.length ? <span className="hk-chip__warn">{warns.map((w) => t(WARNING_MARK[w.kind] ?? 'host.housekeeping.schedule.outsideAvailability')).filter((v, i, a) => a.indexOf(v) === i).join(' · ')}</span> : null}
                              </button>
                            </li>
                          );
                        })}
                      </ul>
                    ) : null}
                  </li>
                );
              })}
            </ol>
          </li>
        ))}
      </ul>
    </div>
  );
}
