import { describe, expect, it } from 'vitest';
import {
  assignmentWarnings,
  hoursOn,
  joinSchedule,
  minutesOf,
  splitSchedule,
  taskSlot,
  weekdayOf,
  zonedInstant,
} from './schedule-rules';

const week = {
  monday: { start: '08:00', end: '16:00' },
  tuesday: { start: '08:00', end: '12:00' },
  wednesday: 'off' as const,
  saturday: { start: '09:00', end: '13:00' },
};
const maria = { status: 'active', availability_schedule: week };

function task(over: Partial<{ id: string; task_title: string; task_status: string; scheduled_date: string | null; estimated_duration: number; assigned_staff_id: string | null }> = {}) {
  return { id: 't1', task_title: 'Turnover', task_status: 'pending', scheduled_date: null, estimated_duration: 60, assigned_staff_id: 's1', ...over };
}

describe('calendar helpers', () => {
  it('reads weekdays and times', () => {
    expect(weekdayOf('2025-06-02')).toBe('monday');
    expect(weekdayOf('2025-06-08')).toBe('sunday');
    expect(minutesOf('08:30')).toBe(510);
    expect(minutesOf('8:30')).toBeNull();
    expect(minutesOf('25:00')).toBeNull();
  });

  it('turns a wall time of a timezone into the instant, across DST', () => {
    expect(zonedInstant('2025-06-02', '09:00', 'UTC')).toBe('2025-06-02T09:00:00Z');
    expect(zonedInstant('2025-06-02', '09:00', 'Europe/Lisbon')).toBe('2025-06-02T08:00:00Z');
    expect(zonedInstant('2025-01-06', '09:00', 'Europe/Lisbon')).toBe('2025-01-06T09:00:00Z');
    expect(zonedInstant('2025-06-02', '09:00', 'America/Chicago')).toBe('2025-06-02T14:00:00Z');
    expect(zonedInstant('2025-02-30', '09:00', 'UTC')).toBeNull();
  });

  it('splits and joins a schedule as the form shows it', () => {
    expect(splitSchedule('2025-06-02T14:00:00Z', 'America/Chicago')).toEqual({ day: '2025-06-02', time: '09:00' });
    expect(splitSchedule('2025-06-02', 'America/Chicago')).toEqual({ day: '2025-06-02', time: '' });
    expect(splitSchedule(null, 'UTC')).toEqual({ day: '', time: '' });
    expect(joinSchedule('2025-06-02', '', 'UTC')).toBe('2025-06-02');
    expect(joinSchedule('2025-06-02', '09:00', 'America/Chicago')).toBe('2025-06-02T14:00:00Z');
    expect(joinSchedule('', '09:00', 'UTC')).toBeNull();
  });

  it('places a task in its day, with hours when it has a time', () => {
    expect(taskSlot(task({ scheduled_date: '2025-06-02T23:30:00Z', estimated_duration: 90 }), 'Asia/Tokyo')).toEqual({ day: '2025-06-03', start: 510, end: 600 });
    expect(taskSlot(task({ scheduled_date: '2025-06-02' }), 'UTC')).toEqual({ day: '2025-06-02', start: null, end: null });
    expect(taskSlot(task(), 'UTC')).toBeNull();
  });

  it('reads availability per weekday, a missing or broken day being off', () => {
    expect(hoursOn(week, '2025-06-02')).toEqual({ start: 480, end: 960 });
    expect(hoursOn(week, '2025-06-04')).toBe('off');
    expect(hoursOn(week, '2025-06-05')).toBe('off');
    expect(hoursOn({ monday: { start: '16:00', end: '08:00' } }, '2025-06-02')).toBe('off');
  });
});

describe('assignment warnings', () => {
  it('says nothing for a task inside the hours with nothing else that day', () => {
    expect(assignmentWarnings(task({ scheduled_date: '2025-06-02T09:00:00Z' }), maria, [], 'UTC')).toEqual([]);
    expect(assignmentWarnings(task({ scheduled_date: '2025-06-02' }), maria, [], 'UTC')).toEqual([]);
  });

  it('warns about a day off, and a weekday not given', () => {
    expect(assignmentWarnings(task({ scheduled_date: '2025-06-04T09:00:00Z' }), maria, [], 'UTC')).toEqual([{ kind: 'day-off', day: '2025-06-04', weekday: 'wednesday' }]);
    expect(assignmentWarnings(task({ scheduled_date: '2025-06-08' }), maria, [], 'UTC').map((w) => w.kind)).toEqual(['day-off']);
  });

  it('warns about a task that starts early or ends late, in the given timezone', () => {
    const late = assignmentWarnings(task({ scheduled_date: '2025-06-03T11:00:00Z', estimated_duration: 90 }), maria, [], 'UTC');
    expect(late).toEqual([{ kind: 'outside-hours', day: '2025-06-03', weekday: 'tuesday', hours: { start: '08:00', end: '12:00' }, task: { start: '11:00', end: '12:30' } }]);
    // 07:00 UTC is 08:00 in Lisbon in June: inside Monday's hours there.
    expect(assignmentWarnings(task({ scheduled_date: '2025-06-02T07:00:00Z' }), maria, [], 'UTC').map((w) => w.kind)).toEqual(['outside-hours']);
    expect(assignmentWarnings(task({ scheduled_date: '2025-06-02T07:00:00Z' }), maria, [], 'Europe/Lisbon')).toEqual([]);
  });

  it('warns about overlapping open tasks of the same assignee only', () => {
    const mine = task({ scheduled_date: '2025-06-02T09:00:00Z', estimated_duration: 120 });
    const others = [
      task({ id: 'a', task_title: 'Deep clean', scheduled_date: '2025-06-02T10:30:00Z', estimated_duration: 60 }),
      task({ id: 'b', task_title: 'Touching', scheduled_date: '2025-06-02T11:00:00Z', estimated_duration: 30 }),
      task({ id: 'c', task_title: 'Done already', scheduled_date: '2025-06-02T09:00:00Z', task_status: 'completed' }),
      task({ id: 'd', task_title: 'Someone else', scheduled_date: '2025-06-02T09:00:00Z', assigned_staff_id: 's2' }),
      task({ id: 't1', task_title: 'Itself', scheduled_date: '2025-06-02T09:00:00Z' }),
      task({ id: 'e', task_title: 'Untimed', scheduled_date: '2025-06-02' }),
    ];
    const warnings = assignmentWarnings(mine, maria, others, 'UTC');
    expect(warnings).toEqual([{ kind: 'overlap', day: '2025-06-02', other: { id: 'a', title: 'Deep clean', start: '10:30', end: '11:30' } }]);
  });

  it('warns when the day holds more work than hours', () => {
    const mine = task({ scheduled_date: '2025-06-03', estimated_duration: 150 });
    const others = [task({ id: 'a', scheduled_date: '2025-06-03T08:00:00Z', estimated_duration: 120 })];
    expect(assignmentWarnings(mine, maria, others, 'UTC')).toEqual([{ kind: 'over-capacity', day: '2025-06-03', bookedMinutes: 270, availableMinutes: 240 }]);
  });

  it('warns about an inactive assignee, and ignores finished or undated tasks otherwise', () => {
    expect(assignmentWarnings(task(), { ...maria, status: 'inactive' }, [], 'UTC')).toEqual([{ kind: 'inactive' }]);
    expect(assignmentWarnings(task({ scheduled_date: '2025-06-04', task_status: 'completed' }), maria, [], 'UTC')).toEqual([]);
  });
});
