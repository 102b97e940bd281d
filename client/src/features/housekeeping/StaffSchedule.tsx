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
import { humanize } from '../../components/ui/Badge';
import { addDays } from '../../../../shared/format/dates';
import { assignmentWarnings, hoursOn, taskSlot, timeOf, weekdayOf, daysFrom, weekStart } from '../tasks';
import { staffDays } from './task-filters';

export function StaffSchedule({ tasks, allTasks, staff, propertyNames, onOpen }: { tasks: readonly Task[]; allTasks: readonly Task[]; staff: readonly Staff[]; propertyNames: Map<string, string>; onOpen: (task: Task) => void }) {
  const format = useFormat();
  const tz = format.settings.timezone;
  const [mode, setMode] = useState<'day' | 'week'>('week');
  const [anchor, setAnchor] = useState(() => format.today());
  const days = mode === 'day' ? [anchor] : daysFrom(weekStart(anchor), 7);
  const rows = staffDays(tasks, staff, days, tz);
  const step = mode === 'day' ? 1 : 7;

  return (
    <div className="hk-schedule">
      <div className="hk-schedule__bar">
        <div className="button-group" role="group" aria-label="Period">
          <Button variant={mode === 'day' ? 'primary' : 'secondary'} aria-pressed={mode === 'day'} onClick={() => setMode('day')}>
            Day
          </Button>
          <Button variant={mode === 'week' ? 'primary' : 'secondary'} aria-pressed={mode === 'week'} onClick={() => setMode('week')}>
            Week
          </Button>
        </div>
        <div className="button-group">
          <Button variant="ghost" aria-label={mode === 'day' ? 'Previous day' : 'Previous week'} onClick={() => setAnchor(addDays(anchor, -step))}>
            ‹
          </Button>
          <Button variant="ghost" onClick={() => setAnchor(format.today())}>
            Today
          </Button>
          <Button variant="ghost" aria-label={mode === 'day' ? 'Next day' : 'Next week'} onClick={() => setAnchor(addDays(anchor, step))}>
            ›
          </Button>
        </div>
        <Input label={mode === 'day' ? 'Day' : 'Week of'} type="date" value={anchor} onChange={(e) => e.target.value && setAnchor(e.target.value)} />
      </div>
      <ul className="hk-schedule__rows">
        {rows.map((row) => (
          <li key={row.member?.id ?? 'unassigned'} className="hk-schedule__row">
            <h3 className="hk-schedule__name">{row.member ? row.member.staff_name : 'Unassigned'}</h3>
            <ol className={mode === 'week' ? 'hk-schedule__days hk-schedule__days--week' : 'hk-schedule__days'}>
              {row.days.map(({ day, tasks: list }) => {
                const hours = row.member ? hoursOn(row.member.availability_schedule, day) : null;
                const off = hours === 'off';
                return (
                  <li key={day} className={off ? 'hk-day hk-day--off' : day === format.today() ? 'hk-day hk-day--today' : 'hk-day'}>
                    <p className="hk-day__head">
                      <span className="hk-day__name">
                        {humanize(weekdayOf(day)).slice(0, 3)} {format.date(day)}
                      </span>
                      {hours ? <span className="hk-day__hours">{off ? 'Off' : `${timeOf(hours.start)}–${timeOf(hours.end)}`}</span> : null}
                    </p>
                    {list.length ? (
                      <ul className="hk-day__tasks">
                        {list.map((t) => {
                          const slot = taskSlot(t, tz);
                          const warns = row.member ? assignmentWarnings(t, row.member, allTasks, tz).filter((w) => w.kind !== 'inactive') : [];
                          return (
                            <li key={t.id}>
                              <button type="button" className={warns.length ? 'hk-chip hk-chip--warn' : 'hk-chip'} onClick={() => onOpen(t)}>
                                <span className="hk-chip__time">{slot?.start != null && slot.end != null ? `${timeOf(slot.start)}–${timeOf(slot.end)}` : `${t.estimated_duration} min`}</span>
                                <span className="hk-chip__title">{t.task_title}</span>
                                <span className="hk-chip__meta">{propertyNames.get(t.property_id) ?? ''}</span>
                                {warns.length ? <span className="hk-chip__warn">{warns.map((w) => (w.kind === 'overlap' ? 'Overlap' : w.kind === 'over-capacity' ? 'Over hours' : 'Outside availability')).filter((v, i, a) => a.indexOf(v) === i).join(' · ')}</span> : null}
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
