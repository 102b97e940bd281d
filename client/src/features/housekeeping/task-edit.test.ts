import { describe, expect, it } from 'vitest';
import { taskEdit, type TaskFields } from './mutations';

const opened: TaskFields = {
  task_title: 'Turnover',
  task_description: '',
  task_category: 'cleaning',
  priority_level: 'medium',
  property_id: 'p1',
  booking_id: null,
  template_id: null,
  scheduled_date: '2026-11-27',
  due_date: null,
  estimated_duration: 60,
  currency: 'EUR',
  cost: 0,
  checklist_items: [
    { id: 'a', text: 'Strip beds', done: false },
    { id: 'b', text: 'Clean bathroom', done: false },
  ],
  special_instructions: '',
  translations: {},
  assigned_staff_id: 's1',
};

describe("a host's task edit", () => {
  it('sends the fields it changed, and its checklist edits as changes by item', () => {
    const next: TaskFields = {
      ...opened,
      priority_level: 'urgent',
      checklist_items: [
        { id: 'a', text: 'Strip beds', done: false },
        { id: 'b', text: 'Clean bathroom and mirrors', done: false },
        { id: 'x', text: 'Check the smoke alarm', done: false },
      ],
    };
    expect(taskEdit(opened, next)).toEqual({
      priority_level: 'urgent',
      checklist_ops: [
        { op: 'rename', id: 'b', text: 'Clean bathroom and mirrors' },
        { op: 'add', item: { id: 'x', text: 'Check the smoke alarm', done: false }, after: 'b' },
      ],
    });
  });

  it('sends no checklist when the list is as the form opened it', () => {
    expect(taskEdit(opened, { ...opened, task_title: 'Deep clean' })).toEqual({ task_title: 'Deep clean' });
  });
});
