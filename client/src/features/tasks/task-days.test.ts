import { describe, expect, it } from 'vitest';
import { dayOrder, dayProgress, daysFrom, plannedDay, weekStart } from './task-days';

function task(id: string, over: Record<string, unknown> = {}) {
  return {
    id,
    property_id: 'p1',
    assigned_staff_id: 's1' as string | null,
    priority_level: 'medium',
    task_status: 'pending',
    scheduled_date: '2025-06-02' as string | null,
    due_date: null as string | null,
    estimated_duration: 60,
    checklist_items: [] as { done: boolean }[],
    ...over,
  };
}

describe('task days', () => {
  it('plans a task on its scheduled day, else its due day, in the given timezone', () => {
    expect(plannedDay(task('a', { scheduled_date: '2025-06-02T23:30:00Z' }), 'UTC')).toBe('2025-06-02');
    expect(plannedDay(task('a', { scheduled_date: '2025-06-02T23:30:00Z' }), 'Europe/Berlin')).toBe('2025-06-03');
    expect(plannedDay(task('a', { scheduled_date: null, due_date: '2025-06-04' }), 'UTC')).toBe('2025-06-04');
  });

  it('finds the Monday of a week and the days from a start', () => {
    expect(weekStart('2025-06-05')).toBe('2025-06-02');
    expect(weekStart('2025-06-08')).toBe('2025-06-02');
    expect(daysFrom('2025-06-30', 2)).toEqual(['2025-06-30', '2025-07-01']);
  });

  it('orders a housekeeper’s day: in progress, then by time, urgent first, finished last', () => {
    const day = [
      task('done', { task_status: 'completed', scheduled_date: '2025-06-02T07:00:00Z' }),
      task('untimed'),
      task('nine', { scheduled_date: '2025-06-02T09:00:00Z' }),
      task('nine-urgent', { scheduled_date: '2025-06-02T09:00:00Z', priority_level: 'urgent' }),
      task('going', { task_status: 'in_progress', scheduled_date: '2025-06-02T11:00:00Z' }),
    ];
    expect(dayOrder(day, 'UTC').map((t) => t.id)).toEqual(['going', 'nine-urgent', 'nine', 'untimed', 'done']);
  });

  it('measures the progress of a day', () => {
    expect(dayProgress([])).toEqual({ done: 0, total: 0, ticked: 0, items: 0, percent: 0 });
    expect(
      dayProgress([
        { task_status: 'completed', checklist_items: [{ done: true }, { done: true }] },
        { task_status: 'pending', checklist_items: [{ done: true }, { done: false }] },
        { task_status: 'in_progress', checklist_items: [] },
        { task_status: 'cancelled', checklist_items: [{ done: false }] },
      ]),
    ).toEqual({ done: 1, total: 3, ticked: 3, items: 4, percent: 33 });
  });
});
