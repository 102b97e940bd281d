/**
 * The app badge worked out by the service worker when a push arrives (the app may be closed):
 * the same count as the page's (features/badge) over the rows on the device, plus what the push
 * itself brings and the device does not have yet (a new alert for a host; an urgent task alert
 * for a housekeeper). Overdue is judged in the device's timezone.
 */
import type { StaykeepDb } from '../db/db';
import { hostBadgeCount, staffBadgeCount, type BadgeMessage, type BadgeNotification, type BadgeTask } from '../features/badge';

export type PushedItem = { id: string | null; taskId: string | null; type: string };

function deviceTimezone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The badge after a push, or null when no one is signed in on this device (left as it is). */
export async function badgeAfterPush(db: StaykeepDb, pushed: PushedItem, now = new Date(), timezone = deviceTimezone()): Promise<number | null> {
  const session = await db.getMeta('session');
  const role = session?.user.Role;
  if (role === 'staff') {
    const tasks = (await db.rows('housekeeping_tasks').toArray()) as unknown as BadgeTask[];
    const others = tasks.filter((t) => t.id !== pushed.taskId);
    const task = tasks.filter((t) => t.id === pushed.taskId);
    // An urgent alert is about a task that is urgent or overdue now, whatever the device holds.
    const pushedCounts = pushed.taskId !== null && pushed.type === 'urgent' ? 1 : staffBadgeCount(task, now, timezone);
    return staffBadgeCount(others, now, timezone) + pushedCounts;
  }
  if (role === 'host' && session) {
    const messages = (await db.rows('inbox_messages').toArray()) as unknown as BadgeMessage[];
    const notifications = (await db.rows('notifications').where('user_id').equals(session.user.ID).toArray()) as unknown as BadgeNotification[];
    const isNew = pushed.id !== null && !notifications.some((n) => n.id === pushed.id);
    return hostBadgeCount(messages, notifications) + (isNew ? 1 : 0);
  }
  return null;
}
