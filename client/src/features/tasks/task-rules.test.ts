import { describe, expect, it } from 'vitest';
import { isOpen, isOverdue, mapLink, taskDay, workedMinutes } from './task-rules';

const now = new Date('2025-05-10T12:00:00Z');
const task = (over: Partial<{ task_status: string; due_date: string | null; scheduled_date: string | null }>) => ({
  task_status: 'pending',
  due_date: null,
  scheduled_date: null,
  ...over,
});

describe('task rules', () => {
  it('treats pending and in-progress tasks as open', () => {
    expect(isOpen(task({}))).toBe(true);
    expect(isOpen(task({ task_status: 'in_progress' }))).toBe(true);
    expect(isOpen(task({ task_status: 'completed' }))).toBe(false);
  });

  it('marks an open task overdue once its due instant has passed', () => {
    expect(isOverdue(task({ due_date: '2025-05-10T11:59:00Z' }), now)).toBe(true);
    expect(isOverdue(task({ due_date: '2025-05-10T12:01:00Z' }), now)).toBe(false);
    expect(isOverdue(task({ due_date: '2025-05-09T00:00:00Z', task_status: 'completed' }), now)).toBe(false);
    expect(isOverdue(task({}), now)).toBe(false);
  });

  it('marks a due day overdue only after that day ended in the timezone', () => {
    expect(isOverdue(task({ due_date: '2025-05-10' }), now)).toBe(false);
    expect(isOverdue(task({ due_date: '2025-05-09' }), now)).toBe(true);
    expect(isOverdue(task({ due_date: '2025-05-10' }), new Date('2025-05-10T23:30:00Z'), 'Asia/Tokyo')).toBe(true);
  });

  it('plans a task on its scheduled day, else its due day', () => {
    expect(taskDay(task({ scheduled_date: '2025-05-11T22:00:00Z', due_date: '2025-05-20' }), 'Asia/Tokyo')).toBe('2025-05-12');
    expect(taskDay(task({ due_date: '2025-05-20' }), 'UTC')).toBe('2025-05-20');
    expect(taskDay(task({}), 'UTC')).toBeNull();
  });

  it('links a property to a map by coordinates, else by address', () => {
    expect(mapLink({ address: 'Rua X 1, Lisboa', latitude: 38.7, longitude: -9.1 })).toBe('https://www.google.com/maps/search/?api=1&query=38.7,-9.1');
    expect(mapLink({ address: ' Rua X 1, Lisboa ', latitude: null, longitude: null })).toBe('https://www.google.com/maps/search/?api=1&query=Rua%20X%201%2C%20Lisboa');
    expect(mapLink({ address: '  ', latitude: null, longitude: null })).toBeNull();
  });
});

describe('workedMinutes', () => {
  it('says how long the work took', () => {
    expect(workedMinutes('2025-05-10T09:00:00Z', '2025-05-10T09:45:00Z')).toBe('45 min');
    expect(workedMinutes('2025-05-10T09:00:00Z', '2025-05-10T10:05:00Z')).toBe('1 h 5 min');
    expect(workedMinutes('2025-05-10T09:00:00Z', '2025-05-10T11:00:00Z')).toBe('2 h');
    expect(workedMinutes('2025-05-10T09:00:00Z', '2025-05-10T08:00:00Z')).toBe('0 min');
  });
});
