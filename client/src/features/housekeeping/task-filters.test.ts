import { describe, expect, it } from 'vitest';
import { NO_FILTERS, activeFilterCount, dayOrder, dayProgress, filterTasks, groupByStatus, staffDays, weekStart } from './task-filters';
import { editedFields, freshChecklist, moveItem, parseList, taskFromTemplate } from './mutations';

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
    expect(weekStart('2025-06-05')).toBe('2025-06-02');
    expect(weekStart('2025-06-08')).toBe('2025-06-02');
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

describe('checklists and templates', () => {
  let n = 0;
  const ids = () => `id${++n}`;

  it('copies a template checklist fresh: new ids, nothing done, blanks dropped', () => {
    n = 0;
    expect(freshChecklist([{ id: 'x', text: ' Beds ', done: true }, { id: 'y', text: '  ', done: false }], ids)).toEqual([{ id: 'id1', text: 'Beds', done: false }]);
  });

  it('moves items up and down within bounds', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('makes a task from a template with its checklist and duration', () => {
    n = 0;
    const fields = taskFromTemplate(
      { id: 'tpl', name: 'Turnover', task_category: 'cleaning', description: 'Reset', checklist_items: [{ id: 'a', text: 'Beds', done: false }], estimated_duration: 150, priority_level: 'high', special_instructions: 'Photos' },
      ids,
    );
    expect(fields).toEqual({
      task_title: 'Turnover',
      task_description: 'Reset',
      task_category: 'cleaning',
      priority_level: 'high',
      template_id: 'tpl',
      estimated_duration: 150,
      checklist_items: [{ id: 'id1', text: 'Beds', done: false }],
      special_instructions: 'Photos',
    });
  });

  it('reads a comma-separated list', () => {
    expect(parseList(' Deep cleaning, laundry,, Laundry ,')).toEqual(['Deep cleaning', 'laundry']);
  });

  it('sends only what an edit changed, so the housekeeper’s ticks made meanwhile survive', () => {
    const original = { task_title: 'Turnover', booking_id: null, checklist_items: [{ id: 'a', text: 'Beds', done: false }], cost: 0 };
    expect(editedFields(original, { task_title: 'Turnover', booking_id: null, checklist_items: [{ id: 'a', text: 'Beds', done: false }], cost: 25 })).toEqual({ cost: 25 });
    expect(editedFields({ ...original, booking_id: undefined }, { ...original, booking_id: null })).toEqual({});
    expect(editedFields(original, { ...original, checklist_items: [] })).toEqual({ checklist_items: [] });
  });
});
