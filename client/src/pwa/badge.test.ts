import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaykeepDb } from '../db/db';
import { testStore } from '../sync/test-db';
import { showAppBadge } from './badge';
import { badgeAfterPush } from './badge-store';

describe('showAppBadge', () => {
  it('sets the number, clears at zero, and ignores browsers without the API or refusing it', async () => {
    const nav = { setAppBadge: vi.fn(() => Promise.resolve()), clearAppBadge: vi.fn(() => Promise.resolve()) };
    await showAppBadge(4, nav);
    await showAppBadge(0, nav);
    expect(nav.setAppBadge).toHaveBeenCalledWith(4);
    expect(nav.clearAppBadge).toHaveBeenCalledTimes(1);
    await expect(showAppBadge(2, {})).resolves.toBeUndefined();
    await expect(showAppBadge(2, { setAppBadge: () => Promise.reject(new DOMException('no', 'NotAllowedError')) })).resolves.toBeUndefined();
  });
});

describe('badgeAfterPush', () => {
  let db: StaykeepDb;
  const now = new Date('2026-03-10T12:00:00Z');
  const user = (role: 'staff' | 'host') => ({ ID: 'u1', Name: 'U', Email: 'u@example.com', CreateTime: '2026-01-01T00:00:00Z', Role: role, setupCompleted: true, totpEnabled: false });

  beforeEach(async () => {
    db = testStore().open();
    await db.open();
  });
  afterEach(() => db.close());

  it('leaves the badge alone when no one is signed in', async () => {
    expect(await badgeAfterPush(db, { id: 'n1', taskId: null, type: 'info' }, now, 'UTC')).toBeNull();
  });

  it('counts a housekeeper’s urgent and overdue tasks, with the urgent task of the push once', async () => {
    await db.setMeta('session', { token: 't', user: user('staff'), demo: false });
    await db.rows('housekeeping_tasks').bulkPut([
      { id: 't1', task_status: 'pending', priority_level: 'urgent', due_date: null, scheduled_date: '2026-03-10' },
      { id: 't2', task_status: 'pending', priority_level: 'normal', due_date: '2026-03-01', scheduled_date: null },
      { id: 't3', task_status: 'pending', priority_level: 'normal', due_date: null, scheduled_date: '2026-03-12' },
    ]);
    expect(await badgeAfterPush(db, { id: 'n', taskId: 't1', type: 'urgent' }, now, 'UTC')).toBe(2);
    expect(await badgeAfterPush(db, { id: 'n', taskId: 't3', type: 'urgent' }, now, 'UTC')).toBe(3);
    expect(await badgeAfterPush(db, { id: 'n', taskId: 'new', type: 'urgent' }, now, 'UTC')).toBe(3);
    expect(await badgeAfterPush(db, { id: 'n', taskId: 't3', type: 'info' }, now, 'UTC')).toBe(2);
  });

  it('counts a host’s unread messages and alerts, with the pushed alert when it is not on the device yet', async () => {
    await db.setMeta('session', { token: 't', user: user('host'), demo: false });
    await db.rows('inbox_messages').bulkPut([
      { id: 'm1', direction: 'inbound', status: 'unread', sent_at: '2026-03-01T10:00:00Z' },
      { id: 'm2', direction: 'outbound', status: 'unread', sent_at: '2026-03-01T11:00:00Z' },
    ]);
    await db.rows('notifications').bulkPut([
      { id: 'n1', user_id: 'u1', isRead: false, timestamp: '2026-03-01T10:00:00Z' },
      { id: 'n2', user_id: 'u1', isRead: true, timestamp: '2026-03-01T10:00:00Z' },
      { id: 'n3', user_id: 'other', isRead: false, timestamp: '2026-03-01T10:00:00Z' },
    ]);
    expect(await badgeAfterPush(db, { id: 'n1', taskId: null, type: 'urgent' }, now, 'UTC')).toBe(2);
    expect(await badgeAfterPush(db, { id: 'n9', taskId: null, type: 'warning' }, now, 'UTC')).toBe(3);
  });
});
