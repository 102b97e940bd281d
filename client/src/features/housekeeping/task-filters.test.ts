import { describe, expect, it } from 'vitest';
import { NO_FILTERS, activeFilterCount, filterTasks, groupByStatus, staffDays } from './task-filters';

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

describe('task filters', () => {
  const tasks = [
    task('a'),
    task('b', { property_id: 'p2', priority_level: 'urgent' }),
    task('c', { assigned_staff_id: null, task_status: 'completed' }),
    task('d', { scheduled_date: null, due_date: '2025-06-03T10:00:00Z' }),
  ];

  it('keeps everything without filters, and narrows by each one', () => {
    expect(filterTasks(tasks, NO_FILTERS, 'UTC').map((t) => t.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(filterTasks(tasks, { ...NO_FILTERS, propertyId: 'p2' }, 'UTC').map((t) => t.id)).toEqual(['b']);
    expect(filterTasks(tasks, { ...NO_FILTERS, staffId: 'unassigned' }, 'UTC').map((t) => t.id)).toEqual(['c']);
    expect(filterTasks(tasks, { ...NO_FILTERS, staffId: 's1' }, 'UTC').map((t) => t.id)).toEqual(['a', 'b', 'd']);
    expect(filterTasks(tasks, { ...NO_FILTERS, priority: 'urgent' }, 'UTC').map((t) => t.id)).toEqual(['b']);
    expect(filterTasks(tasks, { ...NO_FILTERS, status: 'completed' }, 'UTC').map((t) => t.id)).toEqual(['c']);
    // A task without a scheduled date is planned on its due day, in the timezone.
    expect(filterTasks(tasks, { ...NO_FILTERS, day: '2025-06-03' }, 'UTC').map((t) => t.id)).toEqual(['d']);
    expect(filterTasks(tasks, { ...NO_FILTERS, day: '2025-06-03' }, 'Pacific/Kiritimati').map((t) => t.id)).toEqual([]);
    expect(activeFilterCount({ ...NO_FILTERS, day: '2025-06-03', priority: 'low' })).toBe(2);
  });

  it('groups a board by status in the order work moves', () => {
    expect(groupByStatus(tasks).map((c) => [c.status, c.tasks.map((t) => t.id)])).toEqual([
      ['pending', ['a', 'b', 'd']],
      ['in_progress', []],
      ['completed', ['c']],
      ['cancelled', []],
    ]);
  });

  it('lays out a week per staff member, unassigned last when there are any', () => {
    const rows = staffDays(
      [task('late', { scheduled_date: '2025-06-02T15:00:00Z' }), task('early', { scheduled_date: '2025-06-02T08:00:00Z' }), task('c', { assigned_staff_id: null })],
      [{ id: 's1' }, { id: 's2' }],
      ['2025-06-02', '2025-06-03'],
      'UTC',
    );
    expect(rows.map((r) => r.member?.id ?? null)).toEqual(['s1', 's2', null]);
    expect(rows[0]?.days[0]?.tasks.map((t) => t.id)).toEqual(['early', 'late']);
    expect(rows[1]?.days.every((d) => d.tasks.length === 0)).toBe(true);
  });
});
