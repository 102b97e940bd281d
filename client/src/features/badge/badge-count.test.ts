import { describe, expect, it } from 'vitest';
import { hostBadgeCount, staffBadgeCount, type BadgeTask } from './badge-count';

const now = new Date('2026-03-10T12:00:00Z');
const task = (id: string, fields: Partial<BadgeTask>): BadgeTask => ({ id, task_status: 'pending', due_date: null, scheduled_date: '2026-03-10', priority_level: 'normal', ...fields });

describe('staffBadgeCount', () => {
  it('counts open tasks that are urgent or overdue, each once', () => {
    const tasks = [
      task('urgent', { priority_level: 'urgent' }),
      task('overdue', { due_date: '2026-03-09' }),
      task('both', { priority_level: 'urgent', due_date: '2026-03-01', task_status: 'in_progress' }),
      task('due-today', { due_date: '2026-03-10' }),
      task('done-urgent', { priority_level: 'urgent', task_status: 'completed' }),
      task('plain', {}),
    ];
    expect(staffBadgeCount(tasks, now, 'UTC')).toBe(3);
    expect(staffBadgeCount([], now, 'UTC')).toBe(0);
  });

  it('judges a due day in the user’s timezone', () => {
    // 12:00 UTC on the 10th is still the 9th nowhere west of UTC-12; in Kiritimati (UTC+14) it is the 11th.
    expect(staffBadgeCount([task('t', { due_date: '2026-03-10' })], now, 'Pacific/Kiritimati')).toBe(1);
    expect(staffBadgeCount([task('t', { due_date: '2026-03-10' })], now, 'America/New_York')).toBe(0);
  });
});

describe('hostBadgeCount', () => {
  it('adds unread inbound messages and unread notifications', () => {
    const messages = [
      { direction: 'inbound', status: 'unread' },
      { direction: 'inbound', status: 'read' },
      { direction: 'outbound', status: 'unread' },
    ];
    const notifications = [
      { id: 'n1', isRead: false },
      { id: 'n2', isRead: true },
      { id: 'n3', isRead: false },
    ];
    expect(hostBadgeCount(messages, notifications)).toBe(3);
    expect(hostBadgeCount([], [{ id: 'n', isRead: true }])).toBe(0);
  });
});
