/**
 * What the app badge counts, for the page (use-app-badge.ts) and the service worker (sw.ts):
 * a housekeeper's open tasks that are urgent or overdue (the staff dashboard's overdue rule,
 * features/tasks), a host's unread inbound guest messages (as the host dashboard counts them)
 * plus unread alerts (as the bell counts them). Other roles: nothing.
 */
// The rules' own module, not the feature's index: the service worker counts the badge and bundles no screen.
import { isOpen, isOverdue } from '../tasks/task-rules';

export type BadgeTask = { id: string; task_status: string; due_date: string | null; scheduled_date: string | null; priority_level: string };
export type BadgeMessage = { direction: string; status: string };
export type BadgeNotification = { id: string; isRead: boolean };

/** Open tasks that are urgent or overdue. */
export function staffBadgeCount(tasks: readonly BadgeTask[], now: Date, timezone: string): number {
  return tasks.filter((t) => isOpen(t) && (t.priority_level === 'urgent' || isOverdue(t, now, timezone))).length;
}

/** Unread guest messages and unread notifications. */
export function hostBadgeCount(messages: readonly BadgeMessage[], notifications: readonly BadgeNotification[]): number {
  const unreadMessages = messages.filter((m) => m.direction === 'inbound' && m.status === 'unread').length;
  return unreadMessages + notifications.filter((n) => !n.isRead).length;
}
